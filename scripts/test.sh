#!/usr/bin/env bash
# The one test command: installs every tool the tests need, then runs formatting, lint, docs,
# every test of the workspace (the bomb suite among them) and a fuzz smoke run of every fuzz
# target (scripts/fuzz-smoke.sh). CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-test-tools.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
echo "== cargo test"
cargo test --workspace --quiet
echo "== fuzz smoke (every fuzz target for ${FUZZ_SMOKE_SECONDS:=10} s)"
FUZZ_SMOKE_SECONDS=$FUZZ_SMOKE_SECONDS scripts/fuzz-smoke.sh
echo "== all tests passed"
