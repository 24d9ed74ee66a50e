//! Running one shader everywhere: the front end at every opt level, the IR interpreter on each
//! module, each back end through its harness path on the Vulkan device (SPIR-V as is, GLSL and
//! HLSL through glslang, WGSL through naga) and the MSL back end (emitted only: nothing here
//! runs Metal). Every result is compared with the expected outputs slot by slot.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use luma_harness::job::Outcome;
use luma_harness::paths::{LumaCompiler, Tools};
use luma_harness::reflect::Stage;
use luma_harness::runner::{add_num_workgroups, job_for, Runner};
use luma_harness::spec::{PathKind, Test};
use luma_harness::{Gpu, GpuOptions};
use luma_interp::{Machine, V};
use luma_ir::Module;
use luma_opt::OptLevel;

use crate::ast::{Buf, Inputs};
use crate::eval::Outputs;
use crate::print::ENTRY;

/// The opt levels, in order.
pub const OPT_LEVELS: [OptLevel; 3] = [OptLevel::None, OptLevel::Basic, OptLevel::Aggressive];

/// What computed a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The IR interpreter on the front end's module.
    Interp,
    /// Luma's SPIR-V on the device.
    Spirv,
    /// Luma's GLSL through glslang on the device.
    Glsl,
    /// Luma's HLSL through glslang on the device.
    Hlsl,
    /// Luma's HLSL through Slang on the device (only when asked for: see
    /// [`luma_harness::GpuOptions::slang_features`]).
    HlslSlang,
    /// Luma's WGSL through naga on the device.
    Wgsl,
    /// Luma's MSL: emitted, not run.
    Msl,
}

impl Kind {
    /// Every kind a run takes by default, in report order.
    pub const ALL: [Kind; 6] = [
        Kind::Interp,
        Kind::Spirv,
        Kind::Glsl,
        Kind::Hlsl,
        Kind::Wgsl,
        Kind::Msl,
    ];

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Interp => "interp",
            Kind::Spirv => "spirv",
            Kind::Glsl => "glsl",
            Kind::Hlsl => "hlsl",
            Kind::HlslSlang => "hlsl-slang",
            Kind::Wgsl => "wgsl",
            Kind::Msl => "msl",
        }
    }

    /// The kind named `name` (the default ones and `hlsl-slang`).
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .chain([Kind::HlslSlang])
            .find(|k| k.name() == name)
    }

    /// Whether it runs on the device.
    pub fn device(self) -> bool {
        self.path().is_some()
    }

    fn path(self) -> Option<PathKind> {
        match self {
            Kind::Spirv => Some(PathKind::Spirv),
            Kind::Glsl => Some(PathKind::Glsl),
            Kind::Hlsl => Some(PathKind::Hlsl),
            Kind::HlslSlang => Some(PathKind::HlslSlang),
            Kind::Wgsl => Some(PathKind::Wgsl),
            Kind::Interp | Kind::Msl => None,
        }
    }
}

/// One computation: a kind at an opt level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Source {
    /// What ran.
    pub kind: Kind,
    /// On the module of this opt level.
    pub opt: OptLevel,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.kind.name(), self.opt.as_str())
    }
}

/// Every source of the given kinds and opt levels.
pub fn sources(kinds: &[Kind], opts: &[OptLevel]) -> Vec<Source> {
    let mut out = Vec::new();
    for &opt in opts {
        for &kind in kinds {
            out.push(Source { kind, opt });
        }
    }
    out
}

/// A slot whose value differs.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot {
    /// `out` or `fout`.
    pub buf: BufName,
    /// Index in the buffer.
    pub index: u32,
    /// Expected value, as text.
    pub expected: String,
    /// Actual value, as text.
    pub actual: String,
}

/// The two output buffers, ordered for reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BufName {
    /// `out`.
    Out,
    /// `fout`.
    Fout,
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = match self.buf {
            BufName::Out => Buf::Out,
            BufName::Fout => Buf::Fout,
        };
        write!(
            f,
            "{}[{}]: expected {}, got {}",
            b.name(),
            self.index,
            self.expected,
            self.actual
        )
    }
}

/// How one source did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every slot as expected.
    Agree,
    /// These slots differ.
    Mismatch(Vec<Slot>),
    /// It could not produce a result: the error (compile error, validation error, ...).
    Error(String),
}

impl Verdict {
    /// Whether this is a disagreement.
    pub fn is_bad(&self) -> bool {
        !matches!(self, Verdict::Agree)
    }

    /// A short signature for the minimiser: the kind of failure, without values.
    pub fn signature(&self) -> String {
        match self {
            Verdict::Agree => "agree".into(),
            Verdict::Mismatch(_) => "mismatch".into(),
            Verdict::Error(e) => {
                // The first line names the failing stage (front end, a back end, glslang,
                // naga, the driver); the rest holds details that minimising changes.
                let first = e.lines().next().unwrap_or("");
                format!("error: {}", first.chars().take(60).collect::<String>())
            }
        }
    }
}

/// The results of one shader.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Every source that ran, with its verdict.
    pub results: Vec<(Source, Verdict)>,
    /// Jobs run on the device (the rest reused an identical earlier module).
    pub device_runs: usize,
    /// Seconds spent in the front end, the interpreter, back ends plus external tools, and the
    /// device.
    pub seconds: Timing,
}

/// Where time went.
#[derive(Debug, Clone, Copy, Default)]
pub struct Timing {
    /// Front end and optimiser.
    pub frontend: f64,
    /// IR interpreter.
    pub interp: f64,
    /// Back ends, glslang and naga.
    pub translate: f64,
    /// Device runs.
    pub device: f64,
}

impl Timing {
    /// Adds `o`.
    pub fn add(&mut self, o: &Timing) {
        self.frontend += o.frontend;
        self.interp += o.interp;
        self.translate += o.translate;
        self.device += o.device;
    }
}

impl Report {
    /// The sources that disagree.
    pub fn bad(&self) -> Vec<&(Source, Verdict)> {
        self.results.iter().filter(|(_, v)| v.is_bad()).collect()
    }
}

/// A shader ready to run: its source file, its spec (buffers and entry point) and the
/// expected outputs.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The Luma source.
    pub source: PathBuf,
    /// The harness test (buffers, dispatch).
    pub test: Test,
    /// Buffer inputs.
    pub inputs: Inputs,
    /// The expected outputs (their lengths size the output buffers).
    pub expected: Outputs,
}

/// The device and tools, opened once.
pub struct Env {
    gpu: Option<Gpu>,
    tools: Tools,
    scratch: PathBuf,
}

impl fmt::Debug for Env {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Env")
            .field("device", &self.gpu.as_ref().map(|g| g.info().name.clone()))
            .field("scratch", &self.scratch)
            .finish()
    }
}

impl Env {
    /// Opens the Vulkan device (with the validation layer) when `device`, with the features
    /// Slang's SPIR-V needs when `slang`, and finds the tools; intermediate files go to
    /// `scratch`.
    pub fn new(device: bool, slang: bool, scratch: &Path) -> Result<Env, String> {
        std::fs::create_dir_all(scratch)
            .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
        let gpu = if device {
            Some(
                Gpu::new(&GpuOptions {
                    slang_features: slang,
                    ..GpuOptions::default()
                })
                .map_err(|e| format!("cannot open the Vulkan device: {e}"))?,
            )
        } else {
            None
        };
        Ok(Env {
            gpu,
            tools: Tools::find(),
            scratch: scratch.to_path_buf(),
        })
    }

    /// The device's name, if one is open.
    pub fn device_name(&self) -> Option<String> {
        self.gpu.as_ref().map(|g| g.info().name.clone())
    }

    /// The scratch folder.
    pub fn scratch(&self) -> &Path {
        &self.scratch
    }

    /// Whether a device is open.
    pub fn has_device(&self) -> bool {
        self.gpu.is_some()
    }
}

/// The back ends on one module, for the harness.
struct Compiled<'m> {
    module: &'m Module,
    options: lumac::Options,
}

impl Compiled<'_> {
    fn emit(&self, target: lumac::Target) -> Result<lumac::Output, String> {
        let outputs = lumac::emit(self.module, target, &self.options)
            .map_err(|e| format!("the {} back end failed: {e}", target.name()))?;
        outputs
            .into_iter()
            .next()
            .ok_or_else(|| format!("the {} back end produced nothing", target.name()))
    }

    fn text(&self, target: lumac::Target) -> Result<String, String> {
        let out = self.emit(target)?;
        out.data
            .as_text()
            .map(str::to_string)
            .ok_or_else(|| "no text".to_string())
    }
}

impl LumaCompiler for Compiled<'_> {
    fn spirv(&self, _source: &Path) -> Result<Vec<u32>, String> {
        let out = self.emit(lumac::Target::Spirv)?;
        luma_harness::paths::words_from_bytes(out.data.as_bytes()).map_err(|e| e.to_string())
    }

    fn glsl(&self, _source: &Path, _entry: &str, _stage: Stage) -> Result<String, String> {
        self.text(lumac::Target::Glsl)
    }

    fn hlsl(&self, _source: &Path) -> Result<String, String> {
        self.text(lumac::Target::Hlsl)
    }

    fn wgsl(&self, _source: &Path) -> Result<String, String> {
        self.text(lumac::Target::Wgsl)
    }
}

fn lumac_options(opt: OptLevel) -> lumac::Options {
    let nw = luma_harness::luma::NUM_WORKGROUPS_SLOT;
    lumac::Options {
        opt_level: opt,
        hlsl_num_workgroups: Some(luma_ir::ResourceBinding {
            group: nw.set,
            binding: nw.binding,
        }),
        ..lumac::Options::default()
    }
}

fn show_u32(v: u32) -> String {
    format!("{v} (0x{v:08x})")
}

fn show_f32(v: f32) -> String {
    format!("{v:?} (0x{:08x})", v.to_bits())
}

/// Floats agree when their bits are equal, when both are zeros (drivers need not keep the sign
/// of a zero) or both NaNs.
pub fn same_float(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a == 0.0 && b == 0.0) || (a.is_nan() && b.is_nan())
}

/// The slots where `actual` differs from `expected`.
pub fn compare(expected: &Outputs, actual: &Outputs) -> Vec<Slot> {
    let mut out = Vec::new();
    for (i, e) in expected.out.iter().enumerate() {
        let a = actual.out.get(i).copied();
        if a != Some(*e) {
            out.push(Slot {
                buf: BufName::Out,
                index: i as u32,
                expected: show_u32(*e),
                actual: a.map_or("nothing".into(), show_u32),
            });
        }
    }
    for (i, e) in expected.fout.iter().enumerate() {
        let a = actual.fout.get(i).copied();
        if !a.is_some_and(|a| same_float(*e, a)) {
            out.push(Slot {
                buf: BufName::Fout,
                index: i as u32,
                expected: show_f32(*e),
                actual: a.map_or("nothing".into(), show_f32),
            });
        }
    }
    out
}

fn verdict(expected: &Outputs, actual: Result<Outputs, String>) -> Verdict {
    match actual {
        Ok(a) => {
            let slots = compare(expected, &a);
            if slots.is_empty() {
                Verdict::Agree
            } else {
                Verdict::Mismatch(slots)
            }
        }
        Err(e) => Verdict::Error(e),
    }
}

/// Runs the IR interpreter on `module`'s entry point with `inputs`.
pub fn interpret(module: &Module, inputs: &Inputs, expected: &Outputs) -> Result<Outputs, String> {
    let mut m = Machine::new(module);
    m.budget = 50_000_000;
    let words = V::C(inputs.words.iter().map(|w| V::U(*w)).collect());
    let floats = V::C(inputs.floats.iter().map(|f| V::F(*f)).collect());
    let out = V::C(vec![V::U(0); expected.out.len()]);
    let fout = V::C(vec![V::F(0.0); expected.fout.len()]);
    for (name, v) in [
        ("inp", words),
        ("finp", floats),
        ("out", out),
        ("fout", fout),
    ] {
        m.set_global(name, v)?;
    }
    let entry = module
        .entry_points
        .iter()
        .find(|e| e.name == ENTRY)
        .ok_or_else(|| format!("no entry point {ENTRY}"))?;
    m.call(entry.function, Vec::new())
        .map_err(|e| format!("the interpreter stopped: {e}"))?;
    let read = |name: &str| -> Result<Vec<V>, String> {
        m.global(name)
            .and_then(V::parts)
            .map(<[V]>::to_vec)
            .ok_or_else(|| format!("no buffer {name}"))
    };
    let out = read("out")?
        .iter()
        .map(|v| v.as_u32().ok_or("a non-uint in out"))
        .collect::<Result<Vec<_>, _>>()?;
    let fout = read("fout")?
        .iter()
        .map(|v| v.as_f32().ok_or("a non-float in fout"))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Outputs { out, fout })
}

fn outputs_of(o: &Outcome) -> Result<Outputs, String> {
    let find = |binding: u32| {
        o.buffers
            .iter()
            .find(|(s, _)| s.set == 0 && s.binding == binding)
            .map(|(_, b)| b.clone())
            .ok_or_else(|| format!("binding {binding} was not read back"))
    };
    let words = |b: Vec<u8>| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w.copy_from_slice(c);
                u32::from_le_bytes(w)
            })
            .collect()
    };
    Ok(Outputs {
        out: words(find(2)?),
        fout: words(find(3)?).into_iter().map(f32::from_bits).collect(),
    })
}

/// Runs `p` for every source in `which` and compares each with the expected outputs.
pub fn run(env: &Env, p: &Prepared, which: &[Source]) -> Report {
    let mut report = Report::default();
    // Device jobs whose SPIR-V (and HLSL extra buffer) equal an earlier one's give its result.
    let mut seen: BTreeMap<(bool, Vec<u32>), Result<Outputs, String>> = BTreeMap::new();
    for opt in OPT_LEVELS {
        let here: Vec<Kind> = which
            .iter()
            .filter(|s| s.opt == opt)
            .map(|s| s.kind)
            .collect();
        if here.is_empty() {
            continue;
        }
        let t = Instant::now();
        let module = lumac::frontend_ir(&p.source, opt);
        report.seconds.frontend += t.elapsed().as_secs_f64();
        let module = match module {
            Ok(m) => m,
            Err(e) => {
                for kind in here {
                    report.results.push((
                        Source { kind, opt },
                        Verdict::Error(format!("the front end rejected the program:\n{e}")),
                    ));
                }
                continue;
            }
        };
        let compiled = Compiled {
            module: &module,
            options: lumac_options(opt),
        };
        for kind in here {
            let source = Source { kind, opt };
            let v = match kind {
                Kind::Interp => {
                    let t = Instant::now();
                    let r = interpret(&module, &p.inputs, &p.expected);
                    report.seconds.interp += t.elapsed().as_secs_f64();
                    verdict(&p.expected, r)
                }
                Kind::Msl => match compiled.emit(lumac::Target::Msl) {
                    Ok(_) => Verdict::Agree,
                    Err(e) => Verdict::Error(e),
                },
                _ => {
                    let r = device_run(env, p, &compiled, kind, &mut seen, &mut report);
                    verdict(&p.expected, r)
                }
            };
            report.results.push((source, v));
        }
    }
    report
}

fn device_run(
    env: &Env,
    p: &Prepared,
    compiled: &Compiled<'_>,
    kind: Kind,
    seen: &mut BTreeMap<(bool, Vec<u32>), Result<Outputs, String>>,
    report: &mut Report,
) -> Result<Outputs, String> {
    let (Some(gpu), Some(path)) = (&env.gpu, kind.path()) else {
        return Err("no device".into());
    };
    let runner = Runner {
        gpu,
        tools: env.tools.clone(),
        luma: Some(compiled),
        scratch: env.scratch.clone(),
    };
    let t = Instant::now();
    let shaders = runner.shaders(&p.test, path);
    report.seconds.translate += t.elapsed().as_secs_f64();
    let shaders = shaders.map_err(|e| format!("{} path: {e}", kind.name()))?;
    let key_words = shaders
        .get(&Stage::Compute)
        .map(|s| s.words.clone())
        .unwrap_or_default();
    let key = (
        matches!(path, PathKind::Hlsl | PathKind::HlslSlang),
        key_words,
    );
    if let Some(r) = seen.get(&key) {
        return r.clone();
    }
    let mut job = job_for(&p.test, shaders).map_err(|e| e.to_string())?;
    if matches!(path, PathKind::Hlsl | PathKind::HlslSlang) {
        add_num_workgroups(&mut job);
    }
    let t = Instant::now();
    let outcome = gpu.run(&job);
    report.seconds.device += t.elapsed().as_secs_f64();
    report.device_runs += 1;
    let r = outcome
        .map_err(|e| format!("the device run failed: {e}"))
        .and_then(|o| outputs_of(&o));
    seen.insert(key, r.clone());
    r
}
