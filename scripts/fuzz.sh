#!/usr/bin/env bash
# Fuzzes the Engine.IO and Socket.IO packet decoders, the calls' JSON input and the blog's
# Markdown rendering with libFuzzer
# (cargo fuzz), each target for the given seconds (default 20, as CI runs it after the tests).
# A longer run: scripts/fuzz.sh 600. The corpus grows in the build cache (scripts/cache.sh);
# the checked-in seeds are fuzz/seeds/<target>/, and an input a target fails on is copied to
# fuzz/regressions/<target>/, which the ordinary tests replay (backend/tests/fuzz_seeds.rs):
# commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
targets=(eio_decode sio_parse call_body blog_render)

# libFuzzer is C++: a fresh Debian machine needs a C++ compiler first.
command -v c++ >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++; }
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
# cargo fuzz passes the compiler flags of libFuzzer's coverage instrumentation, which the
# stable compiler accepts when told to.
export RUSTC_BOOTSTRAP=1
source scripts/cache.sh
# Its own target directory: the instrumented build's flags differ from the main build's.
export CARGO_TARGET_DIR="$CLOCKTO_CACHE/fuzz/target"
out="$CLOCKTO_CACHE/fuzz"
# Development profile: the instrumented build takes minutes rather than tens of minutes, and
# debug assertions stay on.
flags=(--dev --sanitizer none --fuzz-dir fuzz)

cargo fuzz build "${flags[@]}"
status=0
for t in "${targets[@]}"; do
  rm -rf "$out/artifacts/$t"
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
  log="$out/$t.log"
  if ! cargo fuzz run "${flags[@]}" "$t" "$out/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$seconds" -artifact_prefix="$out/artifacts/$t/" -print_final_stats=1 \
    >"$log" 2>&1; then
    status=1
    tail -40 "$log"
    mkdir -p "fuzz/regressions/$t"
    cp "$out/artifacts/$t/"* "fuzz/regressions/$t/" 2>/dev/null &&
      echo "fuzz $t: the failing input is kept in fuzz/regressions/$t/" >&2
  fi
  runs=$(grep -m1 '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  echo "fuzz $t: ${runs:-?} executions in ${seconds} s"
done
exit $status
