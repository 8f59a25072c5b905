#!/usr/bin/env bash
# Fuzzes the Engine.IO and Socket.IO packet decoders, the calls' JSON input and the blog's
# Markdown rendering with libFuzzer (libfuzzer-sys), each target for the given seconds
# (default 20, as CI runs it after the tests). A longer run: scripts/fuzz.sh 600. The corpus
# grows in the build cache (scripts/cache.sh); the checked-in seeds are fuzz/seeds/<target>/,
# and an input a target fails on is copied to fuzz/regressions/<target>/, which the ordinary
# tests replay (backend/tests/fuzz_seeds.rs): commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
targets=(eio_decode sio_parse call_body blog_render)

# libFuzzer is C++: a fresh Debian machine needs a C++ compiler first.
command -v c++ >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++; }
source scripts/cache.sh
out="$CLOCKTO_CACHE/fuzz"
# The targets build in the test build's target directory and profile, with libFuzzer's
# coverage instrumentation on the workspace's own crates only (scripts/fuzz-rustc): the
# dependencies the tests compiled are reused, where `cargo fuzz` instruments every crate for a
# target of its own, and so compiled all of them again.
RUSTC_WORKSPACE_WRAPPER="$PWD/scripts/fuzz-rustc" cargo build -p clockto-fuzz --bins
status=0
for t in "${targets[@]}"; do
  rm -rf "$out/artifacts/$t"
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t"
  log="$out/$t.log"
  if ! "$CARGO_TARGET_DIR/debug/$t" "$out/corpus/$t" "fuzz/seeds/$t" \
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
