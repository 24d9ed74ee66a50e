//! Runs a [`Test`] through each of its paths on one [`Gpu`] and checks every expectation.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use crate::compare;
use crate::error::{Error, Result};
use crate::job::{BufferInput, Job, Outcome, Render, Shader, Specialization, Work};
use crate::luma::NUM_WORKGROUPS_SLOT;
use crate::paths::{self, GlslangInput, LumaCompiler, Tools};
use crate::reflect::Stage;
use crate::spec::{Expect, ExpectWhere, PathKind, Test, TestWork};
use crate::vulkan::{Gpu, Message};

/// How one path of one test ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Every expectation held.
    Pass,
    /// The run completed but values differ; one line per mismatch (capped).
    Fail(Vec<String>),
    /// The path could not run: a compile error, a validation error, a Vulkan failure.
    Error(String),
    /// The spec declares the path not applicable, with this reason.
    NotApplicable(String),
}

impl Status {
    /// `pass`, `FAIL`, `ERROR` or `n/a`.
    pub fn label(&self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail(_) => "FAIL",
            Status::Error(_) => "ERROR",
            Status::NotApplicable(_) => "n/a",
        }
    }

    /// Whether this counts against the run (failures and errors).
    pub fn is_bad(&self) -> bool {
        matches!(self, Status::Fail(_) | Status::Error(_))
    }
}

/// The result of one path.
#[derive(Debug, Clone, PartialEq)]
pub struct PathResult {
    /// Which path.
    pub path: PathKind,
    /// How it ended.
    pub status: Status,
    /// Wall time of compile + run + check, in milliseconds.
    pub millis: u64,
    /// Validation warnings (they do not fail the path).
    pub warnings: Vec<Message>,
}

/// The result of one test.
#[derive(Debug, Clone, PartialEq)]
pub struct TestResult {
    /// Test name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// One entry per path, in report order.
    pub paths: Vec<PathResult>,
    /// Why the test could not run at all (its spec is invalid); `paths` is empty then.
    pub error: Option<String>,
}

impl TestResult {
    /// Whether the test could not run, or any path failed or errored.
    pub fn is_bad(&self) -> bool {
        self.error.is_some() || self.paths.iter().any(|p| p.status.is_bad())
    }

    /// The result of a test whose spec could not be loaded.
    pub fn invalid(name: String, error: String) -> TestResult {
        TestResult {
            name,
            description: String::new(),
            paths: Vec::new(),
            error: Some(error),
        }
    }
}

/// Most mismatch lines kept per expectation; the rest are counted.
const MAX_LINES: usize = 8;

/// Runs tests on one device.
pub struct Runner<'a> {
    /// The device.
    pub gpu: &'a Gpu,
    /// External tools.
    pub tools: Tools,
    /// The Luma compiler; `None` makes every Luma path an error that says so.
    pub luma: Option<&'a dyn LumaCompiler>,
    /// Where intermediate files (GLSL / HLSL text, SPIR-V) are written.
    pub scratch: PathBuf,
}

impl Runner<'_> {
    /// Runs `test` through its paths (all of them, or those in `only` when not empty).
    pub fn run(&self, test: &Test, only: &[PathKind]) -> TestResult {
        let mut paths = Vec::new();
        let missing = test
            .device_features
            .iter()
            .find(|f| !self.gpu.info().features.contains(&f.as_str()));
        for path in test.paths() {
            let wanted = if only.is_empty() {
                !PathKind::OPT_IN.contains(&path)
            } else {
                only.contains(&path)
            };
            if !wanted {
                continue;
            }
            let start = Instant::now();
            let (status, warnings) = match (missing, test.not_applicable.get(&path)) {
                (Some(f), _) => (
                    Status::NotApplicable(format!(
                        "the device does not have `{f}`, which the shader needs"
                    )),
                    Vec::new(),
                ),
                (None, Some(reason)) => (Status::NotApplicable(reason.clone()), Vec::new()),
                (None, None) => match self.run_path(test, path) {
                    Ok((status, warnings)) => (status, warnings),
                    Err(e) => (Status::Error(e.to_string()), Vec::new()),
                },
            };
            paths.push(PathResult {
                path,
                status,
                millis: start.elapsed().as_millis() as u64,
                warnings,
            });
        }
        TestResult {
            name: test.name.clone(),
            description: test.description.clone(),
            paths,
            error: None,
        }
    }

    fn run_path(&self, test: &Test, path: PathKind) -> Result<(Status, Vec<Message>)> {
        let shaders = self.shaders(test, path)?;
        let mut job = job_for(test, shaders)?;
        if matches!(path, PathKind::Hlsl | PathKind::HlslSlang) {
            add_num_workgroups(&mut job);
        }
        let outcome = self.gpu.run(&job)?;
        let lines = check(test, &outcome);
        let status = if lines.is_empty() {
            Status::Pass
        } else {
            Status::Fail(lines)
        };
        Ok((status, outcome.warnings))
    }

    /// SPIR-V for each stage the test runs, produced the way `path` produces it (tools that run
    /// jobs themselves, such as the differential tester, build on this).
    pub fn shaders(&self, test: &Test, path: PathKind) -> Result<BTreeMap<Stage, Shader>> {
        std::fs::create_dir_all(&self.scratch)
            .map_err(|e| Error::Io(format!("cannot create {}: {e}", self.scratch.display())))?;
        let label = format!("{}.{}", test.name, path.name());
        let mut out = BTreeMap::new();
        match path {
            PathKind::RefGlsl => {
                for stage in test.stages() {
                    let file = test.references.glsl.get(&stage).ok_or_else(|| {
                        Error::Spec(format!("[reference] glsl has no {} shader", stage.name()))
                    })?;
                    let text = std::fs::read_to_string(file)
                        .map_err(|e| Error::Io(format!("cannot read {}: {e}", file.display())))?;
                    let words = paths::glslang(
                        &self.tools,
                        &text,
                        GlslangInput::Glsl,
                        stage,
                        "main",
                        &[],
                        &self.scratch,
                        &label,
                    )?;
                    out.insert(stage, Shader { words, entry: None });
                }
            }
            PathKind::RefSpvasm => {
                for stage in test.stages() {
                    let file = test.references.spvasm.get(&stage).ok_or_else(|| {
                        Error::Spec(format!("[reference] spvasm has no {} shader", stage.name()))
                    })?;
                    let words = paths::spirv_as(
                        &self.tools,
                        file,
                        &self.scratch,
                        &format!("{label}.{}", stage.glslang_name()),
                    )?;
                    out.insert(
                        stage,
                        Shader {
                            words,
                            entry: test.entry(stage).map(str::to_string),
                        },
                    );
                }
            }
            PathKind::Spirv
            | PathKind::Glsl
            | PathKind::Hlsl
            | PathKind::HlslSlang
            | PathKind::Wgsl => {
                let source = test
                    .luma
                    .as_ref()
                    .ok_or_else(|| Error::Spec("the test has no Luma source".into()))?;
                let luma = self.luma.ok_or_else(|| {
                    Error::Compile("the Luma compiler is not connected to this harness run".into())
                })?;
                let compile_err = |what: &str, e: String| {
                    Error::Compile(format!("the Luma {what} back end failed:\n{e}"))
                };
                let entry_of = |stage: Stage| {
                    test.entry(stage).ok_or_else(|| {
                        Error::Spec(format!("no {} entry point named in the spec", stage.name()))
                    })
                };
                match path {
                    PathKind::Spirv => {
                        let words = luma.spirv(source).map_err(|e| compile_err("SPIR-V", e))?;
                        self.keep(&format!("{label}.spv"), &words);
                        for stage in test.stages() {
                            out.insert(
                                stage,
                                Shader {
                                    words: words.clone(),
                                    entry: Some(entry_of(stage)?.to_string()),
                                },
                            );
                        }
                    }
                    PathKind::Glsl => {
                        for stage in test.stages() {
                            let entry = entry_of(stage)?;
                            let text = luma
                                .glsl(source, entry, stage)
                                .map_err(|e| compile_err("GLSL", e))?;
                            let words = paths::glslang(
                                &self.tools,
                                &text,
                                GlslangInput::Glsl,
                                stage,
                                "main",
                                &[],
                                &self.scratch,
                                &label,
                            )?;
                            out.insert(stage, Shader { words, entry: None });
                        }
                    }
                    PathKind::Hlsl | PathKind::HlslSlang => {
                        let text = luma.hlsl(source).map_err(|e| compile_err("HLSL", e))?;
                        for stage in test.stages() {
                            let entry = entry_of(stage)?;
                            let words = if path == PathKind::Hlsl {
                                paths::glslang(
                                    &self.tools,
                                    &text,
                                    GlslangInput::Hlsl,
                                    stage,
                                    entry,
                                    &test.specialization,
                                    &self.scratch,
                                    &label,
                                )?
                            } else {
                                paths::slang(
                                    &self.tools,
                                    &text,
                                    stage,
                                    entry,
                                    &test.specialization,
                                    &self.scratch,
                                    &label,
                                )?
                            };
                            out.insert(
                                stage,
                                Shader {
                                    words,
                                    entry: Some(entry.to_string()),
                                },
                            );
                        }
                    }
                    _ => {
                        let text = luma.wgsl(source).map_err(|e| compile_err("WGSL", e))?;
                        self.keep_text(&format!("{label}.wgsl"), &text);
                        for stage in test.stages() {
                            let entry = entry_of(stage)?;
                            let words =
                                paths::naga_wgsl(&text, stage, entry, &test.specialization)?;
                            self.keep(&format!("{label}.{}.spv", stage.glslang_name()), &words);
                            out.insert(
                                stage,
                                Shader {
                                    words,
                                    entry: Some(entry.to_string()),
                                },
                            );
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Leaves a SPIR-V binary in the scratch folder for a person debugging a failure; a
    /// failure to write it does not affect the test.
    fn keep(&self, name: &str, words: &[u32]) {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let _ = std::fs::write(self.scratch.join(name), bytes);
    }

    fn keep_text(&self, name: &str, text: &str) {
        let _ = std::fs::write(self.scratch.join(name), text);
    }
}

/// HLSL has no `num_workgroups` builtin: the back end reads it from a constant buffer at
/// [`NUM_WORKGROUPS_SLOT`], which the host fills with the dispatch size (bound only if used).
/// The runner adds it to every HLSL job.
pub fn add_num_workgroups(job: &mut Job) {
    let Work::Compute { groups, .. } = &job.work else {
        return;
    };
    if job.buffers.iter().any(|b| b.slot == NUM_WORKGROUPS_SLOT) {
        return;
    }
    let mut bytes: Vec<u8> = groups.iter().flat_map(|g| g.to_le_bytes()).collect();
    bytes.resize(16, 0);
    job.buffers.push(BufferInput {
        slot: NUM_WORKGROUPS_SLOT,
        bytes,
    });
}

/// The job a test describes, with the given shaders.
pub fn job_for(test: &Test, mut shaders: BTreeMap<Stage, Shader>) -> Result<Job> {
    let mut take = |stage: Stage| {
        shaders
            .remove(&stage)
            .ok_or_else(|| Error::Spec(format!("no {} shader", stage.name())))
    };
    let work = match &test.work {
        TestWork::Compute { groups, .. } => Work::Compute {
            shader: take(Stage::Compute)?,
            groups: *groups,
        },
        TestWork::Render(r) => Work::Render(Box::new(Render {
            vertex: take(Stage::Vertex)?,
            fragment: take(Stage::Fragment)?,
            vertex_count: r.vertex_count,
            instance_count: r.instance_count,
            first_vertex: r.first_vertex,
            first_instance: r.first_instance,
            indices: r.indices.clone(),
            vertex_offset: r.vertex_offset,
            topology: r.topology,
            width: r.width,
            height: r.height,
            targets: r.targets.clone(),
            depth: r.depth,
            vertex_buffers: r.vertex_buffers.clone(),
        })),
    };
    Ok(Job {
        work,
        buffers: test.buffers.clone(),
        textures: test.textures.clone(),
        samplers: test.samplers.clone(),
        images: test.images.clone(),
        push_constants: test.push_constants.clone(),
        specialization: test
            .specialization
            .iter()
            .map(|s| Specialization {
                id: s.id,
                bytes: s.bytes.clone(),
            })
            .collect(),
    })
}

/// Every expectation of `test` that `outcome` violates, as lines a person reads.
pub fn check(test: &Test, outcome: &Outcome) -> Vec<String> {
    let mut lines = Vec::new();
    for (i, e) in test.expects.iter().enumerate() {
        let mut here = check_one(test, e, outcome);
        if here.is_empty() {
            continue;
        }
        let head = match e.at {
            ExpectWhere::Buffer { slot, .. } => {
                format!("expect #{} (buffer at {slot})", i + 1)
            }
            ExpectWhere::Image { slot, .. } => {
                format!("expect #{} (image at {slot})", i + 1)
            }
            ExpectWhere::Pixels { target, rect } => match target {
                Some(t) => format!("expect #{} (target {t}, rect {rect:?})", i + 1),
                None => format!("expect #{} (depth, rect {rect:?})", i + 1),
            },
        };
        let note = e
            .note
            .as_ref()
            .map(|n| format!(" [{n}]"))
            .unwrap_or_default();
        let total = here.len();
        here.truncate(MAX_LINES);
        for line in here {
            lines.push(format!("{head}{note}: {line}"));
        }
        if total > MAX_LINES {
            lines.push(format!("{head}: ... and {} more", total - MAX_LINES));
        }
    }
    lines
}

fn check_one(test: &Test, e: &Expect, outcome: &Outcome) -> Vec<String> {
    match e.at {
        ExpectWhere::Buffer { slot, offset } => {
            let Some((_, bytes)) = outcome.buffers.iter().find(|(s, _)| *s == slot) else {
                let declared = test.buffers.iter().any(|b: &BufferInput| b.slot == slot);
                return vec![if declared {
                    format!("the shader does not use the buffer at {slot}, so nothing was written")
                } else {
                    format!("no buffer at {slot}")
                }];
            };
            let rest = bytes.get(offset as usize..).unwrap_or(&[]);
            // Offsets in messages count from the start of the buffer, as the spec's layout
            // comments do.
            compare::check(&e.data, rest, e.tolerance)
                .into_iter()
                .map(|mut m| {
                    m.offset += offset as usize;
                    m.to_string()
                })
                .collect()
        }
        ExpectWhere::Image { slot, offset } => {
            let Some((_, bytes)) = outcome.images.iter().find(|(s, _)| *s == slot) else {
                return vec![format!(
                    "the shader does not use the image at {slot}, so nothing was read back"
                )];
            };
            let rest = bytes.get(offset as usize..).unwrap_or(&[]);
            compare::check(&e.data, rest, e.tolerance)
                .into_iter()
                .map(|mut m| {
                    m.offset += offset as usize;
                    m.to_string()
                })
                .collect()
        }
        ExpectWhere::Pixels { target, rect } => {
            let TestWork::Render(r) = &test.work else {
                return vec!["pixel expectation on a compute test".into()];
            };
            let (image, texel) = match target {
                Some(t) => {
                    let format = r.targets.get(t as usize).map(|t| t.format.texel_size());
                    (outcome.targets.get(t as usize), format.unwrap_or(4))
                }
                None => (outcome.depth.as_ref(), 4),
            };
            let Some(image) = image else {
                return vec!["the target was not read back".into()];
            };
            let [x0, y0, w, h] = rect;
            let per_pixel = e.data.len == texel;
            let mut out = Vec::new();
            for y in y0..y0 + h {
                for x in x0..x0 + w {
                    let at = (y as usize * r.width as usize + x as usize) * texel;
                    let actual = image.get(at..at + texel).unwrap_or(&[]);
                    let k = ((y - y0) * w + (x - x0)) as usize;
                    let mismatches = if per_pixel {
                        compare::check(&e.data, actual, e.tolerance)
                    } else {
                        // Expected data covers the whole rect: check this pixel's slice.
                        let mut one = e.data.clone();
                        one.fields.retain(|f| f.offset / texel == k);
                        for f in &mut one.fields {
                            f.offset -= k * texel;
                        }
                        compare::check(&one, actual, e.tolerance)
                    };
                    for m in mismatches {
                        out.push(format!("pixel ({x}, {y}) {m}"));
                    }
                }
            }
            out
        }
    }
}
