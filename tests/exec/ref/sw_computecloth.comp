#version 450
struct Particle { vec4 pos; vec4 vel; vec4 uv; vec4 normal; };
layout(std430, set = 0, binding = 0) readonly buffer PIn { Particle particleIn[]; };
layout(std430, set = 0, binding = 1) buffer POut { Particle particleOut[]; };
layout(local_size_x = 10, local_size_y = 10) in;
layout(std140, set = 0, binding = 2) uniform UBO {
    float deltaT; float particleMass; float springStiffness; float damping;
    float restDistH; float restDistV; float restDistD; float sphereRadius;
    vec4 spherePos; vec4 gravity; ivec2 particleCount;
} params;
layout(push_constant) uniform PushConsts { uint calculateNormals; } pushConsts;
vec3 springForce(vec3 p0, vec3 p1, float restDist) {
    vec3 dist = p0 - p1;
    return normalize(dist) * params.springStiffness * (length(dist) - restDist);
}
void main() {
    uvec3 id = gl_GlobalInvocationID;
    uvec2 cnt = uvec2(params.particleCount);
    if (id.x >= cnt.x || id.y >= cnt.y) return;
    uint index = id.y * cnt.x + id.x;
    vec3 force = params.gravity.xyz * params.particleMass;
    vec3 pos = particleIn[index].pos.xyz;
    vec3 vel = particleIn[index].vel.xyz;
    bool L = id.x > 0u, R = id.x < cnt.x - 1u, U = id.y < cnt.y - 1u, D = id.y > 0u;
    if (L) force += springForce(particleIn[index - 1u].pos.xyz, pos, params.restDistH);
    if (R) force += springForce(particleIn[index + 1u].pos.xyz, pos, params.restDistH);
    if (U) force += springForce(particleIn[index + cnt.x].pos.xyz, pos, params.restDistV);
    if (D) force += springForce(particleIn[index - cnt.x].pos.xyz, pos, params.restDistV);
    if (L && U) force += springForce(particleIn[index + cnt.x - 1u].pos.xyz, pos, params.restDistD);
    if (L && D) force += springForce(particleIn[index - cnt.x - 1u].pos.xyz, pos, params.restDistD);
    if (R && U) force += springForce(particleIn[index + cnt.x + 1u].pos.xyz, pos, params.restDistD);
    if (R && D) force += springForce(particleIn[index - cnt.x + 1u].pos.xyz, pos, params.restDistD);
    force += -params.damping * vel;
    vec3 f = force * (1.0 / params.particleMass);
    particleOut[index].pos = vec4(pos + vel * params.deltaT + 0.5 * f * params.deltaT * params.deltaT, 1.0);
    particleOut[index].vel = vec4(vel + f * params.deltaT, 0.0);
    vec3 sd = particleOut[index].pos.xyz - params.spherePos.xyz;
    if (length(sd) < params.sphereRadius + 0.01) {
        particleOut[index].pos.xyz = params.spherePos.xyz + normalize(sd) * (params.sphereRadius + 0.01);
        particleOut[index].vel = vec4(0.0);
    }
    if (pushConsts.calculateNormals == 1u) {
        vec3 normal = vec3(0.0);
        vec3 a, b, c;
        if (D) {
            if (L) { a = particleIn[index - 1u].pos.xyz - pos; b = particleIn[index - cnt.x - 1u].pos.xyz - pos; c = particleIn[index - cnt.x].pos.xyz - pos; normal += cross(a, b) + cross(b, c); }
            if (R) { a = particleIn[index - cnt.x].pos.xyz - pos; b = particleIn[index - cnt.x + 1u].pos.xyz - pos; c = particleIn[index + 1u].pos.xyz - pos; normal += cross(a, b) + cross(b, c); }
        }
        if (U) {
            if (L) { a = particleIn[index + cnt.x].pos.xyz - pos; b = particleIn[index + cnt.x - 1u].pos.xyz - pos; c = particleIn[index - 1u].pos.xyz - pos; normal += cross(a, b) + cross(b, c); }
            if (R) { a = particleIn[index + 1u].pos.xyz - pos; b = particleIn[index + cnt.x + 1u].pos.xyz - pos; c = particleIn[index + cnt.x].pos.xyz - pos; normal += cross(a, b) + cross(b, c); }
        }
        particleOut[index].normal = vec4(normalize(normal), 0.0);
    }
}
