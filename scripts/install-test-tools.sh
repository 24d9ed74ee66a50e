#!/usr/bin/env bash
# Installs every external tool the tests use, on a fresh Debian 12 machine (CI starts bare).
# Validators: spirv-val (SPIRV-Tools), glslangValidator, spirv-cross; Vulkan: lavapipe, loader and
# validation layers; Tint: the `webgpu` npm package (Dawn) for WGSL validation.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

need_apt=0
# c++: libfuzzer-sys builds libFuzzer for the fuzz smoke run.
for tool in spirv-val spirv-dis glslangValidator spirv-cross c++; do
  command -v "$tool" >/dev/null 2>&1 || need_apt=1
done
[ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || [ -e /usr/share/vulkan/icd.d/lvp_icd.json ] || need_apt=1
[ -e /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json ] || need_apt=1
# Node.js and npm only when missing: a Node.js from NodeSource ships its own npm, and Debian's
# `npm` package conflicts with it.
node_packages=()
command -v node >/dev/null 2>&1 || node_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || node_packages+=(npm)
[ "${#node_packages[@]}" = 0 ] || need_apt=1
# Python 3 and pip fetch Slang's library (below).
python_packages=()
command -v python3 >/dev/null 2>&1 || python_packages+=(python3)
python3 -m pip --version >/dev/null 2>&1 || python_packages+=(python3-pip)
[ "${#python_packages[@]}" = 0 ] || need_apt=1
if [ "$need_apt" = 1 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends \
    g++ spirv-tools glslang-tools spirv-cross mesa-vulkan-drivers vulkan-tools libvulkan1 \
    vulkan-validationlayers libegl1 libegl-mesa0 libgl1-mesa-dri "${node_packages[@]}" \
    "${python_packages[@]}" >/dev/null
fi

# Slang, a second HLSL front end (tools/slang/slangc.py drives its library): PyPI has no slangc,
# so the library comes from the pinned `slangpy` wheel (only its two compiler libraries are
# kept; the wheel is for CPython 3.11 on glibc 2.34+, but ctypes loads the libraries from any
# Python 3).
SLANGPY_VERSION=0.43.1
if ! ls tools/slang/lib/libslang-compiler.so* >/dev/null 2>&1; then
  wheel_dir=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_34_x86_64 -d "$wheel_dir" "slangpy==$SLANGPY_VERSION"
  mkdir -p tools/slang/lib
  python3 - "$wheel_dir"/slangpy-*.whl tools/slang/lib <<'PY'
import os, sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        base = os.path.basename(name)
        if base.startswith(("libslang-compiler.so", "libslang-glslang-")):
            with z.open(name) as src, open(os.path.join(dest, base), "wb") as out:
                out.write(src.read())
PY
  rm -rf "$wheel_dir"
fi
# Tint, through Dawn's node bindings (null backend validates WGSL headlessly).
if [ ! -d tools/tint/node_modules/webgpu ]; then
  (cd tools/tint && npm install --no-audit --no-fund --silent >/dev/null)
fi
echo "test tools ready: $(spirv-val --version | head -1); $(glslangValidator --version | head -1)"
