#version 450
layout(local_size_x = 4) in;
struct Particle { vec2 pos; vec2 vel; };
layout(set = 0, binding = 0, std140) uniform U0 { float dt, r1d, r2d, r3d, r1s, r2s, r3s; } params;
layout(set = 0, binding = 1, std430) readonly buffer B1 { Particle src[]; };
layout(set = 0, binding = 2, std430) buffer B2 { Particle dst[]; };
void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= 6u) return;
    vec2 vPos = src[index].pos, vVel = src[index].vel;
    vec2 cMass = vec2(0.0), cVel = vec2(0.0), colVel = vec2(0.0);
    int cMassCount = 0, cVelCount = 0;
    for (uint i = 0u; i < 6u; i++) {
        if (i == index) continue;
        vec2 pos = src[i].pos, vel = src[i].vel;
        if (distance(pos, vPos) < params.r1d) { cMass += pos; cMassCount++; }
        if (distance(pos, vPos) < params.r2d) { colVel -= pos - vPos; }
        if (distance(pos, vPos) < params.r3d) { cVel += vel; cVelCount++; }
    }
    if (cMassCount > 0) cMass = cMass / float(cMassCount) - vPos;
    if (cVelCount > 0) cVel /= float(cVelCount);
    vVel += cMass * params.r1s + colVel * params.r2s + cVel * params.r3s;
    vVel = normalize(vVel) * clamp(length(vVel), 0.0, 0.1);
    vPos += vVel * params.dt;
    if (vPos.x < -1.0) vPos.x = 1.0;
    if (vPos.x > 1.0) vPos.x = -1.0;
    if (vPos.y < -1.0) vPos.y = 1.0;
    if (vPos.y > 1.0) vPos.y = -1.0;
    dst[index].pos = vPos; dst[index].vel = vVel;
}
