//! Module-wide lowering state: the IR module being built and the maps from typed-program
//! handles to IR handles.

use std::collections::{BTreeMap, HashMap};

use luma_base::{Handle, SourceMap, Span};
use luma_ir::{Constant, DebugSource, Function, GlobalVariable, Literal, Module, SourceLoc, Type};
use luma_thir::{ConstId, FuncId, GlobalId, Program, TyId};

use crate::LowerOptions;

/// Structural key of a constant, for deduplication (`ConstantValue` is not hashable).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum ConstKey {
    /// A scalar.
    Scalar(Literal),
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
                text: Some(f.text.clone()),
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
    /// Lowered types.
    pub ty_cache: BTreeMap<TyId, Handle<Type>>,
    /// Deduplicated constants.
    pub const_cache: HashMap<(Handle<Type>, ConstKey), Handle<Constant>>,
    /// Specialization constants (and baked ones).
    pub spec_consts: BTreeMap<ConstId, Handle<Constant>>,
    /// Lowered globals.
    pub globals: BTreeMap<GlobalId, GlobalSlot>,
    /// Plain (callable) versions of functions.
    pub functions: BTreeMap<FuncId, Handle<Function>>,
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
            ty_cache: BTreeMap::new(),
            const_cache: HashMap::new(),
            spec_consts: BTreeMap::new(),
            globals: BTreeMap::new(),
            functions: BTreeMap::new(),
            debug,
        }
    }

    /// The deepest nesting the lowering follows before giving up with `E0803`. A little above
    /// the checker's limit, since the two count levels slightly differently.
    pub fn depth_limit(&self) -> u32 {
        self.options.limits.nesting_depth.saturating_add(16)
    }
}
