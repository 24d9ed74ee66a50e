#version 450

layout(early_fragment_tests) in;

layout(location = 0) in vec4 color;

layout(set = 0, binding = 0) uniform sampler2D cutout;

void main() {
    vec4 texel = texture(cutout, gl_FragCoord.xy / vec2(256.0));
    float a = texel.w * color.w;
    if (a < 0.5) {
        discard;
    }
}
