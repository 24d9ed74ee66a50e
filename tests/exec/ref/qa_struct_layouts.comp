#version 450
layout(local_size_x = 1) in;
struct PointLight { vec3 position; float radius; vec3 color; float intensity; };
struct SpotLight { vec3 position; vec3 direction; vec2 cone; vec3 color; mat4 shadow_matrix; int shadow_index; };
struct LightSet { vec3 ambient; uint point_count; PointLight points[2]; SpotLight spots[2]; float falloff[3]; vec3 tints[2]; };
layout(set = 0, binding = 0, std140) uniform U0 {
    LightSet lights; uint frame_index; float exposure; vec2 weights[3]; mat3 basis; ivec3 flags[2];
} frame;
struct TextureLayer { mat3x2 uv_transform; vec4 tint; int index; float blend; };
struct Material { vec4 base_color; TextureLayer layers[2]; float roughness; float metallic; uint flags; };
layout(set = 0, binding = 1, std430) readonly buffer B1 { uint count; uint version; Material materials[]; } table;
layout(set = 0, binding = 2, std430) buffer B2 { float flat_[]; };
uint o = 0u;
void put(float v) { flat_[o++] = v; }
void put2(vec2 v) { put(v.x); put(v.y); }
void put3(vec3 v) { put(v.x); put(v.y); put(v.z); }
void put4(vec4 v) { put(v.x); put(v.y); put(v.z); put(v.w); }
void main() {
    put3(frame.lights.ambient); put(float(frame.lights.point_count));
    for (int i = 0; i < 2; i++) {
        PointLight l = frame.lights.points[i];
        put3(l.position); put(l.radius); put3(l.color); put(l.intensity);
    }
    for (int i = 0; i < 2; i++) {
        SpotLight l = frame.lights.spots[i];
        put3(l.position); put3(l.direction); put2(l.cone); put3(l.color);
        for (int c = 0; c < 4; c++) put4(l.shadow_matrix[c]);
        put(float(l.shadow_index));
    }
    for (int i = 0; i < 3; i++) put(frame.lights.falloff[i]);
    put3(frame.lights.tints[0]); put3(frame.lights.tints[1]);
    put(float(frame.frame_index)); put(frame.exposure);
    for (int i = 0; i < 3; i++) put2(frame.weights[i]);
    for (int c = 0; c < 3; c++) put3(frame.basis[c]);
    put3(vec3(frame.flags[0])); put3(vec3(frame.flags[1]));
    put(float(table.count)); put(float(table.version));
    for (uint m = 0u; m < min(table.count, uint(table.materials.length())); m++) {
        Material mat = table.materials[m];
        put4(mat.base_color);
        for (int k = 0; k < 2; k++) {
            TextureLayer t = mat.layers[k];
            put2(t.uv_transform[0]); put2(t.uv_transform[1]); put2(t.uv_transform[2]);
            put4(t.tint); put(float(t.index)); put(t.blend);
        }
        put(mat.roughness); put(mat.metallic); put(float(mat.flags));
    }
    flat_[flat_.length() - 1] = float(o);
}
