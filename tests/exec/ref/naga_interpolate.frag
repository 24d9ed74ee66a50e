#version 450
layout(location = 3) flat in uint flat_;
layout(location = 5) noperspective in vec3 linear3;
layout(location = 8) flat in ivec2 iflat;
layout(location = 0) out vec4 a;
layout(location = 1) out uint b;
void main() { a = vec4(linear3, float(iflat.x * 100 + iflat.y)); b = flat_; }
