struct BlurPush {
    weights: array<f32, 5>,
    direction: vec2i,
    rotate: mat2x2f,
    radius: i32,
}

struct BlurImmediate {
    weights_0: f32,
    weights_1: f32,
    weights_2: f32,
    weights_3: f32,
    @size(8) weights_4: f32,
    direction: vec2i,
    rotate: mat2x2f,
    radius: i32,
}
var<immediate> blur_immediate: BlurImmediate;
@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var target_: texture_storage_2d<rgba16float, write>;

fn tap(p: vec2i, size: vec2i) -> vec4f {
    return textureLoad(source, clamp(p, vec2i(0i), size - vec2i(1i)), 0i);
}

@compute @workgroup_size(8, 8, 1)
fn blur_pass(@builtin(global_invocation_id) id: vec3u) {
    var blur: BlurPush = BlurPush(array<f32, 5>(blur_immediate.weights_0, blur_immediate.weights_1, blur_immediate.weights_2, blur_immediate.weights_3, blur_immediate.weights_4), blur_immediate.direction, blur_immediate.rotate, blur_immediate.radius);
    let p = vec2i(id.xy);
    let size = vec2i(textureDimensions(source));
    if p.x >= size.x || p.y >= size.y {
        return;
    }
    let step_ = vec2i(blur.rotate * vec2f(blur.direction));
    let tap_1 = tap(p, size);
    let sum = tap_1 * blur.weights[0u];
    let radius = blur.radius;
    var i: i32 = 1i;
    var v: u32 = bitcast<u32>(radius) - 1u;
    var v_1: bool = 1i <= radius;
    var v_2: u32 = 0u;
    var sum_1: vec4f = sum;
    var sum_2: vec4f;
    loop {
        if !(v_2 < 4u) {
            sum_2 = sum_1;
            break;
        }
        if !v_1 {
            sum_2 = sum_1;
            break;
        }
        let w = blur.weights[min(u32(i), 4u)];
        let tap_2 = tap(p + step_ * vec2i(i), size);
        let tap_3 = tap(p - step_ * vec2i(i), size);
        let sum_3 = sum_1 + (tap_2 + tap_3) * w;
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        sum_1 = sum_3;
    }
    textureStore(target_, p, sum_2);
}
