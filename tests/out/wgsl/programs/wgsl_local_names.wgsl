struct f32_std140_element {
    @size(16) value: f32,
}

struct Params {
    weights: array<f32, 3>,
    bias: f32,
}

struct Params_std140 {
    weights: array<f32_std140_element, 3>,
    @size(16) bias: f32,
}

@group(0) @binding(0) var<uniform> params: Params_std140;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;

fn array_from_std140(v: array<f32_std140_element, 3>) -> array<f32, 3> {
    var source = v;
    var result: array<f32, 3>;
    for (var i = 0u; i < 3u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn Params_from_std140_2(v: Params_std140) -> Params {
    return Params(array_from_std140(v.weights), v.bias);
}

fn Params_from_std140(x: f32) -> f32 {
    return x * 2.0f;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) li: u32) {
    var p: Params;
    let Params_from_std140_1 = Params_from_std140(f32(li));
    let scaled = vec2f(Params_from_std140_1, 1.0f);
    p = Params_from_std140_2(params);
    let t = p.weights[li % 3u];
    let bias = p.bias;
    out[min(0u, arrayLength(&out) - 1u)] = t * scaled.x + bias * scaled.y;
}
