//! The constant-buffer layout structs reproduce the layouter's offsets: glslang compiles the
//! HLSL (applying relaxed std140, as DXC does for Vulkan), and every member offset it decorates
//! in SPIR-V must equal the std140 (uniform) or std430 (push constant) offset of the layouter.
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
use luma_ir::layout::{LayoutRule, Layouter};
use luma_ir::{AddressSpace, TypeInner};
use luma_testutil::{require_tool, run, scratch_dir};

#[test]
fn layout_structs_match_the_layouter() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/layouts.ir");
    let module = luma_ir::parse::parse_module(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let out = write(&module, &common::options_for(&module)).unwrap();
    let dir = scratch_dir("hlsl-cbuffer-offsets");
    let src = dir.join("layouts.hlsl");
    std::fs::write(&src, &out.source).unwrap();
    let spv = dir.join("vs.spv");
    let (ok, log) = run(Command::new(require_tool("glslangValidator"))
        .args([
            "-D",
            "-e",
            "vs_main",
            "-S",
            "vert",
            "-V",
            "--target-env",
            "vulkan1.1",
            "-o",
        ])
        .arg(&spv)
        .arg(&src));
    assert!(ok, "{log}");
    let (ok, dis) = run(Command::new(require_tool("spirv-dis")).arg(&spv));
    assert!(ok, "{dis}");

    // SPIR-V id -> struct name, (id, member) -> member name and offset.
    let mut names = BTreeMap::new();
    let mut member_names = BTreeMap::new();
    let mut offsets = BTreeMap::new();
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
                offsets.insert(
                    (id.to_string(), index.to_string()),
                    offset.parse::<u32>().unwrap(),
                );
            }
            _ => {}
        }
    }

    let mut checked = 0;
    for (rule, suffix, space) in [
        (LayoutRule::Std140, "std140", AddressSpace::Uniform),
        (LayoutRule::Std430, "std430", AddressSpace::PushConstant),
    ] {
        let mut layouter = Layouter::new(&module.types, rule);
        assert!(module.globals.iter().any(|(_, g)| g.space == space));
        for (handle, ty) in module.types.iter() {
            let TypeInner::Struct { members } = &ty.inner else {
                continue;
            };
            let Some(struct_name) = &ty.name else {
                continue;
            };
            let Ok(expected) = layouter.member_offsets(handle) else {
                continue;
            };
            for spirv_name in [format!("{struct_name}_{suffix}")] {
                let Some(id) = names
                    .iter()
                    .find(|(_, n)| **n == spirv_name)
                    .map(|(id, _)| id.clone())
                else {
                    continue;
                };
                for (i, member) in members.iter().enumerate() {
                    let (key, _) = member_names
                        .iter()
                        .find(|((sid, _), n)| *sid == id && **n == member.name)
                        .unwrap_or_else(|| panic!("{spirv_name} has no member {}", member.name));
                    let got = offsets[key];
                    assert_eq!(
                        got, expected[i],
                        "{spirv_name}.{}: glslang offset {got}, layouter {}",
                        member.name, expected[i]
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 15, "only {checked} members checked");
    let _ = std::fs::remove_dir_all(&dir);
}
