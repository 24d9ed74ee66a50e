#version 450
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform sampler samp;
layout(set = 0, binding = 2) uniform sampler2D quad;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 quadrant;
layout(location = 2) out vec4 slope;
void main() {
    color = texture(sampler2D(tex, samp), uv);
    quadrant = texture(quad, uv);
    slope = vec4(dFdx(uv) * 4.0, dFdy(uv) * 4.0) + vec4(fwidth(uv).x * 0.0);
}
