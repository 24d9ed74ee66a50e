@id(0) override TILE: u32 = 16u;
@id(1) override SCALE: f32 = 1.5f;
@id(2) override SHIFT: i32 = 3i;
@id(3) override HDR: bool = false;
@id(4) override BIAS: i32 = -2i;
@id(5) override CLAMP_MAX: f32 = 4.0f;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> words: array<u32>;

fn remap(x: f32) -> f32 {
    var t: i32;
    t = BIAS;
    let y = x * SCALE + f32(t);
    var t_1: f32;
    t_1 = CLAMP_MAX;
    let hi = select(CLAMP_MAX, t_1 * 2.0f, HDR);
    return clamp(y, -hi, hi);
}

@compute @workgroup_size(64, 1, 1)
fn spec_main(@builtin(global_invocation_id) id: vec3u) {
    let i = id.x;
    let tile = i / select(TILE, u32(1), TILE == u32(0));
    let lane = i % select(TILE, u32(1), TILE == u32(0));
    var t: i32;
    t = SHIFT;
    let mask = (1u << u32(t)) - 1u;
    var t_1: u32;
    t_1 = TILE;
    let wide = t_1 * TILE > 256u;
    let t_2 = data[min(i, arrayLength(&data) - 1u)];
    let remap_1 = remap(t_2);
    data[min(i, arrayLength(&data) - 1u)] = remap_1 + select(0.0f, 1.0f, wide);
    var t_3: i32;
    t_3 = SHIFT;
    words[min(i, arrayLength(&words) - 1u)] = (tile << u32(t_3)) | (lane & mask) | select(0u, 2147483648u, !HDR);
    let t_4 = words[min(i, arrayLength(&words) - 1u)];
    var t_5: i32;
    t_5 = BIAS;
    words[min(i, arrayLength(&words) - 1u)] = t_4 ^ u32(t_5 * SHIFT);
}

@compute @workgroup_size(8, 1, 1)
fn spec_other(@builtin(global_invocation_id) id: vec3u) {
    var t: i32;
    t = BIAS;
    let k = i32(id.x) - t * 2i;
    let remap_1 = remap(f32(k >> (bitcast<u32>(SHIFT) & 31u)));
    var t_1: u32;
    t_1 = TILE;
    data[min(id.x, arrayLength(&data) - 1u)] = remap_1 * f32(t_1);
    var t_2: i32;
    t_2 = BIAS;
    if -t_2 > SHIFT || HDR {
        words[min(id.x, arrayLength(&words) - 1u)] = u32(k) % select(TILE, u32(1), TILE == u32(0));
    }
}
