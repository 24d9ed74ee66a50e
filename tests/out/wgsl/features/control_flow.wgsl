struct Params {
    n: i32,
    step_: i32,
    count: u32,
    target_: i32,
}

struct Inner {
    v: vec3f,
    k: i32,
}

struct Outer {
    inner: Inner,
    items: array<Inner, 4>,
    weight: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> values: array<i32>;
@group(0) @binding(2) var<storage, read_write> results: array<i32>;

fn classify(x: i32) -> i32 {
    if x < 0i {
        return -1i;
    } else if x == 0i {
        return 0i;
    } else if x < 10i {
        return 1i;
    } else {
        return 2i;
    }
}

fn find(target_: i32) -> i32 {
    let t = arrayLength(&values);
    let t_1 = i32(t) - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t_1) - 0u;
    var v_1: bool = 0i <= t_1;
    var v_2: u32 = 0u;
    loop {
        if !(v_2 < 1024u) {
            break;
        }
        if !v_1 {
            break;
        }
        let t_2 = values[min(u32(i), arrayLength(&values) - 1u)];
        if t_2 == target_ {
            return i;
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
    }
    return -1i;
}

fn sum_down(n: i32) -> i32 {
    var i: i32 = n;
    var v: u32 = bitcast<u32>(n) - 1u;
    var v_1: bool = n >= 1i;
    var v_2: u32 = 0u;
    var total: i32 = 0i;
    var total_1: i32;
    loop {
        if !(v_2 < 1000u) {
            total_1 = total;
            break;
        }
        if !v_1 {
            total_1 = total;
            break;
        }
        let total_2 = total + i;
        let next_v = v != 0u;
        i = i + -1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        total = total_2;
    }
    return total_1;
}

fn nested_break(limit: i32) -> i32 {
    var i: i32 = 0i;
    var v: u32 = 7u;
    var v_1: bool = true;
    var found: i32 = -1i;
    var found_1: i32;
    loop {
        if !v_1 {
            found_1 = found;
            break;
        }
        var j: i32 = 0i;
        var v_2: u32 = 7u;
        var v_3: bool = true;
        var found_2: i32;
        loop {
            if !v_3 {
                found_2 = found;
                break;
            }
            if i * j > limit {
                let found_3 = i * 8i + j;
                found_2 = found_3;
                break;
            }
            let next_v = v_2 != 0u;
            j = j + 1i;
            v_2 = v_2 - 1u;
            v_3 = next_v;
        }
        if found_2 >= 0i {
            found_1 = found_2;
            break;
        }
        let next_v_1 = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v_1;
        found = found_2;
    }
    return found_1;
}

@compute @workgroup_size(1, 1, 1)
fn control_flow() {
    var arr: array<i32, 8>;
    var outer: Outer;
    let classify_1 = classify(params.n);
    let classify_2 = classify(-params.n);
    let classify_3 = classify(0i);
    results[min(0u, arrayLength(&results) - 1u)] = classify_1 + classify_2 + classify_3;
    let find_1 = find(params.target_);
    results[min(1u, arrayLength(&results) - 1u)] = find_1;
    let sum_down_1 = sum_down(params.n);
    results[min(2u, arrayLength(&results) - 1u)] = sum_down_1;
    let nested_break_1 = nested_break(params.n);
    results[min(3u, arrayLength(&results) - 1u)] = nested_break_1;
    var i: i32 = 10i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var acc: i32 = 0i;
    var acc_1: i32;
    loop {
        if !v_1 {
            acc_1 = acc;
            break;
        }
        let acc_2 = acc + i;
        let next_v = v != 0u;
        i = i + -3i;
        v = v - 1u;
        v_1 = next_v;
        acc = acc_2;
    }
    let n = params.n;
    let step_ = params.step_;
    let t = bitcast<u32>(n);
    let t_1 = step_ > 0i;
    var i_1: i32 = 0i;
    var v_2: u32 = select((0u - t) / (bitcast<u32>(-(step_ + 1i)) + 1u), (t - 0u) / bitcast<u32>(step_), t_1);
    var v_3: bool = (t_1 && 0i <= n) || (step_ < 0i && 0i >= n);
    var v_4: u32 = 0u;
    var acc_3: i32 = acc_1;
    var acc_4: i32;
    loop {
        if !(v_4 < 100u) {
            acc_4 = acc_3;
            break;
        }
        if !v_3 {
            acc_4 = acc_3;
            break;
        }
        let acc_5 = acc_3 + i_1 * 3i;
        let next_v_1 = v_2 != 0u;
        i_1 = i_1 + step_;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        v_4 = v_4 + 1u;
        acc_3 = acc_5;
    }
    let count = params.count;
    var i_2: u32 = 0u;
    var v_5: u32 = count - 0u;
    var v_6: bool = 0u <= count;
    var v_7: u32 = 0u;
    var acc_6: i32 = acc_4;
    var acc_7: i32;
    loop {
        if !(v_7 < 64u) {
            acc_7 = acc_6;
            break;
        }
        if !v_6 {
            acc_7 = acc_6;
            break;
        }
        let acc_8 = acc_6 + i32(i_2);
        let next_v_2 = v_5 != 0u;
        i_2 = i_2 + 1u;
        v_5 = v_5 - 1u;
        v_6 = next_v_2;
        v_7 = v_7 + 1u;
        acc_6 = acc_8;
    }
    var i_3: i32 = 0i;
    var v_8: u32 = 3u;
    var v_9: bool = true;
    var acc_9: i32 = acc_7;
    var acc_10: i32;
    loop {
        if !v_9 {
            acc_10 = acc_9;
            break;
        }
        let acc_11 = acc_9 ^ i_3;
        let next_v_3 = v_8 != 0u;
        i_3 = i_3 + 1i;
        v_8 = v_8 - 1u;
        v_9 = next_v_3;
        acc_9 = acc_11;
    }
    var i_4: i32 = -4i;
    var v_10: u32 = 4u;
    var v_11: bool = true;
    var acc_12: i32 = acc_10;
    var acc_13: i32;
    loop {
        if !v_11 {
            acc_13 = acc_12;
            break;
        }
        let acc_14 = acc_12 - i_4;
        let next_v_4 = v_10 != 0u;
        i_4 = i_4 + 2i;
        v_10 = v_10 - 1u;
        v_11 = next_v_4;
        acc_12 = acc_14;
    }
    results[min(4u, arrayLength(&results) - 1u)] = acc_13;
    let x = params.n;
    var v_12: u32 = 0u;
    var x_1: i32 = x;
    var steps: i32 = 0i;
    var x_2: i32;
    var steps_1: i32;
    loop {
        if !(v_12 < 256u) {
            x_2 = x_1;
            steps_1 = steps;
            break;
        }
        if !(x_1 != 1i && x_1 > 0i) {
            x_2 = x_1;
            steps_1 = steps;
            break;
        }
        let x_3 = select(3i * x_1 + 1i, x_1 / 2i, x_1 % 2i == 0i);
        let steps_2 = steps + 1i;
        v_12 = v_12 + 1u;
        x_1 = x_3;
        steps = steps_2;
    }
    let x_4 = steps_1 * 2i;
    results[min(5u, arrayLength(&results) - 1u)] = x_4;
    results[min(6u, arrayLength(&results) - 1u)] = x_2;
    let c = params.n;
    let c_1 = c + 5i;
    let c_2 = c_1 - 2i;
    let c_3 = c_2 * 3i;
    let c_4 = c_3 / 2i;
    let c_5 = c_4 % 1000i;
    let c_6 = c_5 & 65535i;
    let c_7 = c_6 | 256i;
    let c_8 = c_7 << 2u;
    let c_9 = c_8 >> 1u;
    let u = params.count;
    let u_1 = u << 1u;
    let u_2 = u_1 >> 2u;
    results[min(7u, arrayLength(&results) - 1u)] = c_9 + i32(u_2);
    arr = array<i32, 8>(0i, 1i, 2i, 3i, 4i, 5i, 6i, 7i);
    arr[params.n & 7i] = 42i;
    let t_2 = arr[1u];
    let t_3 = arr[0u];
    arr[0u] = t_3 + t_2;
    outer = Outer(Inner(vec3f(1.0f), 1i), array<Inner, 4>(Inner(vec3f(0.0f), 0i), Inner(vec3f(1.0f), 1i), Inner(vec3f(2.0f), 2i), Inner(vec3f(3.0f), 3i)), 0.5f);
    outer.inner.v.x = 2.0f;
    outer.items[params.n & 3i].k = 7i;
    outer.items[1u].v.y = 4.0f;
    outer.items[1u].v.z = 5.0f;
    let weight = outer.weight;
    outer.weight = weight * 2.0f;
    let t_4 = arr[0u];
    let t_5 = arr[params.n & 7i];
    let k = outer.items[3u].k;
    let t_6 = outer.inner.v.x;
    let weight_1 = outer.weight;
    results[min(8u, arrayLength(&results) - 1u)] = t_4 + t_5 + 8i + k + i32(t_6 + weight_1);
    let t_7 = arrayLength(&values);
    results[min(9u, arrayLength(&results) - 1u)] = i32(t_7) + 1i;
}
