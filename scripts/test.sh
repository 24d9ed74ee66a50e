#!/usr/bin/env bash
# The one test command: installs every tool the tests need, then runs formatting, lint, docs and
# every test of the workspace. CI (.ci/run) calls exactly this.
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
echo "== all tests passed"
