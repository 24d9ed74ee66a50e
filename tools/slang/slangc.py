#!/usr/bin/env python3
# Compiles HLSL with Slang, a second HLSL front end beside glslang's (closer to DXC's language:
# Slang reads HLSL 2021, defines `__HLSL_VERSION`, and its `GetDimensions` reports bytes).
#   python3 tools/slang/slangc.py FILE.hlsl -lang hlsl -target spirv -entry NAME -stage STAGE -o OUT.spv
# The arguments are slangc's; this script hands them to the Slang compiler library's C API
# (`spProcessCommandLineArguments`), because PyPI has no slangc: the library comes from the
# `slangpy` wheel, which scripts/install-test-tools.sh unpacks into tools/slang/lib (or set
# SLANG_LIB to a libslang-compiler.so). Diagnostics go to standard error; the exit status is 0
# when Slang compiled the entry point, 1 when it reported errors, 2 when it could not run.
#   python3 tools/slang/slangc.py --batch JOBS.json RESULTS.json
# compiles many in one process (loading Slang takes half a second): JOBS.json is a list of
# argument lists; RESULTS.json gets one `{"ok": bool, "diagnostics": str}` per job. Before each
# job its index is printed to standard error, so that a crash of Slang names its input.
#   python3 tools/slang/slangc.py --serve
# does the same for a caller that keeps the process: each line of standard input is one JSON
# argument list, answered by one line `{"ok": bool, "diagnostics": str}` on standard output
# (the execution harness compiles through it, one test at a time); end of input ends it.
#
# The SPIR-V written to `-o` is the first entry point's, with one change: OpSource's language
# (Slang's id, 11) reads Unknown, because SPIRV-Tools before 2024 (Debian 12's spirv-val and
# validation layers) reject the module for an id they do not know. Only that debug operand
# changes.
import ctypes
import glob
import json
import os
import struct
import sys


def library():
    path = os.environ.get("SLANG_LIB")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "lib", "libslang-compiler.so*")))
    if not found:
        sys.exit(
            "slangc.py: Slang is not installed (no tools/slang/lib/libslang-compiler.so*); "
            "run scripts/install-test-tools.sh"
        )
    return found[0]


def unknown_source_language(code):
    words = list(struct.unpack("<%dI" % (len(code) // 4), code[: len(code) // 4 * 4]))
    i = 5
    while i < len(words):
        opcode, count = words[i] & 0xFFFF, words[i] >> 16
        if count == 0:
            break
        if opcode == 3 and i + 1 < len(words):  # OpSource
            words[i + 1] = 0
        i += count
    return struct.pack("<%dI" % len(words), *words)


def load():
    try:
        lib = ctypes.CDLL(library())
    except OSError as e:
        print(f"slangc.py: cannot load Slang: {e}", file=sys.stderr)
        sys.exit(2)
    ptr = ctypes.c_void_p
    lib.spCreateSession.restype = ptr
    lib.spCreateSession.argtypes = [ctypes.c_char_p]
    lib.spCreateCompileRequest.restype = ptr
    lib.spCreateCompileRequest.argtypes = [ptr]
    lib.spProcessCommandLineArguments.restype = ctypes.c_int32
    lib.spProcessCommandLineArguments.argtypes = [ptr, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int]
    lib.spCompile.restype = ctypes.c_int32
    lib.spCompile.argtypes = [ptr]
    lib.spGetDiagnosticOutput.restype = ctypes.c_char_p
    lib.spGetDiagnosticOutput.argtypes = [ptr]
    lib.spGetEntryPointCode.restype = ptr
    lib.spGetEntryPointCode.argtypes = [ptr, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t)]
    lib.spDestroyCompileRequest.argtypes = [ptr]
    return lib, lib.spCreateSession(None)


def compile_one(lib, session, args):
    """Compiles one slangc command line; returns (status, diagnostics)."""
    out = None
    if "-o" in args:
        at = args.index("-o")
        if at + 1 >= len(args):
            return 2, "slangc.py: -o needs a path\n"
        # Slang generates the target code only when an output is named, but the library
        # does not write it: the code is read back and written below.
        out = args[at + 1]

    request = lib.spCreateCompileRequest(session)
    try:
        encoded = [a.encode() for a in args]
        argv = (ctypes.c_char_p * len(encoded))(*encoded)
        status = lib.spProcessCommandLineArguments(request, argv, len(encoded))
        if status >= 0:
            status = lib.spCompile(request)
        diagnostics = (lib.spGetDiagnosticOutput(request) or b"").decode(errors="replace")
        if status < 0:
            return 1, diagnostics
        if out is not None:
            size = ctypes.c_size_t(0)
            code = lib.spGetEntryPointCode(request, 0, ctypes.byref(size))
            if not code or size.value == 0:
                return 1, diagnostics + "slangc.py: Slang produced no code for the entry point\n"
            data = ctypes.string_at(code, size.value)
            if "spirv" in args:
                data = unknown_source_language(data)
            with open(out, "wb") as f:
                f.write(data)
        return 0, diagnostics
    finally:
        lib.spDestroyCompileRequest(request)


def main(args):
    lib, session = load()
    if args[:1] == ["--batch"]:
        if len(args) != 3:
            print("slangc.py: --batch JOBS.json RESULTS.json", file=sys.stderr)
            return 2
        with open(args[1]) as f:
            jobs = json.load(f)
        results = []
        for index, job in enumerate(jobs):
            print(f"job {index}", file=sys.stderr, flush=True)
            status, diagnostics = compile_one(lib, session, job)
            results.append({"ok": status == 0, "diagnostics": diagnostics})
        with open(args[2], "w") as f:
            json.dump(results, f)
        return 0
    if args == ["--serve"]:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                job = json.loads(line)
            except ValueError as e:
                print(f"slangc.py: not a JSON argument list: {e}", file=sys.stderr)
                return 2
            status, diagnostics = compile_one(lib, session, job)
            print(json.dumps({"ok": status == 0, "diagnostics": diagnostics}), flush=True)
        return 0
    status, diagnostics = compile_one(lib, session, args)
    sys.stderr.write(diagnostics)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
