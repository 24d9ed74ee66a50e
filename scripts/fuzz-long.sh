#!/usr/bin/env bash
# Long fuzz runs of every Luma fuzz target (fuzz/, cargo-fuzz + libFuzzer), one after another.
#
#   scripts/fuzz-long.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Defaults: 3600 seconds per target, every target. FUZZ_JOBS=N runs N targets at once.
#
# Works on a bare machine with only the stable toolchain: it installs cargo-fuzz (pinned) when
# missing. With `--sanitizer none` (the default here) cargo-fuzz 0.13 passes only stable rustc
# flags (-Cpasses=sancov-module, -Cllvm-args=-sanitizer-coverage-*, --cfg fuzzing), so no
# nightly is needed. FUZZ_SANITIZER=address (or another sanitizer) needs -Zsanitizer, which
# stable rustc accepts with RUSTC_BOOTSTRAP=1; the script sets it then.
#
# Corpora live in fuzz/corpus/<target> (seeded from tests/shaders on first use and kept
# between runs); crashes, hangs (-timeout), out-of-memory inputs and slow inputs land in
# fuzz/artifacts/<target>; logs and a summary (executions, coverage, corpus size) in fuzz/logs.
# Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

SECONDS_PER_TARGET=${1:-3600}
shift || true
ALL_TARGETS=(preprocess parse check lower spirv glsl hlsl msl wgsl generate)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi
JOBS=${FUZZ_JOBS:-1}
SANITIZER=${FUZZ_SANITIZER:-none}
CARGO_FUZZ_VERSION=0.13.2

if [ "$SANITIZER" != none ]; then export RUSTC_BOOTSTRAP=1; fi
if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
  echo "== installing cargo-fuzz $CARGO_FUZZ_VERSION"
  start=$(date +%s)
  cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION" --quiet
  echo "   installed in $(( $(date +%s) - start )) s"
fi

echo "== building fuzz targets (release, debug assertions and overflow checks on, sanitizer: $SANITIZER)"
start=$(date +%s)
# No sanitizer by default: the compiler crates forbid unsafe code, so AddressSanitizer would
# find nothing the Rust checks miss, at twice the cost per execution. `-a` keeps overflow
# checks on (fuzz/Cargo.toml's release profile does too).
if [ "${#TARGETS[@]}" = "${#ALL_TARGETS[@]}" ]; then
  (cd fuzz && cargo fuzz build --sanitizer "$SANITIZER" --debug-assertions)
else
  for t in "${TARGETS[@]}"; do
    (cd fuzz && cargo fuzz build --sanitizer "$SANITIZER" --debug-assertions "$t")
  done
fi
echo "   built in $(( $(date +%s) - start )) s"

BIN="$ROOT/fuzz/target/x86_64-unknown-linux-gnu/release"
mkdir -p fuzz/logs

# Seeds: every corpus shader; for the preprocessor, each shader packed with the corpus include
# files as virtual files (fuzz/src/vfs.rs), plus an include diamond and a cycle.
seed() {
  local t=$1 dir="fuzz/corpus/$1"
  mkdir -p "$dir"
  [ -n "$(ls -A "$dir")" ] && return 0
  local f name
  while IFS= read -r f; do
    name=$(echo "${f#tests/shaders/}" | tr '/' '_')
    if [ "$t" = preprocess ]; then
      {
        cat "$f"
        while IFS= read -r inc; do
          echo "--@ inc/${inc#tests/shaders/include/}"
          cat "$inc"
        done < <(find tests/shaders/include -name '*.luma' | sort)
      } > "$dir/$name"
    else
      cp "$f" "$dir/$name"
    fi
  done < <(find tests/shaders -name '*.luma' -not -path '*/include/*' | sort)
  if [ "$t" = preprocess ]; then
    printf '#include "a.luma"\n#include "b.luma"\n--@ a.luma\n#include "c.luma"\n#include "c.luma"\n--@ b.luma\n#include "c.luma"\n--@ c.luma\nconst C = 1\n' > "$dir/diamond.luma"
    printf '#include "a.luma"\n--@ a.luma\n#include "main.luma"\n#pragma once\n--@ main.luma\n#include <a.luma>\n' > "$dir/cycle.luma"
  fi
}

run_target() {
  local t=$1 log="fuzz/logs/$1.log" status=0
  mkdir -p "fuzz/artifacts/$t"
  seed "$t"
  # -timeout: an input that takes this long is a hang (a missing limit); -rss_limit_mb: one
  # that needs this much memory is a bomb the limits should have stopped.
  "$BIN/$t" "fuzz/corpus/$t" \
    -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=30 -rss_limit_mb=2048 \
    -dict=fuzz/luma.dict -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$t/" \
    > "$log" 2>&1 || status=$?
  local done_line execs
  done_line=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  execs=$(grep -E 'stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  local corpus
  corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
  printf '%-10s status=%s execs=%s corpus=%s | %s\n' "$t" "$status" "${execs:-?}" "$corpus" \
    "$done_line" | tee -a fuzz/logs/summary.txt
  return "$status"
}

echo "== fuzzing ${TARGETS[*]} for $SECONDS_PER_TARGET s each ($JOBS at a time)" \
  | tee -a fuzz/logs/summary.txt
failed=0
running=0
pids=()
for t in "${TARGETS[@]}"; do
  run_target "$t" &
  pids+=($!)
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
    running=$((running - 1))
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done

# libFuzzer's -timeout is wall-clock time, so on a loaded machine (the fuzzers run at nice 19)
# a starved but healthy input can be written as `timeout-*`. Each one is replayed alone with
# the same binary and limit: one that hangs again is a finding; one that finishes is moved
# to fuzz/artifacts/<target>/starved/ with the CPU time its replay took, and listed.
replay_timeouts() {
  local f t dir cpu
  while IFS= read -r f; do
    t=$(basename "$(dirname "$f")")
    dir="fuzz/artifacts/$t/starved"
    if cpu=$( TIMEFORMAT='%U %S'; { time timeout 30 "$BIN/$t" -runs=1 "$f" >/dev/null 2>&1; } 2>&1 ); then
      mkdir -p "$dir"
      mv "$f" "$dir/"
      echo "   $f: did not reproduce (replay: $(echo "$cpu" | tail -1 | awk '{print $1 + $2}') s CPU); moved to $dir" \
        | tee -a fuzz/logs/summary.txt
    else
      echo "   $f: reproduces (replay still over 30 s, or fails)" | tee -a fuzz/logs/summary.txt
    fi
  done < <(find fuzz/artifacts -path '*/starved' -prune -o -type f -name 'timeout-*' -print 2>/dev/null)
}
replay_timeouts

# Crashes, hangs (-timeout, reproduced), out-of-memory inputs and leaks fail the run;
# libFuzzer's `slow-unit-*` files (an input over 10 s, which on a busy machine is often the
# machine) are listed but do not.
findings() {
  find fuzz/artifacts -path '*/starved' -prune -o -type f \( -name 'crash-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'leak-*' \) -print 2>/dev/null
}
found=$(findings | wc -l)
slow=$(find fuzz/artifacts -type f -name 'slow-unit-*' 2>/dev/null)
if [ -n "$slow" ]; then
  echo "== slow inputs (not failures; replay them to check):"
  echo "$slow"
fi
if [ "$failed" != 0 ] || [ "$found" != 0 ]; then
  echo "== fuzzing found problems: see fuzz/artifacts and fuzz/logs"
  # Each finding is also printed, gzipped and base64-encoded, so a CI log alone is enough to
  # reproduce it: `echo '<text>' | base64 -d | gunzip > input`, then run the target on it.
  while IFS= read -r f; do
    echo "$f ($(wc -c < "$f") bytes; gzip | base64):"
    gzip -9nc "$f" | base64 -w 0
    echo
    log="fuzz/logs/$(basename "$(dirname "$f")").log"
    if [ -f "$log" ]; then
      echo "-- the end of $log:"
      tail -n 40 "$log"
    fi
  done < <(findings)
  exit 1
fi
echo "== no crash, hang or out-of-memory input found"
