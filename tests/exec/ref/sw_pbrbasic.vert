#version 450
layout(location = 0) in vec3 inPos;
layout(location = 1) in vec3 inNormal;
layout(std140, set = 0, binding = 0) uniform UBO { mat4 projection; mat4 model; mat4 view; vec3 camPos; } ubo;
layout(push_constant) uniform PushConsts { vec3 objPos; } pushConsts;
layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
void main() {
    outWorldPos = vec3(ubo.model * vec4(inPos, 1.0)) + pushConsts.objPos;
    outNormal = mat3(ubo.model) * inNormal;
    gl_Position = ubo.projection * ubo.view * vec4(outWorldPos, 1.0);
}
