#version 450
layout(location = 2) in float d3;
layout(location = 3) in float d4;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0, std140) uniform Scene { vec4 v_eye_position; } x_29;
layout(set = 0, binding = 1, std140) uniform Material { vec4 v_diffuse_color; vec3 v_ambient_color; float placeholder; vec3 v_emissive_color; float placeholder2; } x_49;
layout(set = 0, binding = 2, std140) uniform Mesh { float visibility; } x_137;
void main() {
    if (d3 > 0.0) discard;
    if (d4 > 0.0) discard;
    vec3 c = clamp(x_49.v_emissive_color + x_49.v_ambient_color, vec3(0.0), vec3(1.0)) * vec3(0.0);
    color = vec4(max(c, vec3(0.0)), x_49.v_diffuse_color.w * x_137.visibility);
}
