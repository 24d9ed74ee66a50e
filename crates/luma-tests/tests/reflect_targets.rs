//! Reflection against the bindings, locations and constants of the text outputs, read back by
//! independent compilers: for every corpus shader, the GLSL (glslang, one file per entry
//! point), the HLSL (glslang's HLSL front end, per entry point) and the WGSL (the naga crate)
//! become SPIR-V, which `SpirvReflection` reads. For each entry point of each output:
//!
//! - the descriptors its SPIR-V uses are exactly those `lumac::reflect` lists for the entry
//!   point, each with reflection's set, binding, descriptor type and count; GLSL recombines a
//!   combined sampler into one `combined_image_sampler` at the texture half's binding, which
//!   stands for both halves (docs/reflection.md, `combined_role`);
//! - every located input and output has reflection's location and type, and varyings its
//!   interpolation; glslang's HLSL front end drops inputs the entry point never reads, so there
//!   the located inputs need only be among reflection's;
//! - a uniform buffer's block ends within reflection's `size`, the bytes a host binds;
//! - it uses push constants exactly when reflection names a block for it;
//! - compute entry points have reflection's workgroup size;
//! - the GLSL and HLSL keep every specialization constant the entry point reads with its id and
//!   type (naga applies WGSL overrides' values when it writes SPIR-V, so WGSL has none).
//!
//! `reflect.rs` checks the same model against Luma's own SPIR-V with `spirv-cross`; this test is
//! what ties it to the other outputs a host may build pipelines from.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use luma_testutil::{corpus_path, require_tool, run, scratch_dir, shader_corpus, tests_dir};
use lumac::reflection::spirv::SpirvEntryPoint;
use lumac::reflection::{CombinedRole, DescriptorType, EntryPoint, Reflection, SpirvReflection};
use lumac::{Options, Target};

fn corpus_options() -> Options {
    Options {
        include_dirs: vec![tests_dir()
            .join("shaders/include")
            .to_string_lossy()
            .into_owned()],
        ..Options::default()
    }
}

fn glslang_stage(stage: &str) -> &'static str {
    match stage {
        "vertex" => "vert",
        "fragment" => "frag",
        "compute" => "comp",
        other => panic!("no glslang stage for {other}"),
    }
}

/// Runs glslang on `source` (HLSL when `entry` names the function) and reads the SPIR-V back.
fn glslang(
    file: &Path,
    source: &str,
    stage: &str,
    entry: Option<&str>,
) -> Result<SpirvReflection, String> {
    let mut text = source.to_string();
    let mut cmd = Command::new(require_tool("glslangValidator"));
    if let Some(entry) = entry {
        // Luma's HLSL spells binary16 `float16_t` (DXC's name under -enable-16bit-types);
        // glslang's HLSL front end knows it as `half` (as hlsl.rs and the harness spell it).
        if text.contains("float16_t") {
            let mut prelude = String::from("#define float16_t half\n");
            for n in 1..=4 {
                prelude.push_str(&format!("#define float16_t{n} half{n}\n"));
                for m in 1..=4 {
                    prelude.push_str(&format!("#define float16_t{n}x{m} half{n}x{m}\n"));
                }
            }
            text = format!("{prelude}#line 1\n{text}");
        }
        cmd.args(["-D", "--hlsl-enable-16bit-types", "-e", entry]);
    }
    std::fs::write(file, &text).unwrap();
    let spv = file.with_extension("spv");
    let (ok, log) = run(cmd
        .args([
            "-S",
            glslang_stage(stage),
            "-V",
            "--target-env",
            "vulkan1.1",
            "-o",
        ])
        .arg(&spv)
        .arg(file));
    if !ok {
        return Err(log);
    }
    let bytes = std::fs::read(&spv).unwrap();
    SpirvReflection::from_bytes(&bytes).map_err(|e| format!("cannot read glslang's SPIR-V: {e}"))
}

/// Compiles WGSL to SPIR-V with the naga crate (parse, validate, overrides at their defaults)
/// and reads it back.
fn naga(wgsl: &str) -> Result<SpirvReflection, String> {
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    let info = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::back::spv::supported_capabilities(),
    )
    .validate(&module)
    .map_err(|e| format!("naga rejects the WGSL: {e:?}"))?;
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        None,
        &naga::back::PipelineConstants::default(),
    )
    .map_err(|e| format!("naga cannot apply the overrides' defaults: {e}"))?;
    let words =
        naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
            .map_err(|e| format!("naga cannot write SPIR-V: {e}"))?;
    SpirvReflection::from_words(&words).map_err(|e| format!("cannot read naga's SPIR-V: {e}"))
}

/// What one output's SPIR-V says about one entry point, against reflection.
struct Check<'a> {
    what: String,
    r: &'a Reflection,
    ep: &'a EntryPoint,
    /// GLSL: a combined sampler is one descriptor.
    glsl: bool,
    /// glslang's HLSL front end: unread inputs are dropped.
    hlsl: bool,
    /// Whether specialization constants survive into the SPIR-V.
    spec: bool,
}

impl Check<'_> {
    fn run(&self, x: &SpirvReflection, target_name: &str, failures: &mut Vec<String>) {
        let what = &self.what;
        let Some(xe) = x
            .entry_points
            .iter()
            .find(|e| e.name == target_name && e.stage == stage_name(self.ep))
        else {
            failures.push(format!(
                "{what}: no entry point `{target_name}` in the SPIR-V"
            ));
            return;
        };
        self.descriptors(x, xe, failures);
        self.interface(xe, failures);
        if (xe.uses_push_constants) != self.ep.push_constant.is_some() {
            failures.push(format!(
                "{what}: uses push constants: {} but reflection says {:?}",
                xe.uses_push_constants, self.ep.push_constant
            ));
        }
        if stage_name(self.ep) == "compute" && xe.workgroup_size != Some(self.ep.workgroup_size) {
            failures.push(format!(
                "{what}: workgroup size {:?} but reflection says {:?}",
                xe.workgroup_size, self.ep.workgroup_size
            ));
        }
        if self.spec {
            for s in &x.spec_constants {
                match self.r.spec_constants.iter().find(|r| r.id == s.id) {
                    Some(r) if r.ty == s.ty => {}
                    Some(r) => failures.push(format!(
                        "{what}: spec constant {} is `{}` but reflection says `{}`",
                        s.id, s.ty, r.ty
                    )),
                    None => failures.push(format!(
                        "{what}: spec constant id {} is not in reflection",
                        s.id
                    )),
                }
            }
        }
    }

    fn descriptors(&self, x: &SpirvReflection, xe: &SpirvEntryPoint, failures: &mut Vec<String>) {
        let what = &self.what;
        let declared: BTreeMap<(u32, u32), _> = x
            .descriptor_sets
            .iter()
            .flat_map(|s| s.bindings.iter().map(move |b| ((s.set, b.binding), b)))
            .collect();
        let used: BTreeSet<(u32, u32)> =
            xe.descriptors.iter().map(|d| (d.set, d.binding)).collect();
        let mut expected = BTreeSet::new();
        for eb in &self.ep.bindings {
            let b = self
                .r
                .bindings
                .iter()
                .find(|b| b.group == eb.group && b.binding == eb.binding)
                .unwrap();
            // GLSL's combined sampler sits at the texture half's binding and stands for both.
            let combined = self.glsl && b.combined_role.is_some();
            if combined && b.combined_role == Some(CombinedRole::Sampler) {
                continue;
            }
            let key = (b.group, b.binding);
            expected.insert(key);
            let Some(xb) = declared.get(&key) else {
                continue;
            };
            let ty = if combined {
                DescriptorType::CombinedImageSampler
            } else {
                b.descriptor_type
            };
            if xb.descriptor_type != ty || xb.count != b.count {
                failures.push(format!(
                    "{what}: `{}` at set {} binding {} is {:?} x{} but reflection says {ty:?} x{}",
                    b.name, key.0, key.1, xb.descriptor_type, xb.count, b.count
                ));
            }
            if b.descriptor_type == DescriptorType::UniformBuffer {
                if let (Some(end), Some(size)) = (xb.block_size, b.size) {
                    if end > size {
                        failures.push(format!(
                            "{what}: `{}`'s block ends at {end}, past reflection's size {size}",
                            b.name
                        ));
                    }
                }
            }
        }
        if used != expected {
            failures.push(format!(
                "{what}: uses descriptors {used:?} but reflection lists {expected:?}"
            ));
        }
    }

    fn interface(&self, xe: &SpirvEntryPoint, failures: &mut Vec<String>) {
        let what = &self.what;
        for (dir, ours, theirs) in [
            ("input", &self.ep.inputs, &xe.inputs),
            ("output", &self.ep.outputs, &xe.outputs),
        ] {
            let ours: BTreeMap<u32, _> = ours
                .iter()
                .filter_map(|io| Some((io.location?, io)))
                .collect();
            let theirs: BTreeMap<u32, _> = theirs
                .iter()
                .filter_map(|io| Some((io.location?, io)))
                .collect();
            let subset = self.hlsl && dir == "input";
            let same = theirs.keys().all(|l| ours.contains_key(l))
                && (subset || ours.len() == theirs.len());
            if !same {
                failures.push(format!(
                    "{what}: {dir} locations {:?} but reflection says {:?}",
                    theirs.keys().collect::<Vec<_>>(),
                    ours.keys().collect::<Vec<_>>()
                ));
                continue;
            }
            for (location, io) in &theirs {
                let r = ours[location];
                // Vertex inputs and fragment outputs have no interpolation in either.
                if io.ty != r.ty || io.interpolation != r.interpolation {
                    failures.push(format!(
                        "{what}: {dir} `{}` at location {location} is `{}` {:?} but reflection \
                         says `{}` {:?}",
                        r.name, io.ty, io.interpolation, r.ty, r.interpolation
                    ));
                }
            }
        }
    }
}

fn stage_name(ep: &EntryPoint) -> String {
    serde_json::to_value(ep.stage)
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

/// Checks every output of one source; returns how many entry points were checked.
fn check_source(rel: &str, path: &Path, scratch: &Path, failures: &mut Vec<String>) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let options = corpus_options();
    let r = match lumac::reflect(rel, &text, &lumac::FsReader, &options) {
        Ok(r) => r,
        Err(e) => {
            failures.push(format!("{rel}: reflection failed:\n{}", e.render(false)));
            return 0;
        }
    };
    let base: PathBuf = scratch.join(rel.replace(['/', '.'], "_"));
    let mut checked = 0;
    for target in [Target::Glsl, Target::Hlsl, Target::Wgsl] {
        let compiled = lumac::compile(rel, &text, &lumac::FsReader, &options, &[target]);
        // A shader beyond a target (a documented limit) has no output there: the target's own
        // corpus test says which, and why.
        let wgsl_x = match (target, compiled.outputs.first()) {
            (Target::Wgsl, Some(out)) => {
                match naga(&String::from_utf8_lossy(out.data.as_bytes())) {
                    Ok(x) => Some(x),
                    Err(e) => {
                        failures.push(format!("{rel} (WGSL): {e}"));
                        continue;
                    }
                }
            }
            _ => None,
        };
        for (index, out) in compiled.outputs.iter().enumerate() {
            let source = String::from_utf8_lossy(out.data.as_bytes()).into_owned();
            for oe in &out.entry_points {
                let ep = r.entry_points.iter().find(|e| e.name == oe.name).unwrap();
                let stage = stage_name(ep);
                let target_name = oe.target_name.clone().unwrap_or_else(|| oe.name.clone());
                let check = Check {
                    what: format!("{rel} ({target:?} {})", oe.name),
                    r: &r,
                    ep,
                    glsl: target == Target::Glsl,
                    hlsl: target == Target::Hlsl,
                    spec: target != Target::Wgsl,
                };
                let x = match target {
                    Target::Glsl => glslang(
                        &base.with_extension(format!("{index}.{}", glslang_stage(&stage))),
                        &source,
                        &stage,
                        None,
                    ),
                    Target::Hlsl => glslang(
                        &base.with_extension(format!("{}.hlsl", oe.name)),
                        &source,
                        &stage,
                        Some(&target_name),
                    ),
                    _ => Ok(wgsl_x.clone().unwrap()),
                };
                match x {
                    Ok(x) => {
                        check.run(&x, &target_name, failures);
                        checked += 1;
                    }
                    // hlsl.rs requires glslang to compile every corpus shader's HLSL but the
                    // few it lists as glslang's gaps; those have nothing to read here.
                    Err(_) if target == Target::Hlsl => {}
                    Err(e) => failures.push(format!("{} : glslang failed:\n{e}", check.what)),
                }
            }
        }
    }
    checked
}

#[test]
fn text_outputs_agree_with_reflection() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let scratch = scratch_dir("reflect-targets");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &corpus {
        checked += check_source(&corpus_path(path), path, &scratch, &mut failures);
    }
    assert!(checked > 500, "only {checked} entry points checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `SpirvReflection` reads the workgroup size of SPIR-V from elsewhere as `spirv-cross` does:
/// glslang writes `local_size_x_id` as a `WorkgroupSize` builtin composite before SPIR-V 1.6
/// (Vulkan 1.1) and as `LocalSizeId` after (Vulkan 1.3); either way the sizes are the
/// defaults (glslang's 1 for an id without a `constant_id` declaration) and the ids are those
/// that set each dimension.
#[test]
fn workgroup_size_from_spec_ids_in_foreign_spirv() {
    let scratch = scratch_dir("reflect-targets-workgroup");
    let source = "#version 450
layout(local_size_x_id = 3, local_size_y = 4, local_size_z_id = 5) in;
layout(set = 0, binding = 0) buffer B { uint o[]; };
void main() { o[gl_LocalInvocationIndex] = gl_WorkGroupSize.x + gl_WorkGroupSize.z; }
";
    for env in ["vulkan1.1", "vulkan1.3"] {
        let file = scratch.join(format!("wg_{env}.comp"));
        std::fs::write(&file, source).unwrap();
        let spv = file.with_extension("spv");
        let (ok, log) = run(Command::new(require_tool("glslangValidator"))
            .args(["-V", "--target-env", env, "-o"])
            .arg(&spv)
            .arg(&file));
        assert!(ok, "{log}");
        let x = SpirvReflection::from_bytes(&std::fs::read(&spv).unwrap()).unwrap();
        let e = &x.entry_points[0];
        assert_eq!(e.workgroup_size, Some([1, 4, 1]), "{env}");
        assert_eq!(
            e.workgroup_size_spec_ids,
            Some([Some(3), None, Some(5)]),
            "{env}"
        );
        let (ok, log) = run(Command::new(require_tool("spirv-cross"))
            .arg(&spv)
            .arg("--reflect"));
        assert!(ok, "{log}");
        let cross: serde_json::Value = serde_json::from_str(&log).unwrap();
        assert_eq!(
            cross["entryPoints"][0]["workgroup_size_is_spec_constant_id"],
            serde_json::json!([true, false, true]),
            "{env}"
        );
    }
}
