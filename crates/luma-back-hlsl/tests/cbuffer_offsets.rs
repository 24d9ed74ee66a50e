//! The constant-buffer layout structs reproduce the layouter's offsets: glslang compiles the
//! HLSL of every IR test case (applying relaxed std140, as DXC does for Vulkan), and every
//! member offset it decorates in SPIR-V must equal the std140 (uniform) or std430 (push
//! constant) offset of the layouter, through nested structs.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use luma_back_hlsl::write;
use luma_base::Handle;
use luma_ir::layout::{LayoutRule, Layouter};
use luma_ir::{AddressSpace, Module, ShaderStage, Type, TypeInner};
use luma_testutil::{files_with_extension, require_tool, run, scratch_dir};

/// SPIR-V struct name -> member name -> offset, from a disassembly.
fn offsets(dis: &str) -> BTreeMap<String, BTreeMap<String, u32>> {
    let mut names = BTreeMap::new();
    let mut member_names = BTreeMap::new();
    let mut member_offsets = BTreeMap::new();
    for line in dis.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["OpName", id, name] => {
                names.insert(id.to_string(), name.trim_matches('"').to_string());
            }
            ["OpMemberName", id, index, name] => {
                member_names.insert(
                    (id.to_string(), index.to_string()),
                    name.trim_matches('"').to_string(),
                );
            }
            ["OpMemberDecorate", id, index, "Offset", offset] => {
                member_offsets.insert(
                    (id.to_string(), index.to_string()),
                    offset.parse::<u32>().unwrap(),
                );
            }
            _ => {}
        }
    }
    let mut out: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for ((id, index), offset) in member_offsets {
        let (Some(s), Some(m)) = (names.get(&id), member_names.get(&(id.clone(), index))) else {
            continue;
        };
        out.entry(s.clone()).or_default().insert(m.clone(), offset);
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn check(
    module: &Module,
    layouter: &mut Layouter<'_>,
    spirv: &BTreeMap<String, BTreeMap<String, u32>>,
    ty: Handle<Type>,
    suffix: &str,
    label: &str,
    checked: &mut usize,
    depth: u32,
) {
    assert!(depth < 64);
    let t = &module.types[ty];
    match &t.inner {
        TypeInner::Array { base, .. } => check(
            module,
            layouter,
            spirv,
            *base,
            suffix,
            label,
            checked,
            depth + 1,
        ),
        TypeInner::Struct { members } => {
            let name = t.name.clone().unwrap();
            let Some(found) = [format!("{name}_{suffix}"), name.clone(), format!("{name}_")]
                .iter()
                .find_map(|n| spirv.get(n))
            else {
                // Not used by any entry point: glslang dropped it.
                return;
            };
            let offsets = layouter.member_offsets(ty).unwrap();
            for (m, expected) in members.iter().zip(offsets) {
                let got = found
                    .get(&m.name)
                    .or_else(|| found.get(&format!("{}_", m.name)))
                    .unwrap_or_else(|| panic!("{label}: `{name}` has no member `{}`", m.name));
                assert_eq!(*got, expected, "{label}: `{name}.{}` ({suffix})", m.name);
                *checked += 1;
                check(
                    module,
                    layouter,
                    spirv,
                    m.ty,
                    suffix,
                    label,
                    checked,
                    depth + 1,
                );
            }
        }
        _ => {}
    }
}

#[test]
fn layout_structs_match_the_layouter() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut checked = 0;
    for file in files_with_extension(&dir, "ir") {
        let label = file.file_stem().unwrap().to_string_lossy().to_string();
        let module =
            luma_ir::parse::parse_module(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let has_cbuffer = module
            .globals
            .iter()
            .any(|(_, g)| matches!(g.space, AddressSpace::Uniform | AddressSpace::PushConstant));
        let Ok(out) = write(&module, &common::options_for(&module)) else {
            continue;
        };
        if !has_cbuffer {
            continue;
        }
        let scratch = scratch_dir(&format!("hlsl-offsets-{label}"));
        let src = scratch.join("shader.hlsl");
        std::fs::write(&src, &out.source).unwrap();
        let mut spirv: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
        for ep in &out.entry_points {
            let stage = match ep.stage {
                ShaderStage::Vertex => "vert",
                ShaderStage::Fragment => "frag",
                _ => "comp",
            };
            let spv = scratch.join(format!("{}.spv", ep.name));
            let (ok, log) = run(Command::new(require_tool("glslangValidator"))
                .args([
                    "-D",
                    "-e",
                    &ep.name,
                    "-S",
                    stage,
                    "-V",
                    "--target-env",
                    "vulkan1.1",
                ])
                .arg("-o")
                .arg(&spv)
                .arg(&src));
            assert!(ok, "{label}: {log}");
            let (ok, dis) = run(Command::new(require_tool("spirv-dis")).arg(&spv));
            assert!(ok, "{dis}");
            for (s, members) in offsets(&dis) {
                spirv.entry(s).or_default().extend(members);
            }
        }
        for (_, global) in module.globals.iter() {
            let (rule, suffix) = match global.space {
                AddressSpace::Uniform => (LayoutRule::Std140, "std140"),
                AddressSpace::PushConstant => (LayoutRule::Std430, "std430"),
                _ => continue,
            };
            let mut layouter = Layouter::new(&module.types, rule);
            check(
                &module,
                &mut layouter,
                &spirv,
                global.ty,
                suffix,
                &label,
                &mut checked,
                0,
            );
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }
    assert!(checked >= 20, "only {checked} members checked");
}
