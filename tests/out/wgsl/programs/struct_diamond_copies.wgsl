struct f32_std140_element {
    @size(16) value: f32,
}

struct Leaf {
    weights: array<f32, 2>,
    normal: vec3f,
}

struct Leaf_std140 {
    weights: array<f32_std140_element, 2>,
    normal: vec3f,
}

struct Node1 {
    left: Leaf,
    right: Leaf,
}

struct Node1_std140 {
    left: Leaf_std140,
    right: Leaf_std140,
}

struct Node2 {
    left: Node1,
    right: Node1,
}

struct Node2_std140 {
    left: Node1_std140,
    right: Node1_std140,
}

struct Node3 {
    left: Node2,
    right: Node2,
}

struct Node3_std140 {
    left: Node2_std140,
    right: Node2_std140,
}

struct Node4 {
    left: Node3,
    right: Node3,
}

struct Node4_std140 {
    left: Node3_std140,
    right: Node3_std140,
}

struct Node5 {
    left: Node4,
    right: Node4,
}

struct Node5_std140 {
    left: Node4_std140,
    right: Node4_std140,
}

struct Node6 {
    left: Node5,
    right: Node5,
}

struct Node6_std140 {
    left: Node5_std140,
    right: Node5_std140,
}

struct Node7 {
    left: Node6,
    right: Node6,
}

struct Node7_std140 {
    left: Node6_std140,
    right: Node6_std140,
}

@group(0) @binding(0) var<uniform> tree: Node7_std140;
@group(0) @binding(1) var<storage, read> saved: array<Node7>;
@group(0) @binding(2) var<storage, read_write> trees: array<Node7>;

fn array_from_std140(v: array<f32_std140_element, 2>) -> array<f32, 2> {
    var source = v;
    var result: array<f32, 2>;
    for (var i = 0u; i < 2u; i++) {
        result[i] = source[i].value;
    }
    return result;
}

fn Leaf_from_std140(v: Leaf_std140) -> Leaf {
    return Leaf(array_from_std140(v.weights), v.normal);
}

fn Node1_from_std140(v: Node1_std140) -> Node1 {
    return Node1(Leaf_from_std140(v.left), Leaf_from_std140(v.right));
}

fn Node2_from_std140(v: Node2_std140) -> Node2 {
    return Node2(Node1_from_std140(v.left), Node1_from_std140(v.right));
}

fn Node3_from_std140(v: Node3_std140) -> Node3 {
    return Node3(Node2_from_std140(v.left), Node2_from_std140(v.right));
}

fn Node4_from_std140(v: Node4_std140) -> Node4 {
    return Node4(Node3_from_std140(v.left), Node3_from_std140(v.right));
}

fn Node5_from_std140(v: Node5_std140) -> Node5 {
    return Node5(Node4_from_std140(v.left), Node4_from_std140(v.right));
}

fn Node6_from_std140(v: Node6_std140) -> Node6 {
    return Node6(Node5_from_std140(v.left), Node5_from_std140(v.right));
}

fn Node7_from_std140(v: Node7_std140) -> Node7 {
    return Node7(Node6_from_std140(v.left), Node6_from_std140(v.right));
}

@compute @workgroup_size(1, 1, 1)
fn copy_trees(@builtin(global_invocation_id) gid: vec3u) {
    let t = Node7_from_std140(tree);
    let t_1 = t.right;
    let t_2 = t_1.left;
    let t_3 = t_2.left;
    let t_4 = t_3.left;
    let t_5 = t_4.left;
    let t_6 = t_5.left;
    var t_7: Leaf = t_6.left;
    t_7.normal = vec3f(f32(gid.x));
    var t_8: Node1 = t_6;
    t_8.left = t_7;
    var t_9: Node2 = t_5;
    t_9.left = t_8;
    var t_10: Node3 = t_4;
    t_10.left = t_9;
    var t_11: Node4 = t_3;
    t_11.left = t_10;
    var t_12: Node5 = t_2;
    t_12.left = t_11;
    var t_13: Node6 = t_1;
    t_13.left = t_12;
    var t_14: Node7 = t;
    t_14.right = t_13;
    trees[min(gid.x, arrayLength(&trees) - 1u)] = t_14;
    let s = saved[min(gid.x, arrayLength(&saved) - 1u)];
    let t_15 = s.left;
    let t_16 = t_15.right;
    let t_17 = t_16.right;
    let t_18 = t_17.right;
    let t_19 = t_18.right;
    let t_20 = t_19.right;
    let t_21 = t_20.right;
    var t_22: array<f32, 2> = t_21.weights;
    t_22[1] = 2.0f;
    var t_23: Leaf = t_21;
    t_23.weights = t_22;
    var t_24: Node1 = t_20;
    t_24.right = t_23;
    var t_25: Node2 = t_19;
    t_25.right = t_24;
    var t_26: Node3 = t_18;
    t_26.right = t_25;
    var t_27: Node4 = t_17;
    t_27.right = t_26;
    var t_28: Node5 = t_16;
    t_28.right = t_27;
    var t_29: Node6 = t_15;
    t_29.right = t_28;
    var s_1: Node7 = s;
    s_1.left = t_29;
    trees[min(gid.x + 1u, arrayLength(&trees) - 1u)] = s_1;
}
