//! The module writer: names, types and their host layouts, constants, globals, entry point
//! interfaces and the order of the output's sections.
//!
//! Sections, in order: `enable` and `diagnostic` directives, structs (plain declarations,
//! then std140 spellings, in type order), constants and overrides, globals, helper functions,
//! and the functions the entry points reach (callees first, entry points last). Function
//! bodies are written first, into their own buffer, so the sections before them list only what
//! the bodies used.

use std::collections::{BTreeMap, BTreeSet};

use luma_back::{CallGraph, CodeWriter, Namer, Prec};
use luma_base::Handle;
use luma_ir::layout::{round_up, LayoutKind, LayoutRule, Layouter};
use luma_ir::{
    AddressSpace, ArraySize, BuiltIn, Constant, ConstantValue, Function, GlobalVariable,
    ImageAccess, ImageClass, ImageDimension, Interpolation, IoBinding, Literal, Module, Op,
    SampleLevel, Scalar, ScalarKind, ShaderStage, StmtKind, StorageAccess, StorageFormat, Type,
    TypeInner, ValueDef,
};

use crate::codes;
use crate::helpers::{matrix_name, Helper};
use crate::keywords::{RESERVED, RESERVED_PREFIXES};
use crate::layout::{self, Contexts, HostLayouts, NameKind, Repr};
use crate::{Error, Options};

/// An expression's text with how tightly it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expr {
    /// The WGSL text.
    pub text: String,
    /// Its precedence, for parenthesizing it as an operand.
    pub prec: Prec,
    /// Whether repeating it costs nothing (a name, a literal, a member or constant index).
    pub cheap: bool,
    /// Whether WGSL would evaluate it when the shader (or pipeline) is created: it names only
    /// literals, constants and overrides.
    pub konst: bool,
    /// The `If`/loop variables it reads, for the parallel assignment of loop-carried values.
    pub reads: Vec<u32>,
}

impl Expr {
    /// A name of a run-time value.
    pub fn name(text: impl Into<String>) -> Expr {
        Expr {
            text: text.into(),
            prec: Prec::Primary,
            cheap: true,
            konst: false,
            reads: Vec::new(),
        }
    }

    /// A primary expression that may be costly (a call, a constructor).
    pub fn primary(text: impl Into<String>) -> Expr {
        Expr {
            cheap: false,
            ..Expr::name(text)
        }
    }

    /// An expression of precedence `prec`.
    pub fn with_prec(text: impl Into<String>, prec: Prec) -> Expr {
        Expr {
            prec,
            ..Expr::primary(text)
        }
    }

    /// The same expression marked as a constant expression.
    pub fn konst(self) -> Expr {
        Expr {
            konst: true,
            ..self
        }
    }
}

/// Writes a whole module.
pub(crate) struct Writer<'a> {
    pub module: &'a Module,
    #[allow(dead_code)]
    pub options: &'a Options,
    /// Module-scope names; each function starts its own namer from a copy.
    pub namer: Namer,
    pub struct_names: Vec<Option<String>>,
    pub member_names: Vec<Vec<String>>,
    /// Names of declared constants and overrides (`None`: written out where used).
    pub constant_names: Vec<Option<String>>,
    pub global_names: Vec<String>,
    /// Per global: the name of its `var<storage, read>` declaration for functions that only
    /// vertex entry points reach (WebGPU gives vertex shaders no writable storage), when the
    /// program declares the buffer read_write.
    pub vertex_read_names: Vec<Option<String>>,
    /// Per global: whether a function outside the vertex stage uses it (it keeps its own
    /// declaration).
    pub used_outside_vertex: Vec<bool>,
    /// Per function: whether only vertex entry points reach it.
    pub vertex_only: Vec<bool>,
    /// Per global: for a read_write storage image that entry points use with different
    /// accesses, its declarations and the one each function uses (see [`plan_image_access`]).
    pub image_plans: Vec<Option<ImagePlan>>,
    pub function_names: Vec<String>,
    /// Output struct names of entry functions with several results.
    pub output_structs: Vec<Option<String>>,
    pub layouts: HostLayouts,
    pub used_types: Vec<bool>,
    pub used_std140: Vec<bool>,
    pub used_constants: Vec<bool>,
    pub helpers: BTreeSet<Helper>,
    /// Conversions from std140 spellings to plain values that the code calls.
    pub converters: Vec<Option<String>>,
    pub enable_f16: bool,
    /// Whether the output declares arrays of textures or samplers (naga's
    /// `enable wgpu_binding_array;`).
    pub enable_binding_array: bool,
    reached_functions: Vec<Handle<Function>>,
    reached_globals: Vec<Handle<GlobalVariable>>,
    /// Per function, by index: its entry point, if it is an entry function.
    pub entries: Vec<Option<&'a luma_ir::EntryPoint>>,
    constant_cache: Vec<Option<Expr>>,
    /// Per global: for a push-constant block holding arrays, its flat immediate declaration
    /// and the copy that rebuilds it (see [`ImmediateCopy`]).
    immediate_copies: Vec<Option<ImmediateCopy>>,
    /// Per function: the push-constant blocks it reads itself.
    function_push_constants: Vec<Vec<Handle<GlobalVariable>>>,
}

/// A push-constant block that holds arrays, which WGSL immediates cannot (Tint: "arrays cannot
/// be used in the <immediate> address space"). Its data is declared flat, one member per
/// scalar, vector or matrix at the layouter's offset, and each function that reads the block
/// first copies it into a local variable of the block's own type and name, which the code
/// reads as it would read the block (a local, not one `var<private>`: Tint's uniformity
/// analysis counts every read of a private variable as non-uniform).
#[derive(Debug, Clone)]
pub(crate) struct ImmediateCopy {
    /// The flat struct's name.
    struct_name: String,
    /// The `var<immediate>`'s name.
    var_name: String,
    /// Per flat member: its name, its type's text and its `@size` when that is not the type's
    /// own size.
    members: Vec<(String, String, Option<u32>)>,
    /// The block's value rebuilt from the flat members.
    value: String,
    /// The text of the block's own type.
    block_type: String,
}

/// At most this many flat members in an [`ImmediateCopy`]: immediate data is small (WebGPU
/// and Vulkan guarantee 64 and 128 bytes), and the bound keeps a huge block from producing a
/// huge output.
const MAX_IMMEDIATE_MEMBERS: usize = 1024;

impl<'a> Writer<'a> {
    /// Prepares names and layouts.
    pub fn new(module: &'a Module, options: &'a Options) -> Result<Self, Error> {
        for entry in &module.entry_points {
            if !matches!(
                entry.stage,
                ShaderStage::Vertex | ShaderStage::Fragment | ShaderStage::Compute
            ) {
                return Err(Error::new(
                    codes::UNSUPPORTED_STAGE,
                    format!(
                        "WGSL has no {} stage (entry point `{}`)",
                        entry.stage.as_str(),
                        entry.name
                    ),
                ));
            }
        }
        let (mut namer, entry_names) = entry_point_names(module);
        let graph = CallGraph::new(module);
        let mut reached = vec![false; module.functions.len()];
        let mut reached_globals = BTreeSet::new();
        for entry in &module.entry_points {
            for f in graph.reachable(entry.function) {
                if let Some(slot) = reached.get_mut(f.index()) {
                    *slot = true;
                }
            }
            reached_globals.extend(graph.reachable_globals(entry.function));
        }
        let reached_functions: Vec<Handle<Function>> = module
            .functions
            .handles()
            .filter(|h| reached.get(h.index()) == Some(&true))
            .collect();
        let reached_globals: Vec<Handle<GlobalVariable>> = reached_globals.into_iter().collect();
        let mut function_push_constants = vec![Vec::new(); module.functions.len()];
        for &f in &reached_functions {
            let blocks: Vec<Handle<GlobalVariable>> = graph
                .direct_globals(f)
                .iter()
                .copied()
                .filter(|g| {
                    module
                        .globals
                        .get(*g)
                        .is_some_and(|v| v.space == AddressSpace::PushConstant)
                })
                .collect();
            if let Some(slot) = function_push_constants.get_mut(f.index()) {
                *slot = blocks;
            }
        }
        for &g in &reached_globals {
            // WGSL's immediate data excludes f16 (naga: "not supported in immediates"), as
            // Direct3D root constants are 32-bit words.
            if let Some(global) = module.globals.get(g) {
                if global.space == AddressSpace::PushConstant
                    && luma_ir::proc::contains_f16(&module.types, global.ty)
                {
                    return Err(Error::new(
                        codes::UNSUPPORTED_IMMEDIATE,
                        format!(
                            "`{}`: WGSL immediates (push constants) cannot hold `half` values; \
                             pass them as `float`, or in a uniform or storage buffer",
                            global.name
                        ),
                    )
                    .about_global(&global.name));
                }
            }
        }

        let mut function_names = vec![String::new(); module.functions.len()];
        for (entry, name) in module.entry_points.iter().zip(entry_names) {
            if let Some(slot) = function_names.get_mut(entry.function.index()) {
                *slot = name;
            }
        }

        let mut struct_names = vec![None; module.types.len()];
        let mut member_names = vec![Vec::new(); module.types.len()];
        for (h, ty) in module.types.iter() {
            if let TypeInner::Struct { members } = &ty.inner {
                let name = namer.call(ty.name.as_deref().unwrap_or("Struct"));
                let mut members_namer = Namer::new(RESERVED, RESERVED_PREFIXES);
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

        let runtime_only = runtime_only_constants(module)?;
        let mut constant_names = vec![None; module.constants.len()];
        for (h, c) in module.constants.iter() {
            let declared = c.spec_id.is_some()
                || (c.name.is_some() && runtime_only.get(h.index()) != Some(&true));
            if declared {
                let name = namer.call(c.name.as_deref().unwrap_or("SPEC"));
                if let Some(slot) = constant_names.get_mut(h.index()) {
                    *slot = Some(name);
                }
            }
        }

        let mut global_names = vec![String::new(); module.globals.len()];
        for &g in &reached_globals {
            let global = module
                .globals
                .get(g)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            if let Some(slot) = global_names.get_mut(g.index()) {
                *slot = namer.call(&global.name);
            }
        }

        let vertex_plan =
            plan_vertex_storage(module, &graph, &reached_globals, &global_names, &mut namer);
        let image_plans =
            plan_image_access(module, &graph, &reached_globals, &global_names, &mut namer);

        for &f in &reached_functions {
            let Some(function) = module.functions.get(f) else {
                continue;
            };
            if let Some(slot) = function_names.get_mut(f.index()) {
                if slot.is_empty() {
                    *slot = namer.call(&function.name);
                }
            }
        }

        let mut output_structs = vec![None; module.functions.len()];
        for entry in &module.entry_points {
            let function = module
                .functions
                .get(entry.function)
                .ok_or_else(|| Error::invalid("entry function handle out of range"))?;
            if function.results.len() > 1 {
                if let Some(slot) = output_structs.get_mut(entry.function.index()) {
                    if slot.is_none() {
                        *slot = Some(namer.call(&format!("{}Output", pascal_case(&entry.name))));
                    }
                }
            }
        }

        // Which memory each type lives in, from the globals down through members.
        let n = module.types.len();
        let mut contexts = Contexts {
            uniform: vec![false; n],
            host430: vec![false; n],
        };
        for &g in &reached_globals {
            let Some(global) = module.globals.get(g) else {
                continue;
            };
            let slot = match global.space {
                AddressSpace::Uniform => contexts.uniform.get_mut(global.ty.index()),
                AddressSpace::Storage { .. } | AddressSpace::PushConstant => {
                    contexts.host430.get_mut(global.ty.index())
                }
                _ => None,
            };
            if let Some(slot) = slot {
                *slot = true;
            }
        }
        for i in (0..n).rev() {
            let h = Handle::<Type>::from_index(i as u32);
            let children: Vec<Handle<Type>> = match module.types.get(h).map(|t| &t.inner) {
                Some(TypeInner::Array { base, .. }) => vec![*base],
                Some(TypeInner::Struct { members }) => members.iter().map(|m| m.ty).collect(),
                _ => Vec::new(),
            };
            let (u, s) = (
                contexts.uniform.get(i) == Some(&true),
                contexts.host430.get(i) == Some(&true),
            );
            for c in children {
                if c.index() >= i {
                    return Err(Error::invalid("type refers to a later type"));
                }
                if u {
                    if let Some(slot) = contexts.uniform.get_mut(c.index()) {
                        *slot = true;
                    }
                }
                if s {
                    if let Some(slot) = contexts.host430.get_mut(c.index()) {
                        *slot = true;
                    }
                }
            }
        }
        let layouts = layout::compute(&module.types, &contexts, |h, kind| {
            let base = match module.types.get(h).map(|t| &t.inner) {
                Some(TypeInner::Matrix {
                    columns,
                    rows,
                    scalar,
                }) => matrix_name(*columns, *rows, *scalar),
                Some(TypeInner::Array { base, .. }) => match module.types.get(*base) {
                    Some(t) => match &t.inner {
                        TypeInner::Scalar(s) => shape_name(*s, None),
                        TypeInner::Vector { size, scalar } => shape_name(*scalar, Some(*size)),
                        TypeInner::Matrix {
                            columns,
                            rows,
                            scalar,
                        } => matrix_name(*columns, *rows, *scalar),
                        _ => t.name.clone().unwrap_or_else(|| "Element".into()),
                    },
                    None => "Element".into(),
                },
                Some(_) => struct_names
                    .get(h.index())
                    .cloned()
                    .flatten()
                    .unwrap_or_else(|| "Struct".into()),
                None => "Type".into(),
            };
            let suffix = match kind {
                NameKind::Columns | NameKind::Struct => "std140",
                NameKind::Wrapper => "std140_element",
            };
            namer.call(&format!("{base}_{suffix}"))
        })?;

        let mut writer = Writer {
            module,
            options,
            namer,
            struct_names,
            member_names,
            constant_names,
            global_names,
            vertex_read_names: vertex_plan.read_names,
            used_outside_vertex: vertex_plan.used_outside,
            vertex_only: vertex_plan.vertex_only,
            image_plans,
            function_names,
            output_structs,
            layouts,
            used_types: vec![false; n],
            used_std140: vec![false; n],
            used_constants: vec![false; module.constants.len()],
            helpers: BTreeSet::new(),
            converters: vec![None; n],
            enable_f16: false,
            enable_binding_array: false,
            reached_functions,
            reached_globals,
            entries: luma_ir::proc::entry_point_by_function(module),
            constant_cache: vec![None; module.constants.len()],
            immediate_copies: vec![None; module.globals.len()],
            function_push_constants,
        };
        writer.plan_immediate_copies()?;
        Ok(writer)
    }

    /// Plans an [`ImmediateCopy`] for every reached push-constant block that holds an array.
    fn plan_immediate_copies(&mut self) -> Result<(), Error> {
        let module = self.module;
        let mut layouter = Layouter::new(&module.types, LayoutRule::Std430);
        for g in self.reached_globals.clone() {
            let Some(global) = module.globals.get(g) else {
                continue;
            };
            if global.space != AddressSpace::PushConstant
                || !luma_ir::proc::contains_array(&module.types, global.ty)
            {
                continue;
            }
            let name = self
                .global_names
                .get(g.index())
                .cloned()
                .unwrap_or_default();
            let var_name = self.namer.call(&format!("{name}_immediate"));
            let struct_name = self.namer.call(&format!("{}Immediate", pascal_case(&name)));
            let mut flat = FlatImmediate {
                var_name: &var_name,
                namer: Namer::new(RESERVED, RESERVED_PREFIXES),
                leaves: Vec::new(),
                too_many: false,
            };
            let value = self.flatten_immediate(&mut layouter, &mut flat, global.ty, 0, "", 0)?;
            // `flatten_immediate` stops once past the bound, checking before each member: the
            // member that crosses it is only counted here.
            if flat.too_many || flat.leaves.len() > MAX_IMMEDIATE_MEMBERS {
                return Err(Error::new(
                    codes::UNSUPPORTED_IMMEDIATE,
                    format!(
                        "`{}`: a push-constant block with arrays is written as one WGSL \
                         immediate member per element, and this one would need more than \
                         {MAX_IMMEDIATE_MEMBERS}; pass the data in a uniform or storage buffer",
                        global.name
                    ),
                )
                .about_global(&global.name));
            }
            let total = layouter
                .size(global.ty)
                .map_err(|e| Error::invalid(e.to_string()))?
                .ok_or_else(|| Error::invalid("runtime-sized push-constant block"))?;
            let mut members = Vec::with_capacity(flat.leaves.len());
            let mut struct_align = 1;
            for (_, ty, _) in &flat.leaves {
                let align = self.layouts.plain.get(ty.index()).map_or(1, |e| e.align);
                struct_align = struct_align.max(align);
            }
            for (i, (leaf_name, ty, offset)) in flat.leaves.iter().enumerate() {
                let end = flat.leaves.get(i + 1).map_or(total, |next| next.2);
                let extent = self
                    .layouts
                    .plain
                    .get(ty.index())
                    .copied()
                    .ok_or_else(|| Error::invalid("type without a layout"))?;
                // WGSL places a member at its own alignment after the previous one; the
                // layouter's offsets are aligned at least as much, so sizing each member up to
                // the next offset puts every one where the layouter does.
                if offset % extent.align != 0 || extent.size.is_none_or(|size| end < offset + size)
                {
                    return Err(Error::invalid(format!(
                        "push-constant member `{leaf_name}` at offset {offset} does not fit WGSL's layout"
                    )));
                }
                // The last member needs no `@size` when WGSL's rounding of the struct's size
                // reaches the end by itself.
                let natural_end = match (extent.size, i + 1 == flat.leaves.len()) {
                    (Some(size), true) => round_up(offset + size, struct_align),
                    (Some(size), false) => Some(offset + size),
                    (None, _) => None,
                };
                let natural_end = natural_end.unwrap_or(0);
                let size = (natural_end != end).then_some(end - offset);
                members.push((leaf_name.clone(), self.type_text(*ty)?, size));
            }
            let block_type = self.type_text(global.ty)?;
            if let Some(slot) = self.immediate_copies.get_mut(g.index()) {
                *slot = Some(ImmediateCopy {
                    struct_name,
                    var_name,
                    members,
                    value,
                    block_type,
                });
            }
        }
        Ok(())
    }

    /// Adds the flat members of a value of type `ty` at byte `offset` of a push-constant block,
    /// named after `path`, and returns the text that rebuilds the value from them.
    fn flatten_immediate(
        &mut self,
        layouter: &mut Layouter<'_>,
        flat: &mut FlatImmediate<'_>,
        ty: Handle<Type>,
        offset: u32,
        path: &str,
        depth: usize,
    ) -> Result<String, Error> {
        // Types nest at most the verifier's depth; the bound keeps a malformed module from
        // recursing without end.
        if depth > 4 * 256 {
            return Err(Error::invalid("push-constant type nested too deeply"));
        }
        if flat.leaves.len() > MAX_IMMEDIATE_MEMBERS {
            flat.too_many = true;
            return Ok(String::new());
        }
        let layout = layouter
            .layout(ty)
            .map_err(|e| Error::invalid(e.to_string()))?
            .clone();
        let join = |part: &str| {
            if path.is_empty() {
                part.to_string()
            } else {
                format!("{path}_{part}")
            }
        };
        match (self.inner(ty)?.clone(), layout.kind) {
            (TypeInner::Struct { members }, LayoutKind::Struct { offsets }) => {
                let mut parts = Vec::with_capacity(members.len());
                for (index, (m, o)) in members.iter().zip(offsets).enumerate() {
                    let (member, _) = self.member(ty, index as u32)?;
                    parts.push(self.flatten_immediate(
                        layouter,
                        flat,
                        m.ty,
                        offset + o,
                        &join(&member),
                        depth + 1,
                    )?);
                }
                Ok(format!("{}({})", self.type_text(ty)?, parts.join(", ")))
            }
            (
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                },
                LayoutKind::Array { stride },
            ) => {
                let mut parts = Vec::new();
                for i in 0..n {
                    if flat.too_many {
                        break;
                    }
                    parts.push(self.flatten_immediate(
                        layouter,
                        flat,
                        base,
                        offset + i * stride,
                        &join(&i.to_string()),
                        depth + 1,
                    )?);
                }
                Ok(format!("{}({})", self.type_text(ty)?, parts.join(", ")))
            }
            (TypeInner::Array { .. } | TypeInner::Struct { .. }, _) => Err(Error::invalid(
                "push-constant type whose layout does not match its shape",
            )),
            _ => {
                let name = flat
                    .namer
                    .call(if path.is_empty() { "value" } else { path });
                let text = format!("{}.{name}", flat.var_name);
                flat.leaves.push((name, ty, offset));
                Ok(text)
            }
        }
    }

    /// The statements a function starts with: a local copy, under the block's own name, of
    /// each push-constant block it reads that WGSL declares flat.
    pub(crate) fn function_prologue(&self, function: Handle<Function>) -> Vec<String> {
        let blocks = self
            .function_push_constants
            .get(function.index())
            .map_or(&[][..], |b| b.as_slice());
        blocks
            .iter()
            .filter_map(|g| {
                let copy = self.immediate_copies.get(g.index())?.as_ref()?;
                let name = self.global_names.get(g.index())?;
                Some(format!("var {name}: {} = {};", copy.block_type, copy.value))
            })
            .collect()
    }

    /// Writes the whole module.
    pub fn write(mut self) -> Result<String, Error> {
        let mut functions = String::new();
        let entry_functions: Vec<Handle<Function>> = self
            .module
            .entry_points
            .iter()
            .map(|e| e.function)
            .collect();
        // Helpers first, entry points last, each in arena order.
        let is_entry =
            |f: &Handle<Function>| self.entries.get(f.index()).is_some_and(Option::is_some);
        let mut order: Vec<Handle<Function>> = self
            .reached_functions
            .iter()
            .copied()
            .filter(|f| !is_entry(f))
            .collect();
        // Each entry function once (a function is listed by index, not searched for: modules
        // may have thousands of entry points).
        let mut listed = vec![false; self.module.functions.len()];
        for e in &entry_functions {
            if let Some(seen @ false) = listed.get_mut(e.index()) {
                *seen = true;
                order.push(*e);
            }
        }
        for f in order {
            let text = crate::templates::disambiguate(crate::body::write_function(&mut self, f)?);
            functions.push('\n');
            functions.push_str(&text);
        }
        let globals = self.write_globals()?;
        let converters = self.write_converters()?;
        let constants = self.write_constants()?;
        let outputs = self.write_output_structs()?;
        let structs = self.write_structs()?;

        let mut out = CodeWriter::new();
        let mut directives = Vec::new();
        if self.enable_f16 {
            directives.push("enable f16;".to_string());
        }
        if self.enable_binding_array {
            directives.push("enable wgpu_binding_array;".to_string());
        }
        if self.needs_derivative_directive()? {
            directives.push("diagnostic(off, derivative_uniformity);".to_string());
        }
        for d in &directives {
            out.line(d);
        }
        for section in [&structs, &outputs, &constants, &globals] {
            if !section.is_empty() {
                if !out.as_str().is_empty() {
                    out.line("");
                }
                out.raw(section);
            }
        }
        let mut helpers = String::new();
        for helper in self.helpers.clone() {
            helpers.push('\n');
            helpers.push_str(&helper.definition());
        }
        out.raw(&helpers);
        out.raw(&converters);
        let text = out.finish();
        let mut text = text;
        if text.is_empty() {
            functions = functions.trim_start_matches('\n').to_string();
        }
        text.push_str(&functions);
        Ok(text)
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// A type by handle.
    pub fn inner(&self, ty: Handle<Type>) -> Result<&'a TypeInner, Error> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid("type handle out of range"))
    }

    /// The plain WGSL spelling of a type, marking structs as used.
    pub fn type_text(&mut self, ty: Handle<Type>) -> Result<String, Error> {
        self.type_text_with(ty, None)
    }

    /// [`Writer::type_text`], with the access of a storage image (or of an array of them)
    /// replaced by `image_access` when given.
    fn type_text_with(
        &mut self,
        ty: Handle<Type>,
        image_access: Option<ImageAccess>,
    ) -> Result<String, Error> {
        // Arrays nest at most as deep as the arena is long: spell them from the inside out.
        let mut chain = Vec::new();
        let mut current = ty;
        for _ in 0..=self.module.types.len() {
            match self.inner(current)? {
                TypeInner::Array { base, size } => {
                    chain.push(*size);
                    current = *base;
                }
                _ => break,
            }
        }
        let mut text = match (self.inner(current)?, image_access) {
            (
                TypeInner::Image {
                    dim,
                    arrayed,
                    class: ImageClass::Storage { format, .. },
                },
                Some(access),
            ) => image_type(
                *dim,
                *arrayed,
                ImageClass::Storage {
                    format: *format,
                    access,
                },
            )?,
            _ => self.leaf_text(current)?,
        };
        // Arrays of textures or samplers are naga's binding arrays (WGSL itself has none).
        let handles = matches!(
            self.inner(current)?,
            TypeInner::Image { .. } | TypeInner::Sampler { .. }
        );
        let array = if handles && !chain.is_empty() {
            self.enable_binding_array = true;
            "binding_array"
        } else {
            "array"
        };
        for size in chain.iter().rev() {
            text = match size {
                ArraySize::Constant(n) => format!("{array}<{text}, {n}>"),
                ArraySize::Runtime => format!("{array}<{text}>"),
            };
        }
        Ok(text)
    }

    /// The name function `f` uses for global `g`: the read-only declaration in functions only
    /// vertex entry points reach, where the buffer has one.
    pub fn global_name_in(&self, f: Handle<Function>, g: Handle<GlobalVariable>) -> Option<String> {
        if let Some(Some(plan)) = self.image_plans.get(g.index()) {
            if let Some(Some(access)) = plan.functions.get(f.index()) {
                if let Some((_, name)) = plan.decls.iter().find(|(a, _)| a == access) {
                    return Some(name.clone());
                }
            }
        }
        if self.vertex_only.get(f.index()) == Some(&true) {
            if let Some(Some(name)) = self.vertex_read_names.get(g.index()) {
                return Some(name.clone());
            }
        }
        self.global_names.get(g.index()).cloned()
    }

    /// [`Writer::type_text_with`] for the declaration of `global`, blaming it when its storage
    /// image access has no WGSL spelling.
    fn global_type_text(
        &mut self,
        global: &GlobalVariable,
        image_access: Option<ImageAccess>,
    ) -> Result<String, Error> {
        self.type_text_with(global.ty, image_access)
            .map_err(|e| match e.code {
                codes::UNSUPPORTED_STORAGE_ACCESS => {
                    Error::new(e.code, format!("`{}`: {}", global.name, e.message))
                        .about_global(&global.name)
                }
                _ => e,
            })
    }

    /// The std140 spelling of a type in uniform memory.
    pub fn type_text_140(&mut self, ty: Handle<Type>) -> Result<String, Error> {
        // Arrays of padded elements nest: spell them from the inside out, without recursion.
        let mut counts = Vec::new();
        let mut current = ty;
        for _ in 0..=self.module.types.len() {
            let repr = self
                .layouts
                .std140
                .get(current.index())
                .cloned()
                .flatten()
                .ok_or_else(|| Error::invalid("type has no uniform layout"))?;
            let text = match repr {
                Repr::Plain => self.type_text(current)?,
                Repr::Columns { name, .. } | Repr::Struct { name } => {
                    self.mark_std140(current);
                    name
                }
                Repr::Wrapped { wrapper } => {
                    self.mark_std140(current);
                    let count = self.array_count(current)?;
                    format!("array<{wrapper}, {count}>")
                }
                Repr::ArrayOfPadded => {
                    let TypeInner::Array { base, .. } = self.inner(current)? else {
                        return Err(Error::invalid("array spelling of a non-array"));
                    };
                    counts.push(self.array_count(current)?);
                    current = *base;
                    continue;
                }
            };
            return Ok(counts
                .iter()
                .rev()
                .fold(text, |inner, n| format!("array<{inner}, {n}>")));
        }
        Err(Error::invalid("array type nesting forms a cycle"))
    }

    fn mark_std140(&mut self, ty: Handle<Type>) {
        if let Some(slot) = self.used_std140.get_mut(ty.index()) {
            *slot = true;
        }
    }

    fn array_count(&self, ty: Handle<Type>) -> Result<u32, Error> {
        match self.inner(ty)? {
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => Ok(*n),
            _ => Err(Error::invalid("expected a fixed-size array")),
        }
    }

    fn leaf_text(&mut self, ty: Handle<Type>) -> Result<String, Error> {
        let inner = self.inner(ty)?;
        if let Some(s) = inner.scalar() {
            self.note_scalar(s);
        }
        Ok(match *inner {
            TypeInner::Scalar(s) => scalar_name(s).to_string(),
            TypeInner::Atomic(s) => format!("atomic<{}>", scalar_name(s)),
            TypeInner::Vector { size, scalar } => vector_name(size, scalar),
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => matrix_name(columns, rows, scalar),
            TypeInner::Struct { .. } => {
                if let Some(slot) = self.used_types.get_mut(ty.index()) {
                    *slot = true;
                }
                self.struct_names
                    .get(ty.index())
                    .cloned()
                    .flatten()
                    .ok_or_else(|| Error::invalid("struct without a name"))?
            }
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => image_type(dim, arrayed, class)?,
            TypeInner::Sampler { comparison } => if comparison {
                "sampler_comparison"
            } else {
                "sampler"
            }
            .to_string(),
            TypeInner::Array { .. } | TypeInner::Pointer { .. } => {
                return Err(Error::invalid("unexpected type"))
            }
        })
    }

    /// Notes the use of a scalar type (`f16` needs `enable f16;`).
    pub fn note_scalar(&mut self, s: Scalar) {
        if s.kind == ScalarKind::Float && s.width == 2 {
            self.enable_f16 = true;
        }
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

    /// The std140 spelling of `ty`. Scalars and vectors are spelled plainly everywhere (a
    /// component of a uniform vector need not itself be a member type).
    pub fn repr_140(&self, ty: Handle<Type>) -> Result<Repr, Error> {
        if let Some(repr) = self.layouts.std140.get(ty.index()).cloned().flatten() {
            return Ok(repr);
        }
        match self.inner(ty)? {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Atomic(_) => {
                Ok(Repr::Plain)
            }
            _ => Err(Error::invalid("type has no uniform layout")),
        }
    }

    /// `text` (a value in the std140 spelling of `ty`) converted to the plain type. `local` is
    /// the namer of the function being written, when the conversion is in one.
    pub fn plain_from_std140(
        &mut self,
        ty: Handle<Type>,
        text: &str,
        local: Option<&mut Namer>,
    ) -> Result<String, Error> {
        match self.repr_140(ty)? {
            Repr::Plain => Ok(text.to_string()),
            Repr::Columns { columns, .. } => {
                let plain = self.type_text(ty)?;
                let parts: Vec<String> = (0..columns).map(|i| format!("{text}.c{i}")).collect();
                Ok(format!("{plain}({})", parts.join(", ")))
            }
            Repr::Wrapped { .. } | Repr::ArrayOfPadded | Repr::Struct { .. } => {
                let name = self.converter(ty, local)?;
                Ok(format!("{name}({text})"))
            }
        }
    }

    /// The name of the function converting the std140 spelling of `ty` to its plain type,
    /// named on first use (by `local`'s function, when in one).
    fn converter(&mut self, ty: Handle<Type>, local: Option<&mut Namer>) -> Result<String, Error> {
        if let Some(Some(name)) = self.converters.get(ty.index()) {
            return Ok(name.clone());
        }
        let base = match self.inner(ty)? {
            TypeInner::Struct { .. } => self
                .struct_names
                .get(ty.index())
                .cloned()
                .flatten()
                .unwrap_or_else(|| "Struct".into()),
            _ => "array".to_string(),
        };
        let base = format!("{base}_from_std140");
        let mut name = self.namer.call(&base);
        if let Some(local) = local {
            // The function's namer was copied before this name was taken: one of its locals
            // may have it already, and would hide the function from the call.
            while !local.is_free(&name) {
                name = self.namer.call(&base);
            }
            local.reserve(&name);
        }
        if let Some(slot) = self.converters.get_mut(ty.index()) {
            *slot = Some(name.clone());
        }
        Ok(name)
    }

    /// Conversion functions, written after the code asked for them (and for those they call).
    fn write_converters(&mut self) -> Result<String, Error> {
        let mut out = String::new();
        let mut done = vec![false; self.module.types.len()];
        // A conversion asks only for conversions of earlier types: walk down from the last.
        let mut texts: Vec<(usize, String)> = Vec::new();
        for i in (0..self.module.types.len()).rev() {
            if self.converters.get(i).is_none_or(|c| c.is_none()) || done.get(i) == Some(&true) {
                continue;
            }
            if let Some(slot) = done.get_mut(i) {
                *slot = true;
            }
            let ty = Handle::from_index(i as u32);
            let name = self.converter(ty, None)?;
            let plain = self.type_text(ty)?;
            let padded = self.type_text_140(ty)?;
            let mut w = CodeWriter::new();
            w.open(format!("fn {name}(v: {padded}) -> {plain} {{"));
            match self.inner(ty)?.clone() {
                TypeInner::Struct { members } => {
                    let mut parts = Vec::with_capacity(members.len());
                    for (index, m) in members.iter().enumerate() {
                        let (member, _) = self.member(ty, index as u32)?;
                        parts.push(self.plain_from_std140(m.ty, &format!("v.{member}"), None)?);
                    }
                    w.line_fmt(format_args!("return {plain}({});", parts.join(", ")));
                }
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => {
                    let element = match self.repr_140(ty)? {
                        Repr::Wrapped { .. } => "source[i].value",
                        _ => "source[i]",
                    };
                    let converted = self.plain_from_std140(base, element, None)?;
                    // Index a variable, not the parameter: not every WGSL implementation
                    // indexes array values at run time.
                    w.line("var source = v;");
                    w.line_fmt(format_args!("var result: {plain};"));
                    w.open(format!("for (var i = 0u; i < {n}u; i++) {{"));
                    w.line_fmt(format_args!("result[i] = {converted};"));
                    w.close("}");
                    w.line("return result;");
                }
                _ => return Err(Error::invalid("conversion of a type without one")),
            }
            w.close("}");
            texts.push((i, w.finish()));
        }
        texts.sort_by_key(|(i, _)| *i);
        for (_, text) in texts {
            out.push('\n');
            out.push_str(&text);
        }
        Ok(out)
    }

    /// Struct declarations: plain structs, std140 variants, column and element wrappers.
    fn write_structs(&mut self) -> Result<String, Error> {
        // Close the used sets over members (members come earlier in the arena).
        for i in (0..self.module.types.len()).rev() {
            let h = Handle::<Type>::from_index(i as u32);
            if self.used_types.get(i) == Some(&true) {
                if let TypeInner::Struct { members } = self.inner(h)? {
                    for m in members {
                        self.type_text(m.ty)?;
                    }
                }
            }
            if self.used_std140.get(i) == Some(&true) {
                match self.repr_140(h)? {
                    Repr::Struct { .. } => {
                        if let TypeInner::Struct { members } = self.inner(h)? {
                            for m in members {
                                self.type_text_140(m.ty)?;
                            }
                        }
                    }
                    Repr::Wrapped { .. } => {
                        if let TypeInner::Array { base, .. } = self.inner(h)? {
                            self.type_text_140(*base)?;
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut out = CodeWriter::new();
        for i in 0..self.module.types.len() {
            let h = Handle::<Type>::from_index(i as u32);
            if self.used_types.get(i) == Some(&true) {
                if let TypeInner::Struct { members } = self.inner(h)? {
                    let name = self
                        .struct_names
                        .get(i)
                        .cloned()
                        .flatten()
                        .ok_or_else(|| Error::invalid("struct without a name"))?;
                    let sizes = self.layouts.plain_sizes.get(i).cloned().unwrap_or_default();
                    let mut lines = Vec::with_capacity(members.len());
                    for (index, m) in members.iter().enumerate() {
                        let (member, _) = self.member(h, index as u32)?;
                        let ty = self.type_text(m.ty)?;
                        lines.push(member_line(
                            sizes.get(index).copied().flatten(),
                            &member,
                            &ty,
                        ));
                    }
                    write_struct(&mut out, &name, &lines);
                }
            }
            if self.used_std140.get(i) != Some(&true) {
                continue;
            }
            match self.repr_140(h)? {
                Repr::Plain | Repr::ArrayOfPadded => {}
                Repr::Columns { name, columns } => {
                    let TypeInner::Matrix { rows, scalar, .. } = *self.inner(h)? else {
                        return Err(Error::invalid("column wrapper of a non-matrix"));
                    };
                    let column = vector_name(rows, scalar);
                    let lines: Vec<String> = (0..columns)
                        .map(|c| member_line(Some(16), &format!("c{c}"), &column))
                        .collect();
                    write_struct(&mut out, &name, &lines);
                }
                Repr::Wrapped { wrapper } => {
                    let TypeInner::Array { base, .. } = *self.inner(h)? else {
                        return Err(Error::invalid("element wrapper of a non-array"));
                    };
                    let stride = self
                        .layouts
                        .std140_extent
                        .get(i)
                        .copied()
                        .flatten()
                        .and_then(|e| e.size)
                        .map(|size| size / self.array_count(h).unwrap_or(1).max(1))
                        .ok_or_else(|| Error::invalid("wrapped array without a size"))?;
                    let element = self.type_text_140(base)?;
                    write_struct(
                        &mut out,
                        &wrapper,
                        &[member_line(Some(stride), "value", &element)],
                    );
                }
                Repr::Struct { name } => {
                    let TypeInner::Struct { members } = self.inner(h)? else {
                        return Err(Error::invalid("std140 struct of a non-struct"));
                    };
                    let sizes = self
                        .layouts
                        .std140_sizes
                        .get(i)
                        .cloned()
                        .unwrap_or_default();
                    let mut lines = Vec::with_capacity(members.len());
                    for (index, m) in members.iter().enumerate() {
                        let (member, _) = self.member(h, index as u32)?;
                        let ty = self.type_text_140(m.ty)?;
                        lines.push(member_line(
                            sizes.get(index).copied().flatten(),
                            &member,
                            &ty,
                        ));
                    }
                    write_struct(&mut out, &name, &lines);
                }
            }
        }
        Ok(out.finish())
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    /// The expression for constant `c`: its name when declared, its value otherwise.
    pub fn constant_ref(&mut self, c: Handle<Constant>) -> Result<Expr, Error> {
        if let Some(Some(name)) = self.constant_names.get(c.index()) {
            let name = name.clone();
            self.mark_constant(c)?;
            return Ok(Expr::name(name).konst());
        }
        self.constant_value(c)
    }

    fn mark_constant(&mut self, c: Handle<Constant>) -> Result<(), Error> {
        let mut stack = vec![c];
        while let Some(c) = stack.pop() {
            match self.used_constants.get_mut(c.index()) {
                Some(used) if !*used => *used = true,
                Some(_) => continue,
                None => return Err(Error::invalid("constant handle out of range")),
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

    /// The value of constant `c` written out, declared parts by name.
    pub fn constant_value(&mut self, root: Handle<Constant>) -> Result<Expr, Error> {
        if let Some(Some(e)) = self.constant_cache.get(root.index()) {
            return Ok(e.clone());
        }
        let mut stack: Vec<(Handle<Constant>, bool)> = vec![(root, false)];
        // Constants whose parts are being written: meeting one again is a cycle.
        // (A set, not a table as long as the module's constants: this runs once per constant.)
        let mut open = std::collections::BTreeSet::new();
        while let Some((c, parts_done)) = stack.pop() {
            if matches!(self.constant_cache.get(c.index()), Some(Some(_))) {
                continue;
            }
            let constant = self
                .module
                .constants
                .get(c)
                .ok_or_else(|| Error::invalid("constant handle out of range"))?;
            let expr = match &constant.value {
                ConstantValue::Scalar(lit) => self.literal(*lit),
                ConstantValue::Zero => {
                    let ty = self.type_text(constant.ty)?;
                    Expr::primary(format!("{ty}()")).konst()
                }
                ConstantValue::Composite(parts) => {
                    if !parts_done {
                        if !open.insert(c) {
                            return Err(Error::invalid("constant refers to itself"));
                        }
                        stack.push((c, true));
                        for &p in parts {
                            if !matches!(self.constant_names.get(p.index()), Some(Some(_))) {
                                stack.push((p, false));
                            }
                        }
                        continue;
                    }
                    let mut texts = Vec::with_capacity(parts.len());
                    let mut konst = true;
                    for &p in parts {
                        let e = if let Some(Some(name)) = self.constant_names.get(p.index()) {
                            let name = name.clone();
                            self.mark_constant(p)?;
                            Expr::name(name).konst()
                        } else {
                            self.constant_cache
                                .get(p.index())
                                .cloned()
                                .flatten()
                                .ok_or_else(|| Error::invalid("constant refers to itself"))?
                        };
                        konst &= e.konst;
                        texts.push(e.text);
                    }
                    let ty = self.type_text(constant.ty)?;
                    let splat = matches!(self.inner(constant.ty)?, TypeInner::Vector { .. })
                        && texts.windows(2).all(|w| w.first() == w.get(1));
                    let text = match texts.first() {
                        Some(first) if splat => format!("{ty}({first})"),
                        _ => format!("{ty}({})", texts.join(", ")),
                    };
                    Expr {
                        konst,
                        ..Expr::primary(text)
                    }
                }
            };
            if let Some(slot) = self.constant_cache.get_mut(c.index()) {
                *slot = Some(expr);
            }
        }
        self.constant_cache
            .get(root.index())
            .cloned()
            .flatten()
            .ok_or_else(|| Error::invalid("constant could not be written"))
    }

    /// A literal. Infinities and NaNs are built at run time from their bits.
    pub fn literal(&mut self, lit: Literal) -> Expr {
        match lit {
            Literal::Bool(b) => Expr::name(if b { "true" } else { "false" }).konst(),
            Literal::I32(i32::MIN) => Expr::primary("i32(-2147483648)").konst(),
            Literal::I32(v) if v < 0 => Expr {
                cheap: true,
                ..Expr::with_prec(format!("{v}i"), Prec::Unary)
            }
            .konst(),
            Literal::I32(v) => Expr::name(format!("{v}i")).konst(),
            Literal::U32(v) => Expr::name(format!("{v}u")).konst(),
            Literal::F32(v) => self.float_literal(v, Scalar::F32),
            Literal::F16(bits) => {
                self.enable_f16 = true;
                let v = luma_ir::proc::f16_to_f32(bits);
                if v.is_finite() {
                    self.float_literal(v, Scalar::F16)
                } else {
                    // The f32 of the same value, narrowed at run time.
                    let wide = self.float_literal(v, Scalar::F32);
                    Expr::primary(format!("f16({})", wide.text))
                }
            }
        }
    }

    fn float_literal(&mut self, v: f32, scalar: Scalar) -> Expr {
        if !v.is_finite() {
            let helper = Helper::FloatFromBits {
                scalar: Scalar::F32,
            };
            self.helpers.insert(helper);
            return Expr::primary(format!("{}({:#x}u)", helper.name(), v.to_bits()));
        }
        let suffix = if scalar.width == 2 { "h" } else { "f" };
        // `{:?}` is the shortest text that reads back as the same value. For `f32::MAX` that text
        // (`3.4028235e38`) is above the maximum, and WGSL rejects a suffixed literal outside its
        // type's finite range before any rounding (Tint: "value cannot be represented as
        // 'f32'"), so such a value is written exactly in hexadecimal.
        let shortest = format!("{v:?}");
        let text = if shortest
            .parse::<f64>()
            .is_ok_and(|d| d.abs() > f64::from(f32::MAX))
        {
            format!("{}{suffix}", hex_float(v))
        } else {
            format!("{shortest}{suffix}")
        };
        if v.is_sign_negative() {
            Expr {
                cheap: true,
                ..Expr::with_prec(text, Prec::Unary)
            }
            .konst()
        } else {
            Expr::name(text).konst()
        }
    }

    /// Declarations of the constants and overrides the code used, each after those it names.
    fn write_constants(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        let mut done = vec![false; self.module.constants.len()];
        let mut open = vec![false; self.module.constants.len()];
        let used: Vec<Handle<Constant>> = self
            .module
            .constants
            .handles()
            .filter(|h| self.used_constants.get(h.index()) == Some(&true))
            .collect();
        for root in used {
            let mut stack = vec![(root, false)];
            while let Some((c, expanded)) = stack.pop() {
                if done.get(c.index()) == Some(&true) {
                    continue;
                }
                let constant = self
                    .module
                    .constants
                    .get(c)
                    .ok_or_else(|| Error::invalid("constant handle out of range"))?;
                if !expanded {
                    match open.get_mut(c.index()) {
                        Some(slot) if !*slot => *slot = true,
                        _ => return Err(Error::invalid("constant refers to itself")),
                    }
                    stack.push((c, true));
                    if let ConstantValue::Composite(parts) = &constant.value {
                        stack.extend(parts.iter().map(|&p| (p, false)));
                    }
                    continue;
                }
                if let Some(slot) = done.get_mut(c.index()) {
                    *slot = true;
                }
                let Some(Some(name)) = self.constant_names.get(c.index()).cloned() else {
                    continue;
                };
                let ty = self.type_text(constant.ty)?;
                match constant.spec_id {
                    Some(id) => {
                        if id > 65535 {
                            return Err(Error::new(
                                codes::UNSUPPORTED_SPEC_CONSTANT,
                                format!(
                                    "WGSL override ids are at most 65535; `{name}` has id {id}"
                                ),
                            ));
                        }
                        let value = self.constant_value(c)?;
                        if !value.konst {
                            return Err(Error::new(
                                codes::UNSUPPORTED_SPEC_CONSTANT,
                                format!(
                                    "the default of specialization constant `{name}` is an \
                                     infinity or NaN, which WGSL overrides cannot hold"
                                ),
                            ));
                        }
                        out.line_fmt(format_args!(
                            "@id({id}) override {name}: {ty} = {};",
                            value.text
                        ));
                    }
                    None => {
                        let value = self.constant_value(c)?;
                        out.line_fmt(format_args!("const {name}: {ty} = {};", value.text));
                    }
                }
            }
        }
        Ok(out.finish())
    }

    // -----------------------------------------------------------------------------------------
    // Globals

    fn write_globals(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        for g in self.reached_globals.clone() {
            let global = self
                .module
                .globals
                .get(g)
                .ok_or_else(|| Error::invalid("global handle out of range"))?;
            let name = self
                .global_names
                .get(g.index())
                .cloned()
                .unwrap_or_default();
            let binding = || -> Result<String, Error> {
                let b = global.binding.ok_or_else(|| {
                    Error::invalid(format!("resource `{}` has no binding", global.name))
                })?;
                Ok(format!(
                    "@group({}) @binding({}) ",
                    attribute_number(b.group),
                    attribute_number(b.binding)
                ))
            };
            if let Some(Some(plan)) = self.image_plans.get(g.index()) {
                // One declaration of the binding per access the entry points need: WGSL
                // allows several when no entry point uses two of them.
                for (access, decl_name) in plan.decls.clone() {
                    let ty = self.global_type_text(global, Some(access))?;
                    out.line_fmt(format_args!("{}var {decl_name}: {ty};", binding()?));
                }
                continue;
            }
            if let Some(Some(read_name)) = self.vertex_read_names.get(g.index()).cloned() {
                let ty = self.type_text(global.ty)?;
                if self.used_outside_vertex.get(g.index()) == Some(&true) {
                    out.line_fmt(format_args!(
                        "{}var<storage, read_write> {name}: {ty};",
                        binding()?
                    ));
                }
                // The same binding again, read-only, for the vertex stage: WGSL allows two
                // declarations of one binding when no entry point uses both.
                out.line_fmt(format_args!(
                    "{}var<storage, read> {read_name}: {ty};",
                    binding()?
                ));
                continue;
            }
            let line = match global.space {
                AddressSpace::Uniform => {
                    let ty = self.type_text_140(global.ty)?;
                    format!("{}var<uniform> {name}: {ty};", binding()?)
                }
                AddressSpace::Storage { access } => {
                    let ty = self.type_text(global.ty)?;
                    // Atomics need a writable buffer, whatever the program does with them.
                    let writable = access == StorageAccess::ReadWrite
                        || luma_ir::proc::contains_atomic(&self.module.types, global.ty);
                    let access = if writable { "read_write" } else { "read" };
                    format!("{}var<storage, {access}> {name}: {ty};", binding()?)
                }
                AddressSpace::PushConstant => {
                    let ty = self.type_text(global.ty)?;
                    match self.immediate_copies.get(g.index()).cloned().flatten() {
                        Some(copy) => {
                            out.open(format!("struct {} {{", copy.struct_name));
                            for (member, member_ty, size) in &copy.members {
                                let size = size.map(|s| format!("@size({s}) ")).unwrap_or_default();
                                out.line_fmt(format_args!("{size}{member}: {member_ty},"));
                            }
                            out.close("}");
                            // Each function that reads the block copies it into a local `var` of
                            // its own (`function_prologue`): Tint counts every read of a
                            // `var<private>` as non-uniform, a barrier under a push constant
                            // included, but follows a local's value.
                            format!("var<immediate> {}: {};", copy.var_name, copy.struct_name)
                        }
                        None => format!("var<immediate> {name}: {ty};"),
                    }
                }
                AddressSpace::Handle => {
                    let ty = self.global_type_text(global, None)?;
                    format!("{}var {name}: {ty};", binding()?)
                }
                AddressSpace::Workgroup => {
                    let ty = self.type_text(global.ty)?;
                    format!("var<workgroup> {name}: {ty};")
                }
                AddressSpace::Private => {
                    let ty = self.type_text(global.ty)?;
                    match global.init {
                        Some(init) => {
                            let value = self.constant_ref(init)?;
                            if !value.konst {
                                return Err(Error::new(
                                    codes::UNSUPPORTED_VALUE,
                                    format!(
                                        "WGSL initializes private variables with constant \
                                         expressions only; the initial value of `{}` is not one",
                                        global.name
                                    ),
                                )
                                .about_global(&global.name));
                            }
                            format!("var<private> {name}: {ty} = {};", value.text)
                        }
                        None => format!("var<private> {name}: {ty};"),
                    }
                }
                other => {
                    return Err(Error::invalid(format!(
                        "global `{}` in address space {other:?} has no WGSL declaration",
                        global.name
                    )))
                }
            };
            out.line(line);
        }
        Ok(out.finish())
    }

    // -----------------------------------------------------------------------------------------
    // Entry points

    fn write_output_structs(&mut self) -> Result<String, Error> {
        let mut out = CodeWriter::new();
        for entry in &self.module.entry_points {
            let Some(Some(name)) = self.output_structs.get(entry.function.index()).cloned() else {
                continue;
            };
            let function = self
                .module
                .functions
                .get(entry.function)
                .ok_or_else(|| Error::invalid("entry function handle out of range"))?;
            let mut members_namer = Namer::new(RESERVED, RESERVED_PREFIXES);
            let mut lines = Vec::with_capacity(function.results.len());
            for result in &function.results {
                let member = members_namer.call(result.name.as_deref().unwrap_or("value"));
                let attrs = self.io_attributes(
                    result.binding,
                    result.ty,
                    entry.stage == ShaderStage::Vertex,
                )?;
                let ty = self.type_text(result.ty)?;
                lines.push(format!("{attrs}{member}: {ty},"));
            }
            if !out.as_str().is_empty() {
                out.line("");
            }
            out.open(format!("struct {name} {{"));
            for line in lines {
                out.line(line);
            }
            out.close("}");
        }
        Ok(out.finish())
    }

    /// `@location(N) @interpolate(...)` or `@builtin(...)`, with a trailing space.
    /// `interpolated` is true for vertex outputs and fragment inputs.
    pub fn io_attributes(
        &self,
        binding: Option<IoBinding>,
        ty: Handle<Type>,
        interpolated: bool,
    ) -> Result<String, Error> {
        Ok(match binding {
            Some(IoBinding::BuiltIn(b)) => format!("@builtin({}) ", builtin_name(b)),
            Some(IoBinding::Location {
                location,
                interpolation,
            }) => {
                let integer = matches!(
                    self.inner(ty)?.scalar_kind(),
                    Some(ScalarKind::Sint | ScalarKind::Uint)
                );
                let interp = if !interpolated {
                    ""
                } else if integer || interpolation == Interpolation::Flat {
                    " @interpolate(flat)"
                } else if interpolation == Interpolation::NoPerspective {
                    " @interpolate(linear)"
                } else {
                    ""
                };
                format!("@location({location}){interp} ")
            }
            None => {
                return Err(Error::invalid(
                    "entry point input or output without a binding",
                ))
            }
        })
    }

    /// Whether the module needs `diagnostic(off, derivative_uniformity);`: a function that
    /// (itself or through calls) takes derivatives has control flow somewhere, so the
    /// derivative may run in non-uniform control flow.
    fn needs_derivative_directive(&self) -> Result<bool, Error> {
        let graph = CallGraph::new(self.module);
        let n = self.module.functions.len();
        let mut derives = vec![false; n];
        let mut branches = vec![false; n];
        for &f in &self.reached_functions {
            let function = self
                .module
                .functions
                .get(f)
                .ok_or_else(|| Error::invalid("function handle out of range"))?;
            for (_, block) in function.blocks.iter() {
                for stmt in &block.stmts {
                    match &stmt.kind {
                        StmtKind::If { .. } | StmtKind::Loop { .. } => {
                            if let Some(slot) = branches.get_mut(f.index()) {
                                *slot = true;
                            }
                        }
                        StmtKind::Value(v) => {
                            let implicit = match function.values.get(*v).map(|v| &v.def) {
                                Some(ValueDef::Op(Op::Derivative { .. })) => true,
                                Some(ValueDef::Op(Op::ImageSample(sample))) => {
                                    matches!(sample.level, SampleLevel::Auto | SampleLevel::Bias(_))
                                }
                                _ => false,
                            };
                            if implicit {
                                if let Some(slot) = derives.get_mut(f.index()) {
                                    *slot = true;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        // Callers of derivative-taking functions take derivatives too (callees come first).
        for &f in &self.reached_functions {
            if graph
                .callees(f)
                .iter()
                .any(|c| derives.get(c.index()) == Some(&true))
            {
                if let Some(slot) = derives.get_mut(f.index()) {
                    *slot = true;
                }
            }
        }
        Ok(derives.iter().zip(&branches).any(|(&d, &b)| d && b))
    }
}

/// A namer holding the entry points' names, and those names in entry point order. Entry points
/// are named first, so they keep their Luma names unless WGSL or a helper reserves them: the
/// pipeline asks for them by name.
pub(crate) fn entry_point_names(module: &Module) -> (Namer, Vec<String>) {
    let mut namer = Namer::new(RESERVED, RESERVED_PREFIXES);
    // Helpers are written under fixed names: a user function, local or entry point of the same
    // name would redefine or hide them, so those names count as reserved.
    for helper in Helper::all() {
        namer.reserve(&helper.name());
    }
    // By function (a list searched per entry point was quadratic in their number).
    let mut by_function: BTreeMap<Handle<Function>, String> = BTreeMap::new();
    let mut names = Vec::with_capacity(module.entry_points.len());
    for entry in &module.entry_points {
        let name = by_function
            .entry(entry.function)
            .or_insert_with(|| namer.call(&entry.name))
            .clone();
        names.push(name);
    }
    (namer, names)
}

/// Which constants cannot be WGSL `const` declarations: those holding an infinity or NaN, or
/// naming an override (a specialization constant) inside a composite.
fn runtime_only_constants(module: &Module) -> Result<Vec<bool>, Error> {
    let n = module.constants.len();
    let mut out = vec![false; n];
    // A composite names other constants; settle them in post-order without recursion.
    let mut state = vec![0u8; n];
    for root in module.constants.handles() {
        let mut stack = vec![(root, false)];
        while let Some((c, expanded)) = stack.pop() {
            if state.get(c.index()) == Some(&2) {
                continue;
            }
            let constant = module
                .constants
                .get(c)
                .ok_or_else(|| Error::invalid("constant handle out of range"))?;
            if !expanded {
                if state.get(c.index()) == Some(&1) {
                    return Err(Error::invalid("constant refers to itself"));
                }
                if let Some(s) = state.get_mut(c.index()) {
                    *s = 1;
                }
                stack.push((c, true));
                if let ConstantValue::Composite(parts) = &constant.value {
                    stack.extend(parts.iter().map(|&p| (p, false)));
                }
                continue;
            }
            let value = match &constant.value {
                ConstantValue::Scalar(Literal::F32(v)) => !v.is_finite(),
                ConstantValue::Scalar(Literal::F16(b)) => {
                    !luma_ir::proc::f16_to_f32(*b).is_finite()
                }
                ConstantValue::Scalar(_) | ConstantValue::Zero => false,
                ConstantValue::Composite(parts) => parts.iter().any(|p| {
                    out.get(p.index()) == Some(&true)
                        || module
                            .constants
                            .get(*p)
                            .is_some_and(|pc| pc.spec_id.is_some())
                }),
            };
            if let Some(slot) = out.get_mut(c.index()) {
                *slot = value && constant.spec_id.is_none();
            }
            if let Some(s) = state.get_mut(c.index()) {
                *s = 2;
            }
        }
    }
    Ok(out)
}

fn member_line(size: Option<u32>, name: &str, ty: &str) -> String {
    match size {
        Some(size) => format!("@size({size}) {name}: {ty},"),
        None => format!("{name}: {ty},"),
    }
}

fn write_struct(out: &mut CodeWriter, name: &str, lines: &[String]) {
    if !out.as_str().is_empty() {
        out.line("");
    }
    out.open(format!("struct {name} {{"));
    for line in lines {
        out.line(line);
    }
    out.close("}");
}

/// `VsMain` from `vs_main`.
fn pascal_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = true;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The flat members of an [`ImmediateCopy`] as they are found.
struct FlatImmediate<'n> {
    var_name: &'n str,
    namer: Namer,
    /// Name, type and byte offset of each member, in offset order.
    leaves: Vec<(String, Handle<Type>, u32)>,
    too_many: bool,
}

/// The exact hexadecimal text of a finite `f32` (WGSL's `0x1.8p+1` form, without a suffix).
fn hex_float(v: f32) -> String {
    let bits = v.to_bits();
    let sign = if v.is_sign_negative() { "-" } else { "" };
    let exponent = ((bits >> 23) & 0xff) as i32;
    // The 23 fraction bits, shifted to fill six hex digits.
    let fraction = (bits & 0x7f_ffff) << 1;
    if exponent == 0 {
        // Subnormal (or zero): 0x0.<fraction>p-126.
        format!("{sign}0x0.{fraction:06x}p-126")
    } else {
        format!("{sign}0x1.{fraction:06x}p{:+}", exponent - 127)
    }
}

/// `bool`, `i32`, `u32`, `f32`, `f16`.
pub(crate) fn scalar_name(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "bool",
        (ScalarKind::Sint, _) => "i32",
        (ScalarKind::Uint, _) => "u32",
        (ScalarKind::Float, 2) => "f16",
        (ScalarKind::Float, _) => "f32",
    }
}

/// `vec3f`, `vec2i`, `vec4u`, `vec3h`, `vec2<bool>`.
pub(crate) fn vector_name(size: luma_ir::VectorSize, s: Scalar) -> String {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => format!("vec{}<bool>", size.count()),
        (ScalarKind::Sint, _) => format!("vec{}i", size.count()),
        (ScalarKind::Uint, _) => format!("vec{}u", size.count()),
        (ScalarKind::Float, 2) => format!("vec{}h", size.count()),
        (ScalarKind::Float, _) => format!("vec{}f", size.count()),
    }
}

/// A `@group` or `@binding` value: an unsuffixed literal is an `i32` in WGSL, so values above
/// `i32::MAX` are written as `u32` literals (Tint rejects them otherwise).
fn attribute_number(value: u32) -> String {
    if i32::try_from(value).is_ok() {
        value.to_string()
    } else {
        format!("{value}u")
    }
}

/// A scalar or vector type name.
pub(crate) fn shape_name(s: Scalar, size: Option<luma_ir::VectorSize>) -> String {
    match size {
        None => scalar_name(s).to_string(),
        Some(size) => vector_name(size, s),
    }
}

fn image_type(dim: ImageDimension, arrayed: bool, class: ImageClass) -> Result<String, Error> {
    let dim_text = match (dim, arrayed) {
        (ImageDimension::D2, false) => "2d",
        (ImageDimension::D2, true) => "2d_array",
        (ImageDimension::D3, false) => "3d",
        (ImageDimension::Cube, false) => "cube",
        (ImageDimension::Cube, true) => "cube_array",
        (ImageDimension::D3, true) => return Err(Error::invalid("3D array texture")),
    };
    if let ImageClass::Storage { format, access } = class {
        let access = match access {
            ImageAccess::Read => "read",
            ImageAccess::Write => "write",
            ImageAccess::ReadWrite => {
                // Core WGSL allows `read_write` only for the single-channel 32-bit formats.
                if !matches!(
                    format,
                    StorageFormat::R32Float | StorageFormat::R32Uint | StorageFormat::R32Sint
                ) {
                    return Err(Error::new(
                        codes::UNSUPPORTED_STORAGE_ACCESS,
                        format!(
                            "WGSL cannot read and write a `{}` storage texture in one shader: \
                             `read_write` takes only `r32f`, `r32ui` and `r32i`",
                            format.as_str()
                        ),
                    ));
                }
                "read_write"
            }
        };
        if dim == ImageDimension::Cube {
            return Err(Error::invalid("a cube storage image"));
        }
        return Ok(format!(
            "texture_storage_{dim_text}<{}, {access}>",
            format.wgsl_name()
        ));
    }
    Ok(match class {
        ImageClass::Sampled {
            kind,
            multisampled: false,
        } => format!("texture_{dim_text}<{}>", sampled_kind(kind)),
        ImageClass::Sampled {
            kind,
            multisampled: true,
        } if dim_text == "2d" => format!("texture_multisampled_2d<{}>", sampled_kind(kind)),
        ImageClass::Depth {
            multisampled: false,
        } if dim != ImageDimension::D3 => format!("texture_depth_{dim_text}"),
        ImageClass::Depth { multisampled: true } if dim_text == "2d" => {
            "texture_depth_multisampled_2d".to_string()
        }
        _ => {
            return Err(Error::new(
                codes::UNSUPPORTED_TEXTURE_OP,
                format!("WGSL has no {dim_text} texture of this kind"),
            ))
        }
    })
}

fn sampled_kind(kind: ScalarKind) -> &'static str {
    match kind {
        ScalarKind::Sint => "i32",
        ScalarKind::Uint => "u32",
        _ => "f32",
    }
}

/// The WGSL builtin name.
pub(crate) fn builtin_name(b: BuiltIn) -> &'static str {
    b.as_str()
}

/// The declarations of one read_write storage image that entry points use with different
/// accesses (see [`plan_image_access`]).
#[derive(Debug, Clone)]
pub(crate) struct ImagePlan {
    /// Each access declared, with its declaration's name.
    decls: Vec<(ImageAccess, String)>,
    /// Per function: the access of the declaration it uses (`None` where it uses none).
    functions: Vec<Option<ImageAccess>>,
}

/// Whether global `g` is a read_write storage buffer (without atomics) or a read_write storage
/// image: vertex shaders read such a global through a read-only declaration of their own.
pub(crate) fn vertex_needs_read_only_twin(module: &Module, g: Handle<GlobalVariable>) -> bool {
    let Some(global) = module.globals.get(g) else {
        return false;
    };
    if global.space
        == (AddressSpace::Storage {
            access: StorageAccess::ReadWrite,
        })
    {
        return !luma_ir::proc::contains_atomic(&module.types, global.ty);
    }
    let mut ty = global.ty;
    if let Some(TypeInner::Array { base, .. }) = module.types.get(ty).map(|t| &t.inner) {
        ty = *base;
    }
    matches!(
        module.types.get(ty).map(|t| &t.inner),
        Some(TypeInner::Image {
            class: ImageClass::Storage {
                access: ImageAccess::ReadWrite,
                ..
            },
            ..
        })
    )
}

/// A storage image's access is one for the whole source, inferred from every entry point, but
/// WGSL takes `read_write` only for `r32f`, `r32ui` and `r32i` and WebGPU gives vertex shaders
/// no writable storage textures: a compute shader that fills an `rgba16f` image a fragment
/// shader reads would not compile. So a read_write image gets one declaration per access its
/// entry points need, each entry point using one: vertex entry points `read`; for the other
/// formats, entry points that only load it `read`, those that only store it `write`; an r32
/// image stays `read_write` outside vertex shaders. A function reached from entry points with
/// different needs uses the union, and so do the other functions of those entry points
/// ([`luma_back::settle_image_access`]); an image that then needs `read_write` everywhere
/// keeps its single declaration.
fn plan_image_access(
    module: &Module,
    graph: &CallGraph,
    reached_globals: &[Handle<GlobalVariable>],
    global_names: &[String],
    namer: &mut Namer,
) -> Vec<Option<ImagePlan>> {
    let mut plans = vec![None; module.globals.len()];
    let reached: Vec<Vec<Handle<Function>>> = module
        .entry_points
        .iter()
        .map(|e| graph.reachable(e.function))
        .collect();
    for &g in reached_globals {
        let (Some(global), Some(format)) = (
            module.globals.get(g),
            luma_back::read_write_image_format(module, g),
        ) else {
            continue;
        };
        // Where WGSL can declare the image read_write (its 32-bit single-channel formats,
        // outside vertex shaders), it keeps the access the source gives it, which reflection
        // reports: only vertex entry points get a read-only declaration.
        let read_write_allowed = matches!(
            format,
            StorageFormat::R32Float | StorageFormat::R32Uint | StorageFormat::R32Sint
        );
        let mut vertex_reach = vec![false; module.functions.len()];
        let mut other_reach = vec![false; module.functions.len()];
        for (entry, fs) in module.entry_points.iter().zip(&reached) {
            let slots = if entry.stage == ShaderStage::Vertex {
                &mut vertex_reach
            } else {
                &mut other_reach
            };
            for f in fs {
                if let Some(slot) = slots.get_mut(f.index()) {
                    *slot = true;
                }
            }
        }
        // What each function that uses the image does with it.
        let own: Vec<Option<ImageAccess>> = module
            .functions
            .iter()
            .map(|(f, function)| {
                if !graph.direct_globals(f).contains(&g) {
                    return None;
                }
                if read_write_allowed && other_reach.get(f.index()) == Some(&true) {
                    return Some(ImageAccess::ReadWrite);
                }
                if read_write_allowed && vertex_reach.get(f.index()) == Some(&true) {
                    return Some(ImageAccess::Read);
                }
                match luma_back::image_uses(function, g) {
                    (true, true) => Some(ImageAccess::ReadWrite),
                    (true, false) => Some(ImageAccess::Read),
                    (false, true) => Some(ImageAccess::Write),
                    // Only queried (`image_size`): any declaration serves.
                    (false, false) => None,
                }
            })
            .collect();
        // Each entry point's need is the union over the functions it reaches; each function
        // using the image takes the union over the entry points that reach it.
        let mut functions = luma_back::settle_image_access(&own, &reached, |f| {
            graph.direct_globals(f).contains(&g)
        });
        // A function that only queries the image (`image_size`) uses its entry points'
        // declaration, or a `read` one (which every format allows) when that is all they do.
        let needs = luma_back::entry_image_needs(&functions, &reached);
        for (fs, need) in reached.iter().zip(&needs) {
            for f in fs {
                if graph.direct_globals(*f).contains(&g) {
                    if let Some(slot) = functions.get_mut(f.index()) {
                        if slot.is_none() {
                            *slot = Some(need.unwrap_or(ImageAccess::Read));
                        }
                    }
                }
            }
        }
        let mut used: Vec<ImageAccess> = Vec::new();
        for access in [
            ImageAccess::ReadWrite,
            ImageAccess::Read,
            ImageAccess::Write,
        ] {
            if functions.contains(&Some(access)) {
                used.push(access);
            }
        }
        if used.is_empty() || used == [ImageAccess::ReadWrite] {
            continue;
        }
        let base = global_names.get(g.index()).cloned().unwrap_or_default();
        let decls = used
            .iter()
            .enumerate()
            .map(|(i, &access)| {
                let name = if i == 0 {
                    base.clone()
                } else {
                    namer.call(&format!("{}_{}", global.name, access.as_str()))
                };
                (access, name)
            })
            .collect();
        if let Some(slot) = plans.get_mut(g.index()) {
            *slot = Some(ImagePlan { decls, functions });
        }
    }
    plans
}

/// How read_write storage buffers reach the vertex stage (see [`plan_vertex_storage`]).
struct VertexStoragePlan {
    read_names: Vec<Option<String>>,
    used_outside: Vec<bool>,
    vertex_only: Vec<bool>,
}

/// WebGPU allows only read-only storage buffers in vertex shaders, while a Luma buffer is
/// read_write when any entry point writes it. A read_write buffer that vertex functions only
/// read gets a second, read-only declaration of its binding, which those functions use. When a
/// vertex function writes the buffer, or when it holds atomics, the buffer stays read_write:
/// wgpu accepts that with its `VERTEX_WRITABLE_STORAGE` feature, browsers do not. (A function
/// that uses it and is reached from both a vertex entry point and another one could name only
/// one of the two declarations: [`crate::write`] gives the vertex entry points a copy of it.)
fn plan_vertex_storage(
    module: &Module,
    graph: &CallGraph,
    reached_globals: &[Handle<GlobalVariable>],
    global_names: &[String],
    namer: &mut Namer,
) -> VertexStoragePlan {
    let n = module.functions.len();
    let mut vertex_reach = vec![false; n];
    let mut other_reach = vec![false; n];
    for entry in &module.entry_points {
        let vertex = entry.stage == ShaderStage::Vertex;
        for f in graph.reachable(entry.function) {
            let slot = if vertex {
                vertex_reach.get_mut(f.index())
            } else {
                other_reach.get_mut(f.index())
            };
            if let Some(slot) = slot {
                *slot = true;
            }
        }
    }
    let vertex_only: Vec<bool> = vertex_reach
        .iter()
        .zip(&other_reach)
        .map(|(v, o)| *v && !*o)
        .collect();
    let mut plan = VertexStoragePlan {
        read_names: vec![None; module.globals.len()],
        used_outside: vec![false; module.globals.len()],
        vertex_only,
    };
    for &g in reached_globals {
        let Some(global) = module.globals.get(g) else {
            continue;
        };
        if global.space
            != (AddressSpace::Storage {
                access: StorageAccess::ReadWrite,
            })
            || luma_ir::proc::contains_atomic(&module.types, global.ty)
        {
            continue;
        }
        let users: Vec<Handle<Function>> = module
            .functions
            .handles()
            .filter(|f| graph.direct_globals(*f).contains(&g))
            .collect();
        let mut vertex_users = users
            .iter()
            .copied()
            .filter(|f| vertex_reach.get(f.index()) == Some(&true))
            .peekable();
        if vertex_users.peek().is_none() {
            continue;
        }
        let mut aliasable = true;
        for f in vertex_users {
            let shared = other_reach.get(f.index()) == Some(&true);
            let writes = module
                .functions
                .get(f)
                .is_none_or(|function| luma_back::writes_global(function, g));
            if shared || writes {
                aliasable = false;
            }
        }
        if !aliasable {
            continue;
        }
        let outside = users
            .iter()
            .any(|f| vertex_reach.get(f.index()) != Some(&true));
        // A buffer only vertex functions use has one declaration, under its own name.
        let read_name = if outside {
            namer.call(&format!("{}_read", global.name))
        } else {
            global_names.get(g.index()).cloned().unwrap_or_default()
        };
        if let Some(slot) = plan.read_names.get_mut(g.index()) {
            *slot = Some(read_name);
        }
        if let Some(slot) = plan.used_outside.get_mut(g.index()) {
            *slot = outside;
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::hex_float;

    #[test]
    fn hex_float_is_exact() {
        assert_eq!(hex_float(f32::MAX), "0x1.fffffep+127");
        assert_eq!(hex_float(-f32::MAX), "-0x1.fffffep+127");
        assert_eq!(hex_float(1.0), "0x1.000000p+0");
        assert_eq!(hex_float(-0.75), "-0x1.800000p-1");
        assert_eq!(hex_float(f32::MIN_POSITIVE), "0x1.000000p-126");
        assert_eq!(hex_float(f32::from_bits(1)), "0x0.000002p-126");
    }
}
