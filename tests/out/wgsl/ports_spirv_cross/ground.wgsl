struct GlobalVSData {
    view_proj_row0: vec4f,
    view_proj_row1: vec4f,
    view_proj_row2: vec4f,
    view_proj_row3: vec4f,
    cam_pos: vec4f,
    sun_dir: vec4f,
    sun_color: vec4f,
    fog_color_distance: vec4f,
}

struct GlobalGround {
    ground_scale: vec4f,
    ground_position: vec4f,
    inv_ground_size_patch_scale: vec4f,
}

struct PatchData {
    position: vec4f,
    lods: vec4f,
}

struct PerPatch {
    patches: array<PatchData, 256>,
}

struct VsOutput {
    @builtin(position) clip: vec4f,
    @location(0) tex_coord: vec2f,
    @location(1) eye_vec: vec3f,
}

@group(0) @binding(0) var<uniform> global: GlobalVSData;
@group(0) @binding(1) var<uniform> ground: GlobalGround;
@group(0) @binding(2) var<uniform> per_patch: PerPatch;
@group(0) @binding(3) var tex_heightmap_tex: texture_2d<f32>;
@group(0) @binding(4) var tex_heightmap_samp: sampler;
@group(0) @binding(5) var tex_lod_tex: texture_2d<f32>;
@group(0) @binding(6) var tex_lod_samp: sampler;

fn lod_factor(uv: vec2f) -> vec2f {
    let texel = textureSampleLevel(tex_lod_tex, tex_lod_samp, uv, 0.0f);
    let level = texel.x * 7.96875f;
    let floor_level = floor(level);
    return vec2f(floor_level, level - floor_level);
}

fn warp_position(position: vec2f, lod_weights: vec4f, instance: u32) -> vec2f {
    let p = per_patch.patches[min(instance, 255u)];
    let vlod = dot(lod_weights, p.lods);
    let vlod_1 = select(vlod, p.position.w, all(lod_weights == vec4f(0.0f)));
    let floor_lod = floor(vlod_1);
    let fract_lod = vlod_1 - floor_lod;
    let ufloor_lod = u32(floor_lod);
    let u_position = vec2u(position);
    let mask = (vec2u(1u) << vec2u(ufloor_lod, ufloor_lod + 1u)) - vec2u(1u);
    let rounding = vec2u(select(0u, mask.x, u_position.x < 32u), select(0u, mask.y, u_position.y < 32u));
    let t = u_position + rounding;
    let t_1 = ~mask;
    let snapped = vec4f(t.xyxy & t_1.xxyy);
    return mix(snapped.xy, snapped.zw, vec2f(fract_lod));
}

fn corners(a: vec4f, b: vec4f) -> array<vec4f, 2> {
    return array<vec4f, 2>(a, b);
}

fn fog_factor(world: vec3f) -> vec4f {
    let cam_pos = global.cam_pos;
    let eye = world - cam_pos.xyz;
    let n_eye = normalize(eye);
    let w = exp(-dot(eye, eye) * global.fog_color_distance.w * 0.75f);
    let sun_dir = global.sun_dir;
    let sun = pow(saturate(dot(n_eye, sun_dir.xyz)), 8.0f);
    let c = mix(vec3f(1.0f), vec3f(0.6f, 0.6f, 0.9f), vec3f(n_eye.y * 0.5f + 0.5f));
    return vec4f(mix(c, vec3f(0.95f, 0.87f, 0.78f), vec3f(sun)), w);
}

fn apply_fog(color: vec3f, fog: vec4f) -> vec3f {
    return mix(fog.xyz, color, vec3f(fog.w));
}

fn apply_lighting(color: vec3f, diffuse: f32) -> vec3f {
    let sun_color = global.sun_color;
    let lighting = sun_color.xyz * diffuse + vec3f(0.1f, 0.175f, 0.275f);
    return color * lighting;
}

@vertex
fn vs(@location(0) position: vec2f, @location(1) lod_weights: vec4f, @builtin(instance_index) instance: u32) -> VsOutput {
    let scale = ground.inv_ground_size_patch_scale;
    let position_1 = per_patch.patches[min(instance, 255u)].position;
    let patch_pos = position_1.xz * scale.zw;
    let warp_position_1 = warp_position(position, lod_weights, instance);
    let vertex_pos = patch_pos + warp_position_1;
    let normalized = vertex_pos * scale.xy;
    let lod = lod_factor(normalized);
    let offset = scale.xy * exp2(lod.x);
    let texel = textureSampleLevel(tex_heightmap_tex, tex_heightmap_samp, normalized + offset * 0.5f, lod.x);
    let texel_1 = textureSampleLevel(tex_heightmap_tex, tex_heightmap_samp, normalized + offset * 1.0f, lod.x + 1.0f);
    let elevation = mix(texel.x, texel_1.x, lod.y);
    let world = vec3f(normalized.x, elevation, normalized.y);
    let ground_scale = ground.ground_scale;
    let world_1 = world * ground_scale.xyz;
    let ground_position = ground.ground_position;
    let world_2 = world_1 + ground_position.xyz;
    let rows = corners(global.view_proj_row0, global.view_proj_row1);
    let cam_pos = global.cam_pos;
    return VsOutput(rows[0] * world_2.x + rows[1] * world_2.y + global.view_proj_row2 * world_2.z + global.view_proj_row3, normalized + scale.xy * 0.5f, world_2 - cam_pos.xyz);
}

@fragment
fn fs(@location(0) tex_coord: vec2f, @location(1) eye_vec: vec3f) -> @location(0) vec4f {
    let texel = textureSample(tex_heightmap_tex, tex_heightmap_samp, tex_coord);
    let base = texel.xyz;
    let sun_dir = global.sun_dir;
    let lit = apply_lighting(base, saturate(dot(normalize(-eye_vec), sun_dir.xyz)));
    let cam_pos = global.cam_pos;
    let fog = fog_factor(eye_vec + cam_pos.xyz);
    let apply_fog_1 = apply_fog(lit, fog);
    return vec4f(apply_fog_1, 1.0f);
}
