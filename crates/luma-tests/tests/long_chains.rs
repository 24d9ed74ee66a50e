//! Operator chains as long as `Limits::expression_depth` allows (`x + x + ... + x`, `c and c and
//! ... and c`: trees as deep as they are long, with no nesting in the text) compile for every
//! target at every level on a thread with a small stack, and each output passes its validator:
//! spirv-val for SPIR-V, glslangValidator for GLSL and (through its HLSL front end) HLSL, naga
//! for WGSL. One operand more is exactly one E0306. naga's SPIR-V reader is not used: it
//! recurses once per link of the chain and overflows its own stack on these modules. A long
//! `elseif` chain whose arms assign a local stays flat in every text output (WGSL bounds brace
//! nesting at 127, which naga enforces; DXC and the Metal compiler, clang underneath, at 256).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::process::Command;

use luma_testutil::{require_tool, run, scratch_dir};
use lumac::{compile, CompileResult, Limits, MemoryReader, OptLevel, Options, OutputData, Target};

/// A stack far smaller than a chain at the limit needs without growing it (about 600 bytes per
/// operand in a release build, several times that in a debug build).
const SMALL_STACK: usize = 256 * 1024;

/// `x + x + ... + x`, `depth` operands (a tree `depth` deep), stored to a buffer.
fn float_chain(depth: usize) -> String {
    format!(
        "buffer b: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet x = b[1]\n\tb[0] = {}\nend\n",
        vec!["x"; depth].join(" + ")
    )
}

/// `c and c and ... and c` as the condition of an if-expression, the whole `depth` deep (the
/// if-expression is one level above its condition's `depth - 1` operands).
fn and_chain(depth: usize) -> String {
    format!(
        "buffer b: []float\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet c = b[1] > 0.0\n\tb[0] = if {} then 1.0 else 0.0\nend\n",
        vec!["c"; depth - 1].join(" and ")
    )
}

/// An `elseif` chain of `arms` arms, each assigning one local (a material switch written out):
/// an `If` with a result nested in the previous one's reject block, `arms` deep in the IR.
fn elseif_chain_assigning(arms: usize) -> String {
    let mut s = String::from(
        "buffer b: []vec4\n@access(read) buffer kinds: []int\n@entry(compute) @workgroup_size(1)\nfunction main()\n\tlet k = kinds[0]\n\tlet x = float(k)\n\tlet c = vec3(0.0)\n\tif k == 0 then\n\t\tc = vec3(x)\n",
    );
    for i in 1..arms {
        s.push_str(&format!(
            "\telseif k == {i} then\n\t\tc = vec3({}.0, {}.5, x)\n",
            i % 7,
            i % 5
        ));
    }
    s.push_str("\tend\n\tb[0] = vec4(c, 1.0)\nend\n");
    s
}

/// Compiles `source` for every target on a thread with [`SMALL_STACK`].
fn compile_on_small_stack(source: String, opt_level: OptLevel) -> CompileResult {
    std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(move || {
            let options = Options {
                opt_level,
                ..Options::default()
            };
            compile(
                "chain.luma",
                &source,
                &MemoryReader::default(),
                &options,
                &Target::ALL,
            )
        })
        .unwrap()
        .join()
        .expect("compiling a long chain must not overflow the stack")
}

/// Every output of `result` through its validator; returns the failures.
fn validate(label: &str, result: &CompileResult) -> Vec<String> {
    let dir = scratch_dir(label);
    let mut failures = Vec::new();
    let check = |what: &str, cmd: &mut Command| {
        let (ok, log) = run(cmd);
        (!ok).then(|| format!("{label}: {what} rejected the output:\n{log}"))
    };
    for output in &result.outputs {
        let path = dir.join(output.file_name("chain"));
        std::fs::write(&path, output.data.as_bytes()).unwrap();
        let failure = match (output.target, &output.data) {
            (Target::Spirv, _) => check(
                "spirv-val",
                Command::new(require_tool("spirv-val"))
                    .args(["--target-env", "vulkan1.1"])
                    .arg(&path),
            ),
            (Target::Glsl, _) => check(
                "glslangValidator",
                Command::new(require_tool("glslangValidator"))
                    .args(["-V", "--target-env", "vulkan1.1", "-o"])
                    .arg(dir.join("glsl.spv"))
                    .arg(&path),
            ),
            (Target::Hlsl, _) => check(
                "glslangValidator (HLSL)",
                Command::new(require_tool("glslangValidator"))
                    .args(["-D", "-e", "main", "-S", "comp", "-V", "-o"])
                    .arg(dir.join("hlsl.spv"))
                    .arg(&path),
            ),
            (Target::Wgsl, OutputData::Text(text)) => {
                let parsed = naga::front::wgsl::parse_str(text);
                let valid = parsed.map_err(|e| e.emit_to_string(text)).and_then(|m| {
                    naga::valid::Validator::new(
                        naga::valid::ValidationFlags::all(),
                        naga::valid::Capabilities::all(),
                    )
                    .validate(&m)
                    .map(|_| ())
                    .map_err(|e| format!("{e:?}"))
                });
                valid
                    .err()
                    .map(|e| format!("{label}: naga rejected the WGSL:\n{e}"))
            }
            // No Metal compiler runs here; the MSL back end's own tests cover its output.
            _ => None,
        };
        failures.extend(failure);
    }
    let _ = std::fs::remove_dir_all(&dir);
    failures
}

#[test]
fn chains_at_the_depth_limit_compile_and_validate_on_a_small_stack() {
    let limit = Limits::default().expression_depth as usize;
    let mut failures = Vec::new();
    for (name, source) in [
        ("float_chain", float_chain(limit)),
        ("and_chain", and_chain(limit)),
    ] {
        for (level, level_name) in [(OptLevel::None, "none"), (OptLevel::Aggressive, "aggr")] {
            let label = format!("{name}-{level_name}");
            let result = compile_on_small_stack(source.clone(), level);
            assert!(result.success(), "{label}: {}", result.render(false));
            // One output per target (one GLSL file: one entry point).
            assert_eq!(result.outputs.len(), Target::ALL.len(), "{label}");
            failures.extend(validate(&label, &result));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn one_operand_past_the_limit_is_one_e0306() {
    let limit = Limits::default().expression_depth as usize;
    for source in [float_chain(limit + 1), and_chain(limit + 1)] {
        let result = compile_on_small_stack(source, OptLevel::default());
        let codes: Vec<&str> = result.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["E0306"], "{}", result.render(false));
    }
}

#[test]
fn an_elseif_chain_assigning_a_local_stays_flat_in_text_outputs() {
    let source = elseif_chain_assigning(300);
    let mut failures = Vec::new();
    for (level, level_name) in [(OptLevel::None, "none"), (OptLevel::Aggressive, "aggr")] {
        let label = format!("elseif_assigning-{level_name}");
        let result = compile_on_small_stack(source.clone(), level);
        assert!(result.success(), "{label}: {}", result.render(false));
        failures.extend(validate(&label, &result));
        // Every text target: function, `if`, and at most one more level inside an arm.
        for output in &result.outputs {
            let OutputData::Text(text) = &output.data else {
                continue;
            };
            let mut depth = 0usize;
            let mut deepest = 0usize;
            for c in text.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        deepest = deepest.max(depth);
                    }
                    '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            assert!(
                deepest <= 3,
                "{label} ({:?}): braces nest {deepest} deep:\n{text}",
                output.target
            );
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
