#version 450
struct Light { vec3 direction; float intensity; vec3 color; uint enabled; };
layout(set = 0, binding = 0, std140) uniform Camera { mat4 view_proj; vec3 ambient; int light_count; Light lights[2]; } camera;
layout(location = 0) in vec3 normal;
layout(location = 1) noperspective in vec2 local_uv;
layout(location = 2) flat in uint instance_in;
layout(location = 3) in vec4 tint;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 extra;
layout(location = 2) out uint id;
void main() {
    vec3 n = normalize(normal);
    vec3 total = camera.ambient;
    for (int i = 0; i < 2; i++) {
        Light l = camera.lights[i];
        if (i < camera.light_count && l.enabled != 0u)
            total += l.color * (l.intensity * max(dot(n, -l.direction), 0.0));
    }
    color = vec4(tint.rgb * total, tint.a);
    extra = vec4(local_uv, n.x, n.z);
    id = instance_in;
}
