#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(location = 0) in vec3 world_pos;
layout(location = 1) in vec3 world_normal;
layout(location = 2) in vec2 uv0;
layout(location = 3) in vec2 lightmap_uv;
layout(location = 4) in vec4 tint;
layout(location = 5) flat in uint material;
layout(location = 6) flat in int instance;
layout(location = 7) in float view_depth;
layout(location = 8) noperspective in vec2 screen_uv;
layout(location = 0) out vec4 color;
layout(location = 1) out uvec2 ids;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    mat4 view;
    vec3 eye;
    float exposure;
} camera;
layout(set = 0, binding = 1) uniform texture2DArray albedo;
layout(set = 0, binding = 2) uniform texture2D lightmap;
layout(set = 0, binding = 3) uniform sampler linear_clamp;

void main() {
    vec4 texel = texture(sampler2DArray(albedo, linear_clamp), vec3(uv0, float(int(material & 3u))));
    vec4 base = texel * tint;
    if (base.w < 0.5) {
        discard;
    }
    vec2 t = fwidth(lightmap_uv);
    vec2 footprint = t * vec2(textureSize(lightmap, 0));
    float lod_blend = clamp(max(footprint.x, footprint.y) - 1.0, 0.0, 1.0);
    vec4 texel_1 = texture(sampler2D(lightmap, linear_clamp), lightmap_uv);
    vec4 texel_2 = textureLod(sampler2D(lightmap, linear_clamp), lightmap_uv, 4.0);
    vec3 lm = mix(texel_1.xyz, texel_2.xyz, vec3(lod_blend));
    vec3 n = normalize(world_normal);
    vec3 v = normalize(camera.eye - world_pos);
    float rim = pow(1.0 - clamp(dot(n, v), 0.0, 1.0), 4.0);
    float fog = exp(-view_depth * 0.01);
    vec3 rgb = mix(vec3(0.5, 0.6, 0.7), base.xyz * lm + vec3(rim * 0.2), vec3(fog)) * camera.exposure;
    float vignette = 1.0 - 0.3 * dot(screen_uv - vec2(0.5), screen_uv - vec2(0.5));
    color = vec4(rgb * vignette, base.w);
    ids = uvec2(material, uint(instance));
}
