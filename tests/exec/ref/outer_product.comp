#version 450
// Reference for outer_product.luma: GLSL's outerProduct(c, r) is the same matrix.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) buffer I { vec4 inputv[]; };
layout(set = 0, binding = 1, std430) buffer O { float outv[]; };
void main() {
    vec4 c = inputv[0];
    vec3 r = inputv[1].xyz;
    mat3 m = outerProduct(c.xyz, r);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            outv[j * 3 + i] = m[j][i];
    mat2x4 tall = outerProduct(c, r.xy);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 4; i++)
            outv[9 + j * 4 + i] = tall[j][i];
    mat4x2 wide = outerProduct(r.xy, c);
    for (int j = 0; j < 4; j++) {
        outv[17 + j * 2] = wide[j].x;
        outv[18 + j * 2] = wide[j].y;
    }
    vec3 v = outerProduct(c.xyz, r) * vec3(1.0);
    outv[25] = v.x;
    outv[26] = v.y;
    outv[27] = v.z;
    vec2 k = outerProduct(vec2(1.0, 2.0), vec2(3.0, 4.0))[1];
    outv[28] = k.x;
    outv[29] = k.y;
}
