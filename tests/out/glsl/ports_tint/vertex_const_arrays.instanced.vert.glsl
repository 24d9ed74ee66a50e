#version 450

struct Output {
    vec4 position;
    vec4 color;
};

layout(location = 0) out vec4 color;

void main() {
    vec2 zv[4] = vec2[4](vec2(0.0), vec2(0.0), vec2(0.0), vec2(0.0));
    vec4 colors[4] = vec4[4](vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0));
    zv = vec2[4](vec2(0.2), vec2(0.3), vec2(-0.1), vec2(1.1));
    float z = zv[min(uint(gl_InstanceIndex), 3u)].x;
    colors = vec4[4](vec4(1.0, 0.0, 0.0, 1.0), vec4(0.0, 1.0, 0.0, 1.0), vec4(0.0, 0.0, 1.0, 1.0), vec4(1.0));
    vec4 t = vec4(0.5, 0.5, z, 1.0);
    vec4 t_1 = colors[min(uint(gl_InstanceIndex), 3u)];
    Output output_ = Output(t, t_1);
    vec4 t_2 = t;
    t_2.x = t.x + float(uint(gl_VertexIndex)) * 0.0;
    Output output_1 = output_;
    output_1.position = t_2;
    gl_Position = output_1.position;
    color = output_1.color;
}
