#!/usr/bin/env bash
# The API suite on embedded PGlite under libfaketime at the instants of decision 0088, two at a time (two runs keep
# both cores busy; .ci/test-all.sh runs them at a lower priority beside Playwright). The real date is the
# PostgreSQL step's: the same suite, today. Prints each run's closing summary line and its failures; exits 1 if any
# run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

# [instant (UTC), what it is]; decision 0088 says why each.
DATES=(
  "2027-01-01 03:30:00|22:30 on New Year's Eve in New York, already 1 January 2027 in UTC"
  "2027-03-16 03:30:00|23:30 on 15 March 2027 in New York, the day the MIS report falls due (UTC: the 16th)"
  "2028-02-29 16:00:00|the leap day 29 February 2028"
  "2030-07-04 16:00:00|3.5 years ahead: 4 July 2030"
)

# Every run on embedded PGlite, whose clock is the process's.
export TEST_DATABASE_URL=
LOGS="${DATED_TEST_LOGS:-$(mktemp -d)}"
mkdir -p "$LOGS"
# The API suite (api/): the web's tests take no database and drive their own clocks (the PostgreSQL step runs them),
# and typed-api's nested type checks would only multiply by four.
DATED_TEST=(deno test --allow-net --allow-env --allow-read --allow-write --allow-sys --allow-run --no-check api/)

# Each run in its own hard-linked copy of the checkout: every `deno run` in a checkout links the linked package
# vendor/postgres into node_modules again (it removes the files and links them anew), so a test that starts a
# server (site-url.test.ts) pulled postgres from under the other run, and Playwright's servers did the same to
# both: a run failed with ERR_MODULE_NOT_FOUND for postgres/src/types.js. A copy's links are its own.
# Beside the checkout (the same file system, so hard links work; not inside it, where its deno.json workspace
# would claim the copies), else in the temporary directory, where a whole copy is made if links cannot be.
TREES="$(mktemp -d "$(dirname "$PWD")/.apca-dated.XXXXXX" 2>/dev/null || mktemp -d)"
trap 'rm -rf "$TREES"' EXIT

# At most DATED_TEST_PARALLEL runs at once (default 2): two runs already fill the two cores, and a PGlite run's
# process grows to a few GB over the suite.
MAX="${DATED_TEST_PARALLEL:-2}"
KEYS=()
declare -A NAMES=() AT=()
run() { # key, then the command; its exit status goes to $LOGS/key.rc
  local key="$1"
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$MAX" ]; do sleep 2; done
  ( "$@" >"$LOGS/$key.log" 2>&1; echo $? >"$LOGS/$key.rc" ) &
}
for entry in "${DATES[@]}"; do
  at="${entry%%|*}"
  key="${at//[: ]/-}"
  KEYS+=("$key")
  AT[$key]="$at"
  NAMES[$key]="${at/ /T}Z, ${entry#*|}"
  cp -al . "$TREES/$key" 2>/dev/null || { rm -rf "${TREES:?}/$key"; cp -a . "$TREES/$key"; }
done
# Every copy is made: .ci/test-all.sh starts Playwright (whose servers link again in this checkout) only now.
if [ -n "${DATED_TEST_READY:-}" ]; then touch "$DATED_TEST_READY"; fi
for key in "${KEYS[@]}"; do
  # --exclude-monotonic: timers and performance.now() keep the real monotonic clock; only the date moves.
  run "$key" env -C "$TREES/$key" faketime --exclude-monotonic -f "@${AT[$key]}" "${DATED_TEST[@]}"
done
wait

failed=0
for key in "${KEYS[@]}"; do
  if [ "$(cat "$LOGS/$key.rc" 2>/dev/null)" = 0 ]; then status=ok; else status=FAILED; failed=1; fi
  printf '\n-- PGlite at %s: %s\n' "${NAMES[$key]}" "$status"
  # The runner's closing summary line, and on failure the names of what failed.
  sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$key.log" | grep -E '^(ok|FAILED) \|' | tail -n 1
  if [ "$status" = FAILED ]; then
    sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$key.log" | sed -n '/ FAILURES /,$p' | head -n 60
  fi
done
exit "$failed"
