//! Corpus shaders run through the test interpreter and compared with a Rust model of the
//! language's meaning: Lua `for` loops, `while` with `@max_iterations`, compound assignments,
//! value arrays and structs, `#`, if-expressions.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::interp::{Machine, Scalars, V};

/// Lua's integer `for` in 64-bit arithmetic (no overflow possible for `int` ranges), capped at
/// `max` iterations.
fn lua_for(start: i64, end: i64, step: i64, max: Option<u32>, mut body: impl FnMut(i64)) {
    let mut i = start;
    let mut n = 0u32;
    while (step > 0 && i <= end) || (step < 0 && i >= end) {
        if max.is_some_and(|m| n >= m) {
            return;
        }
        body(i);
        n += 1;
        i += step;
    }
}

fn classify(x: i32) -> i32 {
    if x < 0 {
        -1
    } else if x == 0 {
        0
    } else if x < 10 {
        1
    } else {
        2
    }
}

/// What `tests/shaders/features/control_flow.luma` writes to `results`.
fn control_flow_model(n: i32, step: i32, count: u32, target: i32, values: &[i32]) -> Vec<i32> {
    let mut r = vec![0i32; 10];
    r[0] = classify(n)
        .wrapping_add(classify(n.wrapping_neg()))
        .wrapping_add(classify(0));
    r[1] = {
        let mut found = -1;
        let mut done = false;
        lua_for(0, values.len() as i64 - 1, 1, Some(1024), |i| {
            if !done && values[i as usize] == target {
                found = i as i32;
                done = true;
            }
        });
        found
    };
    r[2] = {
        let mut total = 0i32;
        lua_for(i64::from(n), 1, -1, Some(1000), |i| {
            total = total.wrapping_add(i as i32)
        });
        total
    };
    r[3] = {
        let mut found = -1;
        'outer: for i in 0..=7 {
            for j in 0..=7 {
                if i * j > n {
                    found = i * 8 + j;
                    break 'outer;
                }
            }
        }
        found
    };
    let mut acc = 0i32;
    lua_for(10, 1, -3, None, |i| acc = acc.wrapping_add(i as i32));
    lua_for(0, i64::from(n), i64::from(step), Some(100), |i| {
        acc = acc.wrapping_add((i as i32).wrapping_mul(3))
    });
    lua_for(0, i64::from(count), 1, Some(64), |i| {
        acc = acc.wrapping_add(i as u32 as i32)
    });
    lua_for(0, 3, 1, None, |i| acc ^= i as i32);
    lua_for(-4, 4, 2, None, |i| acc = acc.wrapping_sub(i as i32));
    r[4] = acc;
    let mut x = n;
    let mut steps = 0;
    for _ in 0..256 {
        if !(x != 1 && x > 0) {
            break;
        }
        x = if x % 2 == 0 {
            x / 2
        } else {
            3i32.wrapping_mul(x).wrapping_add(1)
        };
        steps += 1;
    }
    r[5] = steps * 2;
    r[6] = x;
    let mut c = n;
    c += 5;
    c -= 2;
    c *= 3;
    c /= 2;
    c %= 1000;
    c &= 0xFFFF;
    c |= 0x100;
    c <<= 2;
    c >>= 1;
    let mut u = count;
    u <<= 1;
    u >>= 2;
    r[7] = c.wrapping_add(u as i32);
    let mut arr = [0, 1, 2, 3, 4, 5, 6, 7];
    arr[(n & 7) as usize] = 42;
    arr[0] += arr[1];
    let mut ks = [0, 1, 2, 3];
    ks[(n & 3) as usize] = 7;
    let inner_x = 2.0f32;
    let weight = 0.5f32 * 2.0;
    r[8] = arr[0] + arr[(n & 7) as usize] + 8 + ks[3] + (inner_x + weight) as i32;
    r[9] = values.len() as i32 + 1;
    r
}

#[test]
fn control_flow_shader_computes_the_language_meaning() {
    let path = luma_testutil::tests_dir().join("shaders/features/control_flow.luma");
    let front = common::front_file(&path);
    let m = common::lower_ok(&front.program);
    let values: Vec<i32> = vec![5, 9, 13, 2, 7, 7, 40];
    for (n, step, count, target) in [
        (6, 2, 5u32, 7),
        (0, 1, 0, 5),
        (27, 3, 100, 40),
        (3, -1, 3, 99),
        (-8, 0, 1, 2),
        (11, 4, 7, 13),
    ] {
        let mut mach = Machine::new(&m);
        mach.set_global(
            "params",
            V::C(vec![V::I(n), V::I(step), V::U(count), V::I(target)]),
        );
        mach.set_global("values", V::C(values.iter().map(|v| V::I(*v)).collect()));
        mach.set_global("results", V::C(vec![V::I(0); 10]));
        mach.run("control_flow", vec![])
            .unwrap_or_else(|e| panic!("n = {n}: {e}"));
        let got: Vec<i32> = match mach.global("results") {
            V::C(parts) => parts.iter().map(Scalars::i).collect(),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            got,
            control_flow_model(n, step, count, target, &values),
            "params n={n} step={step} count={count} target={target}"
        );
    }
}

const SWIZZLE_WRITES: &str = "
@access(read_write)
buffer mem: []vec4

function on_value(v: vec4, index: int) -> vec4
	let w = vec4(0.0)
	w.x = 1.0
	w.yz = vec2(2.0, 3.0)
	w.wx = v.xy
	w.rgb = w.bgr
	w.stp += vec3(1.0)
	w.zw *= 2.0
	let dyn = v[index]
	w[index] = dyn
	w[3] = w[0] + w[1u]
	return w
end

function on_memory(v: vec4, index: int) -> vec4
	mem[1] = vec4(0.0)
	mem[1].x = 1.0
	mem[1].yz = vec2(2.0, 3.0)
	mem[1].wx = v.xy
	mem[1].rgb = mem[1].bgr
	mem[1].stp += vec3(1.0)
	mem[1].zw *= 2.0
	let dyn = v[index]
	mem[1][index] = dyn
	mem[1][3] = mem[1][0] + mem[1][1u]
	return mem[1]
end
";

/// The swizzle-write sequence of `SWIZZLE_WRITES`, in Rust.
fn swizzle_model(v: [f32; 4], index: usize) -> [f32; 4] {
    let mut w = [1.0, 2.0, 3.0, 0.0];
    w[3] = v[0];
    w[0] = v[1];
    w = [w[2], w[1], w[0], w[3]];
    w[0] += 1.0;
    w[1] += 1.0;
    w[2] += 1.0;
    w[2] *= 2.0;
    w[3] *= 2.0;
    w[index] = v[index];
    w[3] = w[0] + w[1];
    w
}

#[test]
fn swizzle_and_index_writes_on_values_and_memory() {
    let m = common::lower_src(SWIZZLE_WRITES);
    let v = [10.0f32, 20.0, 30.0, 40.0];
    let vec = |x: [f32; 4]| V::C(x.iter().map(|f| V::F(*f)).collect());
    for index in 0..4 {
        let want = vec(swizzle_model(v, index));
        let mut mach = Machine::new(&m);
        mach.set_global("mem", V::C(vec![vec([0.0; 4]); 2]));
        let args = || vec![vec(v), V::I(index as i32)];
        assert_eq!(
            mach.run("on_value", args()).unwrap(),
            vec![want.clone()],
            "value, index {index}"
        );
        assert_eq!(
            mach.run("on_memory", args()).unwrap(),
            vec![want],
            "memory, index {index}"
        );
    }
}

#[test]
fn atomics_shader_single_invocation() {
    let path = luma_testutil::tests_dir().join("shaders/features/atomics.luma");
    let m = common::lower_ok(&common::front_file(&path).program);
    for v in [5, -3] {
        let mut mach = Machine::new(&m);
        mach.set_global("values", V::C(vec![V::I(v)]));
        mach.set_global("slots", V::C(vec![V::U(77)]));
        mach.set_global("old_values", V::C(vec![V::U(0)]));
        mach.run("atomics", vec![V::U(0), V::C(vec![V::U(0); 3])])
            .unwrap();
        let mut bins = vec![V::I(0); 8];
        bins[(v & 7) as usize] = V::I(1);
        assert_eq!(
            mach.global("counters"),
            &V::C(vec![
                V::U(1),
                V::I(0),
                V::I(v.max(0)),
                V::U(0),
                V::U(1),
                V::U(1),
                V::I(1),
                V::C(bins),
            ]),
            "value {v}"
        );
        assert_eq!(mach.global("slots"), &V::C(vec![V::U(0)]));
        assert_eq!(
            mach.global("old_values"),
            &V::C(vec![V::U((v as u32).wrapping_add(1))])
        );
        let V::C(local_slots) = mach.global("local_slots") else {
            panic!()
        };
        assert_eq!(local_slots[1], V::U(77));
    }
}
