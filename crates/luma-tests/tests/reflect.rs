//! Reflection checked against an independent reader: for every corpus shader, `lumac::reflect`
//! (the IR model) and the SPIR-V read-back (`--spirv`) must agree with `spirv-cross --reflect`
//! run on Luma's own SPIR-V: the same sets, bindings, descriptor types and array sizes, the same
//! member offsets, array and matrix strides and block sizes, the same push-constant size, spec
//! constant ids, types and defaults, entry points, workgroup sizes and located inputs and
//! outputs; and the model's device features must be those the read-back finds the SPIR-V's
//! capabilities need. Both models are snapshotted as JSON in `tests/out/reflect/<path>.json` and
//! `<path>.spirv.json` (blessed with `LUMA_BLESS=1`) and must be byte-identical across runs.
//! Inline sources cover what the corpus lacks: awkward layouts with exact expected offsets,
//! arrays of textures, nested arrays, `--entry` selection.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use luma_testutil::{corpus_path, require_tool, run, scratch_dir, shader_corpus, tests_dir};
use lumac::reflection::{
    Access, DescriptorType, LayoutRule, MemberLayout, Reflection, SpirvReflection,
};
use lumac::{MemoryReader, Options, Target};
use serde_json::Value;

fn corpus_options() -> Options {
    Options {
        include_dirs: vec![tests_dir()
            .join("shaders/include")
            .to_string_lossy()
            .into_owned()],
        ..Options::default()
    }
}

/// The IR reflection, the SPIR-V bytes and their read-back, for one source.
struct Reflected {
    ir: Reflection,
    spirv: Vec<u8>,
    back: SpirvReflection,
}

fn reflect_source(name: &str, text: &str, options: &Options) -> Result<Reflected, String> {
    let ir = lumac::reflect(name, text, &lumac::FsReader, options)
        .map_err(|r| format!("{name}: reflection failed:\n{}", r.render(false)))?;
    let compiled = lumac::compile(name, text, &lumac::FsReader, options, &[Target::Spirv]);
    if !compiled.success() {
        return Err(format!(
            "{name}: compile failed:\n{}",
            compiled.render(false)
        ));
    }
    let spirv = compiled.outputs[0].data.as_bytes().to_vec();
    let back = SpirvReflection::from_bytes(&spirv)
        .map_err(|e| format!("{name}: cannot read back the SPIR-V: {e}"))?;
    Ok(Reflected { ir, spirv, back })
}

fn reflect_file(path: &Path) -> Result<Reflected, String> {
    let text = std::fs::read_to_string(path).unwrap();
    reflect_source(&corpus_path(path), &text, &corpus_options())
}

/// `spirv` with the `OpEntryPoint` named `name` moved first. `spirv-cross --reflect` (the
/// Debian 12 build) reports the inputs and outputs of the first entry point whatever `--entry`
/// says; `--dump-resources` does honour `--entry` but prints no types.
fn entry_point_first(spirv: &[u8], name: &str) -> Vec<u8> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut before = words[..5].to_vec();
    let mut chosen = Vec::new();
    let mut others = Vec::new();
    let mut after = Vec::new();
    let mut pos = 5;
    while pos < words.len() {
        let count = (words[pos] >> 16) as usize;
        let inst = &words[pos..pos + count];
        if words[pos] & 0xffff == 15 {
            let bytes: Vec<u8> = inst[3..].iter().flat_map(|w| w.to_le_bytes()).collect();
            let end = bytes.iter().position(|&b| b == 0).unwrap();
            if &bytes[..end] == name.as_bytes() && chosen.is_empty() {
                chosen.extend_from_slice(inst);
            } else {
                others.extend_from_slice(inst);
            }
        } else if chosen.is_empty() && others.is_empty() {
            before.extend_from_slice(inst);
        } else {
            after.extend_from_slice(inst);
        }
        pos += count;
    }
    assert!(!chosen.is_empty(), "no entry point `{name}` in the SPIR-V");
    [before, chosen, others, after]
        .concat()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

/// `spirv-cross --reflect` on `spirv`, for one entry point when given.
fn spirv_cross(spirv: &[u8], entry: Option<(&str, &str)>) -> Value {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path: PathBuf = scratch_dir("reflect").join(format!("{n}.spv"));
    match entry {
        Some((name, _)) => std::fs::write(&path, entry_point_first(spirv, name)).unwrap(),
        None => std::fs::write(&path, spirv).unwrap(),
    }
    let mut cmd = Command::new(require_tool("spirv-cross"));
    cmd.arg(&path).arg("--reflect");
    if let Some((name, stage)) = entry {
        cmd.args(["--entry", name, "--stage", stage]);
    }
    let (ok, text) = run(&mut cmd);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "spirv-cross failed: {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("spirv-cross JSON: {e}\n{text}"))
}

fn cross_stage(stage: &str) -> &'static str {
    match stage {
        "vertex" => "vert",
        "fragment" => "frag",
        "compute" => "comp",
        "geometry" => "geom",
        "tessellation_control" => "tesc",
        "tessellation_eval" => "tese",
        other => panic!("no spirv-cross stage for {other}"),
    }
}

/// A Luma type spelled as spirv-cross spells GLSL types (element type only for arrays).
fn cross_type_name(luma: &str) -> String {
    let element = luma.trim_start_matches(|c: char| c == '[' || c == ']' || c.is_ascii_digit());
    let element = element.strip_prefix("atomic_").unwrap_or(element);
    match element {
        "half" => "float16_t".to_string(),
        e if e.starts_with("hvec") => format!("f16vec{}", &e[4..]),
        e if e.starts_with("hmat") => format!("f16mat{}", &e[4..]),
        e => e.to_string(),
    }
}

fn round_up(v: u64, align: u64) -> u64 {
    v.div_ceil(align) * align
}

/// One descriptor as spirv-cross lists it.
#[derive(Debug, Clone, PartialEq)]
struct CrossDescriptor {
    ty: DescriptorType,
    count: u64,
    array: Option<u64>,
    block_size: Option<u64>,
    type_key: String,
    readonly: bool,
    writeonly: bool,
    format: Option<String>,
}

fn cross_descriptors(x: &Value) -> BTreeMap<(u64, u64), CrossDescriptor> {
    let kinds = [
        ("ubos", DescriptorType::UniformBuffer),
        ("ssbos", DescriptorType::StorageBuffer),
        ("separate_images", DescriptorType::SampledImage),
        ("separate_samplers", DescriptorType::Sampler),
        ("textures", DescriptorType::CombinedImageSampler),
        ("images", DescriptorType::StorageImage),
    ];
    let mut out = BTreeMap::new();
    for (key, ty) in kinds {
        for r in x[key].as_array().into_iter().flatten() {
            let dims: Vec<u64> = r["array"]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_u64().unwrap()).collect())
                .unwrap_or_default();
            let set = r["set"].as_u64().unwrap();
            let binding = r["binding"].as_u64().unwrap();
            let d = CrossDescriptor {
                ty,
                count: dims.iter().product(),
                array: dims.first().copied(),
                block_size: r["block_size"].as_u64(),
                type_key: r["type"].as_str().unwrap().to_string(),
                readonly: r["readonly"].as_bool().unwrap_or(false),
                writeonly: r["writeonly"].as_bool().unwrap_or(false),
                format: r["format"].as_str().map(str::to_string),
            };
            match out.entry((set, binding)) {
                std::collections::btree_map::Entry::Vacant(slot) => {
                    slot.insert(d);
                }
                std::collections::btree_map::Entry::Occupied(mut slot) => {
                    // Only the read-only twin of a read-write buffer or storage image
                    // (graphics stages read it through one) may share a binding: one
                    // descriptor, writable.
                    let old = slot.get_mut();
                    assert!(
                        matches!(
                            ty,
                            DescriptorType::StorageBuffer | DescriptorType::StorageImage
                        ) && old.ty == ty
                            && old.type_key == d.type_key
                            && old.count == d.count
                            && old.readonly != d.readonly,
                        "spirv-cross lists {set}.{binding} twice, and not as a buffer or image \
                         and its read-only twin"
                    );
                    old.readonly = false;
                }
            }
        }
    }
    out
}

/// The declared size of a spirv-cross type (the end of its last member), from its own data.
fn cross_declared_size(types: &Value, key: &str) -> u64 {
    let members = types[key]["members"].as_array().unwrap();
    members
        .iter()
        .map(|m| m["offset"].as_u64().unwrap() + cross_member_size(types, m))
        .max()
        .unwrap_or(0)
}

fn cross_member_size(types: &Value, m: &Value) -> u64 {
    let ty = m["type"].as_str().unwrap();
    if let Some(dims) = m["array"].as_array() {
        // spirv-cross lists the outermost dimension last; the stride is the outermost one's.
        let outer = dims.last().unwrap().as_u64().unwrap();
        return outer * m["array_stride"].as_u64().unwrap();
    }
    if types.get(ty).is_some() {
        return cross_declared_size(types, ty);
    }
    // spirv-cross spells a half `float16_t` and its vectors and matrices `f16vec3`, `f16mat2`.
    if ty == "float16_t" {
        return 2;
    }
    let (base, scalar) = match ty.strip_prefix("f16") {
        Some(rest) => (rest.to_string(), 2),
        None => (ty.to_string(), 4),
    };
    let base = base.trim_start_matches(['i', 'u', 'd', 'b']);
    if let Some(dims) = base.strip_prefix("mat") {
        let (cols, rows): (u64, u64) = match dims.split_once('x') {
            Some((c, r)) => (c.parse().unwrap(), r.parse().unwrap()),
            None => (dims.parse().unwrap(), dims.parse().unwrap()),
        };
        let stride = m["matrix_stride"].as_u64().unwrap();
        return if m["row_major"].as_bool() == Some(true) {
            stride * rows
        } else {
            stride * cols
        };
    }
    if let Some(n) = base.strip_prefix("vec") {
        return scalar * n.parse::<u64>().unwrap();
    }
    scalar
}

/// Compares one member (or a buffer's whole contents) with spirv-cross's member `xm`, and
/// queues the structs they hold.
fn compare_member(
    what: &str,
    xm: &Value,
    rm: &MemberLayout,
    pending: &mut Vec<(String, String)>,
    failures: &mut Vec<String>,
) {
    let x_offset = xm["offset"].as_u64().unwrap();
    if x_offset != u64::from(rm.offset) {
        failures.push(format!(
            "{what}: offset {} but spirv-cross says {x_offset}",
            rm.offset
        ));
    }
    let x_dims: Vec<u64> = xm["array"]
        .as_array()
        .map(|a| a.iter().rev().map(|v| v.as_u64().unwrap()).collect())
        .unwrap_or_default();
    let r_dims: Vec<u64> = rm
        .array
        .iter()
        .map(|d| u64::from(d.size.unwrap_or(0)))
        .collect();
    if x_dims != r_dims {
        failures.push(format!(
            "{what}: array {r_dims:?} but spirv-cross says {x_dims:?}"
        ));
    }
    let x_stride = xm["array_stride"].as_u64();
    let r_stride = rm.array.first().map(|d| u64::from(d.stride));
    if x_stride != r_stride {
        failures.push(format!(
            "{what}: array stride {r_stride:?} but spirv-cross says {x_stride:?}"
        ));
    }
    let x_matrix = xm["matrix_stride"].as_u64();
    let r_matrix = rm.matrix_stride.map(u64::from);
    if x_matrix != r_matrix {
        failures.push(format!(
            "{what}: matrix stride {r_matrix:?} but spirv-cross says {x_matrix:?}"
        ));
    }
    let x_type = xm["type"].as_str().unwrap();
    match &rm.struct_name {
        Some(name) => pending.push((x_type.to_string(), name.clone())),
        None => {
            if cross_type_name(&rm.ty) != x_type {
                failures.push(format!(
                    "{what}: type `{}` but spirv-cross says `{x_type}`",
                    rm.ty
                ));
            }
        }
    }
}

/// Compares a buffer's contents (`block`, laid out under `rule`) with spirv-cross's type.
fn compare_block(
    what: &str,
    x: &Value,
    x_key: &str,
    ir: &Reflection,
    rule: LayoutRule,
    block: &MemberLayout,
    failures: &mut Vec<String>,
) {
    let types = &x["types"];
    let mut pending = Vec::new();
    if block.struct_name.is_some() && block.array.is_empty() {
        pending.push((x_key.to_string(), block.struct_name.clone().unwrap()));
    } else {
        // Luma wraps any other contents in a one-member block struct.
        let members = types[x_key]["members"].as_array().unwrap();
        if members.len() != 1 {
            failures.push(format!(
                "{what}: the wrapper block has {} members",
                members.len()
            ));
            return;
        }
        compare_member(what, &members[0], block, &mut pending, failures);
    }
    let mut seen = std::collections::BTreeSet::new();
    while let Some((x_key, r_name)) = pending.pop() {
        if !seen.insert((x_key.clone(), r_name.clone())) {
            continue;
        }
        let Some(r_struct) = ir
            .structs
            .iter()
            .find(|s| s.name == r_name && s.layout == rule)
        else {
            failures.push(format!("{what}: no struct `{r_name}` under {rule:?}"));
            continue;
        };
        let x_members = types[&x_key]["members"].as_array().unwrap();
        if x_members.len() != r_struct.members.len() {
            failures.push(format!(
                "{what}: `{r_name}` has {} members but spirv-cross says {}",
                r_struct.members.len(),
                x_members.len()
            ));
            continue;
        }
        for (xm, rm) in x_members.iter().zip(&r_struct.members) {
            let what = format!("{what}: `{r_name}.{}`", rm.name);
            compare_member(&what, xm, rm, &mut pending, failures);
        }
    }
}

/// Everything the two models and spirv-cross must agree on, for one module.
fn compare(name: &str, r: &Reflected) -> Vec<String> {
    let mut failures = Vec::new();
    let x = spirv_cross(&r.spirv, None);
    let xd = cross_descriptors(&x);
    let xd = &xd;

    // The device features the model reports are those the SPIR-V's capabilities need.
    if r.ir.device_features != r.back.device_features {
        failures.push(format!(
            "{name}: device features {:?} in the model, {:?} from the SPIR-V capabilities",
            r.ir.device_features, r.back.device_features
        ));
    }

    // Sets, bindings, descriptor types, counts, array sizes, access. A binding no entry point
    // uses (empty `stages`, such as the sampler half of a combined sampler that is only
    // fetched) is in the source model but not in the SPIR-V (docs/reflection.md); the stage
    // check below holds it to that.
    let from_ir: BTreeMap<(u64, u64), (DescriptorType, u64, Option<u64>)> =
        r.ir.bindings
            .iter()
            .filter(|b| !b.stages.is_empty())
            .map(|b| {
                (
                    (u64::from(b.group), u64::from(b.binding)),
                    (
                        b.descriptor_type,
                        u64::from(b.count),
                        b.array_size.map(u64::from),
                    ),
                )
            })
            .collect();
    let from_cross: BTreeMap<(u64, u64), (DescriptorType, u64, Option<u64>)> = xd
        .iter()
        .map(|(k, d)| (*k, (d.ty, d.count, d.array)))
        .collect();
    if from_ir != from_cross {
        failures.push(format!(
            "{name}: descriptors differ\n  luma:        {from_ir:?}\n  spirv-cross: {from_cross:?}"
        ));
    }
    let from_back: BTreeMap<(u64, u64), (DescriptorType, u64, Option<u64>)> = r
        .back
        .descriptor_sets
        .iter()
        .flat_map(|s| {
            s.bindings.iter().map(move |b| {
                let array = xd
                    .get(&(u64::from(s.set), u64::from(b.binding)))
                    .and_then(|d| d.array);
                (
                    (u64::from(s.set), u64::from(b.binding)),
                    (b.descriptor_type, u64::from(b.count), array),
                )
            })
        })
        .collect();
    if from_back != from_cross {
        failures.push(format!(
            "{name}: --spirv descriptors differ\n  luma:        {from_back:?}\n  spirv-cross: {from_cross:?}"
        ));
    }

    // Buffers: access, block sizes, member layouts.
    for b in &r.ir.bindings {
        let key = (u64::from(b.group), u64::from(b.binding));
        let Some(xb) = xd.get(&key) else { continue };
        let what = format!("{name}: binding `{}` ({}.{})", b.name, b.group, b.binding);
        let back = r
            .back
            .descriptor_sets
            .iter()
            .find(|s| s.set == b.group)
            .and_then(|s| s.bindings.iter().find(|d| d.binding == b.binding))
            .unwrap();
        if b.descriptor_type == DescriptorType::StorageBuffer {
            let r_read = b.access == Some(Access::Read);
            let back_read = back.access == Some(Access::Read);
            if r_read != xb.readonly || back_read != xb.readonly {
                failures.push(format!(
                    "{what}: access {:?} / --spirv {:?} but spirv-cross readonly is {}",
                    b.access, back.access, xb.readonly
                ));
            }
        }
        if b.descriptor_type == DescriptorType::StorageImage {
            // spirv-cross names storage images by their GLSL type and format, which are Luma's.
            let access = match (xb.readonly, xb.writeonly) {
                (true, false) => Access::Read,
                (false, true) => Access::Write,
                _ => Access::ReadWrite,
            };
            if b.access != Some(access) || back.access != Some(access) {
                failures.push(format!(
                    "{what}: access {:?} / --spirv {:?} but spirv-cross says {access:?}",
                    b.access, back.access
                ));
            }
            if b.format != xb.format || back.format != xb.format {
                failures.push(format!(
                    "{what}: format {:?} / --spirv {:?} but spirv-cross says {:?}",
                    b.format, back.format, xb.format
                ));
            }
            let element = b.ty.rsplit(']').next().unwrap_or(&b.ty);
            if element != xb.type_key {
                failures.push(format!(
                    "{what}: type `{}` but spirv-cross says `{}`",
                    b.ty, xb.type_key
                ));
            }
        }
        let (Some(block), Some(rule), Some(size)) = (&b.block, b.layout, b.size) else {
            continue;
        };
        let x_size = xb.block_size.unwrap();
        let expected = if b.runtime_array_stride.is_some() {
            x_size
        } else {
            // Whole words: see `block_sizes_are_whole_words`.
            round_up(x_size, u64::from(block.align.max(4)))
        };
        if u64::from(size) != expected || back.block_size.map(u64::from) != Some(x_size) {
            failures.push(format!(
                "{what}: size {size} (--spirv block size {:?}) but spirv-cross block_size is {x_size}",
                back.block_size
            ));
        }
        if b.runtime_array_stride != back.runtime_array_stride {
            failures.push(format!(
                "{what}: runtime array stride {:?} but --spirv says {:?}",
                b.runtime_array_stride, back.runtime_array_stride
            ));
        }
        compare_block(&what, &x, &xb.type_key, &r.ir, rule, block, &mut failures);
    }

    // Push constants.
    let x_push = x["push_constants"].as_array().cloned().unwrap_or_default();
    if x_push.len() != r.ir.push_constants.len()
        || x_push.len() != r.back.push_constant_ranges.len()
    {
        failures.push(format!(
            "{name}: {} push constant blocks (--spirv {}) but spirv-cross lists {}",
            r.ir.push_constants.len(),
            r.back.push_constant_ranges.len(),
            x_push.len()
        ));
    }
    for ((xp, pc), range) in x_push
        .iter()
        .zip(&r.ir.push_constants)
        .zip(&r.back.push_constant_ranges)
    {
        let what = format!("{name}: push constant `{}`", pc.name);
        let key = xp["type"].as_str().unwrap();
        let declared = cross_declared_size(&x["types"], key);
        if u64::from(pc.size) != round_up(declared, u64::from(pc.block.align.max(4)))
            || u64::from(range.offset + range.size) != round_up(declared, 4)
        {
            failures.push(format!(
                "{what}: size {} (--spirv range {}+{}) but spirv-cross's members end at {declared}",
                pc.size, range.offset, range.size
            ));
        }
        compare_block(
            &what,
            &x,
            key,
            &r.ir,
            LayoutRule::Std430,
            &pc.block,
            &mut failures,
        );
    }

    // Specialization constants: ids, types, defaults.
    // spirv-cross lists every constant with a SpecId; the models list each id once, as the
    // first constant declared with it (an `int` constant that sizes a workgroup has a `uint`
    // twin for the `WorkgroupSize` builtin).
    let mut x_declared: Vec<&Value> = x["specialization_constants"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    x_declared.sort_by_key(|s| (s["id"].as_u64(), s["variable_id"].as_u64()));
    x_declared.dedup_by_key(|s| s["id"].as_u64());
    let x_spec: Vec<(u64, String, String)> = x_declared
        .into_iter()
        .map(|s| {
            let ty = s["type"].as_str().unwrap().to_string();
            let default = match &s["default_value"] {
                Value::Bool(b) => b.to_string(),
                Value::Number(n) if ty == "float" => {
                    format!("{:?}", n.as_f64().unwrap() as f32)
                }
                Value::Number(n) => n.to_string(),
                other => other.to_string(),
            };
            (s["id"].as_u64().unwrap(), ty, default)
        })
        .collect();
    let r_spec: Vec<(u64, String, String)> =
        r.ir.spec_constants
            .iter()
            .map(|s| (u64::from(s.id), cross_type_name(&s.ty), s.default.clone()))
            .collect();
    let back_spec: Vec<(u64, String, String)> = r
        .back
        .spec_constants
        .iter()
        .map(|s| (u64::from(s.id), cross_type_name(&s.ty), s.default.clone()))
        .collect();
    let mut x_sorted = x_spec.clone();
    x_sorted.sort();
    // spirv-cross's JSON has no value for a 16-bit constant (`"default_value": null`): there
    // only the id and type are its word, and the two models must still agree on the value.
    for (id, ty, default) in &mut x_sorted {
        if ty == "float16_t" && default == "null" {
            if let Some(r) = r_spec.iter().find(|(r_id, _, _)| r_id == id) {
                default.clone_from(&r.2);
            }
        }
    }
    if r_spec != x_sorted || back_spec != x_sorted {
        failures.push(format!(
            "{name}: spec constants differ\n  luma:        {r_spec:?}\n  --spirv:     {back_spec:?}\n  spirv-cross: {x_sorted:?}"
        ));
    }

    // Entry points, workgroup sizes, located inputs and outputs.
    let x_entries = x["entryPoints"].as_array().unwrap();
    let names = |v: Vec<(String, String)>| {
        let mut v = v;
        v.sort();
        v
    };
    let x_names = names(
        x_entries
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_string(),
                    e["mode"].as_str().unwrap().to_string(),
                )
            })
            .collect(),
    );
    let r_names = names(
        r.ir.entry_points
            .iter()
            .map(|e| {
                let stage = serde_json::to_value(e.stage).unwrap();
                (
                    e.name.clone(),
                    cross_stage(stage.as_str().unwrap()).to_string(),
                )
            })
            .collect(),
    );
    if x_names != r_names {
        failures.push(format!(
            "{name}: entry points {r_names:?} but spirv-cross lists {x_names:?}"
        ));
        return failures;
    }
    for (ep, back) in r.ir.entry_points.iter().zip(&r.back.entry_points) {
        let stage = serde_json::to_value(ep.stage).unwrap();
        let stage = stage.as_str().unwrap();
        let what = format!("{name}: entry point `{}`", ep.name);
        if back.name != ep.name || back.stage != stage {
            failures.push(format!(
                "{what}: --spirv lists `{}` ({}) in its place",
                back.name, back.stage
            ));
            continue;
        }
        let xe = spirv_cross(&r.spirv, Some((&ep.name, cross_stage(stage))));
        let x_entry = xe["entryPoints"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == ep.name.as_str())
            .unwrap();
        if stage == "compute" {
            // spirv-cross gives a specialized dimension's spec id where the size would be.
            let x_size: Vec<u64> = x_entry["workgroup_size"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let x_is_spec: Vec<bool> =
                match x_entry["workgroup_size_is_spec_constant_id"].as_array() {
                    Some(flags) => flags.iter().map(|f| f.as_bool().unwrap()).collect(),
                    None => vec![false; 3],
                };
            let r_size: Vec<u64> = ep
                .workgroup_size
                .iter()
                .zip(&ep.workgroup_size_spec_ids)
                .map(|(&n, id)| u64::from(id.unwrap_or(n)))
                .collect();
            let r_is_spec: Vec<bool> = ep
                .workgroup_size_spec_ids
                .iter()
                .map(Option::is_some)
                .collect();
            let back_size = back.workgroup_size.map(|s| s.map(u64::from));
            let back_ids = back.workgroup_size_spec_ids;
            let ir_ids = Some(ep.workgroup_size_spec_ids);
            if x_size != r_size
                || x_is_spec != r_is_spec
                || back_size != Some(ep.workgroup_size.map(u64::from))
                || back_ids != ir_ids
            {
                failures.push(format!(
                    "{what}: workgroup size {:?} specialized by {:?} (--spirv {back_size:?} by {back_ids:?}) but spirv-cross says {x_size:?} (spec ids where {x_is_spec:?})",
                    ep.workgroup_size, ep.workgroup_size_spec_ids
                ));
            }
        }
        for (key, r_io, back_io) in [
            ("inputs", &ep.inputs, &back.inputs),
            ("outputs", &ep.outputs, &back.outputs),
        ] {
            let mut x_io: Vec<(u64, String)> = xe[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(|v| {
                    (
                        v["location"].as_u64().unwrap(),
                        v["type"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            x_io.sort();
            let mut luma: Vec<(u64, String)> = r_io
                .iter()
                .filter_map(|io| Some((u64::from(io.location?), cross_type_name(&io.ty))))
                .collect();
            luma.sort();
            let mut from_back: Vec<(u64, String)> = back_io
                .iter()
                .filter_map(|io| Some((u64::from(io.location?), cross_type_name(&io.ty))))
                .collect();
            from_back.sort();
            if luma != x_io || from_back != x_io {
                failures.push(format!(
                    "{what}: {key} {luma:?} (--spirv {from_back:?}) but spirv-cross says {x_io:?}"
                ));
            }
            // Every located input and output has a format; builtins have none.
            for io in back_io {
                if io.location.is_some() != io.format.is_some() {
                    failures.push(format!("{what}: {key} {io:?} has a format mismatch"));
                }
            }
        }
        // The descriptors and push constants each entry point uses agree between the models.
        let r_used: Vec<(u32, u32)> = ep.bindings.iter().map(|b| (b.group, b.binding)).collect();
        let back_used: Vec<(u32, u32)> = back
            .descriptors
            .iter()
            .map(|d| (d.set, d.binding))
            .collect();
        if r_used != back_used || ep.push_constant.is_some() != back.uses_push_constants {
            failures.push(format!(
                "{what}: uses {r_used:?} (push constant {:?}) but --spirv says {back_used:?} ({})",
                ep.push_constant, back.uses_push_constants
            ));
        }
    }
    // Stage flags agree between the models.
    for b in &r.ir.bindings {
        let back = r
            .back
            .descriptor_sets
            .iter()
            .find(|s| s.set == b.group)
            .and_then(|s| s.bindings.iter().find(|d| d.binding == b.binding));
        let r_stages: Vec<String> = b
            .stages
            .iter()
            .map(|s| {
                serde_json::to_value(s)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        let agrees = match back {
            Some(d) => d.stages == r_stages,
            None => r_stages.is_empty(),
        };
        if !agrees {
            failures.push(format!(
                "{name}: binding `{}` stages {r_stages:?} but --spirv says {:?}",
                b.name,
                back.map(|d| &d.stages)
            ));
        }
    }
    failures
}

#[test]
fn corpus_agrees_with_spirv_cross() {
    let corpus = shader_corpus();
    assert!(!corpus.is_empty(), "the shader corpus is empty");
    let mut failures = Vec::new();
    for path in &corpus {
        let rel = corpus_path(path);
        match reflect_file(path) {
            Ok(r) => failures.extend(compare(&rel, &r)),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn corpus_snapshots_are_deterministic() {
    let mut failures = Vec::new();
    for path in shader_corpus() {
        let rel = corpus_path(&path);
        let (first, second) = match (reflect_file(&path), reflect_file(&path)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                failures.push(e);
                continue;
            }
        };
        let ir_json = first.ir.to_json();
        let back_json = first.back.to_json();
        if ir_json != second.ir.to_json() || back_json != second.back.to_json() {
            failures.push(format!("{rel}: reflection differs between two runs"));
        }
        if Reflection::from_json(&ir_json).ok().as_ref() != Some(&first.ir)
            || SpirvReflection::from_json(&back_json).ok().as_ref() != Some(&first.back)
        {
            failures.push(format!("{rel}: JSON does not read back to the same model"));
        }
        let base = tests_dir().join("out/reflect").join(&rel);
        luma_testutil::assert_snapshot(&base.with_extension("json"), &ir_json);
        luma_testutil::assert_snapshot(&base.with_extension("spirv.json"), &back_json);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The SPIR-V read-back does not depend on the SPIR-V version (from 1.4 an entry point's
/// interface lists every global it uses; usage still comes from the call graph) or on debug
/// names (only `name` fields appear).
#[test]
fn spirv_read_back_is_the_same_at_every_version() {
    let mut failures = Vec::new();
    for path in shader_corpus() {
        let rel = corpus_path(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let base = match reflect_file(&path) {
            Ok(r) => r.back,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for (minor, debug) in [(0, false), (4, false), (6, true)] {
            let options = Options {
                spirv_version: (1, minor),
                debug,
                ..corpus_options()
            };
            let compiled =
                lumac::compile(&rel, &text, &lumac::FsReader, &options, &[Target::Spirv]);
            let mut back =
                SpirvReflection::from_bytes(compiled.outputs[0].data.as_bytes()).unwrap();
            back.version = base.version.clone();
            for ep in &mut back.entry_points {
                for io in ep.inputs.iter_mut().chain(ep.outputs.iter_mut()) {
                    io.name = None;
                }
            }
            for set in &mut back.descriptor_sets {
                for b in &mut set.bindings {
                    b.name = None;
                }
            }
            for pc in &mut back.push_constant_ranges {
                pc.name = None;
            }
            for s in &mut back.spec_constants {
                s.name = None;
            }
            if back != base {
                failures.push(format!(
                    "{rel}: SPIR-V 1.{minor} (debug {debug}) reads back differently:\n{}\nvs\n{}",
                    back.to_json(),
                    base.to_json()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Layouts the corpus does not reach, with exact expected offsets, also checked against
/// spirv-cross.
const AWKWARD: &str = "
struct Inner
	a: float
	b: vec2
end

struct Awkward
	v: vec3
	f: float
	arr: [3]float
	m3: mat3
	m2: mat2
	m32: mat3x2
	inner: Inner
	after: float
	grid: [2][3]float
	lights: [2]Inner
end

struct Tail
	count: uint
	items: []vec3
end

uniform u: Awkward
buffer s: Awkward
buffer tail: Tail
@push_constant uniform pc: Inner
uniform layers: [4]texture2D
uniform model: mat3x2
uniform bare3: vec3
buffer bare_half3: hvec3

@entry(compute) @workgroup_size(4, 2, 1)
function main(@builtin(global_invocation_id) id: uvec3)
	let x = u.f + u.arr[1] + u.m3[0].x + u.m2[1].y + u.m32[2].y + u.inner.a + u.after
	let y = u.grid[1][2] + u.lights[1].b.x + pc.a + model[1].y + s.grid[1][0] + s.m32[1].x
	let t = texel_fetch(layers[2], ivec2(0, 0), 0)
	s.f = x + y + t.x + bare3.z + float(bare_half3.y)
	tail.items[id.x] = s.v
end
";

#[test]
fn awkward_layouts_match_the_rules_and_spirv_cross() {
    let r = reflect_source("awkward.luma", AWKWARD, &Options::default()).unwrap();
    let failures = compare("awkward.luma", &r);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));

    let find = |name: &str, rule: LayoutRule| {
        r.ir.structs
            .iter()
            .find(|s| s.name == name && s.layout == rule)
            .unwrap()
    };
    let offsets = |name: &str, rule: LayoutRule| -> Vec<u32> {
        find(name, rule).members.iter().map(|m| m.offset).collect()
    };
    // std140: vec3 then float packs; arrays, matrices and structs round up to 16; `mat3x2`
    // columns take 16 bytes each; `[2][3]float` is 2 x 48 bytes.
    assert_eq!(
        offsets("Awkward", LayoutRule::Std140),
        [0, 12, 16, 64, 112, 144, 192, 208, 224, 320]
    );
    assert_eq!(find("Awkward", LayoutRule::Std140).size, Some(352));
    let grid = &find("Awkward", LayoutRule::Std140).members[8];
    assert_eq!(
        grid.array
            .iter()
            .map(|d| (d.size, d.stride))
            .collect::<Vec<_>>(),
        [(Some(2), 48), (Some(3), 16)]
    );
    // std430: scalar arrays pack, 2-row matrices have an 8-byte column stride.
    assert_eq!(
        offsets("Awkward", LayoutRule::Std430),
        [0, 12, 16, 32, 80, 96, 120, 136, 140, 168]
    );
    assert_eq!(find("Awkward", LayoutRule::Std430).size, Some(208));
    assert_eq!(
        find("Awkward", LayoutRule::Std430).members[5].matrix_stride,
        Some(8)
    );
    assert_eq!(offsets("Tail", LayoutRule::Std430), [0, 16]);

    let binding = |name: &str| r.ir.bindings.iter().find(|b| b.name == name).unwrap();
    assert_eq!(binding("u").size, Some(352));
    assert_eq!(binding("s").size, Some(208));
    assert_eq!(
        (binding("tail").size, binding("tail").runtime_array_stride),
        (Some(16), Some(16))
    );
    let layers = binding("layers");
    assert_eq!((layers.array_size, layers.count), (Some(4), 4));
    let model = binding("model").block.as_ref().unwrap();
    assert_eq!((model.size, model.matrix_stride), (Some(48), Some(16)));
    // A bare vector block is bound with its trailing padding, as a struct holding it would be
    // (Metal's `float3` takes 16 bytes); the member itself is 12 bytes, the end of the block's
    // last member as the SPIR-V read-back reports it.
    let back_size = |binding: u32| {
        r.back.descriptor_sets[0]
            .bindings
            .iter()
            .find(|b| b.binding == binding)
            .unwrap()
            .block_size
    };
    for (name, size, member) in [("bare3", 16, 12), ("bare_half3", 8, 6)] {
        let b = binding(name);
        assert_eq!(b.size, Some(size), "{name}");
        assert_eq!(b.block.as_ref().unwrap().size, Some(member), "{name}");
        assert_eq!(back_size(b.binding), Some(member), "{name}");
    }
    assert_eq!(r.ir.push_constants[0].size, 16);
    assert_eq!(r.back.push_constant_ranges[0].size, 16);
    assert_eq!(r.back.entry_points[0].workgroup_size, Some([4, 2, 1]));
}

/// A push-constant block of three `half`s (std430 size 6): Vulkan wants every
/// `VkPushConstantRange` size a multiple of 4, so the read-back range is 8 bytes, and so is the
/// IR model's `size` (its `block` keeps the layout's 6); spirv-cross agrees on the layout.
#[test]
fn push_constant_range_of_a_half_block_is_a_multiple_of_4() {
    let source = "
struct Tint
	r: half
	g: half
	b: half
end

@push_constant uniform tint: Tint
buffer data: []hvec4

@entry(compute) @workgroup_size(1)
function main(@builtin(global_invocation_id) id: uvec3)
	data[id.x] = hvec4(tint.r, tint.g, tint.b, half(1.0))
end
";
    let r = reflect_source("half_push.luma", source, &Options::default()).unwrap();
    let failures = compare("half_push.luma", &r);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(r.ir.push_constants[0].size, 8);
    assert_eq!(r.ir.push_constants[0].block.size, Some(6));
    let range = &r.back.push_constant_ranges[0];
    assert_eq!((range.offset, range.size), (0, 8));
}

/// Vertex attribute formats and fragment outputs, and `--entry` selection.
#[test]
fn vertex_formats_and_entry_selection() {
    let source = "
struct Params
	tint: vec4
end
uniform params: Params
uniform albedo: sampler2D

@entry(vertex)
function vs(@location(0) position: vec3, @location(1) uv: vec2, @location(2) bone: uvec4,
            @location(3) weight: float, @location(4) id: int)
		-> (@builtin(position) clip: vec4, out_uv: vec2, @interpolation(flat) out_id: int)
	return { clip = vec4(position, float(bone.x) * weight), out_uv = uv, out_id = id }
end

@entry(fragment)
function fs(in_uv: vec2, @interpolation(flat) in_id: int) -> (color: vec4, extra: ivec2)
	return { color = sample(albedo, in_uv) * params.tint, extra = ivec2(in_id, 0) }
end
";
    let r = reflect_source("formats.luma", source, &Options::default()).unwrap();
    let failures = compare("formats.luma", &r);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let vs = &r.back.entry_points[0];
    let formats: Vec<(Option<u32>, Option<&str>)> = vs
        .inputs
        .iter()
        .map(|i| (i.location, i.format.as_deref()))
        .collect();
    assert_eq!(
        formats,
        [
            (Some(0), Some("R32G32B32_SFLOAT")),
            (Some(1), Some("R32G32_SFLOAT")),
            (Some(2), Some("R32G32B32A32_UINT")),
            (Some(3), Some("R32_SFLOAT")),
            (Some(4), Some("R32_SINT")),
        ]
    );
    assert_eq!(
        vs.outputs.last().unwrap().builtin.as_deref(),
        Some("Position")
    );
    let fs = &r.back.entry_points[1];
    let outputs: Vec<Option<&str>> = fs.outputs.iter().map(|o| o.format.as_deref()).collect();
    assert_eq!(outputs, [Some("R32G32B32A32_SFLOAT"), Some("R32G32_SINT")]);
    let flat =
        |io: &[lumac::reflection::Io]| io.iter().map(|i| i.interpolation).collect::<Vec<_>>();
    use lumac::reflection::Interpolation::{Flat, Smooth};
    assert_eq!(flat(&r.ir.entry_points[0].inputs), [None; 5]);
    assert_eq!(
        flat(&r.ir.entry_points[0].outputs),
        [None, Some(Smooth), Some(Flat)]
    );
    assert_eq!(
        flat(&r.ir.entry_points[1].inputs),
        [Some(Smooth), Some(Flat)]
    );
    assert_eq!(flat(&r.ir.entry_points[1].outputs), [None, None]);
    let vs_flat: Vec<_> = r.back.entry_points[0]
        .outputs
        .iter()
        .map(|o| o.interpolation)
        .collect();
    assert_eq!(vs_flat, [Some(Smooth), Some(Flat), None]);

    // Only the fragment entry point: its bindings are used by the fragment stage only.
    let options = Options {
        entry_point: Some("fs".to_string()),
        ..Options::default()
    };
    let only = reflect_source("formats.luma", source, &options).unwrap();
    assert!(compare("formats.luma --entry fs", &only).is_empty());
    assert_eq!(only.ir.entry_points.len(), 1);
    assert_eq!(only.back.entry_points.len(), 1);
    for b in &only.ir.bindings {
        assert_eq!(b.stages, [lumac::reflection::Stage::Fragment], "{}", b.name);
    }
}

/// With `--entry`, a resource only the dropped entry points used is still listed (it is
/// declared), with no stages, and no output declares it: the HLSL output, like the others,
/// leaves it out, and what the kept entry point uses keeps the registers reflection reports.
#[test]
fn entry_selection_drops_resources_only_other_entry_points_use() {
    let source = "
uniform only_fs: [2]texture2D
uniform s: sampler
uniform tint: vec4
@entry(vertex)
function vs() -> (@builtin(position) p: vec4)
	return { p = tint }
end
@entry(fragment)
function fs() -> (c: vec4)
	return { c = sample_level(only_fs[1], s, vec2(0.0), 0.0) }
end
";
    let options = Options {
        entry_point: Some("vs".to_string()),
        ..Options::default()
    };
    let r = reflect_source("entries.luma", source, &options).unwrap().ir;
    let stages: Vec<(&str, usize, &str)> = r
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.stages.len(), b.hlsl.register.as_str()))
        .collect();
    assert_eq!(
        stages,
        [("only_fs", 0, "t0"), ("s", 0, "s1"), ("tint", 1, "b2")]
    );
    let out = lumac::compile(
        "entries.luma",
        source,
        &MemoryReader::default(),
        &options,
        &[Target::Hlsl, Target::Glsl, Target::Msl, Target::Wgsl],
    );
    assert!(out.success(), "{}", out.render(false));
    for output in &out.outputs {
        let text = String::from_utf8_lossy(output.data.as_bytes()).into_owned();
        assert!(
            !text.contains("only_fs") && !text.contains(" s "),
            "{:?} declares what only `fs` uses:\n{text}",
            output.target
        );
    }
    let hlsl = String::from_utf8_lossy(out.outputs[0].data.as_bytes()).into_owned();
    assert!(
        hlsl.contains("[[vk::binding(2, 0)]] cbuffer tint_block : register(b2, space0)"),
        "{hlsl}"
    );
}

/// A source error comes back as diagnostics, not as a reflection.
#[test]
fn errors_are_diagnostics() {
    let failed = lumac::reflect(
        "bad.luma",
        "uniform u: missing_type\n",
        &MemoryReader::default(),
        &Options::default(),
    )
    .unwrap_err();
    assert!(!failed.success());
    assert!(failed.render(false).contains("missing_type"));
}

/// The HLSL `num_workgroups` constant buffer appears exactly when an entry point reads it and
/// the option placed it, as `lumac::emit` writes it.
#[test]
fn hlsl_num_workgroups_follows_the_options() {
    let source = "
buffer counts: []uint
@entry(compute) @workgroup_size(1)
function main(@builtin(num_workgroups) n: uvec3)
	counts[0] = n.x
end
";
    let placed = Options {
        hlsl_num_workgroups: Some(lumac::ResourceBinding {
            group: 2,
            binding: 5,
        }),
        ..Options::default()
    };
    let r = lumac::reflect("nw.luma", source, &MemoryReader::default(), &placed).unwrap();
    let nw = r.hlsl.num_workgroups.unwrap();
    assert_eq!((nw.register.as_str(), nw.space), ("b5", 2));
    let hlsl = lumac::compile(
        "nw.luma",
        source,
        &MemoryReader::default(),
        &placed,
        &[Target::Hlsl],
    );
    assert!(hlsl.success(), "{}", hlsl.render(false));
    let text = String::from_utf8_lossy(hlsl.outputs[0].data.as_bytes()).into_owned();
    assert!(text.contains("register(b5, space2)"), "{text}");
    let unplaced = lumac::reflect(
        "nw.luma",
        source,
        &MemoryReader::default(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(unplaced.hlsl.num_workgroups, None);

    // On the binding of `counts` the HLSL back end refuses the buffer (E0922), so reflection
    // reports none, rather than a register `counts` already has.
    let clashing = Options {
        hlsl_num_workgroups: Some(lumac::ResourceBinding {
            group: 0,
            binding: 0,
        }),
        ..Options::default()
    };
    let r = lumac::reflect("nw.luma", source, &MemoryReader::default(), &clashing).unwrap();
    assert_eq!(r.hlsl.num_workgroups, None);
    let hlsl = lumac::compile(
        "nw.luma",
        source,
        &MemoryReader::default(),
        &clashing,
        &[Target::Hlsl],
    );
    assert_eq!(hlsl.diagnostics[0].code.as_str(), "E0922");
}

/// Where reflection says the HLSL and MSL back ends put each resource is where their output
/// puts it: `[[vk::binding(B, G)]] ... register(X, spaceG)` in HLSL (for every resource an
/// entry point uses; the others are not declared), `name [[class(index)]]` in the MSL entry
/// points that use it, and the sizes buffer;
/// and that no two resources share a register or slot (an array of N takes N of them).
#[test]
fn hlsl_registers_and_msl_slots_match_the_outputs() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in shader_corpus() {
        let rel = corpus_path(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let r = match reflect_file(&path) {
            Ok(r) => r.ir,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let options = corpus_options();
        let hlsl = lumac::compile(&rel, &text, &lumac::FsReader, &options, &[Target::Hlsl]);
        // Some shaders are beyond HLSL (`num_workgroups` without its option): those have no
        // output to check.
        if let Some(out) = hlsl.outputs.first() {
            let source = String::from_utf8_lossy(out.data.as_bytes()).into_owned();
            failures.extend(overlaps(
                &rel,
                "HLSL register",
                r.bindings.iter().map(|b| {
                    let (class, index) = b.hlsl.register.split_at(1);
                    (
                        &b.name,
                        format!("{class} space{}", b.hlsl.space),
                        index.parse().unwrap(),
                        b.hlsl.count,
                    )
                }),
            ));
            for b in &r.bindings {
                let vk = format!("[[vk::binding({}, {})]]", b.binding, b.group);
                let reg = format!("register({}, space{})", b.hlsl.register, b.hlsl.space);
                if b.stages.is_empty() {
                    if source.lines().any(|l| l.contains(&vk)) {
                        failures.push(format!(
                            "{rel}: HLSL declares `{}`, which no entry point uses",
                            b.name
                        ));
                    }
                } else if !source.lines().any(|l| l.contains(&vk) && l.contains(&reg)) {
                    failures.push(format!(
                        "{rel}: HLSL has no `{vk} ... {reg}` for `{}`",
                        b.name
                    ));
                }
                checked += 1;
            }
        }
        let msl = lumac::compile(&rel, &text, &lumac::FsReader, &options, &[Target::Msl]);
        let Some(out) = msl.outputs.first() else {
            failures.push(format!("{rel}: MSL failed:\n{}", msl.render(false)));
            continue;
        };
        let source = String::from_utf8_lossy(out.data.as_bytes()).into_owned();
        failures.extend(overlaps(
            &rel,
            "MSL slot",
            r.bindings
                .iter()
                .filter_map(|b| Some((&b.name, b.msl?)))
                .chain(
                    r.push_constants
                        .iter()
                        .filter_map(|p| Some((&p.name, p.msl?))),
                )
                .map(|(name, m)| {
                    let class = serde_json::to_value(m.class).unwrap();
                    (name, class.as_str().unwrap().to_string(), m.index, m.count)
                }),
        ));
        let slots = r
            .bindings
            .iter()
            .map(|b| (&b.name, &b.stages, b.msl))
            .chain(r.push_constants.iter().map(|p| (&p.name, &p.stages, p.msl)));
        for (name, stages, slot) in slots {
            let Some(slot) = slot else {
                failures.push(format!("{rel}: `{name}` has no MSL slot"));
                continue;
            };
            if stages.is_empty() {
                continue;
            }
            let class = serde_json::to_value(slot.class).unwrap();
            // The namer may suffix a name that is reserved in MSL (`object` -> `object_`).
            let attr = format!("[[{}({})]]", class.as_str().unwrap(), slot.index);
            let spelled = format!(" {name}");
            if !source
                .lines()
                .any(|l| l.contains(&attr) && l.contains(&spelled))
            {
                failures.push(format!("{rel}: MSL has no `{name} {attr}`"));
            }
            checked += 1;
        }
        if let Some(sizes) = r.msl.as_ref().and_then(|m| m.sizes_buffer) {
            let attr = format!("[[buffer({sizes})]]");
            let used = r
                .bindings
                .iter()
                .any(|b| b.runtime_array_stride.is_some() && !b.stages.is_empty());
            if used && !source.contains(&attr) {
                failures.push(format!("{rel}: MSL has no sizes buffer `{attr}`"));
            }
        }
    }
    assert!(checked > 100, "only {checked} resources checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every pair of `(name, class, first, count)` ranges of one class that share an index.
fn overlaps<'a>(
    rel: &str,
    what: &str,
    ranges: impl Iterator<Item = (&'a String, String, u32, u32)>,
) -> Vec<String> {
    let ranges: Vec<_> = ranges.collect();
    let mut failures = Vec::new();
    for (i, (a, class_a, first_a, count_a)) in ranges.iter().enumerate() {
        for (b, class_b, first_b, count_b) in &ranges[i + 1..] {
            if class_a == class_b
                && first_a < &(first_b + count_b)
                && first_b < &(first_a + count_a)
            {
                failures.push(format!(
                    "{rel}: {what}s of `{a}` ({class_a} {first_a}, {count_a}) and `{b}` \
                     ({class_b} {first_b}, {count_b}) overlap"
                ));
            }
        }
    }
    failures
}

/// A module MSL cannot express (a geometry stage) has no Metal slots, and says so with `null`.
#[test]
fn no_msl_remap_where_msl_cannot_express_the_module() {
    let source = "
uniform tint: vec4
@entry(geometry)
function g(p: vec4) -> (color: vec4)
	return { color = p * tint }
end
";
    let r = lumac::reflect(
        "geom.luma",
        source,
        &MemoryReader::default(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(r.msl, None);
    assert_eq!(r.bindings[0].msl, None);
    assert_eq!(r.bindings[0].hlsl.register, "b0");
    assert_eq!(r.entry_points[0].stage, lumac::reflection::Stage::Geometry);
    assert!(r.to_json().contains("\"msl\": null"));
}

/// A storage buffer's HLSL register follows its access, which a compile keeping some entry
/// points infers from theirs: read only by the kept fragment shader it is a `t` register, after
/// the `t` array before it (t4, where the whole module's `u2`), and the HLSL output declares
/// what reflection says; `@access(read_write)` keeps it `u2` in every compile (language.md §8).
#[test]
fn hlsl_register_of_a_storage_buffer_follows_its_access() {
    let source = |access: &str| {
        format!(
            "
uniform texs: [4]texture2D
uniform s: sampler
{access}buffer b: []float
@entry(compute) @workgroup_size(1)
function writer()
	b[0] = 1.0
end
@entry(fragment)
function reader(uv: vec2) -> (c: vec4)
	return {{ c = sample(texs[1], s, uv) + vec4(b[0]) }}
end
"
        )
    };
    for (access, entry, register, declared) in [
        (
            "",
            None,
            "u2",
            "RWByteAddressBuffer b : register(u2, space0)",
        ),
        (
            "",
            Some("reader"),
            "t4",
            "ByteAddressBuffer b : register(t4, space0)",
        ),
        (
            "",
            Some("writer"),
            "u2",
            "RWByteAddressBuffer b : register(u2, space0)",
        ),
        (
            "@access(read_write) ",
            Some("reader"),
            "u2",
            "RWByteAddressBuffer b : register(u2, space0)",
        ),
    ] {
        let text = source(access);
        let options = Options {
            entry_point: entry.map(str::to_string),
            ..Options::default()
        };
        let r = reflect_source("access.luma", &text, &options).unwrap().ir;
        let b = r.bindings.iter().find(|b| b.name == "b").unwrap();
        assert_eq!(b.hlsl.register, register, "{access}{entry:?}");
        let out = lumac::compile(
            "access.luma",
            &text,
            &MemoryReader::default(),
            &options,
            &[Target::Hlsl],
        );
        assert!(out.success(), "{}", out.render(false));
        let hlsl = String::from_utf8_lossy(out.outputs[0].data.as_bytes()).into_owned();
        assert!(
            hlsl.contains(&format!("[[vk::binding(2, 0)]] {declared};")),
            "{access}{entry:?}:\n{hlsl}"
        );
    }
}

/// A block whose contents end mid-word (`half`s) is bound in whole 32-bit words: the HLSL
/// output reads `half`s through 32-bit loads, which past the end of a 2-byte binding read
/// nothing (a lone `half` read as 0 on the HLSL path, tests/exec/half_buffer_tail), and Vulkan
/// push-constant ranges are multiples of 4. Reflection's `size` rounds up to a multiple of 4.
#[test]
fn block_sizes_are_whole_words() {
    let source = "
struct Three
	a: half
	b: half
	c: half
end
@push_constant uniform p: Three
buffer x: half
buffer t: Three
buffer arr: [3]half
uniform w: half
buffer v: hvec3
buffer tail: []half
@entry(compute) @workgroup_size(1)
function main()
	tail[0] = x + t.c + arr[2] + w + p.c + v.z
end
";
    let r = reflect_source("words.luma", source, &Options::default())
        .unwrap()
        .ir;
    let sizes: Vec<(&str, Option<u32>)> = r
        .bindings
        .iter()
        .map(|b| (b.name.as_str(), b.size))
        .collect();
    assert_eq!(
        sizes,
        [
            ("x", Some(4)),
            ("t", Some(8)),
            ("arr", Some(8)),
            ("w", Some(4)),
            ("v", Some(8)),
            ("tail", Some(0)),
        ]
    );
    assert_eq!(r.push_constants[0].size, 8);
    // The block layouts keep their own sizes: only the bytes to bind are rounded.
    assert_eq!(r.bindings[0].block.as_ref().unwrap().size, Some(2));
    assert_eq!(r.bindings[5].runtime_array_stride, Some(2));
}
