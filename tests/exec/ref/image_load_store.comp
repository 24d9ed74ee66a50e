#version 450
layout(local_size_x = 2, local_size_y = 2) in;
layout(set = 0, binding = 0, rgba32f) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2D dst;
layout(set = 0, binding = 2, r32f) uniform image2D acc;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 t = imageLoad(src, p);
    imageStore(dst, p, t * 2.0 + 1.0);
    float a = imageLoad(acc, p).x;
    imageStore(acc, p, vec4((a + t.x) * 10.0));
}
