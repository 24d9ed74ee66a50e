#version 450
struct Light { vec3 direction; float intensity; vec3 color; uint enabled; };
layout(set = 0, binding = 0, std140) uniform Camera { mat4 view_proj; vec3 ambient; int light_count; Light lights[2]; } camera;
struct Instance { mat4 model; vec4 tint; uint material; };
layout(set = 0, binding = 1, std430) readonly buffer Instances { Instance instances[]; };
layout(location = 0) out vec3 normal;
layout(location = 1) noperspective out vec2 local_uv;
layout(location = 2) flat out uint instance_out;
layout(location = 3) out vec4 tint;
const vec2 CORNERS[6] = vec2[6](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
void main() {
    Instance inst = instances[gl_InstanceIndex];
    vec2 corner = CORNERS[uint(gl_VertexIndex) % 6u];
    vec4 world = inst.model * vec4(corner, 0.0, 1.0);
    gl_Position = camera.view_proj * world;
    normal = normalize(transpose(inverse(mat3(inst.model))) * vec3(0.6, 0.0, 0.8));
    local_uv = corner * 0.5 + 0.5;
    instance_out = uint(gl_InstanceIndex) + inst.material * 16u;
    tint = inst.tint;
}
