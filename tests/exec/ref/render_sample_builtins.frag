#version 450
layout(location = 0) out uint value;
void main() {
    uint covered = uint(gl_SampleMaskIn[0]);
    bool keep = gl_FragCoord.x > 2.0;
    value = covered * 10u + uint(gl_SampleID) + (gl_FrontFacing ? 100u : 200u);
    gl_SampleMask[0] = int(keep ? covered : 0u);
}
