#version 450

struct Particle {
    vec4 position;
    vec4 velocity;
};

layout(location = 0) out vec2 uv;
layout(location = 1) flat out float fade;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view;
    mat4 proj;
} camera;
layout(set = 0, binding = 1, std430) readonly buffer particles_block {
    Particle particles[];
};

void main() {
    vec2 local[4] = vec2[4](vec2(-1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0));
    Particle p = particles[min(uint(gl_InstanceIndex), uint(particles.length()) - 1u)];
    vec2 corner = local[min(uint(gl_VertexIndex) & 3u, 3u)];
    vec4 t = p.position;
    vec4 view_pos = camera.view * vec4(t.xyz, 1.0);
    vec2 t_1 = view_pos.xy + corner * p.velocity.w;
    vec4 view_pos_1 = vec4(t_1, view_pos.zw);
    gl_Position = camera.proj * view_pos_1;
    uv = corner * 0.5 + vec2(0.5);
    fade = clamp(p.position.w, 0.0, 1.0);
}
