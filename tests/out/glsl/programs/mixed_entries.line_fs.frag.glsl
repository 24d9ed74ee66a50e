#version 450

layout(location = 0) in vec4 color;
layout(location = 1) noperspective in float edge;
layout(location = 0) out vec4 color_1;

void main() {
    float alpha = 1.0 - smoothstep(0.6, 1.0, abs(edge));
    color_1 = vec4(color.xyz, color.w * alpha);
}
