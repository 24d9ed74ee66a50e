#version 450
layout(set = 0, binding = 1) uniform sampler2D shadowMap;
layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec3 inColor;
layout(location = 2) in vec3 inViewVec;
layout(location = 3) in vec3 inLightVec;
layout(location = 4) in vec4 inShadowCoord;
layout(constant_id = 0) const int enablePCF = 0;
layout(location = 0) out vec4 outFragColor;
float textureProj(vec4 sc, vec2 off) {
    float shadow = 1.0;
    if (sc.z > -1.0 && sc.z < 1.0) {
        float dist = textureLod(shadowMap, sc.st + off, 0.0).r;
        if (sc.w > 0.0 && dist < sc.z) shadow = 0.1;
    }
    return shadow;
}
float filterPCF(vec4 sc) {
    ivec2 texDim = textureSize(shadowMap, 0);
    float dx = 1.5 / float(texDim.x), dy = 1.5 / float(texDim.y);
    float s = 0.0; int count = 0;
    for (int x = -1; x <= 1; x++) for (int y = -1; y <= 1; y++) { s += textureProj(sc, vec2(dx * x, dy * y)); count++; }
    return s / float(count);
}
void main() {
    vec4 sc = inShadowCoord / inShadowCoord.w;
    float shadow = (enablePCF == 1) ? filterPCF(sc) : textureProj(sc, vec2(0.0));
    vec3 N = normalize(inNormal), L = normalize(inLightVec);
    outFragColor = vec4(max(dot(N, L), 0.1) * inColor * shadow, 1.0);
}
