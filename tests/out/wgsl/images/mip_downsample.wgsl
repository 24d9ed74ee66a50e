@group(0) @binding(0) var finer: texture_storage_2d<rgba16float, read>;
@group(0) @binding(1) var coarser: texture_storage_2d<rgba16float, write>;

fn average(a: vec4f, b: vec4f, c: vec4f, d: vec4f) -> vec4f {
    return (a + b + c + d) * 0.25f;
}

@compute @workgroup_size(8, 8, 1)
fn downsample(@builtin(global_invocation_id) id: vec3u) {
    let out_size = vec2i(textureDimensions(coarser));
    let p = vec2i(id.xy);
    if p.x >= out_size.x || p.y >= out_size.y {
        return;
    }
    let in_size = vec2i(textureDimensions(finer));
    let base = p * vec2i(2i);
    let texel = textureLoad(finer, base);
    let texel_1 = textureLoad(finer, base + vec2i(1i, 0i));
    let texel_2 = textureLoad(finer, base + vec2i(0i, 1i));
    let texel_3 = textureLoad(finer, base + vec2i(1i));
    let color = average(texel, texel_1, texel_2, texel_3);
    let odd_x = in_size.x % 2i == 1i && p.x == out_size.x - 1i;
    let odd_y = in_size.y % 2i == 1i && p.y == out_size.y - 1i;
    var color_1: vec4f = color;
    if odd_x {
        let texel_4 = textureLoad(finer, base + vec2i(2i, 0i));
        let texel_5 = textureLoad(finer, base + vec2i(2i, 1i));
        let extra = texel_4 + texel_5;
        color_1 = (color * 4.0f + extra) / vec4f(6.0f);
    }
    var color_2: vec4f = color_1;
    if odd_y {
        let texel_6 = textureLoad(finer, base + vec2i(0i, 2i));
        let texel_7 = textureLoad(finer, base + vec2i(1i, 2i));
        let extra_1 = texel_6 + texel_7;
        color_2 = (color_1 * 4.0f + extra_1) / vec4f(6.0f);
    }
    textureStore(coarser, p, color_2);
}
