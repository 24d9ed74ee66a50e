#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image2D resultImage;
struct Camera { vec3 pos; vec3 lookat; float fov; };
layout(std140, set = 0, binding = 1) uniform UBO { vec3 lightPos; float aspectRatio; vec4 fogColor; Camera camera; mat4 rotMat; } ubo;
struct Obj { vec4 props; vec3 diffuse; float specular; int id; int type; };
layout(std430, set = 0, binding = 2) readonly buffer Objs { Obj objs[]; };
float hitObj(vec3 o, vec3 d, Obj ob, float miss) {
    if (ob.type == 0) {
        vec3 oc = o - ob.props.xyz;
        float b = 2.0 * dot(oc, d), c = dot(oc, oc) - ob.props.w * ob.props.w, h = b * b - 4.0 * c;
        return h < 0.0 ? -1.0 : (-b - sqrt(h)) / 2.0;
    }
    if (ob.type == 1) {
        float dd = dot(d, ob.props.xyz);
        if (dd == 0.0) return 0.0;
        float t = -(ob.props.w + dot(o, ob.props.xyz)) / dd;
        return t < 0.0 ? 0.0 : t;
    }
    return miss;
}
vec3 render(inout vec3 o, inout vec3 d, inout int id) {
    vec3 color = vec3(0.0);
    float t = 1000.0, tt = -1000.0;
    int hid = -1;
    for (int i = 0; i < objs.length(); i++) {
        tt = hitObj(o, d, objs[i], tt);
        if (tt > 0.0001 && tt < t) { hid = objs[i].id; t = tt; }
    }
    if (hid == -1) return color;
    vec3 pos = o + t * d, lv = normalize(ubo.lightPos - pos), n = vec3(0.0);
    for (int i = 0; i < objs.length(); i++) {
        if (hid == objs[i].id) {
            n = objs[i].type == 0 ? (pos - objs[i].props.xyz) / objs[i].props.w : objs[i].props.xyz;
            float diff = clamp(dot(n, lv), 0.1, 1.0);
            float spec = pow(clamp(dot(n, normalize(lv + normalize(ubo.camera.pos))), 0.0, 1.0), objs[i].specular);
            color = diff * objs[i].diffuse + spec;
        }
    }
    if (id == -1) return color;
    id = hid;
    t = length(ubo.lightPos - pos);
    float shadow = 1.0;
    for (int i = 0; i < objs.length(); i++) {
        if (objs[i].id == hid) continue;
        float tl = hitObj(pos, lv, objs[i], 1000.0);
        if (tl > 0.0001 && tl < t) { t = tl; shadow = 0.5; break; }
    }
    color *= shadow;
    color = mix(color, ubo.fogColor.rgb, clamp(sqrt(t * t) / 20.0, 0.0, 1.0));
    d = d + 2.0 * -dot(n, d) * n;
    o = pos;
    return color;
}
void main() {
    vec2 uv = vec2(gl_GlobalInvocationID.xy) / vec2(imageSize(resultImage));
    vec3 o = ubo.camera.pos;
    vec3 d = normalize(vec3((-1.0 + 2.0 * uv) * vec2(ubo.aspectRatio, 1.0), -1.0));
    int id = 0;
    vec3 fc = render(o, d, id);
    float rs = 0.4;
    for (int i = 0; i < 2; i++) {
        vec3 rc = render(o, d, id);
        fc = (1.0 - rs) * fc + rs * mix(rc, fc, 1.0 - rs);
        rs *= 0.5;
    }
    imageStore(resultImage, ivec2(gl_GlobalInvocationID.xy), vec4(fc, 0.0));
}
