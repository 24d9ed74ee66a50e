//! GLSL validation shared by the tests: glslang to SPIR-V, spirv-val, and a comparison of the
//! buffer layouts glslang chose (read from `spirv-dis`) with the layouter's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    dead_code
)]

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use luma_base::Handle;
use luma_ir::layout::{rule_for_space, LayoutKind, Layouter};
use luma_ir::{AddressSpace, Module, ShaderStage, TypeInner};
use luma_testutil::{require_tool, run};

/// glslang's name for a stage.
pub fn stage_ext(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vert",
        ShaderStage::Fragment => "frag",
        ShaderStage::Compute => "comp",
        ShaderStage::Geometry => "geom",
        ShaderStage::TessellationControl => "tesc",
        ShaderStage::TessellationEvaluation => "tese",
    }
}

/// Compiles `source` with glslang for Vulkan 1.1, validates the SPIR-V with spirv-val, and
/// compares its buffer layouts with the layouter's. `file` is a scratch path for the source.
pub fn check(luma: &Module, source: &str, stage: ShaderStage, file: &Path) -> Result<(), String> {
    let glslang = require_tool("glslangValidator");
    let spirv_val = require_tool("spirv-val");
    let spirv_dis = require_tool("spirv-dis");
    std::fs::write(file, source).unwrap();
    let spv = file.with_extension("spv");
    let (ok, log) = run(Command::new(&glslang)
        .args([
            "-V",
            "--target-env",
            "vulkan1.1",
            "-S",
            stage_ext(stage),
            "-o",
        ])
        .arg(&spv)
        .arg(file));
    if !ok {
        return Err(format!("glslangValidator rejects it:\n{log}"));
    }
    let (ok, log) = run(Command::new(&spirv_val)
        .args(["--target-env", "vulkan1.1"])
        .arg(&spv));
    if !ok {
        return Err(format!("spirv-val rejects glslang's SPIR-V:\n{log}"));
    }
    let (ok, dis) = run(Command::new(&spirv_dis).arg(&spv));
    if !ok {
        return Err(format!("spirv-dis fails:\n{dis}"));
    }
    compare_layouts(luma, &dis)
}

/// The parts of a SPIR-V disassembly the comparison needs.
struct Spv {
    /// `%id = OpX operands...`: the words after `=`.
    defs: HashMap<String, Vec<String>>,
    /// `OpDecorate %id Word args...`.
    decorations: HashMap<String, Vec<Vec<String>>>,
    /// `OpMemberDecorate %id N Word args...`.
    member_decorations: HashMap<(String, u32), Vec<Vec<String>>>,
}

impl Spv {
    fn parse(text: &str) -> Spv {
        let mut spv = Spv {
            defs: HashMap::new(),
            decorations: HashMap::new(),
            member_decorations: HashMap::new(),
        };
        for line in text.lines() {
            let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            match words.as_slice() {
                [id, eq, rest @ ..] if eq == "=" => {
                    spv.defs.insert(id.clone(), rest.to_vec());
                }
                [op, id, rest @ ..] if op == "OpDecorate" => {
                    spv.decorations
                        .entry(id.clone())
                        .or_default()
                        .push(rest.to_vec());
                }
                [op, id, member, rest @ ..] if op == "OpMemberDecorate" => {
                    spv.member_decorations
                        .entry((id.clone(), member.parse().unwrap()))
                        .or_default()
                        .push(rest.to_vec());
                }
                _ => {}
            }
        }
        spv
    }

    fn decoration(&self, id: &str, name: &str) -> Option<u32> {
        self.decorations
            .get(id)?
            .iter()
            .find(|d| d.first().map(String::as_str) == Some(name))?
            .get(1)?
            .parse()
            .ok()
    }

    fn member_decoration(&self, id: &str, member: u32, name: &str) -> Option<u32> {
        self.member_decorations
            .get(&(id.to_string(), member))?
            .iter()
            .find(|d| d.first().map(String::as_str) == Some(name))?
            .get(1)?
            .parse()
            .ok()
    }
}

/// Compares the layouts of every uniform, storage and push-constant block with the layouter's.
pub fn compare_layouts(luma: &Module, dis: &str) -> Result<(), String> {
    let spv = Spv::parse(dis);
    let mut errors = Vec::new();
    for (_, global) in luma.globals.iter() {
        let Some(rule) = rule_for_space(global.space) else {
            continue;
        };
        let var = spv.defs.iter().find(|(id, def)| {
            def.first().map(String::as_str) == Some("OpVariable")
                && match global.space {
                    AddressSpace::PushConstant => {
                        def.get(2).map(String::as_str) == Some("PushConstant")
                    }
                    _ => global.binding.is_some_and(|b| {
                        spv.decoration(id, "DescriptorSet") == Some(b.group)
                            && spv.decoration(id, "Binding") == Some(b.binding)
                    }),
                }
        });
        // Globals the entry point does not use are not written.
        let Some((_, def)) = var else {
            continue;
        };
        let pointer = def[1].clone();
        let block = spv.defs[&pointer][2].clone();
        let mut layouter = Layouter::new(&luma.types, rule);
        compare(
            luma,
            &mut layouter,
            global.ty,
            &spv,
            &block,
            None,
            &global.name,
            &mut errors,
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "glslang's layouts differ from the layouter's:\n{}",
            errors.join("\n")
        ))
    }
}

#[allow(clippy::too_many_arguments)]
fn compare(
    luma: &Module,
    l: &mut Layouter<'_>,
    ty: Handle<luma_ir::Type>,
    spv: &Spv,
    id: &str,
    matrix_stride: Option<u32>,
    path: &str,
    errors: &mut Vec<String>,
) {
    let layout = match l.layout(ty) {
        Ok(layout) => layout.clone(),
        Err(e) => {
            errors.push(format!("{path}: layouter: {e}"));
            return;
        }
    };
    let def = &spv.defs[id];
    let op = def[0].as_str();
    match (&luma.types[ty].inner, op) {
        (TypeInner::Struct { members }, "OpTypeStruct") => {
            let LayoutKind::Struct { offsets } = &layout.kind else {
                return;
            };
            let spv_members = &def[1..];
            if spv_members.len() != members.len() {
                errors.push(format!(
                    "{path}: {} members, SPIR-V has {}",
                    members.len(),
                    spv_members.len()
                ));
                return;
            }
            for (i, (m, mid)) in members.iter().zip(spv_members).enumerate() {
                let offset = spv.member_decoration(id, i as u32, "Offset");
                if offset != offsets.get(i).copied() {
                    errors.push(format!(
                        "{path}.{}: offset {:?}, glslang {offset:?}",
                        m.name,
                        offsets.get(i)
                    ));
                }
                let stride = spv.member_decoration(id, i as u32, "MatrixStride");
                compare(
                    luma,
                    l,
                    m.ty,
                    spv,
                    mid,
                    stride,
                    &format!("{path}.{}", m.name),
                    errors,
                );
            }
        }
        (TypeInner::Array { base, .. }, "OpTypeArray" | "OpTypeRuntimeArray") => {
            let LayoutKind::Array { stride } = layout.kind else {
                return;
            };
            let spv_stride = spv.decoration(id, "ArrayStride");
            if spv_stride != Some(stride) {
                errors.push(format!("{path}[]: stride {stride}, glslang {spv_stride:?}"));
            }
            compare(
                luma,
                l,
                *base,
                spv,
                &def[1],
                matrix_stride,
                &format!("{path}[]"),
                errors,
            );
        }
        (TypeInner::Matrix { .. }, "OpTypeMatrix") => {
            let LayoutKind::Matrix { column_stride } = layout.kind else {
                return;
            };
            if matrix_stride != Some(column_stride) {
                errors.push(format!(
                    "{path}: column stride {column_stride}, glslang {matrix_stride:?}"
                ));
            }
        }
        (TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_), _) => {}
        (_, "OpTypeStruct") if def.len() == 2 => {
            // The block wrapping a global whose type is not a struct.
            if spv.member_decoration(id, 0, "Offset") != Some(0) {
                errors.push(format!("{path}: block member not at offset 0"));
            }
            let stride = spv.member_decoration(id, 0, "MatrixStride");
            compare(luma, l, ty, spv, &def[1].clone(), stride, path, errors);
        }
        (_, op) => errors.push(format!("{path}: shapes differ ({op})")),
    }
}
