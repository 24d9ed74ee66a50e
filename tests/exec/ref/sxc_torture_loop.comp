#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std430) readonly buffer SSBO { mat4 mvp; vec4 in_data[]; };
layout(set = 0, binding = 1, std430) writeonly buffer SSBO2 { vec4 out_data[]; };
layout(set = 0, binding = 2, std430) writeonly buffer SSBO3 { int out_k[]; };
void main() {
    uint ident = gl_GlobalInvocationID.x;
    vec4 idat = in_data[ident];
    int k = 0;
    while (++k < 10) { idat *= 2.0; k++; }
    for (uint i = 0u; i < 4u; i++, k++)
        for (uint j = 0u; j < 3u; j++)
            idat = mvp * idat;
    do { k++; if (!(k > 10)) break; k -= 3; } while (true);
    out_data[ident] = idat;
    out_k[ident] = k;
}
