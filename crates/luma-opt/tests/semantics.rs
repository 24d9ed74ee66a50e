//! Optimisation preserves meaning: programs run in the reference IR interpreter (the one the
//! lowering tests use, `crates/luma-lower/tests/common/interp.rs`) give bit-identical results
//! and memory before and after optimisation.
//!
//! - Every corpus shader, unoptimised against `basic` and `aggressive`: each entry point runs
//!   on pseudo-random inputs and buffer contents (compute entry points for several invocations
//!   sharing memory), and outputs plus every global must match.
//! - Every pass test (`tests/ir/<pass>/<name>.ir` against `<name>.out.ir`): each function
//!   present in both runs on pseudo-random arguments.
//!
//! Runs the interpreter cannot do (textures, derivatives, a run that faults on the unoptimised
//! side) are skipped; the tests check that enough runs were compared.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "../../luma-lower/tests/common/interp.rs"]
#[allow(dead_code, clippy::all)]
mod interp;

use interp::{Machine, V};
use luma_base::Handle;
use luma_ir::parse::parse_module;
use luma_ir::{
    ArraySize, BuiltIn, Function, IoBinding, Module, ScalarKind, ShaderStage, Type, TypeInner,
};
use luma_opt::{optimize_with, OptLevel, Options};
use luma_testutil::{files_with_extension, shader_corpus, tests_dir};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const FLOATS: [f32; 12] = [
    0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 3.0, -7.25, 100.0, 0.001, 0.75, 8.0,
];
const INTS: [i32; 12] = [0, 1, 2, 3, -1, -2, 5, 7, 8, -8, i32::MAX, i32::MIN];
const UINTS: [u32; 10] = [0, 1, 2, 3, 4, 5, 7, 8, 16, u32::MAX];

/// A random value of `ty`; `None` for types the interpreter cannot take (textures, pointers).
fn random(m: &Module, ty: Handle<Type>, rng: &mut Rng, runtime_len: usize) -> Option<V> {
    Some(match &m.types[ty].inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => match s.kind {
            ScalarKind::Bool => V::B(rng.next().is_multiple_of(2)),
            ScalarKind::Sint => V::I(rng.pick(&INTS)),
            ScalarKind::Uint => V::U(rng.pick(&UINTS)),
            ScalarKind::Float => {
                let f = rng.pick(&FLOATS);
                if s.width == 2 {
                    V::F(luma_ir::proc::f16_to_f32(luma_ir::proc::f32_to_f16(f)))
                } else {
                    V::F(f)
                }
            }
        },
        TypeInner::Vector { size, scalar } => {
            let t = m.types.find(&Type {
                name: None,
                inner: TypeInner::Scalar(*scalar),
            });
            let parts = (0..size.count())
                .map(|_| match t {
                    Some(t) => random(m, t, rng, runtime_len),
                    None => Some(scalar_value(scalar.kind, rng)),
                })
                .collect::<Option<Vec<_>>>()?;
            V::C(parts)
        }
        TypeInner::Matrix { columns, rows, .. } => V::C(
            (0..columns.count())
                .map(|_| V::C((0..rows.count()).map(|_| V::F(rng.pick(&FLOATS))).collect()))
                .collect(),
        ),
        TypeInner::Array { base, size } => {
            let n = match size {
                ArraySize::Constant(n) => *n as usize,
                ArraySize::Runtime => runtime_len,
            };
            if n > 4096 {
                return None;
            }
            V::C(
                (0..n)
                    .map(|_| random(m, *base, rng, runtime_len))
                    .collect::<Option<Vec<_>>>()?,
            )
        }
        TypeInner::Struct { members } => V::C(
            members
                .iter()
                .map(|mb| random(m, mb.ty, rng, runtime_len))
                .collect::<Option<Vec<_>>>()?,
        ),
        TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } => {
            return None
        }
    })
}

fn scalar_value(kind: ScalarKind, rng: &mut Rng) -> V {
    match kind {
        ScalarKind::Bool => V::B(rng.next().is_multiple_of(2)),
        ScalarKind::Sint => V::I(rng.pick(&INTS)),
        ScalarKind::Uint => V::U(rng.pick(&UINTS)),
        ScalarKind::Float => V::F(rng.pick(&FLOATS)),
    }
}

/// Bitwise equality (NaNs with equal bits are equal; 0.0 and -0.0 are not).
fn same(a: &V, b: &V) -> bool {
    match (a, b) {
        (V::F(x), V::F(y)) => x.to_bits() == y.to_bits(),
        (V::C(x), V::C(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        _ => a == b,
    }
}

fn function_named<'m>(m: &'m Module, name: &str) -> Option<(Handle<Function>, &'m Function)> {
    m.functions.iter().find(|(_, f)| f.name == name)
}

/// One run: the function's results and every global afterwards, or why it could not run.
type Outcome = Result<(Vec<V>, Vec<V>), String>;

/// Runs `name` in `m` with globals set from `globals` (by index, same order in every module of
/// one comparison) for each argument list in turn, keeping memory between calls.
fn run(m: &Module, name: &str, globals: &[(String, V)], calls: &[Vec<V>]) -> Outcome {
    let (h, _) = function_named(m, name).ok_or_else(|| format!("no function {name}"))?;
    let mut mach = Machine::new(m);
    mach.budget = 2_000_000;
    for (g, v) in globals {
        if m.globals.iter().any(|(_, x)| &x.name == g) {
            mach.set_global(g, v.clone());
        }
    }
    let mut results = Vec::new();
    for args in calls {
        results.extend(mach.call(h, args.clone())?);
    }
    let mut memory: Vec<(String, V)> = m
        .globals
        .iter()
        .map(|(gh, g)| (g.name.clone(), mach.globals[gh.index()].clone()))
        .collect();
    memory.sort_by(|a, b| a.0.cmp(&b.0));
    Ok((results, memory.into_iter().map(|(_, v)| v).collect()))
}

fn random_globals(m: &Module, rng: &mut Rng) -> Option<Vec<(String, V)>> {
    let mut out = Vec::new();
    for (_, g) in m.globals.iter() {
        if g.space == luma_ir::AddressSpace::Handle {
            continue;
        }
        out.push((g.name.clone(), random(m, g.ty, rng, 16)?));
    }
    Some(out)
}

/// Arguments for an entry function: builtins get plausible values, locations random ones.
fn entry_args(
    m: &Module,
    f: &Function,
    stage: ShaderStage,
    invocation: u32,
    rng: &mut Rng,
) -> Option<Vec<V>> {
    f.params
        .iter()
        .map(|p| match p.binding {
            Some(IoBinding::BuiltIn(b)) => Some(match b {
                BuiltIn::GlobalInvocationId | BuiltIn::LocalInvocationId => {
                    V::C(vec![V::U(invocation), V::U(invocation % 3), V::U(0)])
                }
                BuiltIn::WorkgroupId => V::C(vec![V::U(0), V::U(0), V::U(0)]),
                BuiltIn::NumWorkgroups => V::C(vec![V::U(4), V::U(1), V::U(1)]),
                BuiltIn::LocalInvocationIndex
                | BuiltIn::VertexIndex
                | BuiltIn::InstanceIndex
                | BuiltIn::SampleIndex => V::U(invocation),
                BuiltIn::SampleMask => V::U(0xf),
                BuiltIn::FrontFacing => V::B(invocation.is_multiple_of(2)),
                BuiltIn::Position if stage == ShaderStage::Fragment => V::C(vec![
                    V::F(invocation as f32 + 0.5),
                    V::F(1.5),
                    V::F(0.25),
                    V::F(1.0),
                ]),
                _ => random(m, p.ty, rng, 16)?,
            }),
            _ => random(m, p.ty, rng, 16),
        })
        .collect()
}

fn optimised(m: &Module, level: OptLevel) -> Module {
    let mut out = m.clone();
    optimize_with(
        &mut out,
        Options {
            level,
            verify_each_pass: true,
        },
    )
    .unwrap();
    out
}

#[test]
fn corpus_means_the_same_at_every_level() {
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in shader_corpus() {
        let base = lumac::frontend_ir(&path, lumac::OptLevel::None)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let levels = [
            (OptLevel::Basic, optimised(&base, OptLevel::Basic)),
            (OptLevel::Aggressive, optimised(&base, OptLevel::Aggressive)),
        ];
        for ep in &base.entry_points {
            let f = &base.functions[ep.function];
            for seed in 1..=3u64 {
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ seed);
                let Some(globals) = random_globals(&base, &mut rng) else {
                    continue;
                };
                let invocations = if ep.stage == ShaderStage::Compute {
                    4
                } else {
                    1
                };
                let Some(calls) = (0..invocations)
                    .map(|i| entry_args(&base, f, ep.stage, i, &mut rng))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let Ok(expected) = run(&base, &f.name, &globals, &calls) else {
                    continue;
                };
                for (level, m) in &levels {
                    let Some(ep2) = m.entry_points.iter().find(|e| e.name == ep.name) else {
                        failures.push(format!(
                            "{}: {} lost entry {}",
                            path.display(),
                            level.as_str(),
                            ep.name
                        ));
                        continue;
                    };
                    let name = &m.functions[ep2.function].name;
                    match run(m, name, &globals, &calls) {
                        Ok(got)
                            if got.0.len() == expected.0.len()
                                && got.0.iter().zip(&expected.0).all(|(a, b)| same(a, b))
                                && got.1.len() == expected.1.len()
                                && got.1.iter().zip(&expected.1).all(|(a, b)| same(a, b)) => {}
                        Ok(got) => failures.push(format!(
                            "{} entry {} seed {seed} at {}: results differ\n  expected {:?}\n  got      {:?}",
                            path.display(),
                            ep.name,
                            level.as_str(),
                            expected,
                            got
                        )),
                        Err(e) => failures.push(format!(
                            "{} entry {} seed {seed} at {}: {e}",
                            path.display(),
                            ep.name,
                            level.as_str()
                        )),
                    }
                }
                compared += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("corpus runs compared: {compared}");
    assert!(
        compared >= 30,
        "only {compared} entry-point runs could be compared"
    );
}

#[test]
fn pass_tests_mean_the_same_before_and_after() {
    let mut compared = 0;
    let mut failures = Vec::new();
    for dir in std::fs::read_dir(tests_dir().join("ir")).unwrap().flatten() {
        let folder = dir.file_name().to_string_lossy().into_owned();
        if folder == "verify" || folder == "print" {
            continue;
        }
        for input in files_with_extension(&dir.path(), "ir") {
            let text = input.to_string_lossy().into_owned();
            let Some(stem) = text.strip_suffix(".ir") else {
                continue;
            };
            if stem.ends_with(".out") {
                continue;
            }
            let output = format!("{stem}.out.ir");
            let before = parse_module(&std::fs::read_to_string(&input).unwrap()).unwrap();
            let after = parse_module(&std::fs::read_to_string(&output).unwrap()).unwrap();
            for (_, f) in before.functions.iter() {
                if function_named(&after, &f.name).is_none() {
                    continue;
                }
                for seed in 1..=8u64 {
                    let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ (seed * 0x1000_0001));
                    let Some(globals) = random_globals(&before, &mut rng) else {
                        continue;
                    };
                    let Some(args) = f
                        .params
                        .iter()
                        .map(|p| random(&before, p.ty, &mut rng, 16))
                        .collect::<Option<Vec<_>>>()
                    else {
                        continue;
                    };
                    let calls = [args];
                    let Ok(expected) = run(&before, &f.name, &globals, &calls) else {
                        continue;
                    };
                    match run(&after, &f.name, &globals, &calls) {
                        Ok(got)
                            if got.0.iter().zip(&expected.0).all(|(a, b)| same(a, b))
                                && got.0.len() == expected.0.len()
                                && got.1.iter().zip(&expected.1).all(|(a, b)| same(a, b)) => {}
                        other => failures.push(format!(
                            "{} fn {} seed {seed}: expected {expected:?}, got {other:?}",
                            input.display(),
                            f.name
                        )),
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("pass-test runs compared: {compared}");
    assert!(compared >= 100, "only {compared} runs could be compared");
}

/// Pass test inputs with one digit changed (other constants, indices, handles) that still
/// verify: optimised at every level, they compute what they computed before.
#[test]
fn damaged_pass_tests_mean_the_same_optimised() {
    let mut compared = 0;
    let mut failures = Vec::new();
    let replacements = ['0', '1', '2', '3', '5', '9'];
    for dir in std::fs::read_dir(tests_dir().join("ir")).unwrap().flatten() {
        let folder = dir.file_name().to_string_lossy().into_owned();
        if folder == "verify" || folder == "print" {
            continue;
        }
        for input in files_with_extension(&dir.path(), "ir") {
            if input.to_string_lossy().ends_with(".out.ir") {
                continue;
            }
            let chars: Vec<char> = std::fs::read_to_string(&input).unwrap().chars().collect();
            for (k, at) in (0..chars.len()).enumerate() {
                if !chars[at].is_ascii_digit() || !k.is_multiple_of(4) {
                    continue;
                }
                let mut damaged = chars.clone();
                damaged[at] = replacements[(k / 4) % replacements.len()];
                let text: String = damaged.into_iter().collect();
                let Ok(before) = parse_module(&text) else {
                    continue;
                };
                if luma_ir::verify::verify(&before).is_err() {
                    continue;
                }
                for level in [OptLevel::Basic, OptLevel::Aggressive] {
                    let after = optimised(&before, level);
                    for (_, f) in before.functions.iter() {
                        if function_named(&after, &f.name).is_none() {
                            continue;
                        }
                        let mut rng = Rng(0x51_7cc1_b727_220a ^ at as u64);
                        let Some(globals) = random_globals(&before, &mut rng) else {
                            continue;
                        };
                        let Some(args) = f
                            .params
                            .iter()
                            .map(|p| random(&before, p.ty, &mut rng, 16))
                            .collect::<Option<Vec<_>>>()
                        else {
                            continue;
                        };
                        let calls = [args];
                        let Ok(expected) = run(&before, &f.name, &globals, &calls) else {
                            continue;
                        };
                        let got = run(&after, &f.name, &globals, &calls);
                        let ok = matches!(&got, Ok(g) if g.0.len() == expected.0.len()
                            && g.0.iter().zip(&expected.0).all(|(a, b)| same(a, b))
                            && g.1.iter().zip(&expected.1).all(|(a, b)| same(a, b)));
                        if !ok {
                            failures.push(format!(
                                "{} (char {at} changed) fn {} at {}: expected {expected:?}, \
                                 got {got:?}\n{text}",
                                input.display(),
                                f.name,
                                level.as_str()
                            ));
                        }
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}",
        failures.first().cloned().unwrap_or_default()
    );
    eprintln!("damaged runs compared: {compared}");
    assert!(compared >= 200, "only {compared} runs could be compared");
}

/// `depth` functions that each call the one before twice, and a compute entry point that
/// calls the last: 2^(depth-1) calls of `f0`, more than inlining's module budget takes.
fn call_tree(depth: usize) -> String {
    let mut source = String::from("buffer data: []float\n");
    source.push_str("function f0(x: float) -> float\n\treturn x * 1.5 + 0.25\nend\n");
    for i in 1..depth {
        let p = i - 1;
        source.push_str(&format!(
            "function f{i}(x: float) -> float\n\treturn f{p}(x) + f{p}(x * 0.5 - 1.0)\nend\n"
        ));
    }
    source.push_str(&format!(
        "@entry(compute) @workgroup_size(1)\nfunction main(@builtin(global_invocation_id) gid: uvec3)\n\tdata[gid.x] = f{}(data[gid.x])\nend\n",
        depth - 1
    ));
    source
}

/// Inlining stops at its module budget and leaves the rest as calls: the module stays within
/// the budget, keeps calls, and computes what the unoptimised one does.
#[test]
fn a_call_tree_past_the_inlining_budget_means_the_same() {
    let path = std::env::temp_dir().join(format!("luma-call-tree-{}.luma", std::process::id()));
    std::fs::write(&path, call_tree(17)).unwrap();
    let base = lumac::frontend_ir(&path, lumac::OptLevel::None);
    let _ = std::fs::remove_file(&path);
    let base = base.unwrap();
    let values = |m: &Module| {
        m.functions
            .iter()
            .map(|(_, f)| f.values.len())
            .sum::<usize>()
    };
    let calls = |m: &Module| {
        m.functions
            .iter()
            .flat_map(|(_, f)| f.values.iter())
            .filter(|(_, v)| matches!(v.def, luma_ir::ValueDef::Op(luma_ir::Op::Call { .. })))
            .count()
    };
    let budget = values(&base) * 16 + (1 << 18);
    let m = optimised(&base, OptLevel::Aggressive);
    assert!(
        values(&m) <= budget,
        "{} values after inlining, budget {budget}",
        values(&m)
    );
    assert!(calls(&m) > 0, "the budget should have left calls");
    let ep = &base.entry_points[0];
    let f = &base.functions[ep.function];
    let mut rng = Rng(0x5eed);
    let globals = random_globals(&base, &mut rng).unwrap();
    let calls: Vec<Vec<V>> = (0..2)
        .map(|i| entry_args(&base, f, ep.stage, i, &mut rng).unwrap())
        .collect();
    let expected = run(&base, &f.name, &globals, &calls).unwrap();
    let name = &m.functions[m.entry_points[0].function].name;
    let got = run(&m, name, &globals, &calls).unwrap();
    assert!(
        got.0.iter().zip(&expected.0).all(|(a, b)| same(a, b))
            && got.1.len() == expected.1.len()
            && got.1.iter().zip(&expected.1).all(|(a, b)| same(a, b)),
        "results differ\n  expected {expected:?}\n  got      {got:?}"
    );
}
