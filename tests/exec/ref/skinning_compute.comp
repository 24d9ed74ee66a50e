#version 450
layout(local_size_x = 4) in;
struct Bone { mat4 transform; mat3 normal; float scale; };
struct VertexIn { vec3 position; uint bone_base; vec3 normal; uint flags; uvec4 joints; vec4 weights; };
struct VertexOut { vec3 position; float weight_sum; vec3 normal; float det; vec4 affine; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { Bone bones[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { mat3x4 affine_bones[]; };
layout(set = 0, binding = 2, std430) readonly buffer B2 { VertexIn src[]; };
layout(set = 0, binding = 3, std430) buffer B3 { VertexOut dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    VertexIn v = src[i];
    mat4 m = mat4(0.0);
    mat3 nm = mat3(0.0);
    for (int k = 0; k < 4; k++) {
        Bone b = bones[v.bone_base + v.joints[k]];
        m += b.transform * v.weights[k];
        nm += b.normal * (v.weights[k] * b.scale);
    }
    mat3 it = transpose(inverse(mat3(m)));
    VertexOut o;
    o.position = (m * vec4(v.position, 1.0)).xyz;
    o.weight_sum = dot(v.weights, vec4(1.0));
    o.normal = nm * v.normal + it * v.normal;
    o.det = determinant(mat3(m));
    vec3 a = vec4(v.position, 1.0) * affine_bones[v.joints.x];
    o.affine = vec4(a, float(v.flags));
    dst[i] = o;
}
