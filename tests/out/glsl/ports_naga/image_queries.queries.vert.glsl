#version 450
#extension GL_EXT_samplerless_texture_functions : require

layout(set = 0, binding = 0) uniform texture2D image_2d;
layout(set = 0, binding = 1) uniform texture2DArray image_2d_array;
layout(set = 0, binding = 2) uniform textureCube image_cube;
layout(set = 0, binding = 3) uniform texture3D image_3d;
layout(set = 0, binding = 4) uniform texture2DMS image_aa;
layout(set = 0, binding = 5) uniform texture2D image_depth;

void main() {
    int lod = int(uint(gl_VertexIndex) % 2u);
    ivec2 dim_2d = textureSize(image_2d, 0);
    ivec2 dim_2d_lod = textureSize(image_2d, clamp(lod, 0, textureQueryLevels(image_2d) - 1));
    ivec2 dim_2d_array = textureSize(image_2d_array, 0).xy;
    ivec2 dim_2d_array_lod = textureSize(image_2d_array, clamp(1, 0, textureQueryLevels(image_2d_array) - 1)).xy;
    ivec2 dim_cube = textureSize(image_cube, 0);
    ivec2 dim_cube_lod = textureSize(image_cube, clamp(lod, 0, textureQueryLevels(image_cube) - 1));
    ivec3 dim_3d = textureSize(image_3d, 0);
    ivec3 dim_3d_lod = textureSize(image_3d, clamp(lod, 0, textureQueryLevels(image_3d) - 1));
    ivec2 dim_aa = textureSize(image_aa);
    ivec2 dim_depth = textureSize(image_depth, clamp(lod, 0, textureQueryLevels(image_depth) - 1));
    int sum = dim_2d.y + dim_2d_lod.y + dim_2d_array.y + dim_2d_array_lod.y + dim_cube.y + dim_cube_lod.y + dim_3d.z + dim_3d_lod.z + dim_aa.x + dim_depth.x;
    int levels = textureQueryLevels(image_2d) + textureQueryLevels(image_2d_array) + textureQueryLevels(image_cube) + textureQueryLevels(image_3d) + textureQueryLevels(image_depth);
    int layers = textureSize(image_2d_array, 0).z + textureSamples(image_aa);
    gl_Position = vec4(float(sum), float(levels), float(layers), 1.0);
}
