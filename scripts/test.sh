#!/usr/bin/env bash
# Runs every test: backend unit and integration tests against a real Postgres (the fuzz
# targets' seeds and regressions among them); the realtime tests driven by the official
# socket.io-client against the server binary (with an S3-compatible server for uploads shared
# by nodes); the first run on a fresh machine; generated-input testing of the API
# (schemathesis); the web app's lint, type check and unit tests; and its build and end-to-end
# tests in Debian's chromium against the real server. Every suite runs even when an earlier
# one fails; the exit code tells. The coverage-guided fuzzing run is `scripts/fuzz.sh`.
#
# The suites run in two lanes side by side, sharing no state (each makes its own databases,
# ports and folders): the backend's tests, then the web app's checks, in one; the suites that
# drive the server binary in the other. The web app's packages are installed before the
# lanes, which both use them. Each suite's output is printed whole when it ends, with its time.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/cache.sh

began=$SECONDS
ADMIN_URL=$(scripts/ensure-postgres.sh) || exit 1
export TEST_DATABASE_URL="$ADMIN_URL"
# The voice assistant's speech worker: the backend's voice tests and the web app's
# end-to-end tests start it (a missing worker fails them).
speech_began=$SECONDS
SPEECH_WORKER=$(scripts/speech-setup.sh) || exit 1
export SPEECH_WORKER
# The German, Spanish and Persian answers are spoken by espeak-ng, which the tests hear.
command -v espeak-ng >/dev/null || { echo "espeak-ng is missing (scripts/speech-setup.sh installs it)" >&2; exit 1; }
echo "== speech worker ready in $((SECONDS - speech_began)) s"

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The npm packages of the folder it runs in, installed where missing.
npm_deps() {
  [ -d node_modules ] || npm ci --no-audit --no-fund
}

# Runs one suite with its output kept, then prints it with its time and records a failure.
suite() {
  local name=$1
  shift
  local log="$logs/$(printf '%s' "$name" | tr -c 'a-z0-9' '_').log"
  local start=$SECONDS
  # Each suite chains its steps with &&: `set -e` does not apply inside an `if` condition.
  if ("$@") >"$log" 2>&1; then
    printf 'passed\n%s\n' "$name" >"$log.status"
  else
    printf 'failed\n%s\n' "$name" >"$log.status"
  fi
  {
    echo "== $name"
    cat "$log"
    echo "== $name: $(head -1 "$log.status") in $((SECONDS - start)) s"
  } | flock "$logs" cat
}

backend_tests() {
  if cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --workspace --no-fail-fast
  else
    cargo test --workspace --no-fail-fast
  fi
}

# The realtime tests; the file test keeps the nodes' uploads in an S3-compatible server.
realtime_tests() {
  cd tests/realtime &&
    npm_deps &&
    ../s3/with-s3.sh npm test
}

web_packages() {
  cd frontend &&
    npm_deps
}

web_checks() {
  cd frontend &&
    npm run lint &&
    npm run typecheck &&
    npm test
}

# Generated-input testing of the API against its document: every phase of schemathesis
# against the real server, signed in as the demo store's owner.
api_fuzz() {
  tests/openapi/run.sh
}

# The first run on a fresh machine: from a clone in a 0700 home folder, inside a network
# namespace where nothing answers on 5432, the private cluster starts and serves the demo.
first_run() {
  tests/first-run/run.sh
}

web_e2e() {
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
    echo "installing chromium..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2 ||
      return 1
  fi
  # The production build, which the server under test serves.
  cd frontend &&
    npm run build &&
    npm run test:e2e
}

# The server binary first (the one `scripts/run.sh` builds), then the two lanes. The suites
# that would build it themselves when run alone are told it is built: a no-op `cargo build`
# still waits for the target directory's lock while the other lane compiles the tests.
suite "server build" cargo build -p backend
export SERVER_BUILT=1
suite "web app: packages" web_packages
(
  suite "backend tests" backend_tests
  suite "web app: lint, types, unit tests" web_checks
) &
backend_lane=$!
(
  suite "realtime tests" realtime_tests
  suite "first run (private cluster)" first_run
  suite "API: generated inputs (schemathesis)" api_fuzz
  suite "web app: build, end-to-end" web_e2e
) &
server_lane=$!
wait "$backend_lane" "$server_lane"

failed=()
for status in "$logs"/*.status; do
  # Its first line says how it ended, its second names it.
  [ "$(head -1 "$status")" = passed ] || failed+=("$(sed -n 2p "$status")")
done
echo "== all suites: $((SECONDS - began)) s"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
echo "all test suites passed"
