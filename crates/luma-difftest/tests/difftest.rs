//! Differential tests: a fixed set of random programs and every saved regression program
//! (`tests/difftest/`), each run by the reference evaluator, the IR interpreter at every opt
//! level, the MSL back end (emitted) and the four Vulkan paths (SPIR-V, GLSL and HLSL through
//! glslang, WGSL through naga) at every opt level on the Vulkan device, under the validation
//! layer. Every answer must be the evaluator's.
//!
//! `LUMA_DIFFTEST_SEEDS=N` runs N random programs instead of the default; long runs use the
//! binary: `cargo run --release -p luma-difftest -- --seeds 5000`.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::sync::Mutex;

use luma_difftest::ast::{Case, Stmt};
use luma_difftest::campaign::{self, Settings};
use luma_difftest::gen::Config;
use luma_difftest::run::{self, Env, Kind};
use luma_difftest::{eval, minimize, print, regress};

/// Random programs the default run checks. Nearly all of the time is lavapipe's LLVM compiling
/// the 12 device pipelines of each shader, which grows faster than the shader (most of it in
/// LLVM's coroutine frame building, which lavapipe uses for every compute shader): with Mesa's
/// shader cache off, as on a fresh machine, 20 programs took 276 s in shaders of 10 programs
/// and 166 s in shaders of 2. Long runs use the binary (module docs).
const DEFAULT_SEEDS: u64 = 80;

/// Programs per shader (see [`DEFAULT_SEEDS`]).
const PROGRAMS_PER_SHADER: usize = 2;

/// One device user at a time: lavapipe shares the machine's cores.
static DEVICE: Mutex<()> = Mutex::new(());

fn env(label: &str) -> Env {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        std::env::set_var("XDG_RUNTIME_DIR", "/tmp");
    }
    luma_testutil::require_tool("glslangValidator");
    Env::new(true, false, &luma_testutil::scratch_dir(label))
        .unwrap_or_else(|e| panic!("{e} (the difftest needs lavapipe or a GPU)"))
}

#[test]
fn random_programs_agree_on_every_path() {
    let _device = DEVICE.lock().unwrap_or_else(|e| e.into_inner());
    let count = std::env::var("LUMA_DIFFTEST_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_SEEDS);
    let settings = Settings {
        start: 0,
        count,
        batch: PROGRAMS_PER_SHADER,
        ..Settings::default()
    };
    // One worker (and Vulkan device) per core: the driver compiles one pipeline at a time.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let sum = campaign::campaign_parallel(
        &settings,
        workers,
        &|w| Ok(env(&format!("difftest-random-{w}"))),
        &|line| println!("{line}"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    println!(
        "{} programs, {} comparisons, {} device runs, {} redrawn, {:.1} s",
        sum.programs, sum.comparisons, sum.device_runs, sum.redrawn, sum.seconds
    );
    assert!(
        sum.malformed.is_empty(),
        "the generator made malformed programs: {:?}",
        sum.malformed
    );
    let findings: Vec<String> = sum.findings.iter().map(|f| f.describe()).collect();
    assert!(
        findings.is_empty(),
        "{} disagreement(s):\n{}",
        findings.len(),
        findings.join("\n")
    );
    assert_eq!(sum.programs, count, "every seed gives a program");
    // Every source ran on every shader: 6 kinds at 3 opt levels.
    assert_eq!(sum.comparisons, sum.cases * 18);
}

#[test]
fn saved_programs_agree_on_every_path() {
    let _device = DEVICE.lock().unwrap_or_else(|e| e.into_inner());
    let env = env("difftest-saved");
    let dir = luma_testutil::tests_dir().join("difftest");
    let specs = regress::saved(&dir);
    assert!(!specs.is_empty(), "no saved programs in {}", dir.display());
    let which = run::sources(&Kind::ALL, &run::OPT_LEVELS);
    let mut failures = Vec::new();
    for spec in &specs {
        // The expectations were written by the evaluator (the language's meaning) when the
        // program was saved.
        let p = regress::load(spec).unwrap_or_else(|e| panic!("{e}"));
        let report = run::run(&env, &p, &which);
        assert_eq!(report.results.len(), which.len(), "{}", spec.display());
        for (src, v) in report.bad() {
            failures.push(format!("{}: {src}: {v:?}", spec.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_wrong_expectation_fails_every_path() {
    // The comparison can fail: a saved program with one expected word changed disagrees on
    // every source.
    let _device = DEVICE.lock().unwrap_or_else(|e| e.into_inner());
    let env = env("difftest-wrong");
    let built = regress::build(7, &[7], Config::default());
    let mut wrong = built.expected.clone();
    wrong.out[0] ^= 1;
    let dir = env.scratch().join("wrong");
    let p = regress::write_case(&dir, "wrong", "a wrong expectation", &built.case, &wrong)
        .unwrap_or_else(|e| panic!("{e}"));
    let which = run::sources(&Kind::ALL, &run::OPT_LEVELS);
    let report = run::run(&env, &p, &which);
    for (src, v) in &report.results {
        let expected_bad = src.kind != Kind::Msl;
        assert_eq!(v.is_bad(), expected_bad, "{src}: {v:?}");
    }
}

fn count_stmts(b: &[Stmt], pred: &dyn Fn(&Stmt) -> bool) -> usize {
    b.iter()
        .map(|s| {
            let inner: usize = match s {
                Stmt::If { arms, otherwise } => {
                    arms.iter()
                        .map(|(_, b)| count_stmts(b, pred))
                        .sum::<usize>()
                        + otherwise.as_ref().map_or(0, |b| count_stmts(b, pred))
                }
                Stmt::For { body, .. } | Stmt::While { body, .. } | Stmt::Do(body) => {
                    count_stmts(body, pred)
                }
                _ => 0,
            };
            usize::from(pred(s)) + inner
        })
        .sum()
}

#[test]
fn generator_reaches_every_construct() {
    let mut text = String::new();
    let mut breaks = 0;
    let mut returns = 0;
    for seed in 0..150 {
        let built = regress::build(seed, &[seed], Config::default());
        assert!(built.malformed.is_empty(), "{:?}", built.malformed);
        text.push_str(&print::case(&built.case));
        for f in built.case.programs.iter().flat_map(|p| p.funcs.iter()) {
            breaks += count_stmts(&f.body, &|s| matches!(s, Stmt::Break));
            returns += count_stmts(&f.body, &|s| matches!(s, Stmt::Return(_)));
        }
    }
    assert!(
        breaks > 10 && returns > 10,
        "{breaks} breaks, {returns} returns"
    );
    let needles = [
        "while ",
        "for ",
        "elseif ",
        "else\n",
        "do\n",
        "@max_iterations(",
        "@unroll",
        " and ",
        " or ",
        "not ",
        "if ",
        " then ",
        "<<",
        ">>",
        " % ",
        " / ",
        " ~ ",
        " & ",
        " | ",
        "~",
        "mod(",
        "min(",
        "max(",
        "clamp(",
        "abs(",
        "sign(",
        "floor(",
        "ceil(",
        "round(",
        "trunc(",
        "fract(",
        "saturate(",
        "mix(",
        "step(",
        "as_float(",
        "as_int(",
        "as_uint(",
        "count_one_bits(",
        "reverse_bits(",
        "first_leading_bit(",
        "first_trailing_bit(",
        "pack_unorm4x8(",
        "pack_snorm4x8(",
        "pack_unorm2x16(",
        "pack_snorm2x16(",
        "pack_half2x16(",
        "unpack_unorm4x8(",
        "unpack_snorm4x8(",
        "unpack_unorm2x16(",
        "unpack_snorm2x16(",
        "unpack_half2x16(",
        "equal(",
        "less_than(",
        "any(",
        "select(",
        "all(",
        "dot(",
        "transpose(",
        "cross(",
        "determinant(",
        "fma(",
        "mat2(",
        "mat3x4(",
        "mat4x2",
        "shared ",
        ": atomic_int",
        ": atomic_uint",
        "atomic_store(",
        "atomic_load(",
        "atomic_add(",
        "]atomic_uint",
        "atomic_compare_exchange(",
        "workgroup_barrier()",
        "const K",
        "float(",
        "int(",
        "uint(",
        "bool(",
        "vec4(",
        "ivec3(",
        "uvec2(",
        "bvec2(",
        "struct ",
        "[4]",
        "#inp",
        "#finp",
        "-2147483648",
        "0xFFFFFFFFu",
        " += ",
        " -= ",
        " *= ",
        " /= ",
        " %= ",
        " <<= ",
        " >>= ",
        " &= ",
        " |= ",
        "-> bool",
        ".xy",
        "[i",
        "function ",
        "return\n",
    ];
    let missing: Vec<&str> = needles
        .iter()
        .copied()
        .filter(|n| !text.contains(n))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    assert!(
        has_array_fill(&text),
        "never generated: an array fill `[N]T(value)`"
    );
}

/// Whether `text` has an array fill constructor: `[digits]` then a type name then `(`.
fn has_array_fill(text: &str) -> bool {
    text.match_indices('[').any(|(at, _)| {
        let rest = &text[at + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(after) = rest[digits..].strip_prefix(']') else {
            return false;
        };
        let name = after
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        digits > 0 && name > 0 && after[name..].starts_with('(')
    })
}

#[test]
fn programs_are_deterministic_and_mostly_determinate() {
    let a = regress::build(11, &[1, 2, 3], Config::default());
    let b = regress::build(11, &[1, 2, 3], Config::default());
    assert_eq!(a.case, b.case);
    assert_eq!(a.expected, b.expected);
    let mut redrawn = 0;
    for seed in 100..200 {
        redrawn += regress::build(seed, &[seed], Config::default()).redrawn;
    }
    assert!(redrawn < 150, "{redrawn} of 100 programs redrawn");
}

#[test]
fn minimiser_keeps_what_matters() {
    // A stand-in for a bug: "the program computes `count_one_bits` and writes `out`". The
    // minimiser must get down to a handful of statements that still do.
    let built = regress::build(3, &[3, 4, 5], Config::default());
    let culprit = |c: &Case| eval::run(c).is_ok() && print::case(c).contains("count_one_bits(");
    let mut case = built.case.clone();
    let mut seed = 3;
    while !culprit(&case) {
        seed += 10;
        case = regress::build(seed, &[seed, seed + 1, seed + 2], Config::default()).case;
    }
    let before = minimize::size(&case);
    let (small, _) = minimize::minimize(&case, &mut |c: &Case| culprit(c));
    let after = minimize::size(&small);
    assert!(culprit(&small));
    assert!(
        after <= 3 && after < before,
        "{before} -> {after} statements:\n{}",
        print::case(&small)
    );
    assert_eq!(small.programs.len(), 1);
    // Minimised programs stay well typed: the evaluator runs them.
    assert!(eval::run(&small).is_ok());
}
