//! Every lowering diagnostic (`luma_lower::codes::ALL`) is triggered here, with its code, span
//! and message checked.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use std::collections::BTreeMap;

use common::build::Pb;
use luma_base::{Diagnostic, Diagnostics, Limits, Span};
use luma_ir::Literal;
use luma_lower::{codes, lower, LowerOptions};
use luma_thir::{Access, BinaryOp, ConstValue, ExprKind, GlobalKind, Program, Stage};

fn errors(p: &Program, options: &LowerOptions) -> Vec<Diagnostic> {
    let mut diags = Diagnostics::default();
    let m = lower(p, None, options, &mut diags);
    assert!(m.is_none(), "lowering should fail");
    assert!(diags.has_errors());
    diags.into_vec()
}

fn spec_program() -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.spec_const("COUNT", int, ConstValue::Int(4), 0);
    pb.p
}

fn with_spec(values: &[(u32, Literal)]) -> LowerOptions {
    LowerOptions {
        spec_values: values.iter().copied().collect::<BTreeMap<_, _>>(),
        ..common::lower_options()
    }
}

#[test]
fn e0801_unknown_spec_id() {
    let d = errors(&spec_program(), &with_spec(&[(7, Literal::I32(1))]));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, codes::UNKNOWN_SPEC_ID);
    assert_eq!(
        d[0].message,
        "`--spec 7=1` names no specialization constant"
    );
    assert_eq!(d[0].primary.span, Span::default());
    assert_eq!(
        d[0].notes,
        ["the program's specialization constant ids are 0"]
    );
}

#[test]
fn e0802_spec_value_of_the_wrong_type() {
    let d = errors(&spec_program(), &with_spec(&[(0, Literal::Bool(true))]));
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, codes::SPEC_TYPE_MISMATCH);
    assert_eq!(
        d[0].message,
        "`--spec 0=true` gives a `bool` value, but `COUNT` has type `int`"
    );
    assert_eq!(d[0].primary.span, Span::new(3, 7));
    assert_eq!(d[0].primary.message, "`COUNT` declared here");
}

#[test]
fn spec_values_bake_into_ordinary_constants() {
    let p = spec_program();
    let mut diags = Diagnostics::default();
    let m = lower(&p, None, &common::lower_options(), &mut diags).unwrap();
    let c = m
        .constants
        .iter()
        .find(|(_, c)| c.name.as_deref() == Some("COUNT"))
        .unwrap()
        .1;
    assert_eq!(c.spec_id, Some(0));
    assert_eq!(c.value, luma_ir::ConstantValue::Scalar(Literal::I32(4)));
    let m = lower(&p, None, &with_spec(&[(0, Literal::I32(9))]), &mut diags).unwrap();
    let c = m
        .constants
        .iter()
        .find(|(_, c)| c.name.as_deref() == Some("COUNT"))
        .unwrap()
        .1;
    assert_eq!(c.spec_id, None);
    assert_eq!(c.value, luma_ir::ConstantValue::Scalar(Literal::I32(9)));
    assert!(!diags.has_errors());
}

/// A compute entry point `main` whose workgroup size is (`GROUP`, 2, 1), `@spec(3) const
/// GROUP: uint = 64`.
fn spec_workgroup_program() -> Program {
    let mut pb = Pb::new();
    let uint = pb.uint();
    let group = pb.spec_const("GROUP", uint, ConstValue::Uint(64), 3);
    let f = pb.function("main", &[], None, |_| vec![]);
    pb.entry(f, Stage::Compute, vec![], None);
    let ep = pb.p.entry_points.last_mut().unwrap();
    ep.workgroup_size = [64, 2, 1];
    ep.workgroup_size_spec = [Some(group), None, None];
    pb.p
}

#[test]
fn spec_workgroup_sizes_stay_specializable_or_bake() {
    let p = spec_workgroup_program();
    let mut diags = Diagnostics::default();
    let m = lower(&p, None, &common::lower_options(), &mut diags).unwrap();
    let ep = &m.entry_points[0];
    assert_eq!(ep.workgroup_size, [64, 2, 1]);
    let c = ep.workgroup_size_spec[0].unwrap();
    assert_eq!(m.constants[c].spec_id, Some(3));
    assert_eq!(ep.workgroup_size_spec[1..], [None, None]);
    let m = lower(&p, None, &with_spec(&[(3, Literal::U32(16))]), &mut diags).unwrap();
    assert_eq!(m.entry_points[0].workgroup_size, [16, 2, 1]);
    assert_eq!(m.entry_points[0].workgroup_size_spec, [None; 3]);
    assert!(!diags.has_errors());
}

#[test]
fn e0805_baked_workgroup_size_out_of_range() {
    let p = spec_workgroup_program();
    for (value, note) in [
        (0, "a workgroup size is at least 1"),
        (
            1000,
            "a workgroup has at most 1024 invocations; this one has 2000",
        ),
    ] {
        let d = errors(&p, &with_spec(&[(3, Literal::U32(value))]));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, codes::WORKGROUP_SPEC_VALUE);
        assert_eq!(
            d[0].message,
            format!(
                "`--spec 3={value}` (`GROUP`) makes the workgroup size of `main` ({value}, 2, 1)"
            )
        );
        assert_eq!(d[0].primary.span, Span::new(3, 7));
        assert_eq!(
            d[0].primary.message,
            "this constant sizes the workgroup of `main`"
        );
        assert_eq!(d[0].notes, [note]);
    }
}

/// `if x == 0 then r = 0 elseif x == 1 then r = 1 ... end` with `arms` arms.
fn elseif_chain(arms: i32) -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("chain", &[("x", int)], Some(int), |f| {
        let z = f.i(-1);
        let (r, s0) = f.new_let("r", z);
        let x = f.param(0);
        let mut tail: Option<Vec<luma_thir::Stmt>> = None;
        for k in (0..arms).rev() {
            let (xv, kv) = (f.get(x), f.i(k));
            let c = f.bin(BinaryOp::Eq, xv, kv);
            let (rv, val) = (f.get(r), f.i(k * 10));
            let set = f.set(rv, val);
            let s = f.if_(c, vec![set], tail.take());
            tail = Some(vec![s]);
        }
        let rv = f.get(r);
        let mut body = vec![s0];
        body.extend(tail.unwrap());
        body.push(f.ret(Some(rv)));
        body
    });
    pb.p
}

#[test]
fn long_elseif_chains_take_no_nesting_budget() {
    // A 300-arm chain is one level of nesting in the source; it lowers even under a nesting
    // limit of 16, without recursion.
    let p = elseif_chain(300);
    let mut diags = Diagnostics::default();
    let m = lower(&p, None, &small_limit(), &mut diags).unwrap();
    luma_ir::verify::verify(&m).unwrap();
    let mut mach = common::interp::Machine::new(&m);
    use common::interp::V;
    assert_eq!(mach.run("chain", vec![V::I(0)]).unwrap(), vec![V::I(0)]);
    assert_eq!(
        mach.run("chain", vec![V::I(299)]).unwrap(),
        vec![V::I(2990)]
    );
    assert_eq!(mach.run("chain", vec![V::I(500)]).unwrap(), vec![V::I(-1)]);
}

fn small_limit() -> LowerOptions {
    LowerOptions {
        limits: Limits {
            nesting_depth: 16,
            ..Limits::default()
        },
        ..common::lower_options()
    }
}

/// `depth` nested `do ... end` blocks around `return 1`.
fn nested_blocks(depth: usize) -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("deep", &[], Some(int), |f| {
        let one = f.i(1);
        let mut body = vec![f.ret(Some(one))];
        for _ in 0..depth {
            body = vec![f.block(body)];
        }
        body
    });
    pb.p
}

#[test]
fn e0803_nesting_past_the_limit() {
    let d = errors(&nested_blocks(40), &small_limit());
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, codes::NESTING_TOO_DEEP);
    assert_eq!(
        d[0].message,
        "code nested deeper than the nesting limit of 16"
    );
    // Within the limit plus lowering's margin (for counting differences with the checker) it
    // still lowers.
    let mut diags = Diagnostics::default();
    assert!(lower(&nested_blocks(30), None, &small_limit(), &mut diags).is_some());
}

#[test]
fn e0804_type_too_large() {
    // 2^24 x 2^24 floats: each array is within the checker's element limit, the whole is not
    // addressable. Reported at the global, for a buffer and for workgroup memory alike.
    for (kind, what) in [
        (
            GlobalKind::StorageBuffer {
                access: Access::ReadWrite,
                explicit: true,
            },
            "std430 layout",
        ),
        (GlobalKind::Workgroup, "workgroup memory"),
    ] {
        let mut pb = Pb::new();
        let float = pb.float();
        let row = pb.array(float, 1 << 24);
        let grid = pb.array(row, 1 << 24);
        let binding = (kind != GlobalKind::Workgroup).then_some((0, 0));
        let g = pb.global("grid", kind, grid, binding);
        let f = pb.function("main", &[], None, |f| {
            let zero = f.i(0);
            let one = f.f(1.0);
            let base = f.g(g);
            let row = f.index(base, zero);
            let zero = f.i(0);
            let cell = f.index(row, zero);
            vec![f.set(cell, one)]
        });
        pb.entry(f, Stage::Compute, Vec::new(), None);
        let d = errors(&pb.p, &common::lower_options());
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, codes::TYPE_TOO_LARGE);
        assert_eq!(
            d[0].message,
            format!("`grid` takes more than 4 GiB ({what})")
        );
        assert_eq!(d[0].primary.span, Span::new(0, 1));
    }
}

#[test]
fn w0801_push_constants_past_128_bytes() {
    // 3 x mat4 = 192 bytes warns; 2 x mat4 = 128 bytes, the guaranteed size, does not.
    for (count, warned) in [(3, true), (2, false)] {
        let mut pb = Pb::new();
        let mat4 = pb.mat(4, 4);
        let mats = pb.array(mat4, count);
        let (_, push_ty) = pb.strukt("Push", &[("m", mats)]);
        let g = pb.global("push", GlobalKind::PushConstant, push_ty, None);
        let f = pb.function("main", &[], None, |f| {
            let base = f.g(g);
            let m = f.field(base, 0);
            let zero = f.i(0);
            let first = f.index(m, zero);
            let (_, stmt) = f.new_let("first", first);
            vec![stmt]
        });
        pb.entry(f, Stage::Compute, Vec::new(), None);
        let mut diags = Diagnostics::default();
        let m = lower(&pb.p, None, &common::lower_options(), &mut diags);
        assert!(m.is_some(), "{:?}", diags.as_slice());
        let d = diags.into_vec();
        if warned {
            assert_eq!(d.len(), 1, "{d:?}");
            assert_eq!(d[0].code, codes::LARGE_PUSH_CONSTANTS);
            assert_eq!(
                d[0].message,
                "push-constant block `push` is 192 bytes; Vulkan guarantees only 128"
            );
            assert_eq!(d[0].primary.span, Span::new(0, 1));
        } else {
            assert!(d.is_empty(), "{d:?}");
        }
    }
}

#[test]
fn e0899_malformed_program() {
    let mut pb = Pb::new();
    let int = pb.int();
    pb.function("broken", &[], Some(int), |f| {
        let e = f.x(ExprKind::Error, int);
        f.exprs.items[e].span = Span::new(10, 14);
        vec![f.ret(Some(e))]
    });
    let d = errors(&pb.p, &common::lower_options());
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, codes::MALFORMED_PROGRAM);
    assert_eq!(
        d[0].message,
        "internal compiler error: lowering met a malformed typed program: an expression that \
         failed to check"
    );
    assert_eq!(d[0].primary.span, Span::new(10, 14));
}

#[test]
fn every_code_is_tested_and_documented() {
    let tested = [
        codes::UNKNOWN_SPEC_ID,
        codes::SPEC_TYPE_MISMATCH,
        codes::NESTING_TOO_DEEP,
        codes::TYPE_TOO_LARGE,
        codes::WORKGROUP_SPEC_VALUE,
        codes::MALFORMED_PROGRAM,
        codes::LARGE_PUSH_CONSTANTS,
    ];
    let listed: Vec<_> = codes::ALL.iter().map(|c| c.code).collect();
    assert_eq!(listed, tested);
    for c in codes::ALL {
        assert!(
            c.code.as_str().starts_with("E08") || c.code.as_str().starts_with("W08"),
            "{} outside the lowering range",
            c.code
        );
        assert!(!c.title.is_empty() && !c.example.is_empty());
    }
}
