struct DofParams {
    focus_distance: f32,
    focus_range: f32,
    max_coc: f32,
    highlight_threshold: f32,
    near: f32,
    far: f32,
    inv_size: vec2f,
}

@group(0) @binding(0) var<uniform> dof: DofParams;
@group(0) @binding(1) var color_tex: texture_2d<f32>;
@group(0) @binding(2) var depth_tex: texture_2d<f32>;
@group(0) @binding(3) var tile_max_coc: texture_2d<f32>;
@group(0) @binding(4) var point_clamp: sampler;
@group(0) @binding(5) var linear_clamp: sampler;
@group(0) @binding(6) var out_far: texture_storage_2d<rgba16float, write>;
@group(0) @binding(7) var out_near: texture_storage_2d<rgba16float, write>;

fn linear_depth(d: f32) -> f32 {
    return dof.near * dof.far / (dof.far - d * (dof.far - dof.near));
}

fn coc(depth: f32) -> f32 {
    let z = linear_depth(depth);
    let c = (z - dof.focus_distance) / dof.focus_range;
    return clamp(c, -1.0f, 1.0f) * dof.max_coc;
}

fn weight_of(color: vec3f) -> f32 {
    let l = dot(color, vec3f(0.299f, 0.587f, 0.114f));
    return 1.0f + max(l - dof.highlight_threshold, 0.0f) * 4.0f;
}

@compute @workgroup_size(8, 8, 1)
fn dof_gather(@builtin(global_invocation_id) id: vec3u) {
    let pixel = vec2i(id.xy);
    let size = vec2i(textureDimensions(out_far));
    if pixel.x >= size.x || pixel.y >= size.y {
        return;
    }
    let uv = (vec2f(pixel) + vec2f(0.5f)) * dof.inv_size;
    let center_coc = coc(textureLoad(depth_tex, pixel, 0i).x);
    let tile = textureLoad(tile_max_coc, pixel / vec2i(16i), 0i).x;
    let radius_limit = max(abs(center_coc), tile);
    var i: i32 = 0i;
    var v: u32 = 47u;
    var v_1: bool = true;
    var far_sum: vec4f = vec4f(0.0f);
    var near_sum: vec4f = vec4f(0.0f);
    var near_hits: i32 = 0i;
    var far_sum_1: vec4f;
    var near_sum_1: vec4f;
    var near_hits_1: i32;
    loop {
        if !v_1 {
            far_sum_1 = far_sum;
            near_sum_1 = near_sum;
            near_hits_1 = near_hits;
            break;
        }
        let r = sqrt((f32(i) + 0.5f) / 48.0f) * dof.max_coc;
        if r > radius_limit {
            far_sum_1 = far_sum;
            near_sum_1 = near_sum;
            near_hits_1 = near_hits;
            break;
        }
        let a = f32(i) * 2.3999631f;
        let offset = vec2f(cos(a), sin(a)) * r;
        let suv = uv + offset * dof.inv_size;
        let texel = textureSampleLevel(color_tex, linear_clamp, suv, 0.0f);
        let s_color = texel.xyz;
        let texel_1 = textureSampleLevel(depth_tex, point_clamp, suv, 0.0f);
        let s_coc = coc(texel_1.x);
        let w = weight_of(s_color);
        let reach = saturate(abs(s_coc) - r + 1.0f);
        var far_sum_2: vec4f;
        var near_sum_2: vec4f = near_sum;
        var near_hits_2: i32 = near_hits;
        if s_coc < 0.0f {
            far_sum_2 = far_sum;
            near_sum_2 = near_sum + vec4f(s_color * w, w) * reach;
            near_hits_2 = near_hits + 1i;
        } else {
            far_sum_2 = far_sum + vec4f(s_color * w, w) * reach * saturate(s_coc - center_coc + 1.0f);
        }
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        far_sum = far_sum_2;
        near_sum = near_sum_2;
        near_hits = near_hits_2;
    }
    let texel_2 = textureLoad(color_tex, pixel, 0i);
    let base = texel_2.xyz;
    let far_color = select(base, far_sum_1.xyz / vec3f(far_sum_1.w), far_sum_1.w > 0.0f);
    let coverage = select(0.0f, saturate(f32(near_hits_1) / 8.0f), near_hits_1 > 0i);
    let near_color = select(vec3f(0.0f), near_sum_1.xyz / vec3f(near_sum_1.w), near_sum_1.w > 0.0f);
    textureStore(out_far, pixel, vec4f(far_color, saturate(abs(center_coc) / dof.max_coc)));
    textureStore(out_near, pixel, vec4f(near_color, coverage));
}
