#!/usr/bin/env bash
# The benchmark command (issue 11). On a fresh Debian 12 machine it installs what it needs
# (glslangValidator and spirv-opt from apt through install-test-tools.sh; the naga CLI, pinned,
# through `cargo install`), builds Luma in release mode and measures Luma against naga and
# glslang in one run, then writes docs/benchmarks.md. Arguments go to luma-bench
# (`scripts/bench.sh --quick` for a fast, rough run; `--help` lists the options).
set -euo pipefail
cd "$(dirname "$0")/.."

NAGA_VERSION=30.0.1

scripts/install-test-tools.sh
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"

# `cargo install` puts naga in cargo's bin directory: look there first, so a freshly installed
# naga wins over an older one elsewhere on PATH.
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
if [ "$(naga --version 2>/dev/null || true)" != "$NAGA_VERSION" ]; then
  echo "installing naga-cli $NAGA_VERSION (about 1-2 minutes)"
  cargo install naga-cli --version "$NAGA_VERSION" --locked --quiet
fi
echo "naga $(naga --version)"

cargo build --release --quiet -p luma-cli -p luma-bench
exec "${CARGO_TARGET_DIR:-target}/release/luma-bench" run "$@"
