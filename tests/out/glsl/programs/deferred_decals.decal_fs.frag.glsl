#version 450
#extension GL_EXT_samplerless_texture_functions : require

struct Decal {
    mat4 world_to_box;
    mat4x3 box_to_world;
    vec4 atlas_rect;
    vec4 color;
    float angle_fade;
    float normal_strength;
    int layer;
    uint flags;
};

layout(location = 0) flat in uint decal;
layout(location = 0) out vec4 albedo;
layout(location = 1) out vec4 normal;

layout(set = 0, binding = 0, std140) uniform view_block {
    mat4 view_proj;
    mat4 inv_view_proj;
    vec4 viewport;
} view;
layout(set = 0, binding = 1, std430) readonly buffer decals_block {
    Decal decals[];
};
layout(set = 0, binding = 2) uniform texture2D depth_tex;
layout(set = 0, binding = 3) uniform texture2D normal_tex;
layout(set = 0, binding = 4) uniform texture2DArray atlas;
layout(set = 0, binding = 5) uniform texture2DArray atlas_normals;
layout(set = 0, binding = 7) uniform sampler aniso;

vec3 decode_normal(vec2 enc) {
    vec2 f = enc * 2.0 - vec2(1.0);
    vec3 n = vec3(f, 1.0 - abs(f.x) - abs(f.y));
    float t = clamp(-n.z, 0.0, 1.0);
    vec2 s = vec2(n.x >= 0.0 ? -t : t, n.y >= 0.0 ? -t : t);
    return normalize(vec3(n.xy + s, n.z));
}

vec3 world_from_depth(vec2 pixel, float depth) {
    vec4 viewport = view.viewport;
    vec4 ndc = vec4(pixel * viewport.zw * 2.0 - vec2(1.0), depth, 1.0);
    vec4 h = view.inv_view_proj * ndc;
    return h.xyz / vec3(h.w);
}

void main() {
    Decal d = decals[min(decal, uint(decals.length()) - 1u)];
    vec2 pixel = gl_FragCoord.xy;
    float depth = texelFetch(depth_tex, clamp(ivec2(pixel), ivec2(0), textureSize(depth_tex, 0) - 1), 0).x;
    vec3 world = world_from_depth(pixel, depth);
    vec4 t = d.world_to_box * vec4(world, 1.0);
    vec3 box = t.xyz;
    if (any(greaterThan(abs(box), vec3(0.5)))) {
        discard;
    }
    vec4 texel = texelFetch(normal_tex, clamp(ivec2(pixel), ivec2(0), textureSize(normal_tex, 0) - 1), 0);
    vec3 gn = decode_normal(texel.xy);
    vec3 up = normalize(vec3(d.world_to_box[0].z, d.world_to_box[1].z, d.world_to_box[2].z));
    float facing = dot(gn, -up);
    if (facing < d.angle_fade) {
        discard;
    }
    vec3 right = world_from_depth(pixel + vec2(1.0, 0.0), texelFetch(depth_tex, clamp(ivec2(pixel) + ivec2(1, 0), ivec2(0), textureSize(depth_tex, 0) - 1), 0).x);
    vec3 below = world_from_depth(pixel + vec2(0.0, 1.0), texelFetch(depth_tex, clamp(ivec2(pixel) + ivec2(0, 1), ivec2(0), textureSize(depth_tex, 0) - 1), 0).x);
    vec2 uv = box.xy + vec2(0.5);
    vec4 t_1 = d.world_to_box * vec4(right, 1.0);
    vec2 ddx_uv = t_1.xy + vec2(0.5) - uv;
    vec4 t_2 = d.world_to_box * vec4(below, 1.0);
    vec2 ddy_uv = t_2.xy + vec2(0.5) - uv;
    vec4 t_3 = d.atlas_rect;
    vec4 t_4 = d.atlas_rect;
    vec2 atlas_uv = t_3.xy + uv * t_4.zw;
    vec4 t_5 = d.atlas_rect;
    vec4 t_6 = d.atlas_rect;
    vec4 texel_1 = textureGrad(sampler2DArray(atlas, aniso), vec3(atlas_uv, float(d.layer)), ddx_uv * t_5.zw, ddy_uv * t_6.zw);
    vec4 color = texel_1 * d.color;
    float fade = clamp((facing - d.angle_fade) * 4.0, 0.0, 1.0) * (1.0 - smoothstep(0.4, 0.5, abs(box.z)));
    vec3 n = gn;
    if ((d.flags & 1u) != 0u) {
        vec4 texel_2 = textureGrad(sampler2DArray(atlas_normals, aniso), vec3(atlas_uv, float(d.layer)), ddx_uv, ddy_uv);
        vec3 tn = texel_2.xyz * 2.0 - vec3(1.0);
        vec3 t_7 = normalize(vec3(d.world_to_box[0].x, d.world_to_box[1].x, d.world_to_box[2].x));
        vec3 b = cross(gn, t_7);
        n = normalize(mix(gn, mat3(t_7, b, gn) * tn, vec3(d.normal_strength * fade)));
    }
    albedo = vec4(color.xyz, color.w * fade);
    normal = vec4(n * 0.5 + vec3(0.5), color.w * fade);
}
