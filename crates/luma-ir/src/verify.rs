//! The IR verifier: checks every invariant that back ends and passes rely on, once, so that
//! later code may index arenas with the module's handles.
//!
//! [`verify`] returns the first violation, in a fixed order (types, constants, globals,
//! functions in arena order, entry points, then rules that span functions), naming the
//! function, block, value or statement and the rule. The rules:
//!
//! **Handles.** Every handle in every arena is in range. Types refer only to earlier types and
//! constants only to earlier constants (so neither can form a cycle).
//!
//! **Types.** Scalars are `bool` (width 1), `i32`, `u32`, `f16` or `f32`; matrices are of
//! floats; atomics are of `i32` or `u32`; only structs have names; structs have at least one
//! member and distinct member names; fixed arrays have at least one element; array elements and
//! struct members are never pointers, never runtime-sized (except a runtime-sized array as the
//! last member of a struct), and structs that end in a runtime-sized array are never nested;
//! pointers never point to pointers; textures of integers are not `bool`; multisampled textures
//! are 2D.
//!
//! **Constants.** A scalar constant's literal has its type's scalar; a composite lists one
//! earlier, non-specialization constant per component (vectors), column (matrices), element
//! (fixed arrays) or member (structs), each of the part's type; `Zero` needs a constructible
//! type. Specialization constants are scalars with a literal and distinct ids.
//!
//! **Globals.** Spaces are `Uniform`, `Storage`, `PushConstant`, `Workgroup`, `Private` or
//! `Handle`. `Uniform`, `Storage` and `Handle` globals have a binding, the others none; no two
//! globals share a binding. `Handle` globals are textures, samplers or arrays of them; no other
//! global is. `Uniform`, `Storage` and `PushConstant` types are host-shareable with a std140 /
//! std430 layout; only `Storage` types contain runtime-sized arrays (as the whole type or the
//! last member of the global's struct) and only `Storage` and `Workgroup` types contain
//! atomics; `Private` and `Workgroup` types are otherwise constructible. Only `Private` globals
//! have an initializer, of their type. A combined-sampler half is a `Handle` global (the
//! texture an image, the sampler a sampler), and each combined id has exactly one texture and
//! one sampler with the same name, the sampler bound right after the texture in the same group.
//!
//! **Functions.** A function calls only earlier functions (so there is no recursion). Ordinary
//! functions have at most one result and no I/O bindings; no function has pointer parameters
//! or results. The first values are the parameters (`Param(i)` with the parameter's type) and no
//! other value is a `Param`. A value's name is an entry of its function's name table.
//! `Constant`, `GlobalPointer` and `LocalPointer` values have the constant's type and
//! `ptr<space, T>` of their variable. Locals have constructible types and initializers of their
//! type. Values of pointer type are only variable pointers and access chains (never if/loop
//! results, carried values, selects or call results).
//!
//! **Placement and structure.** Every block except the body belongs to exactly one `If` or
//! `Loop`; the body to none. Each `Op` value is placed by exactly one `StmtKind::Value`, and
//! only `Op` values are placed; each `IfResult` / `LoopCarried` / `LoopResult` value is listed by
//! exactly one statement of its kind. Every block is non-empty and ends in its only terminator.
//! `Yield` ends an arm of the innermost `If` (not inside a loop body of that arm) with one value
//! per result, of the result's type; `Continue` and `Break` are inside a loop (the innermost
//! one is their target) with one value per carried value / result; `Return` has one value per
//! function result. An `If` neither of whose arms ends in `Yield` is followed by `Unreachable`.
//! Conditions are `bool`; carried values start from a value of their type.
//!
//! **Dominance.** A value is used only where it is defined: parameters, constants and variable
//! pointers everywhere; a placed value after its statement, in its block and the blocks nested
//! there; `If` and `Loop` results after their statement; carried values inside their loop body.
//!
//! **Operations** have the operand and result types that `ir.rs` documents for each op:
//! componentwise operators on scalars and vectors of matching types, products of float vectors
//! and matrices of matching shapes, composite parts within range, and so on. `Select` selects
//! scalars and vectors. Texture operations match the texture's class, dimension and arraying.
//!
//! **Memory.** `Load` reads a constructible value through a pointer; `Store` writes one of the
//! pointee's type, only to writable memory (not `Uniform`, `Storage(read)`, `PushConstant`,
//! `Handle` or `Input`). Atomics are reached only by atomic operations, on `Atomic` pointees in
//! `Storage` or `Workgroup` memory (writes not in `Storage(read)`). `AccessChain` starts from a
//! pointer, indexes structs with constant in-range integers and arrays, vectors and matrices with
//! integer scalars; only `Handle`-space chains may be marked `nonuniform`. `ArrayLength` takes
//! a storage global that is a runtime-sized array, or a one-index chain to the runtime-sized
//! last member of such a global's struct.
//!
//! **Entry points** name distinct functions and have distinct names. Every parameter and
//! result of an entry function has a binding: builtins with their fixed type, direction and
//! stage, locations with numeric scalar or vector types, no location or builtin used twice per
//! direction, integer varyings (vertex outputs, fragment inputs) `Flat`. Compute entry points
//! have no results and a non-zero workgroup size; other stages a zero one. Vertex entry points
//! output `position`. Only fragment entry points have `early_depth_test`.
//!
//! **Across functions.** `Discard`, derivatives and implicit-level sampling (`Auto`, `Bias`)
//! are reachable only from fragment entry points; barriers and `Workgroup` globals only from
//! compute entry points; each entry point reaches at most one `PushConstant` global.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use luma_base::Handle;

use crate::ir::{
    AddressSpace, ArraySize, Block, BuiltIn, CombinedRole, Constant, ConstantValue, Function,
    GlobalVariable, ImageClass, ImageDimension, ImageQuery, ImageSample, Interpolation, IoBinding,
    Literal, Loop, LoopVar, MathFunction, Module, Op, ProductKind, RelationalFunction, SampleLevel,
    Scalar, ScalarKind, ShaderStage, Stmt, StmtKind, StorageAccess, Type, TypeInner, UnaryOp,
    Value, ValueDef, VectorSize,
};
use crate::ir::{BinaryOp, EntryPoint, ResourceBinding};
use crate::layout::{rule_for_space, LayoutRule, Layouter};
use crate::print::{describe_stmt, describe_type};
use crate::proc::{contains_atomic, contains_runtime_array, is_constructible, is_handle_type};

/// Where a verification error was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The module as a whole.
    Module,
    /// A type.
    Type(Handle<Type>),
    /// A module constant.
    Constant(Handle<Constant>),
    /// A global variable.
    Global(Handle<GlobalVariable>),
    /// Inside a function.
    Function {
        /// The function.
        function: Handle<Function>,
        /// Its name.
        name: String,
        /// The block of the offending statement, if the error is about a statement.
        block: Option<Handle<Block>>,
        /// The offending value, if any.
        value: Option<Handle<Value>>,
        /// The offending statement, as the printer writes it.
        stmt: Option<String>,
    },
    /// An entry point (index into [`Module::entry_points`]).
    EntryPoint {
        /// Position in the entry point list.
        index: usize,
        /// The entry point's name.
        name: String,
    },
}

/// A broken invariant: where, and which rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError {
    /// Where it was found.
    pub place: Place,
    /// The rule, in words.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.place {
            Place::Module => {}
            Place::Type(h) => write!(f, "type t{}: ", h.raw())?,
            Place::Constant(h) => write!(f, "constant c{}: ", h.raw())?,
            Place::Global(h) => write!(f, "global g{}: ", h.raw())?,
            Place::Function {
                function,
                name,
                block,
                value,
                stmt,
            } => {
                write!(f, "fn{} {name:?}", function.raw())?;
                if let Some(b) = block {
                    write!(f, ", block b{}", b.raw())?;
                }
                if let Some(v) = value {
                    write!(f, ", value %{}", v.raw())?;
                }
                if let Some(s) = stmt {
                    write!(f, ", at `{s}`")?;
                }
                f.write_str(": ")?;
            }
            Place::EntryPoint { index, name } => write!(f, "entry point {index} {name:?}: ")?,
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

/// Checks every rule of the module docs; the first violation is the error.
pub fn verify(module: &Module) -> Result<(), VerifyError> {
    let mut v = Verifier {
        m: module,
        facts: Vec::with_capacity(module.functions.len()),
        type_facts: Vec::new(),
        entry_functions: crate::proc::entry_point_by_function(module)
            .iter()
            .map(Option::is_some)
            .collect(),
    };
    v.types()?;
    // Asked of value and pointee types over and over below: answer each type once.
    v.type_facts = module
        .types
        .iter()
        .map(|(h, _)| TypeFacts::of(&module.types, h))
        .collect();
    v.constants()?;
    v.globals()?;
    for (h, f) in module.functions.iter() {
        let facts = FnVerifier::new(&v, h, f).run()?;
        v.facts.push(facts);
    }
    v.entry_points()?;
    v.reachability()
}

/// What a function does that only some stages allow, including through its callees.
#[derive(Debug, Clone, Default)]
struct Facts {
    discard: bool,
    derivatives: bool,
    barrier: bool,
    workgroup: BTreeSet<Handle<GlobalVariable>>,
    push_constants: BTreeSet<Handle<GlobalVariable>>,
    calls: BTreeSet<Handle<Function>>,
}

struct Verifier<'a> {
    m: &'a Module,
    facts: Vec<Facts>,
    /// The [`TypeFacts`] of each type, by type index (filled once the types are checked).
    type_facts: Vec<TypeFacts>,
    /// Per function, by index: whether it is an entry point's.
    entry_functions: Vec<bool>,
}

/// What the `proc` queries say about one type (kept per type so that each value's check does
/// not walk its type again).
#[derive(Debug, Clone, Copy)]
struct TypeFacts {
    runtime_array: bool,
    atomic: bool,
    constructible: bool,
    handle: bool,
}

impl TypeFacts {
    fn of(types: &luma_base::UniqueArena<Type>, ty: Handle<Type>) -> Self {
        TypeFacts {
            runtime_array: contains_runtime_array(types, ty),
            atomic: contains_atomic(types, ty),
            constructible: is_constructible(types, ty),
            handle: is_handle_type(types, ty),
        }
    }
}

type R<T> = Result<T, String>;

impl<'a> Verifier<'a> {
    fn inner(&self, ty: Handle<Type>) -> R<&'a TypeInner> {
        self.m
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| format!("type handle t{} is out of range", ty.raw()))
    }

    /// The [`TypeFacts`] of `ty` (computed here for a type out of range).
    fn type_facts(&self, ty: Handle<Type>) -> TypeFacts {
        match self.type_facts.get(ty.index()) {
            Some(facts) => *facts,
            None => TypeFacts::of(&self.m.types, ty),
        }
    }

    fn tyname(&self, ty: Handle<Type>) -> String {
        format!("`{}`", describe_type(self.m, ty))
    }

    fn valid_scalar(s: Scalar) -> bool {
        matches!(
            (s.kind, s.width),
            (ScalarKind::Bool, 1)
                | (ScalarKind::Sint, 4)
                | (ScalarKind::Uint, 4)
                | (ScalarKind::Float, 4)
                | (ScalarKind::Float, 2)
        )
    }

    fn types(&self) -> Result<(), VerifyError> {
        for (h, ty) in self.m.types.iter() {
            self.check_type(h, ty).map_err(|message| VerifyError {
                place: Place::Type(h),
                message,
            })?;
        }
        Ok(())
    }

    fn check_type(&self, h: Handle<Type>, ty: &Type) -> R<()> {
        let earlier = |other: Handle<Type>| -> R<&TypeInner> {
            if other.index() >= h.index() {
                return Err(format!(
                    "refers to type t{}, which is not an earlier type",
                    other.raw()
                ));
            }
            self.inner(other)
        };
        if ty.name.is_some() && !matches!(ty.inner, TypeInner::Struct { .. }) {
            return Err("only structs have names".into());
        }
        match &ty.inner {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => {
                if !Self::valid_scalar(*s) {
                    return Err(format!("invalid scalar {s:?}"));
                }
            }
            TypeInner::Matrix { scalar, .. } => {
                if scalar.kind != ScalarKind::Float || !Self::valid_scalar(*scalar) {
                    return Err("matrices hold f32 or f16".into());
                }
            }
            TypeInner::Atomic(s) => {
                if *s != Scalar::I32 && *s != Scalar::U32 {
                    return Err("atomics hold i32 or u32".into());
                }
            }
            TypeInner::Array { base, size } => {
                let base_inner = earlier(*base)?;
                if *size == ArraySize::Constant(0) {
                    return Err("fixed-size arrays have at least one element".into());
                }
                self.check_element(*base, base_inner, "an array element")?;
            }
            TypeInner::Struct { members } => {
                if members.is_empty() {
                    return Err("structs have at least one member".into());
                }
                let mut names = BTreeSet::new();
                for (i, member) in members.iter().enumerate() {
                    if !names.insert(member.name.as_str()) {
                        return Err(format!("member name `{}` is used twice", member.name));
                    }
                    let inner = earlier(member.ty)?;
                    let last = i + 1 == members.len();
                    if last
                        && matches!(
                            inner,
                            TypeInner::Array {
                                size: ArraySize::Runtime,
                                ..
                            }
                        )
                    {
                        let TypeInner::Array { base, .. } = inner else {
                            continue;
                        };
                        self.check_element(*base, self.inner(*base)?, "an array element")?;
                        continue;
                    }
                    self.check_element(member.ty, inner, "a struct member")?;
                    if matches!(inner, TypeInner::Image { .. } | TypeInner::Sampler { .. }) {
                        return Err("struct members are never textures or samplers".into());
                    }
                }
            }
            TypeInner::Pointer { base, .. } => {
                if matches!(earlier(*base)?, TypeInner::Pointer { .. }) {
                    return Err("pointers never point to pointers".into());
                }
            }
            TypeInner::Image {
                dim,
                class,
                arrayed,
            } => match class {
                ImageClass::Sampled { kind, multisampled } => {
                    if *kind == ScalarKind::Bool {
                        return Err("textures hold floats or integers".into());
                    }
                    if *multisampled && *dim != ImageDimension::D2 {
                        return Err("multisampled textures are 2D".into());
                    }
                }
                ImageClass::Depth { multisampled } => {
                    if *multisampled && *dim != ImageDimension::D2 {
                        return Err("multisampled textures are 2D".into());
                    }
                    if *dim == ImageDimension::D3 {
                        return Err("depth textures are 2D or cube".into());
                    }
                }
                ImageClass::Storage { .. } => {
                    if *dim == ImageDimension::Cube {
                        return Err("storage images are 2D or 3D".into());
                    }
                    if *dim == ImageDimension::D3 && *arrayed {
                        return Err("3D storage images are not arrayed".into());
                    }
                }
            },
            TypeInner::Sampler { .. } => {}
        }
        Ok(())
    }

    /// An array element or struct member: sized, not a pointer.
    fn check_element(&self, ty: Handle<Type>, inner: &TypeInner, what: &str) -> R<()> {
        if matches!(inner, TypeInner::Pointer { .. }) {
            return Err(format!("{what} is never a pointer"));
        }
        if contains_runtime_array(&self.m.types, ty) {
            return Err(format!(
                "{what} never is or contains a runtime-sized array (only a storage global's \
                 type or its struct's last member is runtime-sized)"
            ));
        }
        Ok(())
    }

    fn constants(&self) -> Result<(), VerifyError> {
        let mut spec_ids: BTreeMap<u32, Handle<Constant>> = BTreeMap::new();
        for (h, c) in self.m.constants.iter() {
            let err = |message: String| VerifyError {
                place: Place::Constant(h),
                message,
            };
            self.check_constant(h, c).map_err(err)?;
            if let Some(id) = c.spec_id {
                if let Some(other) = spec_ids.insert(id, h) {
                    return Err(err(format!(
                        "specialization id {id} is also used by c{}",
                        other.raw()
                    )));
                }
            }
        }
        Ok(())
    }

    fn check_constant(&self, h: Handle<Constant>, c: &Constant) -> R<()> {
        let inner = self.inner(c.ty)?;
        if !self.type_facts(c.ty).constructible {
            return Err(format!("{} is not a constructible type", self.tyname(c.ty)));
        }
        if c.spec_id.is_some() && !matches!(c.value, ConstantValue::Scalar(_)) {
            return Err("specialization constants are scalars with a literal".into());
        }
        match &c.value {
            ConstantValue::Scalar(lit) => {
                if *inner != TypeInner::Scalar(lit.scalar()) {
                    let mut text = String::new();
                    crate::print::write_literal(&mut text, *lit);
                    return Err(format!(
                        "the literal `{text}` does not have type {}",
                        self.tyname(c.ty)
                    ));
                }
            }
            ConstantValue::Zero => {}
            ConstantValue::Composite(parts) => {
                let expected: Vec<PartType> = self.part_types(c.ty)?;
                if parts.len() != expected.len() {
                    return Err(format!(
                        "{} has {} parts, not {}",
                        self.tyname(c.ty),
                        expected.len(),
                        parts.len()
                    ));
                }
                for (part, want) in parts.iter().zip(expected) {
                    if part.index() >= h.index() {
                        return Err(format!("part c{} is not an earlier constant", part.raw()));
                    }
                    let Some(pc) = self.m.constants.get(*part) else {
                        return Err(format!("part c{} is out of range", part.raw()));
                    };
                    if pc.spec_id.is_some() {
                        return Err(format!("part c{} is a specialization constant", part.raw()));
                    }
                    if !want.matches(self, pc.ty)? {
                        return Err(format!(
                            "part c{} has type {}, not {}",
                            part.raw(),
                            self.tyname(pc.ty),
                            want.describe(self)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The number of parts of a composite type and the type of part `index`, if in range: one
    /// entry of [`Self::part_types`] without building the list.
    fn part_type(&self, ty: Handle<Type>, index: u32) -> R<(usize, Option<PartType>)> {
        let i = index as usize;
        Ok(match self.inner(ty)? {
            TypeInner::Vector { size, scalar } => {
                let count = size.count() as usize;
                let part = PartType::Inner(TypeInner::Scalar(*scalar));
                (count, (i < count).then_some(part))
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let count = columns.count() as usize;
                let part = PartType::Inner(TypeInner::Vector {
                    size: *rows,
                    scalar: *scalar,
                });
                (count, (i < count).then_some(part))
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => {
                let count = *n as usize;
                (count, (i < count).then_some(PartType::Handle(*base)))
            }
            TypeInner::Struct { members } => (
                members.len(),
                members.get(i).map(|m| PartType::Handle(m.ty)),
            ),
            _ => return Err(format!("{} is not a composite type", self.tyname(ty))),
        })
    }

    /// The type of each part of a composite type, for `Compose` and composite constants.
    fn part_types(&self, ty: Handle<Type>) -> R<Vec<PartType>> {
        Ok(match self.inner(ty)? {
            TypeInner::Vector { size, scalar } => {
                vec![PartType::Inner(TypeInner::Scalar(*scalar)); size.count() as usize]
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => vec![
                PartType::Inner(TypeInner::Vector {
                    size: *rows,
                    scalar: *scalar,
                });
                columns.count() as usize
            ],
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => vec![PartType::Handle(*base); *n as usize],
            TypeInner::Struct { members } => {
                members.iter().map(|m| PartType::Handle(m.ty)).collect()
            }
            _ => return Err(format!("{} is not a composite type", self.tyname(ty))),
        })
    }

    fn globals(&self) -> Result<(), VerifyError> {
        let mut bindings: BTreeMap<ResourceBinding, Handle<GlobalVariable>> = BTreeMap::new();
        let mut combined: BTreeMap<u32, Vec<Handle<GlobalVariable>>> = BTreeMap::new();
        // One layouter per rule for every global: each lays out the arena up to the type asked.
        let mut layouters = [
            Layouter::new(&self.m.types, LayoutRule::Std140),
            Layouter::new(&self.m.types, LayoutRule::Std430),
        ];
        for (h, g) in self.m.globals.iter() {
            let err = |message: String| VerifyError {
                place: Place::Global(h),
                message,
            };
            self.check_global(g, &mut layouters).map_err(err)?;
            if let Some(b) = g.binding {
                if let Some(other) = bindings.insert(b, h) {
                    return Err(err(format!(
                        "group {} binding {} is also used by g{}",
                        b.group,
                        b.binding,
                        other.raw()
                    )));
                }
            }
            if let Some(c) = &g.combined {
                combined.entry(c.id).or_default().push(h);
            }
        }
        for (id, halves) in combined {
            let err = |h: Handle<GlobalVariable>, message: String| VerifyError {
                place: Place::Global(h),
                message,
            };
            let find = |role: CombinedRole| {
                halves.iter().copied().filter(move |h| {
                    self.m
                        .globals
                        .get(*h)
                        .and_then(|g| g.combined.as_ref())
                        .is_some_and(|c| c.role == role)
                })
            };
            let textures: Vec<_> = find(CombinedRole::Texture).collect();
            let samplers: Vec<_> = find(CombinedRole::Sampler).collect();
            let first = halves.first().copied().unwrap_or(Handle::from_index(0));
            let (&[tex], &[smp]) = (textures.as_slice(), samplers.as_slice()) else {
                return Err(err(
                    first,
                    format!("combined sampler {id} needs exactly one texture and one sampler"),
                ));
            };
            let (Some(t), Some(s)) = (self.m.globals.get(tex), self.m.globals.get(smp)) else {
                continue;
            };
            let same_name =
                t.combined.as_ref().map(|c| &c.name) == s.combined.as_ref().map(|c| &c.name);
            if !same_name {
                return Err(err(
                    smp,
                    format!("the halves of combined sampler {id} have different names"),
                ));
            }
            let next = t.binding.map(|b| ResourceBinding {
                group: b.group,
                binding: b.binding.wrapping_add(1),
            });
            if s.binding != next || t.binding.is_some_and(|b| b.binding == u32::MAX) {
                return Err(err(
                    smp,
                    format!(
                        "the sampler of combined sampler {id} is bound right after its texture \
                         (g{}), in the same group",
                        tex.raw()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Checks global `g`; `layouters` are the std140 and std430 ones.
    fn check_global(&self, g: &GlobalVariable, layouters: &mut [Layouter<'a>; 2]) -> R<()> {
        let ty = g.ty;
        let inner = self.inner(ty)?;
        let needs_binding = matches!(
            g.space,
            AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::Handle
        );
        match g.space {
            AddressSpace::Function | AddressSpace::Input | AddressSpace::Output => {
                return Err(format!(
                    "globals do not live in `{}` memory (locals are `LocalVariable`s and entry \
                     I/O are parameters and results)",
                    crate::print::space_name(g.space)
                ))
            }
            _ => {}
        }
        if needs_binding && g.binding.is_none() {
            return Err("resource globals have a group and binding".into());
        }
        if !needs_binding && g.binding.is_some() {
            return Err(format!(
                "`{}` globals have no binding",
                crate::print::space_name(g.space)
            ));
        }
        let handle_type = is_handle_type(&self.m.types, ty);
        if (g.space == AddressSpace::Handle) != handle_type {
            return Err(if handle_type {
                "textures and samplers live in `handle` memory".into()
            } else {
                format!(
                    "`handle` globals are textures, samplers or arrays of them, not {}",
                    self.tyname(ty)
                )
            });
        }
        let runtime = contains_runtime_array(&self.m.types, ty);
        let atomic = contains_atomic(&self.m.types, ty);
        match g.space {
            AddressSpace::Uniform | AddressSpace::PushConstant | AddressSpace::Storage { .. } => {
                if !crate::proc::is_host_shareable(&self.m.types, ty) {
                    return Err(format!(
                        "{} cannot live in host-visible memory",
                        self.tyname(ty)
                    ));
                }
                let storage = matches!(g.space, AddressSpace::Storage { .. });
                if runtime && !storage {
                    return Err("only storage buffers hold runtime-sized arrays".into());
                }
                if atomic && !storage {
                    return Err("only storage and workgroup memory hold atomics".into());
                }
                if let Some(rule) = rule_for_space(g.space) {
                    let [std140, std430] = layouters;
                    let layouter = if rule == LayoutRule::Std140 {
                        std140
                    } else {
                        std430
                    };
                    layouter.layout(ty).map_err(|e| e.to_string())?;
                }
            }
            AddressSpace::Workgroup | AddressSpace::Private => {
                if runtime {
                    return Err("only storage buffers hold runtime-sized arrays".into());
                }
                if atomic && g.space == AddressSpace::Private {
                    return Err("only storage and workgroup memory hold atomics".into());
                }
                if !atomic && !is_constructible(&self.m.types, ty) {
                    return Err(format!("{} is not a constructible type", self.tyname(ty)));
                }
            }
            _ => {}
        }
        if let Some(init) = g.init {
            if g.space != AddressSpace::Private {
                return Err("only private globals have an initializer".into());
            }
            let c = self
                .m
                .constants
                .get(init)
                .ok_or_else(|| format!("initializer c{} is out of range", init.raw()))?;
            if c.ty != ty {
                return Err(format!(
                    "initializer c{} has type {}, not {}",
                    init.raw(),
                    self.tyname(c.ty),
                    self.tyname(ty)
                ));
            }
        }
        if let Some(c) = &g.combined {
            // An array of combined samplers splits into an array of textures and an array of
            // samplers of the same length.
            let element = match inner {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(_),
                } => self.m.types.get(*base).map(|t| &t.inner),
                other => Some(other),
            };
            let ok = match c.role {
                CombinedRole::Texture => matches!(element, Some(TypeInner::Image { .. })),
                CombinedRole::Sampler => matches!(element, Some(TypeInner::Sampler { .. })),
            };
            if !ok {
                return Err(
                    "a combined sampler's texture half is a texture and its sampler half \
                            a sampler"
                        .into(),
                );
            }
        }
        Ok(())
    }

    fn entry_points(&self) -> Result<(), VerifyError> {
        let mut names = BTreeSet::new();
        let mut functions = BTreeSet::new();
        for (index, ep) in self.m.entry_points.iter().enumerate() {
            let err = |message: String| VerifyError {
                place: Place::EntryPoint {
                    index,
                    name: ep.name.clone(),
                },
                message,
            };
            if !names.insert(ep.name.as_str()) {
                return Err(err("another entry point has this name".into()));
            }
            let Some(f) = self.m.functions.get(ep.function) else {
                return Err(err(format!(
                    "function fn{} is out of range",
                    ep.function.raw()
                )));
            };
            if !functions.insert(ep.function) {
                return Err(err(format!(
                    "fn{} is already the function of another entry point",
                    ep.function.raw()
                )));
            }
            self.check_entry(ep.stage, ep.workgroup_size, ep.early_depth_test, f)
                .map_err(err)?;
            self.check_workgroup_spec(ep).map_err(err)?;
        }
        Ok(())
    }

    /// A workgroup dimension given by a specialization constant: a compute entry point's, by a
    /// scalar `i32` or `u32` specialization constant whose default is the size written.
    fn check_workgroup_spec(&self, ep: &EntryPoint) -> R<()> {
        for (n, spec) in ep.workgroup_size.iter().zip(&ep.workgroup_size_spec) {
            let Some(c) = spec else { continue };
            if ep.stage != ShaderStage::Compute {
                return Err("only compute entry points have a workgroup size".into());
            }
            let Some(constant) = self.m.constants.get(*c) else {
                return Err(format!(
                    "workgroup size constant c{} is out of range",
                    c.raw()
                ));
            };
            if constant.spec_id.is_none() {
                return Err(format!(
                    "workgroup size constant c{} is not a specialization constant",
                    c.raw()
                ));
            }
            let default = match constant.value {
                ConstantValue::Scalar(Literal::I32(v)) => u32::try_from(v).ok(),
                ConstantValue::Scalar(Literal::U32(v)) => Some(v),
                _ => {
                    return Err(format!(
                        "workgroup size constant c{} is not an `i32` or `u32` scalar",
                        c.raw()
                    ))
                }
            };
            if default != Some(*n) {
                return Err(format!(
                    "workgroup size {n} is not the default of its constant c{}",
                    c.raw()
                ));
            }
        }
        Ok(())
    }

    fn check_entry(
        &self,
        stage: ShaderStage,
        workgroup_size: [u32; 3],
        early_depth: bool,
        f: &Function,
    ) -> R<()> {
        if stage == ShaderStage::Compute {
            if !f.results.is_empty() {
                return Err("compute entry points have no results".into());
            }
            if workgroup_size.contains(&0) {
                return Err("compute entry points have a non-zero workgroup size".into());
            }
        } else if workgroup_size != [0, 0, 0] {
            return Err("only compute entry points have a workgroup size".into());
        }
        if early_depth && stage != ShaderStage::Fragment {
            return Err("only fragment entry points force early depth tests".into());
        }
        let mut seen = BTreeSet::new();
        for p in &f.params {
            self.check_io(stage, true, &p.name, p.ty, p.binding, &mut seen)?;
        }
        let mut seen = BTreeSet::new();
        for (i, r) in f.results.iter().enumerate() {
            let name = r.name.clone().unwrap_or_else(|| format!("result {i}"));
            self.check_io(stage, false, &name, r.ty, r.binding, &mut seen)?;
        }
        if stage == ShaderStage::Vertex
            && !f
                .results
                .iter()
                .any(|r| r.binding == Some(IoBinding::BuiltIn(BuiltIn::Position)))
        {
            return Err("vertex entry points output `position`".into());
        }
        Ok(())
    }

    fn check_io(
        &self,
        stage: ShaderStage,
        input: bool,
        name: &str,
        ty: Handle<Type>,
        binding: Option<IoBinding>,
        seen: &mut BTreeSet<String>,
    ) -> R<()> {
        let dir = if input { "input" } else { "output" };
        let Some(binding) = binding else {
            return Err(format!("{dir} `{name}` has no binding"));
        };
        let inner = self.inner(ty)?;
        match binding {
            IoBinding::BuiltIn(b) => {
                if !seen.insert(format!("builtin {}", b.as_str())) {
                    return Err(format!("builtin `{}` is bound twice", b.as_str()));
                }
                let (want, ok) = builtin_rule(b, stage, input);
                if !ok {
                    return Err(format!(
                        "builtin `{}` is not a {} {dir}",
                        b.as_str(),
                        stage.as_str()
                    ));
                }
                if *inner != want {
                    return Err(format!(
                        "builtin `{}` has type {}",
                        b.as_str(),
                        describe_inner(&want)
                    ));
                }
            }
            IoBinding::Location {
                location,
                interpolation,
            } => {
                if !seen.insert(format!("location {location}")) {
                    return Err(format!("location {location} is bound twice ({dir}s)"));
                }
                let Some((scalar, _)) = inner.scalar_or_vector() else {
                    return Err(format!(
                        "{dir} `{name}` at a location is a scalar or vector, not {}",
                        self.tyname(ty)
                    ));
                };
                if scalar.kind == ScalarKind::Bool {
                    return Err(format!("{dir} `{name}` at a location is not a bool"));
                }
                let varying = (stage == ShaderStage::Vertex && !input)
                    || (stage == ShaderStage::Fragment && input);
                if varying
                    && scalar.kind != ScalarKind::Float
                    && interpolation != Interpolation::Flat
                {
                    return Err(format!("integer varying `{name}` is `flat`"));
                }
            }
        }
        Ok(())
    }

    /// Stage rules that depend on what an entry point reaches through calls.
    fn reachability(&mut self) -> Result<(), VerifyError> {
        // Callees come first, so one pass in order folds every callee's facts into its callers.
        for i in 0..self.facts.len() {
            let calls: Vec<Handle<Function>> = self
                .facts
                .get(i)
                .map(|f| f.calls.iter().copied().collect())
                .unwrap_or_default();
            for callee in calls {
                let Some(cf) = self.facts.get(callee.index()).cloned() else {
                    continue;
                };
                if let Some(f) = self.facts.get_mut(i) {
                    f.discard |= cf.discard;
                    f.derivatives |= cf.derivatives;
                    f.barrier |= cf.barrier;
                    f.workgroup.extend(cf.workgroup);
                    f.push_constants.extend(cf.push_constants);
                }
            }
        }
        for (index, ep) in self.m.entry_points.iter().enumerate() {
            let err = |message: String| VerifyError {
                place: Place::EntryPoint {
                    index,
                    name: ep.name.clone(),
                },
                message,
            };
            let Some(facts) = self.facts.get(ep.function.index()) else {
                continue;
            };
            let stage = ep.stage.as_str();
            if ep.stage != ShaderStage::Fragment {
                if facts.discard {
                    return Err(err(format!("a {stage} entry point reaches `discard`")));
                }
                if facts.derivatives {
                    return Err(err(format!(
                        "a {stage} entry point reaches a derivative or implicit-level sampling"
                    )));
                }
            }
            if ep.stage != ShaderStage::Compute {
                if facts.barrier {
                    return Err(err(format!("a {stage} entry point reaches a barrier")));
                }
                if let Some(g) = facts.workgroup.first() {
                    return Err(err(format!(
                        "a {stage} entry point uses workgroup global g{}",
                        g.raw()
                    )));
                }
            }
            if facts.push_constants.len() > 1 {
                return Err(err("the entry point uses two push-constant globals".into()));
            }
        }
        Ok(())
    }
}

/// An expected part type: a handle (array elements, struct members) or a structure (vector
/// components, matrix columns, whose handles may not exist).
#[derive(Debug, Clone, PartialEq)]
enum PartType {
    Handle(Handle<Type>),
    Inner(TypeInner),
}

impl PartType {
    fn matches(&self, v: &Verifier<'_>, ty: Handle<Type>) -> R<bool> {
        Ok(match self {
            PartType::Handle(h) => *h == ty,
            PartType::Inner(inner) => v.inner(ty)? == inner,
        })
    }

    fn describe(&self, v: &Verifier<'_>) -> String {
        match self {
            PartType::Handle(h) => v.tyname(*h),
            PartType::Inner(inner) => describe_inner(inner),
        }
    }
}

fn describe_inner(inner: &TypeInner) -> String {
    // Only scalars and vectors are described without a module.
    let mut m = Module::default();
    let h = m.ensure_type(inner.clone());
    format!("`{}`", describe_type(&m, h))
}

/// A builtin's type and whether it may be an input (`input`) or output of `stage`.
fn builtin_rule(b: BuiltIn, stage: ShaderStage, input: bool) -> (TypeInner, bool) {
    use ShaderStage::{Compute, Fragment, Vertex};
    let u32_ = TypeInner::Scalar(Scalar::U32);
    let uvec3 = TypeInner::Vector {
        size: VectorSize::Tri,
        scalar: Scalar::U32,
    };
    let vec4 = TypeInner::Vector {
        size: VectorSize::Quad,
        scalar: Scalar::F32,
    };
    match b {
        BuiltIn::Position => (
            vec4,
            match stage {
                Vertex => !input,
                Fragment => input,
                Compute => false,
                // Geometry and tessellation stages pass positions both ways.
                _ => true,
            },
        ),
        BuiltIn::VertexIndex | BuiltIn::InstanceIndex => (u32_, stage == Vertex && input),
        BuiltIn::FrontFacing => (TypeInner::Scalar(Scalar::BOOL), stage == Fragment && input),
        BuiltIn::FragDepth => (TypeInner::Scalar(Scalar::F32), stage == Fragment && !input),
        BuiltIn::SampleIndex => (u32_, stage == Fragment && input),
        BuiltIn::SampleMask => (u32_, stage == Fragment),
        BuiltIn::LocalInvocationIndex => (u32_, stage == Compute && input),
        BuiltIn::LocalInvocationId
        | BuiltIn::GlobalInvocationId
        | BuiltIn::WorkgroupId
        | BuiltIn::NumWorkgroups => (uvec3, stage == Compute && input),
    }
}

// ---------------------------------------------------------------------------------------------
// Functions

/// What the block walk is inside of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    Body,
    /// An arm of the `If` statement at (block, index).
    IfArm(Handle<Block>, usize),
    /// The body of the `Loop` statement at (block, index).
    LoopBody(Handle<Block>, usize),
}

enum Frame<'a> {
    Block {
        block: Handle<Block>,
        index: usize,
        region: Region,
        scope_start: usize,
    },
    /// Makes values visible in the enclosing block (results after their `If` / `Loop`).
    Define(&'a [Handle<Value>]),
    /// Makes a loop's carried values visible (in its body).
    DefineCarried(&'a [LoopVar]),
}

/// The blocks a statement owns, to walk next, with the values each makes visible.
enum Nested<'a> {
    None,
    /// An `If`: its arms (in `region`), then its results become visible.
    If {
        accept: Handle<Block>,
        reject: Handle<Block>,
        region: Region,
        results: &'a [Handle<Value>],
    },
    /// A `Loop`: its body (in `region`, where the carried values are visible), then its
    /// results become visible.
    Loop {
        body: Handle<Block>,
        region: Region,
        carried: &'a [LoopVar],
        results: &'a [Handle<Value>],
    },
}

struct FnVerifier<'v, 'a> {
    v: &'v Verifier<'a>,
    handle: Handle<Function>,
    f: &'a Function,
    visible: Vec<bool>,
    scope: Vec<Handle<Value>>,
    placed: Vec<u32>,
    /// How many placements and listings `placed` counts (each value at most once, or the walk
    /// fails), so that when every value that needs one has one, no second sweep looks.
    placements: usize,
    block_owners: Vec<u32>,
    /// The loop that `Continue` / `Break` in each block walked so far target (see
    /// [`innermost_loop`]), set as the block is entered: climbing the blocks' regions for each
    /// exit was quadratic in an `elseif` chain (each arm one block deeper) whose arms `break`.
    loop_targets: Vec<Option<(Handle<Block>, usize)>>,
    facts: Facts,
}

/// An error while checking one statement.
struct StmtError {
    value: Option<Handle<Value>>,
    message: String,
}

impl From<String> for StmtError {
    fn from(message: String) -> Self {
        StmtError {
            value: None,
            message,
        }
    }
}

impl From<&str> for StmtError {
    fn from(message: &str) -> Self {
        StmtError {
            value: None,
            message: message.to_string(),
        }
    }
}

type SR<T> = Result<T, StmtError>;

fn at_value<T>(value: Handle<Value>, r: R<T>) -> SR<T> {
    r.map_err(|message| StmtError {
        value: Some(value),
        message,
    })
}

impl<'v, 'a> FnVerifier<'v, 'a> {
    fn new(v: &'v Verifier<'a>, handle: Handle<Function>, f: &'a Function) -> Self {
        FnVerifier {
            v,
            handle,
            f,
            visible: vec![false; f.values.len()],
            // At most every value is in scope at once; one allocation instead of regrowing.
            scope: Vec::with_capacity(f.values.len()),
            placed: vec![0; f.values.len()],
            placements: 0,
            block_owners: vec![0; f.blocks.len()],
            loop_targets: vec![None; f.blocks.len()],
            facts: Facts::default(),
        }
    }

    fn error(
        &self,
        block: Option<Handle<Block>>,
        value: Option<Handle<Value>>,
        stmt: Option<&Stmt>,
        message: String,
    ) -> VerifyError {
        VerifyError {
            place: Place::Function {
                function: self.handle,
                name: self.f.name.clone(),
                block,
                value,
                stmt: stmt.map(|s| describe_stmt(self.v.m, self.f, s)),
            },
            message,
        }
    }

    fn run(mut self) -> Result<Facts, VerifyError> {
        self.signature()
            .map_err(|m| self.error(None, None, None, m))?;
        let mut need_placement = 0usize;
        for (h, value) in self.f.values.iter() {
            self.check_value_def(h, value)
                .map_err(|m| self.error(None, Some(h), None, m))?;
            if matches!(
                value.def,
                ValueDef::Op(_) | ValueDef::IfResult | ValueDef::LoopCarried | ValueDef::LoopResult
            ) {
                need_placement += 1;
            }
            if let ValueDef::GlobalPointer(g) = value.def {
                match self.v.m.globals.get(g).map(|g| g.space) {
                    Some(AddressSpace::Workgroup) => {
                        self.facts.workgroup.insert(g);
                    }
                    Some(AddressSpace::PushConstant) => {
                        self.facts.push_constants.insert(g);
                    }
                    _ => {}
                }
            }
        }
        for (h, local) in self.f.locals.iter() {
            self.check_local(local)
                .map_err(|m| self.error(None, None, None, format!("local l{}: {m}", h.raw())))?;
        }
        self.walk()?;
        // The sweep finds the first value never placed; when the counts agree there is none.
        let sweep = if self.placements == need_placement {
            0
        } else {
            self.f.values.len()
        };
        for (h, value) in self.f.values.iter().take(sweep) {
            let count = self.placed.get(h.index()).copied().unwrap_or(0);
            let what = match value.def {
                ValueDef::Op(_) => "placed by a statement",
                ValueDef::IfResult => "listed as the result of an `if`",
                ValueDef::LoopCarried => "listed as a carried value of a `loop`",
                ValueDef::LoopResult => "listed as the result of a `loop`",
                _ => continue,
            };
            if count == 0 {
                return Err(self.error(None, Some(h), None, format!("is never {what}")));
            }
        }
        for (h, _) in self.f.blocks.iter() {
            let owners = self.block_owners.get(h.index()).copied().unwrap_or(0);
            if h != self.f.body && owners == 0 {
                return Err(self.error(
                    Some(h),
                    None,
                    None,
                    "is not part of the function body".into(),
                ));
            }
        }
        Ok(self.facts)
    }

    fn signature(&self) -> R<()> {
        let entry = self.v.entry_functions.get(self.handle.index()) == Some(&true);
        if !self.f.blocks.contains(self.f.body) {
            return Err(format!("body block b{} is out of range", self.f.body.raw()));
        }
        for p in &self.f.params {
            if matches!(self.v.inner(p.ty)?, TypeInner::Pointer { .. }) {
                return Err(format!("parameter `{}` is a pointer", p.name));
            }
            if !entry && p.binding.is_some() {
                return Err(format!(
                    "parameter `{}` has an I/O binding but the function is not an entry point",
                    p.name
                ));
            }
        }
        if !entry && self.f.results.len() > 1 {
            return Err("ordinary functions have at most one result".into());
        }
        for r in &self.f.results {
            if matches!(self.v.inner(r.ty)?, TypeInner::Pointer { .. }) {
                return Err("functions never return pointers".into());
            }
            if !entry && r.binding.is_some() {
                return Err(
                    "the result has an I/O binding but the function is not an entry point".into(),
                );
            }
        }
        Ok(())
    }

    fn check_value_def(&self, h: Handle<Value>, value: &Value) -> R<()> {
        // Readers treat a name they cannot find as no name; a pass that copied a value from
        // another function without re-adding its name would go unnoticed without this.
        if let Some(id) = value.name {
            if self.f.name_text(id).is_none() {
                return Err(format!(
                    "has name entry {}, past the function's {} names",
                    id.index(),
                    self.f.names.len()
                ));
            }
        }
        let inner = self.v.inner(value.ty)?;
        let pointer = matches!(inner, TypeInner::Pointer { .. });
        if let Some(param) = self.f.params.get(h.index()) {
            if value.def != ValueDef::Param(h.raw()) {
                return Err(format!(
                    "the first {} values are the parameters, in order",
                    self.f.params.len()
                ));
            }
            if value.ty != param.ty {
                return Err(format!(
                    "has type {}, but parameter {} has type {}",
                    self.v.tyname(value.ty),
                    h.raw(),
                    self.v.tyname(param.ty)
                ));
            }
            return Ok(());
        }
        match &value.def {
            ValueDef::Param(i) => Err(format!("parameter {i} is not the value %{i}")),
            ValueDef::Constant(c) => {
                let Some(constant) = self.v.m.constants.get(*c) else {
                    return Err(format!("constant c{} is out of range", c.raw()));
                };
                if constant.ty != value.ty {
                    return Err(format!(
                        "has type {}, but constant c{} has type {}",
                        self.v.tyname(value.ty),
                        c.raw(),
                        self.v.tyname(constant.ty)
                    ));
                }
                Ok(())
            }
            ValueDef::GlobalPointer(g) => {
                let Some(global) = self.v.m.globals.get(*g) else {
                    return Err(format!("global g{} is out of range", g.raw()));
                };
                let want = TypeInner::Pointer {
                    base: global.ty,
                    space: global.space,
                };
                if *inner != want {
                    return Err(format!(
                        "a pointer to g{} has type `ptr<{}, {}>`",
                        g.raw(),
                        crate::print::space_name(global.space),
                        describe_type(self.v.m, global.ty)
                    ));
                }
                Ok(())
            }
            ValueDef::LocalPointer(l) => {
                let Some(local) = self.f.locals.get(*l) else {
                    return Err(format!("local l{} is out of range", l.raw()));
                };
                let want = TypeInner::Pointer {
                    base: local.ty,
                    space: AddressSpace::Function,
                };
                if *inner != want {
                    return Err(format!(
                        "a pointer to l{} has type `ptr<function, {}>`",
                        l.raw(),
                        describe_type(self.v.m, local.ty)
                    ));
                }
                Ok(())
            }
            ValueDef::Op(Op::AccessChain { .. }) => Ok(()),
            ValueDef::Op(_) | ValueDef::IfResult | ValueDef::LoopCarried | ValueDef::LoopResult => {
                if pointer {
                    return Err("only variable pointers and access chains are pointers".into());
                }
                if self.v.type_facts(value.ty).runtime_array {
                    return Err("values are never runtime-sized".into());
                }
                Ok(())
            }
        }
    }

    fn check_local(&self, local: &crate::ir::LocalVariable) -> R<()> {
        if !self.v.type_facts(local.ty).constructible {
            return Err(format!(
                "{} is not a constructible type",
                self.v.tyname(local.ty)
            ));
        }
        if let Some(init) = local.init {
            let c = self
                .v
                .m
                .constants
                .get(init)
                .ok_or_else(|| format!("initializer c{} is out of range", init.raw()))?;
            if c.ty != local.ty {
                return Err(format!(
                    "initializer c{} has type {}, not {}",
                    init.raw(),
                    self.v.tyname(c.ty),
                    self.v.tyname(local.ty)
                ));
            }
        }
        Ok(())
    }

    fn value(&self, h: Handle<Value>) -> R<&'a Value> {
        self.f
            .values
            .get(h)
            .ok_or_else(|| format!("value %{} is out of range", h.raw()))
    }

    /// Checks that `h` may be used here and returns its type.
    fn use_value(&self, h: Handle<Value>) -> R<Handle<Type>> {
        let value = self.value(h)?;
        let everywhere = matches!(
            value.def,
            ValueDef::Param(_)
                | ValueDef::Constant(_)
                | ValueDef::GlobalPointer(_)
                | ValueDef::LocalPointer(_)
        );
        if !everywhere && !self.visible.get(h.index()).copied().unwrap_or(false) {
            return Err(format!(
                "%{} is used before its definition or outside the block that defines it",
                h.raw()
            ));
        }
        Ok(value.ty)
    }

    fn use_inner(&self, h: Handle<Value>) -> R<&'a TypeInner> {
        let ty = self.use_value(h)?;
        self.v.inner(ty)
    }

    fn define(&mut self, h: Handle<Value>) {
        if let Some(flag) = self.visible.get_mut(h.index()) {
            *flag = true;
        }
        self.scope.push(h);
    }

    fn list(&mut self, h: Handle<Value>, want: &ValueDef, what: &str) -> R<()> {
        let value = self.value(h)?;
        if value.def != *want {
            return Err(format!("%{} is listed as {what} but is not one", h.raw()));
        }
        let count = self.placed.get_mut(h.index());
        if let Some(count) = count {
            *count += 1;
            self.placements += 1;
            if *count > 1 {
                return Err(format!("%{} is listed twice", h.raw()));
            }
        }
        Ok(())
    }

    fn own_block(&mut self, b: Handle<Block>) -> R<()> {
        if b == self.f.body {
            return Err("the function body is not a nested block".into());
        }
        match self.block_owners.get_mut(b.index()) {
            None => Err(format!("block b{} is out of range", b.raw())),
            Some(n) => {
                *n += 1;
                if *n > 1 {
                    Err(format!("block b{} belongs to two statements", b.raw()))
                } else {
                    Ok(())
                }
            }
        }
    }

    fn walk(&mut self) -> Result<(), VerifyError> {
        let mut frames = vec![Frame::Block {
            block: self.f.body,
            index: 0,
            region: Region::Body,
            scope_start: 0,
        }];
        while let Some(frame) = frames.pop() {
            let (block, index, region, scope_start) = match frame {
                Frame::Define(values) => {
                    for v in values {
                        self.define(*v);
                    }
                    continue;
                }
                Frame::DefineCarried(carried) => {
                    for c in carried {
                        self.define(c.value);
                    }
                    continue;
                }
                Frame::Block {
                    block,
                    index,
                    region,
                    scope_start,
                } => (block, index, region, scope_start),
            };
            let Some(b) = self.f.blocks.get(block) else {
                return Err(self.error(
                    Some(block),
                    None,
                    None,
                    format!("block b{} is out of range", block.raw()),
                ));
            };
            if b.stmts.is_empty() {
                return Err(self.error(
                    Some(block),
                    None,
                    None,
                    "is empty: every block ends in a terminator".into(),
                ));
            }
            // The block's statements one after another, until one owns blocks: those are
            // walked next, then the rest of this block (a frame per statement cost as much as
            // checking it).
            let mut index = index;
            loop {
                let Some(stmt) = b.stmts.get(index) else {
                    // Leaving the block: its definitions go out of scope.
                    for v in self.scope.drain(scope_start..) {
                        if let Some(flag) = self.visible.get_mut(v.index()) {
                            *flag = false;
                        }
                    }
                    break;
                };
                let last = index + 1 == b.stmts.len();
                let fail =
                    |s: &Self, e: StmtError| s.error(Some(block), e.value, Some(stmt), e.message);
                if stmt.kind.is_terminator() != last {
                    let message = if last {
                        "the block does not end in a terminator".to_string()
                    } else {
                        "a terminator is not the last statement of its block".to_string()
                    };
                    return Err(fail(self, message.into()));
                }
                let nested = self
                    .stmt(stmt, block, index, region, b)
                    .map_err(|e| fail(self, e))?;
                if matches!(nested, Nested::None) {
                    index += 1;
                    continue;
                }
                frames.push(Frame::Block {
                    block,
                    index: index + 1,
                    region,
                    scope_start,
                });
                // The owned blocks go on the stack last first, so that the first is walked
                // first; the values visible after the statement are defined once its blocks are
                // left.
                match nested {
                    Nested::None => {}
                    Nested::If {
                        accept,
                        reject,
                        region,
                        results,
                    } => {
                        if !results.is_empty() {
                            frames.push(Frame::Define(results));
                        }
                        for child in [reject, accept] {
                            self.enter(&mut frames, child, region);
                        }
                    }
                    Nested::Loop {
                        body,
                        region,
                        carried,
                        results,
                    } => {
                        if !results.is_empty() {
                            frames.push(Frame::Define(results));
                        }
                        self.enter(&mut frames, body, region);
                        if !carried.is_empty() {
                            // Carried values are visible in the loop body only; they are
                            // defined when the body frame is entered, by a frame above it.
                            frames.push(Frame::DefineCarried(carried));
                        }
                    }
                }
                break;
            }
        }
        Ok(())
    }

    /// Pushes the frame that walks `child` (in `region`), its definitions scoped to it.
    fn enter(&mut self, frames: &mut Vec<Frame<'a>>, child: Handle<Block>, region: Region) {
        let scope_start = self.scope.len();
        let target = innermost_loop(region, &self.loop_targets);
        if let Some(slot) = self.loop_targets.get_mut(child.index()) {
            *slot = target;
        }
        frames.push(Frame::Block {
            block: child,
            index: 0,
            region,
            scope_start,
        });
    }

    /// Checks one statement. Returns the blocks to walk next, with their regions and the values
    /// visible inside and after them.
    fn stmt(
        &mut self,
        stmt: &'a Stmt,
        block: Handle<Block>,
        index: usize,
        region: Region,
        b: &Block,
    ) -> SR<Nested<'a>> {
        match &stmt.kind {
            StmtKind::Value(v) => {
                let value = at_value(*v, self.value(*v))?;
                let ValueDef::Op(op) = &value.def else {
                    return Err(StmtError {
                        value: Some(*v),
                        message: "only values defined by an operation are placed".into(),
                    });
                };
                if let Some(count) = self.placed.get_mut(v.index()) {
                    *count += 1;
                    self.placements += 1;
                    if *count > 1 {
                        return Err(StmtError {
                            value: Some(*v),
                            message: "is placed twice".into(),
                        });
                    }
                }
                at_value(*v, self.op(op, value.ty))?;
                self.define(*v);
            }
            StmtKind::Store { pointer, value } => {
                let (base, space) = self.pointer(*pointer)?;
                if !writable(space) {
                    return Err(format!(
                        "stores to `{}` memory are not allowed",
                        crate::print::space_name(space)
                    )
                    .into());
                }
                let facts = self.v.type_facts(base);
                if facts.atomic {
                    return Err("atomics are written only by atomic operations".into());
                }
                if !facts.constructible {
                    return Err(format!("cannot store a whole {}", self.v.tyname(base)).into());
                }
                self.expect(*value, base, "the stored value")?;
            }
            StmtKind::AtomicStore { pointer, value } => {
                let scalar = self.atomic_pointer(*pointer, true)?;
                self.expect_inner(*value, &TypeInner::Scalar(scalar), "the stored value")?;
            }
            StmtKind::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => {
                let (dim, arrayed, class) = self.image(*image)?;
                let ImageClass::Storage { access, .. } = class else {
                    return Err("only storage images are written with `image_store`".into());
                };
                if !access.writable() {
                    return Err(format!(
                        "`image_store` writes an image declared `{}`",
                        access.as_str()
                    )
                    .into());
                }
                self.image_coordinate(dim, *coordinate)?;
                self.layer(arrayed, *array_index)?;
                self.expect_inner(*value, &texel(class), "the stored texel")?;
            }
            StmtKind::Call { function, args } => {
                let callee = self.callee(*function, args)?;
                if !callee.results.is_empty() {
                    return Err("a call statement calls a function without results".into());
                }
            }
            StmtKind::Barrier(_) => self.facts.barrier = true,
            StmtKind::If {
                condition,
                accept,
                reject,
                results,
            } => {
                self.expect_inner(
                    *condition,
                    &TypeInner::Scalar(Scalar::BOOL),
                    "the condition",
                )?;
                self.own_block(*accept)?;
                self.own_block(*reject)?;
                for r in results {
                    self.list(*r, &ValueDef::IfResult, "an `if` result")?;
                }
                let ends_in_yield = |arm: Handle<Block>| {
                    self.f
                        .blocks
                        .get(arm)
                        .and_then(|a| a.stmts.last())
                        .is_some_and(|s| matches!(s.kind, StmtKind::Yield(_)))
                };
                if !ends_in_yield(*accept) && !ends_in_yield(*reject) {
                    let next = b.stmts.get(index + 1);
                    if !next.is_some_and(|s| s.kind == StmtKind::Unreachable) {
                        return Err("no arm of this `if` yields, so `unreachable` follows it"
                            .to_string()
                            .into());
                    }
                }
                return Ok(Nested::If {
                    accept: *accept,
                    reject: *reject,
                    region: Region::IfArm(block, index),
                    results,
                });
            }
            StmtKind::Loop(l) => {
                let Loop {
                    carried,
                    body,
                    results,
                    ..
                } = &**l;
                self.own_block(*body)?;
                for var in carried {
                    self.list(var.value, &ValueDef::LoopCarried, "a carried value")?;
                    let ty = self.value(var.value)?.ty;
                    self.expect(var.init, ty, "the initial value")?;
                }
                for r in results {
                    self.list(*r, &ValueDef::LoopResult, "a `loop` result")?;
                }
                return Ok(Nested::Loop {
                    body: *body,
                    region: Region::LoopBody(block, index),
                    carried,
                    results,
                });
            }
            StmtKind::Yield(values) => {
                let Region::IfArm(ib, ii) = region else {
                    return Err("`yield` ends an arm of an `if`; this block is not one"
                        .to_string()
                        .into());
                };
                let results = match self.stmt_at(ib, ii).map(|s| &s.kind) {
                    Some(StmtKind::If { results, .. }) => results,
                    _ => return Err("internal: yield target".to_string().into()),
                };
                self.bind(values, results.iter().copied(), "`if` results")?;
            }
            StmtKind::Continue(values) | StmtKind::Break(values) => {
                let Some((lb, li)) = innermost_loop(region, &self.loop_targets) else {
                    return Err("`continue` and `break` are only inside a loop"
                        .to_string()
                        .into());
                };
                let (carried, results) = match self.stmt_at(lb, li).map(|s| &s.kind) {
                    Some(StmtKind::Loop(l)) => (&l.carried, &l.results),
                    _ => return Err("internal: loop target".to_string().into()),
                };
                if matches!(stmt.kind, StmtKind::Continue(_)) {
                    let carried = carried.iter().map(|c| c.value);
                    self.bind(values, carried, "carried values")?;
                } else {
                    self.bind(values, results.iter().copied(), "`loop` results")?;
                }
            }
            StmtKind::Return(values) => {
                if values.len() != self.f.results.len() {
                    return Err(format!(
                        "returns {} values; the function has {} results",
                        values.len(),
                        self.f.results.len()
                    )
                    .into());
                }
                for (v, r) in values.iter().zip(&self.f.results) {
                    self.expect(*v, r.ty, "the returned value")?;
                }
            }
            StmtKind::Discard => self.facts.discard = true,
            StmtKind::Unreachable => {}
        }
        Ok(Nested::None)
    }

    fn stmt_at(&self, block: Handle<Block>, index: usize) -> Option<&'a Stmt> {
        self.f.blocks.get(block)?.stmts.get(index)
    }

    /// Checks that `values` bind `targets` one to one, type for type.
    fn bind(
        &self,
        values: &[Handle<Value>],
        targets: impl ExactSizeIterator<Item = Handle<Value>>,
        what: &str,
    ) -> R<()> {
        if values.len() != targets.len() {
            return Err(format!(
                "passes {} values for {} {what}",
                values.len(),
                targets.len()
            ));
        }
        for (v, t) in values.iter().zip(targets) {
            let ty = self.value(t)?.ty;
            self.expect_with(*v, ty, || format!("the value for %{}", t.raw()))?;
        }
        Ok(())
    }

    fn expect(&self, v: Handle<Value>, ty: Handle<Type>, what: &str) -> R<()> {
        self.expect_with(v, ty, || what.to_string())
    }

    /// [`Self::expect`] with a description made only for the error message.
    fn expect_with(
        &self,
        v: Handle<Value>,
        ty: Handle<Type>,
        what: impl FnOnce() -> String,
    ) -> R<()> {
        let have = self.use_value(v)?;
        if have != ty {
            return Err(format!(
                "{} (%{}) has type {}, not {}",
                what(),
                v.raw(),
                self.v.tyname(have),
                self.v.tyname(ty)
            ));
        }
        Ok(())
    }

    fn expect_inner(&self, v: Handle<Value>, want: &TypeInner, what: &str) -> R<()> {
        let have = self.use_value(v)?;
        if self.v.inner(have)? != want {
            return Err(format!(
                "{what} (%{}) has type {}, not {}",
                v.raw(),
                self.v.tyname(have),
                describe_inner(want)
            ));
        }
        Ok(())
    }

    fn pointer(&self, p: Handle<Value>) -> R<(Handle<Type>, AddressSpace)> {
        match self.use_inner(p)? {
            TypeInner::Pointer { base, space } => Ok((*base, *space)),
            _ => Err(format!("%{} is not a pointer", p.raw())),
        }
    }

    /// A pointer to an atomic in storage or workgroup memory: the atomic's scalar.
    fn atomic_pointer(&self, p: Handle<Value>, write: bool) -> R<Scalar> {
        let (base, space) = self.pointer(p)?;
        let TypeInner::Atomic(scalar) = self.v.inner(base)? else {
            return Err(format!("%{} does not point to an atomic", p.raw()));
        };
        match space {
            AddressSpace::Workgroup
            | AddressSpace::Storage {
                access: StorageAccess::ReadWrite,
            } => {}
            AddressSpace::Storage {
                access: StorageAccess::Read,
            } if !write => {}
            _ => {
                return Err(format!(
                    "atomics in `{}` memory cannot be {}",
                    crate::print::space_name(space),
                    if write { "written" } else { "used" }
                ))
            }
        }
        Ok(*scalar)
    }

    fn callee(&mut self, function: Handle<Function>, args: &[Handle<Value>]) -> R<&'a Function> {
        if !self.v.m.functions.contains(function) {
            return Err(format!("function fn{} is out of range", function.raw()));
        }
        if function.index() >= self.handle.index() {
            return Err(format!(
                "calls fn{}, which is not an earlier function (callees come before callers, so \
                 there is no recursion)",
                function.raw()
            ));
        }
        let callee = self
            .v
            .m
            .functions
            .get(function)
            .ok_or_else(|| format!("function fn{} is out of range", function.raw()))?;
        if args.len() != callee.params.len() {
            return Err(format!(
                "passes {} arguments to fn{}, which has {} parameters",
                args.len(),
                function.raw(),
                callee.params.len()
            ));
        }
        for (a, p) in args.iter().zip(&callee.params) {
            self.expect_with(*a, p.ty, || format!("the argument for `{}`", p.name))?;
        }
        self.facts.calls.insert(function);
        Ok(callee)
    }

    // -----------------------------------------------------------------------------------------
    // Operations

    fn op(&mut self, op: &Op, result: Handle<Type>) -> R<()> {
        let rt = self.v.inner(result)?;
        let mismatch = |this: &Self, want: &TypeInner| -> R<()> {
            // `want` is often an operand's type in the arena: the very same entry.
            if std::ptr::eq(rt, want) || rt == want {
                Ok(())
            } else {
                Err(format!(
                    "the result has type {}, not {}",
                    this.v.tyname(result),
                    describe_inner(want)
                ))
            }
        };
        match op {
            Op::Unary { op, arg } => {
                let t = self.use_inner(*arg)?;
                let (s, _) = t
                    .scalar_or_vector()
                    .ok_or_else(|| "unary operators take scalars and vectors".to_string())?;
                let ok = match op {
                    UnaryOp::Negate => matches!(s.kind, ScalarKind::Sint | ScalarKind::Float),
                    UnaryOp::LogicalNot => s.kind == ScalarKind::Bool,
                    UnaryOp::BitNot => matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint),
                };
                if !ok {
                    return Err(format!(
                        "`{}` does not apply to {}",
                        crate::print::unary_name(*op),
                        describe_inner(t)
                    ));
                }
                mismatch(self, t)
            }
            Op::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, rt, result),
            Op::Product { kind, lhs, rhs } => {
                let l = self.use_inner(*lhs)?;
                let r = self.use_inner(*rhs)?;
                let float = |s: &Scalar| s.kind == ScalarKind::Float;
                let want = match (kind, l, r) {
                    (
                        ProductKind::VectorTimesScalar,
                        TypeInner::Vector { scalar, .. },
                        TypeInner::Scalar(s),
                    ) if scalar == s && float(s) => l.clone(),
                    (
                        ProductKind::MatrixTimesScalar,
                        TypeInner::Matrix { scalar, .. },
                        TypeInner::Scalar(s),
                    ) if scalar == s => l.clone(),
                    (
                        ProductKind::MatrixTimesVector,
                        TypeInner::Matrix {
                            columns,
                            rows,
                            scalar,
                        },
                        TypeInner::Vector { size, scalar: s },
                    ) if size == columns && scalar == s => TypeInner::Vector {
                        size: *rows,
                        scalar: *s,
                    },
                    (
                        ProductKind::VectorTimesMatrix,
                        TypeInner::Vector { size, scalar: s },
                        TypeInner::Matrix {
                            columns,
                            rows,
                            scalar,
                        },
                    ) if size == rows && scalar == s => TypeInner::Vector {
                        size: *columns,
                        scalar: *s,
                    },
                    (
                        ProductKind::MatrixTimesMatrix,
                        TypeInner::Matrix {
                            columns: k,
                            rows,
                            scalar,
                        },
                        TypeInner::Matrix {
                            columns,
                            rows: k2,
                            scalar: s2,
                        },
                    ) if k == k2 && scalar == s2 => TypeInner::Matrix {
                        columns: *columns,
                        rows: *rows,
                        scalar: *scalar,
                    },
                    _ => {
                        return Err(format!(
                            "{kind:?} does not apply to {} and {}",
                            self.v.tyname(self.use_value(*lhs)?),
                            self.v.tyname(self.use_value(*rhs)?)
                        ))
                    }
                };
                mismatch(self, &want)
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.use_inner(*condition)?;
                let a_ty = self.use_value(*accept)?;
                let b_ty = self.use_value(*reject)?;
                if a_ty != b_ty {
                    return Err("both selected values have one type".into());
                }
                let a = self.v.inner(a_ty)?;
                let Some((_, size)) = a.scalar_or_vector() else {
                    return Err(
                        "`select` selects scalars and vectors (use an `if` with results \
                                for other types)"
                            .into(),
                    );
                };
                match c {
                    TypeInner::Scalar(Scalar::BOOL) => {}
                    TypeInner::Vector {
                        size: cs,
                        scalar: Scalar::BOOL,
                    } if Some(*cs) == size => {}
                    _ => {
                        return Err("the condition is a bool, or a bool vector of the selected \
                                    values' size"
                            .into())
                    }
                }
                mismatch(self, a)
            }
            Op::Splat { value } => {
                let TypeInner::Scalar(s) = self.use_inner(*value)? else {
                    return Err("`splat` takes a scalar".into());
                };
                match rt {
                    TypeInner::Vector { scalar, .. } if scalar == s => Ok(()),
                    _ => Err("`splat` makes a vector of its scalar".into()),
                }
            }
            Op::Compose { components } => self.compose(components, result, rt),
            Op::Extract { base, index } => {
                let bt = self.use_value(*base)?;
                let part = self.part(bt, *index)?;
                if !part.matches(self.v, result)? {
                    return Err(format!(
                        "the result has type {}, not {}",
                        self.v.tyname(result),
                        part.describe(self.v)
                    ));
                }
                Ok(())
            }
            Op::Insert { base, value, index } => {
                let bt = self.use_value(*base)?;
                let part = self.part(bt, *index)?;
                let vt = self.use_value(*value)?;
                if !part.matches(self.v, vt)? {
                    return Err(format!(
                        "the inserted value has type {}, not {}",
                        self.v.tyname(vt),
                        part.describe(self.v)
                    ));
                }
                if bt != result {
                    return Err("`insert` yields its base's type".into());
                }
                Ok(())
            }
            Op::ExtractDynamic { base, index } => {
                let TypeInner::Vector { scalar, .. } = self.use_inner(*base)? else {
                    return Err("`extract_dynamic` takes a vector".into());
                };
                self.int_index(*index)?;
                mismatch(self, &TypeInner::Scalar(*scalar))
            }
            Op::InsertDynamic { base, value, index } => {
                let bt = self.use_value(*base)?;
                let TypeInner::Vector { scalar, .. } = self.v.inner(bt)? else {
                    return Err("`insert_dynamic` takes a vector".into());
                };
                self.expect_inner(*value, &TypeInner::Scalar(*scalar), "the inserted value")?;
                self.int_index(*index)?;
                if bt != result {
                    return Err("`insert_dynamic` yields its base's type".into());
                }
                Ok(())
            }
            Op::Shuffle { a, b, pattern } => {
                let (
                    TypeInner::Vector {
                        size: sa,
                        scalar: s1,
                    },
                    TypeInner::Vector {
                        size: sb,
                        scalar: s2,
                    },
                ) = (self.use_inner(*a)?, self.use_inner(*b)?)
                else {
                    return Err("`shuffle` takes two vectors".into());
                };
                if s1 != s2 {
                    return Err("`shuffle` takes vectors of one scalar type".into());
                }
                let total = sa.count() + sb.count();
                if let Some(p) = pattern.iter().find(|p| **p >= total) {
                    return Err(format!("index {p} is past the {total} components"));
                }
                let size = u32::try_from(pattern.len())
                    .ok()
                    .and_then(VectorSize::from_count)
                    .ok_or_else(|| "a shuffle picks 2 to 4 components".to_string())?;
                mismatch(self, &TypeInner::Vector { size, scalar: *s1 })
            }
            Op::Convert { value } => {
                let (_, size) = self
                    .use_inner(*value)?
                    .scalar_or_vector()
                    .ok_or_else(|| "`convert` takes a scalar or vector".to_string())?;
                match rt.scalar_or_vector() {
                    Some((_, rs)) if rs == size => Ok(()),
                    _ => Err("`convert` keeps the shape of its operand".into()),
                }
            }
            Op::Bitcast { value } => {
                let vt = self.use_inner(*value)?;
                let bits = |t: &TypeInner| {
                    t.scalar_or_vector().and_then(|(s, n)| {
                        (s.kind != ScalarKind::Bool)
                            .then(|| u32::from(s.width) * n.map_or(1, VectorSize::count))
                    })
                };
                match (bits(vt), bits(rt)) {
                    (Some(a), Some(b)) if a == b => Ok(()),
                    _ => Err(
                        "`bitcast` converts between numeric scalars or vectors of one \
                              total width"
                            .into(),
                    ),
                }
            }
            Op::Relational { fun, arg } => {
                let t = self.use_inner(*arg)?;
                match fun {
                    RelationalFunction::All | RelationalFunction::Any => {
                        if !matches!(
                            t,
                            TypeInner::Vector {
                                scalar: Scalar::BOOL,
                                ..
                            }
                        ) {
                            return Err(format!("{fun:?} takes a bool vector"));
                        }
                        mismatch(self, &TypeInner::Scalar(Scalar::BOOL))
                    }
                    RelationalFunction::IsNan | RelationalFunction::IsInf => {
                        let Some((s, size)) = t.scalar_or_vector() else {
                            return Err(format!("{fun:?} takes floats"));
                        };
                        if s.kind != ScalarKind::Float {
                            return Err(format!("{fun:?} takes floats"));
                        }
                        mismatch(self, &TypeInner::with_shape(Scalar::BOOL, size))
                    }
                }
            }
            Op::Math { fun, args } => self.math(*fun, args, rt),
            Op::Derivative { arg, .. } => {
                self.facts.derivatives = true;
                let t = self.use_inner(*arg)?;
                match t.scalar_or_vector() {
                    Some((Scalar::F32, _)) => mismatch(self, t),
                    _ => Err("derivatives take f32 scalars and vectors".into()),
                }
            }
            Op::AccessChain {
                base,
                indices,
                non_uniform,
            } => self.access_chain(*base, indices, *non_uniform, rt, result),
            Op::Load { pointer } => {
                let (base, _) = self.pointer(*pointer)?;
                let facts = self.v.type_facts(base);
                if facts.atomic {
                    return Err("atomics are read only by atomic operations".into());
                }
                if !facts.handle && !facts.constructible {
                    return Err(format!("cannot load a whole {}", self.v.tyname(base)));
                }
                if base != result {
                    return Err(format!(
                        "the result has type {}, not {}",
                        self.v.tyname(result),
                        self.v.tyname(base)
                    ));
                }
                Ok(())
            }
            Op::ArrayLength { pointer } => {
                self.array_length(*pointer)?;
                mismatch(self, &TypeInner::Scalar(Scalar::U32))
            }
            Op::Call { function, args } => {
                let callee = self.callee(*function, args)?;
                match callee.results.as_slice() {
                    [r] if r.ty == result => Ok(()),
                    [r] => Err(format!(
                        "the result has type {}, not {}",
                        self.v.tyname(result),
                        self.v.tyname(r.ty)
                    )),
                    _ => Err("a call value calls a function with one result".into()),
                }
            }
            Op::ImageSample(sample) => {
                let ImageSample {
                    image,
                    sampler,
                    coordinate,
                    array_index,
                    level,
                    depth_ref,
                    offset,
                    gather,
                } = &**sample;
                self.image_sample(
                    *image,
                    *sampler,
                    *coordinate,
                    *array_index,
                    level,
                    *depth_ref,
                    *offset,
                    *gather,
                    rt,
                )
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                let (dim, arrayed, class) = self.image(*image)?;
                if matches!(class, ImageClass::Storage { .. }) {
                    return Err("storage images are read with `image_load`, not fetched".into());
                }
                let n = match dim {
                    ImageDimension::D2 => VectorSize::Bi,
                    ImageDimension::D3 => VectorSize::Tri,
                    ImageDimension::Cube => return Err("cube textures cannot be fetched".into()),
                };
                let ct = self.use_inner(*coordinate)?;
                if !matches!(ct, TypeInner::Vector { size, scalar } if *size == n && is_int32(*scalar))
                {
                    return Err(
                        "the coordinate is an integer vector of the texture's dimension".into(),
                    );
                }
                self.layer(arrayed, *array_index)?;
                let ms = multisampled(class);
                if ms != sample.is_some() {
                    return Err(
                        "multisampled textures are fetched with a sample index, others \
                                without"
                            .into(),
                    );
                }
                if ms == level.is_some() {
                    return Err(
                        "textures that are not multisampled are fetched with a level, \
                                multisampled ones without"
                            .into(),
                    );
                }
                for v in [level, sample].into_iter().flatten() {
                    self.int_index(*v)?;
                }
                mismatch(self, &texel(class))
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                let (dim, arrayed, class) = self.image(*image)?;
                let ImageClass::Storage { access, .. } = class else {
                    return Err("only storage images are read with `image_load`".into());
                };
                if !access.readable() {
                    return Err(format!(
                        "`image_load` reads an image declared `{}`",
                        access.as_str()
                    ));
                }
                self.image_coordinate(dim, *coordinate)?;
                self.layer(arrayed, *array_index)?;
                mismatch(self, &texel(class))
            }
            Op::ImageQuery { image, query } => {
                let (dim, arrayed, class) = self.image(*image)?;
                let ms = multisampled(class);
                let storage = matches!(class, ImageClass::Storage { .. });
                match query {
                    ImageQuery::Size { level } => {
                        if let Some(l) = level {
                            if ms || storage {
                                return Err(format!(
                                    "{} textures have one level",
                                    if storage { "storage" } else { "multisampled" }
                                ));
                            }
                            self.int_index(*l)?;
                        }
                        let size = match dim {
                            ImageDimension::D3 => VectorSize::Tri,
                            ImageDimension::D2 | ImageDimension::Cube => VectorSize::Bi,
                        };
                        mismatch(
                            self,
                            &TypeInner::Vector {
                                size,
                                scalar: Scalar::I32,
                            },
                        )
                    }
                    ImageQuery::NumLevels if ms || storage => Err(format!(
                        "{} textures have one level",
                        if storage { "storage" } else { "multisampled" }
                    )),
                    ImageQuery::NumLayers if !arrayed => {
                        Err("only array textures have layers".into())
                    }
                    ImageQuery::NumSamples if !ms => {
                        Err("only multisampled textures have samples".into())
                    }
                    _ => mismatch(self, &TypeInner::Scalar(Scalar::I32)),
                }
            }
            Op::Atomic {
                fun,
                pointer,
                value,
                comparator,
            } => {
                let scalar = self.atomic_pointer(*pointer, true)?;
                let s = TypeInner::Scalar(scalar);
                self.expect_inner(*value, &s, "the operand")?;
                let cmp = *fun == crate::ir::AtomicFunction::CompareExchange;
                match comparator {
                    Some(c) if cmp => self.expect_inner(*c, &s, "the comparator")?,
                    None if !cmp => {}
                    _ => {
                        return Err("only `atomic_compare_exchange` has a comparator, and it \
                                    always has one"
                            .into())
                    }
                }
                mismatch(self, &s)
            }
            Op::AtomicLoad { pointer } => {
                let scalar = self.atomic_pointer(*pointer, false)?;
                mismatch(self, &TypeInner::Scalar(scalar))
            }
        }
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        rt: &TypeInner,
        result: Handle<Type>,
    ) -> R<()> {
        let lt_h = self.use_value(lhs)?;
        let rt_h = self.use_value(rhs)?;
        let l = self.v.inner(lt_h)?;
        let r = self.v.inner(rt_h)?;
        let Some((s, size)) = l.scalar_or_vector() else {
            return Err("binary operators take scalars and vectors".into());
        };
        let shift = matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight);
        if shift {
            if *r != TypeInner::with_shape(Scalar::U32, size) {
                return Err("a shift count is u32, of the shifted value's shape".into());
            }
        } else if lt_h != rt_h {
            return Err(format!(
                "both operands have one type, not {} and {}",
                self.v.tyname(lt_h),
                self.v.tyname(rt_h)
            ));
        }
        let int = matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint);
        let numeric = int || s.kind == ScalarKind::Float;
        // `same` when the result has the left operand's type.
        let (ok, same, want) = match op {
            BinaryOp::Add
            | BinaryOp::Subtract
            | BinaryOp::Multiply
            | BinaryOp::Divide
            | BinaryOp::Remainder => (numeric, true, l.clone()),
            BinaryOp::BitAnd
            | BinaryOp::BitOr
            | BinaryOp::BitXor
            | BinaryOp::ShiftLeft
            | BinaryOp::ShiftRight => (int, true, l.clone()),
            BinaryOp::Equal | BinaryOp::NotEqual => {
                (true, false, TypeInner::with_shape(Scalar::BOOL, size))
            }
            BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
                (numeric, false, TypeInner::with_shape(Scalar::BOOL, size))
            }
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                (s.kind == ScalarKind::Bool, true, l.clone())
            }
        };
        if !ok {
            return Err(format!(
                "`{}` does not apply to {}",
                crate::print::binary_name(op),
                self.v.tyname(lt_h)
            ));
        }
        // Types are unique: when the wanted type is the left operand's, its handle decides.
        if !(same && result == lt_h) && *rt != want {
            return Err(format!(
                "the result has type {}, not {}",
                self.v.tyname(result),
                describe_inner(&want)
            ));
        }
        Ok(())
    }

    fn compose(
        &mut self,
        components: &[Handle<Value>],
        result: Handle<Type>,
        rt: &TypeInner,
    ) -> R<()> {
        if let TypeInner::Vector { size, scalar } = rt {
            // Scalars and vectors whose component counts add up to the size.
            let mut count = 0;
            for c in components {
                match self.use_inner(*c)? {
                    TypeInner::Scalar(s) if s == scalar => count += 1,
                    TypeInner::Vector { size: n, scalar: s } if s == scalar => count += n.count(),
                    _ => {
                        return Err(format!(
                            "%{} is not a scalar or vector of the result's components",
                            c.raw()
                        ))
                    }
                }
            }
            if count != size.count() {
                return Err(format!(
                    "the parts have {count} components, not {}",
                    size.count()
                ));
            }
            return Ok(());
        }
        let parts = self.v.part_types(result)?;
        if parts.len() != components.len() {
            return Err(format!(
                "{} has {} parts, not {}",
                self.v.tyname(result),
                parts.len(),
                components.len()
            ));
        }
        for (c, want) in components.iter().zip(parts) {
            let ct = self.use_value(*c)?;
            if !want.matches(self.v, ct)? {
                return Err(format!(
                    "part %{} has type {}, not {}",
                    c.raw(),
                    self.v.tyname(ct),
                    want.describe(self.v)
                ));
            }
        }
        Ok(())
    }

    fn part(&self, ty: Handle<Type>, index: u32) -> R<PartType> {
        let (count, part) = self.v.part_type(ty, index)?;
        part.ok_or_else(|| {
            format!(
                "index {index} is out of range for {} ({count} parts)",
                self.v.tyname(ty),
            )
        })
    }

    fn int_index(&self, v: Handle<Value>) -> R<()> {
        match self.use_inner(v)? {
            TypeInner::Scalar(s) if is_int32(*s) => Ok(()),
            _ => Err(format!("index %{} is not an i32 or u32", v.raw())),
        }
    }

    fn access_chain(
        &mut self,
        base: Handle<Value>,
        indices: &[Handle<Value>],
        non_uniform: bool,
        rt: &TypeInner,
        result: Handle<Type>,
    ) -> R<()> {
        let (mut ty, space) = self.pointer(base)?;
        if indices.is_empty() {
            return Err("an access chain has at least one index".into());
        }
        // Back ends mark only accesses of resources: a marker elsewhere would be a pass's
        // mistake that no output shows.
        if non_uniform && space != AddressSpace::Handle {
            return Err(format!(
                "`nonuniform` marks an access into an array of resources, not into `{}` memory",
                crate::print::space_name(space)
            ));
        }
        // Positions, not handles, say where the chain ends: one value may be used as several
        // indices (`m[3].w` is `access %m, %3, %3`).
        let count = indices.len();
        for (position, index) in indices.iter().enumerate() {
            let is_last = position + 1 == count;
            let inner = self.v.inner(ty)?;
            ty = match inner {
                TypeInner::Struct { members } => {
                    let n = self.constant_index(*index).ok_or_else(|| {
                        format!(
                            "struct member index %{} is not a constant integer",
                            index.raw()
                        )
                    })?;
                    members
                        .get(n as usize)
                        .map(|m| m.ty)
                        .ok_or_else(|| format!("member {n} is out of range"))?
                }
                TypeInner::Array { base, .. } => {
                    self.int_index(*index)?;
                    *base
                }
                TypeInner::Vector { scalar, .. } => {
                    self.int_index(*index)?;
                    return self.chain_end(&TypeInner::Scalar(*scalar), space, rt, is_last);
                }
                TypeInner::Matrix { rows, scalar, .. } => {
                    self.int_index(*index)?;
                    let column = TypeInner::Vector {
                        size: *rows,
                        scalar: *scalar,
                    };
                    if is_last {
                        return self.chain_end(&column, space, rt, true);
                    }
                    // One more index picks a component of the column.
                    let Some(next) = indices.get(position + 1) else {
                        return Err("internal: matrix chain".into());
                    };
                    self.int_index(*next)?;
                    if position + 2 < count {
                        return Err("too many indices for the pointee".into());
                    }
                    return self.chain_end(&TypeInner::Scalar(*scalar), space, rt, true);
                }
                _ => return Err(format!("cannot index into {}", self.v.tyname(ty))),
            };
        }
        let want = TypeInner::Pointer { base: ty, space };
        if *rt != want {
            return Err(format!(
                "the result has type {}, not `ptr<{}, {}>`",
                self.v.tyname(result),
                crate::print::space_name(space),
                describe_type(self.v.m, ty)
            ));
        }
        Ok(())
    }

    /// The end of an access chain into a vector component or matrix column, whose pointee
    /// type handle may not exist: compare structurally.
    fn chain_end(
        &self,
        pointee: &TypeInner,
        space: AddressSpace,
        rt: &TypeInner,
        last: bool,
    ) -> R<()> {
        if !last {
            return Err("too many indices for the pointee".into());
        }
        match rt {
            TypeInner::Pointer { base, space: s }
                if *s == space && self.v.inner(*base)? == pointee =>
            {
                Ok(())
            }
            _ => Err(format!(
                "the result is a `{}` pointer to {}",
                crate::print::space_name(space),
                describe_inner(pointee)
            )),
        }
    }

    fn constant_index(&self, v: Handle<Value>) -> Option<u32> {
        self.use_value(v).ok()?;
        let ValueDef::Constant(c) = self.f.values.get(v)?.def else {
            return None;
        };
        match self.v.m.literal(c)? {
            Literal::I32(n) => u32::try_from(n).ok(),
            Literal::U32(n) => Some(n),
            _ => None,
        }
    }

    fn array_length(&self, pointer: Handle<Value>) -> R<()> {
        let (base, _) = self.pointer(pointer)?;
        if !matches!(
            self.v.inner(base)?,
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            }
        ) {
            return Err("`array_length` takes a pointer to a runtime-sized array".into());
        }
        let value = self.value(pointer)?;
        let global = match &value.def {
            ValueDef::GlobalPointer(g) => Some(*g),
            ValueDef::Op(Op::AccessChain { base, indices, .. }) if indices.len() == 1 => {
                match self.value(*base)?.def {
                    ValueDef::GlobalPointer(g) => Some(g),
                    _ => None,
                }
            }
            _ => None,
        };
        let storage = global
            .and_then(|g| self.v.m.globals.get(g))
            .is_some_and(|g| matches!(g.space, AddressSpace::Storage { .. }));
        if !storage {
            return Err(
                "`array_length` takes a storage global, or its struct's last member \
                        through a one-index access chain"
                    .into(),
            );
        }
        Ok(())
    }

    fn image(&self, v: Handle<Value>) -> R<(ImageDimension, bool, ImageClass)> {
        match self.use_inner(v)? {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => Ok((*dim, *arrayed, *class)),
            _ => Err(format!("%{} is not a texture", v.raw())),
        }
    }

    /// A storage image coordinate: an `i32` vector of the image's dimension.
    fn image_coordinate(&self, dim: ImageDimension, coordinate: Handle<Value>) -> R<()> {
        let n = match dim {
            ImageDimension::D2 => VectorSize::Bi,
            ImageDimension::D3 => VectorSize::Tri,
            ImageDimension::Cube => return Err("storage images are 2D or 3D".into()),
        };
        match self.use_inner(coordinate)? {
            TypeInner::Vector { size, scalar } if *size == n && *scalar == Scalar::I32 => Ok(()),
            _ => Err(format!(
                "the coordinate is a `vec{}<i32>` (the image's dimension)",
                n.count()
            )),
        }
    }

    fn layer(&self, arrayed: bool, index: Option<Handle<Value>>) -> R<()> {
        match (arrayed, index) {
            (true, Some(i)) => self.int_index(i),
            (false, None) => Ok(()),
            (true, None) => Err("array textures need a layer index".into()),
            (false, Some(_)) => Err("only array textures take a layer index".into()),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn image_sample(
        &mut self,
        image: Handle<Value>,
        sampler: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        level: &SampleLevel,
        depth_ref: Option<Handle<Value>>,
        offset: Option<Handle<Constant>>,
        gather: Option<u8>,
        rt: &TypeInner,
    ) -> R<()> {
        let (dim, arrayed, class) = self.image(image)?;
        if multisampled(class) {
            return Err("multisampled textures are fetched, not sampled".into());
        }
        if matches!(class, ImageClass::Storage { .. }) {
            return Err("storage images are loaded, not sampled".into());
        }
        let TypeInner::Sampler { comparison } = self.use_inner(sampler)? else {
            return Err(format!("%{} is not a sampler", sampler.raw()));
        };
        let depth = matches!(class, ImageClass::Depth { .. });
        if *comparison != depth_ref.is_some() {
            return Err("comparison samplers sample with a depth reference, others without".into());
        }
        if depth_ref.is_some() && !depth {
            return Err("only depth textures are sampled with a depth reference".into());
        }
        let n = match dim {
            ImageDimension::D2 => VectorSize::Bi,
            ImageDimension::D3 | ImageDimension::Cube => VectorSize::Tri,
        };
        let coord = TypeInner::Vector {
            size: n,
            scalar: Scalar::F32,
        };
        self.expect_inner(coordinate, &coord, "the coordinate")?;
        self.layer(arrayed, array_index)?;
        let f32_ = TypeInner::Scalar(Scalar::F32);
        match level {
            SampleLevel::Auto => self.facts.derivatives = true,
            SampleLevel::Zero => {}
            SampleLevel::Exact(l) => self.expect_inner(*l, &f32_, "the level")?,
            SampleLevel::Bias(b) => {
                self.facts.derivatives = true;
                self.expect_inner(*b, &f32_, "the bias")?;
            }
            SampleLevel::Gradient { x, y } => {
                self.expect_inner(*x, &coord, "the x gradient")?;
                self.expect_inner(*y, &coord, "the y gradient")?;
            }
        }
        if let Some(d) = depth_ref {
            self.expect_inner(d, &f32_, "the depth reference")?;
        }
        if let Some(c) = offset {
            let constant = self
                .v
                .m
                .constants
                .get(c)
                .ok_or_else(|| format!("offset c{} is out of range", c.raw()))?;
            let want = match dim {
                ImageDimension::D2 => VectorSize::Bi,
                ImageDimension::D3 => VectorSize::Tri,
                ImageDimension::Cube => return Err("cube textures take no offset".into()),
            };
            let ok = *self.v.inner(constant.ty)?
                == TypeInner::Vector {
                    size: want,
                    scalar: Scalar::I32,
                };
            if !ok || constant.spec_id.is_some() {
                return Err("the offset is an integer vector constant of the texture's \
                            dimension"
                    .into());
            }
            // Every target guarantees offsets in [-8, 7] (Vulkan's minimum limits, D3D, Metal
            // and WGSL); outside it the result is undefined or the shader is rejected.
            let in_range = match &constant.value {
                ConstantValue::Composite(parts) => parts.iter().all(|p| {
                    matches!(
                        self.v.m.constants.get(*p).map(|c| &c.value),
                        Some(ConstantValue::Scalar(Literal::I32(-8..=7)))
                    )
                }),
                ConstantValue::Zero => true,
                _ => false,
            };
            if !in_range {
                return Err("each offset component is a literal in [-8, 7]".into());
            }
        }
        if let Some(n) = gather {
            if n > 3 || (n != 0 && matches!(class, ImageClass::Depth { .. })) {
                return Err(format!(
                    "gather component {n} (0 to 3; 0 for depth textures)"
                ));
            }
            if dim == ImageDimension::D3 {
                return Err("3D textures are not gathered".into());
            }
            if *level != SampleLevel::Zero {
                return Err("a gather reads level 0 (`level zero`)".into());
            }
            let scalar = match class {
                ImageClass::Sampled { kind, .. } => Scalar { kind, width: 4 },
                _ => Scalar::F32,
            };
            let want = TypeInner::Vector {
                size: VectorSize::Quad,
                scalar,
            };
            if *rt != want {
                return Err(format!("the result has type {}", describe_inner(&want)));
            }
            return Ok(());
        }
        let want = texel(class);
        if *rt != want {
            return Err(format!("the result has type {}", describe_inner(&want)));
        }
        Ok(())
    }

    fn math(&mut self, fun: MathFunction, args: &[Handle<Value>], rt: &TypeInner) -> R<()> {
        use MathFunction as M;
        let arity = match fun {
            M::Mod
            | M::Min
            | M::Max
            | M::Step
            | M::Pow
            | M::Atan2
            | M::Distance
            | M::Dot
            | M::Cross
            | M::Reflect
            | M::Ldexp => 2,
            M::Clamp
            | M::Mix
            | M::SmoothStep
            | M::Fma
            | M::Refract
            | M::FaceForward
            | M::ExtractBits => 3,
            M::InsertBits => 4,
            _ => 1,
        };
        if args.len() != arity {
            return Err(format!(
                "{fun:?} takes {arity} arguments, not {}",
                args.len()
            ));
        }
        // At most four arguments (checked above): their types fit an array.
        let mut type_slots = [Handle::<Type>::from_index(0); 4];
        for (slot, a) in type_slots.iter_mut().zip(args) {
            *slot = self.use_value(*a)?;
        }
        let types = type_slots.get(..args.len()).unwrap_or_default();
        let first_ty = types
            .first()
            .copied()
            .ok_or_else(|| "no arguments".to_string())?;
        let first = self.v.inner(first_ty)?;
        let same = |from: usize| types.iter().skip(from).all(|t| *t == first_ty);
        let kind = first.scalar_kind();
        let float = kind == Some(ScalarKind::Float) && first.is_scalar_or_vector();
        let int = matches!(kind, Some(ScalarKind::Sint | ScalarKind::Uint))
            && first.is_scalar_or_vector();
        let float_vec = float && matches!(first, TypeInner::Vector { .. });
        let scalar_of = |inner: &TypeInner| inner.scalar().map(TypeInner::Scalar);
        let bad = || format!("{fun:?} does not apply to {}", self.v.tyname(first_ty));
        let want: TypeInner = match fun {
            M::Floor
            | M::Ceil
            | M::Round
            | M::Trunc
            | M::Fract
            | M::Sqrt
            | M::InverseSqrt
            | M::Exp
            | M::Exp2
            | M::Log
            | M::Log2
            | M::Sin
            | M::Cos
            | M::Tan
            | M::Asin
            | M::Acos
            | M::Atan
            | M::Sinh
            | M::Cosh
            | M::Tanh
            | M::Asinh
            | M::Acosh
            | M::Atanh
            | M::Radians
            | M::Degrees
            | M::Saturate => {
                if !float {
                    return Err(bad());
                }
                first.clone()
            }
            M::Normalize => {
                if !float_vec {
                    return Err(bad());
                }
                first.clone()
            }
            M::Abs => {
                if !(float || int) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Sign => {
                if !(float || (int && kind == Some(ScalarKind::Sint))) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Ldexp => {
                let exponent = types.get(1).map(|t| self.v.inner(*t)).transpose()?;
                let want_exp = match first {
                    TypeInner::Vector { size, .. } => TypeInner::Vector {
                        size: *size,
                        scalar: Scalar::I32,
                    },
                    _ => TypeInner::Scalar(Scalar::I32),
                };
                if !float || exponent != Some(&want_exp) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Mod | M::Step | M::Pow | M::Atan2 | M::Mix | M::SmoothStep | M::Fma => {
                if !float || !same(1) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Min | M::Max | M::Clamp => {
                if !(float || int) || !same(1) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Length => {
                if !float {
                    return Err(bad());
                }
                scalar_of(first).ok_or_else(bad)?
            }
            M::Distance => {
                if !float || !same(1) {
                    return Err(bad());
                }
                scalar_of(first).ok_or_else(bad)?
            }
            M::Dot => {
                if !float_vec || !same(1) {
                    return Err(bad());
                }
                scalar_of(first).ok_or_else(bad)?
            }
            M::Cross => {
                if !float_vec || first.vector_size() != Some(VectorSize::Tri) || !same(1) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Reflect | M::FaceForward => {
                if !float_vec || !same(1) {
                    return Err(bad());
                }
                first.clone()
            }
            M::Refract => {
                let eta = types.get(2).map(|t| self.v.inner(*t)).transpose()?;
                if !float_vec || types.get(1) != Some(&first_ty) || eta != scalar_of(first).as_ref()
                {
                    return Err(bad());
                }
                first.clone()
            }
            M::Transpose => match first {
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } => TypeInner::Matrix {
                    columns: *rows,
                    rows: *columns,
                    scalar: *scalar,
                },
                _ => return Err(bad()),
            },
            M::Inverse | M::Determinant => match first {
                TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                } if columns == rows => {
                    if fun == M::Inverse {
                        first.clone()
                    } else {
                        TypeInner::Scalar(*scalar)
                    }
                }
                _ => return Err(bad()),
            },
            M::CountOneBits
            | M::ReverseBits
            | M::FirstLeadingBit
            | M::FirstTrailingBit
            | M::CountLeadingZeros
            | M::CountTrailingZeros => {
                if !int {
                    return Err(bad());
                }
                first.clone()
            }
            M::ExtractBits | M::InsertBits => {
                // The bit field's offset and count are `u32` scalars after the integer
                // operands (one for `ExtractBits`, two of one type for `InsertBits`).
                let fields = if fun == M::ExtractBits { 1 } else { 2 };
                if !int || !types.iter().take(fields).all(|t| *t == first_ty) {
                    return Err(bad());
                }
                for t in types.iter().skip(fields) {
                    if *self.v.inner(*t)? != TypeInner::Scalar(Scalar::U32) {
                        return Err(format!(
                            "{fun:?}'s offset and count are u32, not {}",
                            self.v.tyname(*t)
                        ));
                    }
                }
                first.clone()
            }
            M::Pack4x8Unorm
            | M::Pack4x8Snorm
            | M::Pack2x16Unorm
            | M::Pack2x16Snorm
            | M::Pack2x16Float => {
                let n = if matches!(fun, M::Pack4x8Unorm | M::Pack4x8Snorm) {
                    VectorSize::Quad
                } else {
                    VectorSize::Bi
                };
                if *first
                    != (TypeInner::Vector {
                        size: n,
                        scalar: Scalar::F32,
                    })
                {
                    return Err(bad());
                }
                TypeInner::Scalar(Scalar::U32)
            }
            M::Unpack4x8Unorm
            | M::Unpack4x8Snorm
            | M::Unpack2x16Unorm
            | M::Unpack2x16Snorm
            | M::Unpack2x16Float => {
                if *first != TypeInner::Scalar(Scalar::U32) {
                    return Err(bad());
                }
                let n = if matches!(fun, M::Unpack4x8Unorm | M::Unpack4x8Snorm) {
                    VectorSize::Quad
                } else {
                    VectorSize::Bi
                };
                TypeInner::Vector {
                    size: n,
                    scalar: Scalar::F32,
                }
            }
        };
        if *rt != want {
            return Err(format!(
                "the result has type {}, not {}",
                describe_inner(rt),
                describe_inner(&want)
            ));
        }
        Ok(())
    }
}

fn is_int32(s: Scalar) -> bool {
    s == Scalar::I32 || s == Scalar::U32
}

fn multisampled(class: ImageClass) -> bool {
    match class {
        ImageClass::Sampled { multisampled, .. } | ImageClass::Depth { multisampled } => {
            multisampled
        }
        ImageClass::Storage { .. } => false,
    }
}

/// What sampling or fetching a texture of `class` returns.
fn texel(class: ImageClass) -> TypeInner {
    match class {
        ImageClass::Sampled { kind, .. } => TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: Scalar { kind, width: 4 },
        },
        ImageClass::Depth { .. } => TypeInner::Scalar(Scalar::F32),
        ImageClass::Storage { format, .. } => TypeInner::Vector {
            size: VectorSize::Quad,
            scalar: Scalar {
                kind: format.kind(),
                width: 4,
            },
        },
    }
}

fn writable(space: AddressSpace) -> bool {
    matches!(
        space,
        AddressSpace::Function
            | AddressSpace::Private
            | AddressSpace::Workgroup
            | AddressSpace::Storage {
                access: StorageAccess::ReadWrite
            }
            | AddressSpace::Output
    )
}

/// The loop that `Continue` / `Break` in a block of `region` target: the innermost enclosing
/// loop body, crossing `If` arms. `targets` gives that loop for each block entered so far
/// (the block holding an `If` is entered before its arms).
fn innermost_loop(
    region: Region,
    targets: &[Option<(Handle<Block>, usize)>],
) -> Option<(Handle<Block>, usize)> {
    match region {
        Region::LoopBody(b, i) => Some((b, i)),
        Region::Body => None,
        Region::IfArm(b, _) => targets.get(b.index()).copied().flatten(),
    }
}

#[cfg(test)]
mod tests {
    //! Rules that the text form cannot break (it writes types by structure and blocks inline).
    use super::*;
    use crate::ir::{Block, FunctionResult, Stmt, StructMember};
    use crate::parse::parse_module;

    fn message(m: &Module) -> String {
        verify(m).unwrap_err().to_string()
    }

    fn simple() -> Module {
        parse_module(
            "fn fn0 \"f\"(\"c\": bool, \"x\": f32) -> (f32) {\n  %0 \"c\": bool = param 0\n  \
             %1 \"x\": f32 = param 1\nbody:\n  %2: f32 = if %0 {\n    yield %1\n  } else {\n    \
             yield %1\n  }\n  return %2\n}\n",
        )
        .unwrap()
    }

    #[test]
    fn the_base_case_is_valid() {
        verify(&simple()).unwrap();
    }

    #[test]
    fn types_refer_to_earlier_types_only() {
        let mut m = Module::default();
        m.types.insert(Type {
            name: None,
            inner: TypeInner::Array {
                base: Handle::from_index(1),
                size: ArraySize::Constant(2),
            },
        });
        m.types.insert(Type {
            name: None,
            inner: TypeInner::Scalar(Scalar::F32),
        });
        assert!(
            message(&m).contains("not an earlier type"),
            "{}",
            message(&m)
        );
    }

    #[test]
    fn only_structs_have_names() {
        let mut m = Module::default();
        m.types.insert(Type {
            name: Some("float".into()),
            inner: TypeInner::Scalar(Scalar::F32),
        });
        assert_eq!(message(&m), "type t0: only structs have names");
    }

    #[test]
    fn struct_member_names_are_distinct() {
        let mut m = Module::default();
        let f = m.scalar_type(Scalar::F32);
        let member = StructMember {
            name: "a".into(),
            ty: f,
        };
        m.types.insert(Type {
            name: Some("S".into()),
            inner: TypeInner::Struct {
                members: vec![member.clone(), member],
            },
        });
        assert_eq!(message(&m), "type t1: member name `a` is used twice");
    }

    #[test]
    fn orphan_blocks_are_rejected() {
        let mut m = simple();
        let f = m.functions.get_mut(Handle::from_index(0)).unwrap();
        f.blocks.append(Block {
            stmts: vec![Stmt {
                kind: StmtKind::Unreachable,
                loc: None,
            }],
        });
        assert_eq!(
            message(&m),
            "fn0 \"f\", block b3: is not part of the function body"
        );
    }

    #[test]
    fn a_block_belongs_to_one_statement() {
        let mut m = simple();
        let f = m.functions.get_mut(Handle::from_index(0)).unwrap();
        let body = f.body;
        let stmt = f.blocks.get_mut(body).unwrap().stmts.get_mut(0).unwrap();
        if let StmtKind::If { reject, accept, .. } = &mut stmt.kind {
            *reject = *accept;
        }
        assert!(
            message(&m).contains("belongs to two statements"),
            "{}",
            message(&m)
        );
    }

    #[test]
    fn listed_results_have_the_right_kind() {
        let mut m = simple();
        let f = m.functions.get_mut(Handle::from_index(0)).unwrap();
        f.values.get_mut(Handle::from_index(2)).unwrap().def = ValueDef::LoopResult;
        assert!(
            message(&m).contains("is listed as an `if` result but is not one"),
            "{}",
            message(&m)
        );
    }

    #[test]
    fn ordinary_functions_have_one_result_at_most() {
        let mut m = simple();
        let f = m.functions.get_mut(Handle::from_index(0)).unwrap();
        let ty = f.results[0].ty;
        f.results.push(FunctionResult {
            name: None,
            ty,
            binding: None,
        });
        assert_eq!(
            message(&m),
            "fn0 \"f\": ordinary functions have at most one result"
        );
    }
}
