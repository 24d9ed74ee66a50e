#version 450
struct Particle { vec2 pos; vec2 vel; vec4 gradientPos; };
layout(std430, set = 0, binding = 0) readonly buffer In { Particle particlesIn[]; };
layout(std430, set = 0, binding = 1) buffer Out { Particle particlesOut[]; };
layout(std140, set = 0, binding = 2) uniform UBO { float deltaT; float destX; float destY; int particleCount; } ubo;
layout(local_size_x = 256) in;
vec2 attraction(vec2 pos, vec2 attractPos) {
    vec2 delta = attractPos - pos;
    float invDist = 1.0 / sqrt(dot(delta, delta) + 0.5);
    return delta * (invDist * invDist * invDist) * 0.0035;
}
vec2 repulsion(vec2 pos, vec2 attractPos) {
    vec2 delta = attractPos - pos;
    float d = sqrt(dot(delta, delta));
    return delta * (1.0 / (d * d * d)) * -0.000035;
}
void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(ubo.particleCount)) return;
    vec2 vVel = particlesIn[index].vel;
    vec2 vPos = particlesIn[index].pos;
    vec4 gPos = particlesIn[index].gradientPos;
    vec2 destPos = vec2(ubo.destX, ubo.destY);
    vVel += repulsion(vPos, destPos) * 0.05;
    vPos += vVel * ubo.deltaT;
    if (vPos.x < -1.0 || vPos.x > 1.0 || vPos.y < -1.0 || vPos.y > 1.0)
        vVel = -vVel * 0.1 + attraction(vPos, destPos) * 12.0;
    else
        particlesOut[index].pos = vPos;
    particlesOut[index].vel = vVel;
    particlesOut[index].gradientPos.x = gPos.x + 0.02 * ubo.deltaT;
    if (particlesOut[index].gradientPos.x > 1.0) particlesOut[index].gradientPos.x -= 1.0;
}
