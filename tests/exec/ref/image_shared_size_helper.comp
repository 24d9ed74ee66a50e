#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba32f) uniform writeonly image2D img;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(img);
    if (p.x < size.x && p.y < size.y)
        imageStore(img, p, vec4(float(p.x), float(p.y), float(size.x), 1.0));
}
