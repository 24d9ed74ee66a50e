#version 450

layout(location = 1) in float opacity;

void main() {
    float pattern = fract(dot(floor(gl_FragCoord.xy), vec2(0.5, 0.25)));
    if (opacity < pattern) {
        discard;
    }
}
