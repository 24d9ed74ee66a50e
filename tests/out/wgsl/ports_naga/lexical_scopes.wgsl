@group(0) @binding(0) var<storage, read_write> out: array<f32>;

fn block_scope(a: bool) -> f32 {
    return select(-4.0f, 4.0f, a);
}

fn if_scope(a: bool) -> f32 {
    var r: f32 = 0.0f;
    if a {
        r = 2.0f;
    }
    return select(1.0f, r, a);
}

fn loop_scope(a: bool) -> f32 {
    var v: u32 = 0u;
    var r: f32 = 0.0f;
    var n: i32 = 0i;
    var r_1: f32;
    loop {
        if !(v < 3u) {
            r_1 = r;
            break;
        }
        if !(n < 3i) {
            r_1 = r;
            break;
        }
        let a_1 = f32(n) * 0.5f;
        let r_2 = r + a_1;
        let n_1 = n + 1i;
        v = v + 1u;
        r = r_2;
        n = n_1;
    }
    return select(-r_1, r_1, a);
}

fn for_scope(a: f32) -> f32 {
    var a_1: i32 = 0i;
    var v: u32 = 1u;
    var v_1: bool = true;
    var r: f32 = 0.0f;
    var r_1: f32;
    loop {
        if !v_1 {
            r_1 = r;
            break;
        }
        let r_2 = r + f32(a_1);
        let next_v = v != 0u;
        a_1 = a_1 + 1i;
        v = v - 1u;
        v_1 = next_v;
        r = r_2;
    }
    return a + r_1;
}

fn while_scope(a: i32) -> f32 {
    var v: u32 = 0u;
    var i: i32 = a;
    var i_1: i32;
    loop {
        if !(v < 8u) {
            i_1 = i;
            break;
        }
        if !(i > 2i) {
            i_1 = i;
            break;
        }
        let i_2 = i - 1i;
        v = v + 1u;
        i = i_2;
    }
    return f32(a + i_1);
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) li: u32) {
    let flag = li == 0u;
    let block_scope_1 = block_scope(flag);
    let if_scope_1 = if_scope(flag);
    let loop_scope_1 = loop_scope(flag);
    let for_scope_1 = for_scope(f32(li));
    let while_scope_1 = while_scope(i32(li) + 5i);
    out[min(0u, arrayLength(&out) - 1u)] = block_scope_1 + if_scope_1 + loop_scope_1 + for_scope_1 + while_scope_1;
}
