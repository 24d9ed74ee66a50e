#version 450
layout(local_size_x = 6) in;
struct Joint { vec4 axis_angle; vec4 translation; };
struct Vertex { vec4 position; vec4 normal; uvec4 joints; vec4 weights; };
layout(set = 0, binding = 0, std430) readonly buffer B0 { Joint joints[]; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { Vertex vertices[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 skinned[]; };
vec4 qmul(vec4 a, vec4 b) { return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz)); }
void joint_dq(uint j, out vec4 real, out vec4 dual) {
    float h = joints[j].axis_angle.w * 0.5;
    real = vec4(normalize(joints[j].axis_angle.xyz) * sin(h), cos(h));
    dual = 0.5 * qmul(vec4(joints[j].translation.xyz, 0.0), real);
}
vec3 rotate_by(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }
void main() {
    uint i = gl_LocalInvocationIndex;
    Vertex v = vertices[i];
    vec4 fr, fd; joint_dq(v.joints.x, fr, fd);
    vec4 real = fr * v.weights.x, dual = fd * v.weights.x;
    for (int k = 1; k < 4; k++) {
        float w = v.weights[k];
        if (w > 0.0) {
            vec4 r, d; joint_dq(v.joints[k], r, d);
            float s = dot(fr, r) < 0.0 ? -w : w;
            real += r * s; dual += d * s;
        }
    }
    float il = 1.0 / length(real);
    real *= il; dual *= il;
    vec3 t = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    skinned[2u * i] = vec4(rotate_by(real, v.position.xyz) + t, 1.0);
    skinned[2u * i + 1u] = vec4(normalize(rotate_by(real, v.normal.xyz)), 0.0);
}
