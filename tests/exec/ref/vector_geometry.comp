#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer B0 { vec4 v[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float results[]; };
layout(set = 0, binding = 2, std430) buffer B2 { vec4 vresults[]; };
void main() {
    vec3 a = v[0].xyz, b = v[1].xyz, c = v[2].xyz, d = v[3].xyz;
    results[0] = length(a); results[1] = length(vec2(-a.x, a.y)); results[2] = distance(b, c);
    results[3] = dot(b, d); results[4] = dot(b.xy, d.xy); results[5] = length(v[4]);
    vresults[0] = vec4(cross(vec3(1, 0, 0), vec3(0, 1, 0)), 0.0);
    vresults[1] = vec4(cross(b, vec3(4, 5, 6)), 0.0);
    vresults[2] = vec4(normalize(vec3(a.x, 0.0, a.y)), 0.0);
    vec3 i = vec3(1, -1, 0), n = vec3(0, 1, 0);
    vresults[3] = vec4(reflect(i, n), 0.0);
    vec3 ni = normalize(i);
    vresults[4] = vec4(refract(ni, n, 0.5), 0.0);
    vresults[5] = vec4(refract(ni, n, 2.0), 0.0);
    vec3 z = vec3(0, 0, 1);
    vresults[6] = vec4(faceforward(z, z, z), 0.0);
    vresults[7] = vec4(faceforward(z, -z, z), 0.0);
}
