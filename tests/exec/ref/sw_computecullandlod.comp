#version 450
layout(constant_id = 0) const int MAX_LOD_LEVEL = 5;
struct InstanceData { vec3 pos; float scale; };
layout(std430, set = 0, binding = 0) readonly buffer Instances { InstanceData instances[]; };
struct Cmd { uint indexCount; uint instanceCount; uint firstIndex; int vertexOffset; uint firstInstance; };
layout(std430, set = 0, binding = 1) buffer Draws { Cmd indirectDraws[]; };
layout(std140, set = 0, binding = 2) uniform UBO { mat4 projection; mat4 modelview; vec4 cameraPos; vec4 frustumPlanes[6]; } ubo;
layout(std430, set = 0, binding = 3) buffer Stats { uint drawCount; uint lodCount[6]; } uboOut;
struct LOD { uint firstIndex; uint indexCount; float distance; float pad0; };
layout(std430, set = 0, binding = 4) readonly buffer LODs { LOD lods[]; };
layout(local_size_x = 16) in;
bool frustumCheck(vec4 pos, float radius) {
    for (int i = 0; i < 6; i++) if (dot(pos, ubo.frustumPlanes[i]) + radius < 0.0) return false;
    return true;
}
void main() {
    uint idx = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 16u;
    vec4 pos = vec4(instances[idx].pos, 1.0);
    if (frustumCheck(pos, 1.0)) {
        indirectDraws[idx].instanceCount = 1u;
        atomicAdd(uboOut.drawCount, 1u);
        int lodLevel = MAX_LOD_LEVEL;
        for (int i = 0; i < MAX_LOD_LEVEL; i++) {
            if (distance(instances[idx].pos, ubo.cameraPos.xyz) < lods[i].distance) { lodLevel = i; break; }
        }
        indirectDraws[idx].firstIndex = lods[lodLevel].firstIndex;
        indirectDraws[idx].indexCount = lods[lodLevel].indexCount;
        atomicAdd(uboOut.lodCount[lodLevel], 1u);
    } else {
        indirectDraws[idx].instanceCount = 0u;
    }
}
