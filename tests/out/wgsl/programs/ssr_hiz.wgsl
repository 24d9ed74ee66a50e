struct SsrParams {
    proj: mat4x4f,
    inv_proj: mat4x4f,
    view: mat4x4f,
    size: vec2f,
    max_level: i32,
    thickness: f32,
    max_steps: i32,
    fade_start: f32,
}

@group(0) @binding(0) var<uniform> ssr: SsrParams;
@group(0) @binding(1) var depth_pyramid: texture_2d<f32>;
@group(0) @binding(2) var normal_tex: texture_2d<f32>;
@group(0) @binding(3) var color_tex: texture_2d<f32>;
@group(0) @binding(4) var linear_clamp: sampler;
@group(0) @binding(5) var reflection: texture_storage_2d<rgba16float, write>;

fn view_position(uv: vec2f, depth: f32) -> vec3f {
    let h = ssr.inv_proj * vec4f(uv * 2.0f - vec2f(1.0f), depth, 1.0f);
    return h.xyz / vec3f(h.w);
}

fn project(p: vec3f) -> vec3f {
    let c = ssr.proj * vec4f(p, 1.0f);
    return vec3f(c.xy / vec2f(c.w) * 0.5f + vec2f(0.5f), c.z / c.w);
}

fn cell_count(level: i32) -> vec2f {
    return floor(ssr.size / vec2f(exp2(f32(level))));
}

fn cross_cell(origin: vec3f, dir: vec3f, t: f32, level: i32) -> f32 {
    let cells = cell_count(level);
    let p = origin + dir * t;
    let cell = floor(p.xy * cells);
    let next = (cell + step(vec2f(0.0f), dir.xy)) / cells;
    let dt = (next - origin.xy) / dir.xy;
    let tx = select(1e30f, dt.x, !(dir.x == 0.0f));
    let ty = select(1e30f, dt.y, !(dir.y == 0.0f));
    return min(tx, ty) + 1e-5f;
}

fn trace(origin: vec3f, dir: vec3f) -> vec4f {
    var v: u32 = 0u;
    var level: i32 = 0i;
    var t: f32 = 0.0f;
    var steps: i32 = 0i;
    var t_1: f32;
    var hit: bool;
    loop {
        if !(v < 256u) {
            t_1 = t;
            hit = false;
            break;
        }
        if !(level >= 0i && steps < ssr.max_steps) {
            t_1 = t;
            hit = false;
            break;
        }
        let steps_1 = steps + 1i;
        let t_next = cross_cell(origin, dir, t, level);
        let p = origin + dir * t_next;
        if p.x < 0.0f || p.x > 1.0f || p.y < 0.0f || p.y > 1.0f || p.z < 0.0f {
            t_1 = t;
            hit = false;
            break;
        }
        let cell_count_1 = cell_count(level);
        let texel = vec2i(p.xy * cell_count_1);
        let scene_min = textureLoad(depth_pyramid, texel, level).x;
        var level_1: i32;
        var t_2: f32 = t;
        if p.z < scene_min {
            level_1 = min(level + 1i, ssr.max_level);
            t_2 = t_next;
        } else {
            if level == 0i {
                let hit_1 = p.z - scene_min < ssr.thickness;
                t_1 = t_next;
                hit = hit_1;
                break;
            }
            level_1 = level - 1i;
        }
        v = v + 1u;
        level = level_1;
        t = t_2;
        steps = steps_1;
    }
    let end_p = origin + dir * t_1;
    return vec4f(end_p.xy, end_p.z, select(0.0f, 1.0f, hit));
}

@compute @workgroup_size(8, 8, 1)
fn ssr_trace(@builtin(global_invocation_id) id: vec3u) {
    let pixel = vec2i(id.xy);
    let size = vec2i(ssr.size);
    if pixel.x >= size.x || pixel.y >= size.y {
        return;
    }
    let uv = (vec2f(pixel) + vec2f(0.5f)) / ssr.size;
    let depth = textureLoad(depth_pyramid, pixel, 0i).x;
    if depth >= 1.0f {
        textureStore(reflection, pixel, vec4f(0.0f));
        return;
    }
    let p = view_position(uv, depth);
    let view = ssr.view;
    let t = view[0];
    let t_1 = view[1];
    let t_2 = view[2];
    let texel = textureLoad(normal_tex, pixel, 0i);
    let n = normalize(mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * (texel.xyz * 2.0f - vec3f(1.0f)));
    let r = reflect(normalize(p), n);
    if r.z > 0.0f {
        textureStore(reflection, pixel, vec4f(0.0f));
        return;
    }
    let start = vec3f(uv, depth);
    let end_s = project(p + r * 10.0f);
    let dir = end_s - start;
    let hit = trace(start, dir);
    let edge = saturate(min(min(hit.x, 1.0f - hit.x), min(hit.y, 1.0f - hit.y)) / ssr.fade_start);
    let facing = saturate(-r.z * 4.0f);
    let texel_1 = textureSampleLevel(color_tex, linear_clamp, hit.xy, 0.0f);
    let color = texel_1.xyz;
    textureStore(reflection, pixel, vec4f(color, hit.w * edge * facing));
}
