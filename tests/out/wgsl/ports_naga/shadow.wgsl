struct Globals {
    view_proj: mat4x4f,
    num_lights: vec4u,
}

struct Entity {
    world: mat4x4f,
    color: vec4f,
}

struct Light {
    proj: mat4x4f,
    pos: vec4f,
    color: vec4f,
}

struct VsMainOutput {
    @builtin(position) proj_position: vec4f,
    @location(0) world_normal: vec3f,
    @location(1) world_position: vec4f,
}

@group(0) @binding(0) var<uniform> u_globals: Globals;
@group(1) @binding(0) var<uniform> u_entity: Entity;
@group(0) @binding(1) var<storage, read> s_lights: array<Light>;
@group(0) @binding(2) var t_shadow: texture_depth_2d_array;
@group(0) @binding(3) var sampler_shadow: sampler_comparison;
@group(0) @binding(4) var<uniform> u_lights: array<Light, 10>;

fn fetch_shadow(light_id: u32, homogeneous_coords: vec4f) -> f32 {
    if homogeneous_coords.w <= 0.0f {
        return 1.0f;
    }
    let proj_correction = 1.0f / homogeneous_coords.w;
    let light_local = homogeneous_coords.xy * vec2f(0.5f, -0.5f) * proj_correction + vec2f(0.5f);
    let texel = textureSampleCompareLevel(t_shadow, sampler_shadow, light_local, i32(light_id), homogeneous_coords.z * proj_correction);
    return texel;
}

@vertex
fn vs_main(@location(0) position: vec4i, @location(1) normal: vec4i) -> VsMainOutput {
    let w = u_entity.world;
    let world_pos = u_entity.world * vec4f(position);
    let t = w[0];
    let t_1 = w[1];
    let t_2 = w[2];
    return VsMainOutput(u_globals.view_proj * world_pos, mat3x3f(t.xyz, t_1.xyz, t_2.xyz) * vec3f(normal.xyz), world_pos);
}

@fragment
fn fs_main(@location(0) world_normal: vec3f, @location(1) world_position: vec4f) -> @location(0) vec4f {
    let normal = normalize(world_normal);
    let t = i32(min(u_globals.num_lights.x, 10u)) - 1i;
    var i: i32 = 0i;
    var v: u32 = bitcast<u32>(t) - 0u;
    var v_1: bool = 0i <= t;
    var v_2: u32 = 0u;
    var color: vec3f = vec3f(0.05f);
    var color_1: vec3f;
    loop {
        if !(v_2 < 10u) {
            color_1 = color;
            break;
        }
        if !v_1 {
            color_1 = color;
            break;
        }
        let light = s_lights[min(u32(i), arrayLength(&s_lights) - 1u)];
        let shadow = fetch_shadow(u32(i), light.proj * world_position);
        let t_1 = light.pos;
        let light_dir = normalize(t_1.xyz - world_position.xyz);
        let diffuse = max(0.0f, dot(normal, light_dir));
        let t_2 = light.color;
        let color_2 = color + t_2.xyz * (shadow * diffuse);
        let next_v = v != 0u;
        i = i + 1i;
        v = v - 1u;
        v_1 = next_v;
        v_2 = v_2 + 1u;
        color = color_2;
    }
    return vec4f(color_1, 1.0f) * u_entity.color;
}

@fragment
fn fs_main_without_storage(@location(0) world_normal: vec3f, @location(1) world_position: vec4f) -> @location(0) vec4f {
    let normal = normalize(world_normal);
    var v: u32 = 0u;
    var color: vec3f = vec3f(0.05f);
    var i: u32 = 0u;
    var color_1: vec3f;
    loop {
        if !(v < 10u) {
            color_1 = color;
            break;
        }
        if !(i < min(u_globals.num_lights.x, 10u)) {
            color_1 = color;
            break;
        }
        let light = u_lights[min(i, 9u)];
        let shadow = fetch_shadow(i, light.proj * world_position);
        let t = light.pos;
        let light_dir = normalize(t.xyz - world_position.xyz);
        let t_1 = light.color;
        let color_2 = color + t_1.xyz * (shadow * max(0.0f, dot(normal, light_dir)));
        let i_1 = i + 1u;
        v = v + 1u;
        color = color_2;
        i = i_1;
    }
    return vec4f(color_1, 1.0f) * u_entity.color;
}
