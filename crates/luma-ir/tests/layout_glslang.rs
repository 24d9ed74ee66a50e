//! Cross-checks the std140/std430 layouter against glslang: each case becomes a GLSL block,
//! `glslangValidator -V` lays it out, `spirv-cross --reflect` reports the offsets and strides,
//! and every member offset, array stride and matrix stride must equal the layouter's.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::unreachable,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;
use std::process::Command;

use luma_base::{Handle, UniqueArena};
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{ArraySize, Scalar, ScalarKind, StructMember, Type, TypeInner, VectorSize};
use luma_testutil::{require_tool, run, scratch_dir};

struct Builder {
    types: UniqueArena<Type>,
}

impl Builder {
    fn add(&mut self, inner: TypeInner) -> Handle<Type> {
        self.types.insert(Type { name: None, inner })
    }
    fn s(&mut self, s: Scalar) -> Handle<Type> {
        self.add(TypeInner::Scalar(s))
    }
    fn v(&mut self, n: u32, s: Scalar) -> Handle<Type> {
        let size = VectorSize::from_count(n).unwrap();
        self.add(TypeInner::Vector { size, scalar: s })
    }
    fn m(&mut self, c: u32, r: u32) -> Handle<Type> {
        self.add(TypeInner::Matrix {
            columns: VectorSize::from_count(c).unwrap(),
            rows: VectorSize::from_count(r).unwrap(),
            scalar: Scalar::F32,
        })
    }
    fn a(&mut self, base: Handle<Type>, n: Option<u32>) -> Handle<Type> {
        let size = n.map_or(ArraySize::Runtime, ArraySize::Constant);
        self.add(TypeInner::Array { base, size })
    }
    fn st(&mut self, name: &str, members: &[Handle<Type>]) -> Handle<Type> {
        let members = members
            .iter()
            .enumerate()
            .map(|(i, &ty)| StructMember {
                name: format!("m{i}"),
                ty,
            })
            .collect();
        self.types.insert(Type {
            name: Some(name.to_string()),
            inner: TypeInner::Struct { members },
        })
    }
}

fn scalar_glsl(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Float, 2) => "float16_t",
        (ScalarKind::Float, _) => "float",
        (ScalarKind::Sint, _) => "int",
        (ScalarKind::Uint, _) => "uint",
        (ScalarKind::Bool, _) => "bool",
    }
}

fn vector_glsl(n: VectorSize, s: Scalar) -> String {
    let prefix = match (s.kind, s.width) {
        (ScalarKind::Float, 2) => "f16vec",
        (ScalarKind::Float, _) => "vec",
        (ScalarKind::Sint, _) => "ivec",
        (ScalarKind::Uint, _) => "uvec",
        (ScalarKind::Bool, _) => "bvec",
    };
    format!("{prefix}{}", n.count())
}

/// GLSL declaration of a member `name` of type `ty`: (type text, array suffix).
fn decl(types: &UniqueArena<Type>, ty: Handle<Type>) -> (String, String) {
    match &types[ty].inner {
        TypeInner::Scalar(s) => (scalar_glsl(*s).to_string(), String::new()),
        TypeInner::Vector { size, scalar } => (vector_glsl(*size, *scalar), String::new()),
        TypeInner::Matrix { columns, rows, .. } => (
            format!("mat{}x{}", columns.count(), rows.count()),
            String::new(),
        ),
        TypeInner::Array { base, size } => {
            let (t, suffix) = decl(types, *base);
            let n = match size {
                ArraySize::Constant(n) => format!("[{n}]"),
                ArraySize::Runtime => "[]".to_string(),
            };
            (t, format!("{n}{suffix}"))
        }
        TypeInner::Struct { .. } => (types[ty].name.clone().unwrap(), String::new()),
        other => panic!("not a block member type: {other:?}"),
    }
}

fn glsl_structs(types: &UniqueArena<Type>) -> String {
    let mut out = String::new();
    for (_, ty) in types.iter() {
        let name = ty.name.as_deref().unwrap_or_default();
        if name.starts_with("Case") {
            continue;
        }
        if let TypeInner::Struct { members } = &ty.inner {
            out.push_str(&format!("struct {} {{\n", ty.name.as_ref().unwrap()));
            for m in members {
                let (t, suffix) = decl(types, m.ty);
                out.push_str(&format!("    {t} {}{suffix};\n", m.name));
            }
            out.push_str("};\n");
        }
    }
    out
}

/// Compares the layout of struct `ty` with spirv-cross's reflection of the type `json_ty`.
fn compare_struct(
    layouter: &mut Layouter<'_>,
    types: &UniqueArena<Type>,
    ty: Handle<Type>,
    json_types: &serde_json::Map<String, serde_json::Value>,
    json_ty: &serde_json::Value,
    context: &str,
    checked: &mut usize,
) {
    let TypeInner::Struct { members } = &types[ty].inner else {
        panic!("{context}: not a struct");
    };
    let offsets = layouter.member_offsets(ty).unwrap();
    let json_members = json_ty["members"].as_array().unwrap();
    assert_eq!(json_members.len(), members.len(), "{context}: member count");
    for (i, (member, json)) in members.iter().zip(json_members).enumerate() {
        let here = format!("{context}.{}", member.name);
        assert_eq!(
            json["offset"].as_u64().unwrap(),
            u64::from(offsets[i]),
            "{here}: offset"
        );
        *checked += 1;
        // Peel arrays: the reported stride is the outermost array's.
        let mut inner = member.ty;
        if let TypeInner::Array { base, .. } = types[inner].inner {
            let LayoutKind::Array { stride } = layouter.layout(inner).unwrap().kind else {
                panic!("{here}: array without stride");
            };
            assert_eq!(
                json["array_stride"].as_u64().unwrap(),
                u64::from(stride),
                "{here}: array stride"
            );
            *checked += 1;
            inner = base;
        }
        match &types[inner].inner {
            TypeInner::Matrix { .. } => {
                let LayoutKind::Matrix { column_stride } = layouter.layout(inner).unwrap().kind
                else {
                    panic!("{here}: matrix without stride");
                };
                assert_eq!(
                    json["matrix_stride"].as_u64().unwrap(),
                    u64::from(column_stride),
                    "{here}: matrix stride"
                );
                *checked += 1;
            }
            TypeInner::Struct { .. } => {
                let id = json["type"].as_str().unwrap();
                compare_struct(
                    layouter,
                    types,
                    inner,
                    json_types,
                    &json_types[id],
                    &here,
                    checked,
                );
            }
            _ => {}
        }
    }
}

#[test]
fn layouts_match_glslang() {
    let glslang = require_tool("glslangValidator");
    let cross = require_tool("spirv-cross");
    let f = Scalar::F32;
    let mut b = Builder {
        types: UniqueArena::new(),
    };
    let float = b.s(f);
    let int = b.s(Scalar::I32);
    let uint = b.s(Scalar::U32);
    let half = b.s(Scalar::F16);
    let v2 = b.v(2, f);
    let v3 = b.v(3, f);
    let v4 = b.v(4, f);
    let iv2 = b.v(2, Scalar::I32);
    let uv3 = b.v(3, Scalar::U32);
    let h2 = b.v(2, Scalar::F16);
    let h3 = b.v(3, Scalar::F16);
    let m2 = b.m(2, 2);
    let m3 = b.m(3, 3);
    let m4 = b.m(4, 4);
    let m2x3 = b.m(2, 3);
    let m3x2 = b.m(3, 2);
    let m4x3 = b.m(4, 3);
    let af3 = b.a(float, Some(3));
    let av3 = b.a(v3, Some(2));
    let av2 = b.a(v2, Some(3));
    let am3x2 = b.a(m3x2, Some(2));
    let inner = b.st("Inner", &[v3, float]);
    let inner2 = b.st("Inner2", &[float, v2, af3]);
    let ainner2 = b.a(inner2, Some(2));
    let deep = b.st("Deep", &[inner, float, ainner2]);
    let adeep = b.a(deep, Some(2));
    let rt_v3 = b.a(v3, None);
    let rt_inner = b.a(inner2, None);
    let ah2 = b.a(h2, Some(3));

    // Shared cases, laid out under both rules.
    let shared: Vec<Vec<Handle<Type>>> = vec![
        vec![v3, float],
        vec![float, af3, v2],
        vec![av3, float],
        vec![inner, float],
        vec![m3, float, m2x3, m3x2, m2, v2],
        vec![float, ainner2, float],
        vec![iv2, uint, uv3, int],
        vec![float, m4, v4, m4x3, float],
        vec![float, deep, float, adeep, v3],
        vec![float, av2, am3x2, float],
        vec![v2, float, v3, v2, float],
    ];
    // std430-only cases: 16-bit types and runtime arrays.
    let std430_only: Vec<Vec<Handle<Type>>> = vec![
        vec![half, h3, half, float, h2, ah2],
        vec![float, v3, rt_v3],
        vec![int, rt_inner],
    ];
    let mut blocks: Vec<(LayoutRule, Handle<Type>)> = Vec::new();
    for (i, members) in shared.iter().enumerate() {
        for rule in [LayoutRule::Std140, LayoutRule::Std430] {
            let name = format!("Case{i}_{rule:?}");
            blocks.push((rule, b.st(&name, members)));
        }
    }
    for (i, members) in std430_only.iter().enumerate() {
        let name = format!("Case{}_Std430", shared.len() + i);
        blocks.push((LayoutRule::Std430, b.st(&name, members)));
    }

    // GLSL: the helper structs once, then one block per case whose single member is the case.
    let types = &b.types;
    let mut glsl = String::from(
        "#version 450\n#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require\n\
         #extension GL_EXT_shader_16bit_storage : require\nlayout(local_size_x = 1) in;\n",
    );
    glsl.push_str(&glsl_structs(types));
    for (i, (rule, ty)) in blocks.iter().enumerate() {
        let name = types[*ty].name.clone().unwrap();
        let (kind, layout) = match rule {
            LayoutRule::Std140 => ("uniform", "std140"),
            LayoutRule::Std430 => ("buffer", "std430"),
        };
        // The block's members are the case struct's members, so runtime arrays stay last.
        let TypeInner::Struct { members } = &types[*ty].inner else {
            unreachable!()
        };
        glsl.push_str(&format!(
            "layout({layout}, set = 0, binding = {i}) {kind} B_{name} {{\n"
        ));
        for m in members {
            let (t, suffix) = decl(types, m.ty);
            glsl.push_str(&format!("    {t} {}{suffix};\n", m.name));
        }
        glsl.push_str(&format!("}} b_{name};\n"));
    }
    glsl.push_str("void main() {}\n");

    let dir = scratch_dir("layout-glslang");
    let src = dir.join("layout.comp");
    let spv = dir.join("layout.spv");
    std::fs::write(&src, &glsl).unwrap();
    let (ok, out) = run(Command::new(&glslang)
        .arg("-V")
        .arg(&src)
        .arg("-o")
        .arg(&spv));
    assert!(ok, "glslang rejected the generated GLSL:\n{out}\n{glsl}");
    let (ok, json) = run(Command::new(&cross).arg(&spv).arg("--reflect"));
    assert!(ok, "spirv-cross failed:\n{json}");
    let reflection: serde_json::Value = serde_json::from_str(&json).unwrap();
    let json_types = reflection["types"].as_object().unwrap();
    let by_name: BTreeMap<String, &serde_json::Value> = json_types
        .values()
        .filter_map(|t| Some((t["name"].as_str()?.to_string(), t)))
        .collect();

    let mut checked = 0;
    for (rule, ty) in &blocks {
        let name = types[*ty].name.clone().unwrap();
        let json_block = by_name
            .get(&format!("B_{name}"))
            .unwrap_or_else(|| panic!("block B_{name} missing from the reflection"));
        let mut layouter = Layouter::new(types, *rule);
        compare_struct(
            &mut layouter,
            types,
            *ty,
            json_types,
            json_block,
            &name,
            &mut checked,
        );
    }
    assert!(checked > 100, "only {checked} facts were compared");
    let _ = std::fs::remove_dir_all(&dir);
}
