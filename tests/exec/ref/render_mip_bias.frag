#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 2) uniform sampler2DArray atlas;
layout(set = 0, binding = 4, std140) uniform M { float lod_bias; int layer; } material;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 c0;
layout(location = 1) out vec4 c1;
layout(location = 2) out vec4 c2;
layout(location = 3) out vec4 c3;
layout(location = 4) out vec4 c4;
layout(location = 5) out vec4 c5;
layout(location = 6) out vec4 c6;
void main() {
    c0 = texture(tex, uv);
    c1 = texture(tex, uv, 1.0);
    c2 = texture(tex, uv, 2.0);
    c3 = texture(atlas, vec3(uv, 1.0), 2.0);
    c4 = texture(atlas, vec3(uv, 0.0), -1.0);
    c5 = textureGrad(atlas, vec3(uv, 1.0), vec2(0.5, 0.0), vec2(0.0, 0.5));
    c6 = texture(atlas, vec3(uv, float(material.layer)), material.lod_bias);
}
