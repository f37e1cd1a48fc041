#!/usr/bin/env bash
# The API suite under libfaketime at the instants of decision 0088, two runs at a time (two keep both cores busy;
# .ci/test-all.sh runs them at a lower priority beside Playwright). Three instants run on PostgreSQL, each on a
# throwaway cluster of its own whose clock libfaketime moves by the same offset as the test process's; one runs
# on embedded PGlite (the app's zero-set-up default), whose clock is the test process's. The real date is the
# PostgreSQL step's: the same suite, today. Prints each run's closing summary line and its failures; exits 1 if
# any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

# [instant (UTC)|database|what it is]; decision 0088 says why each instant, its amendment why each database.
DATES=(
  "2030-07-04 16:00:00|pglite|3.5 years ahead: 4 July 2030"
  "2027-01-01 03:30:00|postgres|22:30 on New Year's Eve in New York, already 1 January 2027 in UTC"
  "2027-03-16 03:30:00|postgres|23:30 on 15 March 2027 in New York, the day the MIS report falls due (UTC: the 16th)"
  "2028-02-29 16:00:00|postgres|the leap day 29 February 2028"
)

LOGS="${DATED_TEST_LOGS:-$(mktemp -d)}"
mkdir -p "$LOGS"
# The API suite (api/): the web's tests take no database and drive their own clocks (the PostgreSQL step runs them),
# and typed-api's nested type checks would only multiply by four.
DATED_TEST=(deno test --allow-net --allow-env --allow-read --allow-write --allow-sys --allow-run --no-check api/)
LIBFAKETIME="$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"

# Each run in its own hard-linked copy of the checkout: every `deno run` in a checkout links the linked package
# vendor/postgres into node_modules again (it removes the files and links them anew), so a test that starts a
# server (site-url.test.ts) pulled postgres from under the other run, and Playwright's servers did the same to
# both: a run failed with ERR_MODULE_NOT_FOUND for postgres/src/types.js. A copy's links are its own.
# Beside the checkout (the same file system, so hard links work; not inside it, where its deno.json workspace
# would claim the copies), else in the temporary directory, where a whole copy is made if links cannot be.
TREES="$(mktemp -d "$(dirname "$PWD")/.apca-dated.XXXXXX" 2>/dev/null || mktemp -d)"
CLUSTERS="$(mktemp -d)" && chmod 711 "$CLUSTERS"
cleanup() {
  for data in "$CLUSTERS"/*/data; do [ -d "$data" ] && as_postgres "$PG_BIN/pg_ctl" stop -D "$data" -m immediate >/dev/null 2>&1; done
  rm -rf "$TREES" "$CLUSTERS"
}
trap cleanup EXIT

# PostgreSQL refuses to run as root: as root its cluster belongs to the postgres OS user.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# One run at an instant: key, instant, database. On PostgreSQL the offset from the real clock to the instant is
# taken right before the cluster starts and given to both the cluster and the tests (libfaketime's "+seconds"),
# so the server's now() and the test process's clock agree and tick on together. (An absolute "@instant" would
# restart the clock in every process the server forks.) The pool's defaults would do; fsync is off as in the
# restart drill, since a crash of this cluster loses nothing anyone keeps.
dated_run() {
  local key="$1" at="$2" database="$3" cluster="$CLUSTERS/$1" port
  if [ "$database" = pglite ]; then
    env -C "$TREES/$key" TEST_DATABASE_URL= faketime --exclude-monotonic -f "@$at" "${DATED_TEST[@]}"
    return
  fi
  port=$((55430 + RANDOM % 500))
  while (: </dev/tcp/127.0.0.1/$port) 2>/dev/null; do port=$((port + 1)); done
  mkdir -p "$cluster" && { [ "$(id -u)" != 0 ] || chown postgres "$cluster"; }
  as_postgres "$PG_BIN/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null || return 1
  local offset=$(($(date -ud "$at" +%s) - $(date +%s)))
  echo "PostgreSQL cluster on port $port, its clock and the tests' moved by +${offset} s to $at UTC"
  as_postgres env LD_PRELOAD="$LIBFAKETIME" FAKETIME="+$offset" DONT_FAKE_MONOTONIC=1 \
    "$PG_BIN/pg_ctl" start -w -t 60 -D "$cluster/data" -l "$cluster/log" \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$cluster -c fsync=off -c max_connections=200" \
    </dev/null >/dev/null || { cat "$cluster/log"; return 1; }
  local status=0
  env -C "$TREES/$key" TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" \
    faketime --exclude-monotonic -f "+$offset" "${DATED_TEST[@]}" || status=$?
  as_postgres "$PG_BIN/pg_ctl" stop -w -D "$cluster/data" -m fast >/dev/null 2>&1
  return "$status"
}

# At most DATED_TEST_PARALLEL runs at once (default 2): two runs already fill the two cores, and a PGlite run's
# process grows to a few GB over the suite.
MAX="${DATED_TEST_PARALLEL:-2}"
KEYS=()
declare -A NAMES=() AT=() DB=()
for entry in "${DATES[@]}"; do
  IFS='|' read -r at database why <<<"$entry"
  # Without PostgreSQL's server binaries or libfaketime's library, the instant runs on PGlite.
  if [ -z "$PG_BIN" ] || [ -z "$LIBFAKETIME" ]; then database=pglite; fi
  key="${at//[: ]/-}"
  KEYS+=("$key")
  AT[$key]="$at"
  DB[$key]="$database"
  NAMES[$key]="${at/ /T}Z on $database, $why"
  cp -al . "$TREES/$key" 2>/dev/null || { rm -rf "${TREES:?}/$key"; cp -a . "$TREES/$key"; }
done
# Every copy is made: .ci/test-all.sh starts Playwright (whose servers link again in this checkout) only now.
if [ -n "${DATED_TEST_READY:-}" ]; then touch "$DATED_TEST_READY"; fi
for key in "${KEYS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$MAX" ]; do sleep 2; done
  (dated_run "$key" "${AT[$key]}" "${DB[$key]}" >"$LOGS/$key.log" 2>&1; echo $? >"$LOGS/$key.rc") &
done
wait

failed=0
for key in "${KEYS[@]}"; do
  if [ "$(cat "$LOGS/$key.rc" 2>/dev/null)" = 0 ]; then status=ok; else status=FAILED; failed=1; fi
  printf '\n-- %s: %s\n' "${NAMES[$key]}" "$status"
  # The runner's closing summary line, and on failure the names of what failed.
  sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$key.log" | grep -E '^(ok|FAILED) \|' | tail -n 1
  if [ "$status" = FAILED ]; then
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$key.log" | sed -n '/ FAILURES /,$p' | head -n 60
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$key.log" | grep -v '^\s*$' | tail -n 5
  fi
done
exit "$failed"
