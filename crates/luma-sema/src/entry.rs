//! Entry points: the design's I/O sugars made explicit. Auto locations (a counter per I/O
//! struct from 0; builtins skip it; `@location(N)` uses N and sets the counter to N + 1),
//! `@varying` builtin stripping for fragment input (a position the shader reads is kept),
//! inline parameters (each a `Single` input numbered by one counter), tuple returns (the
//! synthesized `<function>_out` struct), builtin names valid per stage and direction with their
//! fixed types, flat integer varyings.

use std::collections::BTreeMap;

use luma_base::{Diagnostic, Span};
use luma_syntax::ast;
use luma_thir::{
    Builtin, EntryInput, EntryOutput, EntryPointDef, FieldIo, FuncId, Interpolation, IoBinding,
    IoVar, ScalarTy, Stage, StructId, Ty, TyId,
};

use crate::check::{closest, Checker};
use crate::codes;

/// Builtin I/O names (WGSL's) and their aliases.
const BUILTIN_NAMES: &[(&str, Builtin)] = &[
    ("position", Builtin::Position),
    ("vertex_index", Builtin::VertexIndex),
    ("instance_index", Builtin::InstanceIndex),
    ("front_facing", Builtin::FrontFacing),
    ("frag_depth", Builtin::FragDepth),
    ("sample_index", Builtin::SampleIndex),
    ("sample_mask", Builtin::SampleMask),
    ("local_invocation_id", Builtin::LocalInvocationId),
    ("local_invocation_index", Builtin::LocalInvocationIndex),
    ("global_invocation_id", Builtin::GlobalInvocationId),
    ("workgroup_id", Builtin::WorkgroupId),
    ("num_workgroups", Builtin::NumWorkgroups),
    ("vertex_id", Builtin::VertexIndex),
    ("instance_id", Builtin::InstanceIndex),
    ("frag_coord", Builtin::Position),
];

/// The attribute spelling of an interpolation.
fn interpolation_name(interpolation: Interpolation) -> &'static str {
    match interpolation {
        Interpolation::Smooth => "smooth",
        Interpolation::Flat => "flat",
        Interpolation::NoPerspective => "noperspective",
    }
}

/// The builtin named `name` (aliases included).
pub(crate) fn builtin_by_name(name: &str) -> Option<Builtin> {
    BUILTIN_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
}

pub(crate) fn builtin_name(b: Builtin) -> &'static str {
    BUILTIN_NAMES
        .iter()
        .find(|(_, x)| *x == b)
        .map_or("builtin", |(n, _)| n)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    In,
    Out,
}

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Vertex => "vertex",
        Stage::Fragment => "fragment",
        Stage::Compute => "compute",
        Stage::Geometry => "geometry",
        Stage::TessellationControl => "tessellation_control",
        Stage::TessellationEval => "tessellation_eval",
    }
}

/// Whether builtin `b` exists for `stage` in direction `dir`.
fn builtin_allowed(b: Builtin, stage: Stage, dir: Dir) -> bool {
    use Builtin as B;
    match (stage, dir) {
        (Stage::Vertex, Dir::In) => matches!(b, B::VertexIndex | B::InstanceIndex),
        (Stage::Vertex, Dir::Out) => b == B::Position,
        (Stage::Fragment, Dir::In) => matches!(
            b,
            B::Position | B::FrontFacing | B::SampleIndex | B::SampleMask
        ),
        (Stage::Fragment, Dir::Out) => matches!(b, B::FragDepth | B::SampleMask),
        (Stage::Compute, Dir::In) => matches!(
            b,
            B::LocalInvocationId
                | B::LocalInvocationIndex
                | B::GlobalInvocationId
                | B::WorkgroupId
                | B::NumWorkgroups
        ),
        (Stage::Compute, Dir::Out) => false,
        // Geometry and tessellation stages pass positions through; their targets check more.
        (_, _) => b == B::Position,
    }
}

/// The highest user location of one side of a stage that every target accepts, with what the
/// locations are and why, for messages; `None` where no target has a fixed limit.
fn location_limit(stage: Stage, dir: Dir) -> Option<(u32, &'static str, &'static str)> {
    match (stage, dir) {
        (Stage::Fragment, Dir::Out) => Some((
            7,
            "fragment output",
            "a fragment shader writes at most 8 color targets on every target (Direct3D's \
             `SV_Target0` to `SV_Target7`, Metal's `[[color(0)]]` to `[[color(7)]]`)",
        )),
        (Stage::Vertex, Dir::In) => Some((
            30,
            "vertex input",
            "Metal has 31 vertex attributes (`[[attribute(0)]]` to `[[attribute(30)]]`), the \
             fewest of any target's shader compiler; devices may have fewer (Vulkan and WebGPU \
             guarantee 16)",
        )),
        (Stage::Vertex, Dir::Out) | (Stage::Fragment, Dir::In) => Some((
            31,
            if dir == Dir::Out {
                "vertex output"
            } else {
                "fragment input"
            },
            "stages pass at most 32 values to each other: Direct3D 12's 32 interpolation \
             registers, and 128 components on the Vulkan devices with the most (Vulkan and \
             WebGPU guarantee 16 locations)",
        )),
        _ => None,
    }
}

/// Where a builtin exists, for messages.
fn builtin_places(b: Builtin) -> &'static str {
    use Builtin as B;
    match b {
        B::Position => "a vertex output and a fragment input",
        B::VertexIndex | B::InstanceIndex => "a vertex input",
        B::FrontFacing | B::SampleIndex => "a fragment input",
        B::FragDepth => "a fragment output",
        B::SampleMask => "a fragment input and a fragment output",
        _ => "a compute input",
    }
}

/// HLSL system-value semantics and Metal and GLSL builtin names written in `@builtin(...)`:
/// the Luma builtin of the same meaning, and the language the name is from. HLSL semantics are
/// case-insensitive, so they are compared in lower case.
fn foreign_builtin(name: &str) -> Option<(&'static str, &'static str)> {
    let lower = name.to_ascii_lowercase();
    Some(match lower.as_str() {
        "sv_position" => ("position", "HLSL"),
        "sv_vertexid" => ("vertex_index", "HLSL"),
        "sv_instanceid" => ("instance_index", "HLSL"),
        "sv_isfrontface" => ("front_facing", "HLSL"),
        "sv_depth" => ("frag_depth", "HLSL"),
        "sv_sampleindex" => ("sample_index", "HLSL"),
        "sv_coverage" => ("sample_mask", "HLSL"),
        "sv_groupthreadid" => ("local_invocation_id", "HLSL"),
        "sv_groupindex" => ("local_invocation_index", "HLSL"),
        "sv_dispatchthreadid" => ("global_invocation_id", "HLSL"),
        "sv_groupid" => ("workgroup_id", "HLSL"),
        "gl_position" | "gl_fragcoord" => ("position", "GLSL"),
        "gl_vertexindex" | "gl_vertexid" => ("vertex_index", "GLSL"),
        "gl_instanceindex" | "gl_instanceid" => ("instance_index", "GLSL"),
        "gl_frontfacing" => ("front_facing", "GLSL"),
        "gl_fragdepth" => ("frag_depth", "GLSL"),
        "gl_sampleid" => ("sample_index", "GLSL"),
        "gl_samplemask" | "gl_samplemaskin" => ("sample_mask", "GLSL"),
        "gl_localinvocationid" => ("local_invocation_id", "GLSL"),
        "gl_localinvocationindex" => ("local_invocation_index", "GLSL"),
        "gl_globalinvocationid" => ("global_invocation_id", "GLSL"),
        "gl_workgroupid" => ("workgroup_id", "GLSL"),
        "gl_numworkgroups" => ("num_workgroups", "GLSL"),
        "thread_position_in_grid" => ("global_invocation_id", "Metal"),
        "thread_position_in_threadgroup" => ("local_invocation_id", "Metal"),
        "thread_index_in_threadgroup" => ("local_invocation_index", "Metal"),
        "threadgroup_position_in_grid" => ("workgroup_id", "Metal"),
        "threadgroups_per_grid" => ("num_workgroups", "Metal"),
        "is_front_facing" => ("front_facing", "Metal"),
        _ => return None,
    })
}

impl<'a> Checker<'a> {
    pub fn unknown_builtin(&mut self, name: &str, span: Span) {
        let mut d = Diagnostic::error(codes::E0614, span, format!("unknown builtin `{name}`"))
            .with_primary_label("not a builtin I/O value");
        let lower = name.to_ascii_lowercase();
        if let Some((luma, lang)) = foreign_builtin(name) {
            d = d.with_suggestion(
                span,
                luma,
                format!("`{name}` is {lang}'s name; Luma calls it"),
            );
        } else if lower == "global_invocation_index" {
            // Not `local_invocation_index`, the closest spelling: that one counts within the
            // workgroup only.
            d = d.with_note(
                "no builtin numbers invocations across the whole dispatch: use \
                 `global_invocation_id` (its `.x` for a one-dimensional dispatch)",
            );
        } else if lower.starts_with("sv_target") || lower == "color" {
            d = d.with_note(
                "a fragment shader's color outputs are its results, at locations: `-> (color: vec4)` \
                 is `SV_Target0`; `@location(n)` picks another",
            );
        } else if lower.starts_with("texcoord") || lower.starts_with("attribute") {
            d = d.with_note(
                "stage inputs and outputs other than builtins are plain parameters and results, \
                 at locations counted from 0; `@location(n)` picks one",
            );
        } else if let Some(c) = closest(name, BUILTIN_NAMES.iter().map(|(n, _)| *n)) {
            d = d.with_suggestion(span, c, "a builtin with a similar name exists");
        } else {
            d = d.with_note("builtins: `position`, `vertex_index`, `instance_index`, `front_facing`, `frag_depth`, `sample_index`, `sample_mask`, `local_invocation_id`, `local_invocation_index`, `global_invocation_id`, `workgroup_id`, `num_workgroups`");
        }
        self.emit(d);
    }

    /// Builds every entry point's I/O, in declaration order.
    pub fn entry_points(&mut self) {
        for i in 0..self.funcs.len() {
            let fid = FuncId::from_index(i as u32);
            let Some(info) = self.funcs.get(i) else {
                continue;
            };
            let Some(entry) = info.entry.as_ref() else {
                continue;
            };
            let (
                stage,
                stage_span,
                workgroup_size,
                workgroup_size_spec,
                early_depth,
                early_depth_span,
            ) = (
                entry.stage,
                entry.stage_span,
                entry.workgroup_size,
                entry.workgroup_size_spec,
                entry.early_depth,
                entry.early_depth_span,
            );
            let decl = info.decl;
            let item_span = info.item.span;
            let param_tys = info.param_tys.clone();
            let ret = info.ret;
            let name_span = decl.name.span;

            // Inputs.
            let mut inputs = Vec::new();
            // The input struct: the one struct parameter. Other parameters may stand beside it
            // if they are builtins (as in WGSL and HLSL), which is how a fragment shader taking
            // a `@varying` struct reads `front_facing` or `sample_index`.
            let mut struct_params = param_tys.iter().zip(&decl.params).enumerate().filter_map(
                |(i, (&ty, p))| match self.ty(ty) {
                    Ty::Struct(sid) => Some((i, sid, p, ty)),
                    _ => None,
                },
            );
            let input_struct = match (struct_params.next(), struct_params.next()) {
                (Some(only), None) => Some(only),
                _ => None,
            };
            let mut locs = LocationSet::default();
            let mut builtins: BTreeMap<u8, Span> = BTreeMap::new();
            if let Some((struct_index, sid, struct_param, struct_ty)) = input_struct {
                for (i, (p, &ty)) in decl.params.iter().zip(&param_tys).enumerate() {
                    if i == struct_index {
                        if !p.attributes.is_empty() {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0613,
                                    p.span,
                                    "an input struct parameter takes no I/O attributes",
                                )
                                .with_primary_label("put the attributes on the struct's members"),
                            );
                        }
                        let read = Some((item_span, self.text(&p.name)));
                        let fields =
                            self.struct_io(sid, stage, Dir::In, read, &mut locs, &mut builtins);
                        inputs.push(EntryInput::Struct {
                            struct_id: sid,
                            fields,
                        });
                        continue;
                    }
                    let io = self.field_io_of_param(p);
                    if io.builtin.is_none() && !self.is_error(ty) {
                        let (name, sname) = (self.text(&p.name), self.tn(struct_ty));
                        let struct_name = self.text(&struct_param.name);
                        self.emit(
                            Diagnostic::error(
                                codes::E0619,
                                p.span,
                                format!(
                                    "beside the input struct `{struct_name}`, parameter \
                                     `{name}` must be a `@builtin(...)`"
                                ),
                            )
                            .with_primary_label("an input with a location")
                            .with_label(struct_param.span, "the input struct")
                            .with_help(format!(
                                "make `{name}` a member of `{sname}`, or pass every input as a \
                                 scalar or vector parameter"
                            )),
                        );
                        continue;
                    }
                    let mut no_locations = 0u32;
                    if let Some(var) = self.io_var(
                        self.text(&p.name),
                        ty,
                        io,
                        p.span,
                        stage,
                        Dir::In,
                        &mut no_locations,
                        &mut locs,
                        &mut builtins,
                        false,
                    ) {
                        inputs.push(EntryInput::Single(var));
                    }
                }
            } else {
                let mut counter = 0u32;
                for (p, &ty) in decl.params.iter().zip(&param_tys) {
                    let io = self.field_io_of_param(p);
                    if let Some(var) = self.io_var(
                        self.text(&p.name),
                        ty,
                        io,
                        p.span,
                        stage,
                        Dir::In,
                        &mut counter,
                        &mut locs,
                        &mut builtins,
                        false,
                    ) {
                        inputs.push(EntryInput::Single(var));
                    }
                }
            }

            // Output.
            let mut output = None;
            let mut out_builtins: BTreeMap<u8, Span> = BTreeMap::new();
            let mut out_locs = LocationSet::default();
            match ret {
                None => {
                    if stage == Stage::Vertex {
                        self.emit(
                            Diagnostic::error(codes::E0618, name_span, format!("vertex entry point `{}` returns nothing", self.text(&decl.name)))
                                .with_primary_label("a vertex shader must write `@builtin(position)`")
                                .with_help("return a struct or tuple with a `@builtin(position) position: vec4` field"),
                        );
                    }
                }
                Some(ty) if self.is_error(ty) => {}
                Some(ty) => match self.ty(ty) {
                    Ty::Struct(sid) => {
                        if stage == Stage::Compute {
                            self.emit(
                                Diagnostic::error(
                                    codes::E0613,
                                    self.ret_span(decl),
                                    "compute entry points return nothing",
                                )
                                .with_primary_label("remove the result")
                                .with_help("write results to a `buffer`"),
                            );
                        } else {
                            let fields = self.struct_io(
                                sid,
                                stage,
                                Dir::Out,
                                None,
                                &mut out_locs,
                                &mut out_builtins,
                            );
                            let fields: Vec<IoVar> = fields.into_iter().flatten().collect();
                            // Judged on the declaration, so a position reported for its
                            // type does not also count as missing.
                            let declares_position = self.prog.structs.get(sid).is_some_and(|s| {
                                s.fields.iter().any(|f| {
                                    f.io.builtin == Some(Builtin::Position)
                                        || (f.io.builtin.is_none()
                                            && self.has_unknown_builtin(f.span))
                                })
                            });
                            if stage == Stage::Vertex && !declares_position {
                                let (sname, ret_span) = (self.tn(ty), self.ret_span(decl));
                                // A tuple's struct is synthesized (`<function>_out`): name
                                // what the user wrote instead.
                                let tuple =
                                    self.prog.structs.get(sid).is_some_and(|s| s.synthesized);
                                self.emit(
                                    Diagnostic::error(
                                        codes::E0618,
                                        ret_span,
                                        format!(
                                            "vertex entry point `{}` writes no position",
                                            self.text(&decl.name)
                                        ),
                                    )
                                    .with_primary_label(if tuple {
                                        "the results have no `@builtin(position)`".to_owned()
                                    } else {
                                        format!("`{sname}` has no `@builtin(position)` member")
                                    })
                                    .with_help(if tuple {
                                        "add `@builtin(position) position: vec4` to the results"
                                    } else {
                                        "add a `@builtin(position) position: vec4` member"
                                    }),
                                );
                            }
                            output = Some(EntryOutput {
                                struct_id: sid,
                                fields,
                            });
                        }
                    }
                    _ => {
                        let tn = self.tn(ty);
                        let d = match stage {
                            Stage::Compute => Diagnostic::error(
                                codes::E0613,
                                self.ret_span(decl),
                                "compute entry points return nothing",
                            )
                            .with_primary_label("remove the result")
                            .with_help("write results to a `buffer`"),
                            Stage::Vertex => Diagnostic::error(
                                codes::E0613,
                                name_span,
                                format!("an entry point cannot return `{tn}`"),
                            )
                            .with_primary_label("entry point results are structs or tuples")
                            .with_help(if tn == "vec4" {
                                "return a tuple: `-> (@builtin(position) position: vec4)`"
                                    .to_string()
                            } else {
                                format!(
                                    "return a tuple: `-> (@builtin(position) position: vec4, value: {tn})`"
                                )
                            }),
                            _ => Diagnostic::error(
                                codes::E0613,
                                name_span,
                                format!("an entry point cannot return `{tn}`"),
                            )
                            .with_primary_label("entry point results are structs or tuples")
                            .with_help(format!("return a tuple: `-> (color: {tn})`")),
                        };
                        self.emit(d);
                    }
                },
            }
            if let (true, Some(attr), Some(&depth)) = (
                early_depth,
                early_depth_span,
                out_builtins.get(&(Builtin::FragDepth as u8)),
            ) {
                self.warn_early_depth_write(attr, depth);
            }
            let _ = stage_span;
            self.prog.entry_points.push(EntryPointDef {
                function: fid,
                stage,
                workgroup_size: if stage == Stage::Compute {
                    workgroup_size
                } else {
                    [0; 3]
                },
                workgroup_size_spec: if stage == Stage::Compute {
                    workgroup_size_spec
                } else {
                    [None; 3]
                },
                early_depth,
                inputs,
                output,
            });
        }
    }

    /// W0208: with exactly one vertex and one fragment entry point, a module is one pipeline
    /// (one material, one pass), so the fragment inputs must be what the vertex shader writes:
    /// every target links them by location, Vulkan's validation rejects a fragment input no
    /// vertex output declares, and WebGPU rejects a pipeline whose linked variables differ in
    /// type or interpolation. Luma cannot tell which shaders are paired otherwise, so modules
    /// with more entry points of either stage are not checked, nor modules with errors.
    pub(crate) fn check_stage_interface(&mut self) {
        let mut vertex = self
            .prog
            .entry_points
            .iter()
            .filter(|e| e.stage == Stage::Vertex);
        let mut fragment = self
            .prog
            .entry_points
            .iter()
            .filter(|e| e.stage == Stage::Fragment);
        let (Some(vs), None, Some(fs), None) = (
            vertex.next(),
            vertex.next(),
            fragment.next(),
            fragment.next(),
        ) else {
            return;
        };
        let written: BTreeMap<u32, (&IoVar, Interpolation)> = vs
            .output
            .iter()
            .flat_map(|o| &o.fields)
            .filter_map(|v| match v.binding {
                IoBinding::Location {
                    location,
                    interpolation,
                } => Some((location, (v, interpolation))),
                IoBinding::Builtin(_) => None,
            })
            .collect();
        let read: Vec<(u32, &IoVar, Interpolation)> = fs
            .inputs
            .iter()
            .flat_map(|input| match input {
                EntryInput::Single(v) => vec![v],
                EntryInput::Struct { fields, .. } => fields.iter().flatten().collect(),
            })
            .filter_map(|v| match v.binding {
                IoBinding::Location {
                    location,
                    interpolation,
                } => Some((location, v, interpolation)),
                IoBinding::Builtin(_) => None,
            })
            .collect();
        let vs_name = self
            .funcs
            .get(vs.function.index())
            .map(|f| self.text(&f.decl.name));
        let vs_name = vs_name.unwrap_or("the vertex shader").to_owned();
        let mut found = Vec::new();
        for (location, input, interpolation) in read {
            let d = match written.get(&location) {
                // Named like a fragment builtin (W0211 said so): the missing `@builtin` is the
                // mistake, not the missing vertex output.
                None if builtin_by_name(&input.name).is_some_and(|b| {
                    input.name != "position" && builtin_allowed(b, Stage::Fragment, Dir::In)
                }) =>
                {
                    continue
                }
                None => Diagnostic::warning(
                    codes::W0208,
                    input.span,
                    format!(
                        "fragment input `{}` reads location {location}, which vertex shader \
                         `{vs_name}` does not write",
                        input.name
                    ),
                )
                .with_primary_label("no vertex output at this location")
                .with_help("write it from the vertex shader, or remove the input"),
                Some((output, _)) if output.ty != input.ty => Diagnostic::warning(
                    codes::W0208,
                    input.span,
                    format!(
                        "fragment input `{}` at location {location} is `{}`, but vertex shader \
                         `{vs_name}` writes `{}` there",
                        input.name,
                        self.tn(input.ty),
                        self.tn(output.ty)
                    ),
                )
                .with_primary_label(format!("read as `{}`", self.tn(input.ty)))
                .with_label(output.span, format!("written as `{}`", self.tn(output.ty)))
                .with_help(
                    "give both the same type (a `@varying` struct declares both sides at once)",
                ),
                Some((output, written_as)) if *written_as != interpolation => Diagnostic::warning(
                    codes::W0208,
                    input.span,
                    format!(
                        "fragment input `{}` at location {location} is interpolated `{}`, \
                             but vertex shader `{vs_name}` declares it `{}`",
                        input.name,
                        interpolation_name(interpolation),
                        interpolation_name(*written_as)
                    ),
                )
                .with_primary_label(format!("`{}` here", interpolation_name(interpolation)))
                .with_label(
                    output.span,
                    format!("`{}` here", interpolation_name(*written_as)),
                )
                .with_help("state the same `@interpolation` on both sides"),
                Some(_) => continue,
            };
            found.push(d.with_note(
                "the module's only vertex and fragment shaders are checked as one pipeline: \
                 Vulkan's validation rejects a fragment input no vertex output declares, and \
                 WebGPU a pipeline whose linked inputs and outputs differ in type or \
                 interpolation",
            ));
        }
        for d in found {
            self.emit(d);
        }
    }

    /// W0207: an `@early_depth` fragment shader outputs `frag_depth`. The depth test and write
    /// ran before the shader, so on Vulkan (and OpenGL) the written depth has no effect, and
    /// the other APIs do not promise the same: the shader's meaning would depend on the
    /// target.
    fn warn_early_depth_write(&mut self, attr: Span, depth: Span) {
        self.emit(
            Diagnostic::warning(
                codes::W0207,
                depth,
                "`frag_depth` is written by an `@early_depth` fragment shader, whose depth \
                 tests ran before it",
            )
            .with_primary_label("this depth reaches no depth test or write")
            .with_label(attr, "tests run before the shader")
            .with_help("remove `@early_depth`, or stop writing `frag_depth`"),
        );
    }

    /// The span of a function's written result type.
    fn ret_span(&self, decl: &luma_syntax::ast::FunctionDecl) -> Span {
        match &decl.ret {
            Some(luma_syntax::ast::ReturnType::Type(t)) => {
                self.ast_type(*t).map_or(decl.name.span, |x| x.span)
            }
            Some(luma_syntax::ast::ReturnType::Tuple { span, .. }) => *span,
            None => decl.name.span,
        }
    }

    fn field_io_of_param(&mut self, p: &luma_syntax::ast::Field) -> FieldIo {
        self.field_io(&p.attributes, "an entry point parameter")
    }

    /// Whether the entry function declared in `item` may read member `member` of its struct
    /// parameter `param`: it writes `param.member`, or it passes `param` on whole and some
    /// function writes `.member` on anything. Names only, before types: a false positive only
    /// keeps an input that is then unused.
    fn may_read_member(&self, item: Span, param: &str, member: &str) -> bool {
        let ast = self.ast;
        let inside = |span: Span| span.lo >= item.lo && span.hi <= item.hi;
        let (mut uses, mut member_reads, mut other_reads) = (0usize, 0usize, false);
        // Entry points are checked before any body: every body is still there.
        let bodies = (0..self.funcs.len()).filter_map(|i| self.unchecked_body(i));
        for nodes in std::iter::once(&ast.nodes).chain(bodies.map(|b| &b.nodes)) {
            let is_param = |e: ast::ExprId| {
                matches!(
                    nodes.expr(e).map(|b| b.kind),
                    Some(ast::ExprKind::Ident(id)) if ast.name(id.name) == param
                )
            };
            for (h, e) in nodes.exprs() {
                match e.kind {
                    ast::ExprKind::Ident(_) if inside(e.span) && is_param(h) => uses += 1,
                    ast::ExprKind::Field { base, name } if inside(e.span) && is_param(base) => {
                        member_reads += 1;
                        if ast.name(name.name) == member {
                            return true;
                        }
                    }
                    ast::ExprKind::Field { name, .. } if ast.name(name.name) == member => {
                        other_reads = true;
                    }
                    _ => {}
                }
            }
        }
        uses > member_reads && other_reads
    }

    /// The I/O variables of the members of struct `sid` (one counter for the struct). `read`
    /// is the entry function's item and the parameter of this struct type, for inputs.
    fn struct_io(
        &mut self,
        sid: StructId,
        stage: Stage,
        dir: Dir,
        read: Option<(Span, &str)>,
        locs: &mut LocationSet,
        builtins: &mut BTreeMap<u8, Span>,
    ) -> Vec<Option<IoVar>> {
        let Some(def) = self.prog.structs.get(sid) else {
            return Vec::new();
        };
        let varying = def.varying;
        let fields: Vec<(String, TyId, FieldIo, Span)> = def
            .fields
            .iter()
            .map(|f| (f.name.clone(), f.ty, f.io, f.span))
            .collect();
        let mut counter = 0u32;
        let mut out = Vec::with_capacity(fields.len());
        for (name, ty, io, span) in fields {
            if io.builtin.is_some() && varying && stage == Stage::Fragment && dir == Dir::In {
                // `@varying`: the vertex stage's builtins are not fragment inputs, except the
                // position, which the fragment stage has as its own (the framebuffer
                // coordinate, as in WGSL and HLSL): a shader that reads it gets that input, as
                // it gets any other builtin a fragment shader has.
                let kept = io
                    .builtin
                    .is_some_and(|b| builtin_allowed(b, Stage::Fragment, Dir::In))
                    && read.is_some_and(|(item, param)| self.may_read_member(item, param, &name));
                if !kept {
                    out.push(None);
                    continue;
                }
            }
            out.push(self.io_var(
                &name,
                ty,
                io,
                span,
                stage,
                dir,
                &mut counter,
                locs,
                builtins,
                true,
            ));
        }
        out
    }

    /// One I/O variable.
    #[allow(clippy::too_many_arguments)]
    fn io_var(
        &mut self,
        name: &str,
        ty: TyId,
        io: FieldIo,
        span: Span,
        stage: Stage,
        dir: Dir,
        counter: &mut u32,
        locs: &mut LocationSet,
        builtins: &mut BTreeMap<u8, Span>,
        member: bool,
    ) -> Option<IoVar> {
        if self.is_error(ty) || (io.builtin.is_none() && self.has_unknown_builtin(span)) {
            return None;
        }
        let sname = stage_name(stage);
        let dname = if dir == Dir::In { "input" } else { "output" };
        if let Some(b) = io.builtin {
            if !builtin_allowed(b, stage, dir) {
                self.emit_io(
                    member,
                    Diagnostic::error(
                        codes::E0615,
                        span,
                        format!("`{}` is not a {sname} {dname}", builtin_name(b)),
                    )
                    .with_primary_label(format!("not available as a {sname} {dname}"))
                    .with_note(format!(
                        "`{}` is {}",
                        builtin_name(b),
                        builtin_places(b)
                    )),
                );
                return None;
            }
            let expected = self.builtin_ty(b);
            if ty != expected {
                let (e, f) = (self.tn(expected), self.tn(ty));
                self.emit_io(
                    member,
                    Diagnostic::error(
                        codes::E0616,
                        span,
                        format!("builtin `{}` has type `{e}`, not `{f}`", builtin_name(b)),
                    )
                    .with_primary_label(format!("declare it as `{e}`")),
                );
                return None;
            }
            if io.interpolation.is_some() {
                self.emit_io(
                    member,
                    Diagnostic::error(codes::E0620, span, "builtins take no interpolation")
                        .with_primary_label("remove `@interpolation`"),
                );
            }
            let key = b as u8;
            if let Some(prev) = builtins.get(&key) {
                self.emit_io(
                    member,
                    Diagnostic::error(
                        codes::E0627,
                        span,
                        format!("builtin `{}` is declared twice", builtin_name(b)),
                    )
                    .with_primary_label("declared again here")
                    .with_label(*prev, "first declared here"),
                );
                return None;
            }
            builtins.insert(key, span);
            return Some(IoVar {
                name: name.to_string(),
                ty,
                binding: IoBinding::Builtin(b),
                span,
            });
        }
        if stage == Stage::Compute {
            self.emit_io(member,
                Diagnostic::error(codes::E0613, span, format!("compute entry points take only builtins, `{name}` has none"))
                    .with_primary_label("add a `@builtin(...)`")
                    .with_note("compute inputs: `local_invocation_id`, `local_invocation_index`, `global_invocation_id`, `workgroup_id`, `num_workgroups`"),
            );
            return None;
        }
        // Named exactly like a builtin this stage has in this direction, with no `@location`:
        // most likely the `@builtin(...)` was forgotten (WGSL and HLSL mark builtins too), and
        // the value would come from an attribute or varying that nothing provides.
        let named_builtin = builtin_by_name(name).filter(|&b| {
            io.location.is_none() && name != "position" && builtin_allowed(b, stage, dir)
        });
        let builtin_help = named_builtin.map(|b| {
            let tn = self.builtin_ty(b);
            format!(
                "for the builtin, write `@builtin({name}) {name}: {}`; to keep a value at a \
                 location, give it another name or an explicit `@location(n)`",
                self.tn(tn)
            )
        });
        if let Some(b) = named_builtin {
            if ty == self.builtin_ty(b) && !matches!(self.ty(ty), Ty::Scalar(ScalarTy::Bool)) {
                let mut d = Diagnostic::warning(
                    codes::W0211,
                    span,
                    format!(
                        "{sname} {dname} `{name}` is passed through a location, not the builtin \
                         of that name"
                    ),
                )
                .with_primary_label("no `@builtin(...)`");
                if let Some(help) = builtin_help.clone() {
                    d = d.with_help(help);
                }
                self.emit_io(member, d);
            }
        }
        // A user location: a numeric scalar or vector.
        let scalar = match self.ty(ty) {
            Ty::Scalar(s) | Ty::Vector { scalar: s, .. } if s != ScalarTy::Bool => s,
            // A struct parameter reaches this point only beside another struct parameter (a
            // lone one is the entry point's input struct): say that, not that structs are not
            // I/O.
            Ty::Struct(_) if !member && dir == Dir::In => {
                let tn = self.tn(ty);
                self.emit_io(
                    member,
                    Diagnostic::error(
                        codes::E0619,
                        span,
                        format!(
                            "an entry point takes at most one input struct, but `{name}: {tn}` \
                             is one of several"
                        ),
                    )
                    .with_primary_label("one of several struct parameters")
                    .with_help(
                        "merge the structs into one, or pass these inputs as scalar or vector \
                         parameters",
                    ),
                );
                return None;
            }
            _ => {
                let tn = self.tn(ty);
                let what = if member { "member" } else { "parameter" };
                let mut d = Diagnostic::error(
                    codes::E0619,
                    span,
                    format!("{sname} {dname} `{name}` cannot have type `{tn}`"),
                )
                .with_primary_label(format!("this {what} is passed through a location"))
                .with_note("stage inputs and outputs are numeric scalars and vectors");
                // `front_facing: bool` without `@builtin(front_facing)`.
                if let Some(help) = builtin_help {
                    d = d.with_help(help);
                }
                self.emit_io(member, d);
                return None;
            }
        };
        let location = match io.location {
            Some(l) => l,
            None => *counter,
        };
        *counter = location.saturating_add(1);
        let mut in_range = true;
        if let Some((most, what, why)) = location_limit(stage, dir) {
            if location > most {
                // Past the last location, the counter stops at `u32::MAX`: one error each, and
                // no "used twice" for locations that do not exist.
                in_range = false;
                self.emit_io(
                    member,
                    Diagnostic::error(
                        codes::E0635,
                        span,
                        format!(
                            "{what} `{name}` is at location {location}, but the last is {most}"
                        ),
                    )
                    .with_primary_label(format!("at location {location}"))
                    .with_note(why),
                );
            }
        }
        if let Some(prev) = locs.insert(location, span).filter(|_| in_range) {
            self.emit_io(member,
                Diagnostic::error(codes::E0617, span, format!("location {location} is used twice"))
                    .with_primary_label(format!("`{name}` is at location {location}"))
                    .with_label(prev, "this one is at the same location")
                    .with_note("locations count from 0 in order; `@builtin` members skip the count and `@location(N)` continues from N + 1"),
            );
        }
        // Only values passed between stages are interpolated: on a vertex input or a fragment
        // output the attribute would be silently ignored.
        let varying = matches!(
            (stage, dir),
            (Stage::Vertex, Dir::Out) | (Stage::Fragment, Dir::In)
        );
        if io.interpolation.is_some() && !varying {
            self.emit_io(
                member,
                Diagnostic::error(
                    codes::E0620,
                    span,
                    format!("{sname} {dname} `{name}` is not interpolated"),
                )
                .with_primary_label("`@interpolation` has no effect here")
                .with_help(
                    "remove `@interpolation(...)`: it belongs on vertex outputs and fragment \
                     inputs",
                ),
            );
        }
        let interpolation = if scalar.is_integer() {
            match io.interpolation {
                Some(Interpolation::Smooth) | Some(Interpolation::NoPerspective) => {
                    self.emit_io(
                        member,
                        Diagnostic::error(
                            codes::E0620,
                            span,
                            format!("integer {dname} `{name}` cannot be interpolated"),
                        )
                        .with_primary_label("integers are always `flat`")
                        .with_help(
                            "remove `@interpolation(...)`: integer values are flat without it",
                        ),
                    );
                    Interpolation::Flat
                }
                _ => Interpolation::Flat,
            }
        } else {
            io.interpolation.unwrap_or(Interpolation::Smooth)
        };
        Some(IoVar {
            name: name.to_string(),
            ty,
            binding: IoBinding::Location {
                location,
                interpolation,
            },
            span,
        })
    }

    /// Reports an error of an I/O variable; one of a struct member (`member`) only the first
    /// time the member gets it.
    fn emit_io(&mut self, member: bool, d: Diagnostic) {
        if member && !self.member_io_reported.insert((d.code, d.primary.span)) {
            return;
        }
        self.emit(d);
    }

    fn builtin_ty(&mut self, b: Builtin) -> TyId {
        use Builtin as B;
        match b {
            B::Position => self.vec_ty(ScalarTy::Float, 4),
            B::FrontFacing => self.t.bool_,
            B::FragDepth => self.t.float,
            B::LocalInvocationId | B::GlobalInvocationId | B::WorkgroupId | B::NumWorkgroups => {
                self.vec_ty(ScalarTy::Uint, 3)
            }
            B::VertexIndex
            | B::InstanceIndex
            | B::SampleIndex
            | B::SampleMask
            | B::LocalInvocationIndex => self.t.uint,
        }
    }
}

/// Locations used on one side of one entry point.
#[derive(Default)]
struct LocationSet {
    used: BTreeMap<u32, Span>,
}

impl LocationSet {
    /// Records `loc`; returns the span of an earlier use of it.
    fn insert(&mut self, loc: u32, span: Span) -> Option<Span> {
        if let Some(prev) = self.used.get(&loc) {
            return Some(*prev);
        }
        self.used.insert(loc, span);
        None
    }
}
