#version 450

layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint id;
layout(location = 2) noperspective in float fade;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 0, std140) uniform material_block {
    vec4 tint;
    float cutoff;
} material;
layout(set = 1, binding = 0) uniform texture2D albedo_tex;
layout(set = 1, binding = 1) uniform sampler albedo_samp;

void main() {
    vec4 texel = texture(sampler2D(albedo_tex, albedo_samp), uv);
    vec4 tint = material.tint;
    float cutoff = material.cutoff;
    vec4 t = texel * tint;
    if (t.w < cutoff) {
        discard;
    }
    color = t * fade;
    gl_FragDepth = gl_FragCoord.z * 0.5;
}
