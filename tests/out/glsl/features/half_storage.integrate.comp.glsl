#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

struct Particle {
    f16vec3 pos;
    float16_t life;
    f16vec2 vel;
    uint id;
    f16mat2 basis;
};

layout(set = 0, binding = 0, std430) buffer particles_block {
    Particle particles[];
};
layout(set = 0, binding = 1, std430) readonly buffer weights_block {
    float16_t weights[];
};

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint t = uint(particles.length());
    if (i >= uint(int(t))) {
        return;
    }
    uint t_1 = uint(weights.length());
    float16_t w = weights[min(luma_rem(i, uint(int(t_1))), uint(weights.length()) - 1u)];
    f16vec2 vel = particles[min(i, uint(particles.length()) - 1u)].vel;
    f16vec3 pos = particles[min(i, uint(particles.length()) - 1u)].pos;
    particles[min(i, uint(particles.length()) - 1u)].pos = pos + f16vec3(vel * 0.01600647hf * w, 0.0hf);
    float16_t life = particles[min(i, uint(particles.length()) - 1u)].life;
    particles[min(i, uint(particles.length()) - 1u)].life = max(life - 0.01600647hf, 0.0hf);
    f16mat2 basis = particles[min(i, uint(particles.length()) - 1u)].basis;
    particles[min(i, uint(particles.length()) - 1u)].basis = basis * w;
    f16vec3 pos_1 = particles[min(i, uint(particles.length()) - 1u)].pos;
    if (any(isnan(pos_1))) {
        particles[min(i, uint(particles.length()) - 1u)].pos = f16vec3(0.0hf);
    }
}
