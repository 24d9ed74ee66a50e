#!/usr/bin/env bash
# A short fuzz run for the test command: every fuzz target for FUZZ_SMOKE_SECONDS (default 20)
# seconds, starting from the seed corpus. Installs cargo-fuzz when missing (stable toolchain
# only; see fuzz/README.md). Fails when any target finds a crash, a hang or an out-of-memory
# input; the input is left in fuzz/artifacts/<target>.
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/fuzz-long.sh "${FUZZ_SMOKE_SECONDS:-20}"
