//! The Luma compiler as the harness drives it: the front end (preprocess, parse, check, lower,
//! optimise) once per source, then each back end.
//!
//! This is the only place that knows the compiler's crates; the runner sees the
//! [`LumaCompiler`] trait.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use luma_ir::{Module, ResourceBinding};
use luma_opt::OptLevel;

use crate::job::Slot;
use crate::paths::LumaCompiler;
use crate::reflect::Stage;

/// Where the HLSL path reads `num_workgroups` from: HLSL has no such builtin, so the back end
/// reads a constant buffer here, and the runner binds one holding the dispatch size.
pub const NUM_WORKGROUPS_SLOT: Slot = Slot {
    set: 0,
    binding: 99,
    element: 0,
};

/// Runs the Luma front end on a file: the IR at opt level `opt`, or the rendered diagnostics.
/// It is `lumac`'s, as the `luma` binary runs it (each function optimised as soon as it is
/// lowered).
pub fn frontend(path: &Path, opt: OptLevel) -> Result<Module, String> {
    lumac::frontend_ir_with(
        path,
        &lumac::Options {
            opt_level: opt,
            ..lumac::Options::default()
        },
    )
}

/// The Luma compiler at one opt level, keeping the IR of the last source it compiled (the
/// runner asks for four targets of one test in a row).
#[derive(Debug)]
pub struct Compiler {
    opt: OptLevel,
    spirv_version: (u8, u8),
    last: RefCell<Option<(PathBuf, Result<Module, String>)>>,
}

impl Compiler {
    /// A compiler that optimises at `opt` and writes SPIR-V of the back end's default version.
    pub fn new(opt: OptLevel) -> Compiler {
        Compiler {
            opt,
            spirv_version: luma_back_spirv::Options::default().version,
            last: RefCell::new(None),
        }
    }

    /// The same compiler writing SPIR-V `version` on the SPIR-V path (`(1, 4)` and later
    /// change how the back end writes some constructs, and drivers read them apart).
    pub fn with_spirv_version(mut self, version: (u8, u8)) -> Compiler {
        self.spirv_version = version;
        self
    }

    /// The opt level.
    pub fn opt(&self) -> OptLevel {
        self.opt
    }

    fn with_ir<T>(
        &self,
        source: &Path,
        f: impl FnOnce(&Module) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut last = self.last.borrow_mut();
        let fresh = !matches!(&*last, Some((p, _)) if p == source);
        if fresh {
            *last = Some((source.to_path_buf(), frontend(source, self.opt)));
        }
        match &*last {
            Some((_, Ok(module))) => f(module),
            Some((_, Err(e))) => Err(format!("the front end rejected the source:\n{e}")),
            None => Err("no IR".into()),
        }
    }
}

impl LumaCompiler for Compiler {
    fn spirv(&self, source: &Path) -> Result<Vec<u32>, String> {
        self.with_ir(source, |m| {
            let options = luma_back_spirv::Options {
                version: self.spirv_version,
                ..Default::default()
            };
            luma_back_spirv::write(m, &options).map_err(|e| e.to_string())
        })
    }

    fn glsl(&self, source: &Path, entry: &str, _stage: Stage) -> Result<String, String> {
        self.with_ir(source, |m| {
            let options = luma_back_glsl::Options {
                entry_point: entry.to_string(),
                ..Default::default()
            };
            luma_back_glsl::write(m, &options).map_err(|e| e.to_string())
        })
    }

    fn hlsl(&self, source: &Path) -> Result<String, String> {
        self.with_ir(source, |m| {
            // As `luma` does: `half` needs shader model 6.2, everything else runs on 6.0.
            let half = m
                .types
                .iter()
                .any(|(ty, _)| luma_ir::proc::contains_f16(&m.types, ty));
            let options = luma_back_hlsl::Options {
                num_workgroups: Some(ResourceBinding {
                    group: NUM_WORKGROUPS_SLOT.set,
                    binding: NUM_WORKGROUPS_SLOT.binding,
                }),
                shader_model: if half { (6, 2) } else { (6, 0) },
                ..Default::default()
            };
            luma_back_hlsl::write(m, &options)
                .map(|out| out.source)
                .map_err(|e| e.to_string())
        })
    }

    fn wgsl(&self, source: &Path) -> Result<String, String> {
        self.with_ir(source, |m| {
            luma_back_wgsl::write(m, &luma_back_wgsl::Options::default()).map_err(|e| e.to_string())
        })
    }
}
