#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 0) out vec4 color;
layout(location = 1) out uint id_out;

layout(set = 0, binding = 0, std140) uniform material_block {
    vec4 base_color;
    float roughness;
    float metallic;
    int layer;
    int decal;
    vec4 fog_extent;
    vec4 point_light;
    mat4 spot_shadow_matrix;
    vec4 camera_position;
    float prefiltered_levels;
    int sample_count;
} material;
layout(set = 0, binding = 1) uniform textureCube prefiltered_env;
layout(set = 0, binding = 2) uniform textureCube irradiance_env;
layout(set = 0, binding = 3) uniform texture2D brdf_lut;
layout(set = 0, binding = 4) uniform texture2DArray material_layers;
layout(set = 0, binding = 5) uniform texture3D fog_volume;
layout(set = 0, binding = 6) uniform texture2D decals[4];
layout(set = 0, binding = 7) uniform utexture2D material_ids;
layout(set = 0, binding = 8) uniform itexture2D pixel_offsets;
layout(set = 0, binding = 9) uniform textureCube point_shadow;
layout(set = 0, binding = 10) uniform texture2D spot_shadow;
layout(set = 0, binding = 11) uniform sampler linear_clamp;
layout(set = 0, binding = 12) uniform sampler linear_repeat;
layout(set = 0, binding = 13) uniform samplerShadow shadow_compare;

vec3 fresnel_schlick_roughness(float cos_theta, vec3 f0, float roughness) {
    return f0 + (max(vec3(1.0 - roughness), f0) - f0) * pow(clamp(1.0 - cos_theta, 0.0, 1.0), 5.0);
}

float point_shadow_factor(vec3 world_position_1) {
    vec4 point_light = material.point_light;
    vec3 to_light = world_position_1 - point_light.xyz;
    float depth = length(to_light) / material.point_light.w;
    float texel = texture(samplerCubeShadow(point_shadow, shadow_compare), vec4(to_light, depth - 0.005));
    return texel;
}

float spot_shadow_factor(vec3 world_position_1) {
    vec4 clip = material.spot_shadow_matrix * vec4(world_position_1, 1.0);
    vec3 p = clip.xyz / vec3(clip.w);
    vec2 uv_1 = vec2(p.x, -p.y) * 0.5 + vec2(0.5);
    float texel = texture(sampler2DShadow(spot_shadow, shadow_compare), vec3(uv_1, p.z - 0.001));
    return texel;
}

void main() {
    vec3 n = normalize(normal);
    vec4 camera_position = material.camera_position;
    vec3 v = normalize(camera_position.xyz - world_position);
    vec3 r = reflect(-v, n);
    float n_dot_v = max(dot(n, v), 0.0);
    vec4 layer_color = texture(sampler2DArray(material_layers, linear_repeat), vec3(uv, float(material.layer)));
    vec4 decal = texture(sampler2D(decals[min(uint(material.decal & 3), 3u)], linear_clamp), uv);
    vec4 base_color = material.base_color;
    vec3 albedo = mix(base_color.xyz * layer_color.xyz, decal.xyz, vec3(decal.w));
    vec3 f0 = mix(vec3(0.04), albedo, vec3(material.metallic));
    vec3 f = fresnel_schlick_roughness(n_dot_v, f0, material.roughness);
    vec3 kd = (vec3(1.0) - f) * (1.0 - material.metallic);
    vec4 texel = texture(samplerCube(irradiance_env, linear_clamp), n);
    vec3 irradiance = texel.xyz;
    vec4 texel_1 = textureLod(samplerCube(prefiltered_env, linear_clamp), r, material.roughness * material.prefiltered_levels);
    vec3 prefiltered = texel_1.xyz;
    vec4 texel_2 = textureLod(sampler2D(brdf_lut, linear_clamp), vec2(n_dot_v, material.roughness), 0.0);
    vec2 brdf = texel_2.xy;
    vec3 ambient = kd * irradiance * albedo + prefiltered * (f * brdf.x + vec3(brdf.y));
    float point_shadow_factor_1 = point_shadow_factor(world_position);
    float spot_shadow_factor_1 = spot_shadow_factor(world_position);
    float shadow = point_shadow_factor_1 * spot_shadow_factor_1;
    vec4 fog_extent = material.fog_extent;
    vec3 fog_uvw = world_position / fog_extent.xyz + vec3(0.5);
    vec4 fog = textureLod(sampler3D(fog_volume, linear_clamp), fog_uvw, 0.0);
    ivec2 pixel = ivec2(gl_FragCoord.xy);
    uint id = texelFetch(material_ids, clamp(pixel, ivec2(0), textureSize(material_ids, 0) - 1), 0).x;
    ivec4 texel_3 = texelFetch(pixel_offsets, clamp(pixel, ivec2(0), textureSize(pixel_offsets, 0) - 1), 0);
    ivec2 offset = texel_3.xy;
    uint neighbour_id = texelFetch(material_ids, clamp(min(max(pixel + offset, ivec2(0)), textureSize(material_ids, 0) - ivec2(1)), ivec2(0), textureSize(material_ids, 0) - 1), 0).x;
    float edge = id != neighbour_id ? 0.5 : 1.0;
    vec3 lit = ambient * shadow * edge;
    color = vec4(mix(lit, fog.xyz, vec3(fog.w)), 1.0);
    id_out = id;
}
