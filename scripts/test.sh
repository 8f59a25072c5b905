#!/usr/bin/env bash
# Runs every test: backend unit and integration tests against a real Postgres; the realtime
# tests driven by the official socket.io-client against the server binary (with an
# S3-compatible server for uploads shared by nodes); generated-input
# testing of the API (schemathesis); fuzzing of the packet decoders and the calls' input
# (cargo fuzz); the web app's
# lint, type check, unit tests and build; and its end-to-end tests in Debian's chromium against
# the real server. Every suite runs even when an earlier one fails; the exit code tells.
set -uo pipefail
cd "$(dirname "$0")/.."

ADMIN_URL=$(scripts/ensure-postgres.sh) || exit 1
export TEST_DATABASE_URL="$ADMIN_URL"

# The npm packages of the folder it runs in, installed where missing.
npm_deps() {
  [ -d node_modules ] || npm ci --no-audit --no-fund
}

failed=()
suite() {
  local name=$1
  shift
  echo "== $name"
  local began=$SECONDS
  # Each suite chains its steps with &&: `set -e` does not apply inside an `if` condition.
  if ! ("$@"); then
    failed+=("$name")
  fi
  echo "== $name: $((SECONDS - began)) s"
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
  cargo build -p backend &&
    cd tests/realtime &&
    npm_deps &&
    ../s3/with-s3.sh npm test
}

web_checks() {
  cd frontend &&
    npm_deps &&
    npm run lint &&
    npm run typecheck &&
    npm test &&
    npm run build
}

# The packet decoders and the calls' input under libFuzzer, 20 seconds a target.
fuzzing() {
  scripts/fuzz.sh 20
}

# Generated-input testing of the API against its document: every phase of schemathesis
# against the real server, signed in as the demo store's owner.
api_fuzz() {
  tests/openapi/run.sh
}

# The first run on a fresh machine: from a clone in a 0700 home folder, inside a network
# namespace where nothing answers on 5432, the private cluster starts and serves the demo.
first_run() {
  cargo build -p backend && tests/first-run/run.sh
}

web_e2e() {
  if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then
    echo "installing chromium..." >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2 ||
      return 1
  fi
  # The build is the web checks' last step; it is made here when those stopped before it.
  cargo build -p backend && cd frontend &&
    npm_deps &&
    { [ -f dist/index.html ] || npm run build; } &&
    npm run test:e2e
}

suite "backend tests" backend_tests
suite "realtime tests" realtime_tests
suite "first run (private cluster)" first_run
suite "API: generated inputs (schemathesis)" api_fuzz
suite "fuzzing (cargo fuzz)" fuzzing
suite "web app: lint, types, unit tests, build" web_checks
suite "web app: end-to-end" web_e2e

if [ ${#failed[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${failed[@]}"
  exit 1
fi
echo "all test suites passed"
