//! Warnings about WGSL that is written, and that naga (wgpu) accepts, but that WebGPU as
//! specified rejects: the output serves wgpu with an optional feature, not every browser.

use luma_back::callgraph::{writes_global, CallGraph};
use luma_base::Code;
use luma_ir::{AddressSpace, Module, ShaderStage};

use crate::codes;

/// One warning about the module's WGSL, blamed on an entry point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The diagnostic code (see [`codes`]).
    pub code: Code,
    /// The entry point it is about.
    pub entry_point: String,
    /// The module global it is about, by its IR name.
    pub global: String,
    /// What is wrong, lower case, naming the construct.
    pub message: String,
    /// What to do about it.
    pub help: String,
}

/// The warnings for `module`'s WGSL, in entry point and then global order.
///
/// A vertex shader that writes a storage buffer (a store or an atomic), or uses one that holds
/// atomics in any way (WGSL's atomics live only in `read_write` storage, so such a buffer gets
/// no read-only twin, even for `atomic_load` or a plain member beside the atomics), is written
/// with the buffer `read_write`: WebGPU gives vertex shaders no writable storage, so Tint and
/// browsers reject the module, while wgpu takes it with its `VERTEX_WRITABLE_STORAGE` feature
/// (and Vulkan with `vertexPipelineStoresAndAtomics`). An error would refuse shaders that wgpu
/// runs; silence would hand WebGPU users a module it rejects with no word from the compiler.
pub fn warnings(module: &Module) -> Vec<Warning> {
    let graph = CallGraph::new(module);
    let storage: Vec<_> = module
        .globals
        .iter()
        .filter(|(_, g)| matches!(g.space, AddressSpace::Storage { .. }))
        .collect();
    let mut out = Vec::new();
    for entry in module
        .entry_points
        .iter()
        .filter(|e| e.stage == ShaderStage::Vertex)
    {
        let functions = graph.reachable(entry.function);
        for (handle, global) in &storage {
            let written = functions.iter().any(|&f| {
                module
                    .functions
                    .get(f)
                    .is_some_and(|function| writes_global(function, *handle))
            });
            if written {
                out.push(Warning {
                    code: codes::VERTEX_STORAGE_WRITE,
                    entry_point: entry.name.clone(),
                    global: global.name.clone(),
                    message: format!(
                        "vertex shader `{}` writes storage buffer `{}`, which WebGPU does not \
                         allow",
                        entry.name, global.name
                    ),
                    help: "the WGSL output needs wgpu's `VERTEX_WRITABLE_STORAGE` feature; for \
                           WebGPU, write the buffer from a compute or fragment shader"
                        .to_string(),
                });
                continue;
            }
            let atomics = luma_ir::proc::contains_atomic(&module.types, global.ty)
                && functions
                    .iter()
                    .any(|&f| graph.direct_globals(f).contains(handle));
            if atomics {
                out.push(Warning {
                    code: codes::VERTEX_STORAGE_WRITE,
                    entry_point: entry.name.clone(),
                    global: global.name.clone(),
                    message: format!(
                        "vertex shader `{}` uses storage buffer `{}`, whose atomics make it \
                         read_write, which WebGPU does not allow",
                        entry.name, global.name
                    ),
                    help: "the WGSL output needs wgpu's `VERTEX_WRITABLE_STORAGE` feature; for \
                           WebGPU, keep the atomics in a buffer that only compute and fragment \
                           shaders use"
                        .to_string(),
                });
            }
        }
    }
    out
}
