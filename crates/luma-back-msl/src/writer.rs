//! The MSL writer: module sections in order (types, constants, helpers, functions and entry
//! points), and the statement and expression emission of function bodies. It mirrors the HLSL
//! writer function for function; where the targets differ the difference is local.

use std::collections::{BTreeMap, BTreeSet};

use luma_back::defaults::{arm_targets, assignments, at_targets, yields_defaults};
use luma_back::prec::{Prec, Side};
use luma_back::text_expr::{infix, Expr};
use luma_back::{else_if, else_if_folds, CallGraph, CodeWriter, Namer, ResultDefaults};
use luma_base::Handle;
use luma_ir::layout::{LayoutKind, LayoutRule, Layouter};
use luma_ir::{
    AddressSpace, ArraySize, AtomicFunction, BinaryOp, Block, BuiltIn, Constant, ConstantValue,
    DerivativeAxis, DerivativeControl, EntryPoint, Function, GlobalVariable, ImageAccess,
    ImageClass, ImageDimension, ImageQuery, ImageSample, Interpolation, IoBinding, Literal,
    LocalVariable, MathFunction, Module, Op, RelationalFunction, SampleLevel, Scalar, ScalarKind,
    ShaderStage, StmtKind, StorageAccess, StorageFormat, Type, TypeInner, UnaryOp, Value, ValueDef,
};

use crate::keywords::RESERVED;
use crate::repr::{Field, Repr, Reprs};
use crate::{
    codes, EntryPointInfo, Error, MslBinding, MslBindingMap, MslClass, MslOutput, Options,
};

/// Deepest nesting of inlined expressions; a deeper value becomes a temporary.
pub const MAX_INLINE_DEPTH: u32 = 12;

/// Deepest nesting of blocks and access chains the writer follows. Lowering a program within
/// `Limits::nesting_depth` (256) can nest deeper IR: each Luma block level, each if-expression
/// with effects in its arms, and the exit test of each loop is an IR level of its own, so the
/// bound is four times the language's.
const MAX_NESTING: usize = 4 * 256;

/// Structs whose copy between a layout struct and a value takes more straight-line parts than
/// this (arrays are copied with a loop: one element counts) are copied by a function per layout
/// struct and direction: a struct holding two members of one struct type, which holds two of
/// another, and so on, has exponentially many parts for its source size, while one function
/// per type keeps the code proportional to the types.
const COPY_INLINE_LIMIT: u64 = 64;

type R<T> = Result<T, Error>;

/// Where a pointer points: an lvalue expression of IR type `ty`, stored as `repr`.
#[derive(Debug, Clone)]
struct Place {
    expr: String,
    ty: Handle<Type>,
    repr: Repr,
}

/// How a function body refers to its values.
struct FnCtx<'f> {
    func: &'f Function,
    /// The function's handle.
    function: Handle<Function>,
    /// The name or expression of each value that has one (parameters, temporaries, variables).
    names: Vec<Option<Expr>>,
    /// Values emitted at their single use instead of at their statement.
    inline: Vec<bool>,
    /// Local variable names.
    locals: Vec<String>,
    namer: Namer,
    /// For an entry point: the output struct name and the member name of each result.
    outputs: Option<(String, Vec<String>)>,
    /// Uses of each value by emitted code.
    uses: Vec<u32>,
    /// Current block nesting.
    depth: usize,
    /// Where values are defined, for the starting values of `If` result variables.
    defaults: ResultDefaults,
}

/// Helper functions requested while writing bodies, each emitted once.
#[derive(Debug, Default)]
struct Helpers {
    names: BTreeMap<String, String>,
    emitted: BTreeMap<String, ()>,
    text: String,
}

/// Writes one module as MSL.
pub struct Writer<'a> {
    module: &'a Module,
    options: &'a Options,
    namer: Namer,
    /// Back-end names (`luma_...`) handed out so far.
    internal_names: luma_back::namer::InternalNames,
    struct_names: BTreeMap<Handle<Type>, String>,
    member_names: BTreeMap<Handle<Type>, Vec<String>>,
    global_names: Vec<String>,
    /// Each global by its MSL name (names are unique identifiers).
    globals_by_name: BTreeMap<String, Handle<GlobalVariable>>,
    function_names: Vec<String>,
    constant_names: Vec<Option<String>>,
    std140: Layouter<'a>,
    std430: Layouter<'a>,
    reprs: Reprs,
    variant_names: Vec<String>,
    /// Representation of each buffer global.
    global_reprs: BTreeMap<Handle<GlobalVariable>, Repr>,
    helpers: Helpers,
    /// Per type: the parts of its straight-line copy (see [`COPY_INLINE_LIMIT`]).
    copy_parts: luma_back::CopyParts,
    /// Per layout struct (by index into `reprs.variants`) and direction (`true`: into the
    /// layout): the function converting it, for structs past [`COPY_INLINE_LIMIT`].
    variant_helpers: BTreeMap<(usize, bool), String>,
    call_graph: CallGraph,
    /// Every global each function reaches directly or through calls (sorted).
    reached_globals: Vec<Vec<Handle<GlobalVariable>>>,
    bindings: MslBindingMap,
    /// Argument-table attribute of each bound global (`[[buffer(0)]]`).
    global_slots: BTreeMap<Handle<GlobalVariable>, String>,
    /// Index in the sizes buffer of each storage global holding a runtime array.
    size_slots: BTreeMap<Handle<GlobalVariable>, u32>,
    sizes_name: String,
    /// Functions that read the sizes buffer, directly or through calls.
    needs_sizes: Vec<bool>,
    /// Per global, per function: the access of a read-write storage image as that function
    /// declares it ([`plan_image_access`]); empty for other globals.
    image_access: Vec<Vec<Option<ImageAccess>>>,
}

fn vector_letter(i: u32) -> &'static str {
    match i {
        0 => "x",
        1 => "y",
        2 => "z",
        _ => "w",
    }
}

fn swizzle(count: u32) -> &'static str {
    match count {
        1 => "x",
        2 => "xy",
        3 => "xyz",
        _ => "xyzw",
    }
}

/// Formats an `f32` so that it reads back as the same value.
fn float_literal(v: f32) -> Expr {
    if !v.is_finite() {
        return Expr::atom(format!("as_type<float>({:#010x}u)", v.to_bits()));
    }
    let mut s = format!("{v:?}");
    if !s.contains('.') && !s.contains('e') && !s.contains("inf") {
        s.push_str(".0");
    }
    if s.starts_with('-') {
        Expr::new(s, Prec::Unary)
    } else {
        Expr::atom(s)
    }
}

fn int_literal(v: i32) -> Expr {
    if v == i32::MIN {
        Expr::new("(-2147483647 - 1)", Prec::Primary)
    } else if v < 0 {
        Expr::new(v.to_string(), Prec::Unary)
    } else {
        Expr::atom(v.to_string())
    }
}

/// Whether a storage global's type holds a runtime-sized array (as itself or its last member).
fn has_runtime_array(module: &Module, ty: Handle<Type>) -> bool {
    match module.types.get(ty).map(|t| &t.inner) {
        Some(TypeInner::Array {
            size: ArraySize::Runtime,
            ..
        }) => true,
        Some(TypeInner::Struct { members }) => members.last().is_some_and(|m| {
            matches!(
                module.types.get(m.ty).map(|t| &t.inner),
                Some(TypeInner::Array {
                    size: ArraySize::Runtime,
                    ..
                })
            )
        }),
        _ => false,
    }
}

impl<'a> Writer<'a> {
    /// Prepares names, layouts and the binding remap; fails on constructs MSL cannot express.
    pub fn new(module: &'a Module, options: &'a Options) -> R<Writer<'a>> {
        if options.lang_version.0 != 2 {
            return Err(Error::unsupported(format!(
                "Metal Shading Language {}.{} is not supported; the MSL back end targets 2.x",
                options.lang_version.0, options.lang_version.1
            )));
        }
        // `luma_` names belong to the back end (helpers, typedefs, generated buffers): a user
        // name starting with it is renamed (`u_luma_...`), so the two can never meet.
        let mut namer = Namer::new(RESERVED, &["__", "luma_"]);
        let mut internal_names = luma_back::namer::InternalNames::default();
        let mut struct_names = BTreeMap::new();
        let mut member_names = BTreeMap::new();
        for (handle, ty) in module.types.iter() {
            if let TypeInner::Struct { members } = &ty.inner {
                let base = ty.name.clone().unwrap_or_else(|| "Struct".to_string());
                struct_names.insert(handle, namer.call(&base));
                let mut member_namer = namer.sibling(&["__"]);
                let names = members
                    .iter()
                    .map(|m| member_namer.call(&m.name))
                    .collect::<Vec<_>>();
                member_names.insert(handle, names);
            }
        }
        let mut constant_names = Vec::with_capacity(module.constants.len());
        for (_, c) in module.constants.iter() {
            let needs_decl = c.name.is_some()
                || c.spec_id.is_some()
                || matches!(
                    module.types.get(c.ty).map(|t| &t.inner),
                    Some(TypeInner::Array { .. } | TypeInner::Struct { .. })
                );
            constant_names.push(if needs_decl {
                Some(match c.name.as_deref() {
                    Some(name) => namer.call(name),
                    None => internal_names.fresh("luma_const"),
                })
            } else {
                None
            });
        }
        let global_names: Vec<String> = module
            .globals
            .iter()
            .map(|(_, g)| namer.call(&g.name))
            .collect();
        let globals_by_name = module
            .globals
            .handles()
            .zip(&global_names)
            .map(|(h, n)| (n.clone(), h))
            .collect();
        let function_names = module
            .functions
            .iter()
            .map(|(_, f)| namer.call(&f.name))
            .collect();
        let sizes_name = internal_names.fresh("luma_buffer_sizes");
        let call_graph = CallGraph::new(module);
        let reached_globals = call_graph.reachable_globals_of_every_function();
        let image_access = plan_image_access(module, &call_graph, &reached_globals);
        let mut writer = Writer {
            module,
            options,
            namer,
            internal_names,
            struct_names,
            member_names,
            global_names,
            globals_by_name,
            function_names,
            constant_names,
            std140: Layouter::new(&module.types, LayoutRule::Std140),
            std430: Layouter::new(&module.types, LayoutRule::Std430),
            reprs: Reprs::default(),
            variant_names: Vec::new(),
            global_reprs: BTreeMap::new(),
            helpers: Helpers::default(),
            copy_parts: luma_back::CopyParts::default(),
            variant_helpers: BTreeMap::new(),
            call_graph,
            reached_globals,
            bindings: MslBindingMap::default(),
            global_slots: BTreeMap::new(),
            size_slots: BTreeMap::new(),
            sizes_name,
            needs_sizes: Vec::new(),
            image_access,
        };
        // Only what an entry point reaches is declared, so only that has to have a Metal
        // layout: a block no compiled entry point uses must not fail the module.
        let used_by_entries: BTreeSet<Handle<GlobalVariable>> = module
            .entry_points
            .iter()
            .filter_map(|entry| writer.reached_globals.get(entry.function.index()))
            .flatten()
            .copied()
            .collect();
        for (handle, global) in module.globals.iter() {
            if !used_by_entries.contains(&handle) {
                continue;
            }
            let layouter = match global.space {
                AddressSpace::Uniform => &mut writer.std140,
                AddressSpace::PushConstant | AddressSpace::Storage { .. } => &mut writer.std430,
                _ => continue,
            };
            let (repr, _, _) = writer
                .reprs
                .repr(module, layouter, global.ty, false, 0)
                .map_err(|e| {
                    if e.code == codes::UNREPRESENTABLE_LAYOUT {
                        Error::new(e.code, format!("`{}`: {}", global.name, e.message))
                            .about_global(&global.name)
                    } else {
                        e
                    }
                })?;
            writer.global_reprs.insert(handle, repr);
        }
        for variant in &writer.reprs.variants {
            let base = writer
                .struct_names
                .get(&variant.ty)
                .cloned()
                .unwrap_or_else(|| "Struct".to_string());
            let suffix = match variant.rule {
                LayoutRule::Std140 => "std140",
                LayoutRule::Std430 => "std430",
            };
            writer
                .variant_names
                .push(writer.namer.call(&format!("{base}_{suffix}")));
        }
        writer.assign_bindings()?;
        Ok(writer)
    }

    /// The binding remap: contiguous per class in (group, binding) order, then the push
    /// constant block and the sizes buffer.
    fn assign_bindings(&mut self) -> R<()> {
        let module = self.module;
        let bound = luma_back::bound_globals(module);
        let mut next = [0u32; 3];
        let mut take = |class: MslClass, count: u32| {
            let slot = match class {
                MslClass::Buffer => 0,
                MslClass::Texture => 1,
                MslClass::Sampler => 2,
            };
            let index = next.get(slot).copied().unwrap_or(0);
            if let Some(n) = next.get_mut(slot) {
                *n = n.saturating_add(count);
            }
            index
        };
        let mut resources = Vec::new();
        for (binding, handle) in &bound {
            let Some(global) = module.globals.get(*handle) else {
                continue;
            };
            let (class, count) = match global.space {
                AddressSpace::Uniform | AddressSpace::Storage { .. } => (MslClass::Buffer, 1),
                AddressSpace::Handle => {
                    let (base, count) = match self.ty(global.ty)? {
                        TypeInner::Array {
                            base,
                            size: ArraySize::Constant(n),
                        } => (*base, *n),
                        _ => (global.ty, 1),
                    };
                    match self.ty(base)? {
                        TypeInner::Sampler { .. } => (MslClass::Sampler, count),
                        _ => (MslClass::Texture, count),
                    }
                }
                _ => continue,
            };
            let index = take(class, count);
            self.global_slots
                .insert(*handle, format!("[[{}({index})]]", class.as_str()));
            resources.push(MslBinding {
                name: global.name.clone(),
                binding: Some(*binding),
                class,
                index,
                count,
            });
        }
        for (handle, global) in module.globals.iter() {
            if global.space == AddressSpace::PushConstant {
                let index = take(MslClass::Buffer, 1);
                self.global_slots
                    .insert(handle, format!("[[buffer({index})]]"));
                resources.push(MslBinding {
                    name: global.name.clone(),
                    binding: None,
                    class: MslClass::Buffer,
                    index,
                    count: 1,
                });
            }
        }
        let mut sizes = Vec::new();
        for (_, handle) in &bound {
            let Some(global) = module.globals.get(*handle) else {
                continue;
            };
            if matches!(global.space, AddressSpace::Storage { .. })
                && has_runtime_array(module, global.ty)
            {
                self.size_slots.insert(*handle, sizes.len() as u32);
                sizes.push(global.name.clone());
            }
        }
        // The sizes buffer is bound only where an entry point reads it (an array length, or a
        // bounds check on a runtime-sized array): without one, the output declares none, and
        // the remap (reflection) must not place one either.
        self.find_sizes_users();
        let entry_needs_sizes = module.entry_points.iter().any(|entry| {
            self.needs_sizes
                .get(entry.function.index())
                .copied()
                .unwrap_or(false)
        });
        if !entry_needs_sizes {
            sizes.clear();
        }
        let sizes_buffer = if sizes.is_empty() {
            None
        } else {
            Some(take(MslClass::Buffer, 1))
        };
        // Metal's argument tables have fixed sizes: `[[buffer(n)]]` takes 0 to 30,
        // `[[texture(n)]]` 0 to 127 and `[[sampler(n)]]` 0 to 15, and the Metal compiler
        // rejects anything past them. More would need argument buffers, which this back end
        // does not write.
        let limit = |class: MslClass| match class {
            MslClass::Buffer => 31,
            MslClass::Texture => 128,
            MslClass::Sampler => 16,
        };
        let described = resources.iter().map(|r| {
            let what = if r.binding.is_some() {
                format!("`{}`", r.name)
            } else {
                format!("the push constant block `{}`", r.name)
            };
            (what, r.class, r.index.saturating_add(r.count))
        });
        let sizes_slot = sizes_buffer.map(|index| {
            (
                "the buffer of runtime array sizes".to_string(),
                MslClass::Buffer,
                index.saturating_add(1),
            )
        });
        if let Some((what, class, end)) = described
            .chain(sizes_slot)
            .find(|(_, class, end)| *end > limit(*class))
        {
            let name = class.as_str();
            return Err(Error::unsupported(format!(
                "{what} needs `[[{name}({})]]`, but Metal has only {} {name} slots per function \
                 (the indices count every {name} of the output's entry points together; Luma \
                 does not write argument buffers)",
                end.saturating_sub(1),
                limit(class),
            )));
        }
        self.bindings = MslBindingMap {
            resources,
            sizes_buffer,
            sizes,
        };
        Ok(())
    }

    /// Which functions need the sizes buffer: those that take an array length or (with bounds
    /// checks) index a runtime-sized array, and everything that calls them.
    fn find_sizes_users(&mut self) {
        let module = self.module;
        let mut direct = vec![false; module.functions.len()];
        for (handle, func) in module.functions.iter() {
            let uses = func.values.iter().any(|(_, v)| {
                matches!(&v.def, ValueDef::Op(Op::ArrayLength { .. }))
                    || (self.options.bounds_checks
                        && matches!(&v.def, ValueDef::GlobalPointer(g) if self.size_slots.contains_key(g)))
            });
            if let Some(d) = direct.get_mut(handle.index()) {
                *d = uses;
            }
        }
        self.needs_sizes = self.call_graph.reaches_any(&direct);
    }

    /// Writes the whole source.
    pub fn write(mut self) -> R<MslOutput> {
        let module = self.module;
        let mut entry_points = Vec::new();
        for ep in &module.entry_points {
            match ep.stage {
                ShaderStage::Vertex | ShaderStage::Fragment | ShaderStage::Compute => {}
                other => {
                    return Err(Error::unsupported(format!(
                        "Metal has no {} stage (entry point `{}`)",
                        other.as_str(),
                        ep.name
                    )))
                }
            }
            let name = self
                .function_names
                .get(ep.function.index())
                .cloned()
                .ok_or_else(|| Error::invalid("entry point names a missing function"))?;
            entry_points.push(EntryPointInfo {
                name,
                stage: ep.stage,
                workgroup_size: ep.workgroup_size,
            });
        }

        let mut body = CodeWriter::new();
        let entries = luma_ir::proc::entry_point_by_function(module);
        // Callees before callers, as C++ wants them declared: copies of helpers
        // (`luma_back::split_image_query_helpers`) follow the entry points that call them.
        for handle in self.call_graph.bottom_up() {
            let function = module
                .functions
                .get(handle)
                .ok_or_else(|| Error::invalid("bad function handle"))?;
            let entry = entries.get(handle.index()).copied().flatten();
            let start = body.as_str().len();
            self.write_function(&mut body, handle, function, entry)?;
            let depth = body
                .as_str()
                .get(start..)
                .map_or(0, luma_back::bracket_depth);
            if depth > luma_back::CLANG_BRACKET_DEPTH {
                return Err(Error::new(
                    codes::NESTING_TOO_DEEP,
                    format!(
                        "`{}` nests blocks and parentheses {depth} deep, and Metal's compiler \
                         accepts {}: move inner levels into functions",
                        function.name,
                        luma_back::CLANG_BRACKET_DEPTH
                    ),
                ));
            }
        }

        let mut head = CodeWriter::new();
        head.line_fmt(format_args!(
            "// Metal Shading Language {}.{} generated by Luma.",
            self.options.lang_version.0, self.options.lang_version.1
        ));
        // Metal compiles with fast math unless told otherwise, and fast math assumes no NaN or
        // infinity (so `isnan` and `isinf` may fold to false) and reassociates: Luma's float
        // rules hold only without it, which the output says where the user will look.
        head.line("// Compile with fast math off: MTLCompileOptions.mathMode = MTLMathModeSafe");
        head.line(
            "// (fastMathEnabled = NO before macOS 15 / iOS 18), or `xcrun metal -fno-fast-math`.",
        );
        head.line("#include <metal_stdlib>");
        head.line("");
        self.write_structs(&mut head)?;
        self.write_constants(&mut head)?;
        let mut source = head.finish();
        source.push_str(&self.helpers.text);
        source.push_str(&body.finish());
        Ok(MslOutput {
            source,
            entry_points,
            bindings: self.bindings.clone(),
        })
    }

    // -----------------------------------------------------------------------------------------
    // Types

    fn ty(&self, ty: Handle<Type>) -> R<&'a TypeInner> {
        self.module
            .types
            .get(ty)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid("bad type handle"))
    }

    fn scalar_name(&self, scalar: Scalar) -> R<&'static str> {
        Ok(match (scalar.kind, scalar.width) {
            (ScalarKind::Bool, _) => "bool",
            (ScalarKind::Sint, 4) => "int",
            (ScalarKind::Uint, 4) => "uint",
            (ScalarKind::Float, 4) => "float",
            (ScalarKind::Float, 2) => "half",
            _ => return Err(Error::invalid("unsupported scalar width")),
        })
    }

    /// The MSL name of a type.
    fn type_name(&mut self, ty: Handle<Type>) -> R<String> {
        Ok(match self.ty(ty)? {
            TypeInner::Scalar(s) => self.scalar_name(*s)?.to_string(),
            TypeInner::Atomic(s) => match s.kind {
                ScalarKind::Sint => "metal::atomic_int".to_string(),
                ScalarKind::Uint => "metal::atomic_uint".to_string(),
                _ => return Err(Error::invalid("atomic of a non-integer")),
            },
            TypeInner::Vector { size, scalar } => {
                format!("metal::{}{}", self.scalar_name(*scalar)?, size.count())
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => format!(
                "metal::{}{}x{}",
                self.scalar_name(*scalar)?,
                columns.count(),
                rows.count()
            ),
            TypeInner::Struct { .. } => self
                .struct_names
                .get(&ty)
                .cloned()
                .ok_or_else(|| Error::invalid("unnamed struct"))?,
            TypeInner::Array { base, size } => {
                let base = self.type_name(*base)?;
                match size {
                    ArraySize::Constant(n) => format!("metal::array<{base}, {n}>"),
                    ArraySize::Runtime => {
                        return Err(Error::invalid("runtime-sized array as a value type"))
                    }
                }
            }
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => {
                let arr = if *arrayed { "_array" } else { "" };
                match class {
                    ImageClass::Sampled { kind, multisampled } => {
                        let texel = self.scalar_name(Scalar {
                            kind: *kind,
                            width: 4,
                        })?;
                        let base = match (dim, multisampled) {
                            (ImageDimension::D2, false) => "texture2d",
                            (ImageDimension::D2, true) => "texture2d_ms",
                            (ImageDimension::D3, _) => "texture3d",
                            (ImageDimension::Cube, _) => "texturecube",
                        };
                        format!("metal::{base}{arr}<{texel}>")
                    }
                    ImageClass::Depth { multisampled } => {
                        let base = match (dim, multisampled) {
                            (ImageDimension::Cube, _) => "depthcube",
                            (_, true) => "depth2d_ms",
                            _ => "depth2d",
                        };
                        format!("metal::{base}{arr}<float>")
                    }
                    ImageClass::Storage { format, access } => {
                        self.storage_image_type(*dim, *arrayed, *format, *access)?
                    }
                }
            }
            TypeInner::Sampler { .. } => "metal::sampler".to_string(),
            TypeInner::Pointer { .. } => return Err(Error::invalid("pointer type in MSL")),
        })
    }

    /// The MSL type of a storage image with `access`.
    fn storage_image_type(
        &self,
        dim: ImageDimension,
        arrayed: bool,
        format: StorageFormat,
        access: ImageAccess,
    ) -> R<String> {
        let texel = self.scalar_name(Scalar {
            kind: format.kind(),
            width: 4,
        })?;
        let base = match dim {
            ImageDimension::D3 => "texture3d",
            _ => "texture2d",
        };
        let arr = if arrayed { "_array" } else { "" };
        let access = match access {
            ImageAccess::Read => "read",
            ImageAccess::Write => "write",
            // Metal's compiler does not know the format, but no device binds one of these as
            // a read-write texture: fail here rather than when the pipeline is used.
            ImageAccess::ReadWrite
                if matches!(
                    format,
                    StorageFormat::Rg32Float
                        | StorageFormat::Rg32Uint
                        | StorageFormat::Rg32Sint
                        | StorageFormat::Rgba8Snorm
                ) =>
            {
                return Err(Error::unsupported(format!(
                    "Metal cannot read and write a `{}` storage image in one function: no \
                     device allows `access::read_write` for `rg32f`, `rg32ui`, `rg32i` or \
                     `rgba8_snorm`; load and store it in different entry points, or use a \
                     format such as `rgba32f` (read-write texture tier 2)",
                    format.as_str()
                )));
            }
            ImageAccess::ReadWrite => "read_write",
        };
        Ok(format!(
            "metal::{base}{arr}<{texel}, metal::access::{access}>"
        ))
    }

    /// The type of resource global `ty` as `function` declares it: a storage image (or array of
    /// them) with the access `function` needs ([`plan_image_access`]), other types as they are.
    fn handle_type_name(&mut self, ty: Handle<Type>, access: Option<ImageAccess>) -> R<String> {
        let Some(access) = access else {
            return self.type_name(ty);
        };
        match self.ty(ty)? {
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
            } => {
                let base = self.handle_type_name(*base, Some(access))?;
                Ok(format!("metal::array<{base}, {n}>"))
            }
            TypeInner::Image {
                dim,
                arrayed,
                class: ImageClass::Storage { format, .. },
            } => self.storage_image_type(*dim, *arrayed, *format, access),
            _ => self.type_name(ty),
        }
    }

    /// The access with which `function` declares storage image global `g`, where it differs
    /// by function ([`plan_image_access`]); `None` to keep the global's own type.
    fn image_access_in(
        &self,
        g: Handle<GlobalVariable>,
        function: Handle<Function>,
    ) -> Option<ImageAccess> {
        self.image_access
            .get(g.index())
            .and_then(|per_function| per_function.get(function.index()))
            .copied()
            .flatten()
    }

    /// A declaration `T name`.
    fn decl(&mut self, ty: Handle<Type>, name: &str) -> R<String> {
        Ok(format!("{} {name}", self.type_name(ty)?))
    }

    /// The type spelling of `ty` stored as `repr` in a buffer.
    fn repr_type(&mut self, ty: Handle<Type>, repr: &Repr) -> R<String> {
        match repr {
            Repr::Plain => match self.ty(ty)? {
                TypeInner::Array {
                    base,
                    size: ArraySize::Runtime,
                } => self.type_name(*base),
                _ => self.type_name(ty),
            },
            Repr::Struct(i) => self
                .variant_names
                .get(*i)
                .cloned()
                .ok_or_else(|| Error::invalid("missing layout struct")),
            Repr::Vec4 { .. } => {
                let scalar = match self.ty(ty)? {
                    TypeInner::Scalar(s) | TypeInner::Atomic(s) => *s,
                    TypeInner::Vector { scalar, .. } => *scalar,
                    _ => return Err(Error::invalid("vec4 representation of a non-vector")),
                };
                Ok(format!("metal::{}4", self.scalar_name(scalar)?))
            }
            Repr::Packed3 => {
                let scalar = match self.ty(ty)? {
                    TypeInner::Vector { scalar, .. } => *scalar,
                    _ => return Err(Error::invalid("packed representation of a non-vector")),
                };
                Ok(format!("metal::packed_{}3", self.scalar_name(scalar)?))
            }
            Repr::Cols { columns, .. } => Ok(format!("metal::array<metal::float4, {columns}>")),
            Repr::Array(inner) => match self.ty(ty)? {
                TypeInner::Array { base, size } => {
                    let elem = self.repr_type(*base, inner)?;
                    match size {
                        ArraySize::Constant(n) => Ok(format!("metal::array<{elem}, {n}>")),
                        ArraySize::Runtime => Ok(elem),
                    }
                }
                _ => Err(Error::invalid("array representation of a non-array")),
            },
        }
    }

    /// A struct member declaration of `ty` stored as `repr` (runtime arrays as `T name[1]`).
    fn member_decl(&mut self, ty: Handle<Type>, repr: &Repr, name: &str) -> R<String> {
        let t = self.repr_type(ty, repr)?;
        Ok(match self.ty(ty)? {
            TypeInner::Array {
                size: ArraySize::Runtime,
                ..
            } => format!("{t} {name}[1]"),
            _ => format!("{t} {name}"),
        })
    }

    fn write_structs(&mut self, out: &mut CodeWriter) -> R<()> {
        let module = self.module;
        for (handle, ty) in module.types.iter() {
            let TypeInner::Struct { members } = &ty.inner else {
                continue;
            };
            let name = self.struct_names.get(&handle).cloned().unwrap_or_default();
            let names = self.member_names.get(&handle).cloned().unwrap_or_default();
            out.open(format!("struct {name} {{"));
            for (member, mname) in members.iter().zip(names.iter()) {
                let d = self.member_decl(member.ty, &Repr::Plain, mname)?;
                out.line_fmt(format_args!("{d};"));
            }
            out.close("};");
            out.line("");
        }
        let variants = self.reprs.variants.clone();
        for (i, variant) in variants.iter().enumerate() {
            let name = self.variant_names.get(i).cloned().unwrap_or_default();
            let TypeInner::Struct { members } = self.ty(variant.ty)? else {
                return Err(Error::invalid("layout struct of a non-struct"));
            };
            let names = self
                .member_names
                .get(&variant.ty)
                .cloned()
                .unwrap_or_default();
            out.line_fmt(format_args!(
                "// `{}` laid out by {} rules.",
                self.struct_names
                    .get(&variant.ty)
                    .cloned()
                    .unwrap_or_default(),
                match variant.rule {
                    LayoutRule::Std140 => "std140",
                    LayoutRule::Std430 => "std430",
                }
            ));
            out.open(format!("struct {name} {{"));
            let mut pad = 0u32;
            for field in &variant.fields {
                match field {
                    Field::Member { index, repr } => {
                        let member = members
                            .get(*index)
                            .ok_or_else(|| Error::invalid("bad member index"))?;
                        let mname = names.get(*index).cloned().unwrap_or_default();
                        let d = self.member_decl(member.ty, repr, &mname)?;
                        out.line_fmt(format_args!("{d};"));
                    }
                    Field::Pad { bytes } => {
                        let pad_name = luma_back::namer::padding_name(&names, &mut pad);
                        out.line_fmt(format_args!("char {pad_name}[{bytes}];"));
                    }
                }
            }
            out.close("};");
            out.line("");
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    fn literal(&self, lit: Literal) -> R<Expr> {
        Ok(match lit {
            Literal::Bool(b) => Expr::atom(if b { "true" } else { "false" }),
            Literal::I32(v) => int_literal(v),
            Literal::U32(v) => Expr::atom(format!("{v}u")),
            Literal::F32(v) => float_literal(v),
            Literal::F16(bits) => Expr::atom(format!("as_type<half>(ushort({bits}))")),
        })
    }

    /// A constant as an expression (declared constants by name).
    fn constant_expr(&mut self, c: Handle<Constant>) -> R<Expr> {
        if let Some(Some(name)) = self.constant_names.get(c.index()) {
            return Ok(Expr::atom(name.clone()));
        }
        self.constant_value(c)
    }

    /// A constant's value, spelled out (the initializer of a declared constant).
    fn constant_value(&mut self, c: Handle<Constant>) -> R<Expr> {
        let constant = self
            .module
            .constants
            .get(c)
            .ok_or_else(|| Error::invalid("bad constant handle"))?;
        match &constant.value {
            ConstantValue::Scalar(lit) => self.literal(*lit),
            ConstantValue::Zero => self.zero_of(constant.ty),
            ConstantValue::Composite(parts) => {
                let mut texts = Vec::new();
                for p in parts {
                    texts.push(self.constant_expr(*p)?.text);
                }
                let name = self.type_name(constant.ty)?;
                match self.ty(constant.ty)? {
                    TypeInner::Vector { .. } | TypeInner::Matrix { .. } => {
                        Ok(Expr::atom(format!("{name}({})", texts.join(", "))))
                    }
                    _ => Ok(Expr::atom(format!("{name} {{{}}}", texts.join(", ")))),
                }
            }
        }
    }

    /// The zero value of a type: `T {}`.
    fn zero_of(&mut self, ty: Handle<Type>) -> R<Expr> {
        match self.ty(ty)? {
            TypeInner::Scalar(s) => self.literal(match s.kind {
                ScalarKind::Bool => Literal::Bool(false),
                ScalarKind::Sint => Literal::I32(0),
                ScalarKind::Uint => Literal::U32(0),
                ScalarKind::Float if s.width == 2 => Literal::F16(0),
                ScalarKind::Float => Literal::F32(0.0),
            }),
            _ => {
                let name = self.type_name(ty)?;
                Ok(Expr::atom(format!("{name} {{}}")))
            }
        }
    }

    fn write_constants(&mut self, out: &mut CodeWriter) -> R<()> {
        let module = self.module;
        let mut any = false;
        for (handle, c) in module.constants.iter() {
            let Some(Some(name)) = self.constant_names.get(handle.index()).cloned() else {
                continue;
            };
            let value = self.constant_value(handle)?.text;
            let ty = self.type_name(c.ty)?;
            if let Some(id) = c.spec_id {
                let fc = self.internal_names.fresh(&format!("luma_fc_{name}"));
                out.line_fmt(format_args!(
                    "constant {ty} {fc} [[function_constant({id})]];"
                ));
                out.line_fmt(format_args!(
                    "constant {ty} {name} = metal::is_function_constant_defined({fc}) ? {fc} : {value};"
                ));
            } else {
                out.line_fmt(format_args!("constant {ty} {name} = {value};"));
            }
            any = true;
        }
        if any {
            out.line("");
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Function analysis: which values are inlined at their use.

/// Per-value facts of one function body.
struct Analysis {
    /// Uses of each value by code that is emitted.
    uses: Vec<u32>,
    /// The block placing each `Op` value.
    def_block: Vec<Option<Handle<Block>>>,
    /// The block of the (last seen) use of each value.
    use_block: Vec<Option<Handle<Block>>>,
    /// Whether each value's code is emitted at all.
    needed: Vec<bool>,
}

/// Whether the HLSL of `op` spells an operand more than once (so an inlined operand would be
/// evaluated twice): two-source shuffles and coarse or fine `fwidth`.
fn repeats_operands(op: &Op) -> bool {
    match op {
        Op::Shuffle { a, b, .. } => a != b,
        Op::Derivative {
            axis: DerivativeAxis::Width,
            control,
            ..
        } => *control != DerivativeControl::None,
        _ => false,
    }
}

fn op_has_effect(op: &Op) -> bool {
    matches!(op, Op::Call { .. } | Op::Atomic { .. })
}

/// Whether `v` is written nowhere but into its use (or not at all), without an effect.
fn unwritten(ctx: &FnCtx<'_>, v: Handle<Value>) -> bool {
    ctx.inline.get(v.index()).copied().unwrap_or(false)
        && matches!(
            ctx.func.values.get(v).map(|x| &x.def),
            Some(ValueDef::Op(op)) if !op_has_effect(op)
        )
}

fn analyze(func: &Function) -> R<Analysis> {
    let n = func.values.len();
    let mut a = Analysis {
        uses: vec![0; n],
        def_block: vec![None; n],
        use_block: vec![None; n],
        needed: vec![false; n],
    };
    let mut work: Vec<Handle<Value>> = Vec::new();
    // Blocks nest without bound (each arm of an `elseif` chain whose condition needs
    // statements is one level deeper); this walk keeps its own stack.
    let mut pending = vec![func.body];
    while let Some(block) = pending.pop() {
        let b = func
            .blocks
            .get(block)
            .ok_or_else(|| Error::invalid("bad block handle"))?;
        for stmt in &b.stmts {
            if let StmtKind::Value(v) = stmt.kind {
                if let Some(slot) = a.def_block.get_mut(v.index()) {
                    *slot = Some(block);
                }
                // Calls and atomics run whether or not their result is used.
                if let Some(Value {
                    def: ValueDef::Op(op),
                    ..
                }) = func.values.get(v)
                {
                    if op_has_effect(op) {
                        if let Some(x) = a.needed.get_mut(v.index()) {
                            *x = true;
                        }
                        work.push(v);
                    }
                }
            }
            stmt.kind.for_each_operand(|v| {
                if let Some(u) = a.uses.get_mut(v.index()) {
                    *u += 1;
                }
                if let Some(ub) = a.use_block.get_mut(v.index()) {
                    *ub = Some(block);
                }
                if let Some(x) = a.needed.get_mut(v.index()) {
                    if !*x {
                        *x = true;
                        work.push(v);
                    }
                }
            });
            stmt.kind.for_each_block(|inner| pending.push(inner));
        }
    }
    // Uses by needed values only: a value nothing needs is never emitted, so its operands
    // must not count it.
    while let Some(v) = work.pop() {
        let Some(Value {
            def: ValueDef::Op(op),
            ..
        }) = func.values.get(v)
        else {
            continue;
        };
        let block = a.def_block.get(v.index()).copied().flatten();
        let mut operands = Vec::new();
        op.for_each_operand(|o| operands.push(o));
        let weight = if repeats_operands(op) { 2 } else { 1 };
        for o in operands {
            if let Some(u) = a.uses.get_mut(o.index()) {
                *u += weight;
            }
            if let Some(ub) = a.use_block.get_mut(o.index()) {
                *ub = block;
            }
            if let Some(x) = a.needed.get_mut(o.index()) {
                if !*x {
                    *x = true;
                    work.push(o);
                }
            }
        }
    }
    Ok(a)
}

// ---------------------------------------------------------------------------------------------
// Functions

/// The innermost enclosing constructs a terminator refers to.
#[derive(Debug, Clone)]
enum Frame {
    If {
        results: Vec<Handle<Value>>,
        /// The value each result's variable starts with ([`luma_back::defaults`]); the arms
        /// assign only other values.
        defaults: Vec<Option<Handle<Value>>>,
    },
    Loop {
        carried: Vec<Handle<Value>>,
        results: Vec<Handle<Value>>,
    },
}

impl<'a> Writer<'a> {
    fn value_ty(&self, func: &Function, v: Handle<Value>) -> R<Handle<Type>> {
        func.values
            .get(v)
            .map(|x| x.ty)
            .ok_or_else(|| Error::invalid("bad value handle"))
    }

    fn value_inner(&self, func: &Function, v: Handle<Value>) -> R<&'a TypeInner> {
        let ty = self.value_ty(func, v)?;
        self.ty(ty)
    }

    /// Every global `function` reaches directly or through calls, sorted by handle.
    fn reached_globals_of(&self, function: Handle<Function>) -> Vec<Handle<GlobalVariable>> {
        self.reached_globals
            .get(function.index())
            .cloned()
            .unwrap_or_default()
    }

    /// The parameter declarations a helper function takes for the globals it reaches.
    fn resource_params(&mut self, function: Handle<Function>) -> R<Vec<String>> {
        let mut params = Vec::new();
        for g in self.reached_globals_of(function) {
            let global = self
                .module
                .globals
                .get(g)
                .ok_or_else(|| Error::invalid("bad global handle"))?;
            let name = self
                .global_names
                .get(g.index())
                .cloned()
                .unwrap_or_default();
            params.push(self.global_param(g, global, &name, function, false)?);
        }
        if self
            .needs_sizes
            .get(function.index())
            .copied()
            .unwrap_or(false)
        {
            params.push(Some(format!("constant uint* {}", self.sizes_name)));
        }
        Ok(params.into_iter().flatten().collect())
    }

    /// The arguments a call passes for the callee's resource parameters.
    fn resource_args(&self, function: Handle<Function>) -> Vec<String> {
        let mut args: Vec<String> = self
            .reached_globals_of(function)
            .into_iter()
            .filter(|g| {
                self.module
                    .globals
                    .get(*g)
                    .is_some_and(|x| x.space != AddressSpace::Function)
            })
            .map(|g| {
                self.global_names
                    .get(g.index())
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        if self
            .needs_sizes
            .get(function.index())
            .copied()
            .unwrap_or(false)
        {
            args.push(self.sizes_name.clone());
        }
        args
    }

    /// How a global is passed: `constant Scene_std140& scene [[buffer(0)]]` for an entry point
    /// (with its slot), without the slot for helpers. `None` for globals an entry point declares
    /// in its body (workgroup and private memory). `function` is the function declaring it.
    fn global_param(
        &mut self,
        handle: Handle<GlobalVariable>,
        global: &GlobalVariable,
        name: &str,
        function: Handle<Function>,
        entry: bool,
    ) -> R<Option<String>> {
        let slot = if entry {
            self.global_slots
                .get(&handle)
                .map(|s| format!(" {s}"))
                .unwrap_or_default()
        } else {
            String::new()
        };
        let repr = self
            .global_reprs
            .get(&handle)
            .cloned()
            .unwrap_or(Repr::Plain);
        Ok(Some(match global.space {
            AddressSpace::Uniform | AddressSpace::PushConstant => {
                let t = self.repr_type(global.ty, &repr)?;
                format!("constant {t}& {name}{slot}")
            }
            AddressSpace::Storage { access } => {
                let qual = match access {
                    StorageAccess::Read => "const device",
                    StorageAccess::ReadWrite => "device",
                };
                let t = self.repr_type(global.ty, &repr)?;
                let runtime = matches!(
                    self.ty(global.ty)?,
                    TypeInner::Array {
                        size: ArraySize::Runtime,
                        ..
                    }
                );
                if runtime {
                    format!("{qual} {t}* {name}{slot}")
                } else {
                    format!("{qual} {t}& {name}{slot}")
                }
            }
            AddressSpace::Handle => {
                let access = self.image_access_in(handle, function);
                let t = self.handle_type_name(global.ty, access).map_err(|e| {
                    if e.code == codes::UNSUPPORTED && e.global.is_none() {
                        Error::new(e.code, format!("`{}`: {}", global.name, e.message))
                            .about_global(&global.name)
                    } else {
                        e
                    }
                })?;
                format!("{t} {name}{slot}")
            }
            AddressSpace::Workgroup => {
                if entry {
                    return Ok(None);
                }
                let t = self.type_name(global.ty)?;
                format!("threadgroup {t}& {name}")
            }
            AddressSpace::Private => {
                if entry {
                    return Ok(None);
                }
                let t = self.type_name(global.ty)?;
                format!("thread {t}& {name}")
            }
            AddressSpace::Function | AddressSpace::Input | AddressSpace::Output => {
                return Err(Error::invalid(format!(
                    "global `{}` in an address space MSL globals cannot have",
                    global.name
                )))
            }
        }))
    }

    fn write_function(
        &mut self,
        out: &mut CodeWriter,
        handle: Handle<Function>,
        func: &Function,
        entry: Option<&EntryPoint>,
    ) -> R<()> {
        let analysis = analyze(func)?;
        let fname = self
            .function_names
            .get(handle.index())
            .cloned()
            .unwrap_or_default();
        // Interface struct names are taken before the body's names are, so no local can
        // shadow them.
        let (input_struct, output_struct) = if entry.is_some() {
            (
                self.namer.call(&format!("{fname}_Input")),
                self.namer.call(&format!("{fname}_Output")),
            )
        } else {
            (String::new(), String::new())
        };
        let mut ctx = FnCtx {
            func,
            function: handle,
            names: vec![None; func.values.len()],
            inline: vec![false; func.values.len()],
            locals: Vec::new(),
            namer: self.namer.clone(),
            outputs: None,
            uses: analysis.uses.clone(),
            depth: 0,
            defaults: ResultDefaults::new(func),
        };
        self.decide_inlining(&mut ctx, &analysis)?;

        let mut params = Vec::new();
        let mut body_decls = Vec::new();
        if let Some(ep) = entry {
            let input_name = ctx.namer.call("input");
            let mut inputs = Vec::new();
            let mut member_namer = ctx.namer.sibling(&["__"]);
            for (i, p) in func.params.iter().enumerate() {
                let binding = p
                    .binding
                    .ok_or_else(|| Error::invalid("entry input without binding"))?;
                match binding {
                    IoBinding::BuiltIn(b) => {
                        let name = ctx.namer.call(&p.name);
                        let t = self.type_name(p.ty)?;
                        params.push(format!("{t} {name} {}", builtin_attribute(b, true)?));
                        if let Some(slot) = ctx.names.get_mut(i) {
                            *slot = Some(Expr::atom(name));
                        }
                    }
                    IoBinding::Location { .. } => {
                        let mname = member_namer.call(&p.name);
                        inputs.push(self.io_member(ep.stage, binding, true, p.ty, &mname)?);
                        if let Some(slot) = ctx.names.get_mut(i) {
                            *slot = Some(Expr::atom(format!("{input_name}.{mname}")));
                        }
                    }
                }
            }
            if !inputs.is_empty() {
                let sname = input_struct.clone();
                out.open(format!("struct {sname} {{"));
                for line in &inputs {
                    out.line(line);
                }
                out.close("};");
                out.line("");
                params.insert(0, format!("{sname} {input_name} [[stage_in]]"));
            }
            let mut ret = "void".to_string();
            if !func.results.is_empty() {
                let sname = output_struct.clone();
                let mut member_namer = ctx.namer.sibling(&["__"]);
                let mut names = Vec::new();
                out.open(format!("struct {sname} {{"));
                for (i, r) in func.results.iter().enumerate() {
                    let binding = r
                        .binding
                        .ok_or_else(|| Error::invalid("entry output without binding"))?;
                    let mname =
                        member_namer.call(r.name.as_deref().unwrap_or(&format!("result{i}")));
                    let line = self.io_member(ep.stage, binding, false, r.ty, &mname)?;
                    out.line(line);
                    names.push(mname);
                }
                out.close("};");
                out.line("");
                ctx.outputs = Some((sname.clone(), names));
                ret = sname;
            }
            // Resources in binding-map order; workgroup and private memory in the body.
            for g in self.reached_globals_of(handle) {
                let global = self
                    .module
                    .globals
                    .get(g)
                    .ok_or_else(|| Error::invalid("bad global handle"))?;
                let name = self
                    .global_names
                    .get(g.index())
                    .cloned()
                    .unwrap_or_default();
                match self.global_param(g, global, &name, handle, true)? {
                    Some(p) => params.push(p),
                    None => {
                        let t = self.type_name(global.ty)?;
                        if global.space == AddressSpace::Workgroup {
                            body_decls.push(format!("threadgroup {t} {name};"));
                        } else {
                            let init = match global.init {
                                Some(c) => self.constant_expr(c)?.text,
                                None => self.zero_of(global.ty)?.text,
                            };
                            body_decls.push(format!("{t} {name} = {init};"));
                        }
                    }
                }
            }
            if self
                .needs_sizes
                .get(handle.index())
                .copied()
                .unwrap_or(false)
            {
                let index = self.bindings.sizes_buffer.unwrap_or(0);
                params.push(format!(
                    "constant uint* {} [[buffer({index})]]",
                    self.sizes_name
                ));
            }
            let stage = match ep.stage {
                ShaderStage::Vertex => "vertex",
                ShaderStage::Fragment => "fragment",
                _ => "kernel",
            };
            if ep.stage == ShaderStage::Fragment && ep.early_depth_test {
                out.line("[[early_fragment_tests]]");
            }
            if ep.stage == ShaderStage::Compute {
                let [x, y, z] = ep.workgroup_size;
                out.line_fmt(format_args!(
                    "// Dispatch with threadsPerThreadgroup = ({x}, {y}, {z})."
                ));
                // Metal takes the size from the dispatch alone: name the function constants
                // that choose it, whose values the dispatch must then follow.
                let chosen: Vec<String> = ep
                    .workgroup_size
                    .iter()
                    .zip(&ep.workgroup_size_spec)
                    .zip(["x", "y", "z"])
                    .filter_map(|((n, spec), axis)| {
                        let c = self.module.constants.get((*spec)?)?;
                        let name = c.name.as_deref().unwrap_or("?");
                        Some(format!(
                            "{axis}: `{name}` (function_constant({}), {n} by default)",
                            c.spec_id?
                        ))
                    })
                    .collect();
                if !chosen.is_empty() {
                    out.line_fmt(format_args!(
                        "// Sizes from function constants (dispatch with their values): {}.",
                        chosen.join(", ")
                    ));
                }
            }
            if params.is_empty() {
                out.open(format!("{stage} {ret} {fname}() {{"));
            } else {
                out.line_fmt(format_args!("{stage} {ret} {fname}("));
                out.indent();
                let count = params.len();
                for (i, p) in params.iter().enumerate() {
                    out.line_fmt(format_args!("{p}{}", if i + 1 < count { "," } else { "" }));
                }
                out.dedent();
                out.open(") {");
            }
            for d in &body_decls {
                out.line(d);
            }
        } else {
            for (i, p) in func.params.iter().enumerate() {
                let name = ctx.namer.call(&p.name);
                params.push(self.decl(p.ty, &name)?);
                if let Some(slot) = ctx.names.get_mut(i) {
                    *slot = Some(Expr::atom(name));
                }
            }
            params.extend(self.resource_params(handle)?);
            let ret = match func.results.as_slice() {
                [] => "void".to_string(),
                [r] => self.type_name(r.ty)?,
                _ => return Err(Error::invalid("function with several results")),
            };
            out.open(format!("{ret} {fname}({}) {{", params.join(", ")));
        }

        for (_, local) in func.locals.iter() {
            let name = ctx.namer.call(local.name.as_deref().unwrap_or("local"));
            self.declare_local(out, local, &name)?;
            ctx.locals.push(name);
        }

        let mut frames = Vec::new();
        self.write_block(out, &mut ctx, func.body, &mut frames, true)?;
        if !func.results.is_empty() && !luma_back::ends_in_return(func, func.body) {
            // After a trailing `discard_fragment()` (the invocation goes on as a helper) or an
            // endless loop: Metal rejects a non-void function whose end control may reach.
            out.line("return {};");
        }
        out.close("}");
        out.line("");
        Ok(())
    }

    fn declare_local(&mut self, out: &mut CodeWriter, local: &LocalVariable, name: &str) -> R<()> {
        let d = self.decl(local.ty, name)?;
        let init = match local.init {
            Some(c) => self.constant_expr(c)?.text,
            None => self.zero_of(local.ty)?.text,
        };
        out.line_fmt(format_args!("{d} = {init};"));
        Ok(())
    }

    /// An entry-point interface member: `float2 uv [[user(loc0)]];`, `float3 position
    /// [[attribute(0)]];`, `float4 color [[color(0)]];` or a builtin output.
    fn io_member(
        &mut self,
        stage: ShaderStage,
        binding: IoBinding,
        input: bool,
        ty: Handle<Type>,
        name: &str,
    ) -> R<String> {
        let decl = self.decl(ty, name)?;
        Ok(match binding {
            IoBinding::BuiltIn(b) => format!("{decl} {};", builtin_attribute(b, input)?),
            IoBinding::Location {
                location,
                interpolation,
            } => match (stage, input) {
                (ShaderStage::Vertex, true) => format!("{decl} [[attribute({location})]];"),
                (ShaderStage::Fragment, false) => format!("{decl} [[color({location})]];"),
                (ShaderStage::Fragment, true) => {
                    let interp = match interpolation {
                        Interpolation::Smooth => "",
                        Interpolation::Flat => " [[flat]]",
                        Interpolation::NoPerspective => " [[center_no_perspective]]",
                    };
                    format!("{decl} [[user(loc{location})]]{interp};")
                }
                _ => format!("{decl} [[user(loc{location})]];"),
            },
        })
    }
}

/// The attribute of a builtin input or output.
fn builtin_attribute(b: BuiltIn, input: bool) -> R<&'static str> {
    Ok(match b {
        BuiltIn::Position => "[[position]]",
        BuiltIn::VertexIndex => "[[vertex_id]]",
        BuiltIn::InstanceIndex => "[[instance_id]]",
        BuiltIn::FrontFacing => "[[front_facing]]",
        BuiltIn::FragDepth => "[[depth(any)]]",
        BuiltIn::SampleIndex => "[[sample_id]]",
        BuiltIn::SampleMask => "[[sample_mask]]",
        BuiltIn::LocalInvocationId => "[[thread_position_in_threadgroup]]",
        BuiltIn::LocalInvocationIndex => "[[thread_index_in_threadgroup]]",
        BuiltIn::GlobalInvocationId => "[[thread_position_in_grid]]",
        BuiltIn::WorkgroupId => "[[threadgroup_position_in_grid]]",
        BuiltIn::NumWorkgroups => {
            if !input {
                return Err(Error::invalid("num_workgroups as an output"));
            }
            "[[threadgroups_per_grid]]"
        }
    })
}

impl<'a> Writer<'a> {
    fn decide_inlining(&mut self, ctx: &mut FnCtx<'_>, a: &Analysis) -> R<()> {
        let func = ctx.func;
        let mut depth = vec![0u32; func.values.len()];
        // Values in arena order: operands of a placed value are defined before it, and the
        // arena is in definition order for everything lowering and the passes create; a value
        // whose operand comes later is simply not inlined.
        for (v, value) in func.values.iter() {
            let ValueDef::Op(op) = &value.def else {
                continue;
            };
            let i = v.index();
            if matches!(op, Op::AccessChain { .. }) {
                // Pointers are places, rebuilt at every use.
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
                continue;
            }
            let inner = self.ty(value.ty)?;
            let handle_load = matches!(op, Op::Load { .. })
                && matches!(inner, TypeInner::Image { .. } | TypeInner::Sampler { .. });
            if handle_load {
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
                continue;
            }
            let composite_compose = matches!(op, Op::Compose { .. })
                && matches!(inner, TypeInner::Array { .. } | TypeInner::Struct { .. });
            let uses = a.uses.get(i).copied().unwrap_or(0);
            let same_block =
                a.use_block.get(i).copied().flatten() == a.def_block.get(i).copied().flatten();
            if !luma_back::plan::inlinable_at_use(self.module, func, value, op)
                || composite_compose
                || uses != 1
                || !same_block
            {
                continue;
            }
            let mut d = 0u32;
            op.for_each_operand(|o| {
                if ctx.inline.get(o.index()).copied().unwrap_or(false) {
                    d = d.max(depth.get(o.index()).copied().unwrap_or(0));
                }
            });
            if d + 1 > MAX_INLINE_DEPTH {
                continue;
            }
            if let Some(x) = depth.get_mut(i) {
                *x = d + 1;
            }
            if let Some(x) = ctx.inline.get_mut(i) {
                *x = true;
            }
        }
        // Values nothing needs are not emitted at all.
        for (i, needed) in a.needed.iter().enumerate() {
            if !needed {
                if let Some(x) = ctx.inline.get_mut(i) {
                    *x = true;
                }
            }
        }
        // Loads that else-if arms write into their conditions.
        let folds = else_if_folds(
            self.module,
            func,
            |v| unwritten(ctx, v),
            |v| a.uses.get(v.index()).copied().unwrap_or(0),
        );
        for v in folds {
            if let Some(x) = ctx.inline.get_mut(v.index()) {
                *x = true;
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Statements

    fn write_block(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        block: Handle<Block>,
        frames: &mut Vec<Frame>,
        function_body: bool,
    ) -> R<()> {
        // Blocks nest without bound (each arm of an `elseif` chain whose condition needs
        // statements is one level deeper): every level checks the stack left and continues
        // on a heap segment when it runs low, so the depth costs no fixed limit.
        luma_base::stack::grow(luma_base::stack::CHECK_EVERY - 1, || {
            self.write_block_inner(out, ctx, block, frames, function_body)
        })
    }

    fn write_block_inner(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        block: Handle<Block>,
        frames: &mut Vec<Frame>,
        function_body: bool,
    ) -> R<()> {
        ctx.depth += 1;
        let func = ctx.func;
        let b = func
            .blocks
            .get(block)
            .ok_or_else(|| Error::invalid("bad block handle"))?;
        let count = b.stmts.len();
        for (i, stmt) in b.stmts.iter().enumerate() {
            let last = i + 1 == count;
            match &stmt.kind {
                StmtKind::Value(v) => self.write_value(out, ctx, *v)?,
                StmtKind::Store { pointer, value } => {
                    let place = self.place(ctx, *pointer, 0)?;
                    self.write_store(out, ctx, &place, *value)?;
                }
                StmtKind::AtomicStore { pointer, value } => {
                    let place = self.place(ctx, *pointer, 0)?;
                    let v = self.expr(ctx, *value, 0)?;
                    out.line_fmt(format_args!(
                        "metal::atomic_store_explicit(&{}, {}, metal::memory_order_relaxed);",
                        place.expr, v.text
                    ));
                }
                StmtKind::ImageStore {
                    image,
                    coordinate,
                    array_index,
                    value,
                } => self.write_image_store(out, ctx, *image, *coordinate, *array_index, *value)?,
                StmtKind::Call { function, args } => {
                    let call = self.call_expr(ctx, *function, args)?;
                    out.line_fmt(format_args!("{};", call.text));
                }
                StmtKind::Barrier(barrier) => {
                    let flags = match (barrier.workgroup, barrier.storage) {
                        (true, true) => {
                            "metal::mem_flags::mem_device | metal::mem_flags::mem_threadgroup"
                        }
                        (false, true) => "metal::mem_flags::mem_device",
                        (true, false) => "metal::mem_flags::mem_threadgroup",
                        (false, false) => "metal::mem_flags::mem_none",
                    };
                    out.line_fmt(format_args!("metal::threadgroup_barrier({flags});"));
                }
                StmtKind::If {
                    condition,
                    accept,
                    reject,
                    results,
                } => {
                    let defaults =
                        ctx.defaults
                            .of_if(self.module, ctx.func, *accept, *reject, results);
                    for (r, d) in results.iter().zip(&defaults) {
                        self.declare_var(out, ctx, *r, *d, "phi")?;
                    }
                    self.write_if(
                        out, ctx, *condition, *accept, *reject, results, defaults, frames,
                    )?;
                    out.close("}");
                }
                StmtKind::Loop(lp) => {
                    let luma_ir::Loop {
                        carried,
                        body,
                        results,
                        control,
                    } = &**lp;
                    for c in carried {
                        let init = self.expr(ctx, c.init, 0)?;
                        let name = self.var_name(ctx, c.value, "carried");
                        let d = self.decl(self.value_ty(func, c.value)?, &name)?;
                        out.line_fmt(format_args!("{d} = {};", init.text));
                    }
                    for r in results {
                        self.declare_var(out, ctx, *r, None, "result")?;
                    }
                    // Metal has no unrolling attribute; hints are dropped (they never change
                    // meaning).
                    let _ = control;
                    out.open("while (true) {");
                    frames.push(Frame::Loop {
                        carried: carried.iter().map(|c| c.value).collect(),
                        results: results.clone(),
                    });
                    self.write_block(out, ctx, *body, frames, false)?;
                    frames.pop();
                    out.close("}");
                }
                StmtKind::Yield(values) => {
                    let Some(Frame::If { results, defaults }) = frames.last() else {
                        return Err(Error::invalid("`Yield` outside an `If`"));
                    };
                    if results.len() != values.len() {
                        return Err(Error::invalid(
                            "terminator arity differs from its construct",
                        ));
                    }
                    let (targets, values): (Vec<_>, Vec<_>) =
                        assignments(results, values, defaults).unzip();
                    self.assign(out, ctx, &targets, &values)?;
                }
                StmtKind::Continue(values) => {
                    let Some((carried, _)) = innermost_loop(frames) else {
                        return Err(Error::invalid("`Continue` outside a loop"));
                    };
                    self.assign(out, ctx, &carried, values)?;
                    let loop_end = last && matches!(frames.last(), Some(Frame::Loop { .. }));
                    if !loop_end {
                        out.line("continue;");
                    }
                }
                StmtKind::Break(values) => {
                    let Some((_, results)) = innermost_loop(frames) else {
                        return Err(Error::invalid("`Break` outside a loop"));
                    };
                    self.assign(out, ctx, &results, values)?;
                    out.line("break;");
                }
                StmtKind::Return(values) => {
                    self.write_return(out, ctx, values, last && function_body)?
                }
                StmtKind::Discard => out.line("metal::discard_fragment();"),
                StmtKind::Unreachable => {}
            }
        }
        ctx.depth -= 1;
        Ok(())
    }

    /// Writes an `If` up to (not including) its closing brace: `if (c) {`, an arm whose only
    /// statement is an empty `Yield` is left out (negating the condition when it is the accept
    /// arm), and a reject arm that is an else-if arm ([`luma_back::chain`]) continues the chain
    /// as `} else if (...) {`. The chain is walked in a loop at the head's depth, so its length
    /// costs neither nesting nor stack.
    #[allow(clippy::too_many_arguments)]
    fn write_if(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        condition: Handle<Value>,
        accept: Handle<Block>,
        reject: Handle<Block>,
        results: &[Handle<Value>],
        defaults: Vec<Option<Handle<Value>>>,
        frames: &mut Vec<Frame>,
    ) -> R<()> {
        let func = ctx.func;
        // An arm whose only statement yields the defaults, which the variables hold.
        let empty_yield = |b: Handle<Block>, defaults: &[Option<Handle<Value>>]| {
            func.blocks.get(b).is_some_and(|b| {
                matches!(b.stmts.as_slice(), [s] if matches!(&s.kind, StmtKind::Yield(v) if yields_defaults(v, defaults)))
            })
        };
        frames.push(Frame::If {
            results: results.to_vec(),
            defaults,
        });
        let (mut condition, mut accept, mut reject) = (condition, accept, reject);
        let mut chained = false;
        loop {
            let cond = self.expr(ctx, condition, 0)?;
            let current = match frames.last() {
                Some(Frame::If { defaults, .. }) => defaults.clone(),
                _ => Vec::new(),
            };
            let (accept_empty, reject_empty) =
                (empty_yield(accept, &current), empty_yield(reject, &current));
            // The reject arm as an `else if` ([`luma_back::chain`]; its values are written
            // inside the inner condition). Placement is settled before writing, so asking
            // before the accept arm is written gives the same answer as after.
            let arm = if reject_empty {
                None
            } else {
                else_if(
                    self.module,
                    func,
                    reject,
                    |v| unwritten(ctx, v),
                    |v| ctx.uses.get(v.index()).copied().unwrap_or(0),
                )
                .filter(|arm| arm.fold.is_empty())
            };
            // An empty accept arm is written as `if (!c)`, unless the reject arm goes on as
            // `else if`: `if (c) {} else if` keeps the chain flat.
            let (test, first, second) = if accept_empty && !reject_empty && arm.is_none() {
                (cond.prefix("!").text, reject, None)
            } else {
                (cond.text, accept, (!reject_empty).then_some(reject))
            };
            if chained {
                out.dedent();
                out.open(format!("}} else if ({test}) {{"));
            } else {
                out.open(format!("if ({test}) {{"));
            }
            self.write_block(out, ctx, first, frames, false)?;
            let Some(else_block) = second else {
                break;
            };
            // Where the chained `If`'s results go among the variables being assigned.
            let targets = arm
                .as_ref()
                .and_then(|arm| arm_targets(func, else_block, &arm.results, &current));
            match (arm, targets) {
                (Some(arm), Some(targets)) => {
                    (condition, accept, reject) = (arm.condition, arm.accept, arm.reject);
                    chained = true;
                    // A chained `If`'s arms yield its results, which the arm yields on to the
                    // variables at `targets` (the others keep their defaults), so they assign
                    // those variables.
                    let Some(Frame::If { results, defaults }) = frames.pop() else {
                        return Err(Error::invalid("`else if` outside an `If`"));
                    };
                    let Some((results, defaults)) = at_targets(&targets, &results, &defaults)
                    else {
                        return Err(Error::invalid("`else if` results out of range"));
                    };
                    frames.push(Frame::If { results, defaults });
                }
                _ => {
                    out.dedent();
                    out.open("} else {");
                    self.write_block(out, ctx, else_block, frames, false)?;
                    break;
                }
            }
        }
        frames.pop();
        Ok(())
    }

    fn var_name(&mut self, ctx: &mut FnCtx<'_>, v: Handle<Value>, fallback: &str) -> String {
        let hint = ctx
            .func
            .values
            .get(v)
            .and_then(|x| ctx.func.value_name(x).map(String::from))
            .unwrap_or_else(|| fallback.to_string());
        let name = ctx.namer.call(&hint);
        if let Some(slot) = ctx.names.get_mut(v.index()) {
            *slot = Some(Expr::atom(name.clone()));
        }
        name
    }

    /// Declares the variable behind an `If` or loop result, starting with `init` when given.
    fn declare_var(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        init: Option<Handle<Value>>,
        fallback: &str,
    ) -> R<()> {
        let init = match init {
            Some(init) => Some(self.expr(ctx, init, 0)?.text),
            None => None,
        };
        let name = self.var_name(ctx, v, fallback);
        let d = self.decl(self.value_ty(ctx.func, v)?, &name)?;
        match init {
            Some(init) => out.line_fmt(format_args!("{d} = {init};")),
            None => out.line_fmt(format_args!("{d};")),
        }
        Ok(())
    }

    /// Assigns `values` to the variables of `targets` as if all at once.
    fn assign(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        targets: &[Handle<Value>],
        values: &[Handle<Value>],
    ) -> R<()> {
        if targets.len() != values.len() {
            return Err(Error::invalid(
                "terminator arity differs from its construct",
            ));
        }
        let mut exprs = Vec::new();
        for v in values {
            exprs.push(self.expr(ctx, *v, 0)?);
        }
        // A value that reads a target assigned before it must be saved first.
        let mut reads = Vec::new();
        for v in values {
            let mut r = Vec::new();
            self.reads_of(ctx, *v, &mut r, 0);
            reads.push(r);
        }
        for (i, r) in reads.iter().enumerate() {
            let hazard = r.iter().any(|read| {
                targets
                    .iter()
                    .position(|t| t == read)
                    .is_some_and(|j| j < i)
            });
            if hazard {
                if let (Some(e), Some(v)) = (exprs.get_mut(i), values.get(i)) {
                    let name = ctx.namer.call("next");
                    let d = self.decl(self.value_ty(ctx.func, *v)?, &name)?;
                    out.line_fmt(format_args!("const {d} = {};", e.text));
                    *e = Expr::atom(name);
                }
            }
        }
        for (t, e) in targets.iter().zip(exprs.iter()) {
            let name = ctx
                .names
                .get(t.index())
                .cloned()
                .flatten()
                .ok_or_else(|| Error::invalid("construct variable without a name"))?;
            if name.text != e.text {
                out.line_fmt(format_args!("{} = {};", name.text, e.text));
            }
        }
        Ok(())
    }

    /// The mutable variables (`If`/`Loop` values) an emitted expression for `v` reads.
    fn reads_of(
        &self,
        ctx: &FnCtx<'_>,
        v: Handle<Value>,
        out: &mut Vec<Handle<Value>>,
        depth: u32,
    ) {
        let Some(value) = ctx.func.values.get(v) else {
            return;
        };
        match &value.def {
            ValueDef::IfResult | ValueDef::LoopCarried | ValueDef::LoopResult => out.push(v),
            ValueDef::Op(op) if ctx.inline.get(v.index()).copied().unwrap_or(false) => {
                if depth > MAX_NESTING as u32 {
                    return;
                }
                op.for_each_operand(|o| self.reads_of(ctx, o, out, depth + 1));
            }
            _ => {}
        }
    }

    fn write_return(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        values: &[Handle<Value>],
        at_end: bool,
    ) -> R<()> {
        if let Some((sname, members)) = ctx.outputs.clone() {
            let name = ctx.namer.call("output");
            out.line_fmt(format_args!("{sname} {name} = {{}};"));
            for (m, v) in members.iter().zip(values.iter()) {
                let e = self.expr(ctx, *v, 0)?;
                out.line_fmt(format_args!("{name}.{m} = {};", e.text));
            }
            out.line_fmt(format_args!("return {name};"));
            return Ok(());
        }
        match values {
            [] => {
                if !at_end {
                    out.line("return;");
                }
            }
            [v] => {
                let e = self.expr(ctx, *v, 0)?;
                out.line_fmt(format_args!("return {};", e.text));
            }
            _ => return Err(Error::invalid("function returns several values")),
        }
        Ok(())
    }
}

/// Carried values and results of a loop.
type LoopVars = (Vec<Handle<Value>>, Vec<Handle<Value>>);

fn innermost_loop(frames: &[Frame]) -> Option<LoopVars> {
    frames.iter().rev().find_map(|f| match f {
        Frame::Loop { carried, results } => Some((carried.clone(), results.clone())),
        Frame::If { .. } => None,
    })
}

// ---------------------------------------------------------------------------------------------
// Values

impl<'a> Writer<'a> {
    /// Emits the statement of value `v`, unless it is inlined at its use.
    fn write_value(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
    ) -> R<()> {
        let func = ctx.func;
        let value = func
            .values
            .get(v)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        let ValueDef::Op(op) = &value.def else {
            return Err(Error::invalid("a placed value that is not an op"));
        };
        if ctx.inline.get(v.index()).copied().unwrap_or(false) && !op_has_effect(op) {
            return Ok(());
        }
        let ty = value.ty;
        match op {
            Op::Load { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                match self.load_expr(&place)? {
                    Some(e) => self.bind_temp(out, ctx, v, ty, e)?,
                    None => {
                        let name = self.var_name(ctx, v, "value");
                        let d = self.decl(ty, &name)?;
                        out.line_fmt(format_args!("{d};"));
                        self.copy_load(out, &mut ctx.namer, &name, &place, 0)?;
                    }
                }
            }
            Op::Atomic {
                fun,
                pointer,
                value: operand,
                comparator,
            } => self.write_atomic(out, ctx, v, *fun, *pointer, *operand, *comparator)?,
            Op::Call { function, args } => {
                let call = self.call_expr(ctx, *function, args)?;
                if ctx.uses.get(v.index()).copied().unwrap_or(0) > 0 {
                    self.bind_temp(out, ctx, v, ty, call)?;
                } else {
                    out.line_fmt(format_args!("{};", call.text));
                }
            }
            Op::Compose { components }
                if matches!(
                    self.ty(ty)?,
                    TypeInner::Array { .. } | TypeInner::Struct { .. }
                ) =>
            {
                let mut parts = Vec::new();
                for c in components {
                    parts.push(self.expr(ctx, *c, 0)?.text);
                }
                let name = self.var_name(ctx, v, "composite");
                let t = self.type_name(ty)?;
                out.line_fmt(format_args!(
                    "const {t} {name} = {t} {{{}}};",
                    parts.join(", ")
                ));
            }
            Op::Insert {
                base,
                value: part,
                index,
            } => {
                let b = self.expr(ctx, *base, 0)?;
                let p = self.expr(ctx, *part, 0)?;
                let name = self.var_name(ctx, v, "composite");
                let d = self.decl(ty, &name)?;
                out.line_fmt(format_args!("{d} = {};", b.text));
                let access = self.part_access(ty, *index)?;
                out.line_fmt(format_args!("{name}{access} = {};", p.text));
            }
            Op::InsertDynamic {
                base,
                value: part,
                index,
            } => {
                let b = self.expr(ctx, *base, 0)?;
                let p = self.expr(ctx, *part, 0)?;
                let i = self.expr(ctx, *index, 0)?;
                let n = match self.ty(ty)? {
                    TypeInner::Vector { size, .. } => size.count(),
                    _ => return Err(Error::invalid("dynamic insert into a non-vector")),
                };
                let name = self.var_name(ctx, v, "updated");
                let d = self.decl(ty, &name)?;
                out.line_fmt(format_args!("{d} = {};", b.text));
                let idx = self.as_uint(ctx, *index, &i)?;
                out.open(format!(
                    "if ({} < {n}u) {{",
                    idx.at(Prec::Relational, Side::Left)
                ));
                out.line_fmt(format_args!("{name}[{}] = {};", idx.text, p.text));
                out.close("}");
            }
            _ => {
                let e = self.op_expr(ctx, op, ty, 0)?;
                self.bind_temp(out, ctx, v, ty, e)?;
            }
        }
        Ok(())
    }

    fn bind_temp(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        ty: Handle<Type>,
        e: Expr,
    ) -> R<()> {
        // Named after what it calls, samples or loads, as on every text target.
        let base = luma_back::temp_base(self.module, ctx.func, v);
        let name = self.var_name(ctx, v, base.as_deref().unwrap_or("e"));
        let d = self.decl(ty, &name)?;
        out.line_fmt(format_args!("const {d} = {};", e.text));
        Ok(())
    }

    /// `.x`, `[i]` or `.member` selecting part `index` of a composite of type `ty`.
    fn part_access(&self, ty: Handle<Type>, index: u32) -> R<String> {
        Ok(match self.ty(ty)? {
            TypeInner::Vector { .. } => format!(".{}", vector_letter(index)),
            TypeInner::Matrix { .. } | TypeInner::Array { .. } => format!("[{index}]"),
            TypeInner::Struct { .. } => {
                let name = self
                    .member_names
                    .get(&ty)
                    .and_then(|m| m.get(index as usize))
                    .ok_or_else(|| Error::invalid("bad member index"))?;
                format!(".{name}")
            }
            _ => return Err(Error::invalid("part of a non-composite")),
        })
    }

    /// The expression of value `v` at its use.
    fn expr(&mut self, ctx: &mut FnCtx<'_>, v: Handle<Value>, depth: u32) -> R<Expr> {
        if let Some(Some(e)) = ctx.names.get(v.index()) {
            return Ok(e.clone());
        }
        let func = ctx.func;
        let value = func
            .values
            .get(v)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        match &value.def {
            ValueDef::Constant(c) => self.constant_expr(*c),
            ValueDef::Op(op) => {
                if depth > MAX_NESTING as u32 {
                    return Err(Error::invalid("expressions nest too deeply"));
                }
                if let Op::Load { pointer } = op {
                    let place = self.place(ctx, *pointer, 0)?;
                    return self
                        .load_expr(&place)?
                        .ok_or_else(|| Error::invalid("composite load used before its statement"));
                }
                self.op_expr(ctx, op, value.ty, depth + 1)
            }
            ValueDef::GlobalPointer(_) | ValueDef::LocalPointer(_) => {
                Err(Error::invalid("a pointer used as a value"))
            }
            ValueDef::Param(_)
            | ValueDef::IfResult
            | ValueDef::LoopCarried
            | ValueDef::LoopResult => Err(Error::invalid("a value used before its definition")),
        }
    }

    fn call_expr(
        &mut self,
        ctx: &mut FnCtx<'_>,
        function: Handle<Function>,
        args: &[Handle<Value>],
    ) -> R<Expr> {
        let name = self
            .function_names
            .get(function.index())
            .cloned()
            .ok_or_else(|| Error::invalid("call of a missing function"))?;
        let mut texts = Vec::new();
        for a in args {
            texts.push(self.expr(ctx, *a, 0)?.text);
        }
        texts.extend(self.resource_args(function));
        Ok(Expr::atom(format!("{name}({})", texts.join(", "))))
    }

    fn const_index(&self, ctx: &FnCtx<'_>, v: Handle<Value>) -> Option<u32> {
        let value = ctx.func.values.get(v)?;
        let ValueDef::Constant(c) = value.def else {
            return None;
        };
        match self.module.constants.get(c)? {
            Constant {
                value: ConstantValue::Scalar(Literal::U32(n)),
                spec_id: None,
                ..
            } => Some(*n),
            Constant {
                value: ConstantValue::Scalar(Literal::I32(n)),
                spec_id: None,
                ..
            } => u32::try_from(*n).ok(),
            Constant {
                value: ConstantValue::Zero,
                spec_id: None,
                ..
            } => Some(0),
            _ => None,
        }
    }

    /// `e` (the expression of integer value `v`) as a `uint` expression.
    fn as_uint(&self, ctx: &FnCtx<'_>, v: Handle<Value>, e: &Expr) -> R<Expr> {
        if let Some(c) = self.const_index(ctx, v) {
            return Ok(Expr::atom(format!("{c}u")));
        }
        Ok(match self.value_inner(ctx.func, v)?.scalar_kind_of() {
            Some(ScalarKind::Uint) => e.clone(),
            _ => Expr::atom(format!("uint({})", e.text)),
        })
    }

    /// An index into something of `n` elements, clamped when bounds checks are on and the
    /// index is not a constant in range.
    fn index(&mut self, ctx: &mut FnCtx<'_>, index: Handle<Value>, n: Option<u32>) -> R<Expr> {
        if let Some(c) = self.const_index(ctx, index) {
            if n.is_none_or(|n| c < n) {
                return Ok(Expr::atom(format!("{c}")));
            }
        }
        let e = self.expr(ctx, index, 0)?;
        if !self.options.bounds_checks {
            return Ok(e);
        }
        let u = self.as_uint(ctx, index, &e)?;
        Ok(match n {
            Some(n) => Expr::atom(format!("metal::min({}, {}u)", u.text, n.saturating_sub(1))),
            None => u,
        })
    }
}

trait ScalarKindOf {
    fn scalar_kind_of(&self) -> Option<ScalarKind>;
    fn vector_count(&self) -> Option<u32>;
}

impl ScalarKindOf for TypeInner {
    fn scalar_kind_of(&self) -> Option<ScalarKind> {
        match self {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some(s.kind),
            TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => {
                Some(scalar.kind)
            }
            _ => None,
        }
    }

    fn vector_count(&self) -> Option<u32> {
        match self {
            TypeInner::Vector { size, .. } => Some(size.count()),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Memory

impl<'a> Writer<'a> {
    /// Where pointer `ptr` points.
    fn place(&mut self, ctx: &mut FnCtx<'_>, ptr: Handle<Value>, depth: usize) -> R<Place> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("access chains nest too deeply"));
        }
        let func = ctx.func;
        let value = func
            .values
            .get(ptr)
            .ok_or_else(|| Error::invalid("bad value handle"))?;
        match &value.def {
            ValueDef::GlobalPointer(g) => {
                let global = self
                    .module
                    .globals
                    .get(*g)
                    .ok_or_else(|| Error::invalid("bad global handle"))?;
                let name = self
                    .global_names
                    .get(g.index())
                    .cloned()
                    .unwrap_or_default();
                Ok(Place {
                    expr: name,
                    ty: global.ty,
                    repr: self.global_reprs.get(g).cloned().unwrap_or(Repr::Plain),
                })
            }
            ValueDef::LocalPointer(l) => Ok(Place {
                expr: ctx
                    .locals
                    .get(l.index())
                    .cloned()
                    .ok_or_else(|| Error::invalid("bad local handle"))?,
                ty: func
                    .locals
                    .get(*l)
                    .map(|x| x.ty)
                    .ok_or_else(|| Error::invalid("bad local handle"))?,
                repr: Repr::Plain,
            }),
            // A chain's `non_uniform` marker needs nothing here: Metal defines an index into
            // an array of textures or samplers that differs between threads (MSL 2.4, 2.12
            // "Arrays of textures and samplers" has no uniformity rule and no marker exists).
            ValueDef::Op(Op::AccessChain { base, indices, .. }) => {
                let (end, _) = luma_ir::proc::pointer_parts(&self.module.types, value.ty)
                    .ok_or_else(|| Error::invalid("an access chain that is not a pointer"))?;
                let mut place = self.place(ctx, *base, depth + 1)?;
                let mut rest = indices.as_slice();
                while !rest.is_empty() {
                    let (next, taken) = self.step(ctx, place, rest, end)?;
                    place = next;
                    rest = rest.get(taken..).unwrap_or_default();
                }
                Ok(place)
            }
            _ => Err(Error::invalid("a value used as a pointer")),
        }
    }

    /// The repr of member `i` of a struct stored as `repr`.
    fn member_repr(&self, repr: &Repr, i: usize) -> Repr {
        match repr {
            Repr::Struct(vi) => self
                .reprs
                .variants
                .get(*vi)
                .and_then(|v| match v.fields.get(*v.member_fields.get(i)?) {
                    Some(Field::Member { index, repr }) if *index == i => Some(repr.clone()),
                    _ => None,
                })
                .unwrap_or(Repr::Plain),
            _ => Repr::Plain,
        }
    }

    /// The element count of the runtime-sized array that `place` (a storage global or its last
    /// member) is, from the sizes buffer.
    fn runtime_length(&mut self, place_expr: &str) -> R<String> {
        // The place is the global's name, or its name and a member (`name.member`); looked up
        // by name, as scanning every global per access was quadratic.
        let name = place_expr.split('.').next().unwrap_or(place_expr);
        let global = self
            .globals_by_name
            .get(name)
            .and_then(|h| self.module.globals.get(*h).map(|g| (*h, g.ty)))
            .ok_or_else(|| Error::invalid("runtime array outside a storage buffer"))?;
        let (handle, gty) = global;
        let slot = self
            .size_slots
            .get(&handle)
            .copied()
            .ok_or_else(|| Error::invalid("runtime array outside a storage buffer"))?;
        let (offset, array_ty) = match self.ty(gty)? {
            TypeInner::Array { .. } => (0, gty),
            TypeInner::Struct { members } => {
                let last = members
                    .last()
                    .ok_or_else(|| Error::invalid("empty storage struct"))?;
                let offsets = self
                    .std430
                    .member_offsets(gty)
                    .map_err(|e| Error::invalid(format!("no layout: {e}")))?;
                (offsets.last().copied().unwrap_or(0), last.ty)
            }
            _ => return Err(Error::invalid("array length of a non-array")),
        };
        let stride = match self.std430.layout(array_ty).map(|l| l.kind.clone()) {
            Ok(LayoutKind::Array { stride }) => stride,
            _ => return Err(Error::invalid("array length of a non-array")),
        };
        let size = format!("{}[{slot}]", self.sizes_name);
        Ok(if offset == 0 {
            format!("{size} / {stride}u")
        } else {
            format!("({size} < {offset}u ? 0u : ({size} - {offset}u) / {stride}u)")
        })
    }

    /// The access-chain steps that `indices` (not empty) start with: one index, or two for a
    /// component of a matrix column. `end` is the type the whole chain reaches, which is the
    /// type of a vector component or of a column the chain ends at. Neither is looked up in
    /// the type arena: it holds only the types that values and variables use, and a column
    /// reached only on the way to one of its components is not one of them (the verifier
    /// compares such steps structurally). Returns the place and how many indices it took.
    fn step(
        &mut self,
        ctx: &mut FnCtx<'_>,
        place: Place,
        indices: &[Handle<Value>],
        end: Handle<Type>,
    ) -> R<(Place, usize)> {
        let (index, component) = match indices {
            [index] => (*index, None),
            [index, next, ..] => (*index, Some(*next)),
            [] => return Err(Error::invalid("an access chain without indices")),
        };
        let Place { expr, ty, repr } = place;
        let inner = self.ty(ty)?;
        let (next_ty, access, next_repr, taken) = match inner {
            TypeInner::Struct { members } => {
                let i = self
                    .const_index(ctx, index)
                    .ok_or_else(|| Error::invalid("dynamic struct member index"))?;
                let m = members
                    .get(i as usize)
                    .ok_or_else(|| Error::invalid("bad member index"))?;
                (
                    m.ty,
                    self.part_access(ty, i)?,
                    self.member_repr(&repr, i as usize),
                    1,
                )
            }
            TypeInner::Array { base, size } => {
                let i = match size {
                    ArraySize::Constant(n) => self.index(ctx, index, Some(*n))?.text,
                    ArraySize::Runtime => {
                        let e = self.expr(ctx, index, 0)?;
                        let u = self.as_uint(ctx, index, &e)?;
                        // The length is known only when the shader runs, so a constant
                        // index may be past the end too.
                        if self.options.bounds_checks {
                            let len = self.runtime_length(&expr)?;
                            format!("metal::min({}, {len} - 1u)", u.text)
                        } else {
                            u.text
                        }
                    }
                };
                let next = match &repr {
                    Repr::Array(inner) => (**inner).clone(),
                    _ => Repr::Plain,
                };
                (*base, format!("[{i}]"), next, 1)
            }
            TypeInner::Vector { size, .. } => {
                let access = self.component_access(ctx, index, size.count())?;
                (end, access, Repr::Plain, 1)
            }
            TypeInner::Matrix { columns, rows, .. } => {
                let i = self.index(ctx, index, Some(columns.count()))?.text;
                match component {
                    Some(c) => {
                        let access = self.component_access(ctx, c, rows.count())?;
                        (end, format!("[{i}]{access}"), Repr::Plain, 2)
                    }
                    None => {
                        let next = match repr {
                            Repr::Cols { rows, .. } => Repr::Vec4 { count: rows },
                            _ => Repr::Plain,
                        };
                        (end, format!("[{i}]"), next, 1)
                    }
                }
            }
            _ => return Err(Error::invalid("access chain into a non-composite")),
        };
        let place = Place {
            expr: format!("{expr}{access}"),
            ty: next_ty,
            repr: next_repr,
        };
        Ok((place, taken))
    }

    /// `.y` for constant component `index` of a vector of `n` components, else `[i]`.
    fn component_access(&mut self, ctx: &mut FnCtx<'_>, index: Handle<Value>, n: u32) -> R<String> {
        Ok(match self.const_index(ctx, index) {
            Some(c) if c < n => format!(".{}", vector_letter(c)),
            _ => format!("[{}]", self.index(ctx, index, Some(n))?.text),
        })
    }

    /// The expression reading a place, or `None` when it takes statements (structs and arrays
    /// stored as layout types).
    fn load_expr(&mut self, place: &Place) -> R<Option<Expr>> {
        let Place { expr, ty, repr } = place;
        Ok(match repr {
            Repr::Plain => Some(Expr::atom(expr.clone())),
            Repr::Vec4 { count } => Some(Expr::atom(format!("{expr}.{}", swizzle(*count)))),
            Repr::Packed3 => {
                let t = self.type_name(*ty)?;
                Some(Expr::atom(format!("{t}({expr})")))
            }
            Repr::Cols { columns, rows } => {
                let t = self.type_name(*ty)?;
                let cols: Vec<String> = (0..*columns)
                    .map(|c| format!("{expr}[{c}].{}", swizzle(*rows)))
                    .collect();
                Some(Expr::atom(format!("{t}({})", cols.join(", "))))
            }
            Repr::Struct(_) | Repr::Array(_) => None,
        })
    }

    /// Statements that read a whole struct or array at `place` into variable `dst`.
    fn copy_load(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        dst: &str,
        place: &Place,
        depth: usize,
    ) -> R<()> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("types nest too deeply"));
        }
        if let Some(e) = self.load_expr(place)? {
            out.line_fmt(format_args!("{dst} = {};", e.text));
            return Ok(());
        }
        if let Repr::Struct(variant) = place.repr {
            if self.copy_parts.of(&self.module.types, place.ty) > COPY_INLINE_LIMIT {
                let helper = self.variant_helper(variant, place.ty, false, depth)?;
                out.line_fmt(format_args!("{dst} = {helper}({});", place.expr));
                return Ok(());
            }
        }
        self.copy_load_parts(out, namer, dst, place, depth)
    }

    /// [`Writer::copy_load`] of a struct or array part by part, inline.
    fn copy_load_parts(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        dst: &str,
        place: &Place,
        depth: usize,
    ) -> R<()> {
        match self.ty(place.ty)? {
            TypeInner::Struct { members } => {
                for i in 0..members.len() as u32 {
                    let sub = self.part_step(place, &i.to_string(), Some(i))?;
                    let access = self.part_access(place.ty, i)?;
                    self.copy_load(out, namer, &format!("{dst}{access}"), &sub, depth + 1)?;
                }
            }
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => {
                let i = namer.call("i");
                out.open(format!("for (uint {i} = 0u; {i} < {n}u; ++{i}) {{"));
                let sub = self.part_step(place, &i, None)?;
                self.copy_load(out, namer, &format!("{dst}[{i}]"), &sub, depth + 1)?;
                out.close("}");
            }
            _ => return Err(Error::invalid("cannot copy this type")),
        }
        Ok(())
    }

    /// Statements that write value expression `src` (a name) to `place`, member by member
    /// where the place is a layout type.
    fn copy_store(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        place: &Place,
        src: &str,
        depth: usize,
    ) -> R<()> {
        if depth > MAX_NESTING {
            return Err(Error::invalid("types nest too deeply"));
        }
        match &place.repr {
            Repr::Plain | Repr::Packed3 => {
                out.line_fmt(format_args!("{} = {src};", place.expr));
                return Ok(());
            }
            Repr::Vec4 { .. } | Repr::Cols { .. } => {
                return Err(Error::invalid("store into std140 memory"))
            }
            Repr::Struct(variant) => {
                if self.copy_parts.of(&self.module.types, place.ty) > COPY_INLINE_LIMIT {
                    let helper = self.variant_helper(*variant, place.ty, true, depth)?;
                    out.line_fmt(format_args!("{} = {helper}({src});", place.expr));
                    return Ok(());
                }
            }
            Repr::Array(_) => {}
        }
        self.copy_store_parts(out, namer, place, src, depth)
    }

    /// [`Writer::copy_store`] into a layout struct or array part by part, inline.
    fn copy_store_parts(
        &mut self,
        out: &mut CodeWriter,
        namer: &mut Namer,
        place: &Place,
        src: &str,
        depth: usize,
    ) -> R<()> {
        match self.ty(place.ty)? {
            TypeInner::Struct { members } => {
                for i in 0..members.len() as u32 {
                    let sub = self.part_step(place, &i.to_string(), Some(i))?;
                    let access = self.part_access(place.ty, i)?;
                    self.copy_store(out, namer, &sub, &format!("{src}{access}"), depth + 1)?;
                }
            }
            TypeInner::Array {
                size: ArraySize::Constant(n),
                ..
            } => {
                let i = namer.call("i");
                out.open(format!("for (uint {i} = 0u; {i} < {n}u; ++{i}) {{"));
                let sub = self.part_step(place, &i, None)?;
                self.copy_store(out, namer, &sub, &format!("{src}[{i}]"), depth + 1)?;
                out.close("}");
            }
            _ => return Err(Error::invalid("cannot store this type")),
        }
        Ok(())
    }

    /// The function converting layout struct `variant` (of IR struct `ty`) to a value of `ty`
    /// (`into`: a value of `ty` to the layout struct), written once per layout struct and
    /// direction, after the functions it calls. Both take and return values, so one function
    /// serves every address space.
    fn variant_helper(
        &mut self,
        variant: usize,
        ty: Handle<Type>,
        into: bool,
        depth: usize,
    ) -> R<String> {
        if let Some(name) = self.variant_helpers.get(&(variant, into)) {
            return Ok(name.clone());
        }
        let variant_name = self
            .variant_names
            .get(variant)
            .cloned()
            .ok_or_else(|| Error::invalid("layout struct without a name"))?;
        let type_name = self.type_name(ty)?;
        let base = if into {
            format!("luma_to_{variant_name}")
        } else {
            format!("luma_from_{variant_name}")
        };
        let name = self.internal_names.fresh(&base);
        self.variant_helpers.insert((variant, into), name.clone());
        let mut namer = self.namer.clone();
        let layout = Place {
            expr: if into { "luma_result" } else { "luma_value" }.to_string(),
            ty,
            repr: Repr::Struct(variant),
        };
        let mut body = CodeWriter::new();
        body.indent();
        let (from, to) = if into {
            body.line(format!("{variant_name} luma_result;"));
            self.copy_store_parts(&mut body, &mut namer, &layout, "luma_value", depth)?;
            (type_name.as_str(), variant_name.as_str())
        } else {
            body.line(format!("{type_name} luma_result;"));
            self.copy_load_parts(&mut body, &mut namer, "luma_result", &layout, depth)?;
            (variant_name.as_str(), type_name.as_str())
        };
        body.line("return luma_result;");
        self.helpers.text.push_str(&format!(
            "// Converts `{from}` to `{to}`.\n{to} {name}({from} luma_value) {{\n{}}}\n\n",
            body.finish()
        ));
        Ok(name)
    }

    /// The place of part `index` (constant `constant`, or a loop variable) of a struct or array
    /// place.
    fn part_step(&mut self, place: &Place, index: &str, constant: Option<u32>) -> R<Place> {
        let ty = place.ty;
        match self.ty(ty)? {
            TypeInner::Struct { members } => {
                let i = constant.ok_or_else(|| Error::invalid("dynamic member"))?;
                let m = members
                    .get(i as usize)
                    .ok_or_else(|| Error::invalid("bad member index"))?;
                Ok(Place {
                    expr: format!("{}{}", place.expr, self.part_access(ty, i)?),
                    ty: m.ty,
                    repr: self.member_repr(&place.repr, i as usize),
                })
            }
            TypeInner::Array { base, .. } => Ok(Place {
                expr: format!("{}[{index}]", place.expr),
                ty: *base,
                repr: match &place.repr {
                    Repr::Array(inner) => (**inner).clone(),
                    _ => Repr::Plain,
                },
            }),
            _ => Err(Error::invalid("part of a non-aggregate")),
        }
    }

    fn write_store(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        place: &Place,
        value: Handle<Value>,
    ) -> R<()> {
        let e = self.expr(ctx, value, 0)?;
        if matches!(place.repr, Repr::Plain | Repr::Packed3) {
            out.line_fmt(format_args!("{} = {};", place.expr, e.text));
            return Ok(());
        }
        // A value written in parts is named once, so it is evaluated once.
        let src = if is_identifier(&e.text) {
            e.text
        } else {
            let name = ctx.namer.call("stored");
            let d = self.decl(self.value_ty(ctx.func, value)?, &name)?;
            out.line_fmt(format_args!("const {d} = {};", e.text));
            name
        };
        self.copy_store(out, &mut ctx.namer, place, &src, 0)
    }
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

// ---------------------------------------------------------------------------------------------
// Atomics

impl<'a> Writer<'a> {
    #[allow(clippy::too_many_arguments)]
    fn write_atomic(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        v: Handle<Value>,
        fun: AtomicFunction,
        pointer: Handle<Value>,
        operand: Handle<Value>,
        comparator: Option<Handle<Value>>,
    ) -> R<()> {
        let func = ctx.func;
        let ty = self.value_ty(func, v)?;
        let scalar = match self.ty(ty)? {
            TypeInner::Scalar(s) => *s,
            _ => return Err(Error::invalid("atomic of a non-scalar")),
        };
        let place = self.place(ctx, pointer, 0)?;
        let value = self.expr(ctx, operand, 0)?;
        let t = self.scalar_name(scalar)?;
        let name = self.var_name(ctx, v, "old");
        let target = format!("&{}", place.expr);
        let call = match fun {
            AtomicFunction::CompareExchange => {
                let cmp = match comparator {
                    Some(c) => self.expr(ctx, c, 0)?,
                    None => return Err(Error::invalid("compare-exchange without comparator")),
                };
                let space = self.pointer_space(func, pointer)?;
                let helper = self.compare_exchange_helper(space, t)?;
                format!("{helper}({target}, {}, {})", cmp.text, value.text)
            }
            _ => {
                let f = match fun {
                    AtomicFunction::Add => "add",
                    AtomicFunction::Subtract => "sub",
                    AtomicFunction::And => "and",
                    AtomicFunction::Or => "or",
                    AtomicFunction::Xor => "xor",
                    AtomicFunction::Min => "min",
                    AtomicFunction::Max => "max",
                    _ => "",
                };
                if fun == AtomicFunction::Exchange {
                    format!(
                        "metal::atomic_exchange_explicit({target}, {}, metal::memory_order_relaxed)",
                        value.text
                    )
                } else {
                    format!(
                        "metal::atomic_fetch_{f}_explicit({target}, {}, metal::memory_order_relaxed)",
                        value.text
                    )
                }
            }
        };
        if ctx.uses.get(v.index()).copied().unwrap_or(0) == 0 {
            out.line_fmt(format_args!("{call};"));
        } else {
            out.line_fmt(format_args!("const {t} {name} = {call};"));
        }
        Ok(())
    }

    /// `device` or `threadgroup`: where the atomic behind `pointer` lives.
    fn pointer_space(&self, func: &Function, pointer: Handle<Value>) -> R<&'static str> {
        let ty = self.value_ty(func, pointer)?;
        Ok(match self.ty(ty)? {
            TypeInner::Pointer {
                space: AddressSpace::Workgroup,
                ..
            } => "threadgroup",
            _ => "device",
        })
    }

    /// A compare-exchange that returns the value before, retrying spurious failures of the weak
    /// exchange (Metal has no strong one).
    fn compare_exchange_helper(&mut self, space: &str, t: &str) -> R<String> {
        let atomic = if t == "int" {
            "metal::atomic_int"
        } else {
            "metal::atomic_uint"
        };
        Ok(self.helper("luma_atomic_compare_exchange", &format!("{space} {t}"), |name| {
            format!(
                "// Returns the value before; retries only spurious failures of the weak exchange.\n\
                 {t} {name}({space} {atomic}* p, {t} cmp, {t} v) {{\n    \
                 {t} expected = cmp;\n    \
                 while (!metal::atomic_compare_exchange_weak_explicit(p, &expected, v, \
                 metal::memory_order_relaxed, metal::memory_order_relaxed) && expected == cmp) {{\n    \
                 }}\n    return expected;\n}}\n"
            )
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// Operations

impl<'a> Writer<'a> {
    /// Emits helper `base` for type `ty_name` once (C++ overloads share the name) and returns
    /// the name.
    fn helper(&mut self, base: &str, ty_name: &str, make: impl FnOnce(&str) -> String) -> String {
        let name = match self.helpers.names.get(base) {
            Some(n) => n.clone(),
            None => {
                let n = self.internal_names.fresh(base);
                self.helpers.names.insert(base.to_string(), n.clone());
                n
            }
        };
        let key = format!("{base}:{ty_name}");
        if let std::collections::btree_map::Entry::Vacant(slot) = self.helpers.emitted.entry(key) {
            slot.insert(());
            let text = make(&name);
            self.helpers.text.push_str(&text);
            self.helpers.text.push('\n');
        }
        name
    }

    fn op_expr(&mut self, ctx: &mut FnCtx<'_>, op: &Op, ty: Handle<Type>, depth: u32) -> R<Expr> {
        let func = ctx.func;
        Ok(match op {
            Op::Unary { op: uop, arg } => {
                let a = self.expr(ctx, *arg, depth)?;
                let kind = self.value_inner(func, *arg)?.scalar_kind_of();
                match (uop, kind) {
                    (UnaryOp::Negate, Some(ScalarKind::Sint)) => {
                        let tn = self.type_name(ty)?;
                        let bits = format!(
                            "0u - {}",
                            self.uint_bits(ctx, *arg, &a)?
                                .at(Prec::Additive, Side::Right)
                        );
                        let mut e = Expr::atom(format!("as_type<{tn}>({bits})"));
                        e.bits = Some((bits, Prec::Additive));
                        e
                    }
                    (UnaryOp::Negate, Some(ScalarKind::Uint)) => Expr::new(
                        format!("0u - {}", a.at(Prec::Additive, Side::Right)),
                        Prec::Additive,
                    ),
                    (UnaryOp::Negate, _) => a.prefix("-"),
                    (UnaryOp::LogicalNot, _) => a.prefix("!"),
                    (UnaryOp::BitNot, _) => a.prefix("~"),
                }
            }
            Op::Binary { op: bop, lhs, rhs } => self.binary(ctx, *bop, *lhs, *rhs, ty, depth)?,
            Op::Product { kind, lhs, rhs } => {
                let l = self.expr(ctx, *lhs, depth)?;
                let r = self.expr(ctx, *rhs, depth)?;
                // Metal matrices are column-major with GLSL's `*`: no reordering.
                let _ = kind;
                infix("*", Prec::Multiplicative, &l, &r)
            }
            Op::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.expr(ctx, *condition, depth)?;
                let a = self.expr(ctx, *accept, depth)?;
                let b = self.expr(ctx, *reject, depth)?;
                match self.value_inner(func, *condition)? {
                    TypeInner::Vector { .. } => {
                        Expr::atom(format!("metal::select({}, {}, {})", b.text, a.text, c.text))
                    }
                    _ => Expr::new(
                        format!(
                            "{} ? {} : {}",
                            c.at(Prec::Conditional, Side::Left),
                            a.at(Prec::Conditional, Side::Right),
                            b.at(Prec::Conditional, Side::Right)
                        ),
                        Prec::Conditional,
                    ),
                }
            }
            Op::Splat { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let tn = self.type_name(ty)?;
                Expr::atom(format!("{tn}({})", e.text))
            }
            Op::Compose { components } => {
                let mut parts = Vec::new();
                for c in components {
                    parts.push(self.expr(ctx, *c, depth)?.text);
                }
                let tn = self.type_name(ty)?;
                Expr::atom(format!("{tn}({})", parts.join(", ")))
            }
            Op::Extract { base, index } => {
                let b = self.expr(ctx, *base, depth)?;
                let bty = self.value_ty(func, *base)?;
                let access = self.part_access(bty, *index)?;
                Expr::atom(format!("{}{access}", b.at(Prec::Primary, Side::Left)))
            }
            Op::ExtractDynamic { base, index } => {
                let b = self.expr(ctx, *base, depth)?;
                let n = self.value_inner(func, *base)?.vector_count();
                let i = self.index(ctx, *index, n)?;
                Expr::atom(format!("{}[{}]", b.at(Prec::Primary, Side::Left), i.text))
            }
            Op::Shuffle { a, b, pattern } => {
                let ea = self.expr(ctx, *a, depth)?;
                let na = self.value_inner(func, *a)?.vector_count().unwrap_or(1);
                let from_a = a == b || pattern.iter().all(|&p| p < na);
                if from_a {
                    let s: String = pattern.iter().map(|&p| vector_letter(p % na)).collect();
                    Expr::atom(format!("{}.{s}", ea.at(Prec::Primary, Side::Left)))
                } else {
                    let eb = self.expr(ctx, *b, depth)?;
                    let mut groups: Vec<(bool, String)> = Vec::new();
                    for &p in pattern {
                        let (first, letter) = if p < na {
                            (true, vector_letter(p))
                        } else {
                            (false, vector_letter(p - na))
                        };
                        match groups.last_mut() {
                            Some((f, s)) if *f == first => s.push_str(letter),
                            _ => groups.push((first, letter.to_string())),
                        }
                    }
                    let parts: Vec<String> = groups
                        .iter()
                        .map(|(first, s)| {
                            let e = if *first { &ea } else { &eb };
                            format!("{}.{s}", e.at(Prec::Primary, Side::Left))
                        })
                        .collect();
                    let tn = self.type_name(ty)?;
                    Expr::atom(format!("{tn}({})", parts.join(", ")))
                }
            }
            Op::Convert { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let tn = self.type_name(ty)?;
                if matches!(self.ty(ty)?, TypeInner::Matrix { .. }) {
                    // Matrices convert through their constructor (`half` <-> `float`).
                    Expr::atom(format!("{tn}({})", e.text))
                } else {
                    Expr::atom(format!("static_cast<{tn}>({})", e.text))
                }
            }
            Op::Bitcast { value } => {
                let e = self.expr(ctx, *value, depth)?;
                let tn = self.type_name(ty)?;
                let from_uint =
                    self.value_inner(func, *value)?.scalar_kind_of() == Some(ScalarKind::Uint);
                let to_int = self.ty(ty)?.scalar_kind_of() == Some(ScalarKind::Sint);
                let mut out = Expr::atom(format!("as_type<{tn}>({})", e.text));
                if from_uint && to_int {
                    out.bits = Some((e.text.clone(), e.prec));
                }
                out
            }
            Op::Relational { fun, arg } => {
                let e = self.expr(ctx, *arg, depth)?;
                let f = match fun {
                    RelationalFunction::All => "all",
                    RelationalFunction::Any => "any",
                    RelationalFunction::IsNan => "isnan",
                    RelationalFunction::IsInf => "isinf",
                };
                Expr::atom(format!("metal::{f}({})", e.text))
            }
            Op::Math { fun, args } => self.math(ctx, *fun, args, ty, depth)?,
            Op::Derivative { axis, arg, .. } => {
                // Metal has no coarse or fine variants; its derivatives are the default kind.
                let e = self.expr(ctx, *arg, depth)?;
                let f = match axis {
                    DerivativeAxis::X => "dfdx",
                    DerivativeAxis::Y => "dfdy",
                    DerivativeAxis::Width => "fwidth",
                };
                Expr::atom(format!("metal::{f}({})", e.text))
            }
            Op::Load { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                self.load_expr(&place)?
                    .ok_or_else(|| Error::invalid("composite load in an expression"))?
            }
            Op::ArrayLength { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                let len = self.runtime_length(&place.expr)?;
                Expr::new(len, Prec::Multiplicative)
            }
            Op::Call { function, args } => self.call_expr(ctx, *function, args)?,
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
                let img = self.expr(ctx, *image, depth)?;
                let smp = self.expr(ctx, *sampler, depth)?;
                let coord = self.expr(ctx, *coordinate, depth)?.text;
                let mut args = vec![smp.text, coord];
                if let Some(layer) = array_index {
                    // Vulkan, D3D and WebGPU clamp a sampled layer into the array, so a negative
                    // one takes the first layer; converted to Metal's `uint` as it is, it would
                    // wrap to a huge one. Layer 0 always exists.
                    if self.options.bounds_checks && self.const_index(ctx, *layer) != Some(0) {
                        let l = self.int_text(ctx, *layer, depth)?;
                        let i = img.at(Prec::Primary, Side::Left);
                        args.push(format!("uint({})", clamped_layer(&i, &l)));
                    } else {
                        let l = self.expr(ctx, *layer, depth)?;
                        args.push(self.as_uint(ctx, *layer, &l)?.text);
                    }
                }
                if let Some(d) = depth_ref {
                    args.push(self.expr(ctx, *d, depth)?.text);
                }
                let cube = matches!(
                    self.value_inner(func, *image)?,
                    TypeInner::Image {
                        dim: ImageDimension::Cube,
                        ..
                    }
                );
                let three_d = matches!(
                    self.value_inner(func, *image)?,
                    TypeInner::Image {
                        dim: ImageDimension::D3,
                        ..
                    }
                );
                if let Some(component) = gather {
                    // `gather(s, coord, [array,] [offset,] [component])` and
                    // `gather_compare(s, coord, [array,] reference, [offset])` read level 0.
                    // Depth textures take no component; cube textures no offset.
                    let class = match self.value_inner(func, *image)? {
                        TypeInner::Image { class, .. } => *class,
                        _ => {
                            return Err(Error::invalid("a gather of a value that is not a texture"))
                        }
                    };
                    let color = !matches!(class, ImageClass::Depth { .. });
                    if let Some(c) = offset {
                        args.push(self.constant_expr(*c)?.text);
                    } else if color && *component != 0 && !cube {
                        // The component follows the offset: spell out the default one.
                        let n = if three_d { 3 } else { 2 };
                        args.push(format!("metal::int{n}(0)"));
                    }
                    if color && *component != 0 {
                        let c = ["x", "y", "z", "w"]
                            .get(usize::from(*component))
                            .copied()
                            .unwrap_or("x");
                        args.push(format!("metal::component::{c}"));
                    }
                    let method = if depth_ref.is_some() {
                        "gather_compare"
                    } else {
                        "gather"
                    };
                    return Ok(Expr::atom(format!(
                        "{}.{method}({})",
                        img.at(Prec::Primary, Side::Left),
                        args.join(", ")
                    )));
                }
                if depth_ref.is_some() && matches!(level, SampleLevel::Bias(_)) {
                    return Err(Error::unsupported(
                        "Metal cannot sample a depth texture with a comparison and a bias",
                    ));
                }
                match level {
                    SampleLevel::Auto => {}
                    SampleLevel::Zero => args.push("metal::level(0.0)".to_string()),
                    SampleLevel::Exact(l) => {
                        let l = self.expr(ctx, *l, depth)?.text;
                        args.push(format!("metal::level({l})"));
                    }
                    SampleLevel::Bias(b) => {
                        let b = self.expr(ctx, *b, depth)?.text;
                        args.push(format!("metal::bias({b})"));
                    }
                    SampleLevel::Gradient { x, y } => {
                        let x = self.expr(ctx, *x, depth)?.text;
                        let y = self.expr(ctx, *y, depth)?.text;
                        let g = if cube {
                            "gradientcube"
                        } else if three_d {
                            "gradient3d"
                        } else {
                            "gradient2d"
                        };
                        args.push(format!("metal::{g}({x}, {y})"));
                    }
                }
                if let Some(c) = offset {
                    args.push(self.constant_expr(*c)?.text);
                }
                let method = if depth_ref.is_some() {
                    "sample_compare"
                } else {
                    "sample"
                };
                Expr::atom(format!(
                    "{}.{method}({})",
                    img.at(Prec::Primary, Side::Left),
                    args.join(", ")
                ))
            }
            Op::ImageFetch {
                image,
                coordinate,
                array_index,
                level,
                sample,
            } => {
                let img = self.expr(ctx, *image, depth)?;
                let coord = self.expr(ctx, *coordinate, depth)?.text;
                let n = self
                    .value_inner(func, *coordinate)?
                    .vector_count()
                    .unwrap_or(1);
                if self.options.bounds_checks {
                    return self.clamped_fetch(
                        ctx,
                        &img,
                        *image,
                        *coordinate,
                        coord,
                        n,
                        *array_index,
                        *level,
                        *sample,
                        depth,
                    );
                }
                let mut args = vec![format!("metal::uint{n}({coord})")];
                if let Some(l) = array_index {
                    let e = self.expr(ctx, *l, depth)?;
                    args.push(self.as_uint(ctx, *l, &e)?.text);
                }
                if let Some(s) = sample {
                    let e = self.expr(ctx, *s, depth)?;
                    args.push(self.as_uint(ctx, *s, &e)?.text);
                } else if let Some(l) = level {
                    let e = self.expr(ctx, *l, depth)?;
                    args.push(self.as_uint(ctx, *l, &e)?.text);
                }
                Expr::atom(format!(
                    "{}.read({})",
                    img.at(Prec::Primary, Side::Left),
                    args.join(", ")
                ))
            }
            Op::ImageLoad {
                image,
                coordinate,
                array_index,
            } => {
                let img = self.expr(ctx, *image, depth)?;
                let i = img.at(Prec::Primary, Side::Left);
                let coord = self.expr(ctx, *coordinate, depth)?.text;
                let layer = match array_index {
                    Some(l) => Some(self.expr(ctx, *l, depth)?.text),
                    None => None,
                };
                let (dims, _) = self.storage_image(func, *image)?;
                let (c, l) = if self.options.bounds_checks {
                    // Metal leaves out-of-range texture reads undefined: clamp into the image.
                    let extent = storage_extent(&i, dims);
                    let c = format!("metal::clamp({coord}, metal::int{dims}(0), {extent} - 1)");
                    let l = layer.map(|l| clamped_layer(&i, &l));
                    (c, l)
                } else {
                    (coord, layer)
                };
                let mut args = vec![format!("metal::uint{dims}({c})")];
                if let Some(l) = l {
                    args.push(format!("uint({l})"));
                }
                Expr::atom(format!("{i}.read({})", args.join(", ")))
            }
            Op::ImageQuery { image, query } => {
                let img = self.expr(ctx, *image, depth)?;
                let i = img.at(Prec::Primary, Side::Left);
                let TypeInner::Image { dim, class, .. } = self.value_inner(func, *image)? else {
                    return Err(Error::invalid("image query of a non-image"));
                };
                if matches!(class, ImageClass::Storage { .. }) {
                    // Storage textures have one level: the queries take none.
                    let dims = if *dim == ImageDimension::D3 { 3 } else { 2 };
                    return Ok(Expr::atom(match query {
                        ImageQuery::Size { .. } => storage_extent(&i, dims),
                        ImageQuery::NumLayers => format!("int({i}.get_array_size())"),
                        ImageQuery::NumLevels | ImageQuery::NumSamples => {
                            return Err(Error::invalid(
                                "a level or sample query of a storage image",
                            ))
                        }
                    }));
                }
                let ms = matches!(
                    class,
                    ImageClass::Sampled {
                        multisampled: true,
                        ..
                    } | ImageClass::Depth { multisampled: true }
                );
                match query {
                    ImageQuery::Size { level } => {
                        let l = match (level, ms) {
                            (_, true) => String::new(),
                            (Some(l), false) if self.options.bounds_checks => {
                                self.clamped_level(ctx, &i, *l, depth)?
                            }
                            (Some(l), false) => {
                                let e = self.expr(ctx, *l, depth)?;
                                self.as_uint(ctx, *l, &e)?.text
                            }
                            (None, false) => "0u".to_string(),
                        };
                        let mut parts = vec![
                            format!("{i}.get_width({l})"),
                            format!("{i}.get_height({l})"),
                        ];
                        if *dim == ImageDimension::D3 {
                            parts.push(format!("{i}.get_depth({l})"));
                        }
                        Expr::atom(format!("metal::int{}({})", parts.len(), parts.join(", ")))
                    }
                    ImageQuery::NumLevels => Expr::atom(format!("int({i}.get_num_mip_levels())")),
                    ImageQuery::NumLayers => Expr::atom(format!("int({i}.get_array_size())")),
                    ImageQuery::NumSamples => Expr::atom(format!("int({i}.get_num_samples())")),
                }
            }
            Op::AtomicLoad { pointer } => {
                let place = self.place(ctx, *pointer, 0)?;
                Expr::atom(format!(
                    "metal::atomic_load_explicit(&{}, metal::memory_order_relaxed)",
                    place.expr
                ))
            }
            Op::Atomic { .. }
            | Op::Insert { .. }
            | Op::InsertDynamic { .. }
            | Op::AccessChain { .. } => {
                return Err(Error::invalid("operation used as an expression"))
            }
        })
    }

    /// `img.read(...)` of a sampled texture under bounds checks. Metal leaves out-of-range
    /// texture reads undefined: the level is clamped into the texture's levels (the sample
    /// into its samples), the layer into its layers, and the coordinate into the size at
    /// that level.
    #[allow(clippy::too_many_arguments)]
    fn clamped_fetch(
        &mut self,
        ctx: &mut FnCtx<'_>,
        img: &Expr,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        coord: String,
        n: u32,
        array_index: Option<Handle<Value>>,
        level: Option<Handle<Value>>,
        sample: Option<Handle<Value>>,
        depth: u32,
    ) -> R<Expr> {
        let func = ctx.func;
        let i = img.at(Prec::Primary, Side::Left);
        let three_d = matches!(
            self.value_inner(func, image)?,
            TypeInner::Image {
                dim: ImageDimension::D3,
                ..
            }
        );
        // The level of the size queries (none for a multisampled texture) and the last `read`
        // argument.
        let (lod, last) = match (sample, level) {
            (Some(s), _) => {
                let s = self.int_text(ctx, s, depth)?;
                let last = format!("uint(metal::clamp({s}, 0, int({i}.get_num_samples()) - 1))");
                (String::new(), last)
            }
            (None, Some(l)) => {
                let l = self.clamped_level(ctx, &i, l, depth)?;
                (l.clone(), l)
            }
            (None, None) => ("0u".to_string(), "0u".to_string()),
        };
        let mut parts = vec![
            format!("{i}.get_width({lod})"),
            format!("{i}.get_height({lod})"),
        ];
        if three_d {
            parts.push(format!("{i}.get_depth({lod})"));
        }
        let coord =
            if self.value_inner(func, coordinate)?.scalar_kind_of() == Some(ScalarKind::Uint) {
                format!("metal::int{n}({coord})")
            } else {
                coord
            };
        let mut args = vec![format!(
            "metal::uint{n}(metal::clamp({coord}, metal::int{n}(0), metal::int{n}({}) - 1))",
            parts.join(", ")
        )];
        if let Some(l) = array_index {
            let l = self.int_text(ctx, l, depth)?;
            args.push(format!("uint({})", clamped_layer(&i, &l)));
        }
        args.push(last);
        Ok(Expr::atom(format!("{i}.read({})", args.join(", "))))
    }

    /// A texture level as a `uint`, under bounds checks clamped into the texture's levels
    /// (Metal leaves an out-of-range level undefined); the constant 0 always exists.
    fn clamped_level(
        &mut self,
        ctx: &mut FnCtx<'_>,
        i: &str,
        level: Handle<Value>,
        depth: u32,
    ) -> R<String> {
        if luma_back::is_integer_zero(self.module, ctx.func, level) {
            return Ok("0u".to_string());
        }
        let l = self.int_text(ctx, level, depth)?;
        Ok(format!(
            "uint(metal::clamp({l}, 0, int({i}.get_num_mip_levels()) - 1))"
        ))
    }

    /// An integer value as `int` text (an unsigned one converted).
    fn int_text(&mut self, ctx: &mut FnCtx<'_>, v: Handle<Value>, depth: u32) -> R<String> {
        let e = self.expr(ctx, v, depth)?;
        Ok(match self.value_inner(ctx.func, v)?.scalar_kind_of() {
            Some(ScalarKind::Uint) => format!("int({})", e.text),
            _ => e.text,
        })
    }

    /// The coordinate size of a storage image value and whether it is read-write.
    fn storage_image(&self, func: &Function, image: Handle<Value>) -> R<(u32, bool)> {
        match self.value_inner(func, image)? {
            TypeInner::Image {
                dim,
                class: ImageClass::Storage { access, .. },
                ..
            } => Ok((
                if *dim == ImageDimension::D3 { 3 } else { 2 },
                *access == ImageAccess::ReadWrite,
            )),
            _ => Err(Error::invalid(
                "a storage image access of a sampled texture",
            )),
        }
    }

    /// `img.write(v, coord[, layer])`; under bounds checks guarded so an out-of-range store
    /// does nothing (Metal leaves it undefined). A read-write texture then gets a `fence()`,
    /// which Metal requires before the same thread reads what it wrote.
    #[allow(clippy::too_many_arguments)]
    fn write_image_store(
        &mut self,
        out: &mut CodeWriter,
        ctx: &mut FnCtx<'_>,
        image: Handle<Value>,
        coordinate: Handle<Value>,
        array_index: Option<Handle<Value>>,
        value: Handle<Value>,
    ) -> R<()> {
        let func = ctx.func;
        let (dims, mut read_write) = self.storage_image(func, image)?;
        if let Some(access) =
            image_global(func, image).and_then(|g| self.image_access_in(g, ctx.function))
        {
            read_write = access == ImageAccess::ReadWrite;
        }
        let img = self.expr(ctx, image, 0)?;
        let i = img.at(Prec::Primary, Side::Left);
        let c = self.expr(ctx, coordinate, 0)?.text;
        let layer = match array_index {
            Some(l) => Some(self.expr(ctx, l, 0)?.text),
            None => None,
        };
        let v = self.expr(ctx, value, 0)?.text;
        let mut args = vec![v, format!("metal::uint{dims}({c})")];
        if let Some(l) = &layer {
            args.push(format!("uint({l})"));
        }
        let write = format!("{i}.write({});", args.join(", "));
        if self.options.bounds_checks {
            let extent = storage_extent(&i, dims);
            let mut test =
                format!("metal::all(metal::uint{dims}({c}) < metal::uint{dims}({extent}))");
            if let Some(l) = &layer {
                test = format!("{test} && uint({l}) < {i}.get_array_size()");
            }
            out.line_fmt(format_args!("if ({test}) {{"));
            out.indent();
            out.line(write);
            out.close("}");
        } else {
            out.line(write);
        }
        if read_write {
            out.line_fmt(format_args!("{i}.fence();"));
        }
        Ok(())
    }

    fn binary(
        &mut self,
        ctx: &mut FnCtx<'_>,
        op: BinaryOp,
        lhs: Handle<Value>,
        rhs: Handle<Value>,
        ty: Handle<Type>,
        depth: u32,
    ) -> R<Expr> {
        let func = ctx.func;
        let l = self.expr(ctx, lhs, depth)?;
        let operand_ty = self.value_ty(func, lhs)?;
        let kind = self.ty(operand_ty)?.scalar_kind_of();
        let tn = self.type_name(operand_ty)?;
        let signed = kind == Some(ScalarKind::Sint);
        // Shift counts are masked to 31 (constant counts are masked here); a signed left shift
        // goes through uint (shifting a negative value is undefined in C++14).
        if matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight) {
            let count = match self.const_index(ctx, rhs) {
                Some(c) => Expr::atom(format!("{}u", c & 31)),
                None if luma_back::shift::count_in_range(self.module, func, rhs) => {
                    self.expr(ctx, rhs, depth)?
                }
                None => {
                    let r = self.expr(ctx, rhs, depth)?;
                    Expr::new(
                        format!("{} & 31u", r.at(Prec::BitAnd, Side::Left)),
                        Prec::BitAnd,
                    )
                }
            };
            if op == BinaryOp::ShiftLeft && signed {
                let lu = self.uint_bits(ctx, lhs, &l)?;
                let bits = infix("<<", Prec::Shift, &lu, &count).text;
                let mut e = Expr::atom(format!("as_type<{tn}>({bits})"));
                e.bits = Some((bits, Prec::Shift));
                return Ok(e);
            }
            let sym = if op == BinaryOp::ShiftLeft {
                "<<"
            } else {
                ">>"
            };
            return Ok(infix(sym, Prec::Shift, &l, &count));
        }
        let r = self.expr(ctx, rhs, depth)?;
        let float = kind == Some(ScalarKind::Float);
        Ok(match op {
            BinaryOp::Add | BinaryOp::Subtract | BinaryOp::Multiply if signed => {
                // Signed overflow is undefined in Metal: wrap through uint.
                let sym = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Subtract => "-",
                    _ => "*",
                };
                let lu = self.uint_bits(ctx, lhs, &l)?;
                let ru = self.uint_bits(ctx, rhs, &r)?;
                let prec = if sym == "*" {
                    Prec::Multiplicative
                } else {
                    Prec::Additive
                };
                let bits = infix(sym, prec, &lu, &ru).text;
                let mut e = Expr::atom(format!("as_type<{tn}>({bits})"));
                e.bits = Some((bits, prec));
                e
            }
            BinaryOp::Add => infix("+", Prec::Additive, &l, &r),
            BinaryOp::Subtract => infix("-", Prec::Additive, &l, &r),
            BinaryOp::Multiply => infix("*", Prec::Multiplicative, &l, &r),
            BinaryOp::Divide if float => infix("/", Prec::Multiplicative, &l, &r),
            // A constant divisor other than 0 and -1 needs no guard: Metal's `/` and `%` are
            // C++'s, which truncate, as Luma's do.
            BinaryOp::Divide | BinaryOp::Remainder
                if luma_back::is_safe_integer_divisor(self.module, ctx.func, rhs) =>
            {
                let sym = if op == BinaryOp::Divide { "/" } else { "%" };
                infix(sym, Prec::Multiplicative, &l, &r)
            }
            BinaryOp::Divide => {
                let name = self.int_helper("luma_div", &tn, operand_ty, signed, true)?;
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::Remainder if float => {
                let name = self.helper("luma_frem", &tn, |name| {
                    format!(
                        "// Truncated float remainder: x - y * trunc(x / y).\n\
                         {tn} {name}({tn} x, {tn} y) {{\n    return x - y * metal::trunc(x / y);\n}}\n"
                    )
                });
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::Remainder => {
                let name = self.int_helper("luma_rem", &tn, operand_ty, signed, false)?;
                Expr::atom(format!("{name}({}, {})", l.text, r.text))
            }
            BinaryOp::BitAnd => infix("&", Prec::BitAnd, &l, &r),
            BinaryOp::BitOr => infix("|", Prec::BitOr, &l, &r),
            BinaryOp::BitXor => infix("^", Prec::BitXor, &l, &r),
            BinaryOp::Equal => infix("==", Prec::Relational, &l, &r),
            BinaryOp::NotEqual => infix("!=", Prec::Relational, &l, &r),
            BinaryOp::Less => infix("<", Prec::Relational, &l, &r),
            BinaryOp::LessEqual => infix("<=", Prec::Relational, &l, &r),
            BinaryOp::Greater => infix(">", Prec::Relational, &l, &r),
            BinaryOp::GreaterEqual => infix(">=", Prec::Relational, &l, &r),
            // Metal's `&&` and `||` work per component on bool vectors.
            BinaryOp::LogicalAnd => infix("&&", Prec::LogicalAnd, &l, &r),
            BinaryOp::LogicalOr => infix("||", Prec::LogicalOr, &l, &r),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight => {
                let _ = ty;
                return Err(Error::invalid("shift handled above"));
            }
        })
    }

    /// Total integer division (`div`) or remainder helper for `tn`; vectors apply the scalar
    /// helper per component.
    fn int_helper(
        &mut self,
        base: &str,
        tn: &str,
        ty: Handle<Type>,
        signed: bool,
        div: bool,
    ) -> R<String> {
        let scalar = if signed { "int" } else { "uint" };
        let scalar_body = match (signed, div) {
            (true, true) => "// x / 0 == x and MIN / -1 == MIN: divide by 1 instead.\n    \
                             return x / ((y == 0 || (x == (-2147483647 - 1) && y == -1)) ? 1 : y);"
                .to_string(),
            (true, false) => {
                "// Truncated remainder; x % 0 == 0 and MIN % -1 == 0.\n    \
                              return x % ((y == 0 || (x == (-2147483647 - 1) && y == -1)) ? 1 : y);"
                    .to_string()
            }
            (false, true) => "// x / 0 == x.\n    return x / (y == 0u ? 1u : y);".to_string(),
            (false, false) => "// x % 0 == 0.\n    return x % (y == 0u ? 1u : y);".to_string(),
        };
        let name = self.helper(base, scalar, |name| {
            format!("{scalar} {name}({scalar} x, {scalar} y) {{\n    {scalar_body}\n}}\n")
        });
        if let Some(n) = self.ty(ty)?.vector_count() {
            let parts: Vec<String> = (0..n)
                .map(|i| {
                    let l = vector_letter(i);
                    format!("{name}(x.{l}, y.{l})")
                })
                .collect();
            let tn = tn.to_string();
            self.helper(base, &tn, |name| {
                format!(
                    "{tn} {name}({tn} x, {tn} y) {{\n    return {tn}({});\n}}\n",
                    parts.join(", ")
                )
            });
        }
        Ok(name)
    }

    /// A per-component integer helper: the scalar body `body` (of `x`) applied to each
    /// component of vectors.
    fn int_unary_helper(
        &mut self,
        base: &str,
        tn: &str,
        ty: Handle<Type>,
        scalar: &str,
        ret: &str,
        body: &str,
    ) -> R<String> {
        let name = self.helper(base, scalar, |name| {
            format!("{ret} {name}({scalar} x) {{\n    {body}\n}}\n")
        });
        if let Some(n) = self.ty(ty)?.vector_count() {
            let parts: Vec<String> = (0..n)
                .map(|i| format!("{name}(x.{})", vector_letter(i)))
                .collect();
            let rt = format!("metal::{ret}{n}");
            let tn = tn.to_string();
            self.helper(base, &tn, |name| {
                format!(
                    "{rt} {name}({tn} x) {{\n    return {rt}({});\n}}\n",
                    parts.join(", ")
                )
            });
        }
        Ok(name)
    }

    fn math(
        &mut self,
        ctx: &mut FnCtx<'_>,
        fun: MathFunction,
        args: &[Handle<Value>],
        ty: Handle<Type>,
        depth: u32,
    ) -> R<Expr> {
        use MathFunction as M;
        let func = ctx.func;
        let mut a = Vec::new();
        for v in args {
            a.push(self.expr(ctx, *v, depth)?);
        }
        let arg = |i: usize| a.get(i).map(|e| e.text.clone()).unwrap_or_default();
        let call = |name: &str| {
            Expr::atom(format!(
                "metal::{name}({})",
                a.iter()
                    .map(|e| e.text.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        };
        let arg_ty = match args.first() {
            Some(v) => self.value_ty(func, *v)?,
            None => ty,
        };
        let tn = self.type_name(arg_ty)?;
        let kind = self.ty(arg_ty)?.scalar_kind_of();
        let signed = kind == Some(ScalarKind::Sint);
        let int = matches!(kind, Some(ScalarKind::Sint | ScalarKind::Uint));
        Ok(match fun {
            M::Abs if signed => {
                let name = self.int_unary_helper(
                    "luma_abs",
                    &tn,
                    arg_ty,
                    "int",
                    "int",
                    "// abs(MIN) == MIN without signed overflow.\n    \
                     return x >= 0 ? x : as_type<int>(0u - as_type<uint>(x));",
                )?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::Abs => call("abs"),
            M::Sign if signed => {
                let name = self.int_unary_helper(
                    "luma_sign",
                    &tn,
                    arg_ty,
                    "int",
                    "int",
                    "return x > 0 ? 1 : (x < 0 ? -1 : 0);",
                )?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::Sign => call("sign"),
            M::Floor => call("floor"),
            M::Ceil => call("ceil"),
            // `rint` rounds halfway cases to even; Metal's `round` rounds them away from zero.
            M::Round => call("rint"),
            M::Trunc => call("trunc"),
            M::Fract => call("fract"),
            M::Mod => {
                let name = self.helper("luma_mod", &tn, |name| {
                    format!(
                        "// GLSL mod: x - y * floor(x / y).\n\
                         {tn} {name}({tn} x, {tn} y) {{\n    return x - y * metal::floor(x / y);\n}}\n"
                    )
                });
                Expr::atom(format!("{name}({}, {})", arg(0), arg(1)))
            }
            M::Min => call("min"),
            M::Max => call("max"),
            M::Clamp => {
                let texts = a.iter().map(|e| e.text.clone()).collect::<Vec<_>>();
                let text = luma_back::clamp_text(self.module, func, args, &texts, "metal::")
                    .ok_or_else(|| Error::invalid("clamp needs three arguments"))?;
                Expr::atom(text)
            }
            M::Mix => call("mix"),
            M::Step => call("step"),
            M::SmoothStep => call("smoothstep"),
            M::Sqrt => call("sqrt"),
            M::InverseSqrt => call("rsqrt"),
            M::Pow => call("pow"),
            M::Exp => call("exp"),
            M::Exp2 => call("exp2"),
            M::Log => call("log"),
            M::Log2 => call("log2"),
            M::Sin => call("sin"),
            M::Cos => call("cos"),
            M::Tan => call("tan"),
            M::Asin => call("asin"),
            M::Acos => call("acos"),
            M::Atan => call("atan"),
            M::Atan2 => call("atan2"),
            M::Sinh => call("sinh"),
            M::Cosh => call("cosh"),
            M::Tanh => call("tanh"),
            M::Asinh => call("asinh"),
            M::Acosh => call("acosh"),
            M::Atanh => call("atanh"),
            M::Radians => Expr::new(
                format!(
                    "{} * 0.017453292519943295",
                    a.first()
                        .map(|e| e.at(Prec::Multiplicative, Side::Left))
                        .unwrap_or_default()
                ),
                Prec::Multiplicative,
            ),
            M::Degrees => Expr::new(
                format!(
                    "{} * 57.29577951308232",
                    a.first()
                        .map(|e| e.at(Prec::Multiplicative, Side::Left))
                        .unwrap_or_default()
                ),
                Prec::Multiplicative,
            ),
            M::Fma => call("fma"),
            M::Ldexp => call("ldexp"),
            M::Saturate => call("saturate"),
            M::Length => call("length"),
            M::Distance => call("distance"),
            M::Dot => call("dot"),
            M::Cross => call("cross"),
            M::Normalize => call("normalize"),
            M::Reflect => call("reflect"),
            M::Refract => call("refract"),
            M::FaceForward => call("faceforward"),
            M::Transpose => call("transpose"),
            M::Determinant => call("determinant"),
            M::Inverse => {
                let n = match self.ty(arg_ty)? {
                    TypeInner::Matrix { columns, .. } => columns.count(),
                    _ => return Err(Error::invalid("inverse of a non-matrix")),
                };
                let name = self.helper("luma_inverse", &tn, |name| inverse_helper(name, &tn, n));
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::CountOneBits if int => call("popcount"),
            M::ReverseBits if int => call("reverse_bits"),
            M::FirstLeadingBit if signed => {
                let name = self.int_unary_helper(
                    "luma_first_leading_bit",
                    &tn,
                    arg_ty,
                    "int",
                    "int",
                    "// The highest bit that differs from the sign bit; -1 when none.\n    \
                     uint u = x < 0 ? ~as_type<uint>(x) : as_type<uint>(x);\n    \
                     return u == 0u ? -1 : 31 - int(metal::clz(u));",
                )?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::FirstLeadingBit => {
                let name = self.int_unary_helper(
                    "luma_first_leading_bit",
                    &tn,
                    arg_ty,
                    "uint",
                    "uint",
                    "return x == 0u ? 0xFFFFFFFFu : 31u - metal::clz(x);",
                )?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            M::FirstTrailingBit => {
                let (scalar, ret, body) = if signed {
                    ("int", "int", "return x == 0 ? -1 : int(metal::ctz(x));")
                } else {
                    (
                        "uint",
                        "uint",
                        "return x == 0u ? 0xFFFFFFFFu : metal::ctz(x);",
                    )
                };
                let name = self.int_unary_helper(
                    "luma_first_trailing_bit",
                    &tn,
                    arg_ty,
                    scalar,
                    ret,
                    body,
                )?;
                Expr::atom(format!("{name}({})", arg(0)))
            }
            // Metal's `clz` / `ctz` count 32 for 0, on either signedness.
            M::CountLeadingZeros if int => call("clz"),
            M::CountTrailingZeros if int => call("ctz"),
            M::ExtractBits | M::InsertBits if int => {
                // Metal leaves a field past bit 31 undefined: clamp as WGSL does, at compile
                // time when the offset and count are constants.
                let fields = args.len().saturating_sub(2);
                let known = |v: Option<&Handle<Value>>| match v
                    .and_then(|v| luma_back::constant_literals(self.module, func, *v))
                    .as_deref()
                {
                    Some(&[Literal::U32(x)]) => Some(x),
                    _ => None,
                };
                if let (Some(ko), Some(kc)) = (known(args.get(fields)), known(args.get(fields + 1)))
                {
                    let (o, c) = luma_ir::proc::bit_field(ko, kc);
                    let mut texts: Vec<String> =
                        a.iter().take(fields).map(|e| e.text.clone()).collect();
                    texts.push(format!("{o}u"));
                    texts.push(format!("{c}u"));
                    let builtin = if fun == M::ExtractBits {
                        "extract_bits"
                    } else {
                        "insert_bits"
                    };
                    return Ok(Expr::atom(format!(
                        "metal::{builtin}({})",
                        texts.join(", ")
                    )));
                }
                let (base, params, pass) = if fun == M::ExtractBits {
                    ("luma_extract_bits", format!("{tn} e"), "e")
                } else {
                    (
                        "luma_insert_bits",
                        format!("{tn} e, {tn} newbits"),
                        "e, newbits",
                    )
                };
                let builtin = if fun == M::ExtractBits {
                    "extract_bits"
                } else {
                    "insert_bits"
                };
                let name = self.helper(base, &tn, |name| {
                    format!(
                        "// o = min(offset, 32), c = min(count, 32 - o), as in WGSL.\n\
                         {tn} {name}({params}, uint offset, uint count) {{\n    \
                         uint o = metal::min(offset, 32u);\n    \
                         return metal::{builtin}({pass}, o, metal::min(count, 32u - o));\n}}\n"
                    )
                });
                let texts: Vec<String> = a.iter().map(|e| e.text.clone()).collect();
                Expr::atom(format!("{name}({})", texts.join(", ")))
            }
            M::CountOneBits
            | M::ReverseBits
            | M::ExtractBits
            | M::InsertBits
            | M::CountLeadingZeros
            | M::CountTrailingZeros => {
                return Err(Error::invalid("bit operation on a non-integer"))
            }
            M::Pack4x8Unorm => call("pack_float_to_unorm4x8"),
            M::Pack4x8Snorm => call("pack_float_to_snorm4x8"),
            M::Pack2x16Unorm => call("pack_float_to_unorm2x16"),
            M::Pack2x16Snorm => call("pack_float_to_snorm2x16"),
            M::Pack2x16Float => Expr::atom(format!("as_type<uint>(metal::half2({}))", arg(0))),
            M::Unpack4x8Unorm => call("unpack_unorm4x8_to_float"),
            M::Unpack4x8Snorm => call("unpack_snorm4x8_to_float"),
            M::Unpack2x16Unorm => call("unpack_unorm2x16_to_float"),
            M::Unpack2x16Snorm => call("unpack_snorm2x16_to_float"),
            M::Unpack2x16Float => {
                Expr::atom(format!("metal::float2(as_type<metal::half2>({}))", arg(0)))
            }
        })
    }

    /// The bits of signed value `v` (expression `e`) as `uint`: a literal for a non-negative
    /// constant, `as_type<uint>(e)` otherwise.
    fn uint_bits(&mut self, ctx: &FnCtx<'_>, v: Handle<Value>, e: &Expr) -> R<Expr> {
        if let Some(ValueDef::Constant(c)) = ctx.func.values.get(v).map(|x| &x.def) {
            if let Some(Constant {
                value: ConstantValue::Scalar(Literal::I32(n)),
                spec_id: None,
                ..
            }) = self.module.constants.get(*c)
            {
                if *n >= 0
                    && self
                        .constant_names
                        .get(c.index())
                        .is_none_or(|n| n.is_none())
                {
                    return Ok(Expr::atom(format!("{n}u")));
                }
            }
        }
        if let Some((bits, prec)) = &e.bits {
            return Ok(Expr::new(bits.clone(), *prec));
        }
        let ty = self.value_ty(ctx.func, v)?;
        let ut = match self.ty(ty)?.vector_count() {
            Some(n) => format!("metal::uint{n}"),
            None => "uint".to_string(),
        };
        Ok(Expr::atom(format!("as_type<{ut}>({})", e.text)))
    }
}

/// The inverse of an `n`x`n` matrix (Metal has no intrinsic); the formulas hold for rows or
/// columns alike, since inverse commutes with transpose.
fn inverse_helper(name: &str, tn: &str, n: u32) -> String {
    match n {
        2 => format!(
            "{tn} {name}({tn} m) {{\n    \
             return {tn}(m[1][1], -m[0][1], -m[1][0], m[0][0]) * (1.0 / metal::determinant(m));\n}}\n"
        ),
        3 => format!(
            "{tn} {name}({tn} m) {{\n    \
             {tn} adj;\n    \
             adj[0] = metal::cross(m[1], m[2]);\n    \
             adj[1] = metal::cross(m[2], m[0]);\n    \
             adj[2] = metal::cross(m[0], m[1]);\n    \
             return metal::transpose(adj) * (1.0 / metal::dot(m[0], adj[0]));\n}}\n"
        ),
        _ => format!(
            "{tn} {name}({tn} m) {{\n    \
             float a00 = m[0][0], a01 = m[0][1], a02 = m[0][2], a03 = m[0][3];\n    \
             float a10 = m[1][0], a11 = m[1][1], a12 = m[1][2], a13 = m[1][3];\n    \
             float a20 = m[2][0], a21 = m[2][1], a22 = m[2][2], a23 = m[2][3];\n    \
             float a30 = m[3][0], a31 = m[3][1], a32 = m[3][2], a33 = m[3][3];\n    \
             float b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10;\n    \
             float b02 = a00 * a13 - a03 * a10, b03 = a01 * a12 - a02 * a11;\n    \
             float b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12;\n    \
             float b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30;\n    \
             float b08 = a20 * a33 - a23 * a30, b09 = a21 * a32 - a22 * a31;\n    \
             float b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32;\n    \
             float det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;\n    \
             return {tn}(\n        \
             metal::float4(a11 * b11 - a12 * b10 + a13 * b09, a02 * b10 - a01 * b11 - a03 * b09,\n        \
             a31 * b05 - a32 * b04 + a33 * b03, a22 * b04 - a21 * b05 - a23 * b03),\n        \
             metal::float4(a12 * b08 - a10 * b11 - a13 * b07, a00 * b11 - a02 * b08 + a03 * b07,\n        \
             a32 * b02 - a30 * b05 - a33 * b01, a20 * b05 - a22 * b02 + a23 * b01),\n        \
             metal::float4(a10 * b10 - a11 * b08 + a13 * b06, a01 * b08 - a00 * b10 - a03 * b06,\n        \
             a30 * b04 - a31 * b02 + a33 * b00, a21 * b02 - a20 * b04 - a23 * b00),\n        \
             metal::float4(a11 * b07 - a10 * b09 - a12 * b06, a00 * b09 - a01 * b07 + a02 * b06,\n        \
             a31 * b01 - a30 * b03 - a32 * b00, a20 * b03 - a21 * b01 + a22 * b00)) * (1.0 / det);\n}}\n"
        ),
    }
}

/// The size of storage texture `i` as a `metal::intN` (storage textures have one level).
fn storage_extent(i: &str, dims: u32) -> String {
    let mut parts = vec![format!("{i}.get_width()"), format!("{i}.get_height()")];
    if dims == 3 {
        parts.push(format!("{i}.get_depth()"));
    }
    format!("metal::int{dims}({})", parts.join(", "))
}

/// The `int` layer `layer` of the array texture or image `image` clamped into its layers.
fn clamped_layer(image: &str, layer: &str) -> String {
    format!("metal::clamp({layer}, 0, int({image}.get_array_size()) - 1)")
}

/// The global whose storage image `image` (a loaded image or element of an array of images) is.
fn image_global(function: &Function, image: Handle<Value>) -> Option<Handle<GlobalVariable>> {
    match function.values.get(image).map(|v| &v.def) {
        Some(ValueDef::Op(Op::Load { pointer })) => luma_back::pointer_global(function, *pointer),
        _ => None,
    }
}

/// Per global, per function: the access with which each function that reaches a read-write
/// storage image global (or array of them) declares it.
///
/// A storage image's access is one for the whole source, but Metal spells it per function
/// argument, and allows `access::read_write` only for some formats (tier 1: `r32f`, `r32ui`,
/// `r32i`; tier 2 adds the four-channel 8, 16 and 32-bit ones, never `rg32*` or
/// `rgba8_snorm`): a compute shader that fills an `rg32f` image another entry point reads must
/// declare it `write` and the other `read`. So each entry point gets what the functions it
/// reaches do with the image; a helper that entry points with different needs call must be
/// declared one way for all of them (each call passes the caller's argument), so it and those
/// entry points get the union, repeated until nothing changes (as the WGSL back end plans its
/// declarations). A function that only queries the image takes its entry points' access, or
/// `read` when that is all they do. Globals that are not read-write images get no plan.
fn plan_image_access(
    module: &Module,
    graph: &CallGraph,
    reached_globals: &[Vec<Handle<GlobalVariable>>],
) -> Vec<Vec<Option<ImageAccess>>> {
    let mut plans = vec![Vec::new(); module.globals.len()];
    let reached: Vec<Vec<Handle<Function>>> = module
        .entry_points
        .iter()
        .map(|e| graph.reachable(e.function))
        .collect();
    for g in module.globals.handles() {
        if luma_back::read_write_image_format(module, g).is_none() {
            continue;
        }
        let reaches: Vec<bool> = (0..module.functions.len())
            .map(|i| reached_globals.get(i).is_some_and(|gs| gs.contains(&g)))
            .collect();
        let own: Vec<Option<ImageAccess>> = module
            .functions
            .iter()
            .map(|(f, function)| {
                if !graph.direct_globals(f).contains(&g) {
                    return None;
                }
                match luma_back::image_uses(function, g) {
                    (true, true) => Some(ImageAccess::ReadWrite),
                    (true, false) => Some(ImageAccess::Read),
                    (false, true) => Some(ImageAccess::Write),
                    (false, false) => None,
                }
            })
            .collect();
        let functions = luma_back::settle_image_access(&own, &reached, |f| {
            reaches.get(f.index()) == Some(&true)
        });
        let plan = functions
            .iter()
            .zip(&reaches)
            .map(|(access, &reaches)| reaches.then(|| access.unwrap_or(ImageAccess::Read)))
            .collect();
        if let Some(slot) = plans.get_mut(g.index()) {
            *slot = plan;
        }
    }
    plans
}
