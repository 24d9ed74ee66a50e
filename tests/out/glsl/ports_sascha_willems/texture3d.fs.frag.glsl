#version 450

layout(location = 0) in vec3 uvw;
layout(location = 1) in float lod_bias;
layout(location = 2) in vec3 normal;
layout(location = 3) in vec3 view_vec;
layout(location = 4) in vec3 light_vec;
layout(location = 0) out vec4 color;

layout(set = 0, binding = 1) uniform sampler3D sampler_color;

void main() {
    vec4 color_1 = texture(sampler_color, uvw);
    vec3 n = normalize(normal);
    vec3 l = normalize(light_vec);
    vec3 v = normalize(view_vec);
    vec3 r = reflect(-l, n);
    vec3 diffuse = vec3(1.0) * max(dot(n, l), 0.0);
    float specular = pow(max(dot(r, v), 0.0), 16.0) * color_1.x;
    color = vec4(diffuse * color_1.x + vec3(specular), 1.0);
}
