#version 450

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Leaf {
    float weights[2];
    vec3 normal;
};

struct Node1 {
    Leaf left;
    Leaf right;
};

struct Node2 {
    Node1 left;
    Node1 right;
};

struct Node3 {
    Node2 left;
    Node2 right;
};

struct Node4 {
    Node3 left;
    Node3 right;
};

struct Node5 {
    Node4 left;
    Node4 right;
};

struct Node6 {
    Node5 left;
    Node5 right;
};

struct Node7 {
    Node6 left;
    Node6 right;
};

layout(set = 0, binding = 0, std140) uniform tree_block {
    Node6 left;
    Node6 right;
} tree;
layout(set = 0, binding = 1, std430) readonly buffer saved_block {
    Node7 saved[];
};
layout(set = 0, binding = 2, std430) buffer trees_block {
    Node7 trees[];
};

void main() {
    Node7 t = Node7(tree.left, tree.right);
    Node6 t_1 = t.right;
    Node5 t_2 = t_1.left;
    Node4 t_3 = t_2.left;
    Node3 t_4 = t_3.left;
    Node2 t_5 = t_4.left;
    Node1 t_6 = t_5.left;
    Leaf t_7 = t_6.left;
    t_7.normal = vec3(float(gl_GlobalInvocationID.x));
    Node1 t_8 = t_6;
    t_8.left = t_7;
    Node2 t_9 = t_5;
    t_9.left = t_8;
    Node3 t_10 = t_4;
    t_10.left = t_9;
    Node4 t_11 = t_3;
    t_11.left = t_10;
    Node5 t_12 = t_2;
    t_12.left = t_11;
    Node6 t_13 = t_1;
    t_13.left = t_12;
    Node7 t_14 = t;
    t_14.right = t_13;
    trees[min(gl_GlobalInvocationID.x, uint(trees.length()) - 1u)] = t_14;
    Node7 s = saved[min(gl_GlobalInvocationID.x, uint(saved.length()) - 1u)];
    Node6 t_15 = s.left;
    Node5 t_16 = t_15.right;
    Node4 t_17 = t_16.right;
    Node3 t_18 = t_17.right;
    Node2 t_19 = t_18.right;
    Node1 t_20 = t_19.right;
    Leaf t_21 = t_20.right;
    float t_22[2] = t_21.weights;
    t_22[1] = 2.0;
    Leaf t_23 = t_21;
    t_23.weights = t_22;
    Node1 t_24 = t_20;
    t_24.right = t_23;
    Node2 t_25 = t_19;
    t_25.right = t_24;
    Node3 t_26 = t_18;
    t_26.right = t_25;
    Node4 t_27 = t_17;
    t_27.right = t_26;
    Node5 t_28 = t_16;
    t_28.right = t_27;
    Node6 t_29 = t_15;
    t_29.right = t_28;
    Node7 s_1 = s;
    s_1.left = t_29;
    trees[min(gl_GlobalInvocationID.x + 1u, uint(trees.length()) - 1u)] = s_1;
}
