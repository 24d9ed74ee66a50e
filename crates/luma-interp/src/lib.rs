//! A reference interpreter of the Luma IR: runs a function of a [`Module`] on values and memory
//! with the meaning the IR documents (`luma_ir::ir`), one invocation at a time.
//!
//! Tests use it to check what lowered and optimised code computes rather than its shape: the
//! lowering tests, the optimiser's meaning-preservation test and the differential tester
//! (`luma-difftest`), which compares it with every target on a real driver. It therefore
//! implements each operation from the IR's documentation, independently of the optimiser's
//! constant folder. Where the IR leaves a result unspecified (an out-of-range dynamic index, a
//! float to integer conversion out of range), it picks one documented answer: a clamped index,
//! a saturating conversion.
//!
//! Not supported (an error names the operation): textures and samplers, derivatives, and
//! anything that needs more than one invocation at a time (barriers are no-ops).

mod math;

use luma_base::Handle;
use luma_ir::{
    AtomicFunction, BinaryOp, Block, ConstantValue, Function, Literal, Module, Op, ProductKind,
    RelationalFunction, Scalar, ScalarKind, StmtKind, Type, TypeInner, ValueDef,
};

pub use math::{binary, convert, math, unary};

/// A runtime value: a scalar, a composite (vector components, matrix columns, array elements or
/// struct members, in order) or a pointer into memory.
#[derive(Debug, Clone, PartialEq)]
pub enum V {
    /// `bool`.
    B(bool),
    /// `i32`.
    I(i32),
    /// `u32`.
    U(u32),
    /// `f32` (and `f16`, held widened).
    F(f32),
    /// A composite.
    C(Vec<V>),
    /// A pointer.
    P(Ptr),
}

/// A pointer: a root memory object and a path of part indices into it.
#[derive(Debug, Clone, PartialEq)]
pub struct Ptr {
    /// The variable.
    pub root: Root,
    /// Part indices, outermost first.
    pub path: Vec<usize>,
}

/// A memory object a pointer starts from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Root {
    /// A global, by its index in [`Module::globals`].
    Global(usize),
    /// A local: the frame (call depth) and the local's index in its function.
    Local(usize, usize),
}

/// Results of the interpreter; the error says what could not be run and why.
pub type R<T> = Result<T, String>;

impl V {
    /// The `i32` this holds.
    pub fn as_i32(&self) -> Option<i32> {
        match self {
            V::I(v) => Some(*v),
            _ => None,
        }
    }

    /// The `u32` this holds.
    pub fn as_u32(&self) -> Option<u32> {
        match self {
            V::U(v) => Some(*v),
            _ => None,
        }
    }

    /// The `f32` this holds.
    pub fn as_f32(&self) -> Option<f32> {
        match self {
            V::F(v) => Some(*v),
            _ => None,
        }
    }

    /// The `bool` this holds.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            V::B(v) => Some(*v),
            _ => None,
        }
    }

    /// The parts of a composite.
    pub fn parts(&self) -> Option<&[V]> {
        match self {
            V::C(parts) => Some(parts),
            _ => None,
        }
    }

    fn bool_or_err(&self) -> R<bool> {
        self.as_bool()
            .ok_or_else(|| format!("expected a bool, got {self:?}"))
    }

    /// An index operand: any non-negative `i32`, any `u32`; negative indices saturate to a
    /// huge value so that clamping picks the last element, as `u32` arithmetic would.
    fn index(&self) -> R<usize> {
        match self {
            V::I(v) => Ok(usize::try_from(*v as u32).unwrap_or(usize::MAX)),
            V::U(v) => Ok(usize::try_from(*v).unwrap_or(usize::MAX)),
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

/// How a block ended.
enum Flow {
    Yield(Vec<V>),
    Continue(Vec<V>),
    Break(Vec<V>),
    Return(Vec<V>),
    Discard,
}

/// Deepest nesting of calls and regions the interpreter follows; deeper IR (which no checked
/// program produces) is an error instead of a stack overflow.
pub const MAX_DEPTH: usize = 512;

/// The interpreter: a module, its global memory and the call stack.
#[derive(Debug)]
pub struct Machine<'m> {
    /// The module being run.
    pub m: &'m Module,
    /// The contents of each global, by index; zero-initialized (runtime arrays empty).
    pub globals: Vec<V>,
    frames: Vec<Vec<V>>,
    /// Statements executed so far.
    pub steps: u64,
    /// Most statements a run may execute before it is stopped as endless.
    pub budget: u64,
    depth: usize,
}

impl<'m> Machine<'m> {
    /// A machine for `m` with every global zeroed.
    pub fn new(m: &'m Module) -> Machine<'m> {
        let mut mach = Machine {
            m,
            globals: Vec::new(),
            frames: Vec::new(),
            steps: 0,
            budget: 10_000_000,
            depth: 0,
        };
        for (_, g) in m.globals.iter() {
            let v = mach.zero(g.ty).unwrap_or(V::C(Vec::new()));
            mach.globals.push(v);
        }
        mach
    }

    fn global_index(&self, name: &str) -> R<usize> {
        self.m
            .globals
            .iter()
            .find(|(_, g)| g.name == name)
            .map(|(h, _)| h.index())
            .ok_or_else(|| format!("no global {name}"))
    }

    /// Sets the contents of the global named `name`.
    pub fn set_global(&mut self, name: &str, v: V) -> R<()> {
        let i = self.global_index(name)?;
        let slot = self
            .globals
            .get_mut(i)
            .ok_or_else(|| format!("no global {name}"))?;
        *slot = v;
        Ok(())
    }

    /// The contents of the global named `name`.
    pub fn global(&self, name: &str) -> Option<&V> {
        self.global_index(name)
            .ok()
            .and_then(|i| self.globals.get(i))
    }

    /// Calls the function named `name` (the last one of that name) with `args`.
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

    /// The zero value of `ty` (runtime-sized arrays are empty).
    pub fn zero(&self, ty: Handle<Type>) -> R<V> {
        let inner = &self
            .m
            .types
            .get(ty)
            .ok_or_else(|| format!("no type {ty:?}"))?
            .inner;
        Ok(match inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => zero_scalar(*s),
            TypeInner::Vector { size, scalar } => {
                V::C(vec![zero_scalar(*scalar); size.count() as usize])
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => V::C(vec![
                V::C(vec![zero_scalar(*scalar); rows.count() as usize]);
                columns.count() as usize
            ]),
            TypeInner::Array { base, size } => match size {
                luma_ir::ArraySize::Constant(n) => V::C(vec![self.zero(*base)?; *n as usize]),
                luma_ir::ArraySize::Runtime => V::C(Vec::new()),
            },
            TypeInner::Struct { members } => {
                V::C(members.iter().map(|m| self.zero(m.ty)).collect::<R<_>>()?)
            }
            other => return Err(format!("no zero value for {other:?}")),
        })
    }

    fn constant(&self, c: Handle<luma_ir::Constant>) -> R<V> {
        let k = self
            .m
            .constants
            .get(c)
            .ok_or_else(|| format!("no constant {c:?}"))?;
        match &k.value {
            ConstantValue::Scalar(l) => Ok(lit(*l)),
            ConstantValue::Composite(parts) => Ok(V::C(
                parts.iter().map(|p| self.constant(*p)).collect::<R<_>>()?,
            )),
            ConstantValue::Zero => self.zero(k.ty),
        }
    }

    /// Calls function `fh` with `args`; returns its results.
    pub fn call(&mut self, fh: Handle<Function>, args: Vec<V>) -> R<Vec<V>> {
        let m = self.m;
        let f = m
            .functions
            .get(fh)
            .ok_or_else(|| format!("no function {fh:?}"))?;
        if args.len() != f.params.len() {
            return Err(format!(
                "`{}` takes {} arguments, got {}",
                f.name,
                f.params.len(),
                args.len()
            ));
        }
        self.enter()?;
        let mut locals = Vec::new();
        for (_, l) in f.locals.iter() {
            locals.push(match l.init {
                Some(c) => self.constant(c)?,
                None => self.zero(l.ty)?,
            });
        }
        self.frames.push(locals);
        let mut env: Vec<Option<V>> = vec![None; f.values.len()];
        for (slot, a) in env.iter_mut().zip(args) {
            *slot = Some(a);
        }
        let flow = self.block(f, &mut env, f.body);
        self.frames.pop();
        self.depth -= 1;
        match flow? {
            Flow::Return(v) => Ok(v),
            Flow::Discard => Err("discard".into()),
            _ => Err("function body fell off its end".into()),
        }
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(format!("nesting deeper than {MAX_DEPTH} (recursion?)"));
        }
        Ok(())
    }

    fn get(&self, f: &Function, env: &[Option<V>], v: Handle<luma_ir::Value>) -> R<V> {
        if let Some(Some(x)) = env.get(v.index()) {
            return Ok(x.clone());
        }
        let value = f.values.get(v).ok_or_else(|| format!("no value {v:?}"))?;
        match &value.def {
            ValueDef::Constant(c) => self.constant(*c),
            ValueDef::GlobalPointer(g) => Ok(V::P(Ptr {
                root: Root::Global(g.index()),
                path: Vec::new(),
            })),
            ValueDef::LocalPointer(l) => Ok(V::P(Ptr {
                root: Root::Local(self.frames.len().saturating_sub(1), l.index()),
                path: Vec::new(),
            })),
            other => Err(format!(
                "value {v:?} ({other:?}) used before it was defined"
            )),
        }
    }

    fn slot(&mut self, p: &Ptr) -> R<&mut V> {
        let mut cur = match p.root {
            Root::Global(g) => self.globals.get_mut(g).ok_or("no such global")?,
            Root::Local(fr, l) => self
                .frames
                .get_mut(fr)
                .and_then(|frame| frame.get_mut(l))
                .ok_or("no such local")?,
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

    fn set(env: &mut [Option<V>], v: Handle<luma_ir::Value>, x: V) -> R<()> {
        let slot = env
            .get_mut(v.index())
            .ok_or_else(|| format!("no value {v:?}"))?;
        *slot = Some(x);
        Ok(())
    }

    fn bind(env: &mut [Option<V>], targets: &[Handle<luma_ir::Value>], vals: Vec<V>) -> R<()> {
        if vals.len() != targets.len() {
            return Err("region result arity mismatch".into());
        }
        for (t, x) in targets.iter().zip(vals) {
            Machine::set(env, *t, x)?;
        }
        Ok(())
    }

    fn block(&mut self, f: &Function, env: &mut Vec<Option<V>>, b: Handle<Block>) -> R<Flow> {
        self.enter()?;
        let flow = self.block_inner(f, env, b);
        self.depth -= 1;
        flow
    }

    fn block_inner(&mut self, f: &Function, env: &mut Vec<Option<V>>, b: Handle<Block>) -> R<Flow> {
        let block = f.blocks.get(b).ok_or_else(|| format!("no block {b:?}"))?;
        for s in &block.stmts {
            self.steps += 1;
            if self.steps > self.budget {
                return Err("step budget exhausted (endless loop?)".into());
            }
            match &s.kind {
                StmtKind::Value(v) => {
                    let value = f.values.get(*v).ok_or("no such value")?;
                    let ValueDef::Op(op) = &value.def else {
                        return Err("a Value statement for a non-op value".into());
                    };
                    let x = self.op(f, env, op, value.ty)?;
                    Machine::set(env, *v, x)?;
                }
                StmtKind::Store { pointer, value } | StmtKind::AtomicStore { pointer, value } => {
                    let V::P(p) = self.get(f, env, *pointer)? else {
                        return Err("store through a non-pointer".into());
                    };
                    let x = self.get(f, env, *value)?;
                    *self.slot(&p)? = x;
                }
                StmtKind::Call { function, args } => {
                    let a = self.all(f, env, args)?;
                    self.call(*function, a)?;
                }
                // One invocation at a time: a barrier has nothing to wait for.
                StmtKind::Barrier(_) => {}
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    let c = self.get(f, env, *condition)?.bool_or_err()?;
                    match self.block(f, env, if c { *accept } else { *reject })? {
                        Flow::Yield(vals) => Machine::bind(env, results, vals)?,
                        other => return Ok(other),
                    }
                }
                StmtKind::Loop(lp) => {
                    let luma_ir::Loop {
                        carried,
                        body,
                        results,
                        ..
                    } = &**lp;
                    let inits = carried
                        .iter()
                        .map(|c| self.get(f, env, c.init))
                        .collect::<R<Vec<_>>>()?;
                    for (c, x) in carried.iter().zip(inits) {
                        Machine::set(env, c.value, x)?;
                    }
                    loop {
                        self.steps += 1;
                        if self.steps > self.budget {
                            return Err("step budget exhausted (endless loop?)".into());
                        }
                        match self.block(f, env, *body)? {
                            Flow::Continue(vals) => {
                                let targets: Vec<_> = carried.iter().map(|c| c.value).collect();
                                Machine::bind(env, &targets, vals)?;
                            }
                            Flow::Break(vals) => {
                                Machine::bind(env, results, vals)?;
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
                // Image stores: the interpreter has no images.
                #[allow(unreachable_patterns)]
                other => return Err(format!("{other:?} is not supported by the interpreter")),
            }
        }
        Err("a block without terminator".into())
    }

    fn all(&self, f: &Function, env: &[Option<V>], vs: &[Handle<luma_ir::Value>]) -> R<Vec<V>> {
        vs.iter().map(|v| self.get(f, env, *v)).collect()
    }

    fn type_inner(&self, ty: Handle<Type>) -> R<&'m TypeInner> {
        self.m
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| format!("no type {ty:?}"))
    }

    fn op(&mut self, f: &Function, env: &[Option<V>], op: &Op, ty: Handle<Type>) -> R<V> {
        let g = |v: &Handle<luma_ir::Value>| self.get(f, env, *v);
        Ok(match op {
            Op::Unary { op, arg } => map1(&g(arg)?, &|x| unary(*op, x))?,
            Op::Binary { op, lhs, rhs } => {
                let (a, b) = (g(lhs)?, g(rhs)?);
                // Shifts of a vector by a scalar count, and any scalar-vector mix, broadcast.
                map2_broadcast(&a, &b, &|x, y| binary(*op, x, y))?
            }
            Op::Product { kind, lhs, rhs } => product(*kind, &g(lhs)?, &g(rhs)?)?,
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
                        return Err("componentwise select of non-vectors".into());
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
                let n = match self.type_inner(ty)? {
                    TypeInner::Vector { size, .. } => size.count() as usize,
                    _ => return Err("splat to a non-vector".into()),
                };
                V::C(vec![g(value)?; n])
            }
            Op::Compose { components } => {
                let parts = components.iter().map(g).collect::<R<Vec<_>>>()?;
                if let TypeInner::Vector { .. } = self.type_inner(ty)? {
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
            Op::ExtractDynamic { base, index } => {
                let base = g(base)?;
                let n = base.parts().map_or(0, <[V]>::len);
                part(&base, g(index)?.index()?.min(n.saturating_sub(1)))?
            }
            Op::InsertDynamic { base, value, index } => {
                let V::C(mut parts) = g(base)? else {
                    return Err("insert into a scalar".into());
                };
                let i = g(index)?.index()?;
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
                V::C(
                    pattern
                        .iter()
                        .map(|&i| all.get(i as usize).cloned().ok_or("shuffle out of range"))
                        .collect::<Result<_, _>>()?,
                )
            }
            Op::Convert { value } => {
                let s = self
                    .type_inner(ty)?
                    .scalar()
                    .ok_or("convert to a non-numeric type")?;
                map1(&g(value)?, &|x| convert(x, s))?
            }
            Op::Bitcast { value } => {
                let s = self
                    .type_inner(ty)?
                    .scalar()
                    .ok_or("bitcast to a non-numeric type")?;
                map1(&g(value)?, &|x| bitcast(x, s))?
            }
            Op::Relational { fun, arg } => relational(*fun, &g(arg)?)?,
            Op::Math { fun, args } => {
                let a = args.iter().map(g).collect::<R<Vec<_>>>()?;
                math(*fun, &a)?
            }
            Op::AccessChain { base, indices, .. } => {
                let V::P(mut p) = g(base)? else {
                    return Err("access chain on a non-pointer".into());
                };
                let indices = indices
                    .iter()
                    .map(|i| g(i)?.index())
                    .collect::<R<Vec<_>>>()?;
                for i in indices {
                    // An out-of-range index reaches a clamped element (docs/language.md,
                    // "Access"); the IR allows any element of the array.
                    let len = match self.slot(&p)? {
                        V::C(parts) => parts.len(),
                        other => return Err(format!("indexing into {other:?}")),
                    };
                    if len == 0 {
                        return Err("index into an empty array".into());
                    }
                    p.path.push(i.min(len - 1));
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
                    V::C(parts) => V::U(u32::try_from(parts.len()).unwrap_or(u32::MAX)),
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
                    AtomicFunction::Min => math(luma_ir::MathFunction::Min, &[old.clone(), x])?,
                    AtomicFunction::Max => math(luma_ir::MathFunction::Max, &[old.clone(), x])?,
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
            // Derivatives and every texture or image operation: the interpreter has no pixels.
            other => {
                return Err(format!(
                    "op {other:?} is not supported by the interpreter (textures and derivatives)"
                ))
            }
        })
    }
}

fn zero_scalar(s: Scalar) -> V {
    match s.kind {
        ScalarKind::Bool => V::B(false),
        ScalarKind::Sint => V::I(0),
        ScalarKind::Uint => V::U(0),
        ScalarKind::Float => V::F(0.0),
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

/// Applies `f` to every scalar of `a` (composites of any depth).
pub fn map1(a: &V, f: &dyn Fn(&V) -> R<V>) -> R<V> {
    match a {
        V::C(parts) => Ok(V::C(parts.iter().map(|p| map1(p, f)).collect::<R<_>>()?)),
        s => f(s),
    }
}

/// Applies `f` to matching scalars of `a` and `b`; a scalar on one side meets every component
/// of the other.
pub fn map2_broadcast(a: &V, b: &V, f: &dyn Fn(&V, &V) -> R<V>) -> R<V> {
    match (a, b) {
        (V::C(x), V::C(y)) => {
            if x.len() != y.len() {
                return Err(format!("shape mismatch {a:?} {b:?}"));
            }
            Ok(V::C(
                x.iter()
                    .zip(y)
                    .map(|(p, q)| map2_broadcast(p, q, f))
                    .collect::<R<_>>()?,
            ))
        }
        (V::C(x), s) => Ok(V::C(
            x.iter()
                .map(|p| map2_broadcast(p, s, f))
                .collect::<R<_>>()?,
        )),
        (s, V::C(y)) => Ok(V::C(
            y.iter()
                .map(|q| map2_broadcast(s, q, f))
                .collect::<R<_>>()?,
        )),
        (x, y) => f(x, y),
    }
}

/// Reinterprets the bits of a 32-bit scalar as `to`.
pub fn bitcast(x: &V, to: Scalar) -> R<V> {
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

fn relational(fun: RelationalFunction, arg: &V) -> R<V> {
    match fun {
        RelationalFunction::All | RelationalFunction::Any => {
            let V::C(parts) = arg else {
                return Err("all/any of a scalar".into());
            };
            let bools: Vec<bool> = parts.iter().map(V::bool_or_err).collect::<R<_>>()?;
            Ok(V::B(if fun == RelationalFunction::All {
                bools.iter().all(|b| *b)
            } else {
                bools.iter().any(|b| *b)
            }))
        }
        RelationalFunction::IsNan => map1(arg, &|x| match x {
            V::F(v) => Ok(V::B(v.is_nan())),
            other => Err(format!("isnan of {other:?}")),
        }),
        RelationalFunction::IsInf => map1(arg, &|x| match x {
            V::F(v) => Ok(V::B(v.is_infinite())),
            other => Err(format!("isinf of {other:?}")),
        }),
    }
}

fn floats(v: &V) -> R<Vec<f32>> {
    match v {
        V::C(parts) => parts
            .iter()
            .map(|p| {
                p.as_f32()
                    .ok_or_else(|| format!("expected a float, got {p:?}"))
            })
            .collect(),
        V::F(x) => Ok(vec![*x]),
        other => Err(format!("expected floats, got {other:?}")),
    }
}

fn columns(v: &V) -> R<Vec<Vec<f32>>> {
    match v {
        V::C(cols) => cols.iter().map(floats).collect(),
        other => Err(format!("expected a matrix, got {other:?}")),
    }
}

fn fvec(xs: Vec<f32>) -> V {
    V::C(xs.into_iter().map(V::F).collect())
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The linear-algebra products (`Op::Product`).
pub fn product(kind: ProductKind, lhs: &V, rhs: &V) -> R<V> {
    match kind {
        ProductKind::VectorTimesScalar | ProductKind::MatrixTimesScalar => {
            map2_broadcast(lhs, rhs, &|x, y| binary(BinaryOp::Multiply, x, y))
        }
        ProductKind::MatrixTimesVector => {
            let (m, v) = (columns(lhs)?, floats(rhs)?);
            let rows = m.first().map_or(0, Vec::len);
            Ok(fvec(
                (0..rows)
                    .map(|r| {
                        m.iter()
                            .zip(&v)
                            .map(|(col, x)| col.get(r).copied().unwrap_or(0.0) * x)
                            .sum()
                    })
                    .collect(),
            ))
        }
        ProductKind::VectorTimesMatrix => {
            let (v, m) = (floats(lhs)?, columns(rhs)?);
            Ok(fvec(m.iter().map(|col| dot(&v, col)).collect()))
        }
        ProductKind::MatrixTimesMatrix => {
            let (a, b) = (columns(lhs)?, columns(rhs)?);
            let rows = a.first().map_or(0, Vec::len);
            Ok(V::C(
                b.iter()
                    .map(|bcol| {
                        fvec(
                            (0..rows)
                                .map(|r| {
                                    a.iter()
                                        .zip(bcol)
                                        .map(|(acol, x)| acol.get(r).copied().unwrap_or(0.0) * x)
                                        .sum()
                                })
                                .collect(),
                        )
                    })
                    .collect(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_edge_cases_follow_the_ir() {
        use BinaryOp as O;
        assert_eq!(binary(O::Divide, &V::I(7), &V::I(0)), Ok(V::I(7)));
        assert_eq!(binary(O::Remainder, &V::I(7), &V::I(0)), Ok(V::I(0)));
        assert_eq!(
            binary(O::Divide, &V::I(i32::MIN), &V::I(-1)),
            Ok(V::I(i32::MIN))
        );
        assert_eq!(
            binary(O::Remainder, &V::I(i32::MIN), &V::I(-1)),
            Ok(V::I(0))
        );
        assert_eq!(binary(O::Remainder, &V::I(-7), &V::I(2)), Ok(V::I(-1)));
        assert_eq!(binary(O::ShiftLeft, &V::I(1), &V::U(33)), Ok(V::I(2)));
        assert_eq!(binary(O::ShiftRight, &V::I(-8), &V::U(1)), Ok(V::I(-4)));
        assert_eq!(
            binary(O::ShiftRight, &V::U(0x8000_0000), &V::U(31)),
            Ok(V::U(1))
        );
        assert_eq!(
            binary(O::Add, &V::I(i32::MAX), &V::I(1)),
            Ok(V::I(i32::MIN))
        );
    }

    #[test]
    fn products_are_column_major() {
        // m = [[1, 2], [3, 4]] as columns: m * (1, 1) = (4, 6); (1, 1) * m = (3, 7).
        let m = V::C(vec![fvec(vec![1.0, 2.0]), fvec(vec![3.0, 4.0])]);
        let v = fvec(vec![1.0, 1.0]);
        assert_eq!(
            product(ProductKind::MatrixTimesVector, &m, &v),
            Ok(fvec(vec![4.0, 6.0]))
        );
        assert_eq!(
            product(ProductKind::VectorTimesMatrix, &v, &m),
            Ok(fvec(vec![3.0, 7.0]))
        );
    }
}
