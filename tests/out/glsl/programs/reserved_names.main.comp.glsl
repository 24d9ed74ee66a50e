#version 450

layout(local_size_x = 8, local_size_y = 1, local_size_z = 1) in;

struct float4 {
    float x;
    float y;
    float z;
    float w;
};

struct vec4f {
    vec4 texture_;
    vec2 sample_;
    float filter_;
    float half_;
};

struct Line {
    vec3 point;
    vec3 line;
    float triangle;
    float matrix;
    float vector;
    uint register;
    uint cbuffer;
};

struct this_ {
    int new;
    int delete;
    int class_;
    int namespace_;
    int operator;
    int template_;
    int typename;
    int xor;
    int bitand;
    int compl;
};

layout(set = 0, binding = 0, std140) uniform constant_block {
    float4 constant;
    vec4f thread;
    uint threadgroup;
    uint packed;
    int kernel;
    int metal;
} constant;
layout(set = 0, binding = 1, std140) uniform input_block {
    float array[4];
    uint ptr;
    uint var;
    uint fn;
    uint loop;
    float override;
    float select;
    float bitcast;
    uint workgroup;
    uint storage;
    float f32;
    float main_;
} input_;
layout(set = 0, binding = 2, std430) buffer output_block {
    float4 output_[];
};
layout(set = 0, binding = 3, std430) buffer line_block {
    Line line[];
};
layout(set = 0, binding = 4, std430) readonly buffer kernel_block {
    this_ kernel[];
};
layout(set = 0, binding = 5) uniform sampler2D texture_;
layout(set = 0, binding = 7) uniform texture2D texture_tex;
layout(set = 0, binding = 8) uniform sampler texture_samp;
layout(set = 0, binding = 9) uniform texture2D sample_map;

// Luma `/`: truncates toward zero; x / 0 == x; MIN / -1 == MIN.
int luma_div(int a, int b) {
    return a / ((b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
int luma_rem(int a, int b) {
    int d = (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? 1 : b;
    return a - d * (a / d);
}

// Luma `%`: remainder of truncated division; x % 0 == 0; MIN % -1 == 0.
uint luma_rem(uint a, uint b) {
    return a % (b == 0u ? 1u : b);
}

int luma_div_1(int a, int b) {
    return luma_div(a, b);
}

int luma_rem_1(int a, int b) {
    return luma_rem(a, b);
}

float luma_mod(float a, float b) {
    return mod(a, b);
}

float lerp(float a, float b, float t) {
    return a + (b - a) * t;
}

float frac(float x) {
    return x - floor(x);
}

float4 mul(float4 a, float s) {
    return float4(a.x * s, a.y * s, a.z * s, a.w * s);
}

float rsqrt(float x) {
    return inversesqrt(x);
}

uint bitcast(float x) {
    uint select = floatBitsToUint(x);
    return select;
}

vec4 textureSample(vec2 uv) {
    vec4 texel = textureLod(texture_, uv, 0.0);
    return texel;
}

vec4 u_gl_Position(vec4 v) {
    return v;
}

float4 to_float4(vec4 v) {
    return float4(v.x, v.y, v.z, v.w);
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint t = uint(output_.length());
    if (i >= uint(int(t))) {
        return;
    }
    vec4f thread = constant.thread;
    float half_ = thread.half_ + input_.array[min(i & 3u, 3u)];
    uint t_1 = uint(line.length());
    vec3 point = line[min(luma_rem(i, uint(int(t_1))), uint(line.length()) - 1u)].point;
    uint t_2 = uint(kernel.length());
    int xor = kernel[min(luma_rem(i, uint(int(t_2))), uint(kernel.length()) - 1u)].xor;
    int bitand = kernel[min(0u, uint(kernel.length()) - 1u)].bitand;
    int xor_1 = xor ^ bitand;
    int luma_div_2 = luma_div_1(xor_1, 3);
    int luma_rem_2 = luma_rem_1(xor_1, 5);
    int new = luma_div_2 + luma_rem_2;
    float frac_1 = frac(input_.override);
    float delete = lerp(half_, frac_1, input_.select);
    vec2 uv = thread.sample_ + vec2(float(new), delete);
    vec4 textureSample_1 = textureSample(uv);
    vec4 texel = textureLod(sampler2D(sample_map, texture_samp), uv, 0.0);
    vec4 texel_1 = textureLod(sampler2D(texture_tex, texture_samp), uv, 1.0);
    vec4 common_ = textureSample_1 + texel + texel_1;
    float luma_mod_1 = luma_mod(half_, 2.0);
    float rsqrt_1 = rsqrt(delete + 2.0);
    float filter_ = constant.packed != 0u ? rsqrt_1 : luma_mod_1;
    uint bitcast_1 = bitcast(filter_);
    float f32 = float(bitcast_1 & 255u);
    vec4 u_gl_Position_1 = u_gl_Position(common_);
    float4 to_float4_1 = to_float4(u_gl_Position_1);
    float4 result = mul(to_float4_1, f32 + point.x + constant.constant.w);
    output_[min(i, uint(output_.length()) - 1u)] = result;
    uint t_3 = uint(line.length());
    line[min(luma_rem(i, uint(int(t_3))), uint(line.length()) - 1u)].register = uint(constant.kernel) + input_.ptr + input_.var + input_.fn + input_.loop + input_.workgroup + input_.storage;
}
