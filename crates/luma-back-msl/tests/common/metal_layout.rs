//! A Metal layout oracle for tests (nothing here can compile Metal): parses the struct
//! declarations of MSL output and lays them out with Metal's rules (C++ layout with Metal's
//! sizes: `float3` is 16 bytes, `packed_float3` 12, matrices are arrays of their column
//! vectors), then compares every member a buffer holds with the layouter's std140 (uniform)
//! or std430 (storage, push constant) offset. Shared by this crate's tests and the corpus test.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;

use luma_ir::layout::{LayoutRule, Layouter};
use luma_ir::{AddressSpace, ArraySize, Module, TypeInner};

#[derive(Debug, Clone)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
    /// Member name -> (offset, type text).
    pub members: BTreeMap<String, (u32, String)>,
}

fn align_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a) * a
}

/// Metal size and alignment of a type spelled as the back end spells it.
fn size_align(ty: &str, structs: &BTreeMap<String, Layout>) -> (u32, u32) {
    let ty = ty.trim();
    if let Some(inner) = ty.strip_prefix("metal::array<") {
        let inner = inner.strip_suffix('>').unwrap();
        let comma = inner.rfind(',').unwrap();
        let (elem, n) = (
            &inner[..comma],
            inner[comma + 1..].trim().parse::<u32>().unwrap(),
        );
        let (s, a) = size_align(elem, structs);
        return (s * n, a);
    }
    if let Some(l) = structs.get(ty) {
        return (l.size, l.align);
    }
    let bare = ty.strip_prefix("metal::").unwrap_or(ty);
    let scalar = |name: &str| -> Option<u32> {
        match name {
            "bool" | "char" => Some(1),
            "half" | "short" | "ushort" => Some(2),
            "float" | "int" | "uint" => Some(4),
            _ => None,
        }
    };
    if let Some(w) = scalar(bare) {
        return (w, w);
    }
    if bare == "atomic_uint" || bare == "atomic_int" {
        return (4, 4);
    }
    if let Some(rest) = bare.strip_prefix("packed_") {
        let n: u32 = rest[rest.len() - 1..].parse().unwrap();
        let w = scalar(&rest[..rest.len() - 1]).unwrap();
        return (n * w, w);
    }
    // Vectors `float3` and matrices `float4x3` (columns x rows).
    let digits = bare.find(|c: char| c.is_ascii_digit());
    if let Some(d) = digits {
        if let Some(w) = scalar(&bare[..d]) {
            let dims = &bare[d..];
            let vec = |n: u32| {
                if n == 2 {
                    (2 * w, 2 * w)
                } else {
                    (4 * w, 4 * w)
                }
            };
            return match dims.split_once('x') {
                None => vec(dims.parse().unwrap()),
                Some((c, r)) => {
                    let (cs, ca) = vec(r.parse().unwrap());
                    (cs * c.parse::<u32>().unwrap(), ca)
                }
            };
        }
    }
    let l = structs
        .get(bare)
        .unwrap_or_else(|| panic!("unknown type `{ty}`"));
    (l.size, l.align)
}

/// Lays out every `struct` of an MSL source, in order.
pub fn layouts(source: &str) -> BTreeMap<String, Layout> {
    let mut structs = BTreeMap::new();
    let mut lines = source.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line
            .strip_prefix("struct ")
            .and_then(|l| l.strip_suffix(" {"))
        else {
            continue;
        };
        let mut offset = 0u32;
        let mut align = 1u32;
        let mut members = BTreeMap::new();
        for member in lines.by_ref() {
            let member = member.trim();
            if member == "};" {
                break;
            }
            // Interface structs carry attributes; they are not buffer layouts.
            let decl = member.split(" [[").next().unwrap().trim_end_matches(';');
            let (ty, mut field) = decl.rsplit_once(' ').unwrap();
            let mut count = 1;
            if let Some((f, n)) = field.split_once('[') {
                field = f;
                count = n.trim_end_matches(']').parse::<u32>().unwrap();
            }
            let (s, a) = size_align(ty, &structs);
            offset = align_up(offset, a);
            align = align.max(a);
            members.insert(field.to_string(), (offset, ty.to_string()));
            offset += s * count;
        }
        structs.insert(
            name.to_string(),
            Layout {
                size: align_up(offset, align),
                align,
                members,
            },
        );
    }
    structs
}

/// Checks the struct tree of `ty` under `rule` against the Metal layouts, by name.
#[allow(clippy::too_many_arguments)]
fn check(
    module: &Module,
    layouter: &mut Layouter<'_>,
    structs: &BTreeMap<String, Layout>,
    ty: luma_base::Handle<luma_ir::Type>,
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
            structs,
            *base,
            suffix,
            label,
            checked,
            depth + 1,
        ),
        TypeInner::Struct { members } => {
            let name = t.name.clone().unwrap();
            let emitted = structs
                .get(&format!("{name}_{suffix}"))
                .or_else(|| structs.get(&format!("{name}__{suffix}")))
                .or_else(|| structs.get(&name))
                .or_else(|| structs.get(&format!("{name}_")))
                .unwrap_or_else(|| panic!("{label}: no struct for `{name}`"));
            let offsets = layouter.member_offsets(ty).unwrap();
            for (m, expected) in members.iter().zip(offsets) {
                // The namer appends `_` to reserved words.
                let (got, _) = emitted
                    .members
                    .get(&m.name)
                    .or_else(|| emitted.members.get(&format!("{}_", m.name)))
                    .cloned()
                    .unwrap_or_else(|| panic!("{label}: `{name}` has no member `{}`", m.name));
                assert_eq!(got, expected, "{label}: `{name}.{}` ({suffix})", m.name);
                *checked += 1;
                check(
                    module,
                    layouter,
                    structs,
                    m.ty,
                    suffix,
                    label,
                    checked,
                    depth + 1,
                );
            }
            if let Some(size) = layouter.size(ty).unwrap() {
                let runtime_tail = members.last().is_some_and(|m| {
                    matches!(
                        module.types[m.ty].inner,
                        TypeInner::Array {
                            size: ArraySize::Runtime,
                            ..
                        }
                    )
                });
                if !runtime_tail {
                    assert_eq!(emitted.size, size, "{label}: size of `{name}` ({suffix})");
                }
            }
        }
        _ => {}
    }
}

/// Checks every buffer global of `module` against the struct layouts of its MSL `source`;
/// returns how many members were compared.
pub fn check_module(module: &Module, source: &str, label: &str) -> usize {
    let structs = layouts(source);
    let mut checked = 0;
    for (_, global) in module.globals.iter() {
        let (rule, suffix) = match global.space {
            AddressSpace::Uniform => (LayoutRule::Std140, "std140"),
            AddressSpace::Storage { .. } | AddressSpace::PushConstant => {
                (LayoutRule::Std430, "std430")
            }
            _ => continue,
        };
        let mut layouter = Layouter::new(&module.types, rule);
        check(
            module,
            &mut layouter,
            &structs,
            global.ty,
            suffix,
            label,
            &mut checked,
            0,
        );
    }
    checked
}
