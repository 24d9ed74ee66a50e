#version 450
layout(local_size_x = 1) in;
struct Item { int key; vec2 val; };
layout(set = 0, binding = 0, std430) buffer B0 { int inp[]; };
layout(set = 0, binding = 1, std430) buffer B1 { float o[]; };
Item[8] sort_(Item a[8], int n) {
    for (int i = 0; i <= n - 2; i++) {
        bool swapped = false;
        for (int j = 0; j <= n - 2 - i; j++) {
            if (a[j].key > a[j + 1].key) {
                Item t = a[j]; a[j] = a[j + 1]; a[j + 1] = t;
                a[j].val = a[j].val.yx;
                swapped = true;
            }
        }
        if (!swapped) break;
    }
    return a;
}
void main() {
    Item a[8];
    for (int i = 0; i < 8; i++) { a[i].key = 0; a[i].val = vec2(0.0); }
    int n = min(inp[0], 8);
    for (int i = 0; i <= n - 1; i++) { a[i].key = inp[i + 1]; a[i].val = vec2(float(i), float(-i)); }
    Item s[8] = sort_(a, n);
    for (int i = 0; i < 8; i++) { o[3 * i] = float(s[i].key); o[3 * i + 1] = s[i].val.x; o[3 * i + 2] = s[i].val.y; }
    o[24] = float(a[0].key);
}
