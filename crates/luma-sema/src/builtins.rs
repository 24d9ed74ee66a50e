//! Builtin functions as overload sets: the table of names, generic componentwise signatures
//! (`T` a scalar or vector of an allowed class, `S` its component type), and the atomic and
//! texture builtins with their own rules (see `BuiltinFn` in `luma-thir` for the contract).

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{
    BuiltinFn, ConstValue, ExprId, ExprKind, ExprList, ScalarTy, TexDim, TextureShape, Ty, TyId,
};

use crate::check::{Checker, Mode, Use, Val};
use crate::codes;
use crate::consts::Abstract;

/// Which types the generic argument `T` may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Scalars and vectors of any component type.
    Any,
    /// Float scalars and vectors.
    Float,
    /// Float vectors.
    FloatVec,
    /// `vec3` / `hvec3`.
    FloatVec3,
    /// Float and signed integer scalars and vectors.
    FloatInt,
    /// Numeric scalars and vectors.
    Numeric,
    /// Integer scalars and vectors.
    Integer,
    /// Vectors of any component type.
    AnyVec,
    /// Numeric vectors.
    NumVec,
    /// `bool` vectors.
    BoolVec,
    /// 32-bit scalars and vectors (`int`, `uint`, `float`).
    Bits32,
}

/// A parameter of a generic signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum P {
    /// `T`.
    T,
    /// `T`'s component type.
    S,
    /// `T` or `S` (the scalar applies to every component).
    TS,
    /// `uint` (a bit offset or count).
    U,
    /// `int` of `T`'s shape (an exponent).
    I,
    /// `bool`, or a `bool` of `T`'s shape (a condition for the whole value or per component).
    B,
}

/// The result of a generic signature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum R {
    T,
    S,
    /// A `bool` of `T`'s shape.
    BoolShape,
    /// `bool`.
    Bool,
    /// `T` with component type int / uint / float.
    Cast(ScalarTy),
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Gen(Class, &'static [P], R),
    /// `smoothstep`: `(S, S, T)` or `(T, T, T)`.
    SmoothStep,
    Transpose,
    Inverse,
    Determinant,
    /// `outer_product(vecR, vecC) -> matCxR`.
    OuterProduct,
    /// Fixed signature: parameter types and result, by constructor.
    Pack(FixedTy, FixedTy),
    Barrier,
    Atomic,
    Texture,
    Image,
}

/// Types of the pack builtins.
#[derive(Debug, Clone, Copy)]
enum FixedTy {
    Uint,
    Vec2,
    Vec4,
}

use Class as C;
use P::{B, I, S, T, TS, U};

const T1: &[P] = &[T];
const T2: &[P] = &[T, T];
const T3: &[P] = &[T, T, T];

/// Every builtin function by name.
const TABLE: &[(&str, BuiltinFn, Kind)] = &[
    ("abs", BuiltinFn::Abs, Kind::Gen(C::FloatInt, T1, R::T)),
    ("sign", BuiltinFn::Sign, Kind::Gen(C::FloatInt, T1, R::T)),
    ("floor", BuiltinFn::Floor, Kind::Gen(C::Float, T1, R::T)),
    ("ceil", BuiltinFn::Ceil, Kind::Gen(C::Float, T1, R::T)),
    ("round", BuiltinFn::Round, Kind::Gen(C::Float, T1, R::T)),
    ("trunc", BuiltinFn::Trunc, Kind::Gen(C::Float, T1, R::T)),
    ("fract", BuiltinFn::Fract, Kind::Gen(C::Float, T1, R::T)),
    ("mod", BuiltinFn::Mod, Kind::Gen(C::Float, &[T, TS], R::T)),
    ("min", BuiltinFn::Min, Kind::Gen(C::Numeric, &[T, TS], R::T)),
    ("max", BuiltinFn::Max, Kind::Gen(C::Numeric, &[T, TS], R::T)),
    (
        "clamp",
        BuiltinFn::Clamp,
        Kind::Gen(C::Numeric, &[T, TS, TS], R::T),
    ),
    (
        "saturate",
        BuiltinFn::Saturate,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "mix",
        BuiltinFn::Mix,
        Kind::Gen(C::Float, &[T, T, TS], R::T),
    ),
    ("step", BuiltinFn::Step, Kind::Gen(C::Float, &[TS, T], R::T)),
    ("smoothstep", BuiltinFn::SmoothStep, Kind::SmoothStep),
    ("sqrt", BuiltinFn::Sqrt, Kind::Gen(C::Float, T1, R::T)),
    (
        "inversesqrt",
        BuiltinFn::InverseSqrt,
        Kind::Gen(C::Float, T1, R::T),
    ),
    ("pow", BuiltinFn::Pow, Kind::Gen(C::Float, T2, R::T)),
    ("exp", BuiltinFn::Exp, Kind::Gen(C::Float, T1, R::T)),
    ("exp2", BuiltinFn::Exp2, Kind::Gen(C::Float, T1, R::T)),
    ("log", BuiltinFn::Log, Kind::Gen(C::Float, T1, R::T)),
    ("log2", BuiltinFn::Log2, Kind::Gen(C::Float, T1, R::T)),
    ("sin", BuiltinFn::Sin, Kind::Gen(C::Float, T1, R::T)),
    ("cos", BuiltinFn::Cos, Kind::Gen(C::Float, T1, R::T)),
    ("tan", BuiltinFn::Tan, Kind::Gen(C::Float, T1, R::T)),
    ("asin", BuiltinFn::Asin, Kind::Gen(C::Float, T1, R::T)),
    ("acos", BuiltinFn::Acos, Kind::Gen(C::Float, T1, R::T)),
    ("atan", BuiltinFn::Atan, Kind::Gen(C::Float, T1, R::T)),
    ("atan2", BuiltinFn::Atan2, Kind::Gen(C::Float, T2, R::T)),
    ("sinh", BuiltinFn::Sinh, Kind::Gen(C::Float, T1, R::T)),
    ("cosh", BuiltinFn::Cosh, Kind::Gen(C::Float, T1, R::T)),
    ("tanh", BuiltinFn::Tanh, Kind::Gen(C::Float, T1, R::T)),
    ("asinh", BuiltinFn::Asinh, Kind::Gen(C::Float, T1, R::T)),
    ("acosh", BuiltinFn::Acosh, Kind::Gen(C::Float, T1, R::T)),
    ("atanh", BuiltinFn::Atanh, Kind::Gen(C::Float, T1, R::T)),
    ("radians", BuiltinFn::Radians, Kind::Gen(C::Float, T1, R::T)),
    ("degrees", BuiltinFn::Degrees, Kind::Gen(C::Float, T1, R::T)),
    ("fma", BuiltinFn::Fma, Kind::Gen(C::Float, T3, R::T)),
    (
        "ldexp",
        BuiltinFn::Ldexp,
        Kind::Gen(C::Float, &[T, I], R::T),
    ),
    (
        "isnan",
        BuiltinFn::IsNan,
        Kind::Gen(C::Float, T1, R::BoolShape),
    ),
    (
        "isinf",
        BuiltinFn::IsInf,
        Kind::Gen(C::Float, T1, R::BoolShape),
    ),
    ("length", BuiltinFn::Length, Kind::Gen(C::Float, T1, R::S)),
    (
        "distance",
        BuiltinFn::Distance,
        Kind::Gen(C::Float, T2, R::S),
    ),
    ("dot", BuiltinFn::Dot, Kind::Gen(C::NumVec, T2, R::S)),
    ("cross", BuiltinFn::Cross, Kind::Gen(C::FloatVec3, T2, R::T)),
    (
        "normalize",
        BuiltinFn::Normalize,
        Kind::Gen(C::FloatVec, T1, R::T),
    ),
    (
        "reflect",
        BuiltinFn::Reflect,
        Kind::Gen(C::FloatVec, T2, R::T),
    ),
    (
        "refract",
        BuiltinFn::Refract,
        Kind::Gen(C::FloatVec, &[T, T, S], R::T),
    ),
    (
        "faceforward",
        BuiltinFn::FaceForward,
        Kind::Gen(C::FloatVec, T3, R::T),
    ),
    ("transpose", BuiltinFn::Transpose, Kind::Transpose),
    ("outer_product", BuiltinFn::OuterProduct, Kind::OuterProduct),
    ("inverse", BuiltinFn::Inverse, Kind::Inverse),
    ("determinant", BuiltinFn::Determinant, Kind::Determinant),
    (
        "select",
        BuiltinFn::Select,
        Kind::Gen(C::Any, &[T, T, B], R::T),
    ),
    (
        "equal",
        BuiltinFn::Equal,
        Kind::Gen(C::AnyVec, T2, R::BoolShape),
    ),
    (
        "not_equal",
        BuiltinFn::NotEqual,
        Kind::Gen(C::AnyVec, T2, R::BoolShape),
    ),
    (
        "less_than",
        BuiltinFn::LessThan,
        Kind::Gen(C::NumVec, T2, R::BoolShape),
    ),
    (
        "less_than_equal",
        BuiltinFn::LessThanEqual,
        Kind::Gen(C::NumVec, T2, R::BoolShape),
    ),
    (
        "greater_than",
        BuiltinFn::GreaterThan,
        Kind::Gen(C::NumVec, T2, R::BoolShape),
    ),
    (
        "greater_than_equal",
        BuiltinFn::GreaterThanEqual,
        Kind::Gen(C::NumVec, T2, R::BoolShape),
    ),
    ("any", BuiltinFn::Any, Kind::Gen(C::BoolVec, T1, R::Bool)),
    ("all", BuiltinFn::All, Kind::Gen(C::BoolVec, T1, R::Bool)),
    (
        "as_float",
        BuiltinFn::AsFloat,
        Kind::Gen(C::Bits32, T1, R::Cast(ScalarTy::Float)),
    ),
    (
        "as_int",
        BuiltinFn::AsInt,
        Kind::Gen(C::Bits32, T1, R::Cast(ScalarTy::Int)),
    ),
    (
        "as_uint",
        BuiltinFn::AsUint,
        Kind::Gen(C::Bits32, T1, R::Cast(ScalarTy::Uint)),
    ),
    (
        "count_one_bits",
        BuiltinFn::CountOneBits,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "reverse_bits",
        BuiltinFn::ReverseBits,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "first_leading_bit",
        BuiltinFn::FirstLeadingBit,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "first_trailing_bit",
        BuiltinFn::FirstTrailingBit,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "count_leading_zeros",
        BuiltinFn::CountLeadingZeros,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "count_trailing_zeros",
        BuiltinFn::CountTrailingZeros,
        Kind::Gen(C::Integer, T1, R::T),
    ),
    (
        "extract_bits",
        BuiltinFn::ExtractBits,
        Kind::Gen(C::Integer, &[T, U, U], R::T),
    ),
    (
        "insert_bits",
        BuiltinFn::InsertBits,
        Kind::Gen(C::Integer, &[T, T, U, U], R::T),
    ),
    ("sample", BuiltinFn::Sample, Kind::Texture),
    ("sample_bias", BuiltinFn::SampleBias, Kind::Texture),
    ("sample_level", BuiltinFn::SampleLevel, Kind::Texture),
    ("sample_grad", BuiltinFn::SampleGrad, Kind::Texture),
    ("sample_compare", BuiltinFn::SampleCompare, Kind::Texture),
    (
        "sample_compare_level",
        BuiltinFn::SampleCompareLevel,
        Kind::Texture,
    ),
    ("texel_fetch", BuiltinFn::TexelFetch, Kind::Texture),
    ("texture_size", BuiltinFn::TextureSize, Kind::Texture),
    ("texture_levels", BuiltinFn::TextureLevels, Kind::Texture),
    ("texture_gather", BuiltinFn::TextureGather, Kind::Texture),
    (
        "texture_gather_compare",
        BuiltinFn::TextureGatherCompare,
        Kind::Texture,
    ),
    ("texture_layers", BuiltinFn::TextureLayers, Kind::Texture),
    ("texture_samples", BuiltinFn::TextureSamples, Kind::Texture),
    ("image_load", BuiltinFn::ImageLoad, Kind::Image),
    ("image_store", BuiltinFn::ImageStore, Kind::Image),
    ("image_size", BuiltinFn::ImageSize, Kind::Image),
    ("image_layers", BuiltinFn::ImageLayers, Kind::Image),
    ("atomic_load", BuiltinFn::AtomicLoad, Kind::Atomic),
    ("atomic_store", BuiltinFn::AtomicStore, Kind::Atomic),
    ("atomic_add", BuiltinFn::AtomicAdd, Kind::Atomic),
    ("atomic_sub", BuiltinFn::AtomicSub, Kind::Atomic),
    ("atomic_min", BuiltinFn::AtomicMin, Kind::Atomic),
    ("atomic_max", BuiltinFn::AtomicMax, Kind::Atomic),
    ("atomic_and", BuiltinFn::AtomicAnd, Kind::Atomic),
    ("atomic_or", BuiltinFn::AtomicOr, Kind::Atomic),
    ("atomic_xor", BuiltinFn::AtomicXor, Kind::Atomic),
    ("atomic_exchange", BuiltinFn::AtomicExchange, Kind::Atomic),
    (
        "atomic_compare_exchange",
        BuiltinFn::AtomicCompareExchange,
        Kind::Atomic,
    ),
    (
        "workgroup_barrier",
        BuiltinFn::WorkgroupBarrier,
        Kind::Barrier,
    ),
    ("storage_barrier", BuiltinFn::StorageBarrier, Kind::Barrier),
    ("dfdx", BuiltinFn::Dfdx, Kind::Gen(C::Float, T1, R::T)),
    ("dfdy", BuiltinFn::Dfdy, Kind::Gen(C::Float, T1, R::T)),
    ("fwidth", BuiltinFn::Fwidth, Kind::Gen(C::Float, T1, R::T)),
    (
        "dfdx_fine",
        BuiltinFn::DfdxFine,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "dfdy_fine",
        BuiltinFn::DfdyFine,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "fwidth_fine",
        BuiltinFn::FwidthFine,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "dfdx_coarse",
        BuiltinFn::DfdxCoarse,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "dfdy_coarse",
        BuiltinFn::DfdyCoarse,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "fwidth_coarse",
        BuiltinFn::FwidthCoarse,
        Kind::Gen(C::Float, T1, R::T),
    ),
    (
        "pack_unorm4x8",
        BuiltinFn::PackUnorm4x8,
        Kind::Pack(FixedTy::Vec4, FixedTy::Uint),
    ),
    (
        "pack_snorm4x8",
        BuiltinFn::PackSnorm4x8,
        Kind::Pack(FixedTy::Vec4, FixedTy::Uint),
    ),
    (
        "pack_unorm2x16",
        BuiltinFn::PackUnorm2x16,
        Kind::Pack(FixedTy::Vec2, FixedTy::Uint),
    ),
    (
        "pack_snorm2x16",
        BuiltinFn::PackSnorm2x16,
        Kind::Pack(FixedTy::Vec2, FixedTy::Uint),
    ),
    (
        "pack_half2x16",
        BuiltinFn::PackHalf2x16,
        Kind::Pack(FixedTy::Vec2, FixedTy::Uint),
    ),
    (
        "unpack_unorm4x8",
        BuiltinFn::UnpackUnorm4x8,
        Kind::Pack(FixedTy::Uint, FixedTy::Vec4),
    ),
    (
        "unpack_snorm4x8",
        BuiltinFn::UnpackSnorm4x8,
        Kind::Pack(FixedTy::Uint, FixedTy::Vec4),
    ),
    (
        "unpack_unorm2x16",
        BuiltinFn::UnpackUnorm2x16,
        Kind::Pack(FixedTy::Uint, FixedTy::Vec2),
    ),
    (
        "unpack_snorm2x16",
        BuiltinFn::UnpackSnorm2x16,
        Kind::Pack(FixedTy::Uint, FixedTy::Vec2),
    ),
    (
        "unpack_half2x16",
        BuiltinFn::UnpackHalf2x16,
        Kind::Pack(FixedTy::Uint, FixedTy::Vec2),
    ),
];

/// The builtin function named `name`.
pub(crate) fn lookup(name: &str) -> Option<BuiltinFn> {
    TABLE
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, f, _)| *f)
}

/// Every builtin function name, for suggestions.
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    TABLE.iter().map(|(n, _, _)| *n)
}

/// The name a builtin is written with.
pub(crate) fn name_of(f: BuiltinFn) -> &'static str {
    TABLE
        .iter()
        .find(|(_, x, _)| *x == f)
        .map_or("builtin", |(n, _, _)| n)
}

fn class_text(c: Class) -> &'static str {
    match c {
        C::Any => "a scalar or vector",
        C::Float => "a float scalar or vector",
        C::FloatVec => "a float vector",
        C::FloatVec3 => "a `vec3`",
        C::FloatInt => "a float or `int` scalar or vector",
        C::Numeric => "a numeric scalar or vector",
        C::Integer => "an `int` or `uint` scalar or vector",
        C::AnyVec => "a vector",
        C::NumVec => "a numeric vector",
        C::BoolVec => "a `bvec`",
        C::Bits32 => "an `int`, `uint` or `float` scalar or vector",
    }
}

/// The result of checking a call.
pub(crate) struct CallResult {
    pub expr: luma_thir::ExprId,
    /// The callee returns nothing.
    pub void: bool,
}

impl<'a> Checker<'a> {
    fn class_ok(&self, c: Class, ty: TyId) -> bool {
        let t = self.ty(ty);
        let (scalar, size) = match t {
            Ty::Scalar(s) => (s, 1),
            Ty::Vector { scalar, size } => (scalar, size),
            _ => return false,
        };
        match c {
            C::Any => true,
            C::Float => scalar.is_float(),
            C::FloatVec => scalar.is_float() && size > 1,
            C::FloatVec3 => scalar.is_float() && size == 3,
            C::FloatInt => scalar.is_float() || scalar == ScalarTy::Int,
            C::Numeric => scalar != ScalarTy::Bool,
            C::Integer => scalar.is_integer(),
            C::AnyVec => size > 1,
            C::NumVec => size > 1 && scalar != ScalarTy::Bool,
            C::BoolVec => size > 1 && scalar == ScalarTy::Bool,
            C::Bits32 => matches!(scalar, ScalarTy::Int | ScalarTy::Uint | ScalarTy::Float),
        }
    }

    /// HLSL's `select(condition, if_true, if_false)` written for Luma's (WGSL's and Metal's)
    /// `select(if_false, if_true, condition)`: one error with the reordered call, instead of
    /// a type mismatch on the second argument. Reports and returns `true` when the first
    /// argument is a condition and the last is not.
    fn condition_first(&mut self, vals: &[Val]) -> bool {
        let is_bool = |c: &Self, v: Val| {
            c.val_ty(v)
                .and_then(|t| c.scalar_of(t))
                .is_some_and(|s| s == ScalarTy::Bool)
        };
        let (Some(&first), Some(&last)) = (vals.first(), vals.last()) else {
            return false;
        };
        if vals.len() != 3 || !is_bool(self, first) || is_bool(self, last) {
            return false;
        }
        let fspan = self.val_span(first);
        self.emit(
            Diagnostic::error(
                codes::E0510,
                fspan,
                "`select` takes its condition last: `select(if_false, if_true, condition)`",
            )
            .with_primary_label("a condition as the first argument")
            .with_note("Luma's `select` is WGSL's and Metal's; HLSL's puts the condition first")
            .with_help("HLSL's `select(c, a, b)` is `select(b, a, c)` in Luma"),
        );
        true
    }

    fn arity(&mut self, name: &str, expected: &str, found: usize, span: Span) {
        self.arity_with_help(name, expected, found, span, None);
    }

    /// [`Self::arity`] with a help of the caller's.
    fn arity_with_help(
        &mut self,
        name: &str,
        expected: &str,
        found: usize,
        span: Span,
        help: Option<&str>,
    ) {
        let mut d = Diagnostic::error(
            codes::E0509,
            span,
            format!(
                "`{name}` takes {expected}, but {found} {} given",
                if found == 1 { "was" } else { "were" }
            ),
        )
        .with_primary_label(format!(
            "{found} argument{}",
            if found == 1 { "" } else { "s" }
        ));
        if name == "atan" && found == 2 {
            // GLSL overloads `atan(y, x)`; Luma, like HLSL and WGSL, names it apart.
            d = d.with_help("the two-argument arctangent is `atan2(y, x)`");
        }
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.emit(d);
    }

    /// Checks a call of builtin `fun`.
    pub fn builtin_call(&mut self, fun: BuiltinFn, args: &[ast::ExprId], span: Span) -> CallResult {
        let Some(&(name, _, kind)) = TABLE.iter().find(|(_, f, _)| *f == fun) else {
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        };
        match kind {
            Kind::Gen(class, params, ret) => {
                self.generic(fun, name, class, params, ret, args, span)
            }
            Kind::SmoothStep => {
                // `(S, S, T)` when the edges are scalars, else `(T, T, T)`.
                let vals: Vec<Val> = args.iter().map(|a| self.expr(*a, None)).collect();
                let scalar_edges = vals.iter().take(2).all(|v| match v {
                    Val::Abs(..) => true,
                    Val::Expr(e) => matches!(self.ty(self.expr_ty(*e)), Ty::Scalar(_)),
                });
                let params: &[P] = if scalar_edges { &[S, S, T] } else { &[T, T, T] };
                self.generic_vals(fun, name, C::Float, params, R::T, &vals, span)
            }
            Kind::Transpose | Kind::Inverse | Kind::Determinant => {
                self.matrix_builtin(fun, name, kind, args, span)
            }
            Kind::OuterProduct => self.outer_product(fun, name, args, span),
            Kind::Pack(param, ret) => {
                if args.len() != 1 {
                    self.arity(name, "1 argument", args.len(), span);
                    return CallResult {
                        expr: self.err_expr(span),
                        void: false,
                    };
                }
                let pt = self.fixed(param);
                let rt = self.fixed(ret);
                let v = args.first().map(|a| self.expr(*a, Some(pt)));
                let e = match v {
                    Some(v) => self.coerce_with(v, pt, &|| format!("the argument of `{name}`")),
                    None => self.err_expr(span),
                };
                let args = self.exprs.push_list([e]);
                let expr = self.mk(ExprKind::Builtin { fun, args }, rt, span);
                CallResult { expr, void: false }
            }
            Kind::Barrier => {
                if !args.is_empty() {
                    self.arity(name, "no arguments", args.len(), span);
                }
                self.add_use(Use::Barrier(name), span);
                let err = self.t.error;
                let expr = self.mk(
                    ExprKind::Builtin {
                        fun,
                        args: ExprList::default(),
                    },
                    err,
                    span,
                );
                CallResult { expr, void: true }
            }
            Kind::Atomic => self.atomic(fun, name, args, span),
            Kind::Texture => self.texture(fun, name, args, span),
            Kind::Image => self.image(fun, name, args, span),
        }
    }

    fn fixed(&mut self, f: FixedTy) -> TyId {
        match f {
            FixedTy::Uint => self.t.uint,
            FixedTy::Vec2 => self.vec_ty(ScalarTy::Float, 2),
            FixedTy::Vec4 => self.vec_ty(ScalarTy::Float, 4),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn generic(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        class: Class,
        params: &[P],
        ret: R,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        // No generic builtin takes more than four arguments: their values go in an array on
        // the stack instead of a vector per call (only a call with too many uses a vector).
        const MAX: usize = 4;
        if args.len() <= MAX {
            let mut vals = [Val::Abs(Abstract::Int(0), span); MAX];
            for (slot, a) in vals.iter_mut().zip(args) {
                *slot = self.expr(*a, None);
            }
            let vals = vals.get(..args.len()).unwrap_or_default();
            self.generic_vals(fun, name, class, params, ret, vals, span)
        } else {
            let vals: Vec<Val> = args.iter().map(|a| self.expr(*a, None)).collect();
            self.generic_vals(fun, name, class, params, ret, &vals, span)
        }
    }

    /// E0510 for `as_float` / `as_int` / `as_uint` of an untyped integer, with the spelling
    /// that gives it a 32-bit type.
    fn bitcast_untyped_int(&mut self, name: &str, v: i128, span: Span) {
        let help = if (0..=i128::from(u32::MAX)).contains(&v) {
            let lit = if v > 255 {
                format!("0x{v:X}u")
            } else {
                format!("{v}u")
            };
            Some(format!(
                "write `{name}({lit})` for the bits of a `uint`, or `{name}(int(...))` for an `int`"
            ))
        } else if (i128::from(i32::MIN)..0).contains(&v) {
            Some(format!("write `{name}(int({v}))` for the bits of an `int`"))
        } else {
            None
        };
        let mut d = Diagnostic::error(
            codes::E0510,
            span,
            format!("`{name}` of an untyped integer: its bits depend on the type it gets"),
        )
        .with_primary_label("an untyped integer")
        .with_note(
            "with no context an untyped literal is a `float`, whose bits are not the integer's",
        );
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.emit(d);
    }

    #[allow(clippy::too_many_arguments)]
    fn generic_vals(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        class: Class,
        params: &[P],
        ret: R,
        vals: &[Val],
        span: Span,
    ) -> CallResult {
        if vals.len() != params.len() {
            let n = params.len();
            self.arity(
                name,
                &format!("{n} argument{}", if n == 1 { "" } else { "s" }),
                vals.len(),
                span,
            );
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        if vals.iter().any(|v| self.val_is_error(*v)) {
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        if fun == BuiltinFn::Select && self.condition_first(vals) {
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        // `T` comes from the first typed argument in a `T` position, else in a `T or S` one.
        let mut t = None;
        for want in [P::T, P::TS] {
            if t.is_some() {
                break;
            }
            for (p, v) in params.iter().zip(vals) {
                if *p == want {
                    if let Some(ty) = self.val_ty(*v) {
                        t = Some(ty);
                        break;
                    }
                }
            }
        }
        let t = match t {
            Some(t) => t,
            None => {
                // Only untyped constants (and `S` positions): the default type of the class.
                let s = match class {
                    C::Integer => ScalarTy::Int,
                    // The default `float` would reinterpret the bits of the integer's float
                    // value (`as_float(0x7f800000)` would be 2139095040.0, not infinity): an
                    // untyped integer has no bits until it has a type, so ask for one.
                    C::Bits32 => match vals.first() {
                        Some(&Val::Abs(Abstract::Int(v), vspan)) => {
                            self.bitcast_untyped_int(name, v, vspan);
                            return CallResult {
                                expr: self.err_expr(span),
                                void: false,
                            };
                        }
                        _ => ScalarTy::Float,
                    },
                    C::BoolVec | C::AnyVec | C::NumVec | C::FloatVec | C::FloatVec3 => {
                        let v = vals.first().copied();
                        let vspan = v.map_or(span, |v| self.val_span(v));
                        self.emit(
                            Diagnostic::error(
                                codes::E0510,
                                vspan,
                                format!("`{name}` takes {}, found a number", class_text(class)),
                            )
                            .with_primary_label("expected a vector"),
                        );
                        return CallResult {
                            expr: self.err_expr(span),
                            void: false,
                        };
                    }
                    _ => match params
                        .iter()
                        .zip(vals)
                        .find(|(p, _)| **p == P::S)
                        .and_then(|(_, v)| self.val_ty(*v))
                    {
                        Some(st) => self.scalar_of(st).unwrap_or(ScalarTy::Float),
                        None => ScalarTy::Float,
                    },
                };
                self.scalar_ty(s)
            }
        };
        if !self.class_ok(class, t) {
            let tn = self.tn(t);
            let pos = params
                .iter()
                .zip(vals)
                .find(|(_, v)| self.val_ty(**v) == Some(t))
                .map_or(span, |(_, v)| self.val_span(*v));
            let mut d = Diagnostic::error(
                codes::E0510,
                pos,
                format!("`{name}` takes {}, not `{tn}`", class_text(class)),
            )
            .with_primary_label(format!("this is `{tn}`"));
            if (class == C::FloatVec || fun == BuiltinFn::Dot)
                && matches!(self.ty(t), Ty::Scalar(ScalarTy::Float | ScalarTy::Half))
            {
                d = d.with_note(format!("`{name}` of a scalar is not defined in Luma: use `abs`, `sign` or plain arithmetic"));
            } else if matches!(class, C::Float | C::FloatVec) {
                if let Some(s) = self.scalar_of(t) {
                    if s.is_integer() {
                        let target = self.with_scalar(t, ScalarTy::Float);
                        d = d.with_help(format!("convert it first: `{}(...)`", self.tn(target)));
                    }
                }
            }
            self.emit(d);
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        // `step(x, 0.5)`: the edge and the value swapped (GLSL, HLSL and WGSL put the edge
        // first too), which only the vector's shape shows.
        if fun == BuiltinFn::Step {
            if let [edge, x] = vals {
                let edge_vector = self
                    .val_ty(*edge)
                    .is_some_and(|t| matches!(self.ty(t), Ty::Vector { .. }));
                let x_scalar = match *x {
                    Val::Abs(..) => true,
                    Val::Expr(e) => matches!(self.ty(self.expr_ty(e)), Ty::Scalar(_)),
                };
                if edge_vector && x_scalar {
                    let (espan, xspan) = (self.val_span(*edge), self.val_span(*x));
                    self.emit(
                        Diagnostic::error(
                            codes::E0501,
                            xspan,
                            "`step` takes the edge first and the value second",
                        )
                        .with_primary_label("a scalar as the value")
                        .with_label(espan, "a vector as the edge")
                        .with_help(
                            "`step(edge, x)` is 1.0 where `x >= edge`: swap the arguments (a \
                             scalar edge applies to every component)",
                        ),
                    );
                    return CallResult {
                        expr: self.err_expr(span),
                        void: false,
                    };
                }
            }
        }
        // `clamp(x, vec3(0.0), vec3(1.0))` with a scalar `x`: the first argument decides the
        // type, so each vector bound (and the result) would be reported. One error instead.
        if params.first() == Some(&P::T) && matches!(self.ty(t), Ty::Scalar(_)) {
            let wider = params
                .iter()
                .zip(vals)
                .enumerate()
                .skip(1)
                .find_map(|(i, (p, v))| {
                    let vt = self.val_ty(*v)?;
                    let wider = matches!(p, P::T | P::TS)
                        && matches!(self.ty(vt), Ty::Vector { .. })
                        && self.scalar_of(vt) == self.scalar_of(t);
                    wider.then_some((i, vt, self.val_span(*v)))
                });
            if let Some((i, vt, vspan)) = wider {
                let (tn, vn) = (self.tn(t), self.tn(vt));
                let first = vals.first().map_or(span, |v| self.val_span(*v));
                self.emit(
                    Diagnostic::error(
                        codes::E0501,
                        first,
                        format!(
                            "the first argument of `{name}` is `{tn}`, but argument {} is `{vn}`",
                            i + 1
                        ),
                    )
                    .with_primary_label(format!("`{tn}`: this decides the result's type"))
                    .with_label(vspan, format!("`{vn}`"))
                    .with_help(format!(
                        "for {} `{vn}` result, make the first argument one: `{vn}(...)`",
                        crate::check::article(&vn)
                    )),
                );
                return CallResult {
                    expr: self.err_expr(span),
                    void: false,
                };
            }
        }
        let s = self.scalar_of(t).unwrap_or(ScalarTy::Float);
        let sty = self.scalar_ty(s);
        let mut out = Vec::with_capacity(vals.len());
        for (i, (p, &v)) in params.iter().zip(vals).enumerate() {
            let expected = match p {
                P::T => t,
                P::S => sty,
                P::U => self.t.uint,
                P::I => self.with_scalar(t, ScalarTy::Int),
                P::B => match self.val_ty(v) {
                    Some(ty) if matches!(self.ty(ty), Ty::Scalar(_)) => self.t.bool_,
                    _ => self.with_scalar(t, ScalarTy::Bool),
                },
                P::TS => match self.val_ty(v) {
                    Some(ty) if matches!(self.ty(ty), Ty::Scalar(_)) => sty,
                    Some(_) => t,
                    None => sty,
                },
            };
            let what = || format!("argument {} of `{name}`", i + 1);
            out.push(self.coerce_with(v, expected, &what));
        }
        let rt = match ret {
            R::T => t,
            R::S => sty,
            R::Bool => self.t.bool_,
            R::BoolShape => self.with_scalar(t, ScalarTy::Bool),
            R::Cast(c) => self.with_scalar(t, c),
        };
        if fun.is_derivative() {
            self.add_use(Use::Derivative(name), span);
        }
        let args = self.exprs.push_list(out);
        let expr = self.mk(ExprKind::Builtin { fun, args }, rt, span);
        CallResult { expr, void: false }
    }

    /// `outer_product(c, r)`: two float (or two half) vectors, any sizes; the matrix has a
    /// column per component of `r`, each of `c`'s size.
    fn outer_product(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        let failed = |this: &mut Self| CallResult {
            expr: this.err_expr(span),
            void: false,
        };
        let [c, r] = args else {
            self.arity(name, "2 arguments", args.len(), span);
            return failed(self);
        };
        let vals = [self.expr(*c, None), self.expr(*r, None)];
        let mut exprs = Vec::with_capacity(2);
        let mut shapes = Vec::with_capacity(2);
        for v in vals {
            let e = self.concretize(v, None);
            let ty = self.expr_ty(e);
            if self.is_error(ty) {
                return failed(self);
            }
            match self.ty(ty) {
                Ty::Vector { scalar, size }
                    if matches!(scalar, ScalarTy::Float | ScalarTy::Half) =>
                {
                    shapes.push((scalar, size));
                }
                _ => {
                    let tn = self.tn(ty);
                    let espan = self.expr_span(e);
                    self.emit(
                        Diagnostic::error(
                            codes::E0510,
                            espan,
                            format!("`{name}` takes two float vectors, not `{tn}`"),
                        )
                        .with_primary_label(format!("this is `{tn}`")),
                    );
                    return failed(self);
                }
            }
            exprs.push(e);
        }
        let [(c_scalar, rows), (r_scalar, columns)] = shapes[..] else {
            return failed(self);
        };
        if c_scalar != r_scalar {
            let names: Vec<String> = exprs.iter().map(|&e| self.tn(self.expr_ty(e))).collect();
            self.emit(
                Diagnostic::error(
                    codes::E0501,
                    span,
                    format!(
                        "`{name}` takes two vectors of one component type, not `{}`",
                        names.join("` and `")
                    ),
                )
                .with_help("convert one of them: `vec3(h)` makes a `half` vector a `float` one"),
            );
            return failed(self);
        }
        let rt = self.intern(Ty::Matrix {
            scalar: c_scalar,
            columns,
            rows,
        });
        let args = self.exprs.push_list(exprs);
        let expr = self.mk(ExprKind::Builtin { fun, args }, rt, span);
        CallResult { expr, void: false }
    }

    fn matrix_builtin(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        kind: Kind,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        if args.len() != 1 {
            self.arity(name, "1 argument", args.len(), span);
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        let v = match args.first() {
            Some(a) => self.expr(*a, None),
            None => {
                return CallResult {
                    expr: self.err_expr(span),
                    void: false,
                }
            }
        };
        let e = self.concretize(v, None);
        let ty = self.expr_ty(e);
        if self.is_error(ty) {
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        let rt = match (self.ty(ty), kind) {
            (
                Ty::Matrix {
                    scalar,
                    columns,
                    rows,
                },
                Kind::Transpose,
            ) => Some(self.intern(Ty::Matrix {
                scalar,
                columns: rows,
                rows: columns,
            })),
            (Ty::Matrix { columns, rows, .. }, Kind::Inverse) if columns == rows => Some(ty),
            (
                Ty::Matrix {
                    scalar,
                    columns,
                    rows,
                },
                Kind::Determinant,
            ) if columns == rows => Some(self.scalar_ty(scalar)),
            _ => None,
        };
        let Some(rt) = rt else {
            let tn = self.tn(ty);
            let what = if matches!(kind, Kind::Transpose) {
                "a matrix"
            } else {
                "a square matrix"
            };
            let espan = self.expr_span(e);
            self.emit(
                Diagnostic::error(
                    codes::E0510,
                    espan,
                    format!("`{name}` takes {what}, not `{tn}`"),
                )
                .with_primary_label(format!("this is `{tn}`")),
            );
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        };
        let args = self.exprs.push_list([e]);
        let expr = self.mk(ExprKind::Builtin { fun, args }, rt, span);
        CallResult { expr, void: false }
    }

    // -----------------------------------------------------------------------------------------
    // Atomics

    fn atomic(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        let expected_args = match fun {
            BuiltinFn::AtomicLoad => 1,
            BuiltinFn::AtomicCompareExchange => 3,
            _ => 2,
        };
        if args.len() != expected_args {
            self.arity(
                name,
                &format!(
                    "{expected_args} argument{}",
                    if expected_args == 1 { "" } else { "s" }
                ),
                args.len(),
                span,
            );
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        }
        let Some(&place_id) = args.first() else {
            return CallResult {
                expr: self.err_expr(span),
                void: false,
            };
        };
        let place = self.expr_mode(place_id, None, Mode::Ref);
        let pspan = self.val_span(place);
        let mut ok = true;
        let scalar = match place {
            Val::Expr(e) if self.is_error(self.expr_ty(e)) => {
                ok = false;
                ScalarTy::Uint
            }
            Val::Expr(e) => match self.ty(self.expr_ty(e)) {
                Ty::Atomic(s) => {
                    match self.place_root(e) {
                        Some(crate::stmt::Root::Global(g)) => {
                            let kind = self.prog.globals.get(g).map(|d| d.kind);
                            match kind {
                                Some(luma_thir::GlobalKind::StorageBuffer { .. }) => {
                                    if let Some(f) = self.fcx.as_mut() {
                                        f.facts.writes.push((g, pspan));
                                    }
                                    self.check_buffer_writable(g, pspan, "an atomic operation");
                                }
                                Some(luma_thir::GlobalKind::Workgroup) => {}
                                _ => ok = false,
                            }
                        }
                        _ => ok = false,
                    }
                    if !ok {
                        self.emit(
                            Diagnostic::error(codes::E0523, pspan, format!("the first argument of `{name}` must be an atomic in a `buffer` or `shared` global"))
                                .with_primary_label("not an atomic in buffer or workgroup memory"),
                        );
                    }
                    s
                }
                _ => {
                    let tn = self.tn(self.expr_ty(e));
                    self.emit(
                        Diagnostic::error(codes::E0523, pspan, format!("the first argument of `{name}` must be an `atomic_int` or `atomic_uint`, found `{tn}`"))
                            .with_primary_label("not an atomic")
                            .with_note("declare the member as `atomic_uint` (or `atomic_int`) in a `buffer` or `shared` global"),
                    );
                    ok = false;
                    ScalarTy::Uint
                }
            },
            Val::Abs(..) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0523,
                        pspan,
                        format!("the first argument of `{name}` must be an atomic, found a number"),
                    )
                    .with_primary_label("not an atomic"),
                );
                ok = false;
                ScalarTy::Uint
            }
        };
        let sty = self.scalar_ty(scalar);
        let mut out = Vec::with_capacity(args.len());
        if let Val::Expr(e) = place {
            out.push(e);
        }
        for (i, a) in args.iter().enumerate().skip(1) {
            if !ok {
                // Without a usable atomic the operand type is unknown: check the values for
                // their own errors only (`-3` is not wrong for an `atomic_int` whose type
                // failed to resolve).
                self.expr(*a, None);
                continue;
            }
            let v = self.expr(*a, Some(sty));
            let what = || format!("argument {} of `{name}`", i + 1);
            out.push(self.coerce_with(v, sty, &what));
        }
        if !ok {
            return CallResult {
                expr: self.err_expr(span),
                void: fun == BuiltinFn::AtomicStore,
            };
        }
        let (rt, void) = if fun == BuiltinFn::AtomicStore {
            (self.t.error, true)
        } else {
            (sty, false)
        };
        let args = self.exprs.push_list(out);
        let expr = self.mk(ExprKind::Builtin { fun, args }, rt, span);
        CallResult { expr, void }
    }

    // -----------------------------------------------------------------------------------------
    // Textures

    /// Whether `e` names a `sampler` or `samplerShadow` global (and no local hides it), read
    /// from the syntax tree without checking it.
    fn names_sampler_global(&self, e: ast::ExprId) -> bool {
        let Some(ast::Expr {
            kind: ast::ExprKind::Ident(id),
            ..
        }) = self.ast_expr(e)
        else {
            return false;
        };
        let name = self.text(&id);
        if self
            .fcx
            .as_ref()
            .is_some_and(|f| f.scopes.lookup(name).is_some())
        {
            return false;
        }
        match self.names.get(name).map(|s| s.kind) {
            Some(crate::check::SymKind::Global(gid)) => self
                .prog
                .globals
                .get(gid)
                .is_some_and(|g| matches!(self.ty(g.ty), Ty::Sampler { .. })),
            _ => false,
        }
    }

    fn texture(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        let fail = |c: &mut Self| CallResult {
            expr: c.err_expr(span),
            void: false,
        };
        let Some((&tex_id, rest)) = args.split_first() else {
            self.arity(name, "a texture and coordinates", 0, span);
            return fail(self);
        };
        let tex = self.expr_mode(tex_id, None, Mode::Ref);
        let tspan = self.val_span(tex);
        let Val::Expr(tex_e) = tex else {
            self.emit(
                Diagnostic::error(
                    codes::E0522,
                    tspan,
                    format!("the first argument of `{name}` must be a texture, found a number"),
                )
                .with_primary_label("expected a texture"),
            );
            return fail(self);
        };
        let tty = self.expr_ty(tex_e);
        if self.is_error(tty) {
            // Checked as texture builtin arguments, so the sampler among them is not reported
            // as a value that cannot be used.
            for a in rest {
                self.expr_mode(*a, None, Mode::Ref);
            }
            return fail(self);
        }
        let (shape, combined) = match self.ty(tty) {
            Ty::Texture(s) => (s, false),
            Ty::CombinedSampler(s) => (s, true),
            other => {
                let storage = matches!(other, Ty::StorageImage(_));
                let tn = self.tn(tty);
                let mut d = Diagnostic::error(
                    codes::E0522,
                    tspan,
                    format!("the first argument of `{name}` must be a texture, found `{tn}`"),
                )
                .with_primary_label("expected a texture or combined sampler global");
                if storage {
                    d = d.with_help("storage images are read with `image_load` and queried with `image_size` and `image_layers`");
                }
                self.emit(d);
                return fail(self);
            }
        };
        let mut out = vec![tex_e];
        let mut rest: &[ast::ExprId] = rest;
        let is_sampling = matches!(
            fun,
            BuiltinFn::Sample
                | BuiltinFn::SampleBias
                | BuiltinFn::SampleLevel
                | BuiltinFn::SampleGrad
                | BuiltinFn::SampleCompare
                | BuiltinFn::SampleCompareLevel
                | BuiltinFn::TextureGather
                | BuiltinFn::TextureGatherCompare
        );
        let compare = matches!(
            fun,
            BuiltinFn::SampleCompare
                | BuiltinFn::SampleCompareLevel
                | BuiltinFn::TextureGatherCompare
        );
        let gather = matches!(
            fun,
            BuiltinFn::TextureGather | BuiltinFn::TextureGatherCompare
        );
        // The sampler: a separate global, or the combined sampler's own. A separate one's span
        // and type, for the errors about its kind.
        let mut separate_sampler = None;
        let sampler_cmp = if is_sampling {
            if combined {
                if let Some((&s_id, r)) = rest.split_first() {
                    if self.names_sampler_global(s_id) {
                        // `sample(combined, samp, uv)`: a separate sampler beside a combined
                        // one. Reported once, and the call is checked without it.
                        let sspan = self.ast_span(s_id);
                        let tn = self.tn(tty);
                        let cut = match r.first() {
                            Some(next) => Span::new(sspan.lo, self.ast_span(*next).lo),
                            None => sspan,
                        };
                        self.emit(
                            Diagnostic::error(
                                codes::E0522,
                                sspan,
                                format!("`{name}` of a combined sampler takes no separate sampler"),
                            )
                            .with_primary_label("a separate sampler")
                            .with_label(tspan, format!("this `{tn}` carries its own sampler"))
                            .with_suggestion(
                                cut,
                                "",
                                "remove the sampler",
                            ),
                        );
                        rest = r;
                    }
                }
                Some(shape.depth)
            } else {
                let Some((&s_id, r)) = rest.split_first() else {
                    self.emit(
                        Diagnostic::error(
                            codes::E0509,
                            span,
                            format!(
                                "`{name}` of a separate texture takes a sampler after the texture"
                            ),
                        )
                        .with_primary_label(format!("write `{name}(texture, sampler, ...)`")),
                    );
                    return fail(self);
                };
                rest = r;
                let s = self.expr_mode(s_id, None, Mode::Ref);
                let sspan = self.val_span(s);
                match s {
                    Val::Expr(se) if self.is_error(self.expr_ty(se)) => return fail(self),
                    Val::Expr(se) => match self.ty(self.expr_ty(se)) {
                        Ty::Sampler { comparison } => {
                            out.push(se);
                            separate_sampler = Some((sspan, self.expr_ty(se)));
                            Some(comparison)
                        }
                        other => {
                            let tn = self.tn(self.expr_ty(se));
                            let mut d = Diagnostic::error(
                                codes::E0522,
                                sspan,
                                format!("argument 2 of `{name}` must be a sampler, found `{tn}`"),
                            )
                            .with_primary_label("expected `sampler` or `samplerShadow`");
                            if !matches!(other, Ty::Sampler { .. }) {
                                d = d.with_note("a separate texture is sampled through a separate `sampler` global");
                            }
                            self.emit(d);
                            return fail(self);
                        }
                    },
                    Val::Abs(..) => {
                        self.emit(
                            Diagnostic::error(
                                codes::E0522,
                                sspan,
                                format!("argument 2 of `{name}` must be a sampler"),
                            )
                            .with_primary_label("expected a sampler"),
                        );
                        return fail(self);
                    }
                }
            }
        } else {
            None
        };
        // Texture kind rules.
        // The texture type's name is spelled out only for an error.
        let kind_error = |c: &mut Self, msg: String, note: &str| {
            let tn = c.tn(tty);
            c.emit(
                Diagnostic::error(codes::E0522, tspan, msg)
                    .with_primary_label(format!("this is `{tn}`"))
                    .with_note(note.to_string()),
            );
        };
        if is_sampling && shape.multisampled {
            let verb = if gather { "gather from" } else { "sample" };
            kind_error(
                self,
                format!("`{name}` cannot {verb} a multisampled texture"),
                "multisampled textures are read with `texel_fetch(tex, coord, sample_index)`",
            );
            return fail(self);
        }
        if gather && shape.dim == TexDim::D3 {
            kind_error(
                self,
                format!("`{name}` cannot gather from a 3D texture"),
                "gathers read 2D, 2D array and cube textures: sample a 3D texture with `sample_level` or read it with `texel_fetch`",
            );
            return fail(self);
        }
        // Gathers read texels without filtering, so integer textures take them.
        if is_sampling && !gather && shape.sampled.is_integer() {
            kind_error(
                self,
                format!("`{name}` cannot sample an integer texture"),
                "integer textures cannot be filtered: read them with `texel_fetch` or `texture_gather`",
            );
            return fail(self);
        }
        if compare && !shape.depth {
            kind_error(self, format!("`{name}` needs a depth texture"), "comparison sampling reads `texture2DShadow`, `textureCubeShadow`, `texture2DArrayShadow` or a `sampler...Shadow`");
            return fail(self);
        }
        // A separate sampler of the wrong kind is the sampler's error, shown on it.
        let sampler_error = |c: &mut Self, msg: String, note: &str| match separate_sampler {
            Some((sspan, sty)) => {
                let sn = c.tn(sty);
                c.emit(
                    Diagnostic::error(codes::E0522, sspan, msg)
                        .with_primary_label(format!("this is `{sn}`"))
                        .with_note(note.to_string()),
                );
            }
            None => kind_error(c, msg, note),
        };
        if is_sampling && !compare && sampler_cmp == Some(true) {
            let msg = if combined {
                format!("`{name}` cannot read a shadow sampler without a comparison")
            } else {
                format!("`{name}` needs a non-comparison `sampler`")
            };
            let note = if gather {
                "use `texture_gather_compare` with a comparison sampler"
            } else {
                "use `sample_compare` / `sample_compare_level` with a comparison sampler"
            };
            sampler_error(self, msg, note);
            return fail(self);
        }
        if compare && sampler_cmp == Some(false) {
            sampler_error(
                self,
                format!("`{name}` needs a comparison sampler"),
                "declare the sampler as `samplerShadow`",
            );
            return fail(self);
        }
        if matches!(fun, BuiltinFn::SampleBias | BuiltinFn::SampleGrad) && shape.depth {
            kind_error(self, format!("`{name}` cannot read a depth texture"), "depth textures take `sample`, `sample_level`, `sample_compare` and `sample_compare_level`");
            return fail(self);
        }
        if fun == BuiltinFn::TexelFetch && shape.dim == TexDim::Cube {
            kind_error(
                self,
                "`texel_fetch` cannot read a cube texture".to_string(),
                "sample cube maps with a direction instead",
            );
            return fail(self);
        }
        if fun == BuiltinFn::TextureLevels && shape.multisampled {
            kind_error(
                self,
                "`texture_levels` of a multisampled texture".to_string(),
                "multisampled textures have one level",
            );
            return fail(self);
        }
        if fun == BuiltinFn::TextureLayers && !shape.arrayed {
            kind_error(
                self,
                "`texture_layers` of a texture that is not an array".to_string(),
                "only array textures (`texture2DArray` and its integer, depth and combined forms) have layers",
            );
            return fail(self);
        }
        if fun == BuiltinFn::TextureSamples && !shape.multisampled {
            kind_error(
                self,
                "`texture_samples` of a texture that is not multisampled".to_string(),
                "only multisampled textures (`texture2DMS`, `itexture2DMS`, `utexture2DMS`) have samples",
            );
            return fail(self);
        }
        if fun == BuiltinFn::TextureSize && shape.multisampled && !rest.is_empty() {
            kind_error(
                self,
                "`texture_size` of a multisampled texture takes no level".to_string(),
                "multisampled textures have one level: write `texture_size(tex)`",
            );
            return fail(self);
        }
        // The remaining arguments.
        let float = self.t.float;
        let int = self.t.int;
        let coord_n = match shape.dim {
            TexDim::D2 => 2,
            TexDim::D3 | TexDim::Cube => 3,
        };
        let coord_ty = self.vec_ty(ScalarTy::Float, coord_n);
        let icoord_ty = self.vec_ty(ScalarTy::Int, coord_n);
        let mut params: Vec<(TyId, &'static str)> = Vec::new();
        // Optional trailing arguments: the gather component (an `int`) and the texel offset.
        let takes_offset = is_sampling;
        let takes_component = fun == BuiltinFn::TextureGather;
        let result: TyId = match fun {
            BuiltinFn::TextureSize => {
                if !shape.multisampled {
                    // The level is optional.
                    if !rest.is_empty() {
                        params.push((int, "the level"));
                    }
                }
                self.vec_ty(ScalarTy::Int, if shape.dim == TexDim::D3 { 3 } else { 2 })
            }
            BuiltinFn::TextureLevels | BuiltinFn::TextureLayers | BuiltinFn::TextureSamples => int,
            BuiltinFn::TexelFetch => {
                params.push((icoord_ty, "the texel coordinates"));
                if shape.arrayed {
                    params.push((int, "the layer"));
                }
                params.push((
                    int,
                    if shape.multisampled {
                        "the sample index"
                    } else {
                        "the level"
                    },
                ));
                self.texel_ty(shape)
            }
            _ => {
                params.push((coord_ty, "the coordinates"));
                if shape.arrayed {
                    params.push((int, "the layer"));
                }
                match fun {
                    BuiltinFn::SampleBias => params.push((float, "the bias")),
                    BuiltinFn::SampleLevel => params.push((float, "the level of detail")),
                    BuiltinFn::SampleGrad => {
                        params.push((coord_ty, "the x gradient"));
                        params.push((coord_ty, "the y gradient"));
                    }
                    BuiltinFn::SampleCompare
                    | BuiltinFn::SampleCompareLevel
                    | BuiltinFn::TextureGatherCompare => {
                        params.push((float, "the depth reference"))
                    }
                    _ => {}
                }
                if gather {
                    // The four texels' values: a 4-vector of the texel's scalar (the depth
                    // or the comparison results for depth textures).
                    let scalar = if shape.depth {
                        ScalarTy::Float
                    } else {
                        shape.sampled
                    };
                    self.vec_ty(scalar, 4)
                } else if shape.depth {
                    float
                } else {
                    self.texel_ty(shape)
                }
            }
        };
        let optional = usize::from(takes_offset) + usize::from(takes_component);
        if rest.len() < params.len() || rest.len() > params.len() + optional {
            let before = out.len();
            let mut list: Vec<&str> = params.iter().map(|(_, n)| *n).collect();
            if takes_component {
                list.push("[the component]");
            }
            if takes_offset {
                list.push("[a constant texel offset]");
            }
            let sampler = if before > 1 { " and sampler" } else { "" };
            let expected = if list.is_empty() {
                format!("no argument after the texture{sampler}")
            } else if optional > 0 {
                format!(
                    "{} to {} arguments after the texture{sampler}: {}",
                    params.len(),
                    params.len() + optional,
                    list.join(", ")
                )
            } else {
                format!(
                    "{} argument{} after the texture{sampler}: {}",
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    list.join(", ")
                )
            };
            // One argument short on an array texture: most likely GLSL's habit of packing the
            // layer into the coordinates (`texture(arr, vec3(uv, layer))`).
            let layer_packed = shape.arrayed && rest.len() + 1 == params.len();
            let help = if !layer_packed {
                None
            } else if fun == BuiltinFn::TexelFetch {
                Some(
                    "the layer of an array texture is an argument of its own after the \
                     coordinates; GLSL packs it into an `ivec3` coordinate `c`: write \
                     `c.xy, c.z`",
                )
            } else {
                Some(
                    "the layer of an array texture is an `int` argument of its own after the \
                     coordinates; GLSL packs it into the coordinates `c` as a float, which \
                     Vulkan rounds to the nearest layer: write `c.xy, int(round(c.z))`",
                )
            };
            self.arity_with_help(name, &expected, rest.len(), span, help);
            return fail(self);
        }
        let (required, extra) = rest.split_at(params.len());
        for (a, (ty, what)) in required.iter().zip(params) {
            let v = if is_sampling {
                self.expr(*a, Some(ty))
            } else {
                // GLSL's habit of passing the sampler to every texture function
                // (`texture_size(tex, s)`): said as such, not as a value of the wrong type.
                let v = self.expr_mode(*a, Some(ty), Mode::Ref);
                if let Val::Expr(e) = v {
                    if matches!(self.ty(self.expr_ty(e)), Ty::Sampler { .. }) {
                        self.sampler_not_taken(fun, name, self.expr_span(e));
                        return fail(self);
                    }
                }
                self.value_check(v)
            };
            out.push(self.coerce(v, ty, what));
        }
        if optional > 0 && !self.texture_extras(name, shape, takes_component, extra, span, &mut out)
        {
            return fail(self);
        }
        match fun {
            BuiltinFn::Sample | BuiltinFn::SampleBias | BuiltinFn::SampleCompare => {
                self.add_use(Use::ImplicitLod(name), span)
            }
            _ => {}
        }
        let args = self.exprs.push_list(out);
        let expr = self.mk(ExprKind::Builtin { fun, args }, result, span);
        CallResult { expr, void: false }
    }

    /// A sampler passed to a texture builtin that reads no samples (`texture_size(tex, s)`).
    fn sampler_not_taken(&mut self, fun: BuiltinFn, name: &str, span: Span) {
        let takes = match fun {
            BuiltinFn::TextureSize => {
                "only the texture and an optional level: `texture_size(tex)` or `texture_size(tex, level)`"
            }
            BuiltinFn::TexelFetch => {
                "the texture, the texel coordinates, then the layer of an array texture and the level or sample index"
            }
            _ => "only the texture",
        };
        self.emit(
            Diagnostic::error(codes::E0522, span, format!("`{name}` takes no sampler"))
                .with_primary_label("a sampler")
                .with_note("only sampling and gathering read through a sampler")
                .with_help(format!("`{name}` takes {takes}")),
        );
    }

    // -----------------------------------------------------------------------------------------
    // Storage images

    fn image(
        &mut self,
        fun: BuiltinFn,
        name: &'static str,
        args: &[ast::ExprId],
        span: Span,
    ) -> CallResult {
        let store = fun == BuiltinFn::ImageStore;
        let fail = |c: &mut Self| CallResult {
            expr: c.err_expr(span),
            void: store,
        };
        let Some((&img_id, rest)) = args.split_first() else {
            self.arity(name, "a storage image first", 0, span);
            return fail(self);
        };
        let img = self.expr_mode(img_id, None, Mode::Ref);
        let ispan = self.val_span(img);
        let Val::Expr(img_e) = img else {
            self.emit(
                Diagnostic::error(
                    codes::E0522,
                    ispan,
                    format!(
                        "the first argument of `{name}` must be a storage image, found a number"
                    ),
                )
                .with_primary_label("expected a storage image"),
            );
            return fail(self);
        };
        let ity = self.expr_ty(img_e);
        if self.is_error(ity) {
            for a in rest {
                self.expr(*a, None);
            }
            return fail(self);
        }
        let Ty::StorageImage(shape) = self.ty(ity) else {
            let tn = self.tn(ity);
            let mut d = Diagnostic::error(
                codes::E0522,
                ispan,
                format!("the first argument of `{name}` must be a storage image, found `{tn}`"),
            )
            .with_primary_label("expected a storage image global");
            if matches!(self.ty(ity), Ty::Texture(_) | Ty::CombinedSampler(_)) {
                d = d.with_note(
                    "sampled textures are read with `texel_fetch` and sized with `texture_size`; \
                     storage images are `image2D`, `uimage2D`, ... globals with a `@format`",
                );
            }
            self.emit(d);
            return fail(self);
        };
        if fun == BuiltinFn::ImageLayers && !shape.arrayed {
            let tn = self.tn(ity);
            self.emit(
                Diagnostic::error(
                    codes::E0522,
                    ispan,
                    "`image_layers` needs an array image".to_string(),
                )
                .with_primary_label(format!("this is `{tn}`"))
                .with_note("only `image2DArray`, `iimage2DArray` and `uimage2DArray` have layers"),
            );
            return fail(self);
        }
        let int = self.t.int;
        let n = if shape.dim == TexDim::D3 { 3 } else { 2 };
        let coord_ty = self.vec_ty(ScalarTy::Int, n);
        let texel_ty = self.vec_ty(shape.texel, 4);
        let mut params: Vec<(TyId, &'static str)> = Vec::new();
        let result = match fun {
            BuiltinFn::ImageLoad | BuiltinFn::ImageStore => {
                params.push((coord_ty, "the texel coordinates"));
                if shape.arrayed {
                    params.push((int, "the layer"));
                }
                if store {
                    params.push((texel_ty, "the texel value"));
                    self.t.error
                } else {
                    texel_ty
                }
            }
            BuiltinFn::ImageLayers => int,
            _ => coord_ty,
        };
        if rest.len() != params.len() {
            let list: Vec<&str> = params.iter().map(|(_, n)| *n).collect();
            let expected = format!(
                "{} argument{} after the image{}",
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                if list.is_empty() {
                    String::new()
                } else {
                    format!(": {}", list.join(", "))
                }
            );
            self.arity(name, &expected, rest.len(), span);
            return fail(self);
        }
        let mut out = vec![img_e];
        for (a, (ty, what)) in rest.iter().zip(params) {
            let v = self.expr(*a, Some(ty));
            out.push(self.coerce(v, ty, what));
        }
        let global = match self.place_root(img_e) {
            Some(crate::stmt::Root::Global(g)) => Some(g),
            _ => None,
        };
        if let Some(g) = global {
            let explicit = self
                .globals
                .get(g.index())
                .and_then(|i| i.explicit_image_access);
            let gname = self
                .prog
                .globals
                .get(g)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            match fun {
                BuiltinFn::ImageStore => {
                    if let Some(f) = self.fcx.as_mut() {
                        f.facts.writes.push((g, ispan));
                    }
                    self.add_use(Use::ImageStore(name), span);
                    if let Some((luma_thir::ImageAccess::Read, attr_span)) = explicit {
                        self.emit(
                            Diagnostic::error(
                                codes::E0602,
                                ispan,
                                format!("`{name}` writes `{gname}`, which is declared `@access(read)`"),
                            )
                            .with_primary_label("a write")
                            .with_label(attr_span, "declared read-only here")
                            .with_help("remove `@access(read)` (access is inferred from use) or write `@access(read_write)`"),
                        );
                    }
                }
                BuiltinFn::ImageLoad => {
                    if let Some(f) = self.fcx.as_mut() {
                        f.facts.image_reads.push((g, ispan));
                    }
                    if let Some((luma_thir::ImageAccess::Write, attr_span)) = explicit {
                        self.emit(
                            Diagnostic::error(
                                codes::E0632,
                                ispan,
                                format!("`{name}` reads `{gname}`, which is declared `@access(write)`"),
                            )
                            .with_primary_label("a read")
                            .with_label(attr_span, "declared write-only here")
                            .with_help("remove `@access(write)` (access is inferred from use) or write `@access(read_write)`"),
                        );
                    }
                }
                _ => {}
            }
        }
        let args = self.exprs.push_list(out);
        let expr = self.mk(ExprKind::Builtin { fun, args }, result, span);
        CallResult { expr, void: store }
    }

    /// The optional trailing arguments of a sampling or gather builtin, appended to `out`:
    /// `texture_gather`'s component (always: 0 when the source leaves it out, so lowering
    /// finds it in place) and then the texel offset if given. With one argument left,
    /// `texture_gather` takes a vector as the offset and anything else as the component.
    /// `false` after an error.
    fn texture_extras(
        &mut self,
        name: &str,
        shape: TextureShape,
        takes_component: bool,
        extra: &[ast::ExprId],
        span: Span,
        out: &mut Vec<ExprId>,
    ) -> bool {
        let int = self.t.int;
        let (component, offset) = match (takes_component, extra) {
            (true, [c, o]) => (Some(self.expr(*c, Some(int))), Some(self.expr(*o, None))),
            (true, [a]) => {
                let v = self.expr(*a, None);
                let vector = self
                    .val_ty(v)
                    .is_some_and(|t| matches!(self.ty(t), Ty::Vector { .. }));
                if vector {
                    (None, Some(v))
                } else {
                    (Some(v), None)
                }
            }
            (false, [o]) => (None, Some(self.expr(*o, None))),
            // No optional argument (the caller checked the count).
            _ => (None, None),
        };
        let mut ok = true;
        if takes_component {
            let e = match component {
                Some(v) => {
                    let e = self.coerce(v, int, "the gather component");
                    ok &= self.gather_component(name, shape, e);
                    e
                }
                None => self.mk_const(ConstValue::Int(0), int, span),
            };
            out.push(e);
        }
        if let Some(v) = offset {
            match self.texel_offset(name, shape, v) {
                Some(e) => out.push(e),
                None => ok = false,
            }
        }
        ok
    }

    /// Checks a gather component: a constant 0 to 3 (0 for depth textures, which have one).
    fn gather_component(&mut self, name: &str, shape: TextureShape, e: ExprId) -> bool {
        if self.is_error(self.expr_ty(e)) {
            return false;
        }
        let espan = self.expr_span(e);
        let n = match self.const_of(e).as_deref() {
            Some(ConstValue::Int(n)) => *n,
            _ => {
                self.emit(
                    Diagnostic::error(
                        codes::E0701,
                        espan,
                        format!("the component of `{name}` must be a constant"),
                    )
                    .with_primary_label("not a constant expression")
                    .with_help("write 0, 1, 2 or 3 (for x, y, z, w) as a literal or a `const`: every target selects the component at compile time"),
                );
                return false;
            }
        };
        let max = if shape.depth { 0 } else { 3 };
        if (0..=max).contains(&n) {
            return true;
        }
        let d = Diagnostic::error(
            codes::E0522,
            espan,
            format!("gather component {n} is out of range"),
        );
        self.emit(if shape.depth {
            d.with_primary_label("a depth texture has one component")
                .with_help("gather a depth texture's component 0 (leave the component out)")
        } else {
            d.with_primary_label("expected 0, 1, 2 or 3")
                .with_help("the component is 0 (x), 1 (y), 2 (z) or 3 (w)")
        });
        false
    }

    /// Checks a texel offset: an `ivec2` (2D) or `ivec3` (3D) constant with components in
    /// `[-8, 7]`, the range every target guarantees; cube textures take none.
    fn texel_offset(&mut self, name: &str, shape: TextureShape, v: Val) -> Option<ExprId> {
        if self.val_is_error(v) {
            return None;
        }
        let vspan = self.val_span(v);
        if shape.dim == TexDim::Cube {
            self.emit(
                Diagnostic::error(
                    codes::E0522,
                    vspan,
                    format!("`{name}` of a cube texture takes no texel offset"),
                )
                .with_primary_label("cube textures have no texel offsets")
                .with_help("remove the offset: a cube map is looked up by direction, so turn the direction instead"),
            );
            return None;
        }
        let n = if shape.dim == TexDim::D3 { 3 } else { 2 };
        let ty = self.vec_ty(ScalarTy::Int, n);
        let e = self.coerce(v, ty, "the texel offset");
        if self.is_error(self.expr_ty(e)) {
            return None;
        }
        let bad = match self.const_of(e).as_deref() {
            Some(ConstValue::Composite(parts)) => {
                parts.iter().enumerate().find_map(|(i, p)| match p {
                    ConstValue::Int(x) if (-8..=7).contains(x) => None,
                    ConstValue::Int(x) => Some(Some((i, *x))),
                    _ => Some(None),
                })
            }
            _ => Some(None),
        };
        match bad {
            None => Some(e),
            Some(Some((i, x))) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0522,
                        vspan,
                        format!("texel offset component {x} is out of range"),
                    )
                    .with_primary_label(format!("component {i} is {x}, outside -8 to 7"))
                    .with_help("every target guarantees offsets from -8 to 7: to move further, add to the coordinate instead"),
                );
                None
            }
            Some(None) => {
                self.emit(
                    Diagnostic::error(
                        codes::E0701,
                        vspan,
                        format!("the texel offset of `{name}` must be a constant"),
                    )
                    .with_primary_label("not a constant expression")
                    .with_help("write the offset with literals or `const`s, like `ivec2(1, -1)`; to move by a run-time amount, add it to the coordinate instead"),
                );
                None
            }
        }
    }

    fn texel_ty(&mut self, shape: TextureShape) -> TyId {
        if shape.depth {
            return self.t.float;
        }
        self.vec_ty(shape.sampled, 4)
    }
}
