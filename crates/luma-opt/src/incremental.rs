//! The pipeline of an opt level run one function at a time, while a front end lowers them:
//! each function is optimised as soon as it is lowered, so the unoptimised IR of the whole
//! module never exists at once (on big shaders it is about twice the size of the optimised IR).

use luma_base::Handle;
use luma_ir::proc::ConstantInterner;
use luma_ir::verify::verify;
use luma_ir::{Function, Module};

use crate::copyprop::CopyProp;
use crate::util::{reach_live, with_function};
use crate::{dce, fold, OptError, OptLevel, Options};

/// Optimises a module that a front end hands over one function at a time:
/// [`FunctionOptimizer::function`] as soon as each function is lowered (callees before their
/// callers, as lowering orders them), then [`FunctionOptimizer::finish`] once the module is
/// whole.
///
/// At `Basic` each function gets, right away, the passes [`crate::optimize`] runs on it, in the
/// same order (constant folding, copy propagation, then dead code elimination's work inside
/// the function); `finish` does the module-wide rest (unreachable functions, unused constants
/// and types). The constants the passes make are interned as they come, so they may sit at
/// other places in the module than when the module is optimised whole. `None` does nothing,
/// and `Aggressive`, whose inlining needs every function, runs its whole pipeline in `finish`.
///
/// ```
/// use luma_opt::{FunctionOptimizer, OptLevel, Options};
///
/// // A module with no functions: nothing to hand over one at a time.
/// let mut module = luma_ir::Module::default();
/// let optimizer = FunctionOptimizer::new(Options::new(OptLevel::Basic));
/// assert!(optimizer.finish(&mut module).is_ok());
/// ```
pub struct FunctionOptimizer {
    options: Options,
    /// Folding's constants, interned across functions as [`crate::optimize`] interns them.
    interner: ConstantInterner,
    copies: CopyProp,
}

impl FunctionOptimizer {
    /// An optimizer running the pipeline `options` ask for.
    pub fn new(options: Options) -> Self {
        FunctionOptimizer {
            options,
            interner: ConstantInterner::new(),
            copies: CopyProp::new(),
        }
    }

    /// Optimises function `h` of `module`, just lowered: the module holds every function it
    /// calls, already handed over. Nothing happens when `h` is out of range.
    ///
    /// Unlike [`crate::optimize_with`], this does not verify the module after each pass when
    /// [`Options::verify_each_pass`] asks, since the module is not finished (and verifying it
    /// whole after each function would make a compilation quadratic in its functions):
    /// [`FunctionOptimizer::finish`] verifies it once instead.
    pub fn function(&mut self, module: &mut Module, h: Handle<Function>) {
        if self.options.level != OptLevel::Basic {
            return;
        }
        let copies = &mut self.copies;
        let interner = &mut self.interner;
        with_function(module, h, |module, f| {
            // Folding and copy propagation leave orphan values to dead code elimination's
            // compaction, as in the whole-module pipeline.
            fold::fold_function(module, f, interner);
            let live = reach_live(f);
            copies.function(module, f, Some(&live));
            dce::function(module, f, true);
        });
    }

    /// Finishes the module once every function was handed over (and the entry points are
    /// final): at `Basic` unreachable functions, then unused constants and types go, and the
    /// module is verified when [`Options::verify_each_pass`] asks; at `Aggressive` the whole
    /// pipeline runs (verifying after each pass when asked).
    pub fn finish(self, module: &mut Module) -> Result<(), OptError> {
        let options = self.options;
        match options.level {
            OptLevel::None => Ok(()),
            OptLevel::Basic => {
                dce::finish(module);
                if options.verify_each_pass {
                    verify(module).map_err(OptError::FunctionPassesBrokeModule)?;
                }
                Ok(())
            }
            OptLevel::Aggressive => crate::optimize_verified(module, options),
        }
    }
}
