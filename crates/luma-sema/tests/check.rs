//! Behaviour of the checker on small programs: the typed program it builds (bindings, literal
//! types, entry point I/O, access) and the rules it enforces that the per-code diagnostics
//! tests do not pin down on their own.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::{err, ok};
use luma_thir::{
    Access, ArrayLen, Builtin, ConstValue, EntryInput, ExprConst, ExprKind, GlobalKind,
    Interpolation, IoBinding, Program, ScalarTy, Stage, StmtKind, Ty,
};

fn global<'p>(p: &'p Program, name: &str) -> &'p luma_thir::GlobalDef {
    p.globals
        .iter()
        .map(|(_, g)| g)
        .find(|g| g.name == name)
        .unwrap()
}

fn binding(p: &Program, name: &str) -> (u32, u32) {
    let g = global(p, name);
    (g.group.unwrap(), g.binding.unwrap())
}

/// The type of the `index`-th `let` of function `f`.
fn let_ty(p: &Program, f: &str, local: &str) -> Ty {
    let func = p
        .functions
        .iter()
        .map(|(_, f)| f)
        .find(|x| x.name == f)
        .unwrap();
    let l = func
        .locals
        .iter()
        .map(|(_, l)| l)
        .find(|l| l.name == local)
        .unwrap();
    p.types.get(l.ty)
}

const INT: Ty = Ty::Scalar(ScalarTy::Int);
const UINT: Ty = Ty::Scalar(ScalarTy::Uint);
const FLOAT: Ty = Ty::Scalar(ScalarTy::Float);

// ---------------------------------------------------------------------------------------------
// Bindings

#[test]
fn mixed_manual_and_auto_bindings() {
    let p = ok("
struct B
	v: vec4
end
uniform a: B
uniform b: B
@binding(10) uniform c: B
uniform d: B
");
    assert_eq!(binding(&p, "a"), (0, 0));
    assert_eq!(binding(&p, "b"), (0, 1));
    assert_eq!(binding(&p, "c"), (0, 10));
    assert_eq!(binding(&p, "d"), (0, 11));
}

#[test]
fn group_is_never_inherited() {
    let p = ok("
struct B
	v: vec4
end
@group(0) uniform a: B
@group(1) uniform b: B
uniform c: B
");
    assert_eq!(binding(&p, "a"), (0, 0));
    assert_eq!(binding(&p, "b"), (1, 0));
    assert_eq!(binding(&p, "c"), (0, 1));
}

#[test]
fn combined_samplers_take_two_bindings_and_push_constants_none() {
    let p = ok("
struct B
	v: vec4
end
uniform t: sampler2D
@push_constant uniform pc: B
uniform u: B
@binding(5) uniform s: samplerCube
uniform w: texture2D
@binding(4) uniform low: sampler
");
    assert_eq!(binding(&p, "t"), (0, 0));
    assert_eq!(binding(&p, "u"), (0, 2));
    assert_eq!(binding(&p, "s"), (0, 5));
    assert_eq!(binding(&p, "w"), (0, 7));
    assert_eq!(binding(&p, "low"), (0, 4));
    let pc = global(&p, "pc");
    assert_eq!(
        (pc.kind, pc.group, pc.binding),
        (GlobalKind::PushConstant, None, None)
    );
    assert_eq!(global(&p, "t").kind, GlobalKind::CombinedSampler);
    assert_eq!(global(&p, "w").kind, GlobalKind::Texture);
    assert_eq!(global(&p, "low").kind, GlobalKind::Sampler);
}

#[test]
fn explicit_binding_clashing_with_a_combined_sampler() {
    let out = err("
uniform t: sampler2D
@binding(1) uniform s: sampler
");
    assert!(out.contains("E0621"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// Storage access

#[test]
fn storage_access_is_inferred_from_reachable_writes() {
    let p = ok("
buffer read_only: []float
buffer written: []float
buffer atomics: []atomic_uint
buffer dead_write: []float
@access(read_write) buffer stated: []float

function store(i: uint, v: float)
	written[i] = v
end

function never_called()
	dead_write[0] = 1.0
end

@entry(compute) @workgroup_size(1)
function main(@builtin(global_invocation_id) id: uvec3)
	store(id.x, read_only[id.x] + stated[0] + dead_write[0])
	atomic_add(atomics[0], 1u)
end
");
    let access = |n: &str| match global(&p, n).kind {
        GlobalKind::StorageBuffer { access, .. } => access,
        k => panic!("{n} is {k:?}"),
    };
    assert_eq!(access("read_only"), Access::Read);
    assert_eq!(access("written"), Access::ReadWrite);
    assert_eq!(access("atomics"), Access::ReadWrite);
    assert_eq!(access("dead_write"), Access::Read);
    assert_eq!(access("stated"), Access::ReadWrite);
}

#[test]
fn atomics_on_a_read_only_buffer_are_rejected() {
    let out = err("
@access(read) buffer counts: []atomic_uint
@entry(compute) @workgroup_size(1)
function main()
	atomic_add(counts[0], 1u)
end
");
    // The declaration is refused (atomics need read-write storage), once: the write itself
    // gets no second error.
    assert!(out.contains("E0628"), "{out}");
    assert!(!out.contains("E0602"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// Literals and constants

#[test]
fn literals_without_context_are_float_and_take_their_context_type() {
    let p = ok("
buffer out: []uint
@entry(compute) @workgroup_size(1)
function main()
	let a = 1
	let b: int = 1
	let c: uint = 7 / 2
	let d = 7 / 2
	let e = b + 1
	let f = -1
	let g: uint = if b > 0 then 1 else 2
	let h = 1u
	out[0] = c + h
end
");
    assert_eq!(let_ty(&p, "main", "a"), FLOAT);
    assert_eq!(let_ty(&p, "main", "b"), INT);
    assert_eq!(let_ty(&p, "main", "c"), UINT);
    assert_eq!(let_ty(&p, "main", "d"), FLOAT);
    assert_eq!(let_ty(&p, "main", "e"), INT);
    assert_eq!(let_ty(&p, "main", "f"), FLOAT);
    assert_eq!(let_ty(&p, "main", "g"), UINT);
    assert_eq!(let_ty(&p, "main", "h"), UINT);
}

#[test]
fn integer_literal_division_is_exact_then_typed() {
    // Untyped integer division truncates before the value becomes a float (as in WGSL).
    let p = ok("
const HALF = 7 / 2
buffer out: []float
@entry(compute) @workgroup_size(1)
function main()
	out[0] = HALF
	out[1] = 7.0 / 2
end
");
    let consts: Vec<ExprConst> = p
        .functions
        .iter()
        .flat_map(|(_, f)| f.exprs.iter())
        .filter_map(|(_, e)| match e.kind {
            ExprKind::Const(c @ ExprConst::Float(_)) => Some(c),
            _ => None,
        })
        .collect();
    assert!(consts.contains(&ExprConst::Float(3.0)), "{consts:?}");
    assert!(consts.contains(&ExprConst::Float(3.5)), "{consts:?}");
}

#[test]
fn for_counter_types() {
    let p = ok("
uniform n: uint
buffer out: []uint
@entry(compute) @workgroup_size(1)
function main()
	for i = 0, 3 do
		out[0] = uint(i)
	end
	@max_iterations(64)
	for j = 0, n do
		out[j] = j
	end
	for k = 10u, 0u, 1u do
		out[k] = k
	end
	for m = -1, -5, -1 do
		out[0] = uint(-m)
	end
end
");
    assert_eq!(let_ty(&p, "main", "i"), INT);
    assert_eq!(let_ty(&p, "main", "j"), UINT);
    assert_eq!(let_ty(&p, "main", "k"), UINT);
    assert_eq!(let_ty(&p, "main", "m"), INT);
}

#[test]
fn for_loops_reject_float_counters_and_negative_uint_steps() {
    let out = err("
function f()
	for i = 0.0, 1.0, 0.1 do
	end
end
");
    assert!(
        out.contains("a `for` counter is an `int` or a `uint`"),
        "{out}"
    );
    let out = err("
function f(n: uint)
	@max_iterations(10)
	for i = n, 0, -1 do
	end
end
");
    assert!(
        out.contains("E0516") && out.contains("a `uint` counter cannot count down"),
        "{out}"
    );
}

#[test]
fn untyped_constants_adapt_to_each_use() {
    let p = ok("
const N = 4
const PI = 3.14159
shared tile: [N * 2]float
uniform count: uint
buffer out: []float
@entry(compute) @workgroup_size(N)
function main(@builtin(local_invocation_index) i: uint)
	if i < N and count > N then
		tile[i] = PI * float(N)
	end
	for k = 0, N - 1 do
		out[k] = tile[k]
	end
end
");
    let tile = global(&p, "tile");
    assert!(matches!(
        p.types.get(tile.ty),
        Ty::Array {
            len: ArrayLen::Fixed(8),
            ..
        }
    ));
    assert_eq!(p.entry_points[0].workgroup_size, [4, 1, 1]);
    assert_eq!(let_ty(&p, "main", "k"), INT);
}

#[test]
fn typed_constants_wrap_and_report_division_errors() {
    let p = ok("
const MAX: int = 2147483647
const WRAP: int = MAX + 1
const SHIFT: uint = 1u << 33
");
    let value = |n: &str| {
        p.consts
            .iter()
            .map(|(_, c)| c)
            .find(|c| c.name == n)
            .unwrap()
            .value
            .clone()
    };
    assert_eq!(value("WRAP"), ConstValue::Int(i32::MIN));
    assert_eq!(value("SHIFT"), ConstValue::Uint(2));
    // `INT_MIN % -1` fits (0); only the quotient is an error (language.md §7.2).
    let rem = ok("const M: int = -2147483648\nconst R: int = M % -1\n");
    assert!(rem
        .consts
        .iter()
        .any(|(_, c)| c.name == "R" && c.value == ConstValue::Int(0)));
    for bad in [
        "const X: int = 5 % 0",
        "const M: int = -2147483648\nconst X: int = M / -1",
        "const X: float = 1.0 / 0.0",
    ] {
        let out = err(bad);
        assert!(
            out.contains("E0702") || out.contains("E0703"),
            "{bad}: {out}"
        );
    }
}

#[test]
fn literal_out_of_range_for_its_context() {
    let out = err("function f() -> int\n\treturn 2147483648\nend");
    assert!(out.contains("E0516"), "{out}");
    ok("function f() -> int\n\treturn -2147483648\nend");
}

// ---------------------------------------------------------------------------------------------
// Operators

#[test]
fn operator_typing() {
    let p = ok("
function f(v: vec3, m: mat3x2, u: uvec2, i: int, b: bvec2) -> float
	let a = m * v
	let c = vec2(1.0) * m
	let d = v == v
	let e = u << 1
	let g = u >> uvec2(1u)
	let h = i << 2u
	let k = v % 2.0
	let l = 2.0 * v
	let n = not b
	return a.x + c.z + k.x + l.y
end
");
    assert_eq!(
        let_ty(&p, "f", "a"),
        Ty::Vector {
            scalar: ScalarTy::Float,
            size: 2
        }
    );
    assert_eq!(
        let_ty(&p, "f", "c"),
        Ty::Vector {
            scalar: ScalarTy::Float,
            size: 3
        }
    );
    assert_eq!(let_ty(&p, "f", "d"), Ty::Scalar(ScalarTy::Bool));
    assert_eq!(
        let_ty(&p, "f", "e"),
        Ty::Vector {
            scalar: ScalarTy::Uint,
            size: 2
        }
    );
    assert_eq!(let_ty(&p, "f", "h"), INT);
    assert_eq!(
        let_ty(&p, "f", "n"),
        Ty::Vector {
            scalar: ScalarTy::Bool,
            size: 2
        }
    );
}

#[test]
fn operator_errors() {
    for (src, code) in [
        (
            "function f(a: int, b: float) -> float\n\treturn a + b\nend",
            "E0502",
        ),
        (
            "function f(a: bool) -> bool\n\treturn a and 1\nend",
            "E0502",
        ),
        (
            "function f(a: vec2, b: vec2) -> bool\n\treturn a >= b\nend",
            "E0504",
        ),
        (
            "function f(a: float) -> float\n\treturn a & 1.0\nend",
            "E0502",
        ),
        (
            "function f(a: float) -> float\n\treturn a << 1\nend",
            "E0502",
        ),
        ("function f(a: mat2) -> mat2\n\treturn -a\nend", "E0503"),
        ("function f(a: int) -> bool\n\treturn not a\nend", "E0503"),
        (
            "function f(a: mat2x3, b: mat2x3) -> mat2x3\n\treturn a * b\nend",
            "E0502",
        ),
        (
            "function f(a: vec4, m: mat3) -> vec3\n\treturn m * a\nend",
            "E0502",
        ),
        (
            "struct S\n\tx: float\nend\nfunction f(a: S, b: S) -> bool\n\treturn a == b\nend",
            "E0502",
        ),
    ] {
        let out = err(src);
        assert!(out.contains(code), "{src}\n{out}");
    }
}

#[test]
fn compound_assignment_keeps_the_target_type() {
    ok("function f(v: vec3, m: mat3, u: uint)\n\tv *= 2.0\n\tv *= m\n\tm *= m\n\tu <<= 2\n\tu >>= 1\nend");
    let out = err("function f(x: float, v: vec3)\n\tx *= v\nend");
    assert!(out.contains("would change `float` into `vec3`"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// Entry points

#[test]
fn auto_locations_reset_after_explicit_ones() {
    let p = ok("
struct Out
	@builtin(position) p: vec4
	a: vec4
	@location(5) b: vec4
	c: vec4
	@location(1) d: ivec2
end
@entry(vertex)
function main() -> Out
	return Out { p = vec4(0.0), a = vec4(0.0), b = vec4(0.0), c = vec4(0.0), d = ivec2(0) }
end
");
    let out = p.entry_points[0].output.as_ref().unwrap();
    let locs: Vec<IoBinding> = out.fields.iter().map(|f| f.binding).collect();
    assert_eq!(locs[0], IoBinding::Builtin(Builtin::Position));
    let loc = |l, i| IoBinding::Location {
        location: l,
        interpolation: i,
    };
    assert_eq!(locs[1], loc(0, Interpolation::Smooth));
    assert_eq!(locs[2], loc(5, Interpolation::Smooth));
    assert_eq!(locs[3], loc(6, Interpolation::Smooth));
    assert_eq!(locs[4], loc(1, Interpolation::Flat));
}

#[test]
fn varying_builtins_are_stripped_for_fragment_input_unless_the_position_is_read() {
    let p = ok("
@varying
struct V
	@builtin(position) p: vec4
	uv: vec2
end
@entry(vertex)
function vs() -> V
	return V { p = vec4(0.0), uv = vec2(0.0) }
end
@entry(fragment)
function fs(input: V) -> (c: vec4)
	return { c = vec4(input.uv, 0.0, 1.0) }
end
@entry(fragment)
function fs_position(input: V) -> (c: vec4)
	return { c = vec4(input.uv, input.p.x, 1.0) }
end
");
    // Read, the position member is the fragment's own position input.
    let EntryInput::Struct { fields, .. } = &p.entry_points[2].inputs[0] else {
        panic!()
    };
    assert_eq!(
        fields[0].as_ref().unwrap().binding,
        IoBinding::Builtin(Builtin::Position)
    );
    let fs = &p.entry_points[1];
    let EntryInput::Struct { fields, .. } = &fs.inputs[0] else {
        panic!()
    };
    assert!(fields[0].is_none());
    assert_eq!(
        fields[1].as_ref().unwrap().binding,
        IoBinding::Location {
            location: 0,
            interpolation: Interpolation::Smooth
        }
    );
    let vs_out = p.entry_points[0].output.as_ref().unwrap();
    assert_eq!(
        vs_out.fields[0].binding,
        IoBinding::Builtin(Builtin::Position)
    );
}

#[test]
fn inline_parameters_and_tuple_results() {
    let p = ok("
@entry(fragment)
function fs(@builtin(front_facing) front: bool, uv: vec2, @location(3) id: uint, n: vec3) -> (color: vec4, @location(2) extra: uvec4)
	return { color = vec4(uv, 0.0, 1.0), extra = uvec4(id) }
end
");
    let e = &p.entry_points[0];
    let b: Vec<IoBinding> = e
        .inputs
        .iter()
        .map(|i| match i {
            EntryInput::Single(v) => v.binding,
            EntryInput::Struct { .. } => panic!(),
        })
        .collect();
    assert_eq!(b[0], IoBinding::Builtin(Builtin::FrontFacing));
    assert_eq!(
        b[1],
        IoBinding::Location {
            location: 0,
            interpolation: Interpolation::Smooth
        }
    );
    assert_eq!(
        b[2],
        IoBinding::Location {
            location: 3,
            interpolation: Interpolation::Flat
        }
    );
    assert_eq!(
        b[3],
        IoBinding::Location {
            location: 4,
            interpolation: Interpolation::Smooth
        }
    );
    let out = e.output.as_ref().unwrap();
    let s = &p.structs[out.struct_id];
    assert_eq!((s.name.as_str(), s.synthesized), ("fs_out", true));
    assert_eq!(
        out.fields[1].binding,
        IoBinding::Location {
            location: 2,
            interpolation: Interpolation::Flat
        }
    );
}

#[test]
fn builtin_aliases_and_geometry_stages() {
    let p = ok("
@entry(vertex)
function vs(@builtin(vertex_id) v: uint, @builtin(instance_id) i: uint) -> (@builtin(position) p: vec4)
	return { p = vec4(float(v + i)) }
end
@entry(geometry)
function gs(@builtin(position) p: vec4) -> (@builtin(position) q: vec4)
	return { q = p }
end
@entry(tessellation_control)
function tcs(@location(0) x: vec4) -> (y: vec4)
	return { y = x }
end
");
    assert_eq!(p.entry_points[1].stage, Stage::Geometry);
    assert_eq!(p.entry_points[2].stage, Stage::TessellationControl);
}

// ---------------------------------------------------------------------------------------------
// Stages and uniformity

#[test]
fn explicit_level_sampling_is_fine_in_every_stage() {
    ok("
uniform t: sampler2D
uniform d: texture2DShadow
uniform cmp: samplerShadow
@entry(vertex)
function vs(@location(0) uv: vec2) -> (@builtin(position) p: vec4)
	let h = sample_level(t, uv, 0.0).r + sample_compare_level(d, cmp, uv, 0.5)
	let g = sample_grad(t, uv, vec2(0.0), vec2(0.0))
	return { p = vec4(uv, h, g.a) }
end
");
    let out = err("
@entry(compute) @workgroup_size(1)
function cs()
	let x = dfdx(1.0)
end
");
    assert!(out.contains("E0607"), "{out}");
}

#[test]
fn barrier_uniformity_through_function_parameters() {
    let helper = "
shared tile: [64]float
function step_if(run: bool, i: uint)
	if run then
		workgroup_barrier()
	end
	tile[i] = 1.0
end
";
    // A uniform argument: fine.
    ok(&format!(
        "{helper}
uniform flag: uint
@entry(compute) @workgroup_size(64)
function main(@builtin(local_invocation_index) i: uint)
	step_if(flag != 0, i)
end
"
    ));
    // A non-uniform argument: the call is reported.
    let out = err(&format!(
        "{helper}
@entry(compute) @workgroup_size(64)
function main(@builtin(local_invocation_index) i: uint)
	step_if(i == 0, i)
end
"
    ));
    assert!(
        out.contains("E0609") && out.contains("the call of `step_if`"),
        "{out}"
    );
}

#[test]
fn barrier_after_non_uniform_return_or_break() {
    let out = err("
@entry(compute) @workgroup_size(64)
function main(@builtin(local_invocation_index) i: uint)
	if i > 10 then
		return
	end
	workgroup_barrier()
end
");
    assert!(out.contains("E0609"), "{out}");
    let out = err("
@entry(compute) @workgroup_size(64)
function main(@builtin(local_invocation_index) i: uint)
	for k = 0, 3 do
		workgroup_barrier()
		if i == uint(k) then
			break
		end
	end
end
");
    assert!(out.contains("E0609"), "{out}");
    // Uniform sources: uniform blocks, read-only storage, workgroup_id, constants.
    ok("
struct P
	n: uint
end
uniform params: P
buffer sizes: []uint
@entry(compute) @workgroup_size(64)
function main(@builtin(workgroup_id) g: uvec3)
	if params.n > 0 and sizes[0] > 0 and g.x > 0 then
		workgroup_barrier()
	end
	@max_iterations(16)
	while sizes[1] > params.n do
		storage_barrier()
		break
	end
end
");
}

#[test]
fn derivatives_in_non_uniform_flow_warn_but_check() {
    let c = common::check_str(
        "t.luma",
        "
uniform t: sampler2D
function tint(uv: vec2, on: bool) -> vec4
	if on then
		return sample(t, uv)
	end
	return vec4(0.0)
end
@entry(fragment)
function fs(uv: vec2) -> (c: vec4)
	return { c = tint(uv, uv.x > 0.5) + tint(uv, true) }
end
",
    );
    assert!(c.program.is_some(), "{}", c.rendered());
    let text = c.rendered();
    assert_eq!(text.matches("W0202").count(), 1, "{text}");
}

// ---------------------------------------------------------------------------------------------
// Types

#[test]
fn half_types_check_and_convert() {
    let p = ok("
function f(x: half, v: hvec3, m: hmat2x3) -> hvec3
	let y: half = 1.5
	let w = v * y + hvec3(x)
	let c = float(x) + 1.0
	let back = half(c)
	return m * hvec2(back) + w
end
");
    assert_eq!(let_ty(&p, "f", "y"), Ty::Scalar(ScalarTy::Half));
    assert_eq!(
        let_ty(&p, "f", "w"),
        Ty::Vector {
            scalar: ScalarTy::Half,
            size: 3
        }
    );
    let out = err("function f(x: half) -> float\n\treturn x + 1.0 + float(x) * x\nend");
    assert!(out.contains("E0502"), "{out}");
}

#[test]
fn arrays_of_textures() {
    let p = ok("
uniform layers: [4]texture2D
uniform samp: sampler
uniform pick: ivec4
@entry(fragment)
function fs(uv: vec2) -> (c: vec4)
	return { c = sample(layers[2], samp, uv) + texel_fetch(layers[pick.x], ivec2(0), 0) }
end
");
    assert_eq!(global(&p, "layers").kind, GlobalKind::Texture);
    assert_eq!(binding(&p, "samp"), (0, 1));
    // A varying index is accepted without a warning (W0206 is retired) and marked.
    let src = "uniform layers: [4]texture2D\n@entry(fragment)\nfunction fs(@interpolation(flat) i: int) -> (c: vec4)\n\treturn { c = texel_fetch(layers[i], ivec2(0), 0) }\nend";
    let p = ok(src);
    assert_eq!(non_uniform(&p, src, "fs"), ["layers[i]"]);
}

/// The source text of the indexing expressions that function `f` lists as non-uniform.
fn non_uniform<'s>(p: &Program, src: &'s str, f: &str) -> Vec<&'s str> {
    let func = p
        .functions
        .iter()
        .map(|(_, d)| d)
        .find(|d| d.name == f)
        .unwrap();
    func.non_uniform_indices
        .iter()
        .map(|e| {
            let span = func.exprs.get(*e).unwrap().span;
            &src[span.lo as usize..span.hi as usize]
        })
        .collect()
}

#[test]
fn non_uniform_resource_indices() {
    // Direct indices, indices through parameters (marked in the callee when any call passes a
    // non-uniform value, through two levels of calls), and uniform ones that stay unmarked.
    let src = "struct Push
	material: uint
end
uniform textures: [16]texture2D
uniform samp: sampler
uniform pairs: [2]sampler2D
@format(r32f) uniform layers: [4]image2D
buffer materials: []uint
@access(read) buffer fixed: []uint
@push_constant uniform push: Push
function albedo(index: uint, uv: vec2) -> vec4
	return sample_level(textures[index], samp, uv, 0.0)
end
function twice(index: uint, uv: vec2) -> vec4
	return albedo(index + 1u, uv)
end
function only_uniform(index: uint, uv: vec2) -> vec4
	return sample_level(textures[index], samp, uv, 0.0) + sample_level(pairs[index % 2u], uv, 0.0)
end
@entry(fragment)
function shade(@location(0) uv: vec2, @location(1) material: uint) -> (color: vec4)
	let base = sample(textures[push.material], samp, uv) + albedo(push.material, uv)
	let k = push.material
	if uv.x > 0.5 then
		k = 3u
	end
	let a = sample(textures[materials[material]], samp, uv) + sample(textures[fixed[push.material]], samp, uv)
	let b = sample(pairs[k % 2u], uv) + only_uniform(fixed[0], uv)
	return { color = base + a + b + twice(material, uv) }
end
@entry(compute) @workgroup_size(8, 8)
function fill(@builtin(workgroup_id) group: uvec3, @builtin(local_invocation_id) lid: uvec3)
	image_store(layers[group.z % 4u], ivec2(lid.xy), vec4(1.0))
	image_store(layers[lid.x % 4u], ivec2(lid.xy), vec4(2.0))
end
";
    let c = common::check_str("t.luma", src);
    assert!(
        c.diags
            .as_slice()
            .iter()
            .all(|d| d.code.as_str() == "W0202"),
        "{}",
        c.rendered()
    );
    let p = c.program.unwrap();
    assert_eq!(
        non_uniform(&p, src, "shade"),
        ["textures[materials[material]]", "pairs[k % 2u]"]
    );
    assert_eq!(non_uniform(&p, src, "albedo"), ["textures[index]"]);
    assert!(non_uniform(&p, src, "twice").is_empty());
    assert!(non_uniform(&p, src, "only_uniform").is_empty());
    assert_eq!(non_uniform(&p, src, "fill"), ["layers[lid.x % 4u]"]);
}

#[test]
fn runtime_arrays_only_at_the_end_of_buffers() {
    ok("struct S\n\tn: uint\n\titems: []vec4\nend\nbuffer b: S\nbuffer c: []S2\nstruct S2\n\tx: float\nend");
    for src in [
        "struct S\n\titems: []vec4\n\tn: uint\nend",
        "struct S\n\titems: []vec4\nend\nstruct T\n\ts: S\nend",
        "struct S\n\titems: []vec4\nend\nuniform u: S",
        "struct S\n\titems: []vec4\nend\nshared w: S",
        "struct S\n\titems: []vec4\nend\nbuffer b: [2]S",
    ] {
        let c = common::check_str("t.luma", src);
        assert!(c.program.is_none(), "accepted:\n{src}");
        let out = c.rendered();
        assert!(out.contains("E0525"), "{src}\n{out}");
    }
}

#[test]
fn shadowing_rules() {
    // Inner blocks may shadow; the initializer sees the outer name.
    let p = ok("
const scale = 2.0
function f(x: float) -> float
	let scale = scale * x
	do
		let x = 1.0
		let scale = x
	end
	let length = length(vec2(x))
	return scale + length
end
");
    assert_eq!(let_ty(&p, "f", "scale"), FLOAT);
    let out = err("function f(x: float)\n\tlet x = 1.0\nend");
    assert!(out.contains("E0405"), "{out}");
}

#[test]
fn no_cascades_after_a_failed_declaration() {
    let out = err("
struct Light
	color: Colour
end
uniform light: Light
function f() -> vec3
	let c = light.color * 2.0
	return c
end
");
    assert_eq!(out.matches("error[").count(), 1, "{out}");
    let out = err("
const BAD: int = 1.5
function f() -> int
	return BAD + 1
end
");
    assert_eq!(out.matches("error[").count(), 1, "{out}");
}

#[test]
fn missing_return_flow() {
    ok("function f(x: int) -> int\n\tif x > 0 then\n\t\treturn 1\n\telse\n\t\treturn 2\n\tend\nend");
    let c = common::check_str("t.luma", "function f(x: int) -> int\n\twhile true do\n\t\tif x > 0 then\n\t\t\treturn 1\n\t\tend\n\tend\nend");
    assert!(c.program.is_some(), "{}", c.rendered());
    let out = err(
        "function f(x: int) -> int\n\t@max_iterations(4)\n\twhile true do\n\t\tbreak\n\tend\nend",
    );
    assert!(out.contains("E0605"), "{out}");
    let out = err("function f(x: int) -> int\n\tfor i = 0, 3 do\n\t\treturn i\n\tend\nend");
    assert!(out.contains("E0605"), "{out}");
}

#[test]
fn for_body_counter_is_read_only_but_copies_are_not() {
    let p = ok("function f() -> int\n\tlet t: int = 0\n\tfor i = 0, 3 do\n\t\tlet j = i\n\t\tj += 1\n\t\tt += j\n\tend\n\treturn t\nend");
    let func = p.functions.iter().next().unwrap().1;
    let j = func
        .locals
        .iter()
        .map(|(_, l)| l)
        .find(|l| l.name == "j")
        .unwrap();
    let i = func
        .locals
        .iter()
        .map(|(_, l)| l)
        .find(|l| l.name == "i")
        .unwrap();
    assert!(j.reassigned && !i.reassigned);
}

#[test]
fn elseif_chains_nest_into_else() {
    let p = ok("function f(x: int) -> int\n\tif x < 0 then\n\t\treturn 0\n\telseif x < 5 then\n\t\treturn 1\n\telseif x < 9 then\n\t\treturn 2\n\telse\n\t\treturn 3\n\tend\nend");
    let func = p.functions.iter().next().unwrap().1;
    let StmtKind::If(i) = &func.body.stmts[0].kind else {
        panic!()
    };
    let Some(e1) = &i.else_block else { panic!() };
    let StmtKind::If(i) = &e1.stmts[0].kind else {
        panic!()
    };
    let Some(e2) = &i.else_block else { panic!() };
    let StmtKind::If(i) = &e2.stmts[0].kind else {
        panic!()
    };
    let Some(e3) = &i.else_block else { panic!() };
    assert!(matches!(e3.stmts[0].kind, StmtKind::Return(Some(_))));
}

#[test]
fn output_is_deterministic() {
    for path in luma_testutil::shader_corpus() {
        let a = common::check_file(&path, luma_base::Limits::default());
        let b = common::check_file(&path, luma_base::Limits::default());
        let (a, b) = (a.program.unwrap(), b.program.unwrap());
        assert_eq!(
            luma_sema::dump::dump_program(&a),
            luma_sema::dump::dump_program(&b)
        );
    }
}

#[test]
fn explicit_conversions_of_literals() {
    let p = ok("
const A: uint = uint(-1)
const B: int = int(3000000000)
const C: int = int(-2.75)
const D: bool = bool(2)
const E: float = float(16777217)
const F: uint = uint(2.5)
");
    let value = |n: &str| {
        p.consts
            .iter()
            .map(|(_, c)| c)
            .find(|c| c.name == n)
            .unwrap()
            .value
            .clone()
    };
    assert_eq!(value("A"), ConstValue::Uint(u32::MAX));
    assert_eq!(value("B"), ConstValue::Int(-1294967296));
    assert_eq!(value("C"), ConstValue::Int(-2));
    assert_eq!(value("D"), ConstValue::Bool(true));
    assert_eq!(value("E"), ConstValue::Float(16777216.0));
    assert_eq!(value("F"), ConstValue::Uint(2));
    let out = err("const X: uint = uint(-1.5)");
    assert!(out.contains("E0703"), "{out}");
}

#[test]
fn if_expressions_with_a_non_constant_arm_are_not_constant() {
    // Found by luma-difftest: folding `if true then 0 else x` to its constant arm made a
    // run-time zero step and a run-time division by zero into constant-expression errors.
    let p = ok("
buffer data: []int

@entry(compute) @workgroup_size(1)
function main()
\tlet x: int = data[0]
\t@max_iterations(4)
\tfor i = 0, 3, (if true then 0 else x) do
\t\tdata[1] = i
\tend
\tdata[2] = x / (if false then x else 0)
\tdata[3] = (if true then -5 else x) % 0
end
");
    assert_eq!(p.entry_points.len(), 1);
    // Both arms constant: still a constant expression, and still checked as one.
    let out = err("function f(x: int) -> int\n\treturn x / (if true then 0 else 1) + (if false then 1 else 0) / 0\nend");
    assert!(out.contains("E0702"), "{out}");
}

#[test]
fn stage_interface_is_checked_only_when_the_pairing_is_known() {
    let fs = "@entry(fragment)\nfunction fs(normal: vec4) -> (color: vec4)\n\treturn { color = normal }\nend\n";
    let vs = |name: &str| {
        format!("@entry(vertex)\nfunction {name}(p: vec3) -> (@builtin(position) clip: vec4, normal: vec3)\n\treturn {{ clip = vec4(p, 1.0), normal = p }}\nend\n")
    };
    // One vertex and one fragment shader: one pipeline, and `vec3` against `vec4` is W0208.
    let c = common::check_str("t.luma", &format!("{}{fs}", vs("vs")));
    assert!(c.program.is_some());
    assert!(c.rendered().contains("warning[W0208]"), "{}", c.rendered());
    // Two vertex shaders: either may be the fragment shader's partner, so nothing is said.
    let c = common::check_str("t.luma", &format!("{}{}{fs}", vs("vs_a"), vs("vs_b")));
    assert!(c.program.is_some());
    assert!(!c.rendered().contains("W0208"), "{}", c.rendered());
    // Matching sides, a `@varying` struct or flat integers included: no warning.
    let c = common::check_str(
        "t.luma",
        "@varying\nstruct V\n\t@builtin(position) clip: vec4\n\tuv: vec2\n\tid: uint\nend\n@entry(vertex)\nfunction vs(p: vec3) -> V\n\treturn V { clip = vec4(p, 1.0), uv = p.xy, id = 1u }\nend\n@entry(fragment)\nfunction fs(v: V) -> (color: vec4)\n\treturn { color = vec4(v.uv, float(v.id), 1.0) }\nend\n",
    );
    assert!(c.program.is_some());
    assert!(!c.rendered().contains("W0208"), "{}", c.rendered());
}
