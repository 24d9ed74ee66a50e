struct View {
    view_proj: mat4x4f,
    inv_view_proj: mat4x4f,
    viewport: vec4f,
}

struct Decal {
    world_to_box: mat4x4f,
    box_to_world: mat4x3f,
    atlas_rect: vec4f,
    color: vec4f,
    angle_fade: f32,
    normal_strength: f32,
    layer: i32,
    flags: u32,
}

struct DecalVsOutput {
    @builtin(position) pos: vec4f,
    @location(0) @interpolate(flat) decal: u32,
}

struct DecalFsOutput {
    @location(0) albedo: vec4f,
    @location(1) normal: vec4f,
}

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var<storage, read> decals: array<Decal>;
@group(0) @binding(2) var depth_tex: texture_2d<f32>;
@group(0) @binding(3) var normal_tex: texture_2d<f32>;
@group(0) @binding(4) var atlas: texture_2d_array<f32>;
@group(0) @binding(5) var atlas_normals: texture_2d_array<f32>;
@group(0) @binding(7) var aniso: sampler;

fn decode_normal(enc: vec2f) -> vec3f {
    let f = enc * 2.0f - vec2f(1.0f);
    let n = vec3f(f, 1.0f - abs(f.x) - abs(f.y));
    let t = saturate(-n.z);
    let s = vec2f(select(t, -t, n.x >= 0.0f), select(t, -t, n.y >= 0.0f));
    return normalize(vec3f(n.xy + s, n.z));
}

fn world_from_depth(pixel: vec2f, depth: f32) -> vec3f {
    let viewport = view.viewport;
    let ndc = vec4f(pixel * viewport.zw * 2.0f - vec2f(1.0f), depth, 1.0f);
    let h = view.inv_view_proj * ndc;
    return h.xyz / vec3f(h.w);
}

@vertex
fn decal_vs(@location(0) corner: vec3f, @builtin(instance_index) inst: u32) -> DecalVsOutput {
    let d = decals[min(inst, arrayLength(&decals) - 1u)];
    let world = d.box_to_world * vec4f(corner, 1.0f);
    return DecalVsOutput(view.view_proj * vec4f(world, 1.0f), inst);
}

@fragment
fn decal_fs(@builtin(position) pos: vec4f, @location(0) @interpolate(flat) decal: u32) -> DecalFsOutput {
    let d = decals[min(decal, arrayLength(&decals) - 1u)];
    let pixel = pos.xy;
    let depth = textureLoad(depth_tex, vec2i(pixel), 0i).x;
    let world = world_from_depth(pixel, depth);
    let t = d.world_to_box * vec4f(world, 1.0f);
    let box = t.xyz;
    if any(abs(box) > vec3f(0.5f)) {
        discard;
    }
    let texel = textureLoad(normal_tex, vec2i(pixel), 0i);
    let gn = decode_normal(texel.xy);
    let up = normalize(vec3f(d.world_to_box[0].z, d.world_to_box[1].z, d.world_to_box[2].z));
    let facing = dot(gn, -up);
    if facing < d.angle_fade {
        discard;
    }
    let right = world_from_depth(pixel + vec2f(1.0f, 0.0f), textureLoad(depth_tex, vec2i(pixel) + vec2i(1i, 0i), 0i).x);
    let below = world_from_depth(pixel + vec2f(0.0f, 1.0f), textureLoad(depth_tex, vec2i(pixel) + vec2i(0i, 1i), 0i).x);
    let uv = box.xy + vec2f(0.5f);
    let t_1 = d.world_to_box * vec4f(right, 1.0f);
    let ddx_uv = t_1.xy + vec2f(0.5f) - uv;
    let t_2 = d.world_to_box * vec4f(below, 1.0f);
    let ddy_uv = t_2.xy + vec2f(0.5f) - uv;
    let t_3 = d.atlas_rect;
    let t_4 = d.atlas_rect;
    let atlas_uv = t_3.xy + uv * t_4.zw;
    let t_5 = d.atlas_rect;
    let t_6 = d.atlas_rect;
    let texel_1 = textureSampleGrad(atlas, aniso, atlas_uv, d.layer, ddx_uv * t_5.zw, ddy_uv * t_6.zw);
    let color = texel_1 * d.color;
    let fade = saturate((facing - d.angle_fade) * 4.0f) * (1.0f - smoothstep(0.4f, 0.5f, abs(box.z)));
    var n: vec3f = gn;
    if (d.flags & 1u) != 0u {
        let texel_2 = textureSampleGrad(atlas_normals, aniso, atlas_uv, d.layer, ddx_uv, ddy_uv);
        let tn = texel_2.xyz * 2.0f - vec3f(1.0f);
        let t_7 = normalize(vec3f(d.world_to_box[0].x, d.world_to_box[1].x, d.world_to_box[2].x));
        let b = cross(gn, t_7);
        n = normalize(mix(gn, mat3x3f(t_7, b, gn) * tn, vec3f(d.normal_strength * fade)));
    }
    return DecalFsOutput(vec4f(color.xyz, color.w * fade), vec4f(n * 0.5f + vec3f(0.5f), color.w * fade));
}
