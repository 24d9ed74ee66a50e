//! The translations that turn a test's shader into SPIR-V for each path: the Luma compiler
//! (behind [`LumaCompiler`]), glslangValidator for GLSL and HLSL, naga for WGSL, spirv-as for
//! hand-written assembly.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, PoisonError};

use crate::error::{Error, Result};
use crate::reflect::Stage;
use crate::spec::SpecValue;

/// The Luma compiler as the harness uses it: one source file to each target.
///
/// The runner calls these once per test and path; an `Err` is the compiler's rendered
/// diagnostics, shown in the report as a compile error of that path.
pub trait LumaCompiler {
    /// SPIR-V words for every entry point of `source`.
    fn spirv(&self, source: &Path) -> std::result::Result<Vec<u32>, String>;
    /// GLSL 450 (Vulkan flavour) for one entry point.
    fn glsl(&self, source: &Path, entry: &str, stage: Stage)
        -> std::result::Result<String, String>;
    /// HLSL for every entry point of `source`.
    fn hlsl(&self, source: &Path) -> std::result::Result<String, String>;
    /// WGSL for every entry point of `source`.
    fn wgsl(&self, source: &Path) -> std::result::Result<String, String>;
}

/// External tools the paths use.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tools {
    /// `glslangValidator`.
    pub glslang: Option<PathBuf>,
    /// `spirv-as`.
    pub spirv_as: Option<PathBuf>,
    /// `tools/slang/slangc.py` (Slang through its library), with the library installed.
    pub slang: Option<PathBuf>,
}

fn which(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|p| p.join(name))
        .find(|p| p.is_file())
}

fn missing(tool: &str) -> Error {
    Error::Compile(format!(
        "`{tool}` is not installed; run scripts/install-test-tools.sh"
    ))
}

impl Tools {
    /// Looks the tools up on `PATH`.
    pub fn find() -> Tools {
        Tools {
            glslang: which("glslangValidator"),
            spirv_as: which("spirv-as"),
            slang: slang_driver(),
        }
    }
}

/// The Slang driver: `LUMA_SLANGC`, else the repository's `tools/slang/slangc.py` when
/// scripts/install-test-tools.sh has put the library beside it.
fn slang_driver() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LUMA_SLANGC") {
        return Some(PathBuf::from(path));
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tools/slang");
    let installed = std::fs::read_dir(dir.join("lib")).ok()?.flatten().any(|e| {
        e.file_name()
            .to_string_lossy()
            .starts_with("libslang-compiler.so")
    });
    installed.then(|| dir.join("slangc.py"))
}

/// The source language glslang reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlslangInput {
    /// GLSL (`-V`).
    Glsl,
    /// HLSL (`-D -e ENTRY`).
    Hlsl,
}

/// Reads a little-endian SPIR-V binary.
pub fn read_words(path: &Path) -> Result<Vec<u32>> {
    let bytes = std::fs::read(path)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?;
    words_from_bytes(&bytes)
}

/// Little-endian bytes to SPIR-V words.
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::Reflect(format!(
            "SPIR-V binary of {} bytes is not a whole number of words",
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| {
            let mut word = [0u8; 4];
            word.copy_from_slice(c);
            u32::from_le_bytes(word)
        })
        .collect())
}

/// Compiles GLSL or HLSL text with glslangValidator for Vulkan 1.1, in `scratch`.
///
/// GLSL: `glslangValidator -V --target-env vulkan1.1 -S STAGE`; HLSL adds
/// `-D --hlsl-enable-16bit-types -e ENTRY`, and `-D LUMA_SPEC_<id>=VALUE` for each value of
/// `spec` whose constant the text declares without `[[vk::constant_id(id)]]` (one that sizes a
/// workgroup: `numthreads` takes the macro, as a Direct3D build would give it); the others are
/// the pipeline's to set.
#[allow(clippy::too_many_arguments)]
pub fn glslang(
    tools: &Tools,
    text: &str,
    input: GlslangInput,
    stage: Stage,
    entry: &str,
    spec: &[SpecValue],
    scratch: &Path,
    label: &str,
) -> Result<Vec<u32>> {
    let tool = tools
        .glslang
        .as_ref()
        .ok_or_else(|| missing("glslangValidator"))?;
    let ext = match input {
        GlslangInput::Glsl => "glsl",
        GlslangInput::Hlsl => "hlsl",
    };
    let src = scratch.join(format!("{label}.{}.{ext}", stage.glslang_name()));
    let out = scratch.join(format!("{label}.{}.{ext}.spv", stage.glslang_name()));
    let text = if input == GlslangInput::Hlsl && text.contains("float16_t") {
        format!("{}{text}", half_spellings())
    } else {
        text.to_string()
    };
    std::fs::write(&src, &text)
        .map_err(|e| Error::Io(format!("cannot write {}: {e}", src.display())))?;
    let mut cmd = Command::new(tool);
    if input == GlslangInput::Hlsl {
        // Luma's HLSL is written for DXC with `-enable-16bit-types` (its `float16_t` is a
        // true binary16 type only then); it never spells `half` or `min16float`, whose
        // meaning the flag would change.
        cmd.arg("-D")
            .arg("--hlsl-enable-16bit-types")
            .arg("-e")
            .arg(entry);
        for s in spec {
            if !text.contains(&format!("[[vk::constant_id({})]]", s.id)) {
                cmd.arg(format!("-DLUMA_SPEC_{}={}", s.id, hlsl_number(s.number)));
            }
        }
    }
    cmd.arg("-S")
        .arg(stage.glslang_name())
        .arg("-V")
        .arg("--target-env")
        .arg("vulkan1.1")
        .arg("-o")
        .arg(&out)
        .arg(&src);
    let output = cmd
        .output()
        .map_err(|e| Error::Compile(format!("cannot run glslangValidator: {e}")))?;
    if !output.status.success() {
        let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&output.stderr));
        return Err(Error::Compile(format!(
            "glslangValidator rejected {}:\n{}",
            src.display(),
            text.trim_end()
        )));
    }
    read_words(&out)
}

/// Macros that spell DXC's `float16_t`, `float16_tN` and `float16_tNxM` as glslang's HLSL front
/// end knows them (`half`, `halfN`, `halfNxM`): under `-enable-16bit-types` DXC gives both
/// spellings the same binary16 meaning, and glslang has only the second. `#line 1` keeps
/// glslang's line numbers those of the text Luma wrote.
fn half_spellings() -> String {
    let mut out = String::from("#define float16_t half\n");
    for n in 1..=4 {
        out.push_str(&format!("#define float16_t{n} half{n}\n"));
        for m in 1..=4 {
            out.push_str(&format!("#define float16_t{n}x{m} half{n}x{m}\n"));
        }
    }
    out.push_str("#line 1\n");
    out
}

/// Compiles HLSL text with Slang for one entry point, in `scratch`: `slangc FILE -lang hlsl
/// -target spirv -entry ENTRY -stage STAGE -fvk-use-entrypoint-name -fvk-use-scalar-layout`,
/// with `-profile sm_6_2` when the text uses `float16_t` (Slang picks the SPIR-V version, 1.5
/// for most shaders). Slang takes the output's Direct3D branch for specialization constants
/// (it does not define `__spirv__`), so each value is given as the `LUMA_SPEC_<id>` macro, the
/// way a Direct3D build specializes Luma's HLSL.
pub fn slang(
    tools: &Tools,
    text: &str,
    stage: Stage,
    entry: &str,
    spec: &[SpecValue],
    scratch: &Path,
    label: &str,
) -> Result<Vec<u32>> {
    let driver = tools
        .slang
        .as_ref()
        .ok_or_else(|| missing("tools/slang/slangc.py (Slang)"))?;
    let src = scratch.join(format!("{label}.{}.hlsl", stage.glslang_name()));
    let out = scratch.join(format!("{label}.{}.hlsl.spv", stage.glslang_name()));
    std::fs::write(&src, text)
        .map_err(|e| Error::Io(format!("cannot write {}: {e}", src.display())))?;
    let mut args: Vec<String> = vec![src.to_string_lossy().into_owned()];
    args.extend(["-lang", "hlsl", "-target", "spirv", "-entry", entry].map(String::from));
    args.extend(
        [
            "-stage",
            stage.name(),
            "-fvk-use-entrypoint-name",
            "-fvk-use-scalar-layout",
        ]
        .map(String::from),
    );
    if text.contains("float16_t") {
        args.extend(["-profile", "sm_6_2"].map(String::from));
    }
    for s in spec {
        args.push("-D".into());
        args.push(format!("LUMA_SPEC_{}={}", s.id, hlsl_number(s.number)));
    }
    args.extend(["-o".to_string(), out.to_string_lossy().into_owned()]);
    let (ok, diagnostics) = SlangServer::compile(driver, &args)?;
    if !ok {
        return Err(Error::Compile(format!(
            "Slang rejected {}:\n{}",
            src.display(),
            diagnostics.trim_end()
        )));
    }
    read_words(&out)
}

/// The Slang driver kept running for every compile of the process (`slangc.py --serve`):
/// loading Slang takes about half a second, which, paid per compile, was most of the
/// execution corpus's time on the `hlsl-slang` path. One compile at a time.
struct SlangServer {
    driver: PathBuf,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

/// The process's server, started on first use.
static SLANG_SERVER: Mutex<Option<SlangServer>> = Mutex::new(None);

impl SlangServer {
    fn start(driver: &Path) -> Result<SlangServer> {
        let mut child = Command::new("python3")
            .arg(driver)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| Error::Compile(format!("cannot run python3 for Slang: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(Error::Compile("cannot talk to the Slang driver".into()));
        };
        Ok(SlangServer {
            driver: driver.to_path_buf(),
            child,
            input,
            output: BufReader::new(output),
        })
    }

    /// Compiles one `slangc` command line: whether Slang compiled it, and its diagnostics.
    fn compile(driver: &Path, args: &[String]) -> Result<(bool, String)> {
        let mut server = SLANG_SERVER.lock().unwrap_or_else(PoisonError::into_inner);
        if server.as_ref().is_none_or(|s| s.driver != driver) {
            *server = Some(SlangServer::start(driver)?);
        }
        let Some(running) = server.as_mut() else {
            return Err(Error::Compile("the Slang driver did not start".into()));
        };
        let answer = running.ask(args);
        if answer.is_err() {
            // Slang crashed (or the driver failed): the next compile starts a new one.
            if let Some(mut dead) = server.take() {
                let _ = dead.child.kill();
                let _ = dead.child.wait();
            }
        }
        answer
    }

    fn ask(&mut self, args: &[String]) -> Result<(bool, String)> {
        let job = serde_json::to_string(args)
            .map_err(|e| Error::Compile(format!("cannot encode a Slang job: {e}")))?;
        let lost = |e: std::io::Error| {
            Error::Compile(format!(
                "the Slang driver stopped (did Slang crash?) on `slangc {}`: {e}",
                args.join(" ")
            ))
        };
        writeln!(self.input, "{job}").map_err(lost)?;
        self.input.flush().map_err(lost)?;
        let mut line = String::new();
        if self.output.read_line(&mut line).map_err(lost)? == 0 {
            return Err(lost(std::io::ErrorKind::UnexpectedEof.into()));
        }
        let reply: serde_json::Value = serde_json::from_str(&line).map_err(|e| {
            Error::Compile(format!(
                "the Slang driver answered `{}`: {e}",
                line.trim_end()
            ))
        })?;
        let ok = reply.get("ok").and_then(serde_json::Value::as_bool) == Some(true);
        let diagnostics = reply
            .get("diagnostics")
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_string();
        Ok((ok, diagnostics))
    }
}

/// A specialization value as an HLSL literal: integers as integers (the smallest `int` as
/// `(-2147483647 - 1)`, since `2147483648` alone is out of `int`'s range), others in Rust's
/// shortest round-trip form, which HLSL reads as the same value.
fn hlsl_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        if n == -2_147_483_648.0 {
            return "(-2147483647 - 1)".into();
        }
        format!("{n:.0}")
    } else {
        format!("{n:?}")
    }
}

/// Assembles SPIR-V text with `spirv-as --target-env vulkan1.1`.
pub fn spirv_as(tools: &Tools, source: &Path, scratch: &Path, label: &str) -> Result<Vec<u32>> {
    let tool = tools.spirv_as.as_ref().ok_or_else(|| missing("spirv-as"))?;
    let out = scratch.join(format!("{label}.spv"));
    let output = Command::new(tool)
        .arg("--target-env")
        .arg("vulkan1.1")
        .arg("-o")
        .arg(&out)
        .arg(source)
        .output()
        .map_err(|e| Error::Compile(format!("cannot run spirv-as: {e}")))?;
    if !output.status.success() {
        return Err(Error::Compile(format!(
            "spirv-as rejected {}:\n{}",
            source.display(),
            String::from_utf8_lossy(&output.stderr).trim_end()
        )));
    }
    read_words(&out)
}

/// Translates WGSL to SPIR-V with naga for one entry point: parse, validate, substitute
/// `override` values (WGSL has no specialization at the SPIR-V level; this is what WebGPU
/// implementations do at pipeline creation), write SPIR-V 1.3.
///
/// The coordinate-space flip of naga's SPIR-V writer is off: every path runs with the same
/// viewport, and each back end must pass `position` through unchanged.
pub fn naga_wgsl(text: &str, stage: Stage, entry: &str, spec: &[SpecValue]) -> Result<Vec<u32>> {
    use naga::valid::{Capabilities, ValidationFlags, Validator};
    let module = naga::front::wgsl::parse_str(text).map_err(|e| {
        Error::Compile(format!(
            "naga rejected the WGSL:\n{}",
            e.emit_to_string(text)
        ))
    })?;
    // Immediates are naga's push constants; f16-in-f32 packing (`pack2x16float`) is core
    // WGSL that naga gates behind a capability every Vulkan device has; arrays of textures,
    // samplers and storage textures are naga binding arrays (Luma's `[N]texture2D`,
    // `[N]image2D`), indexed non-uniformly where naga's uniformity analysis finds it (its
    // SPIR-V writer then decorates them `NonUniform`, as Luma's own back ends do); `half` is
    // WebGPU's optional `shader-f16` feature (`enable f16;`), which the device has when it
    // runs the other paths.
    let mut validator = Validator::new(
        ValidationFlags::all(),
        Capabilities::default()
            | Capabilities::IMMEDIATES
            | Capabilities::SHADER_FLOAT16
            | Capabilities::SHADER_FLOAT16_IN_FLOAT32
            | Capabilities::TEXTURE_AND_SAMPLER_BINDING_ARRAY
            | Capabilities::TEXTURE_AND_SAMPLER_BINDING_ARRAY_NON_UNIFORM_INDEXING
            | Capabilities::STORAGE_TEXTURE_BINDING_ARRAY
            | Capabilities::STORAGE_TEXTURE_BINDING_ARRAY_NON_UNIFORM_INDEXING,
    );
    let info = validator.validate(&module).map_err(|e| {
        Error::Compile(format!(
            "naga's validator rejected the WGSL:\n{}",
            e.emit_to_string(text)
        ))
    })?;
    let naga_stage = match stage {
        Stage::Vertex => naga::ShaderStage::Vertex,
        Stage::Fragment => naga::ShaderStage::Fragment,
        Stage::Compute => naga::ShaderStage::Compute,
    };
    // Only overrides the module declares may be given values (naga rejects unknown ids).
    let mut constants = naga::back::PipelineConstants::default();
    for (_, o) in module.overrides.iter() {
        if let Some(id) = o.id {
            if let Some(v) = spec.iter().find(|s| s.id == u32::from(id)) {
                constants.insert(id.to_string(), v.number);
            }
        }
    }
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        Some((naga_stage, entry)),
        &constants,
    )
    .map_err(|e| Error::Compile(format!("naga could not apply override values: {e}")))?;
    let options = naga::back::spv::Options {
        lang_version: (1, 3),
        flags: naga::back::spv::WriterFlags::empty(),
        // naga otherwise declares `StorageInputOutput16` in every module that uses `f16`, I/O
        // or not, which devices without `storageInputOutput16` (lavapipe) reject; its f32
        // polyfill of `f16` I/O is what WebGPU implementations use on such devices.
        use_storage_input_output_16: false,
        // WebGPU requires an out-of-range index into an array, vector or matrix to use some
        // in-range one, and WebGPU implementations built on naga ask it for `Restrict`
        // (`min(u32(i), n - 1)`, the last element for a negative index, as Luma defines it).
        // naga's own default leaves such an access undefined. Buffer and binding-array indices
        // stay unchecked, as wgpu leaves them where the device bounds buffer access itself: the
        // WGSL Luma writes clamps those.
        bounds_check_policies: naga::proc::BoundsCheckPolicies {
            index: naga::proc::BoundsCheckPolicy::Restrict,
            ..Default::default()
        },
        ..Default::default()
    };
    let pipeline = naga::back::spv::PipelineOptions {
        shader_stage: naga_stage,
        entry_point: entry.to_string(),
    };
    naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline))
        .map_err(|e| Error::Compile(format!("naga's SPIR-V writer failed: {e}")))
}
