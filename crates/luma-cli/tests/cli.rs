//! Every flag of the `luma` binary, run as a user runs it: the real executable, real files,
//! exit codes, standard output and standard error. Shaders live in `tests/data/`; outputs go
//! to scratch directories; SPIR-V outputs are checked with `spirv-val`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use luma_testutil::{require_tool, run};
use sha2::{Digest, Sha256};

/// What one run of `luma` did.
struct Run {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Fails with everything the run printed unless it exited with `code`.
    #[track_caller]
    fn expect(self, code: i32) -> Run {
        assert_eq!(
            self.code,
            code,
            "exit code {} (expected {code})\n--- stdout\n{}\n--- stderr\n{}",
            self.code,
            self.stdout(),
            self.stderr
        );
        self
    }
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// A fresh, empty scratch directory.
fn scratch(label: &str) -> PathBuf {
    let dir = luma_testutil::scratch_dir(&format!("cli-{label}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `luma args...` in `tests/data`, feeding `stdin`.
fn luma_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_luma"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(bytes) = stdin {
        use std::io::Write;
        // A run that fails before reading its input (`check - -`) may close the pipe first.
        if let Err(e) = child.stdin.take().unwrap().write_all(bytes) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "luma panicked:\n{stderr}"
    );
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: out.stdout,
        stderr,
    }
}

fn luma(args: &[&str]) -> Run {
    luma_in(&data(), args, None)
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The sorted file names in `dir`.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[track_caller]
fn spirv_val(path: &Path) {
    let (ok, log) = run(Command::new(require_tool("spirv-val"))
        .args(["--target-env", "vulkan1.1"])
        .arg(path));
    assert!(ok, "spirv-val rejects {}:\n{log}", path.display());
}

// ------------------------------------------------------------------------------------------
// compile: targets, selection, destinations

#[test]
fn compile_writes_spirv_to_the_working_directory_by_default() {
    let dir = scratch("default");
    std::fs::copy(data().join("compute.luma"), dir.join("compute.luma")).unwrap();
    let run = luma_in(&dir, &["compile", "compute.luma"], None).expect(0);
    assert!(run.stdout.is_empty(), "one output is not reported");
    assert_eq!(files(&dir), ["compute.luma", "compute.spv"]);
    spirv_val(&dir.join("compute.spv"));
}

#[test]
fn target_selects_one_several_or_all_targets() {
    let dir = scratch("targets");
    let one = dir.join("one");
    luma(&[
        "compile",
        "compute.luma",
        "--target=wgsl",
        "--out-dir",
        s(&one),
    ])
    .expect(0);
    assert_eq!(files(&one), ["compute.wgsl"]);

    let two = dir.join("two");
    luma(&[
        "compile",
        "compute.luma",
        "--target",
        "glsl,hlsl",
        "--out-dir",
        s(&two),
    ])
    .expect(0);
    assert_eq!(files(&two), ["compute.hlsl", "compute.scale.comp"]);

    let repeated = dir.join("repeated");
    luma(&[
        "compile",
        "compute.luma",
        "-t",
        "msl",
        "-t",
        "spirv",
        "--out-dir",
        s(&repeated),
    ])
    .expect(0);
    assert_eq!(files(&repeated), ["compute.metal", "compute.spv"]);

    let all = dir.join("all");
    let run = luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--target=all",
        "--out-dir",
        s(&all),
    ])
    .expect(0);
    assert_eq!(
        files(&all),
        [
            "basic.basic_fs.frag",
            "basic.basic_vs.vert",
            "basic.hlsl",
            "basic.metal",
            "basic.spv",
            "basic.wgsl"
        ]
    );
    // Several outputs: each is reported with its SHA-256, in `sha256sum` format.
    let report = run.stdout();
    assert_eq!(report.lines().count(), 6, "{report}");
    for line in report.lines() {
        let (hash, path) = line.split_once("  ").unwrap();
        assert_eq!(hash, sha256_hex(&std::fs::read(path).unwrap()), "{line}");
    }
    spirv_val(&all.join("basic.spv"));
}

#[test]
fn stage_and_entry_select_entry_points() {
    let dir = scratch("select");
    let stage = dir.join("stage");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--target=glsl,spirv",
        "--stage=fragment",
        "--out-dir",
        s(&stage),
    ])
    .expect(0);
    assert_eq!(files(&stage), ["basic.basic_fs.frag", "basic.spv"]);
    spirv_val(&stage.join("basic.spv"));
    let dis = run(Command::new(require_tool("spirv-dis")).arg(stage.join("basic.spv"))).1;
    assert!(dis.contains("OpEntryPoint Fragment"), "{dis}");
    assert!(!dis.contains("OpEntryPoint Vertex"), "{dis}");

    let entry = dir.join("entry");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--target=glsl,hlsl",
        "--entry",
        "basic_vs",
        "--out-dir",
        s(&entry),
    ])
    .expect(0);
    assert_eq!(files(&entry), ["basic.basic_vs.vert", "basic.hlsl"]);
    let hlsl = std::fs::read_to_string(entry.join("basic.hlsl")).unwrap();
    assert!(
        hlsl.contains("basic_vs") && !hlsl.contains("basic_fs"),
        "{hlsl}"
    );
}

#[test]
fn a_missing_entry_point_is_an_error_without_a_source_location() {
    let run = luma(&["compile", "compute.luma", "--entry=nope", "-o", "-"]).expect(1);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr
            .starts_with("error[E0002]: no entry point `nope`\n |\n = note: entry points in this source: `scale` (compute)\n"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("did you mean"), "{}", run.stderr);
    // A misspelt name gets the entry point it is closest to.
    let run = luma(&["compile", "compute.luma", "--entry=scal", "-o", "-"]).expect(1);
    assert!(
        run.stderr.contains("= help: did you mean `--entry scale`?"),
        "{}",
        run.stderr
    );
    let run = luma(&["compile", "compute.luma", "--stage=vertex", "-o", "-"]).expect(1);
    assert!(
        run.stderr.contains("no entry point of stage `vertex`"),
        "{}",
        run.stderr
    );
}

#[test]
fn output_file_directory_and_stdout() {
    let dir = scratch("output");
    let file = dir.join("kernel.spv");
    luma(&["compile", "compute.luma", "-o", s(&file)]).expect(0);
    spirv_val(&file);

    let long = dir.join("long.spv");
    luma(&["compile", "compute.luma", "--output", s(&long)]).expect(0);
    assert_eq!(std::fs::read(&long).unwrap(), std::fs::read(&file).unwrap());

    let stdout = luma(&["compile", "compute.luma", "-o", "-"]).expect(0);
    assert_eq!(stdout.stdout, std::fs::read(&file).unwrap());

    // A trailing slash makes a directory; so does an existing directory.
    let slash = dir.join("made");
    luma(&[
        "compile",
        "compute.luma",
        "-t",
        "wgsl",
        "-o",
        &format!("{}/", s(&slash)),
    ])
    .expect(0);
    assert_eq!(files(&slash), ["compute.wgsl"]);
    luma(&["compile", "compute.luma", "-t", "hlsl", "-o", s(&slash)]).expect(0);
    assert_eq!(files(&slash), ["compute.hlsl", "compute.wgsl"]);
}

#[test]
fn several_outputs_do_not_fit_one_file() {
    let dir = scratch("one-file");
    let run = luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--target=all",
        "-o",
        s(&dir.join("x.out")),
    ])
    .expect(2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("luma: error: this compilation has 6 outputs"),
        "{}",
        run.stderr
    );
    assert!(files(&dir).is_empty(), "nothing is written");
    let run = luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "-t",
        "glsl",
        "-o",
        "-",
    ])
    .expect(2);
    assert!(run.stderr.contains("standard output"), "{}", run.stderr);
    assert!(run.stdout.is_empty());

    // Whether the outputs fit one file does not depend on which inputs compile: a failed
    // input counts for the outputs it would have, so the one that compiled is not written
    // to the file alone.
    let run = luma(&[
        "compile",
        "compute.luma",
        "errors.luma",
        "-o",
        s(&dir.join("x.spv")),
    ])
    .expect(2);
    assert!(run.stderr.contains("error[E"), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "luma: error: this compilation has at least 2 outputs once its sources compile, \
             which do not fit one output file"
        ),
        "{}",
        run.stderr
    );
    assert!(files(&dir).is_empty(), "nothing is written");
    let run = luma(&["compile", "errors.luma", "-t", "spirv,wgsl", "-o", "-"]).expect(2);
    assert!(
        run.stderr
            .contains("at least 2 outputs once its sources compile"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
    // One failed input with one output is an ordinary failure.
    let run = luma(&["compile", "errors.luma", "-o", s(&dir.join("x.spv"))]).expect(1);
    assert!(!run.stderr.contains("luma: error"), "{}", run.stderr);
    assert!(files(&dir).is_empty(), "nothing is written");
}

#[test]
fn two_inputs_with_one_stem_are_refused_before_writing() {
    let dir = scratch("collide");
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    let text = std::fs::read(data().join("compute.luma")).unwrap();
    std::fs::write(dir.join("a/k.luma"), &text).unwrap();
    std::fs::write(dir.join("b/k.luma"), &text).unwrap();
    let run = luma_in(
        &dir,
        &["compile", "a/k.luma", "b/k.luma", "--out-dir", "out"],
        None,
    )
    .expect(2);
    assert!(
        run.stderr
            .contains("`a/k.luma` and `b/k.luma` would both be written to `out/k.spv`"),
        "{}",
        run.stderr
    );
    assert!(!dir.join("out").exists());
    // Two permutations of one input whose values give one file name: another directory would
    // not help, so the fix named is the values.
    let run = luma_in(
        &dir,
        &[
            "compile",
            "a/k.luma",
            "--spec-matrix",
            "0=1e-3,1e+3",
            "--out-dir",
            "out",
        ],
        None,
    )
    .expect(2);
    assert!(
        run.stderr
            .contains("write the `--spec-matrix` values so that they differ in letters or digits"),
        "{}",
        run.stderr
    );
    assert!(!dir.join("out").exists());
}

#[test]
fn stdin_is_read_with_a_dash() {
    let text = std::fs::read(data().join("compute.luma")).unwrap();
    let run = luma_in(
        &data(),
        &["compile", "-", "-t", "wgsl", "-o", "-"],
        Some(&text),
    )
    .expect(0);
    assert!(
        run.stdout().contains("@compute @workgroup_size(64"),
        "{}",
        run.stdout()
    );

    let dir = scratch("stdin");
    luma_in(
        &data(),
        &["compile", "-", "--out-dir", s(&dir)],
        Some(&text),
    )
    .expect(0);
    assert_eq!(files(&dir), ["stdin.spv"]);

    let run = luma_in(&data(), &["check", "-"], Some(b"const A = missing\n")).expect(1);
    assert!(run.stderr.contains("--> <stdin>:1:11"), "{}", run.stderr);

    let run = luma(&["compile", "-", "-"]).expect(2);
    assert!(run
        .stderr
        .contains("standard input (`-`) can be read only once"));
}

// ------------------------------------------------------------------------------------------
// compile: source options

#[test]
fn include_dir_spellings() {
    let dir = scratch("include");
    for (i, args) in [
        vec!["--include-dir", "incdir"],
        vec!["--include-dir=incdir"],
        vec!["-I", "incdir"],
        vec!["-Iincdir"],
    ]
    .into_iter()
    .enumerate()
    {
        let out = dir.join(format!("{i}.spv"));
        let mut all = vec!["compile", "basic.luma", "-o", s(&out)];
        all.extend(args);
        luma(&all).expect(0);
        spirv_val(&out);
    }
    let run = luma(&["compile", "basic.luma", "-o", "-"]).expect(1);
    assert!(run.stderr.contains("error[E0101]"), "{}", run.stderr);
    assert!(run.stderr.contains("shared.luma"), "{}", run.stderr);
}

#[test]
fn spec_bakes_values() {
    let default = luma(&["compile", "compute.luma", "-t", "glsl", "-o", "-"])
        .expect(0)
        .stdout();
    assert!(default.contains("constant_id = 0"), "{default}");
    let baked = luma(&[
        "compile",
        "compute.luma",
        "-t",
        "glsl",
        "-o",
        "-",
        "--spec",
        "0=8",
    ])
    .expect(0)
    .stdout();
    assert!(!baked.contains("constant_id = 0"), "{baked}");
    assert!(baked.contains("8.0"), "{baked}");
    assert!(
        baked.contains("constant_id = 1"),
        "the other constant stays: {baked}"
    );

    let run = luma(&["compile", "compute.luma", "--spec", "0=maybe", "-o", "-"]).expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: invalid --spec: `maybe` is not a boolean or a number\n"
    );
    let run = luma(&["compile", "compute.luma", "--spec", "9=1", "-o", "-"]).expect(1);
    assert!(run
        .stderr
        .contains("error[E0003]: no specialization constant has id 9"));
    assert!(
        run.stderr.contains("0 (`SCALE`), 1 (`CLAMP`)"),
        "{}",
        run.stderr
    );
    let run = luma(&["compile", "compute.luma", "--spec", "1=2.5", "-o", "-"]).expect(1);
    assert!(run.stderr.contains("--> compute.luma:4:"), "{}", run.stderr);
    // The message quotes the value given and the constant's type.
    assert!(
        run.stderr
            .contains("`--spec 1=2.5` does not fit `CLAMP`, whose type is `bool`"),
        "{}",
        run.stderr
    );
}

#[test]
fn spec_matrix_compiles_every_permutation_in_parallel() {
    let dir = scratch("matrix");
    let manifest = dir.join("manifest.json");
    let run = luma(&[
        "compile",
        "compute.luma",
        "--spec-matrix",
        "0=1,2.5",
        "--spec-matrix",
        "1=false,true",
        "--out-dir",
        s(&dir),
        "--manifest",
        s(&manifest),
        "-j",
        "3",
    ])
    .expect(0);
    let names = [
        "compute.s0_1.s1_false.spv",
        "compute.s0_1.s1_true.spv",
        "compute.s0_2_5.s1_false.spv",
        "compute.s0_2_5.s1_true.spv",
    ];
    let mut expected: Vec<&str> = names.to_vec();
    expected.push("manifest.json");
    assert_eq!(files(&dir), expected);
    let mut hashes = Vec::new();
    for (line, name) in run.stdout().lines().zip(names) {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(line, format!("{}  {}", sha256_hex(&bytes), s(&path)));
        spirv_val(&path);
        hashes.push(sha256_hex(&bytes));
    }
    hashes.sort();
    hashes.dedup();
    assert_eq!(hashes.len(), 4, "every permutation differs");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    assert_eq!(json["schema"], "luma-manifest/1");
    assert_eq!(json["outputs"][2]["spec"]["0"], "2.5");
    assert_eq!(json["outputs"][2]["spec"]["1"], "false");

    // `spec` is the permutation: a value baked with `--spec` holds for every output and is not
    // listed (docs/cli.md).
    let baked = scratch("matrix-baked");
    let manifest = baked.join("manifest.json");
    luma(&[
        "compile",
        "compute.luma",
        "--spec",
        "1=true",
        "--spec-matrix",
        "0=1",
        "--out-dir",
        s(&baked),
        "--manifest",
        s(&manifest),
    ])
    .expect(0);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    assert_eq!(json["outputs"][0]["spec"], serde_json::json!({ "0": "1" }));

    let run = luma(&["compile", "compute.luma", "--spec-matrix", "0"]).expect(2);
    assert!(
        run.stderr.contains("expected ID=V1,V2,..."),
        "{}",
        run.stderr
    );

    // One id in two `--spec-matrix`, or baked and varied at once, is refused: the later value
    // replaced the earlier one in every permutation, so `s0_1.s0_3` and `s0_2.s0_3` were the
    // same program under names that said otherwise.
    let twice = scratch("matrix-twice");
    let run = luma(&[
        "compile",
        "compute.luma",
        "--spec-matrix",
        "0=1,2",
        "--spec-matrix",
        "0=3",
        "--out-dir",
        s(&twice),
    ])
    .expect(2);
    assert!(
        run.stderr.contains("--spec-matrix gives id 0 twice"),
        "{}",
        run.stderr
    );
    assert!(files(&twice).is_empty(), "{:?}", files(&twice));
    let run = luma(&[
        "compile",
        "compute.luma",
        "--spec",
        "0=5",
        "--spec-matrix",
        "0=1,2",
        "--out-dir",
        s(&twice),
    ])
    .expect(2);
    assert!(
        run.stderr
            .contains("specialization constant 0 is both baked with --spec and varied"),
        "{}",
        run.stderr
    );
    assert!(files(&twice).is_empty(), "{:?}", files(&twice));
}

#[test]
fn opt_levels() {
    let dir = scratch("opt");
    let mut sizes = Vec::new();
    for level in ["none", "basic", "aggressive"] {
        let out = dir.join(format!("{level}.spv"));
        luma(&[
            "compile",
            "basic.luma",
            "-I",
            "incdir",
            "--opt",
            level,
            "-o",
            s(&out),
        ])
        .expect(0);
        spirv_val(&out);
        sizes.push(std::fs::metadata(&out).unwrap().len());
    }
    assert!(
        sizes[0] > sizes[2],
        "aggressive is smaller than none: {sizes:?}"
    );
    let run = luma(&["compile", "basic.luma", "--opt=fast"]).expect(2);
    assert!(run
        .stderr
        .contains("[possible values: none, basic, aggressive]"));
}

#[test]
fn debug_and_line_directives() {
    let dir = scratch("debug");
    let plain = dir.join("plain.spv");
    let debug = dir.join("debug.spv");
    luma(&["compile", "basic.luma", "-I", "incdir", "-o", s(&plain)]).expect(0);
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--debug",
        "-o",
        s(&debug),
    ])
    .expect(0);
    spirv_val(&debug);
    let dis = |p: &Path| run(Command::new(require_tool("spirv-dis")).arg(p)).1;
    assert!(!dis(&plain).contains("OpLine"));
    let text = dis(&debug);
    assert!(text.contains("OpLine") && text.contains("OpName"), "{text}");

    let glsl = |extra: &[&str]| {
        let mut args = vec![
            "compile",
            "basic.luma",
            "-I",
            "incdir",
            "-t",
            "glsl",
            "--entry",
            "basic_fs",
            "-o",
            "-",
        ];
        args.extend(extra);
        luma(&args).expect(0).stdout()
    };
    assert!(!glsl(&[]).contains("#line"));
    assert!(glsl(&["--debug"]).contains("#line"));
    let lines = glsl(&["--line-directives"]);
    assert!(
        lines.contains("#line") && lines.contains("nested.luma"),
        "{lines}"
    );
}

#[test]
fn no_bounds_checks_drops_the_clamps() {
    let compile = |target: &str, extra: &[&str]| {
        let mut args = vec![
            "compile",
            "basic.luma",
            "-I",
            "incdir",
            "-t",
            target,
            "--entry",
            "basic_fs",
            "-o",
            "-",
        ];
        args.extend(extra);
        luma(&args).expect(0).stdout()
    };
    let checked = compile("glsl", &[]);
    let unchecked = compile("glsl", &["--no-bounds-checks"]);
    assert!(checked.contains("colors[min(uint("), "{checked}");
    assert!(!unchecked.contains("min(uint("), "{unchecked}");
    // WGSL keeps an out-of-range access within its buffer, not its array: the output clamps
    // `palette.colors[palette.index]` itself unless told not to.
    let checked = compile("wgsl", &[]);
    let unchecked = compile("wgsl", &["--no-bounds-checks"]);
    assert!(checked.contains("colors[min("), "{checked}");
    assert!(!unchecked.contains("min("), "{unchecked}");
}

#[test]
fn spirv_version_sets_the_header() {
    let dir = scratch("spirv-version");
    for (flag, word) in [
        ("1.0", 0x0001_0000u32),
        ("1.3", 0x0001_0300),
        ("1.6", 0x0001_0600),
    ] {
        let out = dir.join(format!("{flag}.spv"));
        luma(&[
            "compile",
            "compute.luma",
            "--spirv-version",
            flag,
            "-o",
            s(&out),
        ])
        .expect(0);
        let bytes = std::fs::read(&out).unwrap();
        assert_eq!(
            u32::from_le_bytes(bytes[4..8].try_into().unwrap()),
            word,
            "{flag}"
        );
    }
    let run = luma(&["compile", "compute.luma", "--spirv-version=2.0"]).expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: invalid --spirv-version `2.0`: expected 1.0 to 1.6\n"
    );
}

#[test]
fn hlsl_registers_of_arrays_do_not_overlap_and_reflection_reports_them() {
    let hlsl = luma(&["compile", "texture_arrays.luma", "-t", "hlsl", "-o", "-"])
        .expect(0)
        .stdout();
    // `texs` takes t0..t3: `other` (binding 1) gets t4, the sampler keeps s2.
    for line in [
        "[[vk::binding(0, 0)]] Texture2D<float4> texs[4] : register(t0, space0);",
        "[[vk::binding(1, 0)]] Texture2D<float4> other : register(t4, space0);",
        "[[vk::binding(2, 0)]] SamplerState samp : register(s2, space0);",
    ] {
        assert!(hlsl.lines().any(|l| l == line), "no `{line}` in:\n{hlsl}");
    }
    let json = luma(&["reflect", "texture_arrays.luma"]).expect(0).stdout();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let registers: Vec<(String, String, u64)> = json["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["name"].as_str().unwrap().to_string(),
                b["hlsl"]["register"].as_str().unwrap().to_string(),
                b["hlsl"]["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        registers,
        [
            ("texs".to_string(), "t0".to_string(), 4),
            ("other".to_string(), "t4".to_string(), 1),
            ("samp".to_string(), "s2".to_string(), 1),
        ]
    );
    // Metal's indices were already contiguous per class.
    let msl = luma(&["compile", "texture_arrays.luma", "-t", "msl", "-o", "-"])
        .expect(0)
        .stdout();
    assert!(msl.contains("texs [[texture(0)]]"), "{msl}");
    assert!(msl.contains("other [[texture(4)]]"), "{msl}");
}

#[test]
fn entry_drops_resources_only_other_entry_points_use_on_every_target() {
    for target in ["hlsl", "glsl", "msl", "wgsl"] {
        let text = luma(&[
            "compile",
            "entry_resources.luma",
            "--entry",
            "vs",
            "-t",
            target,
            "-o",
            "-",
        ])
        .expect(0)
        .stdout();
        assert!(
            !text.contains("only_fs") && !text.contains("Sampler"),
            "{target} keeps what only `fs` uses:\n{text}"
        );
    }
    let both = luma(&["compile", "entry_resources.luma", "-t", "hlsl", "-o", "-"])
        .expect(0)
        .stdout();
    assert!(
        both.contains("Texture2D<float4> only_fs : register(t0, space0);"),
        "{both}"
    );
}

#[test]
fn hlsl_and_msl_options() {
    // `num_workgroups` needs a constant buffer in HLSL.
    let run = luma(&["compile", "workgroups.luma", "-t", "hlsl", "-o", "-"]).expect(1);
    assert!(run.stderr.contains("error[E0922]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("--> workgroups.luma:6:10"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("--hlsl-num-workgroups"),
        "{}",
        run.stderr
    );
    let hlsl = luma(&[
        "compile",
        "workgroups.luma",
        "-t",
        "hlsl",
        "--hlsl-num-workgroups",
        "2,5",
        "-o",
        "-",
    ])
    .expect(0)
    .stdout();
    assert!(hlsl.contains("register(b5, space2)"), "{hlsl}");
    luma(&["compile", "workgroups.luma", "--hlsl-num-workgroups", "2"]).expect(2);

    // `half` picks shader model 6.2 unless told otherwise.
    let auto = luma(&["compile", "half.luma", "-t", "hlsl", "-o", "-"])
        .expect(0)
        .stdout();
    assert!(auto.contains("6.2"), "{auto}");
    let run = luma(&[
        "compile",
        "half.luma",
        "-t",
        "hlsl",
        "--hlsl-shader-model",
        "6.0",
        "-o",
        "-",
    ])
    .expect(1);
    assert!(run.stderr.contains("shader model 6.2"), "{}", run.stderr);
    let six = luma(&[
        "compile",
        "compute.luma",
        "-t",
        "hlsl",
        "--hlsl-shader-model=6.6",
        "-o",
        "-",
    ])
    .expect(0)
    .stdout();
    assert!(six.contains("6.6"), "{six}");

    let msl = luma(&[
        "compile",
        "compute.luma",
        "-t",
        "msl",
        "--msl-version",
        "2.1",
        "-o",
        "-",
    ])
    .expect(0)
    .stdout();
    assert!(msl.contains("2.1"), "{msl}");
    luma(&[
        "compile",
        "compute.luma",
        "-t",
        "msl",
        "--msl-version",
        "3.0",
    ])
    .expect(2);
}

#[test]
fn backend_errors_point_at_the_entry_point() {
    let run = luma(&["compile", "stages.luma", "-t", "wgsl", "-o", "-"]).expect(1);
    let expected = "\
error[E0950]: wgsl: WGSL has no geometry stage (entry point `unsupported`)
 --> stages.luma:6:10
  |
6 | function unsupported()
  |          ^^^^^^^^^^^ entry point `unsupported`
  |
  = note: the error is the WGSL back end's: other targets were not tried, and `--target` selects them
error: could not compile `stages.luma` due to 1 error
";
    assert_eq!(run.stderr, expected);
    // No back end writes a geometry stage: the note must not send the user to another target.
    let out = scratch("backend_errors").join("out");
    let run = luma(&[
        "compile",
        "stages.luma",
        "-t",
        "spirv,wgsl",
        "--out-dir",
        s(&out),
    ])
    .expect(1);
    assert_eq!(
        run.stderr
            .lines()
            .filter(|line| line.contains("note:"))
            .collect::<Vec<_>>(),
        ["  = note: every requested target failed: SPIR-V and WGSL"; 2],
        "{}",
        run.stderr
    );
    // Where some targets compile, the note names them and the flag that writes them alone.
    let run = luma(&[
        "compile",
        "half_push.luma",
        "-t",
        "all",
        "--out-dir",
        s(&out),
    ])
    .expect(1);
    assert!(run.stderr.contains("error[E0955]: wgsl:"), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "note: SPIR-V, GLSL, HLSL and MSL compiled this module; \
             `--target spirv,glsl,hlsl,msl` writes only them"
        ),
        "{}",
        run.stderr
    );
    assert!(!out.exists(), "a failed compilation wrote outputs");
    // The compute entry alone compiles everywhere.
    luma(&[
        "compile",
        "stages.luma",
        "-t",
        "wgsl",
        "--entry",
        "fine",
        "-o",
        "-",
    ])
    .expect(0);
}

// ------------------------------------------------------------------------------------------
// compile: build-system integration

#[test]
fn hash_reports_ir_and_output_hashes() {
    let dir = scratch("hash");
    let out = dir.join("k.spv");
    let run = luma(&["compile", "compute.luma", "--hash", "-o", s(&out)]).expect(0);
    let ir = luma(&["dump-ir", "compute.luma", "--hash"])
        .expect(0)
        .stdout();
    let expected = format!(
        "ir:{}  compute.luma\n{}  {}\n",
        ir.trim(),
        sha256_hex(&std::fs::read(&out).unwrap()),
        s(&out)
    );
    assert_eq!(run.stdout(), expected);
    // With the output on standard output, the report goes to standard error.
    let run = luma(&["compile", "compute.luma", "--hash", "-o", "-"]).expect(0);
    assert!(
        run.stderr
            .starts_with(&format!("ir:{}  compute.luma\n", ir.trim())),
        "{}",
        run.stderr
    );
    assert!(run
        .stderr
        .contains(&format!("{}  -\n", sha256_hex(&run.stdout))));

    // A name with a line break or a backslash is escaped as GNU sha256sum writes it (a
    // leading backslash, then `\\`, `\n`, `\r` in the name), so `sha256sum -c` reads the
    // report back; the line break no longer ends the line inside the name.
    std::fs::copy(data().join("compute.luma"), dir.join("a\\b\nc.luma")).unwrap();
    let run = luma_in(
        &dir,
        &["compile", "a\\b\nc.luma", "--hash", "-t", "spirv,wgsl"],
        None,
    )
    .expect(0);
    let spv = sha256_hex(&std::fs::read(dir.join("a\\b\nc.spv")).unwrap());
    let wgsl = sha256_hex(&std::fs::read(dir.join("a\\b\nc.wgsl")).unwrap());
    assert_eq!(
        run.stdout(),
        format!(
            "ir:\\{}  a\\\\b\\nc.luma\n\\{spv}  ./a\\\\b\\nc.spv\n\\{wgsl}  ./a\\\\b\\nc.wgsl\n",
            ir.trim()
        )
    );
}

#[test]
fn output_is_deterministic() {
    let dir = scratch("deterministic");
    let a = dir.join("a");
    let b = dir.join("b");
    luma(&[
        "compile",
        "basic.luma",
        "compute.luma",
        "-I",
        "incdir",
        "--target=all",
        "--out-dir",
        s(&a),
        "-j",
        "1",
    ])
    .expect(0);
    luma(&[
        "compile",
        "basic.luma",
        "compute.luma",
        "-I",
        "incdir",
        "--target=all",
        "--out-dir",
        s(&b),
        "--deterministic",
        "--jobs",
        "4",
    ])
    .expect(0);
    assert_eq!(files(&a), files(&b));
    for name in files(&a) {
        assert_eq!(
            std::fs::read(a.join(&name)).unwrap(),
            std::fs::read(b.join(&name)).unwrap(),
            "{name} differs"
        );
    }
}

#[test]
fn depfile_lists_every_included_file() {
    let dir = scratch("depfile");
    let out = dir.join("basic.spv");
    let dep = dir.join("basic.d");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "-o",
        s(&out),
        "-MD",
        "-MF",
        s(&dep),
        "-MT",
        "build/basic.spv",
    ])
    .expect(0);
    let text = std::fs::read_to_string(&dep).unwrap();
    // By the paths they were opened with, as GCC lists them: `nested.luma` is included by
    // `lib/common.luma`, and `shared.luma` found in the include directory.
    let (common, nested, shared) = ("lib/common.luma", "lib/nested.luma", "incdir/shared.luma");
    assert_eq!(
        text,
        format!(
            "build/basic.spv: \\\n  basic.luma \\\n  {common} \\\n  {nested} \\\n  {shared}\n\n\
             {common}:\n\n{nested}:\n\n{shared}:\n"
        )
    );
}

#[test]
fn depfile_flag_spellings() {
    let dir = scratch("depfile-spellings");
    let out = dir.join("basic.spv");
    // Joined values, like the C compilers' `-MFfile`.
    let joined = dir.join("joined.d");
    luma(&[
        "compile",
        "basic.luma",
        "-Iincdir",
        "-o",
        s(&out),
        "-MD",
        &format!("-MF{}", s(&joined)),
        "-MTx.spv",
    ])
    .expect(0);
    assert!(std::fs::read_to_string(&joined)
        .unwrap()
        .starts_with("x.spv: \\\n  basic.luma"));
    // Long spellings.
    let long = dir.join("long.d");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "-o",
        s(&out),
        "--MD",
        "--MF",
        s(&long),
        "--MT",
        "y.spv",
    ])
    .expect(0);
    assert!(std::fs::read_to_string(&long)
        .unwrap()
        .starts_with("y.spv: "));
    // -MMD is -MD; without -MF the depfile sits next to the output, extension replaced.
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "-o",
        s(&out),
        "-MMD",
    ])
    .expect(0);
    let default = std::fs::read_to_string(dir.join("basic.d")).unwrap();
    assert!(
        default.starts_with(&format!("{}: \\\n  basic.luma", s(&out))),
        "{default}"
    );
    // -MQ escapes Make's special characters, -MT does not; both may repeat.
    let quoted = dir.join("quoted.d");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "-o",
        s(&out),
        "-MF",
        s(&quoted),
        "-MQ",
        "a b$.spv",
        "-MT",
        "c.spv",
    ])
    .expect(0);
    assert!(std::fs::read_to_string(&quoted)
        .unwrap()
        .starts_with("c.spv a\\ b$$.spv: "));
}

#[test]
fn depfile_rules_per_input_and_target() {
    let dir = scratch("depfile-many");
    let dep = dir.join("all.d");
    luma(&[
        "compile",
        "basic.luma",
        "compute.luma",
        "-I",
        "incdir",
        "-t",
        "spirv,wgsl",
        "--out-dir",
        s(&dir),
        "-MF",
        s(&dep),
    ])
    .expect(0);
    let text = std::fs::read_to_string(&dep).unwrap();
    let basic = format!(
        "{0}/basic.spv {0}/basic.wgsl: \\\n  basic.luma \\\n",
        s(&dir)
    );
    let compute = format!(
        "{0}/compute.spv {0}/compute.wgsl: \\\n  compute.luma\n",
        s(&dir)
    );
    assert!(text.starts_with(&basic), "{text}");
    assert!(text.contains(&compute), "{text}");
    // Without -MF, one depfile per input, next to its first output.
    let each = dir.join("each");
    luma(&[
        "compile",
        "basic.luma",
        "compute.luma",
        "-I",
        "incdir",
        "--out-dir",
        s(&each),
        "-MD",
    ])
    .expect(0);
    assert_eq!(
        files(&each),
        ["basic.d", "basic.spv", "compute.d", "compute.spv"]
    );
}

#[test]
fn depfile_needs_a_name_and_a_rule_with_stdout() {
    let run = luma(&["compile", "compute.luma", "-o", "-", "-MD"]).expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: -MD with output to standard output needs -MF FILE to name the depfile\n"
    );
    let dir = scratch("depfile-stdout");
    let dep = dir.join("k.d");
    let run = luma(&["compile", "compute.luma", "-o", "-", "-MF", s(&dep)]).expect(2);
    assert!(run.stderr.contains("needs -MT TARGET"), "{}", run.stderr);
    luma(&[
        "compile",
        "compute.luma",
        "-o",
        "-",
        "-MF",
        s(&dep),
        "-MT",
        "k.spv",
    ])
    .expect(0);
    assert_eq!(
        std::fs::read_to_string(&dep).unwrap(),
        "k.spv: \\\n  compute.luma\n"
    );
}

#[test]
fn depfile_and_manifest_to_stdout_with_a_dash() {
    let dir = scratch("dash-stdout");
    let out = dir.join("o");
    // `-MF -`: the depfile on standard output, the report of written files on standard error.
    let run = luma(&[
        "compile",
        "compute.luma",
        "-t",
        "spirv,wgsl",
        "--out-dir",
        s(&out),
        "-MF",
        "-",
    ])
    .expect(0);
    let spv = out.join("compute.spv");
    let wgsl = out.join("compute.wgsl");
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!("{} {}: \\\n  compute.luma\n", s(&spv), s(&wgsl))
    );
    assert!(run.stderr.contains(s(&spv)), "{}", run.stderr);
    // `--manifest -`.
    let run = luma(&[
        "compile",
        "compute.luma",
        "--out-dir",
        s(&out),
        "--manifest",
        "-",
    ])
    .expect(0);
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(json["schema"], "luma-manifest/1");
    assert_eq!(json["outputs"][0]["path"], s(&spv));
    // Neither writes a file named `-`.
    assert!(!data().join("-").exists());
    // Two writers of standard output are refused before anything is written.
    let run = luma(&[
        "compile",
        "compute.luma",
        "-o",
        "-",
        "-MF",
        "-",
        "-MT",
        "k.spv",
    ])
    .expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: `-o -` and `-MF -` both write to standard output; send one of them to a file\n"
    );
    assert!(run.stdout.is_empty());
    let run = luma(&[
        "compile",
        "compute.luma",
        "--out-dir",
        s(&out),
        "-MF",
        "-",
        "--manifest",
        "-",
    ])
    .expect(2);
    assert!(
        run.stderr.contains("`-MF -` and `--manifest -` both write"),
        "{}",
        run.stderr
    );
}

#[test]
fn no_depfile_for_a_failed_compilation() {
    let dir = scratch("depfile-failed");
    let dep = dir.join("e.d");
    luma(&[
        "compile",
        "errors.luma",
        "--out-dir",
        s(&dir),
        "-MF",
        s(&dep),
    ])
    .expect(1);
    assert!(!dep.exists());
    // Beside an input that compiles, the failed one gets no rule: the other's depfile is
    // written, as its outputs are (beside them, or its rule in the `-MF` file).
    let apart = scratch("depfile-failed-apart");
    luma(&[
        "compile",
        "compute.luma",
        "errors.luma",
        "--out-dir",
        s(&apart),
        "-MD",
    ])
    .expect(1);
    assert_eq!(files(&apart), ["compute.d", "compute.spv"]);
    luma(&[
        "compile",
        "compute.luma",
        "errors.luma",
        "--out-dir",
        s(&apart),
        "-MF",
        s(&dep),
    ])
    .expect(1);
    let text = std::fs::read_to_string(&dep).unwrap();
    assert!(
        text.contains("compute.luma") && !text.contains("errors.luma"),
        "{text}"
    );
    // One `-MT` rule stands for every input: with one failed, nothing is written.
    std::fs::remove_file(&dep).unwrap();
    luma(&[
        "compile",
        "compute.luma",
        "errors.luma",
        "--out-dir",
        s(&apart),
        "-MF",
        s(&dep),
        "-MT",
        "all",
    ])
    .expect(1);
    assert!(!dep.exists());
}

#[test]
fn manifest_lists_outputs_with_hashes_and_entry_names() {
    let dir = scratch("manifest");
    let manifest = dir.join("m.json");
    luma(&[
        "compile",
        "basic.luma",
        "-I",
        "incdir",
        "--target=hlsl,glsl",
        "--out-dir",
        s(&dir),
        "--manifest",
        s(&manifest),
    ])
    .expect(0);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let outputs = json["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 3);
    for o in outputs {
        let bytes = std::fs::read(o["path"].as_str().unwrap()).unwrap();
        assert_eq!(o["sha256"], sha256_hex(&bytes));
        assert_eq!(o["input"], "basic.luma");
        assert_eq!(o["ir_sha256"].as_str().unwrap().len(), 64);
    }
    assert_eq!(outputs[0]["target"], "glsl");
    assert_eq!(outputs[0]["entry_point"], "basic_vs");
    assert_eq!(outputs[0]["entry_points"][0]["target_name"], "main");
    let hlsl = &outputs[2];
    assert_eq!(hlsl["target"], "hlsl");
    assert_eq!(hlsl["entry_points"][1]["name"], "basic_fs");
    assert_eq!(hlsl["entry_points"][1]["profile"], "ps_6_0");
}

#[test]
fn response_files() {
    let dir = scratch("response");
    let out = dir.join("out dir");
    let inner = dir.join("inner.rsp");
    std::fs::write(&inner, "-I incdir\n--target 'spirv,wgsl'\n").unwrap();
    let outer = dir.join("args.rsp");
    std::fs::write(
        &outer,
        format!(
            "compile basic.luma\n@{}\n--out-dir \"{}\"\n",
            s(&inner),
            s(&out)
        ),
    )
    .unwrap();
    luma(&[&format!("@{}", s(&outer))]).expect(0);
    assert_eq!(files(&out), ["basic.spv", "basic.wgsl"]);
    // A file saved with a UTF-8 byte-order mark and CRLF line ends (Windows editors and
    // PowerShell write them) reads the same: the mark is not part of the first argument.
    let bom = dir.join("bom.rsp");
    let bom_out = dir.join("bom");
    std::fs::write(
        &bom,
        format!(
            "\u{feff}compile basic.luma\r\n-I incdir\r\n-o \"{}/\"\r\n",
            s(&bom_out)
        ),
    )
    .unwrap();
    luma(&[&format!("@{}", s(&bom))]).expect(0);
    assert_eq!(files(&bom_out), ["basic.spv"]);

    let run = luma(&["@missing.rsp"]).expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: cannot read response file `missing.rsp`: no such file or directory\n"
    );
    let cycle = dir.join("cycle.rsp");
    std::fs::write(&cycle, format!("compile @{}", s(&cycle))).unwrap();
    let run = luma(&[&format!("@{}", s(&cycle))]).expect(2);
    assert!(run.stderr.contains("includes itself"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1);
    // After `--`, `@name` is a file name.
    let run = luma(&["check", "--", "@not-a-response-file.luma"]).expect(2);
    assert!(
        run.stderr
            .contains("cannot read `@not-a-response-file.luma`"),
        "{}",
        run.stderr
    );
}

#[test]
fn reflect_flag_writes_reflection_with_the_outputs() {
    let dir = scratch("compile-reflect");
    let manifest = dir.join("m.json");
    let run = luma(&[
        "compile",
        "compute.luma",
        "--reflect",
        "--out-dir",
        s(&dir),
        "--manifest",
        s(&manifest),
        "--spec-matrix",
        "0=1,2",
    ])
    .expect(0);
    assert_eq!(
        files(&dir),
        [
            "compute.s0_1.reflect.json",
            "compute.s0_1.spv",
            "compute.s0_2.reflect.json",
            "compute.s0_2.spv",
            "m.json"
        ]
    );
    let text = std::fs::read_to_string(dir.join("compute.s0_1.reflect.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["schema"], "luma-reflect/1");
    // The same as `luma reflect` with the same options.
    let alone = luma(&["reflect", "compute.luma"]).expect(0).stdout();
    let alone: serde_json::Value = serde_json::from_str(&alone).unwrap();
    assert_eq!(json["bindings"], alone["bindings"]);
    assert_eq!(run.stdout().lines().count(), 4, "{}", run.stdout());
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    assert_eq!(m["outputs"][1]["target"], "reflection");
    let bytes = std::fs::read(dir.join("compute.s0_1.reflect.json")).unwrap();
    assert_eq!(m["outputs"][1]["sha256"], sha256_hex(&bytes));
}

#[test]
fn reflect_command_flags() {
    let all = luma(&["reflect", "basic.luma", "-I", "incdir"])
        .expect(0)
        .stdout();
    let all: serde_json::Value = serde_json::from_str(&all).unwrap();
    assert_eq!(all["schema"], "luma-reflect/1");
    assert_eq!(all["entry_points"].as_array().unwrap().len(), 2);
    let one = luma(&[
        "reflect",
        "basic.luma",
        "--include-dir=incdir",
        "--entry",
        "basic_fs",
    ])
    .expect(0)
    .stdout();
    let one: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(one["entry_points"].as_array().unwrap().len(), 1);
    assert_eq!(one["entry_points"][0]["name"], "basic_fs");
    let spirv = luma(&["reflect", "basic.luma", "-Iincdir", "--spirv"])
        .expect(0)
        .stdout();
    let spirv: serde_json::Value = serde_json::from_str(&spirv).unwrap();
    assert_eq!(spirv["schema"], "luma-reflect-spirv/1");
    let dir = scratch("reflect-output");
    let out = dir.join("r.json");
    let run = luma(&["reflect", "compute.luma", "-o", s(&out)]).expect(0);
    assert!(run.stdout.is_empty());
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text,
        luma(&["reflect", "compute.luma", "--output", "-"])
            .expect(0)
            .stdout()
    );
    let run = luma(&["reflect", "errors.luma"]).expect(1);
    assert!(run.stderr.contains("E0203") && run.stdout.is_empty());
    let run = luma(&["reflect", "compute.luma", "--entry", "nope"]).expect(1);
    assert!(run.stderr.contains("error[E0002]"), "{}", run.stderr);
    // Resources HLSL cannot number (registers past the last) are the HLSL back end's error,
    // which reflection (it gives every resource its register) shares: exit code 1, not an
    // internal compiler error.
    let past_the_last = b"@binding(4294967295) uniform t: [2]texture2D\n\
        @entry(fragment)\nfunction fs() -> (c: vec4)\n\treturn { c = texel_fetch(t[1], ivec2(0), 0) }\nend\n";
    let run = luma_in(&data(), &["reflect", "-"], Some(past_the_last)).expect(1);
    assert!(
        run.stderr
            .contains("error[E0920]: hlsl: `t` needs HLSL registers past t4294967295"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("internal"), "{}", run.stderr);
    // The compile options that change what is reflected: a baked `--spec` is no longer a
    // specialization constant; `--stage` selects as `--entry` does.
    let baked = luma(&["reflect", "compute.luma", "--spec", "0=3", "--opt", "none"])
        .expect(0)
        .stdout();
    let baked: serde_json::Value = serde_json::from_str(&baked).unwrap();
    let ids: Vec<u64> = baked["spec_constants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [1]);
    let fs = luma(&["reflect", "basic.luma", "-Iincdir", "--stage", "fragment"])
        .expect(0)
        .stdout();
    let fs: serde_json::Value = serde_json::from_str(&fs).unwrap();
    assert_eq!(fs["entry_points"].as_array().unwrap().len(), 1);
    assert_eq!(fs["entry_points"][0]["name"], "basic_fs");

    // `--no-bounds-checks` as `compile` has it: the MSL output then reads no buffer size to
    // clamp an index, so it declares no sizes buffer, and reflection must not list one.
    let indexed = b"buffer data: []uint\n@entry(compute) @workgroup_size(1)\n\
        function k(@builtin(global_invocation_id) id: uvec3)\n\tdata[id.x] = data[id.x] + 1u\nend\n";
    let msl_of = |args: &[&str]| -> serde_json::Value {
        let run = luma_in(&data(), args, Some(indexed)).expect(0);
        serde_json::from_slice::<serde_json::Value>(&run.stdout).unwrap()["msl"].clone()
    };
    let checked = msl_of(&["reflect", "-"]);
    assert_eq!(checked["sizes_buffer"], 1);
    assert_eq!(checked["sizes"], serde_json::json!(["data"]));
    let unchecked = msl_of(&["reflect", "-", "--no-bounds-checks"]);
    assert_eq!(unchecked["sizes_buffer"], serde_json::Value::Null);
    assert_eq!(unchecked["sizes"], serde_json::json!([]));
    let metal = luma_in(
        &data(),
        &["compile", "-", "--no-bounds-checks", "-t", "msl", "-o", "-"],
        Some(indexed),
    )
    .expect(0)
    .stdout();
    assert!(!metal.contains("luma_buffer_sizes"), "{metal}");
    assert!(metal.contains("[[buffer(0)]]"), "{metal}");
}

// ------------------------------------------------------------------------------------------
// Warning policy

#[test]
fn allow_and_deny_choose_what_becomes_of_warnings() {
    let dir = scratch("warning_policy");
    // Allowed: not reported, and the output is written.
    let out = dir.join("allowed.spv");
    let run = luma(&["compile", "warning.luma", "--allow", "w0201", "-o", s(&out)]).expect(0);
    assert_eq!(run.stderr, "");
    spirv_val(&out);
    // Denied, by code or all at once: an error that says why, and no output.
    for deny in ["W0201", "warnings"] {
        let out = dir.join(format!("denied_{deny}.spv"));
        let run = luma(&["compile", "warning.luma", "--deny", deny, "-o", s(&out)]).expect(1);
        assert!(run.stderr.contains("error[W0201]"), "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "this warning is an error because of `--deny {deny}`"
            )),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr
                .ends_with("error: could not compile `warning.luma` due to 1 error\n"),
            "{}",
            run.stderr
        );
        assert!(
            !out.exists(),
            "a denied warning still wrote {}",
            out.display()
        );
    }
    // An allowed code stays quiet under `--deny warnings`; `check` takes the flags too.
    let run = luma(&[
        "check",
        "warning.luma",
        "--deny",
        "warnings",
        "--allow",
        "W0201",
    ])
    .expect(0);
    assert_eq!(run.stderr, "");
    // `warnings` is read in any case, as codes are; `--allow` takes codes only.
    let run = luma(&["check", "warning.luma", "--deny", "Warnings"]).expect(1);
    assert!(
        run.stderr.contains("because of `--deny warnings`"),
        "{}",
        run.stderr
    );
    let run = luma(&["check", "warning.luma", "--allow", "WARNINGS"]).expect(2);
    assert!(
        run.stderr
            .contains("warnings are allowed one code at a time"),
        "{}",
        run.stderr
    );
    // Codes are checked: a typo, an error code or a contradiction is a usage error.
    for (args, message) in [
        (
            ["--allow", "W0299"],
            "`--allow W0299`: no diagnostic has the code `W0299`",
        ),
        (
            ["--deny", "E0501"],
            "`--deny E0501`: E0501 is an error, and only warnings (W codes) can be allowed",
        ),
    ] {
        let run = luma(&["check", "warning.luma", args[0], args[1]]).expect(2);
        assert!(run.stderr.contains(message), "{}", run.stderr);
    }
    let run = luma(&[
        "check",
        "warning.luma",
        "--allow",
        "W0201",
        "--deny",
        "W0201",
    ])
    .expect(2);
    assert!(
        run.stderr.contains("W0201 is both allowed"),
        "{}",
        run.stderr
    );
}

// ------------------------------------------------------------------------------------------
// The other commands

#[test]
fn explain_prints_a_codes_entry() {
    let run = luma(&["explain", "w0201"]).expect(0);
    let text = run.stdout();
    assert!(
        text.starts_with("W0201: loop without a bound\n\nwarning, reported by `sema`\n"),
        "{text}"
    );
    assert!(text.contains("    \tfor i = 0, n do\n"), "{text}");
    assert!(
        text.contains("`--allow CODE` silences it everywhere"),
        "{text}"
    );
    let run = luma(&["explain", "E0501"]).expect(0);
    assert!(run
        .stdout()
        .starts_with("E0501: mismatched types\n\nerror, reported by `sema`"));
    let run = luma(&["explain", "E9999"]).expect(2);
    assert!(
        run.stderr.contains("no diagnostic has the code `E9999`"),
        "{}",
        run.stderr
    );
}

#[test]
fn check_reports_errors_and_warnings() {
    luma(&["check", "compute.luma"]).expect(0);
    let run = luma(&["check", "warning.luma"]).expect(0);
    assert!(run.stderr.contains("warning[W0201]"), "{}", run.stderr);
    assert!(
        run.stderr
            .ends_with("warning: `warning.luma` generated 1 warning\n"),
        "{}",
        run.stderr
    );
    let run = luma(&[
        "check",
        "compute.luma",
        "errors.luma",
        "-I",
        "incdir",
        "basic.luma",
    ])
    .expect(1);
    assert!(run
        .stderr
        .contains("error[E0203]: Luma declares variables with `let`"));
    assert!(run.stderr.contains("error[E0401]"));
    assert!(run
        .stderr
        .contains("error: could not compile `errors.luma` due to 2 errors"));
}

#[test]
fn dump_ast_prints_the_tree() {
    let run = luma(&["dump-ast", "compute.luma"]).expect(0);
    let text = run.stdout();
    assert!(text.contains("scale"), "{text}");
    let with_includes = luma(&["dump-ast", "basic.luma", "-I", "incdir"])
        .expect(0)
        .stdout();
    assert!(with_includes.contains("fullscreen_uv"), "{with_includes}");
    luma(&["dump-ast", "basic.luma"]).expect(1);
    let run = luma(&["dump-ast", "errors.luma"]).expect(1);
    assert!(
        !run.stdout.is_empty(),
        "the recovered tree is printed anyway"
    );
    assert!(run.stderr.contains("E0203"));
}

#[test]
fn dump_ir_options() {
    let none = luma(&["dump-ir", "compute.luma", "--opt=none"])
        .expect(0)
        .stdout();
    let aggressive = luma(&["dump-ir", "compute.luma", "--opt", "aggressive"])
        .expect(0)
        .stdout();
    assert_ne!(none, aggressive);
    assert!(none.contains("scale"), "{none}");
    let baked = luma(&["dump-ir", "compute.luma", "--spec", "0=3"])
        .expect(0)
        .stdout();
    assert_ne!(baked, luma(&["dump-ir", "compute.luma"]).expect(0).stdout());
    let debug = luma(&["dump-ir", "-I", "incdir", "basic.luma", "--debug"])
        .expect(0)
        .stdout();
    assert!(debug.contains("basic.luma"), "{debug}");
    let hash = luma(&["dump-ir", "compute.luma", "--hash"])
        .expect(0)
        .stdout();
    assert_eq!(hash.trim().len(), 64);
    assert_ne!(
        hash,
        luma(&["dump-ir", "compute.luma", "--hash", "--spec", "0=3"])
            .expect(0)
            .stdout()
    );
    // `--entry` and `--stage` select entry points as `compile` does.
    let entries = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["dump-ir", "-I", "incdir", "basic.luma"];
        all.extend_from_slice(args);
        luma(&all)
            .expect(0)
            .stdout()
            .lines()
            .filter(|l| l.starts_with("entry "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(entries(&[]).len(), 2);
    let fs = entries(&["--entry", "basic_fs"]);
    assert_eq!(fs.len(), 1);
    assert!(fs[0].contains("\"basic_fs\""), "{fs:?}");
    assert_eq!(entries(&["--stage", "vertex"]).len(), 1);
    let run = luma(&["dump-ir", "-I", "incdir", "basic.luma", "--entry", "nope"]).expect(1);
    assert!(
        run.stderr.contains("no entry point `nope`"),
        "{}",
        run.stderr
    );
}

// ------------------------------------------------------------------------------------------
// Diagnostics format, colour, exit codes

#[test]
fn message_format_json_is_json_lines() {
    let run = luma(&["--message-format=json", "check", "errors.luma"]).expect(1);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(first["code"], "E0203");
    assert_eq!(first["file"], "errors.luma");
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(first["suggestions"][0]["replacement"], "let");
    let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(second["code"], "E0401");
    // The flag is global: it may follow the subcommand.
    let run = luma(&[
        "compile",
        "compute.luma",
        "--spec",
        "7=1",
        "--message-format",
        "json",
    ])
    .expect(1);
    let v: serde_json::Value = serde_json::from_str(run.stderr.trim()).unwrap();
    assert_eq!(v["code"], "E0003");
    assert!(v["line"].is_null(), "an option has no source position");
    // With `--spec-matrix`, `input` is still the file as given, and `spec` the permutation
    // (as the manifest writes it); the human summary names both.
    let dir = scratch("json-spec");
    std::fs::write(
        dir.join("loop.luma"),
        "@spec(0) const N: int = 4\nbuffer d: []float\n@entry(compute) @workgroup_size(1)\n\
         function k()\n\tlet i: int = 0\n\twhile i < N do\n\t\td[i] = 1.0\n\t\ti += 1\n\tend\nend\n",
    )
    .unwrap();
    let run = luma_in(
        &dir,
        &[
            "--message-format=json",
            "compile",
            "loop.luma",
            "--spec-matrix",
            "0=1,0x2",
            "-o",
            "out/",
        ],
        None,
    )
    .expect(0);
    let records: Vec<serde_json::Value> = run
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{}", run.stderr);
    for (record, value) in records.iter().zip(["1", "0x2"]) {
        assert_eq!(record["code"], "W0201");
        assert_eq!(record["input"], "loop.luma");
        assert_eq!(record["spec"], serde_json::json!({ "0": value }));
    }
    let run = luma_in(
        &dir,
        &[
            "--color=never",
            "compile",
            "loop.luma",
            "--spec-matrix",
            "0=1,0x2",
            "-o",
            "out/",
        ],
        None,
    )
    .expect(0);
    assert!(
        run.stderr
            .contains("warning: `loop.luma [0=0x2]` generated 1 warning\n"),
        "{}",
        run.stderr
    );
    let run = luma_in(
        &dir,
        &[
            "--message-format=json",
            "compile",
            "loop.luma",
            "-o",
            "out/",
        ],
        None,
    )
    .expect(0);
    let record: serde_json::Value = serde_json::from_str(run.stderr.trim()).unwrap();
    assert_eq!(record["input"], "loop.luma");
    assert!(record.get("spec").is_none(), "{record}");

    // Every record names its input, which tells apart those of several inputs whose `file`
    // is null (a diagnostic about the options).
    let run = luma(&[
        "--message-format=json",
        "compile",
        "compute.luma",
        "errors.luma",
        "--spec",
        "7=1",
    ])
    .expect(1);
    let inputs: Vec<String> = run
        .stderr
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["input"].to_string())
        .collect();
    assert!(
        inputs.contains(&"\"compute.luma\"".to_string()),
        "{inputs:?}"
    );
    assert!(
        inputs.contains(&"\"errors.luma\"".to_string()),
        "{inputs:?}"
    );
    // Human is the default.
    let run = luma(&["check", "errors.luma", "--message-format=human"]).expect(1);
    assert!(run.stderr.starts_with("error[E0203]"));
}

#[test]
fn color_modes() {
    let always = luma(&["check", "errors.luma", "--color=always"]).expect(1);
    assert!(always.stderr.contains("\x1b["), "{}", always.stderr);
    let never = luma(&["--color", "never", "check", "errors.luma"]).expect(1);
    assert!(!never.stderr.contains('\x1b'));
    // Standard error is a pipe here, so `auto` means no colour.
    let auto = luma(&["check", "errors.luma", "--color=auto"]).expect(1);
    assert!(!auto.stderr.contains('\x1b'));
    assert_eq!(auto.stderr, never.stderr);
}

#[test]
fn usage_errors_are_one_line_with_exit_code_2() {
    for (args, expected) in [
        (
            vec!["compile", "compute.luma", "--frobnicate"],
            "luma: error: unexpected argument '--frobnicate' found\n",
        ),
        (
            vec!["compile", "compute.luma", "--targt=glsl"],
            "luma: error: unexpected argument '--targt' found; tip: a similar argument exists: '--target'\n",
        ),
        (
            vec!["compile", "compute.luma", "--target=dxil"],
            "luma: error: invalid value 'dxil' for '--target <TARGETS>' [possible values: spirv, glsl, hlsl, msl, wgsl, all]\n",
        ),
        (
            vec!["compile"],
            "luma: error: the following required arguments were not provided: <FILE>...\n",
        ),
        (
            vec!["compile", "missing.luma"],
            "luma: error: cannot read `missing.luma`: no such file or directory\n",
        ),
        (
            vec!["compile", "lib"],
            "luma: error: cannot read `lib`: it is a directory\n",
        ),
        // A control character in a quoted name is escaped: the line stays one line, and an
        // escape sequence does not reach the terminal.
        (
            vec!["compile", "no\nsuch\r\u{1b}[31m.luma"],
            "luma: error: cannot read `no\\nsuch\\r\\u{1b}[31m.luma`: no such file or directory\n",
        ),
        (
            vec!["compile", "compute.luma", "-D\nX"],
            "luma: error: `-D\\nX`: Luma has no macros to define; a value chosen per build is a \
             specialization constant (`@spec(ID) const NAME: TYPE = DEFAULT`), baked with \
             `--spec ID=VALUE` or set by the engine when it creates the pipeline\n",
        ),
    ] {
        let run = luma(&args).expect(2);
        assert_eq!(run.stderr, expected, "{args:?}");
        assert!(run.stdout.is_empty());
    }
    let dir = scratch("usage");
    // Writing under a regular file is an I/O error, one line.
    std::fs::write(dir.join("file"), "").unwrap();
    let target = dir.join("file/k.spv");
    let run = luma(&["compile", "compute.luma", "-o", s(&target)]).expect(2);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("luma: error: cannot create directory"),
        "{}",
        run.stderr
    );
    // No subcommand: the help, on standard error, exit code 2.
    let run = luma(&[]).expect(2);
    assert!(run.stderr.contains("Usage: luma [OPTIONS] <COMMAND>"));
}

/// A main input that is not UTF-8 is a compile error like an included one's (E0107, exit code
/// 1) at its first bad byte, in JSON when asked; a lone CR ends a line there too.
#[test]
fn a_non_utf8_input_is_a_diagnostic() {
    let dir = scratch("not_utf8");
    std::fs::write(dir.join("latin1.luma"), b"-- caf\xe9\n").unwrap();
    let run = luma_in(&dir, &["--color", "never", "check", "latin1.luma"], None).expect(1);
    assert_eq!(
        run.stderr,
        "error[E0107]: `latin1.luma` is not UTF-8 text\n \
         --> latin1.luma:1:7\n  \
         |\n\
         1 | -- caf?\n  \
         |       ^ byte 0xe9 is not UTF-8\n  \
         |\n  \
         = note: Luma sources are UTF-8; an older editor may have saved this one as Latin-1 or as a Windows code page\n  \
         = help: save the file as UTF-8\n\
         error: could not compile `latin1.luma` due to 1 error\n"
    );
    std::fs::write(dir.join("cr.luma"), b"const A = 1.0\r-- c\r-- \xff\r").unwrap();
    let run = luma_in(
        &dir,
        &[
            "--message-format",
            "json",
            "compile",
            "cr.luma",
            "-o",
            "cr.spv",
        ],
        None,
    )
    .expect(1);
    let value: serde_json::Value = serde_json::from_str(run.stderr.trim()).unwrap();
    assert_eq!(value["code"], "E0107");
    assert_eq!(value["file"], "cr.luma");
    assert_eq!(
        (value["line"].as_u64(), value["column"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(
        (value["byte_start"].as_u64(), value["byte_end"].as_u64()),
        (Some(22), Some(23))
    );
    assert!(!dir.join("cr.spv").exists());
    let run = luma_in(&dir, &["--color", "never", "check", "-"], Some(b"x\xff")).expect(1);
    assert!(run.stderr.contains("--> <stdin>:1:2"), "{}", run.stderr);
    assert!(
        run.stderr.contains("help: send UTF-8 text"),
        "{}",
        run.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_named() {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.luma");
    let out = Command::new(env!("CARGO_BIN_EXE_luma"))
        .arg("check")
        .arg(name)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        "luma: error: argument 2 (`caf\u{fffd}.luma`) is not valid UTF-8; rename the file or \
         directory, or pass a UTF-8 path to it"
    );
}

#[test]
fn help_and_version_succeed() {
    let run = luma(&["--help"]).expect(0);
    assert!(run.stdout().contains("compile"), "{}", run.stdout());
    let run = luma(&["compile", "--help"]).expect(0);
    for flag in [
        "--target",
        "--stage",
        "--entry",
        "--opt",
        "--output",
        "--out-dir",
        "--include-dir",
        "--spec",
        "--spec-matrix",
        "--debug",
        "--line-directives",
        "--hash",
        "--deterministic",
        "--spirv-version",
        "--no-bounds-checks",
        "--hlsl-shader-model",
        "--hlsl-num-workgroups",
        "--msl-version",
        "--MD",
        "--MF",
        "--MT",
        "--MQ",
        "--manifest",
        "--jobs",
    ] {
        assert!(
            run.stdout().contains(flag),
            "`luma compile --help` lacks {flag}"
        );
    }
    let run = luma(&["--version"]).expect(0);
    assert!(run.stdout().starts_with("luma 0."), "{}", run.stdout());
}

#[test]
fn empty_and_hostile_sources_never_crash() {
    let dir = scratch("hostile");
    // A source without entry points has nothing to compile (SPIR-V needs one), but checks.
    std::fs::write(dir.join("empty.luma"), "").unwrap();
    let run = luma_in(&dir, &["compile", "empty.luma", "-o", "-"], None).expect(1);
    assert!(
        run.stderr
            .starts_with("error[E0002]: the source declares no entry point"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
    luma_in(&dir, &["check", "empty.luma"], None).expect(0);
    let run = luma_in(
        &dir,
        &["compile", "empty.luma", "--stage=compute", "-o", "-"],
        None,
    )
    .expect(1);
    assert!(
        run.stderr.contains("the source declares no entry point"),
        "{}",
        run.stderr
    );
    let deep = format!(
        "const A = {}1{}\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    std::fs::write(dir.join("deep.luma"), deep).unwrap();
    let run = luma_in(&dir, &["check", "deep.luma"], None).expect(1);
    assert!(run.stderr.contains("error["), "{}", run.stderr);
    std::fs::write(dir.join("self.luma"), "#include \"self.luma\"\n").unwrap();
    let run = luma_in(&dir, &["check", "self.luma"], None).expect(1);
    assert!(run.stderr.contains("E0102"), "{}", run.stderr);
}

#[test]
fn the_manifest_depfile_and_outputs_never_overwrite_each_other_or_a_source() {
    let dir = scratch("overwrite");
    let source = std::fs::read(data().join("compute.luma")).unwrap();
    std::fs::write(dir.join("a.luma"), &source).unwrap();
    std::fs::write(dir.join("b.wgsl"), &source).unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "compile",
                "a.luma",
                "-t",
                "spirv,wgsl",
                "--out-dir",
                "o",
                "--manifest",
                "o/a.spv",
            ],
            "the manifest would be written to `o/a.spv`, where an output of `a.luma` goes",
        ),
        (
            &[
                "compile",
                "a.luma",
                "-t",
                "spirv,wgsl",
                "--out-dir",
                "o",
                "-MF",
                "./o/a.wgsl",
            ],
            "the depfile would be written to `./o/a.wgsl`, where an output of `a.luma` goes",
        ),
        (
            &[
                "compile",
                "a.luma",
                "--out-dir",
                "o",
                "-MF",
                "m.json",
                "--manifest",
                "m.json",
            ],
            "where the manifest goes",
        ),
        (
            &["compile", "a.luma", "-o", "q.spv", "--manifest", "a.luma"],
            "the manifest would be written to `a.luma`, which is the source `a.luma`",
        ),
        (
            &["compile", "b.wgsl", "-t", "wgsl"],
            "an output of `b.wgsl` would be written to `./b.wgsl`, which is the source",
        ),
        (
            &["compile", "a.luma", "-t", "wgsl", "-o", "a.luma"],
            "which is the source `a.luma`",
        ),
    ];
    for (args, message) in cases {
        let run = luma_in(&dir, args, None).expect(2);
        assert!(run.stderr.contains(message), "{args:?}:\n{}", run.stderr);
    }
    // Nothing was written, and the sources are intact.
    assert_eq!(files(&dir), ["a.luma", "b.wgsl"]);
    assert_eq!(std::fs::read(dir.join("a.luma")).unwrap(), source);
    assert_eq!(std::fs::read(dir.join("b.wgsl")).unwrap(), source);
    // An output path that is a hard link to the source is the source too, though its
    // canonical path differs (told by device and inode, on Unix).
    if cfg!(unix) {
        std::fs::create_dir_all(dir.join("h")).unwrap();
        std::fs::hard_link(dir.join("a.luma"), dir.join("h/a.spv")).unwrap();
        let run = luma_in(&dir, &["compile", "a.luma", "--out-dir", "h"], None).expect(2);
        assert!(
            run.stderr.contains(
                "an output of `a.luma` would be written to `h/a.spv`, which is the source `a.luma`"
            ),
            "{}",
            run.stderr
        );
        assert_eq!(std::fs::read(dir.join("a.luma")).unwrap(), source);
        std::fs::remove_dir_all(dir.join("h")).unwrap();
    }
    // A depfile beside an output whose stem is `.` is `..d`, not the directory `o/..`.
    std::fs::write(dir.join("..luma"), &source).unwrap();
    luma_in(&dir, &["compile", "..luma", "--out-dir", "o", "-MD"], None).expect(0);
    assert_eq!(files(&dir.join("o")), ["..d", "..spv"]);
}

#[test]
fn no_output_depfile_or_manifest_overwrites_an_included_file() {
    let dir = scratch("overwrite-include");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    let header = "const GAIN = 2.0\n";
    std::fs::write(dir.join("inc/common.luma"), header).unwrap();
    std::fs::write(
        dir.join("main.luma"),
        "#include \"inc/common.luma\"\nbuffer data: []float\n@entry(compute) @workgroup_size(1)\n\
         function main()\n\tdata[0] = GAIN\nend\n",
    )
    .unwrap();
    for args in [
        &["compile", "main.luma", "-o", "inc/common.luma"][..],
        &[
            "compile",
            "main.luma",
            "-o",
            "out/",
            "-MF",
            "inc/common.luma",
        ],
        &[
            "compile",
            "main.luma",
            "-o",
            "out/",
            "--manifest",
            "inc/common.luma",
        ],
        // `luma reflect -o` writes a file too.
        &["reflect", "main.luma", "-o", "./inc/common.luma"],
    ] {
        let run = luma_in(&dir, args, None).expect(2);
        assert!(
            run.stderr
                .contains("which is `inc/common.luma`, which `main.luma` includes"),
            "{args:?}:\n{}",
            run.stderr
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("inc/common.luma")).unwrap(),
        header
    );
    assert!(!dir.join("out").exists());
    // Nor the source it reflects, by name or through a symbolic link.
    let source = std::fs::read(dir.join("main.luma")).unwrap();
    let run = luma_in(&dir, &["reflect", "main.luma", "-o", "main.luma"], None).expect(2);
    assert_eq!(
        run.stderr,
        "luma: error: the reflection would be written to `main.luma`, which is the source \
         `main.luma`; give it another path\n"
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("main.luma", dir.join("link.json")).unwrap();
        let run = luma_in(&dir, &["reflect", "main.luma", "-o", "link.json"], None).expect(2);
        assert!(run.stderr.contains("which is the source"), "{}", run.stderr);
    }
    assert_eq!(std::fs::read(dir.join("main.luma")).unwrap(), source);
    // Standard input is no file to protect.
    luma_in(&dir, &["reflect", "-", "-o", "stdin.json"], Some(&source)).expect(0);
}

/// A depfile names a header by the path it was opened with: through a symbolic link to a
/// versioned directory, switching the link must make Make rebuild.
#[cfg(unix)]
#[test]
fn depfile_keeps_symbolic_links_and_escapes_like_gcc() {
    let dir = scratch("depfile-links");
    for (version, gain) in [("sdk-1.2", "1.0"), ("sdk-1.3", "2.0")] {
        std::fs::create_dir_all(dir.join(version)).unwrap();
        std::fs::write(
            dir.join(version).join("tone.luma"),
            format!("const GAIN = {gain}\n"),
        )
        .unwrap();
    }
    std::os::unix::fs::symlink("sdk-1.2", dir.join("sdk")).unwrap();
    std::fs::create_dir_all(dir.join("v\\ 2")).unwrap();
    std::fs::write(dir.join("v\\ 2/odd.luma"), "const ODD = 1.0\n").unwrap();
    std::fs::write(
        dir.join("main.luma"),
        "#include <tone.luma>\n#include \"v\\ 2/odd.luma\"\nbuffer data: []float\n\
         @entry(compute) @workgroup_size(1)\nfunction main()\n\tdata[0] = GAIN * ODD\nend\n",
    )
    .unwrap();
    let run = luma_in(
        &dir,
        &[
            "compile",
            "main.luma",
            "-I",
            "sdk",
            "-o",
            "main.spv",
            "-MD",
            "-MP",
            "-MF",
            "-",
            "-MT",
            "main.spv",
        ],
        None,
    )
    .expect(0);
    assert_eq!(
        run.stdout(),
        "main.spv: \\\n  main.luma \\\n  sdk/tone.luma \\\n  v\\\\\\ 2/odd.luma\n\n\
         sdk/tone.luma:\n\nv\\\\\\ 2/odd.luma:\n"
    );
}

#[test]
fn macro_definitions_point_to_specialization_constants() {
    for args in [
        &["compile", "-DFOO=1", "compute.luma"][..],
        &["check", "compute.luma", "--define", "FOO"],
        &["check", "-D", "FOO", "compute.luma"],
    ] {
        let run = luma(args).expect(2);
        assert!(
            run.stderr.contains("Luma has no macros to define")
                && run.stderr.contains("--spec ID=VALUE"),
            "{args:?}:\n{}",
            run.stderr
        );
    }
}

#[test]
fn check_reads_standard_input_once() {
    let run = luma_in(&data(), &["check", "-", "-"], Some(b"const A = 1\n")).expect(2);
    assert!(
        run.stderr
            .contains("standard input (`-`) can be read only once"),
        "{}",
        run.stderr
    );
}

#[test]
fn jobs_start_no_more_threads_than_there_are_compilations() {
    // `-j` far above the number of inputs used to start every thread it named (minutes and
    // hundreds of MiB for two inputs at `-j 10000`); `-j 0` is a usage error.
    let dir = scratch("jobs");
    luma(&[
        "compile",
        "compute.luma",
        "half.luma",
        "-j",
        "100000",
        "--out-dir",
        s(&dir),
    ])
    .expect(0);
    assert_eq!(files(&dir), ["compute.spv", "half.spv"]);
    let run = luma(&["compile", "compute.luma", "-j", "0", "-o", "-"]).expect(2);
    assert!(run.stderr.contains("give at least 1"), "{}", run.stderr);
}

#[test]
fn reflect_writes_into_a_directory_given_with_a_slash() {
    let dir = scratch("reflect-dir");
    let out = format!("{}/new/", s(&dir));
    luma(&["reflect", "compute.luma", "-o", &out]).expect(0);
    let json = std::fs::read_to_string(dir.join("new/compute.reflect.json")).unwrap();
    assert!(json.contains("\"schema\": \"luma-reflect/1\""), "{json}");
}

#[test]
fn a_byte_order_mark_is_not_a_column() {
    let dir = scratch("bom");
    std::fs::write(dir.join("bom.luma"), "\u{feff}const A: float = zzz\r\n").unwrap();
    let run = luma_in(&dir, &["--message-format=json", "check", "bom.luma"], None).expect(1);
    let record: serde_json::Value =
        serde_json::from_str(run.stderr.lines().next().unwrap()).unwrap();
    assert_eq!(
        (record["line"].as_u64(), record["column"].as_u64()),
        (Some(1), Some(18))
    );
    let human = luma_in(&dir, &["check", "bom.luma"], None).expect(1);
    assert!(human.stderr.contains("bom.luma:1:18"), "{}", human.stderr);
    assert!(!human.stderr.contains('\u{feff}'), "{}", human.stderr);
}

#[test]
fn json_diagnostics_say_how_many_were_left_out() {
    let dir = scratch("json-omitted");
    let body = "\tlet x: float = zz\n".repeat(1200);
    std::fs::write(dir.join("many.luma"), format!("function f()\n{body}end\n")).unwrap();
    let run = luma_in(&dir, &["--message-format=json", "check", "many.luma"], None).expect(1);
    let records: Vec<serde_json::Value> = run
        .stderr
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1000);
    let last = records.last().unwrap();
    let shown_errors = records.iter().filter(|r| r["severity"] == "error").count() as u64;
    assert!(
        last["omitted_errors"].as_u64().unwrap() + shown_errors >= 1200,
        "{last}"
    );
    assert!(records[..999]
        .iter()
        .all(|r| r.get("omitted_errors").is_none()));

    // `luma reflect` counts what it left out too: 1,200 unbounded loops give 1,200 W0201,
    // of which 1,000 are shown (it said "generated 1000 warnings", and nothing was omitted).
    let body: String = (0..1200)
        .map(|n| format!("\tlet i{n}: int = 0\n\twhile i{n} < 3 do\n\t\ti{n} += 1\n\tend\n"))
        .collect();
    std::fs::write(
        dir.join("loops.luma"),
        format!("@entry(compute) @workgroup_size(1)\nfunction k()\n{body}end\n"),
    )
    .unwrap();
    let run = luma_in(&dir, &["--color=never", "reflect", "loops.luma"], None).expect(0);
    assert!(
        run.stderr.ends_with(
            "note: 200 more warnings were reported but not shown (at most 1000 diagnostics are \
             kept: `Limits::max_diagnostics`)\nwarning: `loops.luma` generated 1200 warnings\n"
        ),
        "{}",
        &run.stderr[run.stderr.len().saturating_sub(300)..]
    );
    let run = luma_in(
        &dir,
        &["--message-format=json", "reflect", "loops.luma"],
        None,
    )
    .expect(0);
    let last: serde_json::Value = serde_json::from_str(run.stderr.lines().last().unwrap()).unwrap();
    assert_eq!(
        (&last["omitted_errors"], &last["omitted_warnings"]),
        (&serde_json::json!(0), &serde_json::json!(200))
    );

    // Standard error closed after the first line (`luma check big.luma 2>&1 | head -1`): the
    // rest is dropped and the exit code still says the sources have only warnings (`eprint!`
    // panicked: exit code 101). The diagnostics are far more than a pipe buffer holds.
    let mut child = Command::new(env!("CARGO_BIN_EXE_luma"))
        .args(["check", "loops.luma"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Read;
        let mut first = [0u8; 64];
        child.stderr.take().unwrap().read_exact(&mut first).unwrap();
        assert!(first.starts_with(b"warning[W0201]"));
    }
    assert_eq!(child.wait().unwrap().code(), Some(0));
}
