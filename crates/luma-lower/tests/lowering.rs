//! Lowering of hand-built typed programs: the shape of the IR where it matters (bindings,
//! entry I/O, memory access, regions) and, through the test interpreter, what it computes.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::build::Pb;
use common::interp::{Machine, V};
use common::lower_ok;
use luma_base::Handle;
use luma_ir::{
    AddressSpace, CombinedRole, Function, IoBinding, Module, Op, ResourceBinding, StmtKind,
    TypeInner, ValueDef,
};
use luma_thir::{
    BinaryOp, Builtin, EntryInput, EntryOutput, FieldIo, GlobalKind, Interpolation, IoVar,
    LoopAttrs, ScalarTy, Stage, TexDim, TextureShape, Ty,
};

/// Every op of a function, in statement order (nested blocks included).
fn ops(f: &Function) -> Vec<Op> {
    let mut out = Vec::new();
    let mut stack = vec![f.body];
    while let Some(b) = stack.pop() {
        for s in &f.blocks[b].stmts {
            if let StmtKind::Value(v) = &s.kind {
                if let ValueDef::Op(op) = &f.values[*v].def {
                    out.push(op.clone());
                }
            }
            s.kind.for_each_block(|b| stack.push(b));
        }
    }
    out
}

/// Every statement kind of a function (nested blocks included).
fn stmts(f: &Function) -> Vec<StmtKind> {
    let mut out = Vec::new();
    let mut stack = vec![f.body];
    while let Some(b) = stack.pop() {
        for s in &f.blocks[b].stmts {
            out.push(s.kind.clone());
            s.kind.for_each_block(|b| stack.push(b));
        }
    }
    out
}

fn func<'m>(m: &'m Module, name: &str) -> &'m Function {
    m.functions.iter().find(|(_, f)| f.name == name).unwrap().1
}

fn io(name: &str, ty: luma_thir::TyId, location: u32) -> IoVar {
    IoVar {
        name: name.into(),
        ty,
        binding: luma_thir::IoBinding::Location {
            location,
            interpolation: Interpolation::Smooth,
        },
        span: Default::default(),
    }
}

#[test]
fn combined_samplers_split_into_texture_and_sampler_bindings() {
    let mut pb = Pb::new();
    let shape = TextureShape {
        dim: TexDim::D2,
        arrayed: false,
        multisampled: false,
        depth: false,
        sampled: ScalarTy::Float,
    };
    let shadow = TextureShape {
        depth: true,
        ..shape
    };
    let c2d = pb.t(Ty::CombinedSampler(shape));
    let cshadow = pb.t(Ty::CombinedSampler(shadow));
    let arr = pb.array(c2d, 4);
    let f4 = pb.float();
    let ubo_ty = pb.vec(ScalarTy::Float, 4);
    let _ = f4;
    pb.global("ubo", GlobalKind::UniformBuffer, ubo_ty, Some((0, 0)));
    pb.global("albedo", GlobalKind::CombinedSampler, c2d, Some((0, 1)));
    pb.global("shadow", GlobalKind::CombinedSampler, cshadow, Some((1, 5)));
    pb.global("many", GlobalKind::CombinedSampler, arr, Some((2, 0)));
    let m = common::lower_ok(&pb.p);
    let gs: Vec<_> = m.globals.iter().map(|(_, g)| g.clone()).collect();
    let names: Vec<_> = gs.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "ubo",
            "albedo_tex",
            "albedo_samp",
            "shadow_tex",
            "shadow_samp",
            "many_tex",
            "many_samp"
        ]
    );
    let bindings: Vec<_> = gs.iter().map(|g| g.binding.unwrap()).collect();
    let rb = |group, binding| ResourceBinding { group, binding };
    assert_eq!(
        bindings,
        [
            rb(0, 0),
            rb(0, 1),
            rb(0, 2),
            rb(1, 5),
            rb(1, 6),
            rb(2, 0),
            rb(2, 1)
        ]
    );
    let combined: Vec<_> = gs
        .iter()
        .filter_map(|g| g.combined.as_ref().map(|c| (c.id, c.name.as_str(), c.role)))
        .collect();
    assert_eq!(
        combined,
        [
            (0, "albedo", CombinedRole::Texture),
            (0, "albedo", CombinedRole::Sampler),
            (1, "shadow", CombinedRole::Texture),
            (1, "shadow", CombinedRole::Sampler),
            (2, "many", CombinedRole::Texture),
            (2, "many", CombinedRole::Sampler),
        ]
    );
    assert!(gs.iter().skip(1).all(|g| g.space == AddressSpace::Handle));
    // The shadow half is a depth texture with a comparison sampler; the array splits into two
    // arrays of four.
    assert!(matches!(
        m.types[gs[3].ty].inner,
        TypeInner::Image {
            class: luma_ir::ImageClass::Depth { .. },
            ..
        }
    ));
    assert_eq!(
        m.types[gs[4].ty].inner,
        TypeInner::Sampler { comparison: true }
    );
    for g in &gs[5..] {
        assert!(matches!(
            m.types[g.ty].inner,
            TypeInner::Array {
                size: luma_ir::ArraySize::Constant(4),
                ..
            }
        ));
    }
    pb.p.globals = {
        let mut kept = luma_base::Arena::new();
        for (_, g) in pb.p.globals.iter().take(3) {
            kept.append(g.clone());
        }
        kept
    };
    lower_ok(&pb.p);
}

#[test]
fn entry_inputs_and_outputs_are_flattened() {
    let mut pb = Pb::new();
    let v4 = pb.vec(ScalarTy::Float, 4);
    let v2 = pb.vec(ScalarTy::Float, 2);
    let (sid, sty) = pb.strukt_io(
        "Varyings",
        vec![
            ("position", v4, FieldIo::default()),
            ("uv", v2, FieldIo::default()),
        ],
    );
    let (oid, oty) = pb.strukt("Out", &[("color", v4), ("uv2", v2)]);
    let f = pb.function("shade", &[("input", sty)], Some(oty), |f| {
        let p = f.param(0);
        let i1 = f.get(p);
        let uv = f.field(i1, 1);
        let i2 = f.get(p);
        let pos = f.field(i2, 0);
        let out = f.construct(oty, vec![pos, uv]);
        vec![f.ret(Some(out))]
    });
    pb.entry(
        f,
        Stage::Fragment,
        vec![EntryInput::Struct {
            struct_id: sid,
            fields: vec![None, Some(io("uv", v2, 0))],
        }],
        Some(EntryOutput {
            struct_id: oid,
            fields: vec![io("color", v4, 0), io("uv2", v2, 1)],
        }),
    );
    let m = lower_ok(&pb.p);
    assert_eq!(m.entry_points.len(), 1);
    let ep = &m.entry_points[0];
    assert_eq!(ep.stage, luma_ir::ShaderStage::Fragment);
    // The entry function was not called, so it has no ordinary version.
    assert_eq!(m.functions.len(), 1);
    let f = &m.functions[ep.function];
    // The stripped `position` is no parameter; `uv` is.
    let params: Vec<_> = f
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.binding))
        .collect();
    assert_eq!(
        params,
        [(
            "uv",
            Some(IoBinding::Location {
                location: 0,
                interpolation: luma_ir::Interpolation::Smooth
            })
        )]
    );
    let results: Vec<_> = f.results.iter().map(|r| r.name.clone().unwrap()).collect();
    assert_eq!(results, ["color", "uv2"]);
    // The input struct is composed from the parameter and a zero for the stripped member.
    let compose = ops(f)
        .into_iter()
        .find_map(|op| match op {
            Op::Compose { components } => Some(components),
            _ => None,
        })
        .unwrap();
    assert!(matches!(
        f.values[compose[0]].def,
        ValueDef::Constant(c) if m.constants[c].value == luma_ir::ConstantValue::Zero
    ));
    assert_eq!(compose[1], f.param_value(0));
    // The returned struct is split into one result per member.
    let last = stmts(f).into_iter().find_map(|s| match s {
        StmtKind::Return(v) => Some(v),
        _ => None,
    });
    assert_eq!(last.map(|v| v.len()), Some(2));
    let mut mach = Machine::new(&m);
    let uv = V::C(vec![V::F(0.25), V::F(0.75)]);
    let out = mach.call(ep.function, vec![uv.clone()]).unwrap();
    assert_eq!(out, vec![V::C(vec![V::F(0.0); 4]), uv]);
    let _ = sty;
}

#[test]
fn builtin_io_keeps_its_binding() {
    let mut pb = Pb::new();
    let u3 = pb.vec(ScalarTy::Uint, 3);
    let f = pb.function("main", &[("gid", u3)], None, |_| vec![]);
    pb.entry(
        f,
        Stage::Compute,
        vec![EntryInput::Single(IoVar {
            name: "gid".into(),
            ty: u3,
            binding: luma_thir::IoBinding::Builtin(Builtin::GlobalInvocationId),
            span: Default::default(),
        })],
        None,
    );
    let m = lower_ok(&pb.p);
    let f = &m.functions[m.entry_points[0].function];
    assert_eq!(
        f.params[0].binding,
        Some(IoBinding::BuiltIn(luma_ir::BuiltIn::GlobalInvocationId))
    );
    assert_eq!(m.entry_points[0].workgroup_size, [1, 1, 1]);
    assert!(matches!(
        f.blocks[f.body].stmts.last().map(|s| &s.kind),
        Some(StmtKind::Return(v)) if v.is_empty()
    ));
}

#[test]
fn callees_come_before_callers_and_called_entries_get_a_plain_version() {
    let mut pb = Pb::new();
    let int = pb.int();
    // `main` calls `helper`, declared after it; `helper` calls `leaf`.
    let helper_id = luma_thir::FuncId::from_index(1);
    let leaf_id = luma_thir::FuncId::from_index(2);
    let main = pb.function("main", &[], None, |f| {
        let c = f.call(helper_id, vec![], Some(int));
        vec![f.expr_stmt(c)]
    });
    pb.function("helper", &[], Some(int), |f| {
        let c = f.call(leaf_id, vec![], Some(int));
        vec![f.ret(Some(c))]
    });
    pb.function("leaf", &[], Some(int), |f| {
        let one = f.i(1);
        vec![f.ret(Some(one))]
    });
    let caller_of_entry = pb.function("calls_main", &[], None, |f| {
        let c = f.call(main, vec![], None);
        vec![f.expr_stmt(c)]
    });
    let _ = caller_of_entry;
    pb.entry(main, Stage::Compute, vec![], None);
    let m = lower_ok(&pb.p);
    let names: Vec<_> = m.functions.iter().map(|(_, f)| f.name.as_str()).collect();
    assert_eq!(names, ["leaf", "helper", "main", "calls_main", "main"]);
    assert_eq!(m.entry_points[0].function, Handle::from_index(4));
    let mut mach = Machine::new(&m);
    assert_eq!(mach.run("helper", vec![]).unwrap(), vec![V::I(1)]);
}

#[test]
fn if_chains_merge_assigned_locals() {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("classify", &[("x", int)], Some(int), |f| {
        let zero = f.i(0);
        let (r, s0) = f.new_let("r", zero);
        let x = f.param(0);
        let arm = |f: &mut common::build::Fb<'_>, op, k: i32, val: i32| {
            let xv = f.get(x);
            let kv = f.i(k);
            let c = f.bin(op, xv, kv);
            let rv = f.get(r);
            let v = f.i(val);
            (c, vec![f.set(rv, v)])
        };
        let (c1, b1) = arm(f, BinaryOp::Lt, 0, -1);
        let (c2, b2) = arm(f, BinaryOp::Eq, 0, 0);
        let (c3, b3) = arm(f, BinaryOp::Lt, 10, 1);
        let rv = f.get(r);
        let two = f.i(2);
        let b4 = vec![f.set(rv, two)];
        let inner2 = f.if_(c3, b3, Some(b4));
        let inner1 = f.if_(c2, b2, Some(vec![inner2]));
        let outer = f.if_(c1, b1, Some(vec![inner1]));
        let rr = f.get(r);
        vec![s0, outer, f.ret(Some(rr))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "classify");
    // Every `If` of the chain yields `r`.
    let ifs: Vec<_> = stmts(f)
        .into_iter()
        .filter_map(|s| match s {
            StmtKind::If { results, .. } => Some(results.len()),
            _ => None,
        })
        .collect();
    assert_eq!(ifs, [1, 1, 1]);
    let mut mach = Machine::new(&m);
    for (x, want) in [(-5, -1), (0, 0), (5, 1), (50, 2)] {
        assert_eq!(
            mach.run("classify", vec![V::I(x)]).unwrap(),
            vec![V::I(want)]
        );
    }
}

#[test]
fn returns_in_every_arm_end_in_unreachable() {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("sign", &[("x", int)], Some(int), |f| {
        let x = f.param(0);
        let xv = f.get(x);
        let z = f.i(0);
        let c = f.bin(BinaryOp::Lt, xv, z);
        let m1 = f.i(-1);
        let p1 = f.i(1);
        let r1 = f.ret(Some(m1));
        let r2 = f.ret(Some(p1));
        vec![f.if_(c, vec![r1], Some(vec![r2]))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "sign");
    let body = &f.blocks[f.body].stmts;
    assert!(matches!(
        body.last().map(|s| &s.kind),
        Some(StmtKind::Unreachable)
    ));
    let mut mach = Machine::new(&m);
    assert_eq!(mach.run("sign", vec![V::I(-3)]).unwrap(), vec![V::I(-1)]);
    assert_eq!(mach.run("sign", vec![V::I(3)]).unwrap(), vec![V::I(1)]);
}

#[test]
fn nested_loops_break_with_current_values() {
    // The corpus's `nested_break`: the first (i, j) with i * j > limit, as i * 8 + j.
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("nested_break", &[("limit", int)], Some(int), |f| {
        let m1 = f.i(-1);
        let (found, s0) = f.new_let("found", m1);
        let i = f.local("i", int);
        let j = f.local("j", int);
        let (iv, jv) = (f.get(i), f.get(j));
        let prod = f.bin(BinaryOp::Mul, iv, jv);
        let lim = f.param(0);
        let lv = f.get(lim);
        let c = f.bin(BinaryOp::Gt, prod, lv);
        let (iv, jv) = (f.get(i), f.get(j));
        let eight = f.i(8);
        let i8 = f.bin(BinaryOp::Mul, iv, eight);
        let v = f.bin(BinaryOp::Add, i8, jv);
        let fv = f.get(found);
        let set = f.set(fv, v);
        let br = f.brk();
        let inner_if = f.if_(c, vec![set, br], None);
        let (a, b) = (f.i(0), f.i(7));
        let inner = f.for_(j, a, b, None, vec![inner_if], LoopAttrs::default());
        let fv = f.get(found);
        let z = f.i(0);
        let c2 = f.bin(BinaryOp::Ge, fv, z);
        let br2 = f.brk();
        let outer_if = f.if_(c2, vec![br2], None);
        let (a, b) = (f.i(0), f.i(7));
        let outer = f.for_(i, a, b, None, vec![inner, outer_if], LoopAttrs::default());
        let fv = f.get(found);
        vec![s0, outer, f.ret(Some(fv))]
    });
    let m = lower_ok(&pb.p);
    let mut mach = Machine::new(&m);
    let reference = |limit: i32| {
        for i in 0..=7 {
            for j in 0..=7 {
                if i * j > limit {
                    return i * 8 + j;
                }
            }
        }
        -1
    };
    for limit in [-1, 0, 5, 20, 48, 49, 100] {
        assert_eq!(
            mach.run("nested_break", vec![V::I(limit)]).unwrap(),
            vec![V::I(reference(limit))],
            "limit {limit}"
        );
    }
}

#[test]
fn while_loops_carry_locals_and_respect_max_iterations() {
    // Collatz steps, as in the corpus's control_flow shader.
    let build = |max: Option<u32>| {
        let mut pb = Pb::new();
        let int = pb.int();
        pb.function("collatz", &[("n", int)], Some(int), |f| {
            let p = f.param(0);
            let pv = f.get(p);
            let (x, s0) = f.new_let("x", pv);
            let z = f.i(0);
            let (steps, s1) = f.new_let("steps", z);
            let (xv, one) = (f.get(x), f.i(1));
            let ne = f.bin(BinaryOp::Ne, xv, one);
            let (xv, z) = (f.get(x), f.i(0));
            let gt = f.bin(BinaryOp::Gt, xv, z);
            let cond = f.bin(BinaryOp::And, ne, gt);
            let (xv, two) = (f.get(x), f.i(2));
            let rem = f.bin(BinaryOp::Rem, xv, two);
            let z = f.i(0);
            let even = f.bin(BinaryOp::Eq, rem, z);
            let (xv, two) = (f.get(x), f.i(2));
            let half = f.bin(BinaryOp::Div, xv, two);
            let (three, xv) = (f.i(3), f.get(x));
            let t = f.bin(BinaryOp::Mul, three, xv);
            let one = f.i(1);
            let t1 = f.bin(BinaryOp::Add, t, one);
            let sel = f.select(even, half, t1);
            let xt = f.get(x);
            let set = f.set(xt, sel);
            let (st, one) = (f.get(steps), f.i(1));
            let inc = f.op_set(st, BinaryOp::Add, one);
            let attrs = LoopAttrs {
                unroll: None,
                max_iterations: max,
            };
            let lp = f.while_(cond, vec![set, inc], attrs);
            let sv = f.get(steps);
            vec![s0, s1, lp, f.ret(Some(sv))]
        });
        lower_ok(&pb.p)
    };
    let m = build(None);
    let f = func(&m, "collatz");
    // Both operands of `and` are pure: no `If` for it, and the if-expression is a `Select`.
    assert!(ops(f).iter().any(|o| matches!(
        o,
        Op::Binary {
            op: luma_ir::BinaryOp::LogicalAnd,
            ..
        }
    )));
    assert!(ops(f).iter().any(|o| matches!(o, Op::Select { .. })));
    let mut mach = Machine::new(&m);
    assert_eq!(
        mach.run("collatz", vec![V::I(27)]).unwrap(),
        vec![V::I(111)]
    );
    assert_eq!(mach.run("collatz", vec![V::I(1)]).unwrap(), vec![V::I(0)]);
    let capped = build(Some(10));
    let mut mach = Machine::new(&capped);
    assert_eq!(mach.run("collatz", vec![V::I(27)]).unwrap(), vec![V::I(10)]);
    assert_eq!(mach.run("collatz", vec![V::I(4)]).unwrap(), vec![V::I(2)]);
}

#[test]
fn and_or_skip_the_right_operand_when_it_has_effects() {
    let mut pb = Pb::new();
    let int = pb.int();
    let boolean = pb.boolean();
    let arr = pb.array(int, 1);
    let counter = pb.storage("counter", arr, 0);
    let bump = pb.function("bump", &[], Some(boolean), |f| {
        let g = f.g(counter);
        let z = f.i(0);
        let slot = f.index(g, z);
        let one = f.i(1);
        let inc = f.op_set(slot, BinaryOp::Add, one);
        let t = f.b(true);
        vec![inc, f.ret(Some(t))]
    });
    pb.function("run", &[], Some(boolean), |f| {
        let (fa, c1) = (f.b(false), f.call(bump, vec![], Some(boolean)));
        let a = f.bin(BinaryOp::And, fa, c1);
        let (la, sa) = f.new_let("a", a);
        let (tr, c2) = (f.b(true), f.call(bump, vec![], Some(boolean)));
        let b = f.bin(BinaryOp::Or, tr, c2);
        let (lb, sb) = f.new_let("b", b);
        let (tr, c3) = (f.b(true), f.call(bump, vec![], Some(boolean)));
        let c = f.bin(BinaryOp::And, tr, c3);
        let (lc, sc) = f.new_let("c", c);
        let (av, bv) = (f.get(la), f.get(lb));
        let ab = f.bin(BinaryOp::Or, av, bv);
        let cv = f.get(lc);
        let all = f.bin(BinaryOp::And, ab, cv);
        vec![sa, sb, sc, f.ret(Some(all))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "run");
    let ifs = stmts(f)
        .iter()
        .filter(|s| matches!(s, StmtKind::If { .. }))
        .count();
    assert_eq!(
        ifs, 3,
        "one `If` per operator whose right operand calls a function"
    );
    let mut mach = Machine::new(&m);
    assert_eq!(mach.run("run", vec![]).unwrap(), vec![V::B(true)]);
    assert_eq!(mach.global("counter"), &V::C(vec![V::I(1)]));
}

#[test]
fn dynamically_indexed_local_arrays_live_in_memory() {
    let mut pb = Pb::new();
    let int = pb.int();
    let arr_ty = pb.array(int, 4);
    pb.function("pick", &[("i", int), ("j", int)], Some(int), |f| {
        let parts = (0..4).map(|k| f.i(k * 10)).collect();
        let init = f.construct(arr_ty, parts);
        let (arr, s0) = f.new_let("arr", init);
        let (a, i) = (f.get(arr), f.param(0));
        let iv = f.get(i);
        let slot = f.index(a, iv);
        let v = f.i(42);
        let s1 = f.set(slot, v);
        let (a, z) = (f.get(arr), f.i(0));
        let slot0 = f.index(a, z);
        let one = f.i(1);
        let s2 = f.op_set(slot0, BinaryOp::Add, one);
        let (a, j) = (f.get(arr), f.param(1));
        let jv = f.get(j);
        let r = f.index(a, jv);
        vec![s0, s1, s2, f.ret(Some(r))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "pick");
    assert_eq!(f.locals.len(), 1);
    assert_eq!(
        f.locals.iter().next().unwrap().1.name.as_deref(),
        Some("arr")
    );
    let mut mach = Machine::new(&m);
    assert_eq!(
        mach.run("pick", vec![V::I(2), V::I(2)]).unwrap(),
        vec![V::I(42)]
    );
    assert_eq!(
        mach.run("pick", vec![V::I(2), V::I(3)]).unwrap(),
        vec![V::I(30)]
    );
    assert_eq!(
        mach.run("pick", vec![V::I(2), V::I(0)]).unwrap(),
        vec![V::I(1)]
    );
    assert_eq!(
        mach.run("pick", vec![V::I(0), V::I(0)]).unwrap(),
        vec![V::I(43)]
    );
}

#[test]
fn constant_arrays_indexed_at_run_time_become_initialized_variables() {
    let mut pb = Pb::new();
    let int = pb.int();
    let arr_ty = pb.array(int, 3);
    pb.function("table", &[("i", int)], Some(int), |f| {
        let table = f.exprs.push_const(luma_thir::ConstValue::Composite(vec![
            luma_thir::ConstValue::Int(7),
            luma_thir::ConstValue::Int(8),
            luma_thir::ConstValue::Int(9),
        ]));
        let k = f.x(luma_thir::ExprKind::Const(table), arr_ty);
        let i = f.param(0);
        let iv = f.get(i);
        let e = f.index(k, iv);
        vec![f.ret(Some(e))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "table");
    assert!(f.locals.iter().all(|(_, l)| l.init.is_some()));
    assert!(!stmts(f).iter().any(|s| matches!(s, StmtKind::Store { .. })));
    let mut mach = Machine::new(&m);
    assert_eq!(mach.run("table", vec![V::I(1)]).unwrap(), vec![V::I(8)]);
}

#[test]
fn struct_and_swizzle_writes_on_values_stay_in_registers() {
    let mut pb = Pb::new();
    let int = pb.int();
    let v3 = pb.vec(ScalarTy::Float, 3);
    let (_, inner) = pb.strukt("Inner", &[("v", v3), ("k", int)]);
    let items = pb.array(inner, 2);
    let (_, outer) = pb.strukt("Outer", &[("inner", inner), ("items", items)]);
    let float = pb.float();
    pb.function("poke", &[], Some(float), |f| {
        let zero = f.f(0.0);
        let z3 = f.x(luma_thir::ExprKind::Splat { value: zero }, v3);
        let k = f.i(0);
        let in0 = f.construct(inner, vec![z3, k]);
        let in1 = f.construct(inner, vec![z3, k]);
        let in2 = f.construct(inner, vec![z3, k]);
        let arr = f.construct(items, vec![in1, in2]);
        let o = f.construct(outer, vec![in0, arr]);
        let (ol, s0) = f.new_let("o", o);
        // o.inner.v.x = 2.0
        let ov = f.get(ol);
        let fi = f.field(ov, 0);
        let fv = f.field(fi, 0);
        let x = f.swz(fv, &[0]);
        let two = f.f(2.0);
        let s1 = f.set(x, two);
        // o.items[1].v.zy = vec2(4.0, 5.0)  (z = 4, y = 5)
        let ov = f.get(ol);
        let it = f.field(ov, 1);
        let one = f.i(1);
        let el = f.index(it, one);
        let v = f.field(el, 0);
        let zy = f.swz(v, &[2, 1]);
        let v2 = pb_vec2(f);
        let s2 = f.set(zy, v2);
        // o.items[1].v.y += o.inner.v.x
        let ov = f.get(ol);
        let it = f.field(ov, 1);
        let one = f.i(1);
        let el = f.index(it, one);
        let v = f.field(el, 0);
        let y = f.swz(v, &[1]);
        let ov = f.get(ol);
        let fi = f.field(ov, 0);
        let fv = f.field(fi, 0);
        let x = f.swz(fv, &[0]);
        let s3 = f.op_set(y, BinaryOp::Add, x);
        // return o.items[1].v.y * 100 + o.items[1].v.z * 10 + o.inner.v.x
        let ov = f.get(ol);
        let it = f.field(ov, 1);
        let one = f.i(1);
        let el = f.index(it, one);
        let v = f.field(el, 0);
        let yz = f.swz(v, &[1, 2]);
        let hundred_ten = {
            let a = f.f(100.0);
            let b = f.f(10.0);
            let t = f.pb.vec(ScalarTy::Float, 2);
            f.construct(t, vec![a, b])
        };
        let float_dot = f.builtin(luma_thir::BuiltinFn::Dot, vec![yz, hundred_ten], None);
        let ft = f.pb.float();
        f.exprs.items[float_dot].ty = ft;
        let ov = f.get(ol);
        let fi = f.field(ov, 0);
        let fv = f.field(fi, 0);
        let x = f.swz(fv, &[0]);
        let r = f.bin(BinaryOp::Add, float_dot, x);
        vec![s0, s1, s2, s3, f.ret(Some(r))]
    });
    fn pb_vec2(f: &mut common::build::Fb<'_>) -> luma_thir::ExprId {
        let a = f.f(4.0);
        let b = f.f(5.0);
        let t = f.pb.vec(ScalarTy::Float, 2);
        f.construct(t, vec![a, b])
    }
    let m = lower_ok(&pb.p);
    let f = func(&m, "poke");
    assert_eq!(f.locals.len(), 0, "no memory for constant-indexed values");
    assert!(!stmts(f).iter().any(|s| matches!(s, StmtKind::Store { .. })));
    let mut mach = Machine::new(&m);
    // y = 5 + 2 = 7, z = 4, x = 2.
    assert_eq!(mach.run("poke", vec![]).unwrap(), vec![V::F(742.0)]);
    let _ = float;
}

#[test]
fn buffer_reads_load_only_the_leaf() {
    // ubo.lights[i].color: one access chain and one load of a vec3.
    let mut pb = Pb::new();
    let v3 = pb.vec(ScalarTy::Float, 3);
    let float = pb.float();
    let (_, light) = pb.strukt("Light", &[("color", v3), ("range", float)]);
    let lights = pb.array(light, 8);
    let (_, ubo_ty) = pb.strukt("Ubo", &[("count", float), ("lights", lights)]);
    let ubo = pb.global("ubo", GlobalKind::UniformBuffer, ubo_ty, Some((0, 0)));
    let int = pb.int();
    pb.function("color", &[("i", int)], Some(v3), |f| {
        let g = f.g(ubo);
        let ls = f.field(g, 1);
        let i = f.param(0);
        let iv = f.get(i);
        let l = f.index(ls, iv);
        let c = f.field(l, 0);
        vec![f.ret(Some(c))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "color");
    let all = ops(f);
    let chains: Vec<_> = all
        .iter()
        .filter_map(|o| match o {
            Op::AccessChain { indices, .. } => Some(indices.len()),
            _ => None,
        })
        .collect();
    assert_eq!(chains, [3]);
    let loads: Vec<_> = f
        .values
        .iter()
        .filter(|(_, v)| matches!(v.def, ValueDef::Op(Op::Load { .. })))
        .map(|(_, v)| m.types[v.ty].inner.clone())
        .collect();
    assert_eq!(
        loads,
        [TypeInner::Vector {
            size: luma_ir::VectorSize::Tri,
            scalar: luma_ir::Scalar::F32
        }]
    );
}

#[test]
fn swizzle_stores_to_memory_write_each_component() {
    let mut pb = Pb::new();
    let v4 = pb.vec(ScalarTy::Float, 4);
    let arr = pb.rt_array(v4);
    let buf = pb.storage("buf", arr, 0);
    let int = pb.int();
    pb.function("write", &[("i", int)], None, |f| {
        let g = f.g(buf);
        let i = f.param(0);
        let iv = f.get(i);
        let el = f.index(g, iv);
        let xz = f.swz(el, &[2, 0]);
        let a = f.f(1.0);
        let b = f.f(3.0);
        let t = f.pb.vec(ScalarTy::Float, 2);
        let v = f.construct(t, vec![a, b]);
        let s = f.set(xz, v);
        // buf[i].w += 10.0
        let g = f.g(buf);
        let iv = f.get(i);
        let el = f.index(g, iv);
        let w = f.swz(el, &[3]);
        let ten = f.f(10.0);
        let s2 = f.op_set(w, BinaryOp::Add, ten);
        vec![s, s2]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "write");
    let all = stmts(f);
    let stores = all
        .iter()
        .filter(|s| matches!(s, StmtKind::Store { .. }))
        .count();
    assert_eq!(stores, 3, "two component stores for `.zx`, one for `.w`");
    let loads = ops(f)
        .iter()
        .filter(|o| matches!(o, Op::Load { .. }))
        .count();
    assert_eq!(loads, 1, "only the compound assignment reads");
    let mut mach = Machine::new(&m);
    let row = |x: f32| V::C(vec![V::F(x); 4]);
    mach.set_global("buf", V::C(vec![row(0.0), row(0.5)]));
    mach.run("write", vec![V::I(1)]).unwrap();
    assert_eq!(
        mach.global("buf"),
        &V::C(vec![
            row(0.0),
            V::C(vec![V::F(3.0), V::F(0.5), V::F(1.0), V::F(10.5)])
        ])
    );
}

#[test]
fn runtime_array_length_is_converted_to_int() {
    let mut pb = Pb::new();
    let int = pb.int();
    let arr = pb.rt_array(int);
    let values = pb.storage("values", arr, 0);
    pb.function("len", &[], Some(int), |f| {
        let g = f.g(values);
        let l = f.x(luma_thir::ExprKind::ArrayLength { base: g }, int);
        vec![f.ret(Some(l))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "len");
    let all = ops(f);
    assert!(matches!(
        all.as_slice(),
        [Op::ArrayLength { .. }, Op::Convert { .. }]
    ));
    let mut mach = Machine::new(&m);
    mach.set_global("values", V::C(vec![V::I(0); 5]));
    assert_eq!(mach.run("len", vec![]).unwrap(), vec![V::I(5)]);
}

#[test]
fn vector_equality_reduces_with_all_and_any() {
    let mut pb = Pb::new();
    let v3 = pb.vec(ScalarTy::Int, 3);
    let boolean = pb.boolean();
    pb.function("same", &[("a", v3), ("b", v3)], Some(boolean), |f| {
        let (a, b) = (f.param(0), f.param(1));
        let (av, bv) = (f.get(a), f.get(b));
        let e = f.bin(BinaryOp::Eq, av, bv);
        let (av, bv) = (f.get(a), f.get(b));
        let n = f.bin(BinaryOp::Ne, av, bv);
        let x = f.bin(BinaryOp::Ne, e, n);
        vec![f.ret(Some(x))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "same");
    let rels: Vec<_> = ops(f)
        .into_iter()
        .filter_map(|o| match o {
            Op::Relational { fun, .. } => Some(fun),
            _ => None,
        })
        .collect();
    assert_eq!(
        rels,
        [
            luma_ir::RelationalFunction::All,
            luma_ir::RelationalFunction::Any
        ]
    );
    let mut mach = Machine::new(&m);
    let v = |a, b, c| V::C(vec![V::I(a), V::I(b), V::I(c)]);
    assert_eq!(
        mach.run("same", vec![v(1, 2, 3), v(1, 2, 3)]).unwrap(),
        vec![V::B(true)]
    );
    assert_eq!(
        mach.run("same", vec![v(1, 2, 3), v(1, 0, 3)]).unwrap(),
        vec![V::B(true)]
    );
}

#[test]
fn shifts_by_int_counts_bitcast_to_uint() {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("shl", &[("x", int), ("n", int)], Some(int), |f| {
        let (x, n) = (f.param(0), f.param(1));
        let (xv, nv) = (f.get(x), f.get(n));
        let s = f.bin(BinaryOp::Shl, xv, nv);
        vec![f.ret(Some(s))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "shl");
    assert!(matches!(
        ops(f).as_slice(),
        [Op::Bitcast { .. }, Op::Binary { .. }]
    ));
    let mut mach = Machine::new(&m);
    // The count is masked to 5 bits: 33 shifts by 1.
    assert_eq!(
        mach.run("shl", vec![V::I(3), V::I(33)]).unwrap(),
        vec![V::I(6)]
    );
}

#[test]
fn locals_name_their_values() {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("named", &[("a", int)], Some(int), |f| {
        let a = f.param(0);
        let (av, one) = (f.get(a), f.i(1));
        let s = f.bin(BinaryOp::Add, av, one);
        let (l, st) = f.new_let("total", s);
        let lv = f.get(l);
        vec![st, f.ret(Some(lv))]
    });
    let m = lower_ok(&pb.p);
    let f = func(&m, "named");
    let names: Vec<_> = f
        .values
        .iter()
        .filter_map(|(_, v)| f.value_name(v))
        .collect();
    assert_eq!(names, ["a", "total"]);
}
