//! Operators on already-evaluated values: unary and binary arithmetic with vector/scalar mixing,
//! products, comparisons of whole vectors and matrices, shifts, and conversions.
//!
//! Matrices are handled column by column for componentwise operators (`+`, `-`, `/`, `%`,
//! negation, comparisons), so back ends only ever see componentwise operators on scalars and
//! vectors and `Product` for the linear-algebra and scaling products.

use luma_base::{Handle, Span};
use luma_ir::{
    BinaryOp, Literal, Op, ProductKind, RelationalFunction, Scalar, ScalarKind, Type, UnaryOp,
    Value, VectorSize,
};
use luma_thir::{BinaryOp as TBin, UnaryOp as TUn};

use crate::error::{Failure, LResult};
use crate::function::FnCtx;
use crate::types::{is_float, Shape};

/// The IR operator of a componentwise language operator.
fn ir_binop(op: TBin) -> Option<BinaryOp> {
    Some(match op {
        TBin::Add => BinaryOp::Add,
        TBin::Sub => BinaryOp::Subtract,
        TBin::Mul => BinaryOp::Multiply,
        TBin::Div => BinaryOp::Divide,
        TBin::Rem => BinaryOp::Remainder,
        TBin::BitAnd => BinaryOp::BitAnd,
        TBin::BitOr => BinaryOp::BitOr,
        TBin::BitXor => BinaryOp::BitXor,
        TBin::Shl => BinaryOp::ShiftLeft,
        TBin::Shr => BinaryOp::ShiftRight,
        TBin::Eq => BinaryOp::Equal,
        TBin::Ne => BinaryOp::NotEqual,
        TBin::Lt => BinaryOp::Less,
        TBin::Le => BinaryOp::LessEqual,
        TBin::Gt => BinaryOp::Greater,
        TBin::Ge => BinaryOp::GreaterEqual,
        TBin::And => BinaryOp::LogicalAnd,
        TBin::Or => BinaryOp::LogicalOr,
    })
}

impl FnCtx<'_, '_, '_> {
    /// The shape of a value's type.
    pub fn vshape(&self, v: Handle<Value>) -> LResult<Shape> {
        Ok(self.m.shape(self.vty(v)?))
    }

    /// `op arg`.
    pub fn unary(&mut self, op: TUn, arg: Handle<Value>, span: Span) -> LResult<Handle<Value>> {
        let ty = self.vty(arg)?;
        let ir_op = match op {
            TUn::Neg => UnaryOp::Negate,
            TUn::Not => UnaryOp::LogicalNot,
            TUn::BitNot => UnaryOp::BitNot,
        };
        if let Shape::Matrix(..) = self.m.shape(ty) {
            if ir_op != UnaryOp::Negate {
                return Err(Failure::malformed(
                    span,
                    "a logical or bitwise operator on a matrix",
                ));
            }
            return self.map_columns(ty, &[arg], |cx, cols, cty| {
                let col = cols.first().copied().unwrap_or(arg);
                cx.emit(
                    Op::Unary {
                        op: ir_op,
                        arg: col,
                    },
                    cty,
                )
            });
        }
        self.emit(Op::Unary { op: ir_op, arg }, ty)
    }

    /// Builds a matrix of type `mty` column by column: `f` gets column `j` of each of `mats`
    /// (scalars among `mats` are passed through unchanged) and the column type.
    pub fn map_columns(
        &mut self,
        mty: Handle<Type>,
        mats: &[Handle<Value>],
        mut f: impl FnMut(&mut Self, &[Handle<Value>], Handle<Type>) -> LResult<Handle<Value>>,
    ) -> LResult<Handle<Value>> {
        let Shape::Matrix(columns, rows, scalar) = self.m.shape(mty) else {
            return Err(Failure::malformed(
                Span::default(),
                "columns of a non-matrix",
            ));
        };
        let cty = self.m.vector_ty(rows, scalar);
        let mut cols = Vec::with_capacity(columns.count() as usize);
        for j in 0..columns.count() {
            let mut parts = Vec::with_capacity(mats.len());
            for &m in mats {
                parts.push(match self.vshape(m)? {
                    Shape::Matrix(..) => self.emit(Op::Extract { base: m, index: j }, cty)?,
                    _ => m,
                });
            }
            cols.push(f(self, &parts, cty)?);
        }
        self.emit(Op::Compose { components: cols }, mty)
    }

    /// `v` splatted to a vector of `size` if it is a scalar.
    pub fn splat_to(&mut self, v: Handle<Value>, size: VectorSize) -> LResult<Handle<Value>> {
        match self.vshape(v)? {
            Shape::Scalar(s) => {
                if let Some(c) = self.as_constant(v) {
                    // Splatted constants stay constants (they fold in every back end).
                    let vty = self.m.vector_ty(size, s);
                    let k = self.m.composite_const(vty, vec![c; size.count() as usize]);
                    return self.const_val(k);
                }
                let vty = self.m.vector_ty(size, s);
                self.emit(Op::Splat { value: v }, vty)
            }
            _ => Ok(v),
        }
    }

    /// `lhs op rhs` on evaluated operands (never `and` / `or` with short-circuiting: see
    /// `FnCtx::expr`), with result type `result`.
    pub fn binary(
        &mut self,
        op: TBin,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        result: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let ls = self.vshape(lhs)?;
        let rs = self.vshape(rhs)?;
        let ir_op = ir_binop(op).ok_or_else(|| Failure::malformed(span, "an unknown operator"))?;
        match op {
            TBin::Eq | TBin::Ne => return self.equality(op == TBin::Eq, lhs, rhs, span),
            TBin::Shl | TBin::Shr => return self.shift(ir_op, lhs, rhs, span),
            _ => {}
        }
        match (ls, rs) {
            (Shape::Matrix(..), Shape::Matrix(..)) if op == TBin::Mul => self.emit(
                Op::Product {
                    kind: ProductKind::MatrixTimesMatrix,
                    lhs,
                    rhs,
                },
                result,
            ),
            (Shape::Matrix(..), Shape::Vector(..)) if op == TBin::Mul => self.emit(
                Op::Product {
                    kind: ProductKind::MatrixTimesVector,
                    lhs,
                    rhs,
                },
                result,
            ),
            (Shape::Vector(..), Shape::Matrix(..)) if op == TBin::Mul => self.emit(
                Op::Product {
                    kind: ProductKind::VectorTimesMatrix,
                    lhs,
                    rhs,
                },
                result,
            ),
            (Shape::Matrix(..), Shape::Scalar(_)) if op == TBin::Mul => self.emit(
                Op::Product {
                    kind: ProductKind::MatrixTimesScalar,
                    lhs,
                    rhs,
                },
                result,
            ),
            (Shape::Scalar(_), Shape::Matrix(..)) if op == TBin::Mul => self.emit(
                Op::Product {
                    kind: ProductKind::MatrixTimesScalar,
                    lhs: rhs,
                    rhs: lhs,
                },
                result,
            ),
            (Shape::Matrix(..), _) | (_, Shape::Matrix(..)) => {
                // Componentwise on matrices (and matrix with scalar): column by column.
                let mty = if let Shape::Matrix(..) = ls {
                    self.vty(lhs)?
                } else {
                    self.vty(rhs)?
                };
                self.map_columns(mty, &[lhs, rhs], |cx, parts, cty| {
                    let (Some(&a), Some(&b)) = (parts.first(), parts.get(1)) else {
                        return Err(Failure::malformed(span, "a lost matrix column"));
                    };
                    let size = match cx.m.shape(cty) {
                        Shape::Vector(n, _) => n,
                        _ => {
                            return Err(Failure::malformed(
                                span,
                                "a matrix column that is not a vector",
                            ))
                        }
                    };
                    let a = cx.splat_to(a, size)?;
                    let b = cx.splat_to(b, size)?;
                    cx.emit(
                        Op::Binary {
                            op: ir_op,
                            lhs: a,
                            rhs: b,
                        },
                        cty,
                    )
                })
            }
            (Shape::Vector(_, s), Shape::Scalar(_)) if op == TBin::Mul && is_float(s) => self.emit(
                Op::Product {
                    kind: ProductKind::VectorTimesScalar,
                    lhs,
                    rhs,
                },
                result,
            ),
            (Shape::Scalar(s), Shape::Vector(..)) if op == TBin::Mul && is_float(s) => self.emit(
                Op::Product {
                    kind: ProductKind::VectorTimesScalar,
                    lhs: rhs,
                    rhs: lhs,
                },
                result,
            ),
            (Shape::Vector(n, _), Shape::Scalar(_)) => {
                let r = self.splat_to(rhs, n)?;
                self.emit(
                    Op::Binary {
                        op: ir_op,
                        lhs,
                        rhs: r,
                    },
                    result,
                )
            }
            (Shape::Scalar(_), Shape::Vector(n, _)) => {
                let l = self.splat_to(lhs, n)?;
                self.emit(
                    Op::Binary {
                        op: ir_op,
                        lhs: l,
                        rhs,
                    },
                    result,
                )
            }
            (Shape::Scalar(_), Shape::Scalar(_)) | (Shape::Vector(..), Shape::Vector(..)) => self
                .emit(
                    Op::Binary {
                        op: ir_op,
                        lhs,
                        rhs,
                    },
                    result,
                ),
            _ => Err(Failure::malformed(
                span,
                "an arithmetic operator on operands that are not scalars, vectors or matrices",
            )),
        }
    }

    /// `<<` / `>>`: the count becomes unsigned (same bits) and matches the shape of `lhs`.
    fn shift(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let lty = self.vty(lhs)?;
        let mut count = rhs;
        match self.vshape(rhs)? {
            Shape::Scalar(s) if s.kind == ScalarKind::Sint => {
                count = match self.literal_of(rhs) {
                    Some(Literal::I32(k)) => self.lit(Literal::U32(k as u32))?,
                    _ => {
                        let u = self.m.scalar_ty(Scalar::U32);
                        self.emit(Op::Bitcast { value: rhs }, u)?
                    }
                };
            }
            Shape::Vector(n, s) if s.kind == ScalarKind::Sint => {
                let u = self.m.vector_ty(n, Scalar::U32);
                count = self.emit(Op::Bitcast { value: rhs }, u)?;
            }
            Shape::Scalar(s) | Shape::Vector(_, s) if s.kind == ScalarKind::Uint => {}
            _ => {
                return Err(Failure::malformed(
                    span,
                    "a shift count that is not an integer",
                ))
            }
        }
        if let Shape::Vector(n, _) = self.m.shape(lty) {
            count = self.splat_to(count, n)?;
        }
        self.emit(
            Op::Binary {
                op,
                lhs,
                rhs: count,
            },
            lty,
        )
    }

    /// `==` / `!=` giving one `bool`: componentwise comparison reduced with `All` / `Any` for
    /// vectors, and column by column for matrices.
    fn equality(
        &mut self,
        eq: bool,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let op = if eq {
            BinaryOp::Equal
        } else {
            BinaryOp::NotEqual
        };
        let bool_ty = self.m.scalar_ty(Scalar::BOOL);
        match (self.vshape(lhs)?, self.vshape(rhs)?) {
            (Shape::Scalar(_), Shape::Scalar(_)) => self.emit(Op::Binary { op, lhs, rhs }, bool_ty),
            (Shape::Vector(n, _), _) | (_, Shape::Vector(n, _)) => {
                let l = self.splat_to(lhs, n)?;
                let r = self.splat_to(rhs, n)?;
                let bvec = self.m.vector_ty(n, Scalar::BOOL);
                let each = self.emit(Op::Binary { op, lhs: l, rhs: r }, bvec)?;
                let fun = if eq {
                    RelationalFunction::All
                } else {
                    RelationalFunction::Any
                };
                self.emit(Op::Relational { fun, arg: each }, bool_ty)
            }
            (Shape::Matrix(columns, rows, scalar), Shape::Matrix(..)) => {
                let cty = self.m.vector_ty(rows, scalar);
                let mut acc: Option<Handle<Value>> = None;
                for j in 0..columns.count() {
                    let a = self.emit(
                        Op::Extract {
                            base: lhs,
                            index: j,
                        },
                        cty,
                    )?;
                    let b = self.emit(
                        Op::Extract {
                            base: rhs,
                            index: j,
                        },
                        cty,
                    )?;
                    let c = self.equality(eq, a, b, span)?;
                    acc = Some(match acc {
                        None => c,
                        Some(prev) => self.emit(
                            Op::Binary {
                                op: if eq {
                                    BinaryOp::LogicalAnd
                                } else {
                                    BinaryOp::LogicalOr
                                },
                                lhs: prev,
                                rhs: c,
                            },
                            bool_ty,
                        )?,
                    });
                }
                acc.ok_or_else(|| Failure::malformed(span, "a matrix without columns"))
            }
            _ => Err(Failure::malformed(
                span,
                "`==` or `!=` on values that are not scalars, vectors or matrices",
            )),
        }
    }

    /// Converts `v` to type `to`: scalars and vectors change component type (and a longer
    /// vector is truncated first); matrices change shape (upper-left part, identity elsewhere)
    /// and component type.
    pub fn convert(
        &mut self,
        v: Handle<Value>,
        to: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let from = self.vty(v)?;
        if from == to {
            return Ok(v);
        }
        match (self.m.shape(from), self.m.shape(to)) {
            (Shape::Scalar(_), Shape::Scalar(_)) => self.emit(Op::Convert { value: v }, to),
            (Shape::Vector(n, _), Shape::Vector(m, _)) => {
                let mut v = v;
                if n != m {
                    if n.count() < m.count() {
                        return Err(Failure::malformed(span, "a conversion to a longer vector"));
                    }
                    let mid = self.m.vector_ty(m, self.scalar_of(from)?);
                    v = self.emit(
                        Op::Shuffle {
                            a: v,
                            b: v,
                            pattern: (0..m.count()).collect(),
                        },
                        mid,
                    )?;
                    if self.vty(v)? == to {
                        return Ok(v);
                    }
                }
                self.emit(Op::Convert { value: v }, to)
            }
            (Shape::Vector(..), Shape::Scalar(_)) => {
                let s = self.scalar_of(from)?;
                let sty = self.m.scalar_ty(s);
                let first = self.emit(Op::Extract { base: v, index: 0 }, sty)?;
                self.convert(first, to, span)
            }
            (Shape::Matrix(sc, sr, ss), Shape::Matrix(dc, dr, ds)) => {
                let src_col = self.m.vector_ty(sr, ss);
                let mid_col = self.m.vector_ty(dr, ss);
                let dst_col = self.m.vector_ty(dr, ds);
                let mut cols = Vec::with_capacity(dc.count() as usize);
                for j in 0..dc.count() {
                    let col = if j < sc.count() {
                        let c = self.emit(Op::Extract { base: v, index: j }, src_col)?;
                        let c = self.resize_column(c, sr, dr, j, ss, mid_col)?;
                        self.convert(c, dst_col, span)?
                    } else {
                        let k = self.identity_column(dr, j, ds)?;
                        self.const_val(k)?
                    };
                    cols.push(col);
                }
                self.emit(Op::Compose { components: cols }, to)
            }
            _ => Err(Failure::malformed(
                span,
                "a conversion between incompatible types",
            )),
        }
    }

    /// Column `j` of a matrix, resized from `from` to `to` rows: truncated, or extended with the
    /// identity matrix's elements.
    fn resize_column(
        &mut self,
        c: Handle<Value>,
        from: VectorSize,
        to: VectorSize,
        j: u32,
        scalar: Scalar,
        to_ty: Handle<Type>,
    ) -> LResult<Handle<Value>> {
        if from == to {
            return Ok(c);
        }
        if to.count() < from.count() {
            return self.emit(
                Op::Shuffle {
                    a: c,
                    b: c,
                    pattern: (0..to.count()).collect(),
                },
                to_ty,
            );
        }
        let mut parts = vec![c];
        for i in from.count()..to.count() {
            parts.push(self.lit(float_lit(scalar, if i == j { 1.0 } else { 0.0 }))?);
        }
        self.emit(Op::Compose { components: parts }, to_ty)
    }

    /// Column `j` of the identity matrix with `rows` rows.
    pub fn identity_column(
        &mut self,
        rows: VectorSize,
        j: u32,
        scalar: Scalar,
    ) -> LResult<Handle<luma_ir::Constant>> {
        let zero = self.m.scalar_const(float_lit(scalar, 0.0));
        let one = self.m.scalar_const(float_lit(scalar, 1.0));
        let parts = (0..rows.count())
            .map(|i| if i == j { one } else { zero })
            .collect();
        let ty = self.m.vector_ty(rows, scalar);
        Ok(self.m.composite_const(ty, parts))
    }

    /// The scalar of a scalar, vector or matrix type.
    pub fn scalar_of(&self, ty: Handle<Type>) -> LResult<Scalar> {
        self.m
            .shape(ty)
            .scalar()
            .ok_or_else(|| Failure::malformed(Span::default(), "a scalar of a non-numeric type"))
    }
}

/// A float literal of the given width.
pub(crate) fn float_lit(s: Scalar, x: f32) -> Literal {
    if s.width == 2 {
        Literal::F16(luma_ir::proc::f32_to_f16(x))
    } else {
        Literal::F32(x)
    }
}
