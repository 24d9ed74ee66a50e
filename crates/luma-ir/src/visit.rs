//! Operand visitors: every value an op or statement reads, and every block a statement owns.
//!
//! The verifier, the passes and the back ends all need "which values does this use"; this file is
//! the one place that knows, so a new operand cannot be forgotten in one of them.

use luma_base::Handle;

use crate::ir::{Block, ImageQuery, ImageSample, Op, SampleLevel, StmtKind, Value};

impl Op {
    /// Calls `f` on every value this op reads, in a fixed order.
    pub fn for_each_operand(&self, mut f: impl FnMut(Handle<Value>)) {
        match self {
            Op::Unary { arg, .. } => f(*arg),
            Op::Binary { lhs, rhs, .. } | Op::Product { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                f(*condition);
                f(*accept);
                f(*reject);
            }
            Op::Splat { value } | Op::Convert { value } | Op::Bitcast { value } => f(*value),
            Op::Compose { components } => components.iter().copied().for_each(f),
            Op::Extract { base, .. } => f(*base),
            Op::Insert { base, value, .. } => {
                f(*base);
                f(*value);
            }
            Op::ExtractDynamic { base, index } => {
                f(*base);
                f(*index);
            }
            Op::InsertDynamic { base, value, index } => {
                f(*base);
                f(*value);
                f(*index);
            }
            Op::Shuffle { a, b, .. } => {
                f(*a);
                f(*b);
            }
            Op::Relational { arg, .. } | Op::Derivative { arg, .. } => f(*arg),
            Op::Math { args, .. } => args.iter().copied().for_each(f),
            Op::AccessChain { base, indices, .. } => {
                f(*base);
                indices.iter().copied().for_each(f);
            }
            Op::Load { pointer } | Op::ArrayLength { pointer } | Op::AtomicLoad { pointer } => {
                f(*pointer)
            }
            Op::Call { args, .. } => args.iter().copied().for_each(f),
            Op::ImageSample(sample) => {
                let ImageSample {
                    image,
                    sampler,
                    coordinate,
                    array_index,
                    level,
                    depth_ref,
                    offset: _,
                    gather: _,
                } = &**sample;
                f(*image);
                f(*sampler);
                f(*coordinate);
                if let Some(v) = array_index {
                    f(*v);
                }
                match level {
                    SampleLevel::Auto | SampleLevel::Zero => {}
                    SampleLevel::Exact(v) | SampleLevel::Bias(v) => f(*v),
                    SampleLevel::Gradient { x, y } => {
                        f(*x);
                        f(*y);
                    }
                }
                if let Some(v) = depth_ref {
                    f(*v);
                }
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                f(*image);
                f(*coordinate);
                for v in [array_index, level, sample].into_iter().flatten() {
                    f(*v);
                }
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                f(*image);
                f(*coordinate);
                if let Some(v) = array_index {
                    f(*v);
                }
            }
            Op::ImageQuery { image, query } => {
                f(*image);
                if let ImageQuery::Size { level: Some(v) } = query {
                    f(*v);
                }
            }
            Op::Atomic {
                pointer,
                value,
                comparator,
                ..
            } => {
                f(*pointer);
                f(*value);
                if let Some(v) = comparator {
                    f(*v);
                }
            }
        }
    }

    /// Calls `f` on a mutable reference to every value this op reads, in the same order as
    /// [`Op::for_each_operand`] (used by passes that replace values).
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut Handle<Value>)) {
        match self {
            Op::Unary { arg, .. } => f(arg),
            Op::Binary { lhs, rhs, .. } | Op::Product { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                f(condition);
                f(accept);
                f(reject);
            }
            Op::Splat { value } | Op::Convert { value } | Op::Bitcast { value } => f(value),
            Op::Compose { components } => components.iter_mut().for_each(f),
            Op::Extract { base, .. } => f(base),
            Op::Insert { base, value, .. } => {
                f(base);
                f(value);
            }
            Op::ExtractDynamic { base, index } => {
                f(base);
                f(index);
            }
            Op::InsertDynamic { base, value, index } => {
                f(base);
                f(value);
                f(index);
            }
            Op::Shuffle { a, b, .. } => {
                f(a);
                f(b);
            }
            Op::Relational { arg, .. } | Op::Derivative { arg, .. } => f(arg),
            Op::Math { args, .. } => args.iter_mut().for_each(f),
            Op::AccessChain { base, indices, .. } => {
                f(base);
                indices.iter_mut().for_each(f);
            }
            Op::Load { pointer } | Op::ArrayLength { pointer } | Op::AtomicLoad { pointer } => {
                f(pointer)
            }
            Op::Call { args, .. } => args.iter_mut().for_each(f),
            Op::ImageSample(sample) => {
                let ImageSample {
                    image,
                    sampler,
                    coordinate,
                    array_index,
                    level,
                    depth_ref,
                    offset: _,
                    gather: _,
                } = &mut **sample;
                f(image);
                f(sampler);
                f(coordinate);
                if let Some(v) = array_index {
                    f(v);
                }
                match level {
                    SampleLevel::Auto | SampleLevel::Zero => {}
                    SampleLevel::Exact(v) | SampleLevel::Bias(v) => f(v),
                    SampleLevel::Gradient { x, y } => {
                        f(x);
                        f(y);
                    }
                }
                if let Some(v) = depth_ref {
                    f(v);
                }
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                f(image);
                f(coordinate);
                for v in [array_index, level, sample].into_iter().flatten() {
                    f(v);
                }
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                f(image);
                f(coordinate);
                if let Some(v) = array_index {
                    f(v);
                }
            }
            Op::ImageQuery { image, query } => {
                f(image);
                if let ImageQuery::Size { level: Some(v) } = query {
                    f(v);
                }
            }
            Op::Atomic {
                pointer,
                value,
                comparator,
                ..
            } => {
                f(pointer);
                f(value);
                if let Some(v) = comparator {
                    f(v);
                }
            }
        }
    }

    /// Whether evaluating this op can be skipped or repeated without changing the program:
    /// no memory access, no call, no atomics, no derivative (derivatives depend on where in
    /// control flow they run). Dead pure values may be removed; pure values used once may be
    /// moved to their use. Storage image loads are memory reads (a store may change the
    /// texel); sampled-texture reads and image queries are not.
    pub fn is_pure(&self) -> bool {
        !matches!(
            self,
            Op::Load { .. }
                | Op::ImageLoad { .. }
                | Op::Call { .. }
                | Op::Atomic { .. }
                | Op::AtomicLoad { .. }
                | Op::Derivative { .. }
                | Op::ImageSample { .. }
                | Op::ArrayLength { .. }
        )
    }
}

impl StmtKind {
    /// Calls `f` on every value this statement reads directly. The value placed by a
    /// `StmtKind::Value` is not an operand (its op's operands are visited with
    /// [`Op::for_each_operand`]); nested blocks are not entered (see
    /// [`StmtKind::for_each_block`]). `Loop` visits the initial values of its carried values.
    pub fn for_each_operand(&self, mut f: impl FnMut(Handle<Value>)) {
        match self {
            StmtKind::Value(_) => {}
            StmtKind::Store { pointer, value } | StmtKind::AtomicStore { pointer, value } => {
                f(*pointer);
                f(*value);
            }
            StmtKind::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                f(*image);
                f(*coordinate);
                if let Some(v) = array_index {
                    f(*v);
                }
                f(*value);
            }
            StmtKind::Call { args, .. } => args.iter().copied().for_each(f),
            StmtKind::Barrier(_) | StmtKind::Discard | StmtKind::Unreachable => {}
            StmtKind::If { condition, .. } => f(*condition),
            StmtKind::Loop(l) => l.carried.iter().for_each(|v| f(v.init)),
            StmtKind::Yield(values)
            | StmtKind::Continue(values)
            | StmtKind::Break(values)
            | StmtKind::Return(values) => values.iter().copied().for_each(f),
        }
    }

    /// Mutable counterpart of [`StmtKind::for_each_operand`].
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut Handle<Value>)) {
        match self {
            StmtKind::Value(_) => {}
            StmtKind::Store { pointer, value } | StmtKind::AtomicStore { pointer, value } => {
                f(pointer);
                f(value);
            }
            StmtKind::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                f(image);
                f(coordinate);
                if let Some(v) = array_index {
                    f(v);
                }
                f(value);
            }
            StmtKind::Call { args, .. } => args.iter_mut().for_each(f),
            StmtKind::Barrier(_) | StmtKind::Discard | StmtKind::Unreachable => {}
            StmtKind::If { condition, .. } => f(condition),
            StmtKind::Loop(l) => l.carried.iter_mut().for_each(|v| f(&mut v.init)),
            StmtKind::Yield(values)
            | StmtKind::Continue(values)
            | StmtKind::Break(values)
            | StmtKind::Return(values) => values.iter_mut().for_each(f),
        }
    }

    /// Calls `f` on every block this statement owns (`If` arms, `Loop` body).
    pub fn for_each_block(&self, mut f: impl FnMut(Handle<Block>)) {
        match self {
            StmtKind::If { accept, reject, .. } => {
                f(*accept);
                f(*reject);
            }
            StmtKind::Loop(l) => f(l.body),
            _ => {}
        }
    }
}
