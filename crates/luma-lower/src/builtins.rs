//! Builtin functions: math, relational and bit functions, derivatives, barriers, atomics and
//! texture access.
//!
//! Componentwise math functions get every scalar argument splatted to the vector size of their
//! vector arguments (`clamp(v, 0.0, 1.0)`, `mix(a, b, t)`), so back ends always see operands of
//! one type; `refract`'s `eta` stays a scalar.
//!
//! Texture builtins load the texture (and sampler) from their `Handle` globals (one access
//! chain for arrays of textures; a combined sampler loads both of its halves with one index).
//! For array textures the layer is passed separately: when the coordinate carries it as its last
//! component (`vec3(uv, layer)`), it is split off, rounded as GLSL does (`floor(layer + 0.5)`)
//! for float coordinates, and converted to `int`.

use luma_base::{Handle, Span};
use luma_ir::{
    Barrier, BinaryOp, DerivativeAxis, DerivativeControl, ImageQuery, ImageSample, Literal,
    MathFunction, Op, RelationalFunction, SampleLevel, Scalar, ScalarKind, StmtKind, Type,
    TypeInner, Value,
};
use luma_thir::{BuiltinFn as B, ConstValue, Expr, ExprId, ExprKind, TexDim, TextureShape};

use crate::context::GlobalSlot;
use crate::error::{Failure, LResult};
use crate::function::FnCtx;
use crate::types::{scalar_of, Shape};

fn math_of(f: B) -> Option<MathFunction> {
    use MathFunction as M;
    Some(match f {
        B::Abs => M::Abs,
        B::Sign => M::Sign,
        B::Floor => M::Floor,
        B::Ceil => M::Ceil,
        B::Round => M::Round,
        B::Trunc => M::Trunc,
        B::Fract => M::Fract,
        B::Mod => M::Mod,
        B::Min => M::Min,
        B::Max => M::Max,
        B::Clamp => M::Clamp,
        B::Saturate => M::Saturate,
        B::Mix => M::Mix,
        B::Step => M::Step,
        B::SmoothStep => M::SmoothStep,
        B::Sqrt => M::Sqrt,
        B::InverseSqrt => M::InverseSqrt,
        B::Pow => M::Pow,
        B::Exp => M::Exp,
        B::Exp2 => M::Exp2,
        B::Log => M::Log,
        B::Log2 => M::Log2,
        B::Sin => M::Sin,
        B::Cos => M::Cos,
        B::Tan => M::Tan,
        B::Asin => M::Asin,
        B::Acos => M::Acos,
        B::Atan => M::Atan,
        B::Atan2 => M::Atan2,
        B::Sinh => M::Sinh,
        B::Cosh => M::Cosh,
        B::Tanh => M::Tanh,
        B::Asinh => M::Asinh,
        B::Acosh => M::Acosh,
        B::Atanh => M::Atanh,
        B::Radians => M::Radians,
        B::Degrees => M::Degrees,
        B::Fma => M::Fma,
        B::Ldexp => M::Ldexp,
        B::Length => M::Length,
        B::Distance => M::Distance,
        B::Dot => M::Dot,
        B::Cross => M::Cross,
        B::Normalize => M::Normalize,
        B::Reflect => M::Reflect,
        B::Refract => M::Refract,
        B::FaceForward => M::FaceForward,
        B::Transpose => M::Transpose,
        B::Inverse => M::Inverse,
        B::Determinant => M::Determinant,
        B::CountOneBits => M::CountOneBits,
        B::ReverseBits => M::ReverseBits,
        B::FirstLeadingBit => M::FirstLeadingBit,
        B::FirstTrailingBit => M::FirstTrailingBit,
        B::ExtractBits => M::ExtractBits,
        B::InsertBits => M::InsertBits,
        B::CountLeadingZeros => M::CountLeadingZeros,
        B::CountTrailingZeros => M::CountTrailingZeros,
        B::PackUnorm4x8 => M::Pack4x8Unorm,
        B::PackSnorm4x8 => M::Pack4x8Snorm,
        B::PackUnorm2x16 => M::Pack2x16Unorm,
        B::PackSnorm2x16 => M::Pack2x16Snorm,
        B::PackHalf2x16 => M::Pack2x16Float,
        B::UnpackUnorm4x8 => M::Unpack4x8Unorm,
        B::UnpackSnorm4x8 => M::Unpack4x8Snorm,
        B::UnpackUnorm2x16 => M::Unpack2x16Unorm,
        B::UnpackSnorm2x16 => M::Unpack2x16Snorm,
        B::UnpackHalf2x16 => M::Unpack2x16Float,
        _ => return None,
    })
}

/// Math functions whose scalar arguments are splatted to the vector size of the others.
fn splats_scalars(f: MathFunction) -> bool {
    use MathFunction as M;
    matches!(
        f,
        M::Mod
            | M::Min
            | M::Max
            | M::Clamp
            | M::Mix
            | M::Step
            | M::SmoothStep
            | M::Pow
            | M::Atan2
            | M::Fma
    )
}

/// The texture, optional sampler, shape and remaining arguments of a texture builtin.
type TexOperands<'a> = (
    Handle<Value>,
    Option<Handle<Value>>,
    TextureShape,
    &'a [ExprId],
);

/// Which half of a texture argument to load.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    Texture,
    Sampler,
}

impl<'a> FnCtx<'_, '_, 'a> {
    /// Lowers a builtin call; `None` for builtins that return nothing (barriers, atomic stores).
    pub fn builtin(
        &mut self,
        fun: B,
        args: &'a [ExprId],
        e: &'a Expr,
    ) -> LResult<Option<Handle<Value>>> {
        let span = e.span;
        match fun {
            B::WorkgroupBarrier | B::StorageBarrier => {
                self.push(StmtKind::Barrier(Barrier {
                    workgroup: fun == B::WorkgroupBarrier,
                    storage: fun == B::StorageBarrier,
                }))?;
                return Ok(None);
            }
            B::ImageStore => {
                let (image, coordinate, array_index, rest) = self.image_operands(args, span)?;
                let &[v] = rest else {
                    return Err(Failure::malformed(
                        span,
                        "`image_store` without exactly one value",
                    ));
                };
                let value = self.expr(v)?;
                self.push(StmtKind::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                })?;
                return Ok(None);
            }
            B::AtomicStore => {
                let (Some(&p), Some(&v)) = (args.first(), args.get(1)) else {
                    return Err(Failure::malformed(
                        span,
                        "`atomic_store` without two arguments",
                    ));
                };
                let (pointer, _) = self.place_pointer(p)?;
                let value = self.expr(v)?;
                self.push(StmtKind::AtomicStore { pointer, value })?;
                return Ok(None);
            }
            _ => {}
        }
        let rty = self.m.ty(e.ty, span)?;
        let v = match fun {
            B::AtomicLoad => {
                let p = *args
                    .first()
                    .ok_or_else(|| Failure::malformed(span, "`atomic_load` without argument"))?;
                let (pointer, _) = self.place_pointer(p)?;
                self.emit(Op::AtomicLoad { pointer }, rty)?
            }
            B::AtomicAdd
            | B::AtomicSub
            | B::AtomicMin
            | B::AtomicMax
            | B::AtomicAnd
            | B::AtomicOr
            | B::AtomicXor
            | B::AtomicExchange
            | B::AtomicCompareExchange => self.atomic(fun, args, rty, span)?,
            B::Sample
            | B::SampleBias
            | B::SampleLevel
            | B::SampleGrad
            | B::SampleCompare
            | B::SampleCompareLevel
            | B::TextureGather
            | B::TextureGatherCompare => self.sample(fun, args, rty, span)?,
            B::TexelFetch => self.texel_fetch(args, rty, span)?,
            B::TextureSize | B::TextureLevels | B::TextureLayers | B::TextureSamples => {
                self.texture_query(fun, args, rty, span)?
            }
            B::ImageLoad => {
                let (image, coordinate, array_index, _) = self.image_operands(args, span)?;
                self.emit(
                    Op::ImageLoad {
                        image,
                        coordinate,
                        array_index,
                    },
                    rty,
                )?
            }
            B::ImageSize | B::ImageLayers => {
                let image = self.image_handle(args, span)?;
                let query = if fun == B::ImageSize {
                    ImageQuery::Size { level: None }
                } else {
                    ImageQuery::NumLayers
                };
                self.emit(Op::ImageQuery { image, query }, rty)?
            }
            f if f.is_derivative() => {
                let a = self.arg(args, 0, span)?;
                let axis = match fun {
                    B::Dfdx | B::DfdxFine | B::DfdxCoarse => DerivativeAxis::X,
                    B::Dfdy | B::DfdyFine | B::DfdyCoarse => DerivativeAxis::Y,
                    _ => DerivativeAxis::Width,
                };
                let control = match fun {
                    B::DfdxFine | B::DfdyFine | B::FwidthFine => DerivativeControl::Fine,
                    B::DfdxCoarse | B::DfdyCoarse | B::FwidthCoarse => DerivativeControl::Coarse,
                    _ => DerivativeControl::None,
                };
                self.emit(
                    Op::Derivative {
                        axis,
                        control,
                        arg: a,
                    },
                    rty,
                )?
            }
            B::IsNan | B::IsInf => {
                let a = self.arg(args, 0, span)?;
                let f = if fun == B::IsNan {
                    RelationalFunction::IsNan
                } else {
                    RelationalFunction::IsInf
                };
                self.emit(Op::Relational { fun: f, arg: a }, rty)?
            }
            B::Any | B::All => {
                let a = self.arg(args, 0, span)?;
                if let Shape::Scalar(_) = self.vshape(a)? {
                    a
                } else {
                    let f = if fun == B::Any {
                        RelationalFunction::Any
                    } else {
                        RelationalFunction::All
                    };
                    self.emit(Op::Relational { fun: f, arg: a }, rty)?
                }
            }
            B::Equal
            | B::NotEqual
            | B::LessThan
            | B::LessThanEqual
            | B::GreaterThan
            | B::GreaterThanEqual => {
                let op = match fun {
                    B::Equal => BinaryOp::Equal,
                    B::NotEqual => BinaryOp::NotEqual,
                    B::LessThan => BinaryOp::Less,
                    B::LessThanEqual => BinaryOp::LessEqual,
                    B::GreaterThan => BinaryOp::Greater,
                    _ => BinaryOp::GreaterEqual,
                };
                let a = self.arg(args, 0, span)?;
                let b = self.arg(args, 1, span)?;
                self.emit(Op::Binary { op, lhs: a, rhs: b }, rty)?
            }
            B::Dot => self.dot(args, rty, span)?,
            B::OuterProduct => self.outer_product(args, rty, span)?,
            B::Select => {
                // Evaluated in the order written: the value if false, if true, then the
                // condition.
                let if_false = self.arg(args, 0, span)?;
                let if_true = self.arg(args, 1, span)?;
                let condition = self.arg(args, 2, span)?;
                self.emit(
                    Op::Select {
                        condition,
                        accept: if_true,
                        reject: if_false,
                    },
                    rty,
                )?
            }
            B::AsFloat | B::AsInt | B::AsUint => {
                let a = self.arg(args, 0, span)?;
                if self.vty(a)? == rty {
                    a
                } else {
                    self.emit(Op::Bitcast { value: a }, rty)?
                }
            }
            other => {
                let mut f = math_of(other).ok_or_else(|| {
                    Failure::malformed(span, format!("an unknown builtin {other:?}"))
                })?;
                let mut vals = Vec::with_capacity(args.len());
                for &a in args {
                    vals.push(self.expr(a)?);
                }
                if f == MathFunction::Atan && vals.len() == 2 {
                    f = MathFunction::Atan2;
                }
                if splats_scalars(f) {
                    let size = vals.iter().find_map(|&v| match self.vshape(v) {
                        Ok(Shape::Vector(n, _)) => Some(n),
                        _ => None,
                    });
                    if let Some(n) = size {
                        for v in &mut vals {
                            *v = self.splat_to(*v, n)?;
                        }
                    }
                }
                self.emit(Op::Math { fun: f, args: vals }, rty)?
            }
        };
        Ok(Some(v))
    }

    /// `dot(a, b)`: the IR's dot product for floats; for integer vectors, which SPIR-V's
    /// `OpDot` and GLSL's and Metal's `dot` do not take, the sum of the componentwise products
    /// (wrapping, as every integer `*` and `+`).
    fn dot(&mut self, args: &[ExprId], rty: Handle<Type>, span: Span) -> LResult<Handle<Value>> {
        let a = self.arg(args, 0, span)?;
        let b = self.arg(args, 1, span)?;
        let n = match self.vshape(a)? {
            Shape::Vector(n, s) if s.kind != ScalarKind::Float => n,
            _ => {
                return self.emit(
                    Op::Math {
                        fun: MathFunction::Dot,
                        args: vec![a, b],
                    },
                    rty,
                )
            }
        };
        let mut sum = None;
        for i in 0..n.count() {
            let x = self.emit(Op::Extract { base: a, index: i }, rty)?;
            let y = self.emit(Op::Extract { base: b, index: i }, rty)?;
            let product = self.emit(
                Op::Binary {
                    op: BinaryOp::Multiply,
                    lhs: x,
                    rhs: y,
                },
                rty,
            )?;
            sum = Some(match sum {
                None => product,
                Some(acc) => self.emit(
                    Op::Binary {
                        op: BinaryOp::Add,
                        lhs: acc,
                        rhs: product,
                    },
                    rty,
                )?,
            });
        }
        sum.ok_or_else(|| Failure::malformed(span, "`dot` of a vector without components"))
    }

    /// `outer_product(c, r)` as its columns `c * r[j]`: SPIR-V has `OpOuterProduct` and GLSL
    /// `outerProduct`, but HLSL, MSL and WGSL have nothing of the kind.
    fn outer_product(
        &mut self,
        args: &[ExprId],
        rty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let c = self.arg(args, 0, span)?;
        let r = self.arg(args, 1, span)?;
        let (Shape::Vector(rows, s), Shape::Vector(columns, _)) =
            (self.vshape(c)?, self.vshape(r)?)
        else {
            return Err(Failure::malformed(
                span,
                "`outer_product` of values that are not vectors",
            ));
        };
        let sty = self.m.scalar_ty(s);
        let cty = self.vty(c)?;
        let mut cols = Vec::with_capacity(columns.count() as usize);
        for j in 0..columns.count() {
            let x = self.emit(Op::Extract { base: r, index: j }, sty)?;
            let x = self.splat_to(x, rows)?;
            cols.push(self.emit(
                Op::Binary {
                    op: BinaryOp::Multiply,
                    lhs: c,
                    rhs: x,
                },
                cty,
            )?);
        }
        self.emit(Op::Compose { components: cols }, rty)
    }

    fn arg(&mut self, args: &[ExprId], i: usize, span: Span) -> LResult<Handle<Value>> {
        let a = *args
            .get(i)
            .ok_or_else(|| Failure::malformed(span, "a builtin call with too few arguments"))?;
        self.expr(a)
    }

    fn atomic(
        &mut self,
        fun: B,
        args: &[ExprId],
        rty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        use luma_ir::AtomicFunction as A;
        let f = match fun {
            B::AtomicAdd => A::Add,
            B::AtomicSub => A::Subtract,
            B::AtomicMin => A::Min,
            B::AtomicMax => A::Max,
            B::AtomicAnd => A::And,
            B::AtomicOr => A::Or,
            B::AtomicXor => A::Xor,
            B::AtomicExchange => A::Exchange,
            _ => A::CompareExchange,
        };
        let p = *args
            .first()
            .ok_or_else(|| Failure::malformed(span, "an atomic builtin without arguments"))?;
        let (pointer, _) = self.place_pointer(p)?;
        let (value, comparator) = if f == A::CompareExchange {
            // `atomic_compare_exchange(place, compare, value)`.
            let cmp = self.arg(args, 1, span)?;
            let val = self.arg(args, 2, span)?;
            (val, Some(cmp))
        } else {
            (self.arg(args, 1, span)?, None)
        };
        self.emit(
            Op::Atomic {
                fun: f,
                pointer,
                value,
                comparator,
            },
            rty,
        )
    }

    /// Loads the texture (or the sampler) half of a texture argument: a global, or one element
    /// of an array global, or a combined sampler (either half).
    fn load_handle(
        &mut self,
        arg: ExprId,
        half: Half,
        index: Option<Handle<Value>>,
    ) -> LResult<Handle<Value>> {
        let e = self.texpr(arg)?;
        let span = e.span;
        let (global_expr, index) = match &e.kind {
            ExprKind::Global(_) => (e, None),
            ExprKind::Index { base, .. } => (self.texpr(*base)?, index),
            _ => {
                return Err(Failure::malformed(
                    span,
                    "a texture or sampler argument that is not a global or an element of one",
                ))
            }
        };
        let ExprKind::Global(g) = &global_expr.kind else {
            return Err(Failure::malformed(
                span,
                "a texture array that is not a global",
            ));
        };
        let g = match (self.global_slot(*g, span)?, half) {
            (GlobalSlot::Single(g), _) => g,
            (GlobalSlot::Combined { texture, .. }, Half::Texture) => texture,
            (GlobalSlot::Combined { sampler, .. }, Half::Sampler) => sampler,
        };
        let ptr = self.global_ptr(g)?;
        let gty = self
            .m
            .module
            .globals
            .get(g)
            .map(|g| g.ty)
            .ok_or_else(|| Failure::malformed(span, "a lost global"))?;
        match index {
            None => self.emit(Op::Load { pointer: ptr }, gty),
            Some(i) => {
                let ety = self.m.part_ty(gty, 0)?.0;
                let pty = self.m.pointer_ty(ety, luma_ir::AddressSpace::Handle);
                // The checker listed the indices that may differ between invocations.
                let non_uniform = self.def.non_uniform_indices.binary_search(&arg).is_ok();
                let p = self.emit(
                    Op::AccessChain {
                        base: ptr,
                        indices: vec![i],
                        non_uniform,
                    },
                    pty,
                )?;
                self.emit(Op::Load { pointer: p }, ety)
            }
        }
    }

    /// The storage image of an image builtin (its first argument), loaded.
    fn image_handle(&mut self, args: &'a [ExprId], span: Span) -> LResult<Handle<Value>> {
        let &first = args
            .first()
            .ok_or_else(|| Failure::malformed(span, "an image builtin without arguments"))?;
        let index = self.handle_index(first)?;
        self.load_handle(first, Half::Texture, index)
    }

    /// The image, coordinates, layer (for array images) and remaining arguments of
    /// `image_load` / `image_store`. The checker typed the coordinates `ivecN` and the layer
    /// `int`, which is what the IR takes.
    #[allow(clippy::type_complexity)]
    fn image_operands(
        &mut self,
        args: &'a [ExprId],
        span: Span,
    ) -> LResult<(
        Handle<Value>,
        Handle<Value>,
        Option<Handle<Value>>,
        &'a [ExprId],
    )> {
        let &first = args
            .first()
            .ok_or_else(|| Failure::malformed(span, "an image builtin without arguments"))?;
        let shape = self.m.image_shape(self.texpr(first)?.ty).ok_or_else(|| {
            Failure::malformed(
                span,
                "an image builtin whose first argument is not an image",
            )
        })?;
        let image = self.image_handle(args, span)?;
        let (&c, mut rest) = args
            .get(1..)
            .and_then(|r| r.split_first())
            .ok_or_else(|| Failure::malformed(span, "an image builtin without coordinates"))?;
        let coordinate = self.expr(c)?;
        let array_index = if shape.arrayed {
            let (&l, tail) = rest
                .split_first()
                .ok_or_else(|| Failure::malformed(span, "an array image access without a layer"))?;
            rest = tail;
            Some(self.expr(l)?)
        } else {
            None
        };
        Ok((image, coordinate, array_index, rest))
    }

    /// The index of a texture-array argument, evaluated once.
    fn handle_index(&mut self, arg: ExprId) -> LResult<Option<Handle<Value>>> {
        match &self.texpr(arg)?.kind {
            ExprKind::Index { index, .. } => Ok(Some(self.expr(*index)?)),
            _ => Ok(None),
        }
    }

    /// The texture and optional sampler of a texture builtin, its shape, and the remaining
    /// arguments.
    fn texture_operands(
        &mut self,
        args: &'a [ExprId],
        wants_sampler: bool,
        span: Span,
    ) -> LResult<TexOperands<'a>> {
        let (&first, rest) = args
            .split_first()
            .ok_or_else(|| Failure::malformed(span, "a texture builtin without arguments"))?;
        let fe = self.texpr(first)?;
        let (shape, combined) = self.m.texture_shape(fe.ty).ok_or_else(|| {
            Failure::malformed(
                span,
                "a texture builtin whose first argument is not a texture",
            )
        })?;
        let index = self.handle_index(first)?;
        let image = self.load_handle(first, Half::Texture, index)?;
        if combined {
            let sampler = if wants_sampler {
                Some(self.load_handle(first, Half::Sampler, index)?)
            } else {
                None
            };
            return Ok((image, sampler, shape, rest));
        }
        if !wants_sampler {
            return Ok((image, None, shape, rest));
        }
        let (&s, rest) = rest
            .split_first()
            .ok_or_else(|| Failure::malformed(span, "a sampling builtin without a sampler"))?;
        let sindex = self.handle_index(s)?;
        let sampler = self.load_handle(s, Half::Sampler, sindex)?;
        Ok((image, Some(sampler), shape, rest))
    }

    /// `v` as an `i32` scalar (integers keep their bits; floats round as GLSL rounds layers).
    fn int_arg(&mut self, v: Handle<Value>, round: bool) -> LResult<Handle<Value>> {
        let i = self.m.scalar_ty(Scalar::I32);
        match self.vshape(v)? {
            Shape::Scalar(s) if s == Scalar::I32 => Ok(v),
            Shape::Scalar(s) if s.kind == ScalarKind::Float && round => {
                let sty = self.m.scalar_ty(s);
                let half = self.lit(crate::ops::float_lit(s, 0.5))?;
                let shifted = self.emit(
                    Op::Binary {
                        op: BinaryOp::Add,
                        lhs: v,
                        rhs: half,
                    },
                    sty,
                )?;
                let floored = self.emit(
                    Op::Math {
                        fun: MathFunction::Floor,
                        args: vec![shifted],
                    },
                    sty,
                )?;
                self.emit(Op::Convert { value: floored }, i)
            }
            Shape::Scalar(_) => self.emit(Op::Convert { value: v }, i),
            _ => Err(Failure::malformed(
                Span::default(),
                "a layer or level that is not a scalar",
            )),
        }
    }

    /// `v` as an `f32` scalar.
    fn float_arg(&mut self, v: Handle<Value>) -> LResult<Handle<Value>> {
        let f = self.m.scalar_ty(Scalar::F32);
        if self.vty(v)? == f {
            return Ok(v);
        }
        self.emit(Op::Convert { value: v }, f)
    }

    /// Splits the layer off an array texture's coordinate when it is the coordinate's last
    /// component; otherwise the layer is the next argument.
    fn coordinate_and_layer(
        &mut self,
        shape: TextureShape,
        rest: &mut &'a [ExprId],
        round: bool,
        span: Span,
    ) -> LResult<(Handle<Value>, Option<Handle<Value>>)> {
        let (&c, tail) = rest
            .split_first()
            .ok_or_else(|| Failure::malformed(span, "a texture builtin without coordinates"))?;
        *rest = tail;
        let coord = self.expr(c)?;
        if !shape.arrayed {
            return Ok((coord, None));
        }
        let dims = match shape.dim {
            TexDim::D2 => 2,
            TexDim::D3 | TexDim::Cube => 3,
        };
        let (n, s) = match self.vshape(coord)? {
            Shape::Vector(n, s) => (n.count(), s),
            Shape::Scalar(s) => (1, s),
            _ => {
                return Err(Failure::malformed(
                    span,
                    "texture coordinates that are not a vector",
                ))
            }
        };
        if n == dims + 1 {
            let cty = self.m.scalar_or_vector_ty(dims, s);
            let xy = self.emit(
                Op::Shuffle {
                    a: coord,
                    b: coord,
                    pattern: (0..dims).collect(),
                },
                cty,
            )?;
            let sty = self.m.scalar_ty(s);
            let l = self.emit(
                Op::Extract {
                    base: coord,
                    index: dims,
                },
                sty,
            )?;
            let layer = self.int_arg(l, round)?;
            return Ok((xy, Some(layer)));
        }
        let (&l, tail) = rest
            .split_first()
            .ok_or_else(|| Failure::malformed(span, "an array texture access without a layer"))?;
        *rest = tail;
        let l = self.expr(l)?;
        Ok((coord, Some(self.int_arg(l, round)?)))
    }

    /// A constant texel offset argument, if one is left.
    fn offset(
        &mut self,
        rest: &[ExprId],
        span: Span,
    ) -> LResult<Option<Handle<luma_ir::Constant>>> {
        let Some(&o) = rest.first() else {
            return Ok(None);
        };
        let e = self.texpr(o)?;
        match &e.kind {
            ExprKind::Const(cv) => Ok(Some(self.m.expr_const(self.exprs, *cv, e.ty, span)?)),
            _ => Err(Failure::malformed(
                span,
                "a texel offset that is not a constant",
            )),
        }
    }

    /// Adapts the IR result of a texture operation to the language's result type.
    fn adapt_result(
        &mut self,
        v: Handle<Value>,
        want: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let have = self.vty(v)?;
        if have == want {
            return Ok(v);
        }
        match (self.m.shape(have), self.m.shape(want)) {
            // A depth read where the language gives a 4-vector: (depth, 0, 0, 1).
            (Shape::Scalar(s), Shape::Vector(n, _)) if n.count() == 4 => {
                let zero = self.lit(crate::ops::float_lit(s, 0.0))?;
                let one = self.lit(crate::ops::float_lit(s, 1.0))?;
                self.emit(
                    Op::Compose {
                        components: vec![v, zero, zero, one],
                    },
                    want,
                )
            }
            (Shape::Vector(..), Shape::Scalar(s)) => {
                let sty = self.m.scalar_ty(s);
                let x = self.emit(Op::Extract { base: v, index: 0 }, sty)?;
                self.convert(x, want, span)
            }
            _ => self.convert(v, want, span),
        }
    }

    fn texel_ty(&mut self, shape: TextureShape) -> Handle<Type> {
        if shape.depth {
            self.m.scalar_ty(Scalar::F32)
        } else {
            self.m
                .vector_ty(luma_ir::VectorSize::Quad, scalar_of(shape.sampled))
        }
    }

    fn sample(
        &mut self,
        fun: B,
        args: &'a [ExprId],
        rty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let (image, sampler, shape, mut rest) = self.texture_operands(args, true, span)?;
        let sampler =
            sampler.ok_or_else(|| Failure::malformed(span, "sampling without a sampler"))?;
        let (coordinate, array_index) = self.coordinate_and_layer(shape, &mut rest, true, span)?;
        let next = |cx: &mut Self, rest: &mut &'a [ExprId]| -> LResult<Handle<Value>> {
            let (&a, tail) = rest.split_first().ok_or_else(|| {
                Failure::malformed(span, "a sampling builtin with too few arguments")
            })?;
            *rest = tail;
            cx.expr(a)
        };
        let depth_ref = match fun {
            B::SampleCompare | B::SampleCompareLevel | B::TextureGatherCompare => {
                let r = next(self, &mut rest)?;
                Some(self.float_arg(r)?)
            }
            _ => None,
        };
        let level = match fun {
            B::Sample | B::SampleCompare => SampleLevel::Auto,
            B::SampleBias => {
                let b = next(self, &mut rest)?;
                SampleLevel::Bias(self.float_arg(b)?)
            }
            B::SampleLevel => {
                let l = next(self, &mut rest)?;
                SampleLevel::Exact(self.float_arg(l)?)
            }
            B::SampleGrad => {
                let x = next(self, &mut rest)?;
                let y = next(self, &mut rest)?;
                SampleLevel::Gradient { x, y }
            }
            _ => SampleLevel::Zero,
        };
        // A gather's component is a constant the checker gave every `texture_gather` (0 by
        // default); a comparison gather reads the comparison results (component 0).
        let gather = match fun {
            B::TextureGather => {
                let (&c, tail) = rest.split_first().ok_or_else(|| {
                    Failure::malformed(span, "a texture gather without its component")
                })?;
                rest = tail;
                let e = self.texpr(c)?;
                let n = match &e.kind {
                    ExprKind::Const(cv) => match self.exprs.const_value(*cv).as_deref() {
                        Some(ConstValue::Int(n)) => u8::try_from(*n).ok().filter(|n| *n <= 3),
                        _ => None,
                    },
                    _ => None,
                };
                Some(n.ok_or_else(|| {
                    Failure::malformed(span, "a gather component that is not a constant 0 to 3")
                })?)
            }
            B::TextureGatherCompare => Some(0),
            _ => None,
        };
        let offset = self.offset(rest, span)?;
        let ty = match gather {
            // Four texels' values: the texel's scalar (the depth's `f32` for depth textures).
            Some(_) => {
                let scalar = if shape.depth {
                    Scalar::F32
                } else {
                    scalar_of(shape.sampled)
                };
                self.m.vector_ty(luma_ir::VectorSize::Quad, scalar)
            }
            None => self.texel_ty(shape),
        };
        let v = self.emit(
            Op::ImageSample(Box::new(ImageSample {
                image,
                sampler,
                coordinate,
                array_index,
                level,
                depth_ref,
                offset,
                gather,
            })),
            ty,
        )?;
        self.adapt_result(v, rty, span)
    }

    fn texel_fetch(
        &mut self,
        args: &'a [ExprId],
        rty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let (image, _, shape, mut rest) = self.texture_operands(args, false, span)?;
        let (coordinate, array_index) = self.coordinate_and_layer(shape, &mut rest, false, span)?;
        let extra = match rest.first() {
            Some(&a) => {
                let v = self.expr(a)?;
                Some(self.int_arg(v, false)?)
            }
            None => None,
        };
        let (level, sample) = if shape.multisampled {
            (None, extra)
        } else {
            (
                Some(match extra {
                    Some(l) => l,
                    None => self.lit(Literal::I32(0))?,
                }),
                None,
            )
        };
        let ty = self.texel_ty(shape);
        let v = self.emit(
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            },
            ty,
        )?;
        self.adapt_result(v, rty, span)
    }

    fn texture_query(
        &mut self,
        fun: B,
        args: &'a [ExprId],
        rty: Handle<Type>,
        span: Span,
    ) -> LResult<Handle<Value>> {
        let (image, _, shape, rest) = self.texture_operands(args, false, span)?;
        let i32_ty = self.m.scalar_ty(Scalar::I32);
        let count = match fun {
            B::TextureLevels => Some(ImageQuery::NumLevels),
            B::TextureLayers => Some(ImageQuery::NumLayers),
            B::TextureSamples => Some(ImageQuery::NumSamples),
            _ => None,
        };
        if let Some(query) = count {
            let v = self.emit(Op::ImageQuery { image, query }, i32_ty)?;
            return self.convert(v, rty, span);
        }
        let level = match rest.first() {
            Some(&l) if !shape.multisampled => {
                let v = self.expr(l)?;
                Some(self.int_arg(v, false)?)
            }
            _ => None,
        };
        let dims = match shape.dim {
            TexDim::D2 | TexDim::Cube => 2,
            TexDim::D3 => 3,
        };
        let size_ty = self.m.scalar_or_vector_ty(dims, Scalar::I32);
        let size = self.emit(
            Op::ImageQuery {
                image,
                query: ImageQuery::Size { level },
            },
            size_ty,
        )?;
        let want = match self.m.inner(rty)? {
            TypeInner::Vector { size, .. } => size.count(),
            _ => 1,
        };
        let full = if shape.arrayed && want == dims + 1 {
            let layers = self.emit(
                Op::ImageQuery {
                    image,
                    query: ImageQuery::NumLayers,
                },
                i32_ty,
            )?;
            let ity = self.m.scalar_or_vector_ty(dims + 1, Scalar::I32);
            self.emit(
                Op::Compose {
                    components: vec![size, layers],
                },
                ity,
            )?
        } else {
            size
        };
        self.convert(full, rty, span)
    }
}
