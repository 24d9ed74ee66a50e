#!/usr/bin/env python3
"""Independent models of the `qa_*` execution tests: each prints the inputs and the expected
values its `.toml` spec holds, computed from the language rules in Python (integers masked to
32 bits, double-precision floats, std140/std430 packing from the GLSL specification), never
from a compiler's output.

Usage: python3 tests/exec/qa_models.py NAME   (NAME: hashes, noise, sdf, interpreter, octahedral, layouts, dual_quat, bvh, reduction, radix_sort, bitonic_sort, scan)
"""
import sys

def model_hashes():
    M = 0xFFFFFFFF
    def u(x): return x & M
    def pcg(v):
        state = u(v * 747796405 + 2891336453)
        word = u(((state >> ((state >> 28) + 4)) ^ state) * 277803737)
        return (word >> 22) ^ word
    def xorshift32(v):
        x = v
        x ^= u(x << 13); x ^= x >> 17; x ^= u(x << 5)
        return x
    def fmix(h):
        h ^= h >> 16; h = u(h * 0x85ebca6b); h ^= h >> 13; h = u(h * 0xc2b2ae35); return h ^ (h >> 16)
    def wang(v):
        h = (v ^ 61) ^ (v >> 16); h = u(h * 9); h ^= h >> 4; h = u(h * 0x27d4eb2d); return h ^ (h >> 15)
    def rotl(x, r): return u((x << r) | (x >> (32 - r)))
    P2, P3, P4, P5 = 2246822519, 3266489917, 668265263, 374761393
    def xxh(a, b, seed):
        h = u(seed + P5 + 8)
        h = u(rotl(u(h + u(a * P3)), 17) * P4)
        h = u(rotl(u(h + u(b * P3)), 17) * P4)
        h = u(P2 * (h ^ (h >> 15)))
        h = u(P3 * (h ^ (h >> 13)))
        return h ^ (h >> 16)
    def lcg(s): return u(1664525 * s + 1013904223)
    def i32(x):
        x &= M
        return x - (1 << 32) if x & 0x80000000 else x
    seeds = [0, 1, 2, 3, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 12345, 0xDEADBEEF, 0x9E3779B9, 42, 65536, 0xCAFEBABE, 1000000007, 0x55555555, 0xAAAAAAAA]
    hashes = []
    scr = []
    for x in seeds:
        hashes += [pcg(x), xorshift32(x | 1), fmix(x), wang(x), xxh(x, u(x * 3), 7), lcg(lcg(x))]
        s = i32(pcg(x))
        scr.append(i32((s >> 7) ^ i32(s << 3) ^ i32(-s)))
    print("seeds:", " ".join("0x%08x" % s for s in seeds))
    for k in range(0, len(hashes), 6):
        print('    "u32 ' + " ".join("0x%08x" % h for h in hashes[k:k+6]) + '",')
    print("scr:", " ".join(str(v) for v in scr))

def model_noise():
    import math, struct
    def f32(x): return struct.unpack('f', struct.pack('f', x))[0]
    M = 0xFFFFFFFF
    def u(x): return x & M
    def hash2(px, py):
        vx, vy = u(u(px) * 1664525 + 1013904223), u(u(py) * 1664525 + 1013904223)
        vx = u(vx + u(vy * 1664525)); vy = u(vy + u(vx * 1664525))
        vx ^= vx >> 16; vy ^= vy >> 16
        vx = u(vx + u(vy * 1664525)); vy = u(vy + u(vx * 1664525))
        vx ^= vx >> 16; vy ^= vy >> 16
        return vx ^ vy
    def hash3(px, py, pz):
        x, y, z = [u(u(c) * 1664525 + 1013904223) for c in (px, py, pz)]
        x = u(x + u(y * z)); y = u(y + u(z * x)); z = u(z + u(x * y))
        x ^= x >> 16; y ^= y >> 16; z ^= z >> 16
        x = u(x + u(y * z)); y = u(y + u(z * x)); z = u(z + u(x * y))
        return x ^ y ^ z
    def unit(h): return (h >> 8) / 16777216.0
    def fade(t): return t * t * t * (t * (t * 6 - 15) + 10)
    def mix(a, b, t): return a + (b - a) * t
    def value_noise(x, y):
        cx, cy = math.floor(x), math.floor(y)
        fx, fy = fade(x - cx), fade(y - cy)
        a, b = unit(hash2(cx, cy)), unit(hash2(cx + 1, cy))
        c, d = unit(hash2(cx, cy + 1)), unit(hash2(cx + 1, cy + 1))
        return mix(mix(a, b, fx), mix(c, d, fx), fy) * 2 - 1
    def grad2(h, dx, dy):
        g = h & 7
        uu = dx if g < 4 else dy
        vv = dy if g < 4 else dx
        su = -uu if g & 1 else uu
        sv = -2 * vv if g & 2 else 2 * vv
        return su + sv
    def grad3(h, dx, dy, dz):
        g = h & 15
        uu = dx if g < 8 else dy
        vv = dy if g < 4 else (dx if g in (12, 14) else dz)
        return (uu if (g & 1) == 0 else -uu) + (vv if (g & 2) == 0 else -vv)
    def perlin2(x, y):
        cx, cy = math.floor(x), math.floor(y)
        dx, dy = x - cx, y - cy
        fx, fy = fade(dx), fade(dy)
        n00 = grad2(hash2(cx, cy), dx, dy)
        n10 = grad2(hash2(cx + 1, cy), dx - 1, dy)
        n01 = grad2(hash2(cx, cy + 1), dx, dy - 1)
        n11 = grad2(hash2(cx + 1, cy + 1), dx - 1, dy - 1)
        return mix(mix(n00, n10, fx), mix(n01, n11, fx), fy) * 0.5
    def perlin3(x, y, z):
        c = [math.floor(v) for v in (x, y, z)]
        d = [v - cc for v, cc in zip((x, y, z), c)]
        f = [fade(v) for v in d]
        xyw = [(1 - f[0]) * (1 - f[1]), f[0] * (1 - f[1]), (1 - f[0]) * f[1], f[0] * f[1]]
        r = 0.0
        for corner in range(8):
            o = (corner & 1, (corner >> 1) & 1, corner >> 2)
            w = xyw[corner & 3] * (f[2] if o[2] == 1 else 1 - f[2])
            r += w * grad3(hash3(c[0] + o[0], c[1] + o[1], c[2] + o[2]), d[0] - o[0], d[1] - o[1], d[2] - o[2])
        return r
    def fbm(x, y):
        s, a = 0.0, 0.5
        for _ in range(4):
            s += a * perlin2(x, y)
            # mat2(columns (0.8, 0.6), (-0.6, 0.8)) * q
            x, y = f32(f32(f32(f32(0.8) * x) - f32(f32(0.6) * y)) * 2), f32(f32(f32(f32(0.6) * x) + f32(f32(0.8) * y)) * 2)
            a *= 0.5
        return s
    pts = [(0.3, 0.7, 0.37), (1.25, 2.5, 1.1), (-0.75, 0.4, -2.3), (-3.6, -1.2, 0.55),
           (10.1, 7.3, 4.4), (0.5, -0.5, 0.5), (123.45, 67.89, 0.25), (-17.3, 42.6, -9.9)]
    print('"f32 ' + " ".join("%g %g %g 0" % p for p in pts) + '"')
    for p in pts:
        p = tuple(f32(v) for v in p)
        print('    "f32 %.7f %.7f %.7f %.7f",' % (value_noise(p[0], p[1]), perlin2(p[0], p[1]), perlin3(*p), fbm(p[0], p[1])))

def model_sdf():
    import math
    def length(v): return math.sqrt(sum(c*c for c in v))
    def sub(a,b): return [x-y for x,y in zip(a,b)]
    def sphere(p,r): return length(p)-r
    def box(p,b):
        q=[abs(x)-y for x,y in zip(p,b)]
        return length([max(c,0) for c in q]) + min(max(q[0],max(q[1],q[2])),0)
    def torus(p,t):
        q=[length([p[0],p[2]])-t[0], p[1]]
        return length(q)-t[1]
    def capsule(p,a,b,r):
        pa=sub(p,a); ba=sub(b,a)
        h=min(max(sum(x*y for x,y in zip(pa,ba))/sum(x*x for x in ba),0),1)
        return length([x-y*h for x,y in zip(pa,ba)])-r
    def smooth_union(d1,d2,k):
        h=min(max(0.5+0.5*(d2-d1)/k,0),1)
        return d2+(d1-d2)*h - k*h*(1-h)
    def rnd(x):  # GLSL round: half away from zero (inputs avoid exact halves)
        return math.floor(x+0.5) if x>=0 else -math.floor(-x+0.5)
    def rep(p):
        q=list(p)
        for i in (0,2):
            q[i]=p[i]-4*min(max(rnd(p[i]/4),-1),1)
        return box(q,[0.5]*3)
    def scene(p):
        hits=[(sphere(sub(p,[0,1,0]),1),1),(box(sub(p,[3,0.5,0]),[0.5]*3),2),(p[1]+1,3),(torus(sub(p,[-3,0,0]),[1,0.25]),4)]
        best=hits[0]
        for h in hits[1:]:
            if h[0]<best[0]: best=h
        return best
    pts=[(0,0,0),(2,0,0),(0.5,0.25,1),(3,1,-2),(-3,0.1,0.9),(4.2,0.3,3.9),(0,-0.5,0.1),(-1.7,2.2,-0.6)]
    print('"f32 ' + " ".join("%g %g %g 0" % p for p in pts) + '"')
    for p in pts:
        print('    "f32 %.7f %.7f %.7f %.7f",' % (sphere(p,1.5), box(p,[1,0.5,2]), torus(p,[2,0.5]), capsule(p,[0,-1,0],[0,1,0],0.25)))
    print("---")
    for p in pts:
        d,i=scene(p)
        print('    "f32 %.7f %.7f %.7f %d",' % (smooth_union(sphere(p,1),box(sub(p,[1.5,0,0]),[0.5]*3),0.5), rep(p), d, i))

def model_interpreter():
    def i32(x):
        x &= 0xFFFFFFFF
        return x - (1 << 32) if x & 0x80000000 else x
    def tdiv(a, b):
        if b == 0: return a
        if a == -2**31 and b == -1: return a
        q = abs(a) // abs(b)
        return i32(q if (a >= 0) == (b >= 0) else -q)
    def trem(a, b):
        if b == 0: return 0
        if a == -2**31 and b == -1: return 0
        return i32(a - tdiv(a, b) * b)
    def apply(op, a, b):
        if op == '+': return (i32(a + b), 0)
        if op == '-': return (i32(a - b), 0)
        if op == '*': return (i32(a * b), 0)
        if op in '/%':
            if b == 0: return (0, 3)
            return (tdiv(a, b) if op == '/' else trem(a, b), 0)
        if op == '^':
            if b < 0: return (0, 0)
            r = 1
            for k in range(1, 32):
                if k > b: break
                r = i32(r * a)
            return (r, 0)
        return (0, 4)
    def run(src):
        b = src.encode()[:64]
        stack = []; maxd = 0; i = 0; steps = 0
        def at(i): return b[i] if i < len(b) else 0
        while i < 64:
            c = at(i)
            if c == 0: break
            steps += 1
            ch = chr(c)
            if c == 32: i += 1
            elif ch.isdigit():
                v = 0
                while i < 64 and chr(at(i)).isdigit() and at(i) != 0:
                    v = i32(v * 10 + at(i) - 48); i += 1
                if len(stack) >= 8: return (0, 2, steps, maxd)
                stack.append(v); maxd = max(maxd, len(stack))
            else:
                if ch == '~':
                    if len(stack) < 1: return (0, 1, steps, maxd)
                    stack[-1] = i32(-stack[-1])
                elif ch == 'd':
                    if len(stack) < 1: return (0, 1, steps, maxd)
                    if len(stack) >= 8: return (0, 2, steps, maxd)
                    stack.append(stack[-1]); maxd = max(maxd, len(stack))
                else:
                    if len(stack) < 2: return (0, 1, steps, maxd)
                    r, e = apply(ch, stack[-2], stack[-1])
                    if e != 0: return (0, e, steps, maxd)
                    stack.pop(); stack[-1] = r
                i += 1
        if len(stack) != 1:
            return (stack[-1] if stack else 0, 5, steps, maxd)
        return (stack[0], 0, steps, maxd)
    progs = ["3 4 +", "2 3 4 * +", "10 3 /", "7 2 ~ %", "2 10 ^", "1 0 /", "+", "1 2 3 4 5 6 7 8 9",
             "1 2", "5 d *", "2 31 ^", "7 2 ~ /", "1 2 x", "", "2147483647 1 +", "100 7 % 3 ^ 9 - d d * *"]
    def words(s):
        b = list(s.encode()) + [0] * (64 - len(s))
        return [b[i] | (b[i+1] << 8) | (b[i+2] << 16) | (b[i+3] << 24) for i in range(0, 64, 4)]
    print("IN")
    for p in progs:
        print('    "u32 ' + " ".join("0x%08x" % w for w in words(p)) + '",   # "%s"' % p)
    print("OUT")
    for p in progs:
        print('    "i32 %d %d %d %d",   # "%s"' % (run(p) + (p,)))

def model_octahedral():
    import math
    def sgn(v): return [1.0 if c >= 0 else -1.0 for c in v]
    def enc(n):
        s = abs(n[0]) + abs(n[1]) + abs(n[2])
        p = [n[0] / s, n[1] / s]
        if n[2] <= 0:
            sg = sgn(p)
            return [(1 - abs(p[1])) * sg[0], (1 - abs(p[0])) * sg[1]]
        return p
    def pack(e):
        w = 0
        for k, c in enumerate(e):
            q = int(math.floor(max(-1.0, min(1.0, c)) * 32767.0 + 0.5))
            w |= (q & 0xFFFF) << (16 * k)
        return w
    def unpack(w):
        out = []
        for k in range(2):
            q = (w >> (16 * k)) & 0xFFFF
            if q & 0x8000: q -= 0x10000
            out.append(max(q / 32767.0, -1.0))
        return out
    def dec(e):
        v = [e[0], e[1], 1 - abs(e[0]) - abs(e[1])]
        if v[2] < 0:
            sg = sgn(v[:2])
            v[0], v[1] = (1 - abs(e[1])) * sg[0], (1 - abs(e[0])) * sg[1]
        l = math.sqrt(sum(c * c for c in v))
        return [c / l for c in v]
    def norm(v):
        l = math.sqrt(sum(c * c for c in v)); return [c / l for c in v]
    ns = [(0,0,1),(0,0,-1),(1,0,0),(-1,0,0),(0,1,0),(0,-1,0),(1,1,1),(-1,-1,-1),(0.3,-0.5,0.81),(-0.9,0.2,-0.4),(0.05,0.02,-0.99),(2,-3,0.5)]
    print('"f32 ' + " ".join("%g %g %g 0" % n for n in ns) + '"')
    ws = []; ds = []
    for n in ns:
        n = norm(n); e = enc(n); w = pack(e); ws.append(w)
        d = dec(unpack(w)); ds.append(d + [sum(a * b for a, b in zip(d, n))])
    print('"u32 ' + " ".join("0x%08x" % w for w in ws) + '"')
    for d in ds: print('    "f32 %.6f %.6f %.6f %.6f",' % tuple(d))

def model_layouts():
    # std140 / std430 packing written from the GLSL specification's rules, independent of Luma's
    # layouter: produces the buffer contents and the values the shader copies out, in order.

    def rnd(x, a): return (x + a - 1) // a * a
    F, U, I = 'f32', 'u32', 'i32'
    def vec(n, s=F): return ('vec', n, s)
    def mat(c, r): return ('mat', c, r)
    def arr(e, n): return ('array', e, n)
    def st(*m): return ('struct', list(m))
    def align_size(t, rule):
        k = t[0] if isinstance(t, tuple) else 's'
        if k == 's': return 4, 4
        if k == 'vec':
            n = t[1]; return (8 if n == 2 else 16), 4 * n
        if k == 'mat':
            return align_size(arr(vec(t[2]), t[1]), rule)
        if k == 'array':
            ea, es = align_size(t[1], rule)
            if rule == 140: ea = rnd(ea, 16)
            stride = rnd(es, ea)
            return ea, stride * t[2]
        if k == 'struct':
            off = 0; al = 4
            for m in t[1]:
                a, s = align_size(m, rule); off = rnd(off, a) + s; al = max(al, a)
            if rule == 140: al = rnd(al, 16)
            return al, rnd(off, al)
    def stride_of(t, rule):
        ea, es = align_size(t[1], rule)
        if rule == 140: ea = rnd(ea, 16)
        return rnd(es, ea)
    class Gen:
        def __init__(self): self.n = 0
        def next(self, s):
            self.n += 1
            return self.n
    def fill(t, rule, g, buf, base, leaves):
        """Writes values into buf (dict offset -> (type, value)) and appends them to leaves."""
        k = t[0] if isinstance(t, tuple) else 's'
        if k == 's':
            v = g.next(t); buf[base] = (t, v); leaves.append(v); return
        if k == 'vec':
            for i in range(t[1]):
                v = g.next(t[2]); buf[base + 4 * i] = (t[2], v); leaves.append(v)
            return
        if k == 'mat':
            fill(arr(vec(t[2]), t[1]), rule, g, buf, base, leaves); return
        if k == 'array':
            s = stride_of(t, rule)
            for i in range(t[2]): fill(t[1], rule, g, buf, base + i * s, leaves)
            return
        off = 0
        for m in t[1]:
            a, sz = align_size(m, rule); off = rnd(off, a)
            fill(m, rule, g, buf, base + off, leaves); off += sz
    def chunks(buf, size):
        out = []; pos = 0
        for off in sorted(buf):
            if off > pos: out.append('pad %d' % (off - pos))
            t, v = buf[off]; out.append('%s %d' % (t, v)); pos = off + 4
        if size > pos: out.append('pad %d' % (size - pos))
        # merge runs of the same type
        merged = []
        for c in out:
            if merged and c.split()[0] == merged[-1].split()[0] and c.split()[0] != 'pad':
                merged[-1] += ' ' + c.split()[1]
            else:
                merged.append(c)
        return merged
    PointLight = st(vec(3), F, vec(3), F)
    SpotLight = st(vec(3), vec(3), vec(2), vec(3), mat(4, 4), I)
    LightSet = st(vec(3), U, arr(PointLight, 2), arr(SpotLight, 2), arr(F, 3), arr(vec(3), 2))
    Frame = st(LightSet, U, F, arr(vec(2), 3), mat(3, 3), arr(vec(3, I), 2))
    TextureLayer = st(mat(3, 2), vec(4), I, F)
    Material = st(vec(4), arr(TextureLayer, 2), F, F, U)
    g = Gen(); ubuf = {}; leaves = []
    fill(Frame, 140, g, ubuf, 0, leaves)
    usize = align_size(Frame, 140)[1]
    # storage: count, version (header) then 2 materials
    sbuf = {}; g2 = Gen(); g2.n = 1000
    sbuf[0] = (U, 2); sbuf[4] = (U, 7); leaves2 = [2, 7]
    ma, ms = align_size(Material, 430); base = rnd(8, ma)
    for i in range(2): fill(Material, 430, g2, sbuf, base + i * ms, leaves2)
    ssize = base + 2 * ms
    print("UNIFORM", usize, chunks(ubuf, usize))
    print("STORAGE", ssize, chunks(sbuf, ssize))
    allv = leaves + leaves2
    print("EXPECT", len(allv), allv)

def model_dual_quat():
    import math
    def cross(a, b): return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]
    def dot(a, b): return sum(x*y for x, y in zip(a, b))
    def qmul(a, b):
        v = [a[3]*b[i] + b[3]*a[i] + c for i, c in enumerate(cross(a[:3], b[:3]))]
        return v + [a[3]*b[3] - dot(a[:3], b[:3])]
    def norm(v): l = math.sqrt(dot(v, v)); return [c/l for c in v]
    def joint_dq(j):
        axis, ang, t = j[0][:3], j[0][3], j[1]
        h = ang * 0.5
        real = [c * math.sin(h) for c in norm(axis)] + [math.cos(h)]
        dual = [0.5 * c for c in qmul(list(t[:3]) + [0.0], real)]
        return real, dual
    def rotate(q, v):
        c1 = [a + q[3]*b for a, b in zip(cross(q[:3], v), v)]
        return [a + 2*b for a, b in zip(v, cross(q[:3], c1))]
    def blend(joints, v):
        js, ws = v[2], v[3]
        fr, fd = joint_dq(joints[js[0]])
        real = [c*ws[0] for c in fr]; dual = [c*ws[0] for c in fd]
        for i in range(1, 4):
            w = ws[i]
            if w > 0:
                r, d = joint_dq(joints[js[i]])
                s = -w if dot(fr, r) < 0 else w
                real = [a + b*s for a, b in zip(real, r)]; dual = [a + b*s for a, b in zip(dual, d)]
        il = 1/math.sqrt(dot(real, real))
        return [c*il for c in real], [c*il for c in dual]
    def tpoint(dq, p):
        r, d = dq
        cr = cross(r[:3], d[:3])
        t = [2*(r[3]*d[i] - d[3]*r[i] + cr[i]) for i in range(3)]
        return [a + b for a, b in zip(rotate(r, p), t)]
    joints = [((0, 1, 0, 0.0), (0, 0, 0, 0)),
              ((0, 1, 0, math.pi / 2), (1, 0, 0, 0)),
              ((1, 1, 0, 2.5), (0, 2, -1, 0)),
              ((0, 0, 1, -2.0), (0.5, 0.5, 0.5, 0)),
              ((1, 0, 0, 3.5), (-1, 0, 3, 0))]   # past pi: w < 0, flipped against joint 0
    verts = [((1, 0, 0, 1), (0, 1, 0, 0), (0, 0, 0, 0), (1, 0, 0, 0)),
             ((1, 0, 0, 1), (0, 1, 0, 0), (1, 0, 0, 0), (1, 0, 0, 0)),
             ((0.5, 1, -0.25, 1), (0, 0, 1, 0), (0, 1, 0, 0), (0.5, 0.5, 0, 0)),
             ((2, -1, 0.5, 1), (1, 1, 0, 0), (2, 3, 1, 0), (0.25, 0.25, 0.5, 0)),
             ((0, 0, 1, 1), (0, 0, 1, 0), (3, 4, 2, 1), (0.4, 0.3, 0.2, 0.1)),
             ((-1, 2, 0, 1), (1, 0, 0, 0), (0, 4, 0, 0), (0.7, 0.3, 0, 0))]
    f32 = lambda xs: " ".join("%.9g" % x for x in xs)
    print('JOINTS "f32 ' + " ".join(f32(a) + " " + f32(t) for a, t in joints) + '"')
    print('VERTS')
    for p, n, j, w in verts:
        print('    "f32 %s %s", "u32 %s", "f32 %s",' % (f32(p), f32(n), " ".join(str(x) for x in j), f32(w)))
    print('OUT')
    for v in verts:
        dq = blend(joints, v)
        p = tpoint(dq, v[0][:3]); n = norm(rotate(dq[0], v[1][:3]))
        print('    "f32 %.6f %.6f %.6f 1 %.6f %.6f %.6f 0",' % tuple(p + n))

def model_bvh():
    def sub(a, b): return [x - y for x, y in zip(a, b)]
    def cross(a, b): return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]
    def dot(a, b): return sum(x*y for x, y in zip(a, b))
    FAR = 1e30
    def intersect(o, d, tri):
        e1 = sub(tri[1], tri[0]); e2 = sub(tri[2], tri[0])
        p = cross(d, e2); det = dot(e1, p)
        if abs(det) < 1e-8: return (FAR, 0, 0)
        s = sub(o, tri[0]); u = dot(s, p) / det
        if u < 0 or u > 1: return (FAR, 0, 0)
        q = cross(s, e1); v = dot(d, q) / det
        if v < 0 or u + v > 1: return (FAR, 0, 0)
        return (dot(e2, q) / det, u, v)
    tris = [((-2, -1, 0), (-1, -1, 0), (-2, 1, 0)),
            ((-1, -1, 0.5), (-1, 1, 0.5), (-2, 1, 0.5)),
            ((1, -1, -0.5), (2, -1, -0.5), (1, 1, -0.5)),
            ((1, -1, 0.25), (2, 1, 0.75), (1, 1, 0.25))]
    # nodes: root, left leaf (tris 0-1), right leaf (tris 2-3)
    nodes = [((-2, -1, -0.5), 1, (2, 1, 0.75), 0),
             ((-2, -1, 0), 0, (-1, 1, 0.5), 2),
             ((1, -1, -0.5), 2, (2, 1, 0.75), 2)]
    rays = [((-1.75, -0.5, 5, 0), (0, 0, -1, 100)),
            ((-1.25, 0.75, 5, 0), (0, 0, -1, 100)),
            ((1.2, 0.1, 5, 0), (0, 0, -1, 100)),
            ((1.8, -0.9, 5, 0), (0, 0, -1, 100)),
            ((0, 0, 5, 0), (0, 0, -1, 100)),
            ((-1.9, 0.2, -5, 0), (0.1, 0, 1, 100)),
            ((1.5, 0, 5, 0), (0, 0, -1, 4.0)),
            ((-5, 0.3, 0.3, 0), (1, 0, 0.02, 100))]
    import math
    out = []
    for o, d in rays:
        best = (d[3], 0, 0, 0xFFFFFFFF)
        anyhit = 0
        for i, tri in enumerate(tris):
            t, u, v = intersect(o[:3], d[:3], tri)
            if t < best[0] and t >= o[3]:
                best = (t, u, v, i)
        out.append(best)
    print('NODES "' + '", "'.join("f32 %g %g %g\", \"u32 %d\", \"f32 %g %g %g\", \"u32 %d" % (n[0] + (n[1],) + n[2] + (n[3],)) for n in nodes) + '"')
    print('TRIS "f32 ' + " ".join(" ".join("%g %g %g 1" % v for v in t) for t in tris) + '"')
    print('RAYS "f32 ' + " ".join("%g %g %g %g %g %g %g %g" % (o + d) for o, d in rays) + '"')
    print('HITS')
    for h in out:
        print('    "f32 %.6f %.6f %.6f", "u32 0x%08x",' % h)
    print('OCC "u32 ' + " ".join("1" if h[3] != 0xFFFFFFFF else "0" for h in out) + '"')

def model_reduction():
    n = 1000
    vals = [((i * 37) % 201) - 100 for i in range(n)]
    special = {3: 'nan', 17: 'nan', 500: 'inf', 999: '-inf'}
    print('"f32 ' + " ".join(special.get(i, str(v)) for i, v in enumerate(vals)) + '"')
    for g in range(3):
        s, mn, mx, bad = 0, None, None, 0
        for lane in range(256):
            i = g * 256 + lane
            while i < n:
                if i in special:
                    bad += 1
                else:
                    v = vals[i]; s += v
                    mn = v if mn is None else min(mn, v); mx = v if mx is None else max(mx, v)
                i += 3 * 256
        print('"f32 %d %d %d", "u32 %d",' % (s, mn, mx, bad))

def model_radix_sort():
    keys, s = [], 12345
    for i in range(200):
        s = (1664525 * s + 1013904223) & 0xFFFFFFFF
        k = s
        if i % 17 == 0: k = 0xDEADBEEF
        if i % 29 == 0: k = i & 0xFF
        keys.append(k)
    keys[5], keys[6] = 0xFFFFFFFF, 0
    pairs = sorted(((k, i) for i, k in enumerate(keys)), key=lambda p: p[0])  # stable
    print("keys in:", " ".join("0x%08x" % k for k in keys))
    print("keys out:", " ".join("0x%08x" % p[0] for p in pairs))
    print("values out:", " ".join(str(p[1]) for p in pairs))

def model_bitonic_sort():
    keys, seen, s = [], set(), 777
    for i in range(500):
        while True:
            s = (1103515245 * s + 12345) & 0x7FFFFFFF
            k = ((s >> 8) % 200001 - 100000) / 64.0
            if k not in seen: break
        seen.add(k); keys.append(k)
    keys[10], keys[11], keys[12] = 0.0, 1.0e30, -1.0e30
    for i in sorted(range(500), key=lambda i: keys[i]):
        print('"f32 %r", "u32 %d",' % (keys[i], i))

def model_scan():
    vals = [(i * i * 7 + 3 * i) % 1000 for i in range(600)]
    vals[100] = 0xFFFFFFF0
    inc, s = [], 0
    for v in vals:
        s = (s + v) & 0xFFFFFFFF; inc.append(s)
    print("exclusive:", " ".join(str((a - b) & 0xFFFFFFFF) for a, b in zip(inc, vals)))
    print("inclusive:", " ".join(str(v) for v in inc))

if __name__ == "__main__":
    if len(sys.argv) != 2 or "model_" + sys.argv[1] not in globals():
        sys.exit(__doc__)
    globals()["model_" + sys.argv[1]]()
