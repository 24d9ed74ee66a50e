//! The design's binding and location rules, end to end from source to IR: auto and explicit
//! bindings per group, group scoping, combined sampler slots, push constants, `@varying`
//! stripping, inline entry points, and auto locations with explicit resets.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::lower_src;
use luma_ir::{AddressSpace, BuiltIn, Function, Interpolation, IoBinding, Module};

/// `name -> (group, binding)` of every global with a binding, and the names without one.
fn bindings(m: &Module) -> Vec<(String, Option<(u32, u32)>)> {
    m.globals
        .iter()
        .map(|(_, g)| (g.name.clone(), g.binding.map(|b| (b.group, b.binding))))
        .collect()
}

fn entry<'m>(m: &'m Module, name: &str) -> &'m Function {
    let ep = m.entry_points.iter().find(|e| e.name == name).unwrap();
    &m.functions[ep.function]
}

fn loc(location: u32) -> Option<IoBinding> {
    Some(IoBinding::Location {
        location,
        interpolation: Interpolation::Smooth,
    })
}

fn params(f: &Function) -> Vec<(&str, Option<IoBinding>)> {
    f.params
        .iter()
        .map(|p| (p.name.as_str(), p.binding))
        .collect()
}

fn results(f: &Function) -> Vec<(&str, Option<IoBinding>)> {
    f.results
        .iter()
        .map(|r| (r.name.as_deref().unwrap_or(""), r.binding))
        .collect()
}

fn owned(v: &[(&str, Option<(u32, u32)>)]) -> Vec<(String, Option<(u32, u32)>)> {
    v.iter().map(|(n, b)| (n.to_string(), *b)).collect()
}

#[test]
fn auto_bindings_continue_after_explicit_ones_per_group() {
    let m = lower_src(
        "struct U\n\tx: vec4\nend\n\
         uniform a: U\n\
         uniform b: U\n\
         @binding(10) uniform c: U\n\
         uniform d: U\n\
         @group(1) uniform e: U\n\
         @group(1) @binding(3) uniform f: U\n\
         @group(1) uniform g: U\n\
         uniform h: U\n\
         @entry(fragment)\n\
         function main() -> (color: vec4)\n\
         \treturn { color = a.x + b.x + c.x + d.x + e.x + f.x + g.x + h.x }\n\
         end\n",
    );
    assert_eq!(
        bindings(&m),
        owned(&[
            ("a", Some((0, 0))),
            ("b", Some((0, 1))),
            ("c", Some((0, 10))),
            ("d", Some((0, 11))),
            ("e", Some((1, 0))),
            ("f", Some((1, 3))),
            ("g", Some((1, 4))),
            // No carry-over of the last explicit group: `h` is in group 0 again.
            ("h", Some((0, 12))),
        ])
    );
}

#[test]
fn combined_samplers_take_two_slots_and_push_constants_none() {
    let m = lower_src(
        "struct U\n\tx: vec4\nend\n\
         struct P\n\tscale: float\nend\n\
         @push_constant uniform pc: P\n\
         uniform u: U\n\
         uniform albedo: sampler2D\n\
         uniform plain: texture2D\n\
         uniform samp: sampler\n\
         @binding(8) uniform normal_map: sampler2D\n\
         uniform after: U\n\
         @entry(fragment)\n\
         function main(uv: vec2) -> (color: vec4)\n\
         \tlet c = sample(albedo, uv) + sample(plain, samp, uv) + sample(normal_map, uv)\n\
         \treturn { color = c * pc.scale + u.x + after.x }\n\
         end\n",
    );
    assert_eq!(
        bindings(&m),
        owned(&[
            ("pc", None),
            ("u", Some((0, 0))),
            ("albedo_tex", Some((0, 1))),
            ("albedo_samp", Some((0, 2))),
            ("plain", Some((0, 3))),
            ("samp", Some((0, 4))),
            ("normal_map_tex", Some((0, 8))),
            ("normal_map_samp", Some((0, 9))),
            ("after", Some((0, 10))),
        ])
    );
    let (_, pc) = m.globals.iter().next().unwrap();
    assert_eq!(pc.space, AddressSpace::PushConstant);
    let combined: Vec<_> = m
        .globals
        .iter()
        .filter_map(|(_, g)| g.combined.as_ref().map(|c| (c.id, c.name.clone())))
        .collect();
    assert_eq!(
        combined,
        [
            (0, "albedo".to_string()),
            (0, "albedo".to_string()),
            (1, "normal_map".to_string()),
            (1, "normal_map".to_string())
        ]
    );
}

#[test]
fn split_combined_sampler_names_avoid_other_globals() {
    // `texture: sampler2D` would split into `texture_tex` / `texture_samp`, names the program
    // also declares (before and after it): reflection and the MSL binding map list resources
    // by name, so the generated halves take the next free names instead.
    let m = lower_src(
        "uniform texture_samp: sampler\n\
         uniform texture: sampler2D\n\
         uniform texture_tex: texture2D\n\
         @entry(fragment)\n\
         function main(uv: vec2) -> (color: vec4)\n\
         \treturn { color = sample(texture, uv) + sample(texture_tex, texture_samp, uv) }\n\
         end\n",
    );
    assert_eq!(
        bindings(&m),
        owned(&[
            ("texture_samp", Some((0, 0))),
            ("texture_tex_1", Some((0, 1))),
            ("texture_samp_1", Some((0, 2))),
            ("texture_tex", Some((0, 3))),
        ])
    );
}

#[test]
fn auto_locations_restart_after_explicit_ones_and_skip_builtins() {
    let m = lower_src(
        "struct VertexIn\n\
         \ta: vec3\n\
         \t@location(5) b: vec3\n\
         \tc: vec2\n\
         \t@builtin(vertex_index) vid: uint\n\
         \td: vec4\n\
         \t@location(1) e: float\n\
         \tf: float\n\
         end\n\
         @entry(vertex)\n\
         function main(input: VertexIn) -> (@builtin(position) pos: vec4, uv: vec2, @location(4) w: float, z: float)\n\
         \treturn { pos = vec4(input.a + input.b, input.d.x + input.e + input.f + float(input.vid)), uv = input.c, w = 1.0, z = 0.0 }\n\
         end\n",
    );
    let f = entry(&m, "main");
    assert_eq!(
        params(f),
        [
            ("a", loc(0)),
            ("b", loc(5)),
            ("c", loc(6)),
            ("vid", Some(IoBinding::BuiltIn(BuiltIn::VertexIndex))),
            ("d", loc(7)),
            ("e", loc(1)),
            ("f", loc(2)),
        ]
    );
    assert_eq!(
        results(f),
        [
            ("pos", Some(IoBinding::BuiltIn(BuiltIn::Position))),
            ("uv", loc(0)),
            ("w", loc(4)),
            ("z", loc(5)),
        ]
    );
}

#[test]
fn varying_builtins_are_stripped_from_fragment_inputs_unless_read() {
    let m = lower_src(
        "@varying\n\
         struct Interpolated\n\
         \t@builtin(position) position: vec4\n\
         \tuv: vec2\n\
         \tnormal: vec3\n\
         end\n\
         @entry(vertex)\n\
         function vs(@builtin(vertex_index) id: uint) -> Interpolated\n\
         \tlet x = float(id)\n\
         \treturn Interpolated { position = vec4(x), uv = vec2(x), normal = vec3(x) }\n\
         end\n\
         @entry(fragment)\n\
         function fs(input: Interpolated) -> (color: vec4)\n\
         \treturn { color = vec4(input.normal, input.uv.x) }\n\
         end\n\
         @entry(fragment)\n\
         function fs_position(input: Interpolated) -> (color: vec4)\n\
         \treturn { color = vec4(input.normal + input.position.xyz, input.uv.x) }\n\
         end\n",
    );
    let vs = entry(&m, "vs");
    assert_eq!(
        results(vs),
        [
            ("position", Some(IoBinding::BuiltIn(BuiltIn::Position))),
            ("uv", loc(0)),
            ("normal", loc(1)),
        ]
    );
    // Not read: the position is no fragment input.
    let fs = entry(&m, "fs");
    assert_eq!(params(fs), [("uv", loc(0)), ("normal", loc(1))]);
    // Read: it is the fragment's own position input, and the shader sees its value.
    let fs_position = entry(&m, "fs_position");
    assert_eq!(
        params(fs_position),
        [
            ("position", Some(IoBinding::BuiltIn(BuiltIn::Position))),
            ("uv", loc(0)),
            ("normal", loc(1)),
        ]
    );
    let mut mach = common::interp::Machine::new(&m);
    use common::interp::V;
    let ep = m
        .entry_points
        .iter()
        .find(|e| e.name == "fs_position")
        .unwrap();
    let out = mach
        .call(
            ep.function,
            vec![
                V::C(vec![V::F(10.5), V::F(20.5), V::F(0.25), V::F(1.0)]),
                V::C(vec![V::F(0.5), V::F(0.25)]),
                V::C(vec![V::F(1.0), V::F(2.0), V::F(3.0)]),
            ],
        )
        .unwrap();
    assert_eq!(
        out,
        [V::C(vec![V::F(11.5), V::F(22.5), V::F(3.25), V::F(0.5)])]
    );
}

#[test]
fn inline_entry_points_number_parameters_and_tuple_fields() {
    let m = lower_src(
        "@entry(fragment)\n\
         function shade(uv: vec2, normal: vec3, @location(4) tint: vec4, @builtin(front_facing) front: bool, @interpolation(flat) id: int) -> (color: vec4, @location(2) extra: vec4)\n\
         \tlet k = if front then 1.0 else 0.0\n\
         \treturn { color = vec4(normal, uv.x) * k + float(id), extra = tint }\n\
         end\n",
    );
    let f = entry(&m, "shade");
    assert_eq!(
        params(f),
        [
            ("uv", loc(0)),
            ("normal", loc(1)),
            ("tint", loc(4)),
            ("front", Some(IoBinding::BuiltIn(BuiltIn::FrontFacing))),
            (
                "id",
                Some(IoBinding::Location {
                    location: 5,
                    interpolation: Interpolation::Flat
                })
            ),
        ]
    );
    assert_eq!(results(f), [("color", loc(0)), ("extra", loc(2))]);
}

#[test]
fn entry_point_attributes_reach_the_ir() {
    let m = lower_src(
        "buffer data: []uint\n\
         @entry(compute) @workgroup_size(8, 4)\n\
         function cs(@builtin(global_invocation_id) gid: uvec3)\n\
         \tdata[gid.x] = gid.y\n\
         end\n\
         @entry(fragment) @early_depth\n\
         function fs() -> (color: vec4)\n\
         \treturn { color = vec4(1.0) }\n\
         end\n",
    );
    let cs = m.entry_points.iter().find(|e| e.name == "cs").unwrap();
    assert_eq!(cs.stage, luma_ir::ShaderStage::Compute);
    assert_eq!(cs.workgroup_size, [8, 4, 1]);
    let fs = m.entry_points.iter().find(|e| e.name == "fs").unwrap();
    assert!(fs.early_depth_test);
    assert_eq!(fs.workgroup_size, [0, 0, 0]);
    let (_, data) = m.globals.iter().next().unwrap();
    assert_eq!(
        data.space,
        AddressSpace::Storage {
            access: luma_ir::StorageAccess::ReadWrite
        }
    );
}
