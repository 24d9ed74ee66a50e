//! A small reference interpreter of the IR, for tests that check what lowered code computes
//! (loop trip counts, SSA merges, memory updates), not just its shape. It implements the IR's
//! documented semantics for the operations lowering emits outside textures and derivatives.

use luma_base::Handle;
use luma_ir::*;

/// A runtime value.
#[derive(Debug, Clone, PartialEq)]
pub enum V {
    B(bool),
    I(i32),
    U(u32),
    F(f32),
    C(Vec<V>),
    P(Ptr),
}

/// A pointer: a root memory object and a path of part indices.
#[derive(Debug, Clone, PartialEq)]
pub struct Ptr {
    pub root: Root,
    pub path: Vec<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Root {
    Global(usize),
    Local(usize, usize),
}

enum Flow {
    Yield(Vec<V>),
    Continue(Vec<V>),
    Break(Vec<V>),
    Return(Vec<V>),
    Discard,
}

pub struct Machine<'m> {
    pub m: &'m Module,
    pub globals: Vec<V>,
    frames: Vec<Vec<V>>,
    pub steps: u64,
    pub budget: u64,
}

type R<T> = Result<T, String>;

impl V {
    pub fn i(&self) -> i32 {
        match self {
            V::I(v) => *v,
            other => panic!("expected an int, got {other:?}"),
        }
    }
    pub fn u(&self) -> u32 {
        match self {
            V::U(v) => *v,
            other => panic!("expected a uint, got {other:?}"),
        }
    }
    pub fn f(&self) -> f32 {
        match self {
            V::F(v) => *v,
            other => panic!("expected a float, got {other:?}"),
        }
    }
    fn as_bool(&self) -> R<bool> {
        match self {
            V::B(b) => Ok(*b),
            other => Err(format!("expected a bool, got {other:?}")),
        }
    }
    fn as_index(&self) -> R<usize> {
        match self {
            V::I(v) if *v >= 0 => Ok(*v as usize),
            V::U(v) => Ok(*v as usize),
            other => Err(format!("bad index {other:?}")),
        }
    }
}

fn lit(l: Literal) -> V {
    match l {
        Literal::Bool(b) => V::B(b),
        Literal::I32(v) => V::I(v),
        Literal::U32(v) => V::U(v),
        Literal::F32(v) => V::F(v),
        Literal::F16(bits) => V::F(luma_ir::proc::f16_to_f32(bits)),
    }
}

impl<'m> Machine<'m> {
    pub fn new(m: &'m Module) -> Machine<'m> {
        let mut mach = Machine {
            m,
            globals: Vec::new(),
            frames: Vec::new(),
            steps: 0,
            budget: 10_000_000,
        };
        for (_, g) in m.globals.iter() {
            let v = mach.zero(g.ty).unwrap_or(V::C(Vec::new()));
            mach.globals.push(v);
        }
        mach
    }

    /// Sets the contents of the global named `name`.
    pub fn set_global(&mut self, name: &str, v: V) {
        let (h, _) = self
            .m
            .globals
            .iter()
            .find(|(_, g)| g.name == name)
            .unwrap_or_else(|| panic!("no global {name}"));
        self.globals[h.index()] = v;
    }

    pub fn global(&self, name: &str) -> &V {
        let (h, _) = self.m.globals.iter().find(|(_, g)| g.name == name).unwrap();
        &self.globals[h.index()]
    }

    /// Calls the function named `name`.
    pub fn run(&mut self, name: &str, args: Vec<V>) -> R<Vec<V>> {
        let (h, _) = self
            .m
            .functions
            .iter()
            .rev()
            .find(|(_, f)| f.name == name)
            .ok_or_else(|| format!("no function {name}"))?;
        self.call(h, args)
    }

    fn zero(&self, ty: Handle<Type>) -> R<V> {
        Ok(match &self.m.types[ty].inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => match s.kind {
                ScalarKind::Bool => V::B(false),
                ScalarKind::Sint => V::I(0),
                ScalarKind::Uint => V::U(0),
                ScalarKind::Float => V::F(0.0),
            },
            TypeInner::Vector { size, scalar } => {
                let s = self.zero_scalar(*scalar);
                V::C(vec![s; size.count() as usize])
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let s = self.zero_scalar(*scalar);
                V::C(vec![
                    V::C(vec![s; rows.count() as usize]);
                    columns.count() as usize
                ])
            }
            TypeInner::Array { base, size } => match size {
                ArraySize::Constant(n) => V::C(vec![self.zero(*base)?; *n as usize]),
                ArraySize::Runtime => V::C(Vec::new()),
            },
            TypeInner::Struct { members } => {
                V::C(members.iter().map(|m| self.zero(m.ty)).collect::<R<_>>()?)
            }
            other => return Err(format!("no zero value for {other:?}")),
        })
    }

    fn zero_scalar(&self, s: Scalar) -> V {
        match s.kind {
            ScalarKind::Bool => V::B(false),
            ScalarKind::Sint => V::I(0),
            ScalarKind::Uint => V::U(0),
            ScalarKind::Float => V::F(0.0),
        }
    }

    fn constant(&self, c: Handle<Constant>) -> R<V> {
        let k = &self.m.constants[c];
        match &k.value {
            ConstantValue::Scalar(l) => Ok(lit(*l)),
            ConstantValue::Composite(parts) => Ok(V::C(
                parts.iter().map(|p| self.constant(*p)).collect::<R<_>>()?,
            )),
            ConstantValue::Zero => self.zero(k.ty),
        }
    }

    pub fn call(&mut self, fh: Handle<Function>, args: Vec<V>) -> R<Vec<V>> {
        let f = &self.m.functions[fh];
        let mut locals = Vec::new();
        for (_, l) in f.locals.iter() {
            locals.push(match l.init {
                Some(c) => self.constant(c)?,
                None => self.zero(l.ty)?,
            });
        }
        self.frames.push(locals);
        let mut env: Vec<Option<V>> = vec![None; f.values.len()];
        for (i, a) in args.into_iter().enumerate() {
            env[i] = Some(a);
        }
        let flow = self.block(f, &mut env, f.body);
        self.frames.pop();
        match flow? {
            Flow::Return(v) => Ok(v),
            Flow::Discard => Err("discard".into()),
            _ => Err("function body fell off its end".into()),
        }
    }

    fn get(&self, f: &Function, env: &[Option<V>], v: Handle<Value>) -> R<V> {
        if let Some(Some(x)) = env.get(v.index()) {
            return Ok(x.clone());
        }
        match &f.values[v].def {
            ValueDef::Constant(c) => self.constant(*c),
            ValueDef::GlobalPointer(g) => Ok(V::P(Ptr {
                root: Root::Global(g.index()),
                path: Vec::new(),
            })),
            ValueDef::LocalPointer(l) => Ok(V::P(Ptr {
                root: Root::Local(self.frames.len() - 1, l.index()),
                path: Vec::new(),
            })),
            other => Err(format!(
                "value {v:?} ({other:?}) used before it was defined"
            )),
        }
    }

    fn slot(&mut self, p: &Ptr) -> R<&mut V> {
        let mut cur = match p.root {
            Root::Global(g) => &mut self.globals[g],
            Root::Local(fr, l) => &mut self.frames[fr][l],
        };
        for &i in &p.path {
            cur = match cur {
                V::C(parts) => parts
                    .get_mut(i)
                    .ok_or_else(|| format!("index {i} out of range"))?,
                other => return Err(format!("indexing into {other:?}")),
            };
        }
        Ok(cur)
    }

    fn block(&mut self, f: &Function, env: &mut Vec<Option<V>>, b: Handle<Block>) -> R<Flow> {
        for s in &f.blocks[b].stmts {
            self.steps += 1;
            if self.steps > self.budget {
                return Err("step budget exhausted (endless loop?)".into());
            }
            match &s.kind {
                StmtKind::Value(v) => {
                    let ValueDef::Op(op) = &f.values[*v].def else {
                        return Err("a Value statement for a non-op value".into());
                    };
                    let x = self.op(f, env, op, f.values[*v].ty)?;
                    env[v.index()] = Some(x);
                }
                StmtKind::Store { pointer, value } | StmtKind::AtomicStore { pointer, value } => {
                    let V::P(p) = self.get(f, env, *pointer)? else {
                        return Err("store through a non-pointer".into());
                    };
                    let x = self.get(f, env, *value)?;
                    *self.slot(&p)? = x;
                }
                StmtKind::Call { function, args } => {
                    let a = args
                        .iter()
                        .map(|a| self.get(f, env, *a))
                        .collect::<R<_>>()?;
                    self.call(*function, a)?;
                }
                StmtKind::Barrier(_) => {}
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    let c = self.get(f, env, *condition)?.as_bool()?;
                    match self.block(f, env, if c { *accept } else { *reject })? {
                        Flow::Yield(vals) => {
                            if vals.len() != results.len() {
                                return Err("yield arity mismatch".into());
                            }
                            for (r, x) in results.iter().zip(vals) {
                                env[r.index()] = Some(x);
                            }
                        }
                        other => return Ok(other),
                    }
                }
                StmtKind::Loop {
                    carried,
                    body,
                    results,
                    ..
                } => {
                    let inits = carried
                        .iter()
                        .map(|c| self.get(f, env, c.init))
                        .collect::<R<Vec<_>>>()?;
                    for (c, x) in carried.iter().zip(inits) {
                        env[c.value.index()] = Some(x);
                    }
                    loop {
                        match self.block(f, env, *body)? {
                            Flow::Continue(vals) => {
                                if vals.len() != carried.len() {
                                    return Err("continue arity mismatch".into());
                                }
                                for (c, x) in carried.iter().zip(vals) {
                                    env[c.value.index()] = Some(x);
                                }
                            }
                            Flow::Break(vals) => {
                                if vals.len() != results.len() {
                                    return Err("break arity mismatch".into());
                                }
                                for (r, x) in results.iter().zip(vals) {
                                    env[r.index()] = Some(x);
                                }
                                break;
                            }
                            Flow::Yield(_) => return Err("yield out of a loop body".into()),
                            other => return Ok(other),
                        }
                    }
                }
                StmtKind::Yield(v) => return Ok(Flow::Yield(self.all(f, env, v)?)),
                StmtKind::Continue(v) => return Ok(Flow::Continue(self.all(f, env, v)?)),
                StmtKind::Break(v) => return Ok(Flow::Break(self.all(f, env, v)?)),
                StmtKind::Return(v) => return Ok(Flow::Return(self.all(f, env, v)?)),
                StmtKind::Discard => return Ok(Flow::Discard),
                StmtKind::Unreachable => return Err("reached Unreachable".into()),
            }
        }
        Err("a block without terminator".into())
    }

    fn all(&self, f: &Function, env: &[Option<V>], vs: &[Handle<Value>]) -> R<Vec<V>> {
        vs.iter().map(|v| self.get(f, env, *v)).collect()
    }

    fn result_scalar(&self, ty: Handle<Type>) -> Option<Scalar> {
        self.m.types[ty].inner.scalar()
    }

    fn op(&mut self, f: &Function, env: &[Option<V>], op: &Op, ty: Handle<Type>) -> R<V> {
        let g = |v: &Handle<Value>| self.get(f, env, *v);
        Ok(match op {
            Op::Unary { op, arg } => map1(&g(arg)?, &|x| unary(*op, x))?,
            Op::Binary { op, lhs, rhs } => map2(&g(lhs)?, &g(rhs)?, &|a, b| binary(*op, a, b))?,
            Op::Product { kind, lhs, rhs } => match kind {
                ProductKind::VectorTimesScalar | ProductKind::MatrixTimesScalar => {
                    let s = g(rhs)?;
                    map1(&g(lhs)?, &|x| binary(BinaryOp::Multiply, x, &s))?
                }
                other => return Err(format!("product {other:?} not supported")),
            },
            Op::Select {
                condition,
                accept,
                reject,
            } => match g(condition)? {
                V::B(c) => {
                    if c {
                        g(accept)?
                    } else {
                        g(reject)?
                    }
                }
                V::C(cs) => {
                    let (V::C(a), V::C(b)) = (g(accept)?, g(reject)?) else {
                        return Err("bad select".into());
                    };
                    V::C(
                        cs.iter()
                            .zip(a.into_iter().zip(b))
                            .map(|(c, (a, b))| if *c == V::B(true) { a } else { b })
                            .collect(),
                    )
                }
                other => return Err(format!("select on {other:?}")),
            },
            Op::Splat { value } => {
                let n = match &self.m.types[ty].inner {
                    TypeInner::Vector { size, .. } => size.count() as usize,
                    _ => return Err("splat to a non-vector".into()),
                };
                V::C(vec![g(value)?; n])
            }
            Op::Compose { components } => {
                let parts = components.iter().map(g).collect::<R<Vec<_>>>()?;
                if let TypeInner::Vector { .. } = self.m.types[ty].inner {
                    let mut flat = Vec::new();
                    for p in parts {
                        match p {
                            V::C(inner) => flat.extend(inner),
                            s => flat.push(s),
                        }
                    }
                    V::C(flat)
                } else {
                    V::C(parts)
                }
            }
            Op::Extract { base, index } => part(&g(base)?, *index as usize)?,
            Op::Insert { base, value, index } => {
                let V::C(mut parts) = g(base)? else {
                    return Err("insert into a scalar".into());
                };
                *parts
                    .get_mut(*index as usize)
                    .ok_or("insert out of range")? = g(value)?;
                V::C(parts)
            }
            Op::ExtractDynamic { base, index } => part(&g(base)?, g(index)?.as_index()?)?,
            Op::InsertDynamic { base, value, index } => {
                let V::C(mut parts) = g(base)? else {
                    return Err("insert into a scalar".into());
                };
                let i = g(index)?.as_index()?;
                if let Some(p) = parts.get_mut(i) {
                    *p = g(value)?;
                }
                V::C(parts)
            }
            Op::Shuffle { a, b, pattern } => {
                let (V::C(a), V::C(b)) = (g(a)?, g(b)?) else {
                    return Err("shuffle of scalars".into());
                };
                let all: Vec<V> = a.into_iter().chain(b).collect();
                V::C(pattern.iter().map(|&i| all[i as usize].clone()).collect())
            }
            Op::Convert { value } => {
                let s = self
                    .result_scalar(ty)
                    .ok_or("convert to a non-numeric type")?;
                map1(&g(value)?, &|x| convert(x, s))?
            }
            Op::Bitcast { value } => {
                let s = self
                    .result_scalar(ty)
                    .ok_or("bitcast to a non-numeric type")?;
                map1(&g(value)?, &|x| bitcast(x, s))?
            }
            Op::Relational { fun, arg } => {
                let V::C(parts) = g(arg)? else {
                    return Err("relational on a scalar".into());
                };
                let bools: Vec<bool> = parts.iter().map(|p| p.as_bool()).collect::<R<_>>()?;
                match fun {
                    RelationalFunction::All => V::B(bools.iter().all(|b| *b)),
                    RelationalFunction::Any => V::B(bools.iter().any(|b| *b)),
                    other => return Err(format!("{other:?} not supported")),
                }
            }
            Op::Math { fun, args } => {
                let a = args.iter().map(g).collect::<R<Vec<_>>>()?;
                math(*fun, &a)?
            }
            Op::AccessChain { base, indices } => {
                let V::P(mut p) = g(base)? else {
                    return Err("access chain on a non-pointer".into());
                };
                for i in indices {
                    p.path.push(g(i)?.as_index()?);
                }
                V::P(p)
            }
            Op::Load { pointer } | Op::AtomicLoad { pointer } => {
                let V::P(p) = g(pointer)? else {
                    return Err("load through a non-pointer".into());
                };
                self.slot(&p)?.clone()
            }
            Op::ArrayLength { pointer } => {
                let V::P(p) = g(pointer)? else {
                    return Err("array length of a non-pointer".into());
                };
                match self.slot(&p)? {
                    V::C(parts) => V::U(parts.len() as u32),
                    _ => return Err("array length of a non-array".into()),
                }
            }
            Op::Call { function, args } => {
                let a = args.iter().map(g).collect::<R<Vec<_>>>()?;
                let mut r = self.call(*function, a)?;
                r.pop().ok_or("a call returned nothing")?
            }
            Op::Atomic {
                fun,
                pointer,
                value,
                comparator,
            } => {
                let V::P(p) = g(pointer)? else {
                    return Err("atomic on a non-pointer".into());
                };
                let x = g(value)?;
                let cmp = comparator.as_ref().map(g).transpose()?;
                let slot = self.slot(&p)?;
                let old = slot.clone();
                *slot = match fun {
                    AtomicFunction::Add => binary(BinaryOp::Add, &old, &x)?,
                    AtomicFunction::Subtract => binary(BinaryOp::Subtract, &old, &x)?,
                    AtomicFunction::And => binary(BinaryOp::BitAnd, &old, &x)?,
                    AtomicFunction::Or => binary(BinaryOp::BitOr, &old, &x)?,
                    AtomicFunction::Xor => binary(BinaryOp::BitXor, &old, &x)?,
                    AtomicFunction::Min => math(MathFunction::Min, &[old.clone(), x])?,
                    AtomicFunction::Max => math(MathFunction::Max, &[old.clone(), x])?,
                    AtomicFunction::Exchange => x,
                    AtomicFunction::CompareExchange => {
                        if Some(&old) == cmp.as_ref() {
                            x
                        } else {
                            old.clone()
                        }
                    }
                };
                old
            }
            other => {
                return Err(format!(
                    "op {other:?} not supported by the test interpreter"
                ))
            }
        })
    }
}

fn part(v: &V, i: usize) -> R<V> {
    match v {
        V::C(parts) => parts
            .get(i)
            .cloned()
            .ok_or_else(|| format!("part {i} out of range")),
        other => Err(format!("part of {other:?}")),
    }
}

fn map1(a: &V, f: &dyn Fn(&V) -> R<V>) -> R<V> {
    match a {
        V::C(parts) => Ok(V::C(parts.iter().map(|p| map1(p, f)).collect::<R<_>>()?)),
        s => f(s),
    }
}

fn map2(a: &V, b: &V, f: &dyn Fn(&V, &V) -> R<V>) -> R<V> {
    match (a, b) {
        (V::C(x), V::C(y)) => Ok(V::C(
            x.iter()
                .zip(y)
                .map(|(p, q)| map2(p, q, f))
                .collect::<R<_>>()?,
        )),
        (V::C(_), _) | (_, V::C(_)) => Err(format!("shape mismatch {a:?} {b:?}")),
        (x, y) => f(x, y),
    }
}

fn unary(op: UnaryOp, x: &V) -> R<V> {
    Ok(match (op, x) {
        (UnaryOp::Negate, V::I(v)) => V::I(v.wrapping_neg()),
        (UnaryOp::Negate, V::F(v)) => V::F(-v),
        (UnaryOp::LogicalNot, V::B(b)) => V::B(!b),
        (UnaryOp::BitNot, V::I(v)) => V::I(!v),
        (UnaryOp::BitNot, V::U(v)) => V::U(!v),
        _ => return Err(format!("{op:?} on {x:?}")),
    })
}

fn binary(op: BinaryOp, a: &V, b: &V) -> R<V> {
    use BinaryOp as O;
    Ok(match (a, b) {
        (V::I(x), V::U(y)) if matches!(op, O::ShiftLeft | O::ShiftRight) => {
            let s = y & 31;
            if op == O::ShiftLeft {
                V::I(x.wrapping_shl(s))
            } else {
                V::I(x >> s)
            }
        }
        (V::U(x), V::U(y)) if matches!(op, O::ShiftLeft | O::ShiftRight) => {
            let s = y & 31;
            if op == O::ShiftLeft {
                V::U(x.wrapping_shl(s))
            } else {
                V::U(x >> s)
            }
        }
        (V::I(x), V::I(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::I(x.wrapping_add(y)),
                O::Subtract => V::I(x.wrapping_sub(y)),
                O::Multiply => V::I(x.wrapping_mul(y)),
                O::Divide => V::I(if y == 0 || (x == i32::MIN && y == -1) {
                    x
                } else {
                    x / y
                }),
                O::Remainder => V::I(if y == 0 || (x == i32::MIN && y == -1) {
                    0
                } else {
                    x % y
                }),
                O::BitAnd => V::I(x & y),
                O::BitOr => V::I(x | y),
                O::BitXor => V::I(x ^ y),
                O::Equal => V::B(x == y),
                O::NotEqual => V::B(x != y),
                O::Less => V::B(x < y),
                O::LessEqual => V::B(x <= y),
                O::Greater => V::B(x > y),
                O::GreaterEqual => V::B(x >= y),
                _ => return Err(format!("{op:?} on ints")),
            }
        }
        (V::U(x), V::U(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::U(x.wrapping_add(y)),
                O::Subtract => V::U(x.wrapping_sub(y)),
                O::Multiply => V::U(x.wrapping_mul(y)),
                O::Divide => V::U(x.checked_div(y).unwrap_or(x)),
                O::Remainder => V::U(if y == 0 { 0 } else { x % y }),
                O::BitAnd => V::U(x & y),
                O::BitOr => V::U(x | y),
                O::BitXor => V::U(x ^ y),
                O::Equal => V::B(x == y),
                O::NotEqual => V::B(x != y),
                O::Less => V::B(x < y),
                O::LessEqual => V::B(x <= y),
                O::Greater => V::B(x > y),
                O::GreaterEqual => V::B(x >= y),
                _ => return Err(format!("{op:?} on uints")),
            }
        }
        (V::F(x), V::F(y)) => {
            let (x, y) = (*x, *y);
            match op {
                O::Add => V::F(x + y),
                O::Subtract => V::F(x - y),
                O::Multiply => V::F(x * y),
                O::Divide => V::F(x / y),
                O::Remainder => V::F(x - y * (x / y).trunc()),
                O::Equal => V::B(x == y),
                O::NotEqual => V::B(x != y),
                O::Less => V::B(x < y),
                O::LessEqual => V::B(x <= y),
                O::Greater => V::B(x > y),
                O::GreaterEqual => V::B(x >= y),
                _ => return Err(format!("{op:?} on floats")),
            }
        }
        (V::B(x), V::B(y)) => match op {
            O::LogicalAnd => V::B(*x && *y),
            O::LogicalOr => V::B(*x || *y),
            O::Equal => V::B(x == y),
            O::NotEqual => V::B(x != y),
            _ => return Err(format!("{op:?} on bools")),
        },
        _ => return Err(format!("{op:?} on {a:?} and {b:?}")),
    })
}

fn convert(x: &V, to: Scalar) -> R<V> {
    let f = match x {
        V::I(v) => *v as f64,
        V::U(v) => *v as f64,
        V::F(v) => *v as f64,
        V::B(b) => {
            if *b {
                1.0
            } else {
                0.0
            }
        }
        other => return Err(format!("convert {other:?}")),
    };
    Ok(match (to.kind, x) {
        (ScalarKind::Sint, V::U(v)) => V::I(*v as i32),
        (ScalarKind::Uint, V::I(v)) => V::U(*v as u32),
        (ScalarKind::Sint, _) => V::I(f as i32),
        (ScalarKind::Uint, _) => V::U(f as u32),
        (ScalarKind::Float, _) => V::F(f as f32),
        (ScalarKind::Bool, _) => V::B(f != 0.0),
    })
}

fn bitcast(x: &V, to: Scalar) -> R<V> {
    let bits = match x {
        V::I(v) => *v as u32,
        V::U(v) => *v,
        V::F(v) => v.to_bits(),
        other => return Err(format!("bitcast {other:?}")),
    };
    Ok(match to.kind {
        ScalarKind::Sint => V::I(bits as i32),
        ScalarKind::Uint => V::U(bits),
        ScalarKind::Float => V::F(f32::from_bits(bits)),
        ScalarKind::Bool => return Err("bitcast to bool".into()),
    })
}

fn math(fun: MathFunction, a: &[V]) -> R<V> {
    use MathFunction as M;
    let two = |f: &dyn Fn(&V, &V) -> R<V>| map2(&a[0], &a[1], f);
    match fun {
        M::Min => two(&|x, y| {
            Ok(match (x, y) {
                (V::I(p), V::I(q)) => V::I(*p.min(q)),
                (V::U(p), V::U(q)) => V::U(*p.min(q)),
                (V::F(p), V::F(q)) => V::F(p.min(*q)),
                _ => return Err("min".into()),
            })
        }),
        M::Max => two(&|x, y| {
            Ok(match (x, y) {
                (V::I(p), V::I(q)) => V::I(*p.max(q)),
                (V::U(p), V::U(q)) => V::U(*p.max(q)),
                (V::F(p), V::F(q)) => V::F(p.max(*q)),
                _ => return Err("max".into()),
            })
        }),
        M::Abs => map1(&a[0], &|x| {
            Ok(match x {
                V::I(p) => V::I(p.wrapping_abs()),
                V::F(p) => V::F(p.abs()),
                _ => return Err("abs".into()),
            })
        }),
        M::Floor => map1(&a[0], &|x| Ok(V::F(x.f().floor()))),
        M::Sqrt => map1(&a[0], &|x| Ok(V::F(x.f().sqrt()))),
        M::Clamp => {
            let lo = math(M::Max, &[a[0].clone(), a[1].clone()])?;
            math(M::Min, &[lo, a[2].clone()])
        }
        M::Dot => {
            let (V::C(x), V::C(y)) = (&a[0], &a[1]) else {
                return Err("dot".into());
            };
            Ok(V::F(x.iter().zip(y).map(|(p, q)| p.f() * q.f()).sum()))
        }
        other => Err(format!(
            "math {other:?} not supported by the test interpreter"
        )),
    }
}
