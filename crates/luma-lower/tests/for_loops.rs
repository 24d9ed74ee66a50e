//! Lua `for` semantics, checked by running the lowered IR: inclusive bounds, negative steps,
//! runtime zero steps, and no overflow at the ends of the `int` / `uint` ranges.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::build::Pb;
use common::interp::{Machine, Scalars, V};
use common::lower_ok;
use luma_thir::{BinaryOp, LoopAttrs, ScalarTy};

#[derive(Clone, Copy)]
enum Num {
    I(i32),
    U(u32),
}

/// How the loop header is written.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    /// Start, end and step are constants in the header.
    Constant,
    /// They come from parameters (run-time values).
    Runtime,
}

/// Builds `run(s, e, st) -> (count, last)` around `for i = s, e, st`, lowers it and runs it.
fn trip(start: Num, end: Num, step: Option<Num>, form: Form, attrs: LoopAttrs) -> (i64, i64) {
    let mut pb = Pb::new();
    let signed = matches!(start, Num::I(_));
    let (counter_ty, scalar) = if signed {
        (pb.int(), ScalarTy::Int)
    } else {
        (pb.uint(), ScalarTy::Uint)
    };
    let int = pb.int();
    let ret_ty = pb.vec(ScalarTy::Int, 2);
    let last_ty = counter_ty;
    let _ = scalar;
    pb.function(
        "run",
        &[("s", counter_ty), ("e", counter_ty), ("st", counter_ty)],
        Some(ret_ty),
        |f| {
            let mut body = Vec::new();
            let zero = f.i(0);
            let (n, s) = f.new_let("n", zero);
            body.push(s);
            let last = f.local("last", last_ty);
            let init = if signed { f.i(0) } else { f.u(0) };
            body.push(f.let_(last, init));
            let num = |f: &mut common::build::Fb<'_>, x: Num| match x {
                Num::I(v) => f.i(v),
                Num::U(v) => f.u(v),
            };
            let (se, ee, ste) = match form {
                Form::Constant => (num(f, start), num(f, end), step.map(|s| num(f, s))),
                Form::Runtime => {
                    let (p0, p1, p2) = (f.param(0), f.param(1), f.param(2));
                    (f.get(p0), f.get(p1), step.map(|_| f.get(p2)))
                }
            };
            let i = f.local("i", counter_ty);
            let n1 = f.get(n);
            let one = f.i(1);
            let inc = f.op_set(n1, BinaryOp::Add, one);
            let lt = f.get(last);
            let iv = f.get(i);
            let set_last = f.set(lt, iv);
            body.push(f.for_(i, se, ee, ste, vec![inc, set_last], attrs));
            let n2 = f.get(n);
            let l2 = f.get(last);
            let l2 = if signed {
                l2
            } else {
                f.x(luma_thir::ExprKind::Bitcast { value: l2 }, int)
            };
            let v = f.construct(ret_ty, vec![n2, l2]);
            body.push(f.ret(Some(v)));
            body
        },
    );
    let m = lower_ok(&pb.p);
    let mut mach = Machine::new(&m);
    let arg = |x: Num| match x {
        Num::I(v) => V::I(v),
        Num::U(v) => V::U(v),
    };
    let zero_step = if signed { Num::I(1) } else { Num::U(1) };
    let r = mach
        .run(
            "run",
            vec![arg(start), arg(end), arg(step.unwrap_or(zero_step))],
        )
        .unwrap_or_else(|e| panic!("interpreter: {e}"));
    let V::C(parts) = &r[0] else {
        panic!("not a vector")
    };
    let count = i64::from(parts[0].i());
    let last = if signed {
        i64::from(parts[1].i())
    } else {
        i64::from(parts[1].i() as u32)
    };
    (count, last)
}

fn both(start: Num, end: Num, step: Option<Num>) -> (i64, i64) {
    let c = trip(start, end, step, Form::Constant, LoopAttrs::default());
    let r = trip(start, end, step, Form::Runtime, LoopAttrs::default());
    assert_eq!(c, r, "constant and run-time headers disagree");
    c
}

use Num::{I, U};

#[test]
fn counts_up_inclusive() {
    assert_eq!(both(I(0), I(9), None), (10, 9));
    assert_eq!(both(I(0), I(9), Some(I(1))), (10, 9));
    assert_eq!(both(I(0), I(9), Some(I(4))), (3, 8));
    assert_eq!(both(I(3), I(3), None), (1, 3));
}

#[test]
fn negative_step_counts_down() {
    assert_eq!(both(I(10), I(1), Some(I(-3))), (4, 1));
    assert_eq!(both(I(5), I(1), Some(I(-1))), (5, 1));
    assert_eq!(both(I(-4), I(4), Some(I(2))), (5, 4));
}

#[test]
fn empty_ranges_run_nothing() {
    assert_eq!(both(I(5), I(4), None), (0, 0));
    assert_eq!(both(I(4), I(5), Some(I(-1))), (0, 0));
    assert_eq!(both(U(5), U(4), None), (0, 0));
}

#[test]
fn runtime_zero_step_runs_no_iteration() {
    assert_eq!(
        trip(I(0), I(10), Some(I(0)), Form::Runtime, LoopAttrs::default()),
        (0, 0)
    );
    assert_eq!(
        trip(I(10), I(0), Some(I(0)), Form::Runtime, LoopAttrs::default()),
        (0, 0)
    );
    assert_eq!(
        trip(U(0), U(10), Some(U(0)), Form::Runtime, LoopAttrs::default()),
        (0, 0)
    );
}

#[test]
fn no_overflow_at_the_top_of_the_int_range() {
    assert_eq!(both(I(2147483640), I(2147483647), None), (8, 2147483647));
    assert_eq!(
        both(I(0), I(2147483647), Some(I(1000000000))),
        (3, 2000000000)
    );
    assert_eq!(
        both(I(i32::MIN), I(i32::MAX), Some(I(1 << 30))),
        (4, 1 << 30)
    );
}

#[test]
fn no_overflow_at_the_bottom_of_the_int_range() {
    assert_eq!(
        both(I(i32::MIN + 7), I(i32::MIN), Some(I(-1))),
        (8, i64::from(i32::MIN))
    );
    assert_eq!(
        both(I(i32::MIN), I(i32::MIN + 2), None),
        (3, i64::from(i32::MIN) + 2)
    );
    assert_eq!(
        both(I(i32::MAX), I(i32::MIN), Some(I(-(1 << 30)))),
        (4, -1073741825)
    );
    // A step of MIN: its magnitude does not fit an `int`.
    assert_eq!(both(I(i32::MAX), I(i32::MIN), Some(I(i32::MIN))), (2, -1));
    assert_eq!(both(I(i32::MIN), I(i32::MAX), Some(I(i32::MIN))), (0, 0));
}

#[test]
fn no_overflow_at_the_top_of_the_uint_range() {
    assert_eq!(
        both(U(4294967290), U(u32::MAX), None),
        (6, i64::from(u32::MAX))
    );
    assert_eq!(
        both(U(0), U(u32::MAX), Some(U(0x8000_0000))),
        (2, 0x8000_0000)
    );
    assert_eq!(
        both(U(0), U(u32::MAX), Some(U(u32::MAX))),
        (2, i64::from(u32::MAX))
    );
}

#[test]
fn max_iterations_is_a_guarantee() {
    let attrs = LoopAttrs {
        unroll: None,
        max_iterations: Some(3),
    };
    assert_eq!(trip(I(0), I(9), None, Form::Constant, attrs), (3, 2));
    assert_eq!(trip(I(0), I(9), Some(I(1)), Form::Runtime, attrs), (3, 2));
    // A loop shorter than the bound is unaffected.
    assert_eq!(trip(I(0), I(1), None, Form::Constant, attrs), (2, 1));
    let zero = LoopAttrs {
        unroll: None,
        max_iterations: Some(0),
    };
    assert_eq!(trip(I(0), I(9), None, Form::Constant, zero), (0, 0));
}

#[test]
fn unroll_is_only_a_hint() {
    let full = LoopAttrs {
        unroll: Some(None),
        max_iterations: None,
    };
    let some = LoopAttrs {
        unroll: Some(Some(2)),
        max_iterations: None,
    };
    assert_eq!(trip(I(0), I(9), None, Form::Constant, full), (10, 9));
    assert_eq!(trip(I(0), I(9), None, Form::Runtime, some), (10, 9));
}
