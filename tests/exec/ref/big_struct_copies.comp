#version 450
layout(local_size_x = 1) in;
struct Light { vec3 pos; float radius; vec3 color; uint kind; };
struct Scene { vec4 header; Light lights[10]; mat3 normal_mats[2]; float weights[9]; mat3x2 rot; vec2 offsets[3]; vec3 tail; uint count; };
layout(set = 0, binding = 0, std140) uniform SceneBlock { Scene scene; };
layout(set = 0, binding = 1, std430) readonly buffer Control { int k; float scale; };
layout(set = 0, binding = 2, std430) buffer A { Scene copy_a; };
layout(set = 0, binding = 3, std430) buffer B { Scene copy_b; };
layout(set = 0, binding = 4, std430) buffer C { Scene copy_c; };
Scene tweak(Scene s, int k, float scale) {
    Scene r = s;
    r.lights[k].color *= scale;
    r.lights[k + 1].kind = r.lights[k].kind + 100u;
    r.weights[k] = -r.weights[k];
    r.rot[1] = vec2(7.0, 8.0);
    r.normal_mats[1][2].y = scale;
    r.offsets[k - 1].x += 0.5;
    r.count += 10u;
    return r;
}
void main() {
    copy_a = scene;
    copy_c = tweak(scene, k, scale);
    copy_b = copy_a;
    copy_b.tail = copy_c.tail * 2.0;
}
