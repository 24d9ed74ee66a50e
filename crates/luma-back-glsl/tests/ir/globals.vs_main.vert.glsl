#version 450

struct Camera {
    mat4 view_proj;
    vec3 position;
    float exposure;
};

struct Particle {
    vec3 pos;
    float life;
};

layout(constant_id = 0) const float SCALE = 1.5;
layout(constant_id = 1) const bool USE_FOG = true;
const vec3 ORIGIN = vec3(0.0);

layout(location = 0) in vec3 offset;
layout(location = 0) flat out uint id;
layout(location = 1) noperspective out float fog;

layout(set = 0, binding = 0, std140) uniform camera_block {
    mat4 view_proj;
    vec3 position;
    float exposure;
} camera;
layout(push_constant, std430) uniform push_block {
    mat4 model;
    vec4 tint;
} push;
layout(set = 0, binding = 1, std430) readonly buffer particles_block {
    Particle particles[];
};
uint counter = 0u;
float history[100];
layout(set = 0, binding = 2, std140) uniform weights_block {
    float weights[4];
};
layout(set = 0, binding = 3, std430) buffer snapshot_block {
    mat4 view_proj;
    vec3 position;
    float exposure;
} snapshot;

void main() {
    for (int i = 0; i < 100; ++i) {
        history[i] = 0.0;
    }
    vec4 scratch[32];
    for (int i_1 = 0; i_1 < 32; ++i_1) {
        scratch[i_1] = vec4(0.0);
    }
    Particle p = Particle(vec3(0.0), 0.0);
    Particle particle = particles[min(uint(gl_VertexIndex), uint(particles.length()) - 1u)];
    p = particle;
    mat4 model = push.model;
    mat4 view_proj = camera.view_proj;
    vec4 clip = view_proj * model * vec4((particle.pos + offset) * SCALE + ORIGIN, 1.0);
    Camera cam = Camera(camera.view_proj, camera.position, camera.exposure);
    snapshot.view_proj = cam.view_proj;
    snapshot.position = cam.position;
    snapshot.exposure = cam.exposure;
    float t = USE_FOG ? cam.exposure : (clip * model).x;
    uint counter_1 = counter;
    counter = counter_1 + 1u;
    history[min(uint(gl_InstanceIndex), 99u)] = t;
    scratch[min(uint(gl_InstanceIndex), 31u)] = clip;
    float w = weights[min(uint(gl_VertexIndex), 3u)];
    gl_Position = clip;
    id = uint(gl_VertexIndex) + uint(gl_InstanceIndex);
    fog = t * w;
}
