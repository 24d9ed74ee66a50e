enable wgpu_binding_array;

struct Camera {
    curr_view_proj: mat4x4f,
    prev_view_proj: mat4x4f,
    inv_view_proj: mat4x4f,
    screen: vec2f,
    exposure_time: f32,
    max_blur_px: f32,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(1) var depth: texture_2d<f32>;
@group(0) @binding(2) var color: texture_2d<f32>;
@group(0) @binding(3) var linear_clamp: sampler;
@group(0) @binding(4) var velocity: texture_storage_2d<rg32float, read>;
@group(0) @binding(4) var velocity_write: texture_storage_2d<rg32float, write>;
@group(0) @binding(5) var tile_max: binding_array<texture_storage_2d<rgba16float, read>, 2>;
@group(0) @binding(5) var tile_max_write: binding_array<texture_storage_2d<rgba16float, write>, 2>;
@group(0) @binding(6) var blurred: texture_storage_2d<rgba16float, write>;

fn reproject(p: vec2i) -> vec2f {
    let uv = (vec2f(p) + vec2f(0.5f)) / camera.screen;
    let z = textureLoad(depth, p, 0i).x;
    let world = camera.inv_view_proj * vec4f(uv * 2.0f - vec2f(1.0f), z, 1.0f);
    let prev = camera.prev_view_proj * vec4f(world.xyz / vec3f(world.w), 1.0f);
    let prev_uv = prev.xy / vec2f(prev.w) * 0.5f + vec2f(0.5f);
    return (uv - prev_uv) * camera.screen * camera.exposure_time;
}

fn clamp_velocity(v: vec2f) -> vec2f {
    let len = length(v);
    return select(v, v * (camera.max_blur_px / len), len > camera.max_blur_px);
}

fn in_bounds(p: vec2i) -> bool {
    let size = vec2i(textureDimensions(velocity));
    return p.x < size.x && p.y < size.y;
}

fn store_tile(level: i32, tile: vec2i, v: vec2f) {
    textureStore(tile_max_write[min(u32(level), 1u)], tile, vec4f(v, length(v), 1.0f));
}

fn tile_velocity(p: vec2i) -> vec2f {
    let texel = textureLoad(tile_max[0i], p / vec2i(8i));
    return texel.xy;
}

fn in_bounds_1(p: vec2i) -> bool {
    let size = vec2i(textureDimensions(velocity_write));
    return p.x < size.x && p.y < size.y;
}

@compute @workgroup_size(8, 8, 1)
fn velocity_pass(@builtin(global_invocation_id) id: vec3u, @builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) li: u32) {
    let p = vec2i(id.xy);
    let in_bounds_2 = in_bounds_1(p);
    if !in_bounds_2 {
        return;
    }
    let reproject_1 = reproject(p);
    let v = clamp_velocity(reproject_1);
    textureStore(velocity_write, p, vec4f(v, 0.0f, 0.0f));
    if li == 0u {
        store_tile(0i, vec2i(wg.xy), v);
    }
}

@compute @workgroup_size(1, 1, 1)
fn clear_tiles(@builtin(workgroup_id) wg: vec3u) {
    store_tile(0i, vec2i(wg.xy), vec2f(0.0f));
    store_tile(1i, vec2i(wg.xy), vec2f(0.0f));
}

@compute @workgroup_size(8, 8, 1)
fn blur_pass(@builtin(global_invocation_id) id: vec3u) {
    let p = vec2i(id.xy);
    let in_bounds_2 = in_bounds(p);
    if !in_bounds_2 {
        return;
    }
    let texel = textureLoad(velocity, p);
    let v = texel.xy;
    let dominant = tile_velocity(p);
    let uv = (vec2f(p) + vec2f(0.5f)) / camera.screen;
    var s: i32 = -4i;
    var v_1: u32 = 8u;
    var v_2: bool = true;
    var sum: vec4f = vec4f(0.0f);
    var sum_1: vec4f;
    loop {
        if !v_2 {
            sum_1 = sum;
            break;
        }
        let t = f32(s) / 8.0f;
        let offset = mix(v, dominant, vec2f(0.5f)) * t / camera.screen;
        let texel_1 = textureSampleLevel(color, linear_clamp, uv + offset, 0.0f);
        let sum_2 = sum + texel_1;
        let next_v = v_1 != 0u;
        s = s + 1i;
        v_1 = v_1 - 1u;
        v_2 = next_v;
        sum = sum_2;
    }
    textureStore(blurred, p, sum_1 / vec4f(9.0f));
}

@fragment
fn show_velocity(@builtin(position) frag: vec4f) -> @location(0) vec4f {
    let texel = textureLoad(velocity, vec2i(frag.xy));
    let v = texel.xy / vec2f(camera.max_blur_px);
    let tile_velocity_1 = tile_velocity(vec2i(frag.xy));
    return vec4f(v * 0.5f + vec2f(0.5f), length(tile_velocity_1), 1.0f);
}
