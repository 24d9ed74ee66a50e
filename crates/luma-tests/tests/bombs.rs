//! The bomb suite: hostile inputs (include diamonds, huge arrays, deep access chains, long
//! operator chains, giant unrolls, 10 MB of one token, a million errors) compiled for every
//! target at once. Each must end, with the outcome a person would expect: the diagnostic that
//! names the limit it hit, or a successful compilation where the input is merely large.
//!
//! Bounded work is checked three ways, none of them a timing assertion: every bomb runs on its
//! own thread and must finish within a generous hang guard (a bomb that takes that long has no
//! limit at all); the test process's peak resident memory after all bombs must stay under a
//! fixed ceiling; and the diagnostics kept and rendered are bounded by
//! `Limits::max_diagnostics`. Each bomb's wall time is printed (`--nocapture`) for the issue's
//! note.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::sync::mpsc;
use std::time::{Duration, Instant};

use lumac::{compile, Limits, MemoryReader, OptLevel, Options, Target};

/// A bomb that runs longer than this has no working limit; it is a hang, not a slow case.
const HANG_GUARD: Duration = Duration::from_secs(120);

/// Peak resident memory of the whole test process after every bomb. Inputs are up to 10 MB
/// (and a few are built twice); the design bound is 8 bytes per source byte plus 10 MB for
/// one compilation, so this leaves room for the test's own copies of the inputs.
const PEAK_RSS_CEILING: u64 = 1536 * 1024 * 1024;

const TEN_MB: usize = 10 * 1024 * 1024;

const HEAD: &str = "buffer out: []int\n@entry(compute) @workgroup_size(1)\nfunction main()\n";

/// What a bomb must end with.
#[derive(Clone, Copy, Debug)]
enum Outcome {
    /// Compiles for every target.
    Compiles,
    /// Fails, and among its errors is each of these codes.
    Fails(&'static [&'static str]),
}

struct Bomb {
    name: &'static str,
    source: String,
    files: Vec<(String, String)>,
    outcome: Outcome,
    /// The default level unless a bomb targets one pass of `aggressive`.
    opt_level: OptLevel,
}

fn bomb(name: &'static str, source: String, outcome: Outcome) -> Bomb {
    Bomb {
        name,
        source,
        files: Vec::new(),
        outcome,
        opt_level: OptLevel::default(),
    }
}

/// `count` struct members of six types in turn, whose std140 layouts differ (padding, arrays
/// and matrices of 16-byte strides, `half`).
fn wide_members(count: usize) -> String {
    (0..count)
        .map(|i| {
            let ty = ["float", "vec3", "[3]float", "mat3", "vec2", "half"][i % 6];
            format!("\tm{i}: {ty}\n")
        })
        .collect()
}

fn body(statements: &str) -> String {
    format!("{HEAD}{statements}end\n")
}

/// `depth` functions, each calling the one before twice; the entry point calls the last.
fn call_tree(depth: usize) -> String {
    let mut source = String::from("buffer out: []float\n");
    source.push_str("function f0(x: float) -> float\n\treturn x * 1.5 + 0.25\nend\n");
    for i in 1..depth {
        source.push_str(&format!(
            "function f{i}(x: float) -> float\n\treturn f{p}(x) + f{p}(x * 0.5 - 1.0)\nend\n",
            p = i - 1
        ));
    }
    source.push_str(&format!(
        "@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) gid: uvec3)\n\tout[gid.x] = f{}(out[gid.x])\nend\n",
        depth - 1
    ));
    source
}

/// `depth` nested loops in a helper, around a `return` under a condition that varies per
/// invocation, and an outer `while`.
fn nested_loops(depth: usize) -> String {
    let mut source = String::from(
        "buffer data: []float\nbuffer out: []float\nfunction trace(any_hit: bool, n: uint) -> float\n\tlet best = 1000.0\n\tlet top = 1\n\twhile top > 0 do\n\t\ttop -= 1\n",
    );
    for d in 0..depth {
        source.push_str(&format!("for i{d} = 0u, n do\n"));
    }
    source.push_str(
        "let h = data[i0]\nif h < best then\nbest = h\nif any_hit then\nreturn best\nend\nend\n",
    );
    source.push_str(&"end\n".repeat(depth));
    source.push_str("\tend\n\treturn best\nend\n@entry(compute) @workgroup_size(64)\nfunction main(@builtin(global_invocation_id) id: uvec3)\n\tout[id.x] = trace(id.x > 3u, id.y)\nend\n");
    source
}

/// `calls` calls of a one-line function, each taking the last one's result.
fn call_chain(calls: usize) -> String {
    let mut source = String::from(
        "buffer out: []float\nfunction f(x: float) -> float\n\treturn x * 1.5 + 1.0\nend\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) gid: uvec3)\n\tlet a = out[gid.x]\n",
    );
    source.push_str(&"\ta = f(a)\n".repeat(calls));
    source.push_str("\tout[gid.x] = a\nend\n");
    source
}

/// `depth` levels of `#include` where every file includes the next one twice: 2^depth paths
/// to the leaf without `#pragma once`.
fn diamond(depth: usize, once: bool, leaf: &str) -> Vec<(String, String)> {
    let guard = if once { "#pragma once\n" } else { "" };
    let mut files: Vec<(String, String)> = (0..depth)
        .map(|d| {
            (
                format!("d{d}.luma"),
                format!(
                    "{guard}#include \"d{n}.luma\"\n#include \"d{n}.luma\"\n",
                    n = d + 1
                ),
            )
        })
        .collect();
    files.push((format!("d{depth}.luma"), format!("{guard}{leaf}")));
    files
}

fn bombs() -> Vec<Bomb> {
    use Outcome::{Compiles, Fails};
    let mut list = vec![
        // 10 MB of one token.
        bomb(
            "10 MB identifier",
            body(&format!("\tlet {} = 1\n", "a".repeat(TEN_MB))),
            Compiles,
        ),
        bomb(
            "10 MB integer literal",
            body(&format!("\tout[0] = {}\n", "1".repeat(TEN_MB))),
            Fails(&["E0207"]),
        ),
        bomb(
            "10 MB float literal",
            body(&format!("\tout[0] = int({}.5)\n", "1".repeat(TEN_MB))),
            Fails(&["E0208"]),
        ),
        bomb(
            "10 MB comment",
            body(&format!("\t--{}\n", "a".repeat(TEN_MB))),
            Compiles,
        ),
        bomb(
            "unterminated 10 MB long comment",
            body(&format!("\t--[[{}\n", "a".repeat(TEN_MB))),
            Fails(&["E0202"]),
        ),
        bomb(
            "10 MB of `(`",
            body(&format!("\tout[0] = {}\n", "(".repeat(TEN_MB))),
            Fails(&["E0306"]),
        ),
        bomb(
            "10 MB of `[`",
            body(&format!("\tout[0] = {}\n", "[".repeat(TEN_MB))),
            Fails(&["E0306"]),
        ),
        bomb(
            "10 MB of `;` (one error, counting the rest)",
            body(&format!("\t{}\n", ";".repeat(TEN_MB))),
            Fails(&["E0211"]),
        ),
        bomb(
            "10 MB of `#`",
            body(&format!("\tout[0] = {}out\n", "#".repeat(TEN_MB))),
            Fails(&["E0306"]),
        ),
        bomb(
            "5 MB of unary minus",
            body(&format!("\tout[0] = {}1\n", "- ".repeat(TEN_MB / 2))),
            Fails(&["E0306"]),
        ),
        bomb(
            "1 million `end`",
            format!("{HEAD}{}", "end\n".repeat(1_000_000)),
            Fails(&["E0310"]),
        ),
        bomb(
            "1 million nested `do`",
            format!("{HEAD}{}", "do\n".repeat(1_000_000)),
            Fails(&["E0306"]),
        ),
        // Long operator chains (left-associative: deep trees with no nesting in the text).
        bomb(
            "100,000 `+` operands",
            body(&format!(
                "\tout[0] = {}\n",
                vec!["out[1]"; 100_000].join(" + ")
            )),
            Fails(&["E0306"]),
        ),
        bomb(
            "100,000 `and` operands",
            body(&format!(
                "\tout[0] = if {} then 1 else 0\n",
                vec!["out[1] > 0"; 100_000].join(" and ")
            )),
            Fails(&["E0306"]),
        ),
        bomb(
            "100,000 nested calls",
            body(&format!(
                "\tout[0] = {}1{}\n",
                "abs(".repeat(100_000),
                ")".repeat(100_000)
            )),
            Fails(&["E0306"]),
        ),
        // Deep access chains.
        bomb(
            "1 million `.x`",
            body(&format!("\tout[0] = out{}\n", ".x".repeat(1_000_000))),
            Fails(&["E0306"]),
        ),
        bomb(
            "1 million `[0]`",
            body(&format!("\tout[0] = out{}\n", "[0]".repeat(1_000_000))),
            Fails(&["E0306"]),
        ),
        // Merely large programs compile.
        bomb(
            "100,000 statements",
            body(&"\tout[0] = out[0] + 1\n".repeat(100_000)),
            Compiles,
        ),
        bomb(
            "200,000 statements on one line",
            body(&format!("\t{}\n", "out[0] = out[0] + 1 ".repeat(200_000))),
            Compiles,
        ),
        bomb(
            "100,000 locals",
            body(
                &(0..100_000)
                    .map(|i| format!("\tlet v{i}: int = {i}\n"))
                    .collect::<String>(),
            ),
            Compiles,
        ),
        bomb(
            "100,000 functions, one reachable",
            format!(
                "{}{HEAD}\tout[0] = f99999()\nend\n",
                (0..100_000)
                    .map(|i| format!("function f{i}() -> int\n\treturn {i}\nend\n"))
                    .collect::<String>()
            ),
            Compiles,
        ),
        bomb(
            "a call chain 10,000 functions deep",
            format!(
                "function f0() -> int\n\treturn 0\nend\n{}{HEAD}\tout[0] = f9999()\nend\n",
                (1..10_000)
                    .map(|i| format!("function f{i}() -> int\n\treturn f{}() + 1\nend\n", i - 1))
                    .collect::<String>()
            ),
            Compiles,
        ),
        bomb(
            "a struct of 100,000 fields (past SPIR-V's 65,535-word instructions)",
            format!(
                "struct S\n{}end\nbuffer big: S\n{HEAD}\tout[0] = int(big.f99999)\nend\n",
                (0..100_000)
                    .map(|i| format!("\tf{i}: float\n"))
                    .collect::<String>()
            ),
            Fails(&["E0914"]),
        ),
        bomb(
            "5,000 elseif arms",
            body(&format!(
                "\tif out[1] == 0 then\n\t\tout[0] = 0\n{}\tend\n",
                (1..5000)
                    .map(|i| format!("\telseif out[1] == {i} then\n\t\tout[0] = {i}\n"))
                    .collect::<String>()
            )),
            Compiles,
        ),
        // Arms whose conditions need statements (`and`, calls) nest one block deeper each:
        // text targets indented every level (1,000 arms: 95 MB of output) and HLSL and MSL
        // refused blocks 1,024 deep with an internal error.
        bomb(
            "5,000 elseif arms with `and` conditions",
            body(&format!(
                "\tif out[1] == 0 then\n\t\tout[0] = 0\n{}\tend\n",
                (1..5000)
                    .map(|i| format!("\telseif out[1] > {i} and out[2] < {i} then\n\t\tout[0] = {i}\n"))
                    .collect::<String>()
            )),
            Compiles,
        ),
        // Huge arrays: the limit is on one array type's element count, and on the bytes a
        // composite may take.
        bomb(
            "an array one past the element limit",
            "buffer out: [16777217]float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tout[0] = 1.0\nend\n".into(),
            Fails(&["E0705"]),
        ),
        bomb(
            "arrays of arrays of 2^24 elements each",
            "buffer out: [16777216][16777216][16777216]float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tout[0][0][0] = 1.0\nend\n".into(),
            Fails(&["E0804"]),
        ),
        bomb(
            "nested structs of 2^24-element arrays",
            "struct A\n\tx: [16777216]vec4\nend\nstruct B\n\ty: [16777216]A\nend\nbuffer out: []B\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tout[0].y[0].x[0] = vec4(1.0)\nend\n".into(),
            Fails(&["E0804"]),
        ),
        bomb(
            "workgroup memory of 2^24 x 2^24 vec4",
            "buffer out: []float\nshared tile: [16777216][16777216]vec4\n@entry(compute) @workgroup_size(1)\nfunction main()\n\ttile[0][0] = vec4(1.0)\n\tout[0] = tile[1][1].x\nend\n".into(),
            Fails(&["E0804"]),
        ),
        bomb(
            "an array literal of 50,000 elements",
            format!(
                "const T: [50000]int = [50000]int {{ {} }}\n{HEAD}\tout[0] = T[out[1]]\nend\n",
                vec!["7"; 50_000].join(", ")
            ),
            Compiles,
        ),
        // Each read of a constant table at a constant index copied the whole table (and
        // counted every copied element against the evaluation-step limit, E0704).
        bomb(
            "a constant table of 8,000 elements read at 8,000 constant indices",
            format!(
                "const T: [8000]float = [8000]float {{ {} }}\nbuffer data: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n{}end\n",
                (0..8_000).map(|i| format!("{i}.0")).collect::<Vec<_>>().join(", "),
                (0..8_000).map(|i| format!("\tdata[{}] = T[{i}]\n", i % 8)).collect::<String>()
            ),
            Compiles,
        ),
        bomb(
            "an array literal of 200,000 elements (past SPIR-V's 65,535-word instructions)",
            format!(
                "const T: [200000]int = [200000]int {{ {} }}\n{HEAD}\tout[0] = T[out[1]]\nend\n",
                vec!["7"; 200_000].join(", ")
            ),
            Fails(&["E0914"]),
        ),
        // Giant unrolls.
        bomb(
            "@unroll of 100 million iterations",
            body("\t@unroll\n\tfor i = 0, 100000000 do\n\t\tout[i] = i\n\tend\n"),
            Fails(&["E0709"]),
        ),
        bomb(
            "three nested @unroll of 4096 iterations (a hint the target unrolls)",
            body("\t@unroll\n\tfor i = 0, 4095 do\n\t\t@unroll\n\t\tfor j = 0, 4095 do\n\t\t\t@unroll\n\t\t\tfor k = 0, 4095 do\n\t\t\t\tout[i] = j + k\n\t\t\tend\n\t\tend\n\tend\n"),
            Compiles,
        ),
        bomb(
            "100,000 unbounded loops, half under @allow(W0201): allowances looked up by binary search",
            body(&"\t@allow(W0201)\n\twhile out[0] != 0 do\n\t\tout[0] -= 1\n\tend\n\twhile out[1] != 0 do\n\t\tout[1] -= 1\n\tend\n".repeat(50_000)),
            Compiles,
        ),
        bomb(
            "@max_iterations(2^32 - 1) on an endless loop",
            body("\t@max_iterations(4294967295)\n\twhile true do\n\t\tout[0] = 1\n\tend\n"),
            Compiles,
        ),
        bomb(
            "local copies of a 2^24-element array",
            "struct Big\n\tarr: [16777216]float\nend\nbuffer data: []Big\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) gid: uvec3)\n\tlet a = data[0].arr\n\ta[gid.x] = 1.0\n\tlet b = a\n\tb[gid.x + 1u] = 2.0\n\tdata[1].arr = b\nend\n".into(),
            Compiles,
        ),
        // Copies between a buffer's layout and a local's before SPIR-V 1.4 went element by
        // element for every array of at most 64 elements, so nested short arrays multiplied:
        // 20 levels of `[2]` gave 125 MB of SPIR-V (1.25 s, 422 MB), and this 2^24 elements.
        bomb(
            "a local copy of nested short arrays of 2^24 elements in all",
            "buffer data: [][64][64][64][64]float\n@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) gid: uvec3)\n\tlet a = data[gid.x]\n\ta[gid.y][1][2][3] = 1.0\n\tdata[gid.z] = a\nend\n".into(),
            Compiles,
        ),
        // A wide struct read member by member: each read scanned the member list in the
        // checker and built the whole constant struct in the folder (7 s at 20,000 members).
        bomb(
            "a constant struct of 20,000 members, each read once",
            format!(
                "struct Wide\n{}end\nbuffer out: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet w = Wide {{ {} }}\n{}end\n",
                (0..20_000).map(|i| format!("\tm{i}: float\n")).collect::<String>(),
                (0..20_000).map(|i| format!("m{i} = {i}.0")).collect::<Vec<_>>().join(", "),
                (0..20_000).map(|i| format!("\tout[{}] = w.m{i}\n", i % 8)).collect::<String>()
            ),
            Compiles,
        ),
        // A wide struct in a uniform and a storage buffer, copied whole: the HLSL and MSL back
        // ends searched the layout struct's fields for each member, and HLSL copied the
        // struct's member offsets for each member (10.7 s at 64,000 members). Such a uniform
        // is past Direct3D 12's 64 KiB constant buffers (E0920, HLSL only), so the HLSL back
        // end meets the wide struct in a storage buffer alone, and in a uniform just under the
        // limit.
        bomb(
            "a buffer and uniform struct of 60,000 members of mixed types, copied whole",
            format!(
                "struct S\n{}end\nbuffer data: []S\nuniform u: S\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet t = data[0]\n\tdata[1] = t\n\tlet v = u\n\tdata[2] = v\nend\n",
                wide_members(60_000)
            ),
            Fails(&["E0920"]),
        ),
        bomb(
            "a buffer struct of 60,000 members of mixed types, copied whole",
            format!(
                "struct S\n{}end\nbuffer data: []S\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet t = data[0]\n\tdata[1] = t\nend\n",
                wide_members(60_000)
            ),
            Compiles,
        ),
        bomb(
            "a uniform struct of 2,700 members of mixed types (64 KiB), copied whole",
            format!(
                "struct S\n{}end\nbuffer data: []S\nuniform u: S\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet v = u\n\tdata[0] = v\nend\n",
                wide_members(2_700)
            ),
            Compiles,
        ),
        // Many entry points: every stage looked each function up in the entry point list, and
        // back ends built per-entry tables as long as the module (3.2 s and 157 MB at 8,000).
        bomb(
            "8,000 compute entry points, each calling its own helper",
            format!(
                "buffer out: []float\n{}",
                (0..8_000)
                    .map(|i| format!("function f{i}(x: float) -> float\n\treturn x * {i}.0\nend\n@entry(compute) @workgroup_size(1)\nfunction e{i}()\n\tout[{}] = f{i}(out[1])\nend\n", i % 8))
                    .collect::<String>()
            ),
            Compiles,
        ),
        // GLSL writes a file per entry point: each named every struct, member and constant of
        // the module again (a fragment shader's outputs are a struct of its own), and each
        // function's namer copied all the module's names (0.9 s user at 9,600 entry points).
        bomb(
            "8,000 entry points, half of them fragment shaders, sharing a helper",
            format!(
                "buffer out: []float\nfunction h(x: float) -> float\n\treturn x * 2.0 + 1.0\nend\n{}",
                (0..8_000)
                    .map(|i| if i % 2 == 0 {
                        format!("@entry(compute) @workgroup_size(1)\nfunction e{i}()\n\tout[{}] = h(out[1])\nend\n", i % 8)
                    } else {
                        format!("@entry(fragment)\nfunction e{i}() -> (@location(0) c: vec4)\n\treturn {{ c = vec4(h(out[0])) }}\nend\n")
                    })
                    .collect::<String>()
            ),
            Compiles,
        ),
        // Many buffers of their own struct types: the verifier laid out the type arena again
        // for each buffer, type queries cleared a table as long as the arena for each type,
        // and SPIR-V searched a list of the runtime arrays used so far for each access (1.9 s
        // at 8,000; Metal's 31 buffer slots make MSL fail).
        bomb(
            "8,000 storage buffers of their own struct types, all read in one function",
            format!(
                "{}buffer out: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n{}end\n",
                (0..8_000)
                    .map(|i| format!("struct S{i}\n\ta: vec3\n\tb: float\n\tc: [4]vec2\nend\nbuffer b{i}: []S{i}\n"))
                    .collect::<String>(),
                (0..8_000)
                    .map(|i| format!("\tout[{}] = b{i}[0].b + b{i}[1].c[2].y\n", i % 8))
                    .collect::<String>()
            ),
            Fails(&["E0940"]),
        ),
        // A back-end error names the entry points that fail on their own, found by emitting
        // each alone: a copy of the module and a back end run per entry point (4,000 entry
        // points past Metal's buffer slots: 25 s) before the search had a budget.
        bomb(
            "4,000 compute entry points with a buffer each, past Metal's buffer slots",
            (0..4_000)
                .map(|i| format!("buffer b{i}: []float\n@entry(compute) @workgroup_size(1)\nfunction e{i}()\n\tb{i}[0] = b{i}[1] + 1.0\nend\n"))
                .collect::<String>(),
            Fails(&["E0940"]),
        ),
        // HLSL sizes each buffer copy's type (parts past which it copies through a function):
        // the table of sizes was filled from the start of the type arena for each new type
        // (8,000 struct types in their own buffers, each copied: 1.95 s).
        bomb(
            "20,000 struct types, each copied out of a buffer and back",
            format!(
                "{}struct Big\n{}end\nbuffer b: []Big\n@entry(compute) @workgroup_size(1)\nfunction main()\n{}end\n",
                (0..20_000)
                    .map(|i| format!("struct S{i}\n\tx: float\n\ty: vec2\nend\n"))
                    .collect::<String>(),
                (0..20_000).map(|i| format!("\ts{i}: S{i}\n")).collect::<String>(),
                (0..20_000)
                    .map(|i| format!("\tlet v{i} = b[0].s{i}\n\tb[1].s{i} = v{i}\n"))
                    .collect::<String>()
            ),
            Compiles,
        ),
        // GLSL built each zero value with tables as long as the type arena up to its type
        // (8,000 struct types in dynamically indexed local arrays: 0.5 s, quadratic).
        bomb(
            "8,000 struct types in dynamically indexed local arrays",
            format!(
                "{}{HEAD}{}end\n",
                (0..8_000)
                    .map(|i| format!("struct S{i}\n\tx: int\n\ty: ivec2\nend\n"))
                    .collect::<String>(),
                (0..8_000)
                    .map(|i| format!("\tlet a{i}: [2]S{i} = {{ S{i} {{ x = out[0], y = ivec2(0) }}, S{i} {{ x = 1, y = ivec2(out[1]) }} }}\n\ta{i}[out[2]].x = 2\n\tout[{}] = a{i}[out[3]].x\n", i % 8))
                    .collect::<String>()
            ),
            Compiles,
        ),
        // A million errors: kept and rendered up to the limit.
        bomb(
            "1 million `local` statements",
            body(&"\tlocal x = 1\n".repeat(1_000_000)),
            Fails(&["E0203"]),
        ),
        // Unknown names among many declared ones: each error looks for a similar name, which
        // compared every pair (minutes) before the search had a budget.
        bomb(
            "20,000 unknown names among 20,000 locals with long names",
            body(&format!(
                "{}{}",
                (0..20_000)
                    .map(|i| format!("\tlet a{i:030} = 1\n"))
                    .collect::<String>(),
                (0..20_000)
                    .map(|i| format!("\tout[0] = b{i:030}\n"))
                    .collect::<String>()
            )),
            Fails(&["E0401"]),
        ),
        bomb(
            "20,000 calls of unknown functions among 20,000 functions",
            format!(
                "{}{HEAD}{}end\n",
                (0..20_000)
                    .map(|i| format!("function f{i:020}() -> int\n\treturn 1\nend\n"))
                    .collect::<String>(),
                (0..20_000)
                    .map(|i| format!("\tout[0] = g{i:020}()\n"))
                    .collect::<String>()
            ),
            Fails(&["E0403"]),
        ),
    ];
    // Inlining: forty functions that each call the one before twice inline to 2^39 copies of
    // the first; the module's inlining budget stops that (and the calls it leaves compile).
    list.push(Bomb {
        opt_level: OptLevel::Aggressive,
        ..bomb(
            "a call tree doubling 40 levels deep, inlined",
            call_tree(40),
            Compiles,
        )
    });
    // 20,000 calls of `a = f(a)`, inlined, leave a chain of single-use values that text targets
    // would nest 20,000 deep in one expression (30,000 took 46 s and 15 GB before inlined
    // expressions were bounded in depth).
    list.push(Bomb {
        opt_level: OptLevel::Aggressive,
        ..bomb(
            "20,000 inlined calls chained through one variable",
            call_chain(20_000),
            Compiles,
        )
    });
    // Each `break` in an arm of such a chain found its loop by climbing the block tree, in the
    // verifier, the optimiser's block tree and constant propagation (16,000 arms: 3.7 s
    // before the back ends).
    list.push(Bomb {
        opt_level: OptLevel::Aggressive,
        ..bomb(
            "10,000 elseif arms with `and` conditions, each breaking out of a loop",
            body(&format!(
                "\tfor k = 0, 10 do\n\t\tif out[1] == 0 then\n\t\t\tbreak\n{}\t\tend\n\tend\n",
                (1..10_000)
                    .map(|i| format!("\t\telseif out[k] > {i} and out[2] < {i} then\n\t\t\tout[0] = {i}\n\t\t\tbreak\n"))
                    .collect::<String>()
            )),
            Compiles,
        )
    });
    // An `elseif` chain whose arms assign different locals: every arm yields every local it
    // or a later arm assigns, n^2/2 results, which copy propagation settled one nesting level
    // per round (1,000 arms: 12.5 s to lower and optimise; now 0.8 s).
    list.push(bomb(
        "an elseif chain of 300 arms, each assigning its own local",
        body(&format!(
            "{}\tif out[1] == 0 then\n\t\ta0 = 1\n{}\tend\n{}",
            (0..300)
                .map(|i| format!("\tlet a{i}: int = out[{}]\n", i % 8))
                .collect::<String>(),
            (1..300)
                .map(|i| format!("\telseif out[1] > {i} then\n\t\ta{i} = {i}\n"))
                .collect::<String>(),
            (0..300)
                .map(|i| format!("\tout[{}] = a{i}\n", i % 8))
                .collect::<String>()
        )),
        Compiles,
    ));
    // The uniformity analysis walked a loop nested `d` deep at least 2^d times (a fuzz input
    // of 21 nested loops took 54 s to check).
    list.push(bomb(
        "40 nested loops around a return under a varying condition",
        nested_loops(40),
        Compiles,
    ));
    // Include diamonds: 2^20 paths to the leaf without `#pragma once`.
    list.push(Bomb {
        files: diamond(20, false, "const X_PADDING_TO_MAKE_THE_LEAF_LONGER = 1\n"),
        ..bomb(
            "an include diamond 20 deep",
            "#include \"d0.luma\"\n".into(),
            Fails(&["E0104"]),
        )
    });
    list.push(Bomb {
        files: diamond(26, false, ""),
        ..bomb(
            "an include diamond 26 deep with an empty leaf",
            "#include \"d0.luma\"\n".into(),
            Fails(&["E0104"]),
        )
    });
    list.push(Bomb {
        files: diamond(20, true, "const X = 1\n"),
        ..bomb(
            "an include diamond 20 deep with #pragma once",
            format!("#include \"d0.luma\"\n{HEAD}\tout[0] = X\nend\n"),
            Compiles,
        )
    });
    // A struct "diamond": each level two members of the level below, so 2^24 leaves from a
    // source of a kilobyte. SPIR-V before 1.4, HLSL and MSL copied whole values between a
    // buffer's layout and a value one statement per leaf (depth 20: 3.3 s, 175 MB of SPIR-V);
    // they now call a function per struct type.
    list.push(bomb(
        "a struct diamond 24 deep copied whole through a local",
        struct_diamond(24),
        Compiles,
    ));
    list
}

/// Struct `S{depth}`, each level holding two members of the level below (a `vec3` and a
/// `float` at the bottom), copied whole from one buffer to a local, changed, and stored to
/// another.
fn struct_diamond(depth: usize) -> String {
    let mut source = String::from("struct S0\n\ta: vec3\n\tb: float\nend\n");
    for i in 1..=depth {
        source.push_str(&format!(
            "struct S{i}\n\ta: S{p}\n\tb: S{p}\nend\n",
            p = i - 1
        ));
    }
    let leaf = ".a".repeat(depth);
    source.push_str(&format!(
        "@access(read) buffer src: []S{depth}\nbuffer dst: []S{depth}\n\
         @entry(compute) @workgroup_size(1)\nfunction main()\n\tlet v = src[0]\n\
         \tv{leaf}.b = 1.0\n\tdst[0] = v\nend\n"
    ));
    source
}

struct Ran {
    success: bool,
    errors: usize,
    kept: usize,
    codes: Vec<String>,
    spans_in_files: bool,
    rendered_messages: usize,
    elapsed: Duration,
}

fn run(bomb: &Bomb) -> Ran {
    let mut reader = MemoryReader::default();
    for (name, text) in &bomb.files {
        reader.insert(name, text.clone());
    }
    let start = Instant::now();
    let result = compile(
        "main.luma",
        &bomb.source,
        &reader,
        &Options {
            opt_level: bomb.opt_level,
            ..Options::default()
        },
        &Target::ALL,
    );
    let rendered = result.render(false);
    let elapsed = start.elapsed();
    let mut codes: Vec<String> = result
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code.as_str().to_string())
        .collect();
    codes.sort();
    codes.dedup();
    let spans_in_files = result.diagnostics.iter().all(|d| {
        d.primary.span.lo <= d.primary.span.hi
            && result.source_map.locate(d.primary.span.lo).is_some()
    });
    Ran {
        success: result.success(),
        errors: result.error_count,
        kept: result.diagnostics.len(),
        codes,
        spans_in_files,
        rendered_messages: rendered.matches("error[").count(),
        elapsed,
    }
}

/// VmHWM (peak resident set) of this process, in bytes.
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("VmHWM in kB");
    kb * 1024
}

#[test]
fn every_bomb_ends_with_the_expected_outcome_in_bounded_memory() {
    let max_kept = Limits::default().max_diagnostics;
    let mut failures = Vec::new();
    for bomb in bombs() {
        let (send, receive) = mpsc::channel();
        let name = bomb.name;
        let outcome = bomb.outcome;
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                let _ = send.send(run(&bomb));
            })
            .expect("spawn a bomb thread");
        let ran = match receive.recv_timeout(HANG_GUARD) {
            Ok(ran) => ran,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                failures.push(format!("{name}: still running after {HANG_GUARD:?}"));
                continue;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                failures.push(format!("{name}: the compiler panicked"));
                continue;
            }
        };
        println!(
            "{name:<55} {:>9.1} ms  {} error(s), {} kept, codes {:?}",
            ran.elapsed.as_secs_f64() * 1e3,
            ran.errors,
            ran.kept,
            ran.codes
        );
        match outcome {
            Outcome::Compiles if !ran.success => {
                failures.push(format!("{name}: expected to compile, got {:?}", ran.codes))
            }
            Outcome::Fails(_) if ran.success => {
                failures.push(format!("{name}: expected a diagnostic, compiled"))
            }
            Outcome::Fails(want) => {
                for code in want {
                    if !ran.codes.iter().any(|c| c == code) {
                        failures.push(format!("{name}: expected {code}, got {:?}", ran.codes));
                    }
                }
            }
            Outcome::Compiles => {}
        }
        if ran.kept > max_kept {
            failures.push(format!("{name}: kept {} diagnostics", ran.kept));
        }
        if ran.rendered_messages > max_kept {
            failures.push(format!("{name}: rendered {} errors", ran.rendered_messages));
        }
        if !ran.spans_in_files {
            failures.push(format!("{name}: a diagnostic's span is outside its file"));
        }
    }
    let peak = peak_rss();
    println!("peak resident memory: {} MiB", peak / (1024 * 1024));
    if peak > PEAK_RSS_CEILING {
        failures.push(format!(
            "peak resident memory {} MiB is over the {} MiB ceiling",
            peak / (1024 * 1024),
            PEAK_RSS_CEILING / (1024 * 1024)
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `Limits::max_diagnostics` at the limit and one past it: every error is counted, only the
/// limit's worth is kept and rendered, and the rendering says how many more there were.
#[test]
fn diagnostics_are_kept_up_to_the_limit_and_counted_past_it() {
    let options = Options {
        limits: Limits {
            max_diagnostics: 10,
            ..Limits::default()
        },
        ..Options::default()
    };
    for (errors, omitted) in [(10, None), (11, Some("1 more error"))] {
        // One error per line (semicolons are reported once per file, with a count).
        let source = body(&"\tout[0] = nil\n".repeat(errors));
        let result = compile(
            "main.luma",
            &source,
            &MemoryReader::default(),
            &options,
            &Target::ALL,
        );
        assert_eq!(result.error_count, errors);
        assert_eq!(result.diagnostics.len(), 10);
        let rendered = result.render(false);
        assert_eq!(rendered.matches("error[E0203]").count(), 10, "{rendered}");
        match omitted {
            None => assert!(!rendered.contains("more error"), "{rendered}"),
            Some(line) => assert!(rendered.contains(line), "{rendered}"),
        }
    }
}

/// GLSL and HLSL `#line` directives name the file only where it changes (a directive without a
/// name keeps the one before): naming it in every directive made the output the product of the
/// name's length and the number of statements (a 4 KB name before 8,000 statements: 70 MB).
#[test]
fn a_long_line_directive_name_is_written_where_the_file_changes() {
    let name = "n".repeat(64 * 1024);
    let source = format!(
        "#line 1 \"{name}.luma\"\n{}",
        body(&"\tout[0] = out[0] + 1\n".repeat(2_000))
    );
    let result = compile(
        "main.luma",
        &source,
        &MemoryReader::default(),
        &Options {
            line_directives: true,
            ..Options::default()
        },
        &[Target::Glsl, Target::Hlsl],
    );
    assert!(result.success(), "{}", result.render(false));
    assert_eq!(result.outputs.len(), 2);
    for output in &result.outputs {
        let text = output.data.as_text().expect("a text target");
        assert!(text.contains("#line"), "{text}");
        assert_eq!(text.matches(name.as_str()).count(), 1);
        assert!(text.len() < 1024 * 1024, "{} bytes", text.len());
    }
}
