@group(0) @binding(0) var src: texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
var<workgroup> tile: array<vec4f, 72>;

fn edge_clamped(p: vec2i, size: vec2i) -> vec2i {
    return clamp(p, vec2i(0i), size - vec2i(1i));
}

@compute @workgroup_size(64, 1, 1)
fn blur_rows(@builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) lane: u32) {
    let size = vec2i(textureDimensions(src));
    let p = vec2i(id.xy);
    let t = i32(lane);
    let edge_clamped_1 = edge_clamped(p, size);
    let texel = textureLoad(src, edge_clamped_1);
    tile[t + 4i] = texel;
    if t < 4i {
        let edge_clamped_2 = edge_clamped(p - vec2i(4i, 0i), size);
        let texel_1 = textureLoad(src, edge_clamped_2);
        tile[t] = texel_1;
        let edge_clamped_3 = edge_clamped(p + vec2i(64i, 0i), size);
        let texel_2 = textureLoad(src, edge_clamped_3);
        tile[t + 64i + 4i] = texel_2;
    }
    workgroupBarrier();
    if p.x >= size.x || p.y >= size.y {
        return;
    }
    var k: i32 = -4i;
    var v: u32 = 8u;
    var v_1: bool = true;
    var sum: vec4f = vec4f(0.0f);
    var sum_1: vec4f;
    loop {
        if !v_1 {
            sum_1 = sum;
            break;
        }
        let t_1 = tile[t + 4i + k];
        let sum_2 = sum + t_1;
        let next_v = v != 0u;
        k = k + 1i;
        v = v - 1u;
        v_1 = next_v;
        sum = sum_2;
    }
    textureStore(dst, p, sum_1 / vec4f(9.0f));
}
