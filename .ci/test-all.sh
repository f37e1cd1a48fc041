#!/usr/bin/env bash
# Every test: format, lint, types, the OpenAPI document against Redocly's recommended rules, API tests on
# PostgreSQL, the bench's smoke mode, the PostgreSQL restart drill, two API processes behind nginx, API tests
# under libfaketime at the dates of decision 0088 (three on throwaway PostgreSQL clusters, one on embedded
# PGlite), side by side with Playwright in Chromium.
# Installs what a fresh machine of this kind lacks (Debian's Chromium, nginx for the two-replica drill and
# faketime for the dated runs) and starts the local PostgreSQL if down.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

if [ ! -x /usr/bin/chromium ]; then
  step "Installing Chromium (Debian package)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if ! command -v nginx >/dev/null; then
  step "Installing nginx (Debian package, the two-replica drill's proxy)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi

if ! command -v faketime >/dev/null; then
  step "Installing faketime (Debian package, the API suite at other dates)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  step "Starting the local PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export E2E_DATABASE_SERVER_URL="${E2E_DATABASE_SERVER_URL:-$TEST_DATABASE_URL}"

step "Installing dependencies"
deno install

step "Format, lint, types"
deno fmt --check
deno lint
deno check api/ web/src/ web/build/ e2e/

step "OpenAPI document against Redocly's recommended rules"
deno task lint:openapi

step "API tests on PostgreSQL ($TEST_DATABASE_URL)"
deno task test

step "Bench smoke: every step of deno task bench once, tiny windows and data, no figures"
BENCH_PG_URL="$TEST_DATABASE_URL" deno task bench --smoke

step "PostgreSQL restarts under load (a throwaway cluster of the drill's own, never the one on 5432)"
deno task test:restart

step "Two API processes on one PostgreSQL behind nginx"
deno task test:replicas

# The dated runs and Playwright side by side (decision 0088, amended): Playwright waits on the browser much
# of the time and leaves cores idle, which the dated runs take at a lower priority (nice), so Playwright's
# timings stay as if alone. The dated runs' own output is printed after Playwright's, with their summary lines.
step "API tests at the dates of decision 0088 (libfaketime), started beside the end-to-end tests"
# Each run starts at its instant and ticks on from there: on PostgreSQL a cluster of its own whose clock
# libfaketime moves with the tests' (see .ci/dated-api-tests.sh), on PGlite the test process's own clock. The
# runs share the type check done above.
DATED_OUT="$(mktemp)"
DATED_TEST_READY="$(mktemp -u)"
DATED_TEST_READY="$DATED_TEST_READY" nice -n 10 bash .ci/dated-api-tests.sh >"$DATED_OUT" 2>&1 &
DATED_PID=$!
# Playwright starts once the dated runs have their own copies of the checkout (see .ci/dated-api-tests.sh).
while [ ! -e "$DATED_TEST_READY" ] && kill -0 "$DATED_PID" 2>/dev/null; do sleep 1; done

step "End-to-end tests in Chromium"
e2e_status=0
deno task e2e || e2e_status=$?

step "API tests at the dates of decision 0088: results"
dated_status=0
wait "$DATED_PID" || dated_status=$?
cat "$DATED_OUT"

if [ "$e2e_status" != 0 ] || [ "$dated_status" != 0 ]; then
  printf '\nFAILED: end-to-end exit %s, dated API runs exit %s\n' "$e2e_status" "$dated_status"
  exit 1
fi
