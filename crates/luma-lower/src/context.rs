//! Module-wide lowering state: the IR module being built and the maps from typed-program
//! handles to IR handles.

use std::collections::BTreeMap;

use luma_base::{Handle, SourceMap, Span};
use luma_ir::{
    Constant, DebugSource, Function, GlobalVariable, Literal, Module, Scalar, SourceLoc, Type,
    VectorSize,
};
use luma_thir::{ConstId, GlobalId, Program};

use crate::LowerOptions;

/// The hash map of lowering's caches: rustc's Fx hash, because lowering looks constants up
/// once per literal it meets and SipHash's resistance to chosen keys buys nothing for keys
/// made by the compiler itself. Nothing iterates these maps, so their order never shows.
pub(crate) use rustc_hash::FxHashMap;

/// Structural key of a non-scalar constant, for deduplication (`ConstantValue` is not
/// hashable; scalars have their own cache, keyed by the literal alone).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum ConstKey {
    /// A composite of other constants.
    Composite(Vec<Handle<Constant>>),
    /// The zero value.
    Zero,
}

/// What a typed-program global became.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GlobalSlot {
    /// One IR global.
    Single(Handle<GlobalVariable>),
    /// A combined sampler split into a texture and a sampler global.
    Combined {
        /// The `<name>_tex` global.
        texture: Handle<GlobalVariable>,
        /// The `<name>_samp` global.
        sampler: Handle<GlobalVariable>,
    },
}

/// Maps expanded-source spans to debug locations.
pub(crate) struct DebugMap<'a> {
    map: &'a SourceMap,
    file_count: u32,
}

impl<'a> DebugMap<'a> {
    /// A map over `map`, whose files become the module's first debug sources and whose `#line`
    /// names follow them.
    pub fn new(map: &'a SourceMap) -> DebugMap<'a> {
        DebugMap {
            map,
            file_count: map.files().count() as u32,
        }
    }

    /// The debug sources, in the index order [`DebugMap::loc`] uses.
    pub fn sources(&self) -> Vec<DebugSource> {
        let mut out: Vec<DebugSource> = self
            .map
            .files()
            .map(|(_, f)| DebugSource {
                name: f.name.clone(),
                text: Some(f.text.to_string()),
            })
            .collect();
        out.extend(self.map.line_names.iter().map(|n| DebugSource {
            name: n.clone(),
            text: None,
        }));
        out
    }

    /// The location of the start of `span`, honouring `#line`.
    pub fn loc(&self, span: Span) -> Option<SourceLoc> {
        let segment = self.map.segment_at(span.lo)?;
        let location = self.map.locate(span.lo)?;
        let source = match segment.renamed {
            Some(i) => self.file_count.checked_add(i)?,
            None => location.file.0,
        };
        Some(SourceLoc {
            source,
            line: location.line,
            column: location.column,
        })
    }
}

/// The module being built.
pub(crate) struct ModuleCtx<'a> {
    /// The typed program.
    pub program: &'a Program,
    /// Options.
    pub options: &'a LowerOptions,
    /// The output.
    pub module: Module,
    /// Lowered types, by `TyId` index (grown on demand).
    pub ty_cache: Vec<Option<Handle<Type>>>,
    /// The scalar and vector types made so far (few; a linear search beats interning's hash).
    pub small_tys: Vec<(Option<VectorSize>, Scalar, Handle<Type>)>,
    /// Deduplicated scalar constants, by literal (the literal determines the type).
    pub scalar_consts: FxHashMap<Literal, Handle<Constant>>,
    /// Deduplicated other constants.
    pub const_cache: FxHashMap<(Handle<Type>, ConstKey), Handle<Constant>>,
    /// Specialization constants (and baked ones).
    pub spec_consts: BTreeMap<ConstId, Handle<Constant>>,
    /// Lowered globals.
    pub globals: BTreeMap<GlobalId, GlobalSlot>,
    /// Plain (callable) versions of functions, by `FuncId` index.
    pub functions: Vec<Option<Handle<Function>>>,
    /// Per constant index, its value in the function being lowered: one table lent to each
    /// function in turn (and cleared after), instead of a new map per function.
    pub const_vals: Vec<Option<Handle<luma_ir::Value>>>,
    /// Debug locations, when asked for.
    pub debug: Option<DebugMap<'a>>,
}

impl<'a> ModuleCtx<'a> {
    /// Starts an empty module.
    pub fn new(
        program: &'a Program,
        options: &'a LowerOptions,
        source_map: Option<&'a SourceMap>,
    ) -> ModuleCtx<'a> {
        let debug = if options.debug {
            source_map.map(DebugMap::new)
        } else {
            None
        };
        let mut module = Module::default();
        if let Some(d) = &debug {
            module.debug_sources = d.sources();
        }
        ModuleCtx {
            program,
            options,
            module,
            ty_cache: Vec::new(),
            small_tys: Vec::new(),
            scalar_consts: FxHashMap::default(),
            const_cache: FxHashMap::default(),
            spec_consts: BTreeMap::new(),
            globals: BTreeMap::new(),
            functions: vec![None; program.functions.len()],
            const_vals: Vec::new(),
            debug,
        }
    }

    /// The deepest nesting the lowering follows before giving up with `E0803`. A little above
    /// the checker's limit, since the two count levels slightly differently.
    pub fn depth_limit(&self) -> u32 {
        self.options.limits.nesting_depth.saturating_add(16)
    }
}
