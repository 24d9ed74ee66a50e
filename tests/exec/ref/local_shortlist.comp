#version 450
// Reference for local_shortlist.luma: the same algorithm in plain GLSL.
layout(local_size_x = 4) in;
struct Light { vec3 pos; float radius; vec3 color; float pad; };
layout(set = 0, binding = 0, std140) uniform P { vec3 origin; uint count; mat3 rot[3]; } params;
layout(set = 0, binding = 1, std430) readonly buffer L { Light lights[]; };
layout(set = 0, binding = 2, std430) buffer C { vec4 out_color[]; };
layout(set = 0, binding = 3, std430) buffer I { ivec4 out_index[]; };
void main() {
    uint x = gl_GlobalInvocationID.x;
    vec3 p = params.origin + vec3(float(x), 0.0, 0.0);
    float dist[4] = float[4](1e30, 1e30, 1e30, 1e30);
    int idx[4] = int[4](-1, -1, -1, -1);
    int count = 0;
    int n = int(min(params.count, uint(lights.length())));
    for (int i = 0; i < n; i++) {
        float d = distance(p, lights[i].pos);
        if (!(d < lights[i].radius)) continue;
        if (count == 4 && d >= dist[3]) continue;
        int j = min(count, 3);
        while (j > 0 && dist[j - 1] > d) { dist[j] = dist[j - 1]; idx[j] = idx[j - 1]; j--; }
        dist[j] = d; idx[j] = i;
        count = min(count + 1, 4);
    }
    vec3 c = vec3(0.0);
    for (int k = 0; k < count; k++) {
        float w = 1.0 / (1.0 + dist[k] * dist[k]);
        c += params.rot[idx[k] % 3] * lights[idx[k]].color * w;
    }
    out_color[x] = vec4(c, float(count));
    out_index[x] = ivec4(idx[0], idx[1], idx[2], idx[3]);
}
