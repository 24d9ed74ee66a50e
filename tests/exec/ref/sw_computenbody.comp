#version 450
struct Particle { vec4 pos; vec4 vel; };
layout(std430, set = 0, binding = 0) buffer Pos { Particle particles[]; };
layout(std140, set = 0, binding = 1) uniform UBO { float deltaT; int particleCount; float gravity; float power; float soften; } ubo;
layout(local_size_x = 4) in;
shared vec4 sharedData[4];
void main() {
    uint index = gl_GlobalInvocationID.x;
    bool isActive = index < uint(ubo.particleCount);
    vec4 position = particles[min(index, uint(ubo.particleCount) - 1u)].pos;
    vec4 acc = vec4(0.0);
    for (int i = 0; i < ubo.particleCount; i += 4) {
        int src = i + int(gl_LocalInvocationID.x);
        sharedData[gl_LocalInvocationID.x] = src < ubo.particleCount ? particles[src].pos : vec4(0.0);
        barrier();
        for (int j = 0; j < 4; j++) {
            vec4 other = sharedData[j];
            vec3 len = other.xyz - position.xyz;
            acc.xyz += ubo.gravity * len * other.w / pow(dot(len, len) + ubo.soften, ubo.power);
        }
        barrier();
    }
    if (isActive) {
        particles[index].vel.xyz += ubo.deltaT * acc.xyz;
        particles[index].vel.w += 0.1 * ubo.deltaT;
        if (particles[index].vel.w > 1.0) particles[index].vel.w -= 1.0;
    }
}
