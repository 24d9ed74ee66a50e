struct Range {
    lo: f32,
    hi: f32,
}

@group(0) @binding(0) var<storage, read_write> out_ints: array<i32, 16>;
@group(0) @binding(1) var<storage, read_write> out_floats: array<vec4f, 8>;

fn make_range(lo: f32, hi: f32) -> Range {
    return Range(lo, hi);
}

fn width(r: Range) -> f32 {
    return r.hi - r.lo;
}

fn total(values: array<i32, 4>) -> i32 {
    var values_1: array<i32, 4>;
    values_1 = values;
    var i: i32 = 0i;
    var v: u32 = 3u;
    var v_1: bool = true;
    var sum: i32 = 0i;
    var sum_1: i32;
    loop {
        if !v_1 {
            sum_1 = sum;
            break;
        }
        let t = values_1[i];
        let sum_2 = sum + t;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
    }
    return sum_1;
}

@compute @workgroup_size(4, 1, 1)
fn consts(@builtin(local_invocation_index) index: u32) {
    var table: array<f32, 8>;
    var local: array<i32, 4> = array<i32, 4>(1i, 2i, 3i, 4i);
    var local_1: array<f32, 3> = array<f32, 3>(1.5f, 2.5f, 0.5f);
    table = array<f32, 8>(0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f);
    make_range(0.0f, 1.0f);
    let fixed = index & 255u;
    let t = local[index];
    out_ints[min(index, 15u)] = t + 2i + i32(-2147483648) + 2147483647i + -12i + -3i + -1i;
    let total_1 = total(array<i32, 4>(1i, 2i, 3i, 4i));
    let total_2 = total(array<i32, 4>(4i, 3i, 2i, 1i));
    out_ints[min(index + 4u, 15u)] = 4i + total_1 + total_2 + 4i;
    out_ints[min(index + 8u, 15u)] = i32(15u + fixed) + i32(index < 4u) + 255i;
    out_ints[min(index + 12u, 15u)] = 20i;
    out_floats[min(index, 7u)] = vec4f(1.0f, 3.0f, 1.0f, 3.25f);
    let t_1 = table[index];
    let t_2 = local_1[index % 3u];
    let width_1 = width(Range(2.0f, 4.0f));
    let width_2 = width(Range(0.0f, 0.5f));
    out_floats[min(index + 4u, 7u)] = vec4f(t_1, t_2, vec2f(0.5f, 8.0f)) + vec4f(width_1, width_2, vec2f(0.25f, 0.5f));
}
