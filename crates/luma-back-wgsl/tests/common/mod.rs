//! WGSL validation shared by the tests: naga's front end and validator, a comparison of naga's
//! buffer layouts with the layouter's, and Tint through `tools/tint/validate.mjs`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    dead_code
)]

use std::path::PathBuf;
use std::process::Command;

use luma_base::Handle;
use luma_ir::layout::{rule_for_space, LayoutKind, LayoutRule, Layouter};
use luma_ir::{AddressSpace, ArraySize, Module, TypeInner};
use luma_testutil::{require_tool, run, workspace_root};

/// The capabilities Luma's WGSL may need: push constants (naga's immediates), arrays of
/// textures, storage textures and samplers (naga's binding arrays, indexed by any value), `f16`,
/// `pack2x16float` / `unpack2x16float` (naga gates them separately), `sample_index` /
/// `sample_mask`, and cube array textures.
pub fn capabilities() -> naga::valid::Capabilities {
    use naga::valid::Capabilities as C;
    C::IMMEDIATES
        | C::TEXTURE_AND_SAMPLER_BINDING_ARRAY
        | C::TEXTURE_AND_SAMPLER_BINDING_ARRAY_NON_UNIFORM_INDEXING
        | C::STORAGE_TEXTURE_BINDING_ARRAY
        | C::STORAGE_TEXTURE_BINDING_ARRAY_NON_UNIFORM_INDEXING
        | C::SHADER_FLOAT16
        | C::SHADER_FLOAT16_IN_FLOAT32
        | C::MULTISAMPLED_SHADING
        | C::CUBE_ARRAY_TEXTURES
}

/// Why Tint cannot check the module, if it cannot: an array of textures or samplers (naga's
/// `binding_array`, not in WGSL itself), or a vertex shader that writes a storage buffer (or
/// uses atomics in one), which stays `read_write` for wgpu's `VERTEX_WRITABLE_STORAGE` and
/// which WebGPU forbids (found in naga's analysis of `source`, the module's WGSL). Push
/// constants are checked: Tint has `var<immediate>`.
pub fn naga_only_reason(module: &Module, source: &str) -> Option<&'static str> {
    if vertex_writes_storage(source) {
        return Some("a vertex shader writes a storage buffer");
    }
    let arrays_of_handles = module.globals.iter().any(|(_, g)| {
        matches!(module.types[g.ty].inner, TypeInner::Array { .. })
            && luma_ir::proc::is_handle_type(&module.types, g.ty)
    });
    arrays_of_handles.then_some("arrays of textures or samplers")
}

/// Whether a vertex entry point of the WGSL `source` writes a storage variable (or reaches
/// atomics in one); `false` when naga cannot analyse it (`naga_check` reports that).
fn vertex_writes_storage(source: &str) -> bool {
    let Ok(module) = naga::front::wgsl::parse_str(source) else {
        return false;
    };
    let Ok(info) = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), capabilities())
        .validate(&module)
    else {
        return false;
    };
    module.entry_points.iter().enumerate().any(|(i, entry)| {
        entry.stage == naga::ShaderStage::Vertex
            && module.global_variables.iter().any(|(g, var)| {
                matches!(var.space, naga::AddressSpace::Storage { .. })
                    && info.get_entry_point(i)[g]
                        .intersects(naga::valid::GlobalUse::WRITE | naga::valid::GlobalUse::ATOMIC)
            })
    })
}

/// Parses and validates `source` with naga, checks that every buffer's layout equals the
/// layouter's, then does for each entry point what wgpu does when it creates a pipeline:
/// applies the overrides' defaults and writes SPIR-V (naga 30's writer panics on some modules
/// that validate, which would abort a wgpu program).
pub fn naga_check(luma: &Module, source: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(source)
        .map_err(|e| format!("naga cannot parse it:\n{}", e.emit_to_string(source)))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), capabilities())
        .validate(&module)
        .map_err(|e| format!("naga rejects it:\n{}", e.emit_to_string(source)))?;
    compare_layouts(luma, &module)?;
    for entry in &module.entry_points {
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let (module, info) = naga::back::pipeline_constants::process_overrides(
                &module,
                &info,
                Some((entry.stage, &entry.name)),
                &naga::back::PipelineConstants::default(),
            )
            .map_err(|e| format!("naga cannot apply the override defaults: {e}"))?;
            let pipeline = naga::back::spv::PipelineOptions {
                shader_stage: entry.stage,
                entry_point: entry.name.clone(),
            };
            let options = naga::back::spv::Options {
                use_storage_input_output_16: false,
                ..Default::default()
            };
            naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline))
                .map(drop)
                .map_err(|e| format!("naga's SPIR-V writer fails: {e}"))
        }));
        match written {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(format!("entry point `{}`: {e}", entry.name)),
            Err(_) => {
                return Err(format!(
                    "entry point `{}`: naga's SPIR-V writer panics",
                    entry.name
                ))
            }
        }
    }
    Ok(())
}

/// Runs Tint on `files` in one node process.
pub fn tint_check(files: &[PathBuf]) -> Result<(), String> {
    if files.is_empty() {
        return Ok(());
    }
    let node = require_tool("node");
    let tint = workspace_root().join("tools").join("tint");
    let (plain, f16): (Vec<&PathBuf>, Vec<&PathBuf>) = files.iter().partition(|f| {
        !std::fs::read_to_string(f)
            .unwrap_or_default()
            .contains("enable f16;")
    });
    let mut errors = Vec::new();
    if !plain.is_empty() {
        let (ok, log) = run(Command::new(&node)
            .current_dir(&tint)
            .arg("validate.mjs")
            .args(&plain));
        if !ok {
            errors.push(log);
        }
    }
    if !f16.is_empty() {
        // `validate.mjs` asks for no device features; `enable f16;` needs `shader-f16`.
        let (ok, log) = run(Command::new(&node)
            .current_dir(&tint)
            .args(["--input-type=module", "-e", F16_SCRIPT])
            .args(&f16));
        if !ok {
            errors.push(log);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("Tint rejects:\n{}", errors.join("\n")))
    }
}

const F16_SCRIPT: &str = r#"
import { readFileSync } from 'node:fs';
import { create, globals } from 'webgpu';
Object.assign(globalThis, globals);
const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
const device = await adapter.requestDevice({ requiredFeatures: ['shader-f16'] });
let invalid = 0;
for (const file of process.argv.slice(1)) {
  device.pushErrorScope('validation');
  const shader = device.createShaderModule({ code: readFileSync(file, 'utf8') });
  const { messages } = await shader.getCompilationInfo();
  const error = await device.popErrorScope();
  let bad = error !== null;
  for (const m of messages) {
    console.log(`${file}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
    if (m.type === 'error') bad = true;
  }
  if (bad) invalid += 1;
}
device.destroy();
process.exit(invalid === 0 ? 0 : 1);
"#;

/// Compares naga's layout of every uniform, storage and push-constant global with the
/// layouter's: member offsets, struct sizes, array strides, matrix column strides.
pub fn compare_layouts(luma: &Module, naga_module: &naga::Module) -> Result<(), String> {
    let mut errors = Vec::new();
    let mut layouter = naga::proc::Layouter::default();
    layouter
        .update(naga_module.to_ctx())
        .map_err(|e| format!("naga cannot lay out the module: {e}"))?;
    for (_, global) in luma.globals.iter() {
        let Some(rule) = rule_for_space(global.space) else {
            continue;
        };
        let found = naga_module.global_variables.iter().find(|(_, v)| {
            match (global.space, &v.binding, v.space) {
                (AddressSpace::PushConstant, _, naga::AddressSpace::Immediate) => true,
                (_, Some(b), _) => global
                    .binding
                    .is_some_and(|lb| lb.group == b.group && lb.binding == b.binding),
                _ => false,
            }
        });
        // Globals no entry point uses are not written.
        let Some((_, var)) = found else {
            continue;
        };
        let mut l = Layouter::new(&luma.types, rule);
        if global.space == AddressSpace::PushConstant {
            // A block holding arrays is declared flat (WGSL immediates hold no arrays): its
            // members must sit at the offsets of the block's scalars, vectors and matrices.
            let naga::TypeInner::Struct { members, span } = &naga_module.types[var.ty].inner else {
                errors.push(format!("{}: naga's immediate is no struct", global.name));
                continue;
            };
            let declared_flat = !matches!(
                &luma.types[global.ty].inner,
                TypeInner::Struct { members: m } if m.len() == members.len()
            );
            if declared_flat {
                let mut leaves = Vec::new();
                flat_leaves(luma, &mut l, global.ty, 0, &mut leaves);
                let found: Vec<u32> = members.iter().map(|m| m.offset).collect();
                if leaves != found {
                    errors.push(format!(
                        "{}: flat members at {found:?}, the layouter's at {leaves:?}",
                        global.name
                    ));
                }
                let size = l.size(global.ty).ok().flatten();
                if size != Some(*span) {
                    errors.push(format!("{}: size {size:?}, naga {span}", global.name));
                }
                continue;
            }
        }
        compare(
            luma,
            &mut l,
            rule,
            global.ty,
            naga_module,
            &layouter,
            var.ty,
            &global.name,
            &mut errors,
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "layouts differ from the layouter's:\n{}",
            errors.join("\n")
        ))
    }
}

/// The byte offsets of the scalars, vectors and matrices of a value of type `ty` at `offset`,
/// through its structs and fixed-size arrays.
fn flat_leaves(
    luma: &Module,
    l: &mut Layouter<'_>,
    ty: Handle<luma_ir::Type>,
    offset: u32,
    out: &mut Vec<u32>,
) {
    let layout = l.layout(ty).unwrap().clone();
    match (&luma.types[ty].inner, layout.kind) {
        (TypeInner::Struct { members }, LayoutKind::Struct { offsets }) => {
            for (m, o) in members.iter().zip(offsets) {
                flat_leaves(luma, l, m.ty, offset + o, out);
            }
        }
        (
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            },
            LayoutKind::Array { stride },
        ) => {
            for i in 0..*n {
                flat_leaves(luma, l, *base, offset + i * stride, out);
            }
        }
        _ => out.push(offset),
    }
}

#[allow(clippy::too_many_arguments)]
fn compare(
    luma: &Module,
    l: &mut Layouter<'_>,
    rule: LayoutRule,
    ty: Handle<luma_ir::Type>,
    n: &naga::Module,
    nl: &naga::proc::Layouter,
    nty: naga::Handle<naga::Type>,
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
    let inner = &luma.types[ty].inner;
    let ninner = &n.types[nty].inner;
    match (inner, ninner) {
        (TypeInner::Struct { members }, naga::TypeInner::Struct { members: nm, span }) => {
            let LayoutKind::Struct { offsets } = &layout.kind else {
                return;
            };
            if members.len() != nm.len() {
                errors.push(format!(
                    "{path}: {} members, naga has {}",
                    members.len(),
                    nm.len()
                ));
                return;
            }
            if let Some(size) = layout.size {
                if size != *span {
                    errors.push(format!("{path}: size {size}, naga {span}"));
                }
            }
            for (i, (m, nmember)) in members.iter().zip(nm).enumerate() {
                let offset = offsets.get(i).copied().unwrap_or(0);
                if offset != nmember.offset {
                    errors.push(format!(
                        "{path}.{}: offset {offset}, naga {}",
                        m.name, nmember.offset
                    ));
                }
                compare(
                    luma,
                    l,
                    rule,
                    m.ty,
                    n,
                    nl,
                    nmember.ty,
                    &format!("{path}.{}", m.name),
                    errors,
                );
            }
        }
        (
            TypeInner::Array { base, size },
            naga::TypeInner::Array {
                base: nbase,
                size: nsize,
                stride,
            },
        ) => {
            let LayoutKind::Array { stride: lstride } = layout.kind else {
                return;
            };
            if lstride != *stride {
                errors.push(format!("{path}[]: stride {lstride}, naga {stride}"));
            }
            match (size, nsize) {
                (ArraySize::Constant(a), naga::ArraySize::Constant(b)) if *a == b.get() => {}
                (ArraySize::Runtime, naga::ArraySize::Dynamic) => {}
                _ => errors.push(format!("{path}: array sizes differ")),
            }
            // An element wrapper: a struct with the element as its only member, at offset 0.
            let element = match &n.types[*nbase].inner {
                naga::TypeInner::Struct { members: wm, .. }
                    if !matches!(luma.types[*base].inner, TypeInner::Struct { .. })
                        && wm.len() == 1 =>
                {
                    wm[0].ty
                }
                _ => *nbase,
            };
            compare(
                luma,
                l,
                rule,
                *base,
                n,
                nl,
                element,
                &format!("{path}[]"),
                errors,
            );
        }
        (TypeInner::Matrix { columns, .. }, _) => {
            let LayoutKind::Matrix { column_stride } = layout.kind else {
                return;
            };
            let naga_stride = match ninner {
                naga::TypeInner::Matrix { .. } => {
                    // naga's matrices are arrays of their column vectors.
                    let size = nl[nty].size;
                    size / *columns as u32
                }
                naga::TypeInner::Struct { members: cm, .. } if cm.len() >= 2 => {
                    cm[1].offset - cm[0].offset
                }
                _ => {
                    errors.push(format!("{path}: matrix is neither a matrix nor columns"));
                    return;
                }
            };
            if naga_stride != column_stride {
                errors.push(format!(
                    "{path}: column stride {column_stride}, naga {naga_stride}"
                ));
            }
        }
        (TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_), _) => {
            let size = layout.size.unwrap_or(0);
            if nl[nty].size != size {
                errors.push(format!("{path}: size {size}, naga {}", nl[nty].size));
            }
        }
        (_, naga::TypeInner::Struct { members: wm, .. }) if wm.len() == 1 => {
            // A block wrapper around a non-struct type.
            compare(luma, l, rule, ty, n, nl, wm[0].ty, path, errors);
        }
        _ => errors.push(format!("{path}: types differ in shape")),
    }
    let _ = rule;
}
