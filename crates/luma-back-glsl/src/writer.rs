//! The per-entry-point writer: names, types, constants, resource declarations and the order of
//! the output's sections.
//!
//! Sections, in order: `#version`, extensions, stage layout (`local_size`, early tests),
//! structs, constants (specialization constants included), resources and stage I/O, workgroup
//! and private globals, helper functions, the functions the entry point reaches (callees
//! first), and `main`. Function bodies are written first, into their own buffer, so that the
//! sections before them list only what the bodies used.

use std::collections::{BTreeMap, BTreeSet};

use luma_back::{CallGraph, CodeWriter, Namer, Prec};
use luma_base::Handle;
use luma_ir::{
    AddressSpace, ArraySize, BuiltIn, CombinedRole, Constant, ConstantValue, EntryPoint, Function,
    GlobalVariable, ImageAccess, ImageClass, ImageDimension, Interpolation, IoBinding, Literal,
    Module, Scalar, ScalarKind, ShaderStage, StorageAccess, Type, TypeInner, VectorSize,
};

use crate::codes;
use crate::helpers::Helper;
use crate::keywords::{RESERVED, RESERVED_PREFIXES};
use crate::{Error, Options};

/// An expression's text with how tightly it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expr {
    /// The GLSL text.
    pub text: String,
    /// Its precedence, for parenthesizing it as an operand.
    pub prec: Prec,
    /// Whether repeating it costs nothing (a name, a literal, a member or constant index of
    /// one), so that it may be written more than once.
    pub cheap: bool,
    /// The `If`/loop variables it reads (values whose variable is reassigned), for the
    /// parallel assignment of loop-carried values.
    pub reads: Vec<u32>,
}

impl Expr {
    /// A name or literal.
    pub fn name(text: impl Into<String>) -> Expr {
        Expr {
            text: text.into(),
            prec: Prec::Primary,
            cheap: true,
            reads: Vec::new(),
        }
    }

    /// A primary expression that may be costly (a call, a constructor).
    pub fn primary(text: impl Into<String>) -> Expr {
        Expr {
            text: text.into(),
            prec: Prec::Primary,
            cheap: false,
            reads: Vec::new(),
        }
    }

    /// An expression of precedence `prec`.
    pub fn with_prec(text: impl Into<String>, prec: Prec) -> Expr {
        Expr {
            text: text.into(),
            prec,
            cheap: false,
            reads: Vec::new(),
        }
    }
}

/// How a global is declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum GlobalForm {
    /// A uniform, storage or push-constant block whose members are the struct's members; the
    /// global's name is the block's instance name.
    FlatBlock,
    /// A block with one member named like the global (for types that are not structs).
    WrappedBlock,
    /// The texture half of a combined sampler, declared as the combined sampler.
    CombinedTexture,
    /// The sampler half of a combined sampler: not declared (the texture half carries it).
    CombinedSampler,
    /// A separate texture or sampler, a workgroup or private variable.
    Plain,
}

/// What every entry point's writer of one module needs, found once for all of them.
///
/// Every entry point's names start the same way, with every struct, member and named constant
/// of the module in arena order: those are named here once and each writer starts from a copy
/// of this namer (naming them per entry point made writing a module of thousands of entry
/// points with a struct each quadratic).
pub(crate) struct Shared {
    graph: CallGraph,
    /// Module-scope names after the structs and named constants.
    namer: Namer,
    struct_names: Vec<Option<String>>,
    member_names: Vec<Vec<String>>,
    constant_names: BTreeMap<Handle<Constant>, String>,
}

impl Shared {
    pub fn new(module: &Module) -> Shared {
        let mut namer = Namer::new(RESERVED, RESERVED_PREFIXES);
        for helper in ["luma_div", "luma_rem"] {
            namer.reserve(helper);
        }

        // Structs and their members, in arena order.
        let mut struct_names = vec![None; module.types.len()];
        let mut member_names = vec![Vec::new(); module.types.len()];
        for (h, ty) in module.types.iter() {
            if let TypeInner::Struct { members } = &ty.inner {
                let name = namer.call(ty.name.as_deref().unwrap_or("Struct"));
                let mut members_namer = namer.sibling(RESERVED_PREFIXES);
                let names = members
                    .iter()
                    .map(|m| members_namer.call(&m.name))
                    .collect();
                if let Some(slot) = struct_names.get_mut(h.index()) {
                    *slot = Some(name);
                }
                if let Some(slot) = member_names.get_mut(h.index()) {
                    *slot = names;
                }
            }
        }

        let mut constant_names = BTreeMap::new();
        for (h, constant) in module.constants.iter() {
            if let Some(name) = constant.name.as_deref() {
                constant_names.insert(h, namer.call(name));
            }
        }

        Shared {
            graph: CallGraph::new(module),
            namer,
            struct_names,
            member_names,
            constant_names,
        }
    }
}

/// Writes one entry point of a module.
pub(crate) struct Writer<'a> {
    pub module: &'a Module,
    pub options: &'a Options,
    pub entry: &'a EntryPoint,
    /// Module-scope names; each function starts its own namer from a copy.
    pub namer: Namer,
    pub struct_names: &'a [Option<String>],
    pub member_names: &'a [Vec<String>],
    pub constant_names: &'a BTreeMap<Handle<Constant>, String>,
    // Per-entry-point tables are maps of what the entry point reaches, not tables as long as
    // the module's arenas: a module of thousands of entry points made thousands of those.
    pub global_names: BTreeMap<Handle<GlobalVariable>, String>,
    pub global_forms: BTreeMap<Handle<GlobalVariable>, GlobalForm>,
    pub function_names: BTreeMap<Handle<Function>, String>,
    /// Texts of the entry function's parameters (input variables or `gl_*` builtins).
    pub input_texts: Vec<String>,
    /// Names of the entry function's results (output variables or `gl_*` builtins).
    pub output_targets: Vec<String>,
    /// The structs the output declares, by arena index (a set, not a table as long as the
    /// type arena: each of thousands of entry points made one).
    pub used_types: BTreeSet<usize>,
    pub used_constants: BTreeSet<Handle<Constant>>,
    pub helpers: BTreeSet<Helper>,
    pub extensions: BTreeSet<&'static str>,
    /// Private globals zeroed by statements at the start of `main` (too large for an
    /// initializer).
    pub zero_filled_privates: Vec<Handle<GlobalVariable>>,
    reached_functions: Vec<Handle<Function>>,
    constant_cache: BTreeMap<Handle<Constant>, Expr>,
}

/// Extension for `float16_t` arithmetic.
pub(crate) const EXT_FLOAT16: &str = "GL_EXT_shader_explicit_arithmetic_types_float16";
/// Extension for 16-bit types in buffers.
pub(crate) const EXT_16BIT_STORAGE: &str = "GL_EXT_shader_16bit_storage";
/// Extension for `texelFetch` / `textureSize` on textures without a sampler.
pub(crate) const EXT_SAMPLERLESS: &str = "GL_EXT_samplerless_texture_functions";
/// Extension for `#line N "file"`.
pub(crate) const EXT_LINE_DIRECTIVE: &str = "GL_GOOGLE_cpp_style_line_directive";
/// Extension for `[[unroll]]` / `[[dont_unroll]]`.
pub(crate) const EXT_CONTROL_FLOW_ATTRIBUTES: &str = "GL_EXT_control_flow_attributes";
/// Extension for `nonuniformEXT`, which marks indices into arrays of resources that may differ
/// between invocations.
pub(crate) const EXT_NONUNIFORM: &str = "GL_EXT_nonuniform_qualifier";

/// Arrays with more elements than this are zeroed by a loop rather than a constructor.
pub(crate) const MAX_ZERO_CONSTRUCTOR_ELEMENTS: u32 = 16;

impl<'a> Writer<'a> {
    /// Prepares names for entry point `index`; `graph` is the module's call graph (built once
    /// for all entry points: building it per entry point made writing every entry point of a
    /// module quadratic).
    pub fn new(
        module: &'a Module,
        options: &'a Options,
        index: usize,
        shared: &'a Shared,
    ) -> Result<Self, Error> {
        let graph = &shared.graph;
        let entry = module
            .entry_points
            .get(index)
            .ok_or_else(|| Error::invalid("entry point index out of range"))?;
        match entry.stage {
            ShaderStage::Vertex | ShaderStage::Fragment | ShaderStage::Compute => {}
            other => {
                return Err(Error::new(
                    codes::UNSUPPORTED_STAGE,
                    format!(
                        "the GLSL back end cannot write the {} stage of entry point `{}`",
                        other.as_str(),
                        entry.name
                    ),
                ))
            }
        }
        let mut namer = shared.namer.clone();
        let reached_functions = graph.reachable(entry.function);
        let reached_globals = graph.reachable_globals(entry.function);

        // Globals: the texture half of a combined sampler takes the declared name; the sampler
        // half shares it (it is never written on its own).
        let mut global_names = BTreeMap::new();
        let mut global_forms = BTreeMap::new();
        let mut combined_names: Vec<(u32, String)> = Vec::new();
        for &g in &reached_globals {
            let global = module
                .globals
                .get(g)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            let (name, form) = match &global.combined {
                Some(combined) => {
                    let name = match combined_names.iter().find(|(id, _)| *id == combined.id) {
                        Some((_, name)) => name.clone(),
                        None => {
                            let name = namer.call(&combined.name);
                            combined_names.push((combined.id, name.clone()));
                            name
                        }
                    };
                    let form = match combined.role {
                        CombinedRole::Texture => GlobalForm::CombinedTexture,
                        CombinedRole::Sampler => GlobalForm::CombinedSampler,
                    };
                    (name, form)
                }
                None => {
                    let form = match global.space {
                        AddressSpace::Uniform
                        | AddressSpace::Storage { .. }
                        | AddressSpace::PushConstant => {
                            match module.types.get(global.ty).map(|t| &t.inner) {
                                Some(TypeInner::Struct { .. }) => GlobalForm::FlatBlock,
                                _ => GlobalForm::WrappedBlock,
                            }
                        }
                        _ => GlobalForm::Plain,
                    };
                    (namer.call(&global.name), form)
                }
            };
            global_names.insert(g, name);
            global_forms.insert(g, form);
        }

        let entry_function = module
            .functions
            .get(entry.function)
            .ok_or_else(|| Error::invalid("entry function handle out of range"))?;
        let mut function_names = BTreeMap::new();
        for &f in &reached_functions {
            if f == entry.function {
                continue;
            }
            if let Some(function) = module.functions.get(f) {
                function_names.insert(f, namer.call(&function.name));
            }
        }
        function_names.insert(entry.function, "main".to_string());

        // Stage inputs and outputs.
        let mut input_texts = Vec::with_capacity(entry_function.params.len());
        for param in &entry_function.params {
            let text = match param.binding {
                Some(IoBinding::BuiltIn(builtin)) => builtin_input(builtin, entry.stage)?,
                Some(IoBinding::Location { .. }) => namer.call(&param.name),
                None => {
                    return Err(Error::invalid(format!(
                        "entry point input `{}` has no binding",
                        param.name
                    )))
                }
            };
            input_texts.push(text);
        }
        let mut output_targets = Vec::with_capacity(entry_function.results.len());
        for result in &entry_function.results {
            let text = match result.binding {
                Some(IoBinding::BuiltIn(builtin)) => builtin_output(builtin)?.to_string(),
                Some(IoBinding::Location { .. }) => {
                    namer.call(result.name.as_deref().unwrap_or("out_value"))
                }
                None => return Err(Error::invalid("entry point output without a binding")),
            };
            output_targets.push(text);
        }

        Ok(Writer {
            module,
            options,
            entry,
            namer,
            struct_names: &shared.struct_names,
            member_names: &shared.member_names,
            constant_names: &shared.constant_names,
            global_names,
            global_forms,
            function_names,
            input_texts,
            output_targets,
            used_types: BTreeSet::new(),
            used_constants: BTreeSet::new(),
            helpers: BTreeSet::new(),
            extensions: BTreeSet::new(),
            zero_filled_privates: Vec::new(),
            reached_functions,
            constant_cache: BTreeMap::new(),
        })
    }

    /// Writes the whole source.
    pub fn write(mut self) -> Result<String, Error> {
        // Globals first: `main` needs to know which private globals it must zero.
        let globals = self.write_globals()?;
        let io = self.write_io()?;

        let mut functions = String::new();
        let reached = self.reached_functions.clone();
        for f in reached {
            let text = crate::body::write_function(&mut self, f)?;
            functions.push('\n');
            functions.push_str(&text);
        }

        let constants = self.write_constants()?;
        let structs = self.write_structs()?;

        let mut out = CodeWriter::new();
        out.line("#version 450");
        if self.options.line_directives {
            self.extensions.insert(EXT_LINE_DIRECTIVE);
        }
        for ext in &self.extensions {
            out.line_fmt(format_args!("#extension {ext} : require"));
        }
        match self.entry.stage {
            ShaderStage::Compute => {
                // A size given by a specialization constant is `local_size_x_id` with the same
                // id, next to its default (glslang declares a `uint` twin of the constant).
                let mut sizes = Vec::with_capacity(3);
                for ((n, id), axis) in self
                    .entry
                    .workgroup_size
                    .iter()
                    .zip(self.entry.workgroup_size_spec_ids(self.module))
                    .zip(["x", "y", "z"])
                {
                    sizes.push(format!("local_size_{axis} = {}", n.max(&1)));
                    if let Some(id) = id {
                        let id = layout_value(
                            "local_size_id",
                            id,
                            GLSLANG_MAX_SPEC_ID,
                            &self.entry.name,
                        )?;
                        sizes.push(format!("local_size_{axis}_id = {id}"));
                    }
                }
                out.line("");
                out.line_fmt(format_args!("layout({}) in;", sizes.join(", ")));
            }
            ShaderStage::Fragment if self.entry.early_depth_test => {
                out.line("");
                out.line("layout(early_fragment_tests) in;");
            }
            _ => {}
        }
        for section in [&structs, &constants, &io, &globals] {
            if !section.is_empty() {
                out.line("");
                out.raw(section);
            }
        }
        let mut helpers = String::new();
        let mut written: BTreeSet<Helper> = BTreeSet::new();
        let all: Vec<Helper> = self.helpers.iter().copied().collect();
        for helper in all {
            for h in [helper.dependency(), Some(helper)].into_iter().flatten() {
                if written.insert(h) {
                    let ty = |s: Scalar, size: Option<VectorSize>| shape_name(s, size);
                    helpers.push('\n');
                    helpers.push_str(&h.definition(&ty));
                }
            }
        }
        out.raw(&helpers);
        out.raw(&functions);
        Ok(out.finish())
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// The GLSL name of a type (arrays as `base[N]`), marking structs as used.
    pub fn type_ctor(&mut self, ty: Handle<Type>) -> Result<String, Error> {
        let (base, suffix) = self.type_parts(ty)?;
        Ok(format!("{base}{suffix}"))
    }

    /// `T name` or `T name[N]`.
    pub fn decl(&mut self, ty: Handle<Type>, name: &str) -> Result<String, Error> {
        // Scalars and vectors (most temporaries) are written straight into the result.
        let simple = match *self.inner(ty)? {
            TypeInner::Scalar(s) => Some((s, None)),
            TypeInner::Vector { size, scalar } => Some((scalar, Some(size))),
            _ => None,
        };
        if let Some((s, size)) = simple {
            self.note_scalar(s);
            let mut text = String::with_capacity(8 + name.len());
            match size {
                Some(size) => {
                    text.push_str(vector_prefix(s));
                    text.push(match size {
                        VectorSize::Bi => '2',
                        VectorSize::Tri => '3',
                        VectorSize::Quad => '4',
                    });
                }
                None => text.push_str(scalar_name(s)),
            }
            text.push(' ');
            text.push_str(name);
            return Ok(text);
        }
        let (base, suffix) = self.type_parts(ty)?;
        Ok(format!("{base} {name}{suffix}"))
    }

    /// The element type name and the array dimensions (`[3][4]`, `[]`) of a type.
    pub fn type_parts(&mut self, ty: Handle<Type>) -> Result<(String, String), Error> {
        let mut suffix = String::new();
        let mut current = ty;
        // Arrays of arrays nest at most as deep as the arena is long.
        for _ in 0..=self.module.types.len() {
            let inner = luma_back::shape_of(self.inner(current)?);
            match inner {
                TypeInner::Array { base, size } => {
                    match size {
                        ArraySize::Constant(n) => suffix.push_str(&format!("[{n}]")),
                        ArraySize::Runtime => suffix.push_str("[]"),
                    }
                    current = base;
                }
                TypeInner::Struct { .. } => {
                    self.used_types.insert(current.index());
                    let name = self
                        .struct_names
                        .get(current.index())
                        .cloned()
                        .flatten()
                        .ok_or_else(|| Error::invalid("struct without a name"))?;
                    return Ok((name, suffix));
                }
                other => return Ok((self.inner_name(&other)?, suffix)),
            }
        }
        Err(Error::invalid("array type nesting forms a cycle"))
    }

    /// The name of a scalar, vector, matrix, atomic, image or sampler type.
    pub fn inner_name(&mut self, inner: &TypeInner) -> Result<String, Error> {
        let scalar_used = inner.scalar();
        if let Some(s) = scalar_used {
            self.note_scalar(s);
        }
        Ok(match *inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar_name(s).to_string(),
            TypeInner::Vector { size, scalar } => vector_name(size, scalar),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => matrix_name(columns, rows, scalar),
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => texture_type_name(dim, arrayed, class),
            TypeInner::Sampler { comparison } => {
                if comparison {
                    "samplerShadow".to_string()
                } else {
                    "sampler".to_string()
                }
            }
            TypeInner::Array { .. } | TypeInner::Struct { .. } | TypeInner::Pointer { .. } => {
                return Err(Error::invalid("expected a scalar, vector or matrix type"))
            }
        })
    }

    /// Enables the extensions a scalar needs.
    pub fn note_scalar(&mut self, s: Scalar) {
        if s.kind == ScalarKind::Float && s.width == 2 {
            self.extensions.insert(EXT_FLOAT16);
            self.extensions.insert(EXT_16BIT_STORAGE);
        }
    }

    /// A type by handle.
    pub fn inner(&self, ty: Handle<Type>) -> Result<&'a TypeInner, Error> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid("type handle out of range"))
    }

    /// Member `index` of struct `ty`: its name and type.
    pub fn member(&self, ty: Handle<Type>, index: u32) -> Result<(String, Handle<Type>), Error> {
        let TypeInner::Struct { members } = self.inner(ty)? else {
            return Err(Error::invalid(
                "member access on a type that is not a struct",
            ));
        };
        let member = members
            .get(index as usize)
            .ok_or_else(|| Error::invalid("struct member index out of range"))?;
        let name = self
            .member_names
            .get(ty.index())
            .and_then(|names| names.get(index as usize))
            .cloned()
            .ok_or_else(|| Error::invalid("struct member without a name"))?;
        Ok((name, member.ty))
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    /// The expression that stands for constant `c` in code: its name when it is a named
    /// constant, its value otherwise.
    pub fn constant_ref(&mut self, c: Handle<Constant>) -> Result<Expr, Error> {
        if let Some(name) = self.constant_names.get(&c) {
            let name = name.clone();
            self.mark_constant(c)?;
            return Ok(Expr::name(name));
        }
        self.constant_value(c)
    }

    /// Marks `c` as declared, with every named constant its value refers to.
    fn mark_constant(&mut self, c: Handle<Constant>) -> Result<(), Error> {
        // Most references are to a constant already marked: no stack needed for those.
        if self.used_constants.contains(&c) {
            return Ok(());
        }
        let mut stack = vec![c];
        while let Some(c) = stack.pop() {
            if !self.used_constants.insert(c) {
                continue;
            }
            let constant = self
                .module
                .constants
                .get(c)
                .ok_or_else(|| Error::invalid("constant handle out of range"))?;
            if let ConstantValue::Composite(parts) = &constant.value {
                stack.extend(parts.iter().copied());
            }
        }
        Ok(())
    }

    /// The value of constant `c` written out (a literal or constructor), named parts by name.
    /// Composite constants nest; the walk keeps its own stack.
    pub fn constant_value(&mut self, root: Handle<Constant>) -> Result<Expr, Error> {
        if let Some(e) = self.constant_cache.get(&root) {
            return Ok(e.clone());
        }
        let mut stack: Vec<(Handle<Constant>, bool)> = vec![(root, false)];
        // Constants whose parts are being written: meeting one again is a cycle.
        // (A set, not a table as long as the module's constants: this runs once per constant.)
        let mut open = std::collections::BTreeSet::new();
        while let Some((c, parts_done)) = stack.pop() {
            if self.constant_cache.contains_key(&c) {
                continue;
            }
            let constant = self
                .module
                .constants
                .get(c)
                .ok_or_else(|| Error::invalid("constant handle out of range"))?;
            let expr = match &constant.value {
                ConstantValue::Scalar(lit) => literal(*lit, self),
                ConstantValue::Zero => self.zero_value(constant.ty)?,
                ConstantValue::Composite(parts) => {
                    if !parts_done {
                        if !open.insert(c) {
                            return Err(Error::invalid("constant refers to itself"));
                        }
                        stack.push((c, true));
                        for &p in parts {
                            let named = self.constant_names.contains_key(&p);
                            if !named {
                                stack.push((p, false));
                            }
                        }
                        continue;
                    }
                    let mut texts = Vec::with_capacity(parts.len());
                    for &p in parts {
                        let e = if let Some(name) = self.constant_names.get(&p) {
                            let name = name.clone();
                            self.mark_constant(p)?;
                            name
                        } else {
                            self.constant_cache
                                .get(&p)
                                .cloned()
                                .ok_or_else(|| Error::invalid("constant refers to itself"))?
                                .text
                        };
                        texts.push(e);
                    }
                    let ctor = self.type_ctor(constant.ty)?;
                    // `vec3(1.0)` rather than `vec3(1.0, 1.0, 1.0)`.
                    let splat = matches!(self.inner(constant.ty)?, TypeInner::Vector { .. })
                        && texts.windows(2).all(|w| w.first() == w.get(1));
                    match texts.first() {
                        Some(first) if splat => Expr::primary(format!("{ctor}({first})")),
                        _ => Expr::primary(format!("{ctor}({})", texts.join(", "))),
                    }
                }
            };
            self.constant_cache.insert(c, expr);
        }
        self.constant_cache
            .get(&root)
            .cloned()
            .ok_or_else(|| Error::invalid("constant could not be written"))
    }

    /// The zero value of a constructible type, as a constant expression.
    pub fn zero_value(&mut self, ty: Handle<Type>) -> Result<Expr, Error> {
        // Types name only earlier types, so building every needed type's zero in arena order
        // needs no recursion. Sets of the types `ty` is made of, not tables as long as the
        // arena up to `ty`: a zero of each of thousands of struct types was quadratic.
        let mut pending = BTreeSet::from([ty.index()]);
        let mut needed = BTreeSet::new();
        while let Some(i) = pending.pop_last() {
            needed.insert(i);
            match self.inner(Handle::from_index(i as u32))? {
                TypeInner::Array { base, .. } => mark(&mut pending, *base, i)?,
                TypeInner::Struct { members } => {
                    for m in members {
                        mark(&mut pending, m.ty, i)?;
                    }
                }
                _ => {}
            }
        }
        let mut zeros: BTreeMap<usize, String> = BTreeMap::new();
        for i in needed {
            let h = Handle::from_index(i as u32);
            let text = match self.inner(h)?.clone() {
                TypeInner::Scalar(s) => zero_scalar(s).to_string(),
                TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
                    let inner = self.inner(h)?.clone();
                    let s = inner
                        .scalar()
                        .ok_or_else(|| Error::invalid("vector without a scalar"))?;
                    format!("{}({})", self.inner_name(&inner)?, zero_scalar(s))
                }
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => {
                    let element = zeros
                        .get(&base.index())
                        .cloned()
                        .ok_or_else(|| Error::invalid("array element has no zero value"))?;
                    let ctor = self.type_ctor(h)?;
                    let parts = vec![element; n as usize];
                    format!("{ctor}({})", parts.join(", "))
                }
                TypeInner::Struct { members } => {
                    let mut parts = Vec::with_capacity(members.len());
                    for m in &members {
                        parts.push(
                            zeros
                                .get(&m.ty.index())
                                .cloned()
                                .ok_or_else(|| Error::invalid("member has no zero value"))?,
                        );
                    }
                    let ctor = self.type_ctor(h)?;
                    format!("{ctor}({})", parts.join(", "))
                }
                _ => {
                    return Err(Error::invalid(
                        "zero value of a type that is not constructible",
                    ))
                }
            };
            zeros.insert(i, text);
        }
        let text = zeros
            .remove(&ty.index())
            .ok_or_else(|| Error::invalid("no zero value"))?;
        Ok(if matches!(self.inner(ty)?, TypeInner::Scalar(_)) {
            Expr::name(text)
        } else {
            Expr::primary(text)
        })
    }

    /// Whether `ty` contains an array too large to zero with a constructor.
    pub fn has_large_array(&self, ty: Handle<Type>) -> bool {
        luma_ir::proc::any_subtype(
            &self.module.types,
            ty,
            |inner| matches!(inner, TypeInner::Array { size: ArraySize::Constant(n), .. } if *n > MAX_ZERO_CONSTRUCTOR_ELEMENTS),
        )
    }

    /// Declarations of the named constants the code used, each after the constants it names.
    fn write_constants(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        let mut done = BTreeSet::new();
        let mut open = BTreeSet::new();
        // In arena order, as the set is ordered by handle.
        let used: Vec<Handle<Constant>> = self.used_constants.iter().copied().collect();
        for root in used {
            // Post-order over named parts so each is declared before its users.
            let mut stack = vec![(root, false)];
            while let Some((c, expanded)) = stack.pop() {
                if done.contains(&c) {
                    continue;
                }
                let constant = self
                    .module
                    .constants
                    .get(c)
                    .ok_or_else(|| Error::invalid("constant handle out of range"))?;
                if !expanded {
                    if !open.insert(c) {
                        return Err(Error::invalid("constant refers to itself"));
                    }
                    stack.push((c, true));
                    if let ConstantValue::Composite(parts) = &constant.value {
                        stack.extend(parts.iter().map(|&p| (p, false)));
                    }
                    continue;
                }
                done.insert(c);
                let Some(name) = self.constant_names.get(&c).cloned() else {
                    continue;
                };
                let value = self.constant_value(c)?;
                let decl = self.decl(constant.ty, &name)?;
                match constant.spec_id {
                    Some(id) => {
                        let source = constant.name.as_deref().unwrap_or(&name);
                        let id = layout_value("constant_id", id, GLSLANG_MAX_SPEC_ID, source)?;
                        out.line_fmt(format_args!(
                            "layout(constant_id = {id}) const {decl} = {};",
                            value.text
                        ));
                    }
                    None => out.line_fmt(format_args!("const {decl} = {};", value.text)),
                }
            }
        }
        Ok(out.finish())
    }

    /// Struct declarations for every struct the output names, members before their users.
    fn write_structs(&mut self) -> Result<String, Error> {
        // Members name earlier types: taking the types from the last one down closes the set.
        let mut pending = std::mem::take(&mut self.used_types);
        while let Some(i) = pending.pop_last() {
            self.used_types.insert(i);
            let h = Handle::from_index(i as u32);
            let mut deps = Vec::new();
            match self.inner(h)? {
                TypeInner::Struct { members } => deps.extend(members.iter().map(|m| m.ty)),
                TypeInner::Array { base, .. } => deps.push(*base),
                _ => {}
            }
            for d in deps {
                if d.index() >= i {
                    return Err(Error::invalid("type refers to a later type"));
                }
                pending.insert(d.index());
            }
        }
        let mut out = CodeWriter::new();
        for i in self.used_types.clone() {
            let h = Handle::from_index(i as u32);
            let TypeInner::Struct { members } = self.inner(h)? else {
                continue;
            };
            let name = self
                .struct_names
                .get(i)
                .cloned()
                .flatten()
                .ok_or_else(|| Error::invalid("struct without a name"))?;
            if !out.as_str().is_empty() {
                out.line("");
            }
            out.open(format!("struct {name} {{"));
            for (index, m) in members.iter().enumerate() {
                let (member_name, _) = self.member(h, index as u32)?;
                let decl = self.decl(m.ty, &member_name)?;
                out.line_fmt(format_args!("{decl};"));
            }
            out.close("};");
        }
        Ok(out.finish())
    }

    // -----------------------------------------------------------------------------------------
    // Globals and stage I/O

    fn write_globals(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        // The globals this entry point reaches, in arena order (not every global of the module
        // for each of its entry points).
        let reached: Vec<(Handle<GlobalVariable>, GlobalForm)> = self
            .global_forms
            .iter()
            .map(|(&h, form)| (h, form.clone()))
            .collect();
        for (h, form) in reached {
            let global = self
                .module
                .globals
                .get(h)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            let name = self.global_names.get(&h).cloned().unwrap_or_default();
            match form {
                GlobalForm::CombinedSampler => {}
                GlobalForm::FlatBlock | GlobalForm::WrappedBlock => {
                    self.write_block(&mut out, h, global, &name, form == GlobalForm::FlatBlock)?;
                }
                GlobalForm::CombinedTexture => {
                    let binding = resource_binding(global)?;
                    let ty = self.combined_type(global)?;
                    out.line_fmt(format_args!(
                        "{binding} uniform {ty} {name}{};",
                        self.array_suffix(global.ty)?
                    ));
                }
                GlobalForm::Plain => match global.space {
                    AddressSpace::Handle => {
                        let decl = self.decl(global.ty, &name)?;
                        let element = self.element_type(global.ty)?;
                        let storage = match self.inner(element)? {
                            TypeInner::Image { class, .. } => {
                                storage_image_qualifiers(self.entry_image_class(h, *class))
                            }
                            _ => None,
                        };
                        match storage {
                            Some((format, memory)) => {
                                let args = binding_args(global)?;
                                out.line_fmt(format_args!(
                                    "layout({args}, {format}) uniform {memory}{decl};"
                                ));
                            }
                            None => {
                                let binding = resource_binding(global)?;
                                out.line_fmt(format_args!("{binding} uniform {decl};"));
                            }
                        }
                    }
                    AddressSpace::Workgroup => {
                        let decl = self.decl(global.ty, &name)?;
                        out.line_fmt(format_args!("shared {decl};"));
                    }
                    AddressSpace::Private => {
                        let decl = self.decl(global.ty, &name)?;
                        match global.init {
                            Some(init) => {
                                let value = self.constant_ref(init)?;
                                out.line_fmt(format_args!("{decl} = {};", value.text));
                            }
                            None if self.has_large_array(global.ty) => {
                                // Too large for a constructor: `main` zeroes it first.
                                self.zero_filled_privates.push(h);
                                out.line_fmt(format_args!("{decl};"));
                            }
                            None => {
                                let value = self.zero_value(global.ty)?;
                                out.line_fmt(format_args!("{decl} = {};", value.text));
                            }
                        }
                    }
                    other => {
                        return Err(Error::invalid(format!(
                            "global `{}` in address space {other:?} has no GLSL declaration",
                            global.name
                        )))
                    }
                },
            }
        }
        Ok(out.finish())
    }

    /// The class of storage image `g` as this entry point uses it: a `read_write` image that
    /// the entry point's functions only load (or only query) is `readonly` (Vulkan wants that of vertex and
    /// fragment storage images unless `vertexPipelineStoresAndAtomics` /
    /// `fragmentStoresAndAtomics` is on), one they only store is `writeonly`, as in SPIR-V.
    fn entry_image_class(&self, g: Handle<GlobalVariable>, class: ImageClass) -> ImageClass {
        let ImageClass::Storage {
            format,
            access: ImageAccess::ReadWrite,
        } = class
        else {
            return class;
        };
        let functions = self
            .reached_functions
            .iter()
            .filter_map(|&f| self.module.functions.get(f));
        let access = luma_back::image_access(functions, g);
        ImageClass::Storage { format, access }
    }

    /// A uniform, storage or push-constant block.
    fn write_block(
        &mut self,
        out: &mut CodeWriter,
        handle: Handle<GlobalVariable>,
        global: &GlobalVariable,
        name: &str,
        flat: bool,
    ) -> Result<(), Error> {
        let (layout, keyword) = match global.space {
            AddressSpace::Uniform => (format!("{}, std140", binding_args(global)?), "uniform"),
            AddressSpace::Storage { access } => {
                // A buffer a graphics entry point never writes is `readonly` even where
                // another entry point of the source writes it, as in SPIR-V (its read-only
                // twin): Vulkan wants that of vertex-stage buffers unless
                // `vertexPipelineStoresAndAtomics` is on. Atomics need a writable block,
                // whatever the program does with them.
                let written = access == StorageAccess::ReadWrite
                    && (self.entry.stage == ShaderStage::Compute
                        || self.reached_functions.iter().any(|&f| {
                            self.module
                                .functions
                                .get(f)
                                .is_none_or(|function| luma_back::writes_global(function, handle))
                        }));
                let read_only =
                    !written && !luma_ir::proc::contains_atomic(&self.module.types, global.ty);
                (
                    format!("{}, std430", binding_args(global)?),
                    if read_only {
                        "readonly buffer"
                    } else {
                        "buffer"
                    },
                )
            }
            AddressSpace::PushConstant => ("push_constant, std430".to_string(), "uniform"),
            _ => return Err(Error::invalid("block in a non-buffer address space")),
        };
        let block_name = self.namer.call(&format!("{}_block", global.name));
        out.open(format!("layout({layout}) {keyword} {block_name} {{"));
        if flat {
            let TypeInner::Struct { members } = self.inner(global.ty)? else {
                return Err(Error::invalid("flattened block of a non-struct type"));
            };
            for index in 0..members.len() {
                let (member_name, member_ty) = self.member(global.ty, index as u32)?;
                let decl = self.decl(member_ty, &member_name)?;
                out.line_fmt(format_args!("{decl};"));
            }
            out.close(format!("}} {name};"));
        } else {
            let decl = self.decl(global.ty, name)?;
            out.line_fmt(format_args!("{decl};"));
            out.close("};");
        }
        Ok(())
    }

    /// The combined sampler type for the texture half of a combined sampler.
    fn combined_type(&mut self, texture: &GlobalVariable) -> Result<String, Error> {
        let id = texture
            .combined
            .as_ref()
            .map(|c| c.id)
            .ok_or_else(|| Error::invalid("combined texture without its pairing"))?;
        let comparison = self.module.globals.iter().any(|(_, g)| {
            g.combined
                .as_ref()
                .is_some_and(|c| c.id == id && c.role == CombinedRole::Sampler)
                && self.element_type(g.ty).is_ok_and(|t| {
                    matches!(self.inner(t), Ok(TypeInner::Sampler { comparison: true }))
                })
        });
        let element = self.element_type(texture.ty)?;
        match self.inner(element)? {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => {
                let shadow = comparison && matches!(class, ImageClass::Depth { .. });
                Ok(combined_type_name(*dim, *arrayed, *class, shadow))
            }
            _ => Err(Error::invalid("combined texture half is not a texture")),
        }
    }

    /// The innermost element type of (arrays of) `ty`.
    pub fn element_type(&self, ty: Handle<Type>) -> Result<Handle<Type>, Error> {
        let mut current = ty;
        for _ in 0..=self.module.types.len() {
            match self.inner(current)? {
                TypeInner::Array { base, .. } => current = *base,
                _ => return Ok(current),
            }
        }
        Err(Error::invalid("array type nesting forms a cycle"))
    }

    fn array_suffix(&mut self, ty: Handle<Type>) -> Result<String, Error> {
        let mut suffix = String::new();
        let mut current = ty;
        for _ in 0..=self.module.types.len() {
            match self.inner(current)? {
                TypeInner::Array { base, size } => {
                    match size {
                        ArraySize::Constant(n) => suffix.push_str(&format!("[{n}]")),
                        ArraySize::Runtime => suffix.push_str("[]"),
                    }
                    current = *base;
                }
                _ => return Ok(suffix),
            }
        }
        Err(Error::invalid("array type nesting forms a cycle"))
    }

    /// `layout(location = N) in/out` declarations of the entry point's inputs and outputs.
    fn write_io(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        let function = self
            .module
            .functions
            .get(self.entry.function)
            .ok_or_else(|| Error::invalid("entry function handle out of range"))?;
        let stage = self.entry.stage;
        for (index, param) in function.params.iter().enumerate() {
            if let Some(IoBinding::Location {
                location,
                interpolation,
            }) = param.binding
            {
                let name = self.input_texts.get(index).cloned().unwrap_or_default();
                let qualifier = if stage == ShaderStage::Fragment {
                    self.interpolation(param.ty, interpolation)?
                } else {
                    ""
                };
                let decl = self.decl(param.ty, &name)?;
                out.line_fmt(format_args!(
                    "layout(location = {location}) {qualifier}in {decl};"
                ));
            }
        }
        for (index, result) in function.results.iter().enumerate() {
            if let Some(IoBinding::Location {
                location,
                interpolation,
            }) = result.binding
            {
                let name = self.output_targets.get(index).cloned().unwrap_or_default();
                let qualifier = if stage == ShaderStage::Vertex {
                    self.interpolation(result.ty, interpolation)?
                } else {
                    ""
                };
                let decl = self.decl(result.ty, &name)?;
                out.line_fmt(format_args!(
                    "layout(location = {location}) {qualifier}out {decl};"
                ));
            }
        }
        Ok(out.finish())
    }

    /// The interpolation qualifier (with a trailing space) of a vertex output or fragment
    /// input; integers are always `flat`.
    fn interpolation(
        &self,
        ty: Handle<Type>,
        interpolation: Interpolation,
    ) -> Result<&'static str, Error> {
        let integer = matches!(
            self.inner(ty)?.scalar_kind(),
            Some(ScalarKind::Sint | ScalarKind::Uint)
        );
        Ok(match interpolation {
            _ if integer => "flat ",
            Interpolation::Flat => "flat ",
            Interpolation::NoPerspective => "noperspective ",
            Interpolation::Smooth => "",
        })
    }
}

fn mark(needed: &mut BTreeSet<usize>, ty: Handle<Type>, of: usize) -> Result<(), Error> {
    if ty.index() >= of {
        return Err(Error::invalid("type refers to a later type"));
    }
    needed.insert(ty.index());
    Ok(())
}

/// `layout(set = G, binding = B)`.
fn resource_binding(global: &GlobalVariable) -> Result<String, Error> {
    Ok(format!("layout({})", binding_args(global)?))
}

fn binding_args(global: &GlobalVariable) -> Result<String, Error> {
    let b = global
        .binding
        .ok_or_else(|| Error::invalid(format!("resource `{}` has no binding", global.name)))?;
    layout_value("set", b.group, GLSLANG_MAX_SET, &global.name)?;
    layout_value("binding", b.binding, GLSLANG_MAX_BINDING, &global.name)?;
    Ok(format!("set = {}, binding = {}", b.group, b.binding))
}

/// The largest `set`, `binding` and `constant_id` glslang (the reference GLSL compiler, inside
/// shaderc too) accepts: it keeps layout values in bit fields, and reports a larger one as "too
/// large" (`TQualifier::layoutSetEnd`, `layoutBindingEnd` and `layoutSpecConstantIdEnd`, each one
/// past the largest).
const GLSLANG_MAX_SET: u32 = 62;
const GLSLANG_MAX_BINDING: u32 = 65534;
const GLSLANG_MAX_SPEC_ID: u32 = 2046;

/// `value` as the layout qualifier `what` of `name`, or E0934 past `most`.
fn layout_value(what: &str, value: u32, most: u32, name: &str) -> Result<u32, Error> {
    if value > most {
        return Err(Error::new(
            codes::LAYOUT_VALUE_TOO_LARGE,
            format!(
                "`{name}`: {what} {value} is above {most}, the largest glslang accepts in a GLSL \
                 layout qualifier"
            ),
        )
        .about_global(name));
    }
    Ok(value)
}

/// The text of a builtin input.
fn builtin_input(builtin: BuiltIn, stage: ShaderStage) -> Result<String, Error> {
    Ok(match builtin {
        BuiltIn::Position if stage == ShaderStage::Fragment => "gl_FragCoord",
        BuiltIn::VertexIndex => "uint(gl_VertexIndex)",
        BuiltIn::InstanceIndex => "uint(gl_InstanceIndex)",
        BuiltIn::FrontFacing => "gl_FrontFacing",
        BuiltIn::SampleIndex => "uint(gl_SampleID)",
        BuiltIn::SampleMask => "uint(gl_SampleMaskIn[0])",
        BuiltIn::LocalInvocationId => "gl_LocalInvocationID",
        BuiltIn::LocalInvocationIndex => "gl_LocalInvocationIndex",
        BuiltIn::GlobalInvocationId => "gl_GlobalInvocationID",
        BuiltIn::WorkgroupId => "gl_WorkGroupID",
        BuiltIn::NumWorkgroups => "gl_NumWorkGroups",
        other => {
            return Err(Error::invalid(format!(
                "builtin `{}` is not an input of the {} stage",
                other.as_str(),
                stage.as_str()
            )))
        }
    }
    .to_string())
}

/// The variable a builtin output is written to.
fn builtin_output(builtin: BuiltIn) -> Result<&'static str, Error> {
    Ok(match builtin {
        BuiltIn::Position => "gl_Position",
        BuiltIn::FragDepth => "gl_FragDepth",
        BuiltIn::SampleMask => "gl_SampleMask[0]",
        other => {
            return Err(Error::invalid(format!(
                "builtin `{}` is not an output",
                other.as_str()
            )))
        }
    })
}

/// `float`, `int`, `uint`, `bool`, `float16_t`.
pub(crate) fn scalar_name(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "bool",
        (ScalarKind::Sint, _) => "int",
        (ScalarKind::Uint, _) => "uint",
        (ScalarKind::Float, 2) => "float16_t",
        (ScalarKind::Float, _) => "float",
    }
}

/// `vec3`, `ivec2`, `bvec4`, `f16vec3`.
pub(crate) fn vector_name(size: VectorSize, s: Scalar) -> String {
    format!("{}{}", vector_prefix(s), size.count())
}

/// `vec`, `ivec`, `bvec`, `f16vec`: a vector type name without its size.
fn vector_prefix(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "bvec",
        (ScalarKind::Sint, _) => "ivec",
        (ScalarKind::Uint, _) => "uvec",
        (ScalarKind::Float, 2) => "f16vec",
        (ScalarKind::Float, _) => "vec",
    }
}

/// `mat4`, `mat2x3`, `f16mat3x3`.
pub(crate) fn matrix_name(columns: VectorSize, rows: VectorSize, s: Scalar) -> String {
    let prefix = if s.width == 2 { "f16mat" } else { "mat" };
    if columns == rows {
        format!("{prefix}{}", columns.count())
    } else {
        format!("{prefix}{}x{}", columns.count(), rows.count())
    }
}

/// A scalar or vector type name.
pub(crate) fn shape_name(s: Scalar, size: Option<VectorSize>) -> String {
    match size {
        None => scalar_name(s).to_string(),
        Some(size) => vector_name(size, s),
    }
}

fn image_parts(dim: ImageDimension, arrayed: bool, class: ImageClass) -> (&'static str, String) {
    let (prefix, multisampled) = match class {
        ImageClass::Sampled { kind, multisampled } => (
            match kind {
                ScalarKind::Sint => "i",
                ScalarKind::Uint => "u",
                _ => "",
            },
            multisampled,
        ),
        ImageClass::Depth { multisampled } => ("", multisampled),
        ImageClass::Storage { format, .. } => (
            match format.kind() {
                ScalarKind::Sint => "i",
                ScalarKind::Uint => "u",
                _ => "",
            },
            false,
        ),
    };
    let dim = match dim {
        ImageDimension::D2 => "2D",
        ImageDimension::D3 => "3D",
        ImageDimension::Cube => "Cube",
    };
    let ms = if multisampled { "MS" } else { "" };
    let array = if arrayed { "Array" } else { "" };
    (prefix, format!("{dim}{ms}{array}"))
}

/// `texture2D`, `itexture2DArray`, `texture2DMS`: a texture without a sampler; `image2D`,
/// `uimage2DArray`: a storage image.
pub(crate) fn texture_type_name(dim: ImageDimension, arrayed: bool, class: ImageClass) -> String {
    let (prefix, rest) = image_parts(dim, arrayed, class);
    if matches!(class, ImageClass::Storage { .. }) {
        return format!("{prefix}image{rest}");
    }
    format!("{prefix}texture{rest}")
}

/// The layout format and memory qualifier of a storage image (`rgba8`, `writeonly `), or
/// `None` for other types.
fn storage_image_qualifiers(class: ImageClass) -> Option<(&'static str, &'static str)> {
    match class {
        ImageClass::Storage { format, access } => Some((
            format.as_str(),
            match access {
                ImageAccess::Read => "readonly ",
                ImageAccess::Write => "writeonly ",
                ImageAccess::ReadWrite => "",
            },
        )),
        _ => None,
    }
}

/// `sampler2D`, `sampler2DShadow`, `usampler3D`: a texture with its sampler.
pub(crate) fn combined_type_name(
    dim: ImageDimension,
    arrayed: bool,
    class: ImageClass,
    shadow: bool,
) -> String {
    let (prefix, rest) = image_parts(dim, arrayed, class);
    let shadow = if shadow { "Shadow" } else { "" };
    format!("{prefix}sampler{rest}{shadow}")
}

/// The zero literal of a scalar.
pub(crate) fn zero_scalar(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "false",
        (ScalarKind::Sint, _) => "0",
        (ScalarKind::Uint, _) => "0u",
        (ScalarKind::Float, 2) => "0.0hf",
        (ScalarKind::Float, _) => "0.0",
    }
}

/// The literal one of a numeric scalar.
pub(crate) fn one_scalar(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "true",
        (ScalarKind::Sint, _) => "1",
        (ScalarKind::Uint, _) => "1u",
        (ScalarKind::Float, 2) => "1.0hf",
        (ScalarKind::Float, _) => "1.0",
    }
}

/// A literal as GLSL text. Infinities and NaNs have no literal: they are rebuilt from their
/// bits.
pub(crate) fn literal(lit: Literal, w: &mut Writer<'_>) -> Expr {
    match lit {
        Literal::Bool(b) => Expr::name(if b { "true" } else { "false" }),
        Literal::I32(i32::MIN) => Expr::with_prec("-2147483647 - 1", Prec::Additive),
        Literal::I32(v) if v < 0 => Expr {
            cheap: true,
            ..Expr::with_prec(v.to_string(), Prec::Unary)
        },
        Literal::I32(v) => Expr::name(v.to_string()),
        Literal::U32(v) => Expr::name(format!("{v}u")),
        Literal::F32(v) => float_literal(v, ""),
        Literal::F16(bits) => {
            w.note_scalar(Scalar::F16);
            let v = luma_ir::proc::f16_to_f32(bits);
            if v.is_finite() {
                float_literal(v, "hf")
            } else {
                Expr::primary(format!(
                    "float16_t(uintBitsToFloat({:#010X}u))",
                    v.to_bits()
                ))
            }
        }
    }
}

/// A finite float with the shortest text that reads back as the same value; infinities and
/// NaNs through their bits.
pub(crate) fn float_literal(v: f32, suffix: &str) -> Expr {
    if !v.is_finite() {
        return Expr::primary(
            format!("uintBitsToFloat({:#010X}u)", v.to_bits()).replace("0X", "0x"),
        );
    }
    // `{:?}` is the shortest round-trip form and always has a `.` or an exponent.
    let text = format!("{v:?}{suffix}");
    if v.is_sign_negative() {
        Expr {
            cheap: true,
            ..Expr::with_prec(text, Prec::Unary)
        }
    } else {
        Expr::name(text)
    }
}
