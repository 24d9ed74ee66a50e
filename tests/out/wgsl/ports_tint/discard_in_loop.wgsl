@group(0) @binding(0) var<storage, read_write> s: atomic<i32>;

fn f(x: i32) -> i32 {
    if x == 10i {
        discard;
    }
    return x;
}

fn call_discard(x: i32) -> bool {
    if x < 0i {
        discard;
    }
    return true;
}

@fragment
fn main(@location(1) @interpolate(flat) x: vec3i) -> @location(2) i32 {
    let y = x.x;
    var v: u32 = 0u;
    var y_1: i32 = y;
    var y_2: i32;
    loop {
        if !(v < 16u) {
            y_2 = y_1;
            break;
        }
        let r = f(y_1);
        if r == 0i {
            y_2 = y_1;
            break;
        }
        let y_3 = y_1 - 1i;
        v = v + 1u;
        y_1 = y_3;
    }
    return y_2;
}

@fragment
fn atomic_after_discard(@location(0) v: f32) -> @location(0) vec4f {
    if v > 2.0f {
        discard;
    }
    let also = call_discard(i32(v));
    var old_value: i32;
    loop {
        let exchange = atomicCompareExchangeWeak(&s, 0i, 1i);
        old_value = exchange.old_value;
        if exchange.exchanged || old_value != 0i {
            break;
        }
    }
    return vec4f(f32(old_value), select(0.0f, 1.0f, also), 0.0f, 1.0f);
}
