struct BlurImage {
    size: vec2u,
    pad: vec2u,
}

@id(0) override RADIUS: i32 = 4i;
@id(1) override HORIZONTAL: bool = true;
@id(2) override BILATERAL: bool = true;
@id(3) override DEPTH_SHARPNESS: f32 = 32.0f;

@group(0) @binding(0) var<uniform> image: BlurImage;
@group(0) @binding(1) var<storage, read> src: array<f32>;
@group(0) @binding(2) var<storage, read> depth: array<f32>;
@group(0) @binding(3) var<storage, read_write> dst: array<f32>;
var<workgroup> tile_values: array<f32, 80>;
var<workgroup> tile_depths: array<f32, 80>;

fn load_index(p: vec2i) -> u32 {
    let c = clamp(p, vec2i(0i), vec2i(image.size) - vec2i(1i));
    return u32(c.y) * image.size.x + u32(c.x);
}

@compute @workgroup_size(64, 1, 1)
fn blur(@builtin(local_invocation_index) lane: u32, @builtin(workgroup_id) group: vec3u) {
    var t: i32;
    t = RADIUS;
    let radius = clamp(t, 0i, 8i);
    var axis: vec2i;
    axis = select(vec2i(0i, 1i), vec2i(1i, 0i), HORIZONTAL);
    let line_start = select(vec2i(i32(group.y), i32(group.x) * 64i), vec2i(i32(group.x) * 64i, i32(group.y)), HORIZONTAL);
    var k: i32 = 0i;
    var v: u32 = 1u;
    var v_1: bool = true;
    loop {
        if !v_1 {
            break;
        }
        let t_1 = i32(lane) + k * 64i;
        if t_1 < 64i + 2i * radius {
            let p = line_start + axis * vec2i(t_1 - radius);
            let i = load_index(p);
            let t_2 = src[min(i, arrayLength(&src) - 1u)];
            tile_values[t_1] = t_2;
            let t_3 = depth[min(i, arrayLength(&depth) - 1u)];
            tile_depths[t_1] = t_3;
        }
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
    }
    workgroupBarrier();
    let center = i32(lane) + radius;
    let center_depth = tile_depths[center];
    let sigma = max(f32(radius) * 0.5f, 0.5f);
    let t_4 = -radius;
    var offset: i32 = t_4;
    var v_2: u32 = bitcast<u32>(radius) - bitcast<u32>(t_4);
    var v_3: bool = t_4 <= radius;
    var sum: f32 = 0.0f;
    var weight_sum: f32 = 0.0f;
    var sum_1: f32;
    var weight_sum_1: f32;
    loop {
        if !v_3 {
            sum_1 = sum;
            weight_sum_1 = weight_sum;
            break;
        }
        let x = f32(offset);
        let w = exp(-x * x / (2.0f * sigma * sigma));
        var w_1: f32 = w;
        if BILATERAL {
            let t_5 = tile_depths[center + offset];
            let dz = (t_5 - center_depth) * DEPTH_SHARPNESS;
            w_1 = w * exp(-dz * dz);
        }
        let t_6 = tile_values[center + offset];
        let sum_2 = sum + t_6 * w_1;
        let weight_sum_2 = weight_sum + w_1;
        let next_v_1 = v_2 != 0u;
        offset = offset + 1i;
        v_2 = v_2 - 1u;
        v_3 = next_v_1;
        sum = sum_2;
        weight_sum = weight_sum_2;
    }
    let out_p = line_start + axis * vec2i(i32(lane));
    if out_p.x < i32(image.size.x) && out_p.y < i32(image.size.y) {
        let load_index_1 = load_index(out_p);
        dst[min(load_index_1, arrayLength(&dst) - 1u)] = sum_1 / max(weight_sum_1, 1e-6f);
    }
}
