//! Optimisation passes over the Luma IR and the pass pipeline of each opt level.
//!
//! [`optimize`] verifies its input, runs the pipeline of the level and, in debug builds (and
//! whenever [`Options::verify_each_pass`] asks), verifies the module after every pass, naming
//! the pass that broke it. Every pass keeps the IR valid and compact (no orphan values, blocks,
//! locals; dead code elimination also drops unused constants, types and unreachable functions)
//! and is deterministic: the same module gives the same bytes. (Inside the basic pipeline,
//! folding and copy propagation leave orphan values for dead code elimination to compact away,
//! with the same result; there the per-pass check verifies a compacted copy.)
//!
//! Levels:
//! - `OptLevel::None`: nothing.
//! - `OptLevel::Basic`: constant folding, copy propagation, dead code elimination.
//! - `OptLevel::Aggressive`: function inlining and scalar replacement of aggregates, then
//!   rounds of constant propagation, algebraic simplification, scalar replacement, copy
//!   propagation, common subexpression elimination and dead code elimination until nothing
//!   changes (at most [`MAX_ROUNDS`] rounds).

#![forbid(unsafe_code)]

mod constprop;
mod copyprop;
mod cse;
mod dce;
mod eval;
mod fold;
mod incremental;
mod inline;
mod simplify;
mod sroa;
mod util;

use std::fmt;

use luma_ir::verify::{verify, VerifyError};
use luma_ir::Module;

pub use incremental::FunctionOptimizer;

/// How hard to optimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum OptLevel {
    /// Leave the module as lowered.
    None,
    /// Constant folding, copy propagation and dead code elimination.
    #[default]
    Basic,
    /// Everything: inlining, scalar replacement, constant propagation, simplification, CSE.
    Aggressive,
}

impl OptLevel {
    /// The level's command-line spelling (`none`, `basic`, `aggressive`).
    pub fn as_str(self) -> &'static str {
        match self {
            OptLevel::None => "none",
            OptLevel::Basic => "basic",
            OptLevel::Aggressive => "aggressive",
        }
    }

    /// The level spelled `name`, if any.
    pub fn from_name(name: &str) -> Option<OptLevel> {
        match name {
            "none" => Some(OptLevel::None),
            "basic" => Some(OptLevel::Basic),
            "aggressive" => Some(OptLevel::Aggressive),
            _ => None,
        }
    }
}

/// One optimisation pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pass {
    /// Constant folding.
    Fold,
    /// Copy propagation.
    CopyProp,
    /// Dead code elimination (with branch folding and arena compaction).
    Dce,
    /// Sparse conditional constant propagation, through `If` and `Loop` values.
    ConstProp,
    /// Common subexpression elimination.
    Cse,
    /// Inlining of every function that is not an entry point.
    Inline,
    /// Algebraic simplification.
    Simplify,
    /// Scalar replacement of aggregates: promotion of locals to values and `extract` /
    /// `insert` / `compose` simplification.
    Sroa,
}

impl Pass {
    /// Every pass, in a fixed order.
    pub const ALL: [Pass; 8] = [
        Pass::Fold,
        Pass::CopyProp,
        Pass::Dce,
        Pass::ConstProp,
        Pass::Cse,
        Pass::Inline,
        Pass::Simplify,
        Pass::Sroa,
    ];

    /// The pass's name, as test folders (`tests/ir/<name>/`) and diagnostics spell it.
    pub fn name(self) -> &'static str {
        match self {
            Pass::Fold => "fold",
            Pass::CopyProp => "copyprop",
            Pass::Dce => "dce",
            Pass::ConstProp => "constprop",
            Pass::Cse => "cse",
            Pass::Inline => "inline",
            Pass::Simplify => "simplify",
            Pass::Sroa => "sroa",
        }
    }

    /// The pass named `name`.
    pub fn from_name(name: &str) -> Option<Pass> {
        Pass::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Most rounds of the aggressive pipeline's fixed-point loop.
pub const MAX_ROUNDS: usize = 8;

/// Why optimisation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptError {
    /// The input module is not valid IR.
    InvalidInput(VerifyError),
    /// A pass produced invalid IR (a compiler bug; caught in debug builds and tests).
    PassBrokeModule {
        /// The pass that ran last.
        pass: Pass,
        /// What the verifier found.
        error: VerifyError,
    },
    /// The passes a [`FunctionOptimizer`] ran on each function as it was handed over produced
    /// invalid IR (a compiler bug; caught in debug builds and tests, which verify the module
    /// it finishes).
    FunctionPassesBrokeModule(VerifyError),
}

impl fmt::Display for OptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptError::InvalidInput(e) => write!(f, "invalid IR before optimisation: {e}"),
            OptError::PassBrokeModule { pass, error } => write!(
                f,
                "internal compiler error: the `{}` pass produced invalid IR: {error}",
                pass.name()
            ),
            OptError::FunctionPassesBrokeModule(error) => write!(
                f,
                "internal compiler error: the passes run on each function as it was lowered \
                 produced invalid IR: {error}"
            ),
        }
    }
}

impl std::error::Error for OptError {}

/// How [`optimize_with`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The level.
    pub level: OptLevel,
    /// Verify after every pass (always on in debug builds).
    pub verify_each_pass: bool,
}

impl Options {
    /// `level`, verifying after each pass in debug builds only.
    pub fn new(level: OptLevel) -> Self {
        Options {
            level,
            verify_each_pass: cfg!(debug_assertions),
        }
    }
}

/// Optimises a valid module at `level`. On error the module may be partly optimised.
pub fn optimize(module: &mut Module, level: OptLevel) -> Result<(), OptError> {
    optimize_with(module, Options::new(level))
}

/// Optimises a valid module as `options` say.
pub fn optimize_with(module: &mut Module, options: Options) -> Result<(), OptError> {
    verify(module).map_err(OptError::InvalidInput)?;
    optimize_verified(module, options)
}

/// [`optimize_with`] without verifying the input first, for a module the caller has just
/// verified (a compiler driver straight after lowering): verification is a few percent of a
/// compile. The passes never panic on invalid IR, but they may make it worse.
pub fn optimize_verified(module: &mut Module, options: Options) -> Result<(), OptError> {
    let step = |module: &mut Module, pass: Pass| -> Result<(), OptError> {
        run_pass_unchecked(module, pass);
        if options.verify_each_pass {
            verify(module).map_err(|error| OptError::PassBrokeModule { pass, error })?;
        }
        Ok(())
    };
    match options.level {
        OptLevel::None => {}
        OptLevel::Basic => {
            // Folding and copy propagation leave their orphan values to dead code
            // elimination's compaction instead of compacting each function three times (a
            // good part of the pipeline's time on big shaders). The output is the same: each
            // pass treats orphans as compaction would have (see the `run_with` functions), so
            // what each pass leaves, compacted, is what it leaves when run alone.
            fold::run_with(module, false);
            verify_compacted(module, Pass::Fold, options)?;
            copyprop::run_with(module, false);
            verify_compacted(module, Pass::CopyProp, options)?;
            dce::run_with(module, true);
            if options.verify_each_pass {
                verify(module).map_err(|error| OptError::PassBrokeModule {
                    pass: Pass::Dce,
                    error,
                })?;
            }
        }
        OptLevel::Aggressive => {
            for pass in [Pass::Inline, Pass::Sroa] {
                step(module, pass)?;
            }
            for _ in 0..MAX_ROUNDS {
                let before = module.clone();
                for pass in [
                    Pass::ConstProp,
                    Pass::Simplify,
                    Pass::Sroa,
                    Pass::CopyProp,
                    Pass::Cse,
                    Pass::Dce,
                ] {
                    step(module, pass)?;
                }
                if *module == before {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// After a pass of the basic pipeline that leaves orphan values: when `options` ask, verifies
/// a compacted copy of the module (orphans are not valid IR; what the pass made of the rest
/// must be).
fn verify_compacted(module: &Module, pass: Pass, options: Options) -> Result<(), OptError> {
    if !options.verify_each_pass {
        return Ok(());
    }
    let mut copy = module.clone();
    for (_, f) in copy.functions.iter_mut() {
        util::compact_function(f);
    }
    verify(&copy).map_err(|error| OptError::PassBrokeModule { pass, error })
}

/// Runs one pass on a valid module and verifies the result.
pub fn run_pass(module: &mut Module, pass: Pass) -> Result<(), OptError> {
    verify(module).map_err(OptError::InvalidInput)?;
    run_pass_unchecked(module, pass);
    verify(module).map_err(|error| OptError::PassBrokeModule { pass, error })
}

fn run_pass_unchecked(module: &mut Module, pass: Pass) {
    match pass {
        Pass::Fold => fold::run(module),
        Pass::CopyProp => copyprop::run(module),
        Pass::Dce => dce::run(module),
        Pass::ConstProp => constprop::run(module),
        Pass::Cse => cse::run(module),
        Pass::Inline => inline::run(module),
        Pass::Simplify => simplify::run(module),
        Pass::Sroa => sroa::run(module),
    }
}
