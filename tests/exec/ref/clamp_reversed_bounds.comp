#version 450
layout(local_size_x = 1) in;
struct Inputs { vec4 x; float lo; float hi; int ix; int ilo; int ihi; uint ux; uint ulo; uint uhi; };
layout(set = 0, binding = 0, std430) buffer B0 { Inputs inputs[]; };
layout(set = 0, binding = 1, std430) buffer B1 { vec4 out_f[]; };
layout(set = 0, binding = 2, std430) buffer B2 { ivec4 out_i[]; };
// Luma's clamp, spelled out: GLSL's clamp is undefined when lo > hi.
void main() {
    Inputs v = inputs[0];
    out_f[0] = min(max(v.x, vec4(v.lo)), vec4(v.hi));
    out_f[1] = vec4(min(max(v.x.xy, vec2(1.0)), vec2(0.0)), min(max(v.x.z, -1.0), 1.0), min(max(v.x.w, v.hi), v.lo));
    out_i[0] = ivec4(min(max(v.ix, v.ilo), v.ihi), int(min(max(v.ux, v.ulo), v.uhi)), min(max(v.ix, 4), -4), min(max(v.ix, v.ihi), v.ilo));
    out_i[1] = min(max(ivec4(v.ix, -v.ix, v.ilo, v.ihi), ivec4(v.ilo)), ivec4(v.ihi));
}
