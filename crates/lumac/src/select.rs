//! Keeping a subset of a module's entry points (`--entry`, `--stage`): the others stop being
//! entry points, so their functions, which carry I/O bindings only entry functions may have,
//! leave the module together with every function no remaining entry point calls.

use std::collections::BTreeSet;

use luma_base::{Arena, Handle};
use luma_ir::{
    AddressSpace, EntryPoint, Function, GlobalVariable, ImageAccess, ImageClass, Module, Op,
    StmtKind, StorageAccess, Type, TypeInner, ValueDef,
};
use luma_thir::{Access, GlobalKind, Program};

/// Keeps the entry points `keep` accepts and the functions they reach, in their original order
/// (callees stay before callers), with every call and entry point renumbered.
pub(crate) fn retain_entry_points(module: &mut Module, keep: impl Fn(&EntryPoint) -> bool) {
    module.entry_points.retain(|e| keep(e));
    let graph = luma_back::CallGraph::new(module);
    let mut reached = vec![false; module.functions.len()];
    for entry in &module.entry_points {
        for f in graph.reachable(entry.function) {
            if let Some(slot) = reached.get_mut(f.index()) {
                *slot = true;
            }
        }
    }
    let old = std::mem::take(&mut module.functions);
    let mut remap: Vec<Option<Handle<Function>>> = vec![None; old.len()];
    let mut functions = Arena::new();
    for (handle, function) in old.iter() {
        if reached.get(handle.index()) == Some(&true) {
            let new = functions.append(function.clone());
            if let Some(slot) = remap.get_mut(handle.index()) {
                *slot = Some(new);
            }
        }
    }
    let renumber = |f: &mut Handle<Function>| {
        if let Some(Some(new)) = remap.get(f.index()) {
            *f = *new;
        }
    };
    for (_, function) in functions.iter_mut() {
        for (_, value) in function.values.iter_mut() {
            if let ValueDef::Op(Op::Call { function, .. }) = &mut value.def {
                renumber(function);
            }
        }
        for (_, block) in function.blocks.iter_mut() {
            for stmt in &mut block.stmts {
                if let StmtKind::Call { function, .. } = &mut stmt.kind {
                    renumber(function);
                }
            }
        }
    }
    for entry in &mut module.entry_points {
        renumber(&mut entry.function);
    }
    module.functions = functions;
}

/// After [`retain_entry_points`]: a storage buffer whose read-write access was inferred (no
/// `@access`) from writes that only dropped entry points made becomes read-only, as the language
/// infers access from the entry points compiled (language.md §8). A vertex shader compiled on
/// its own from a source whose compute shader fills its buffer then gets `NonWritable` /
/// `readonly` / `ByteAddressBuffer`, which Vulkan requires of vertex-stage storage buffers
/// unless `vertexPipelineStoresAndAtomics` is on.
pub(crate) fn reinfer_buffer_access(module: &mut Module, program: &Program) {
    let inferred_read_write: BTreeSet<&str> = program
        .globals
        .iter()
        .filter(|(_, def)| {
            matches!(
                def.kind,
                GlobalKind::StorageBuffer {
                    access: Access::ReadWrite,
                    explicit: false,
                }
            )
        })
        .map(|(_, def)| def.name.as_str())
        .collect();
    let read_write = AddressSpace::Storage {
        access: StorageAccess::ReadWrite,
    };
    let unwritten: Vec<Handle<GlobalVariable>> = module
        .globals
        .iter()
        .filter(|(_, global)| {
            global.space == read_write && inferred_read_write.contains(global.name.as_str())
        })
        // A buffer holding atomics stays read-write even where nothing kept uses it: WGSL
        // keeps atomics only in `read_write` storage, and reflection reports the one access
        // the full module has (language.md §8).
        .filter(|(_, global)| !luma_ir::proc::contains_atomic(&module.types, global.ty))
        .map(|(g, _)| g)
        .filter(|&g| {
            !module
                .functions
                .iter()
                .any(|(_, f)| luma_back::writes_global(f, g))
        })
        .collect();
    let read = AddressSpace::Storage {
        access: StorageAccess::Read,
    };
    for &g in &unwritten {
        if let Some(global) = module.globals.get_mut(g) {
            global.space = read;
        }
    }
    if unwritten.is_empty() {
        return;
    }
    // The pointers into those buffers (the global's own, and access chains on it) change type
    // with them: a pointer type carries its address space and access.
    let Module {
        functions, types, ..
    } = module;
    for (_, function) in functions.iter_mut() {
        let handles: Vec<Handle<luma_ir::Value>> = function.values.handles().collect();
        for v in handles {
            if !luma_back::pointer_global(function, v).is_some_and(|g| unwritten.contains(&g)) {
                continue;
            }
            let Some(value) = function.values.get_mut(v) else {
                continue;
            };
            let pointee = match types.get(value.ty).map(|t| &t.inner) {
                Some(TypeInner::Pointer { base, space }) if *space == read_write => *base,
                _ => continue,
            };
            value.ty = types.insert(Type {
                name: None,
                inner: TypeInner::Pointer {
                    base: pointee,
                    space: read,
                },
            });
        }
    }
}

/// After [`retain_entry_points`]: a storage image whose access was inferred (no `@access`)
/// gets the access the kept entry points need (language.md §8): a fragment or vertex shader
/// compiled alone from a source whose compute shader fills the image reads a `read` image
/// (WGSL takes `read_write` only for the 32-bit single-channel formats; Vulkan wants vertex
/// and fragment storage images `NonWritable` unless a device feature is on).
pub(crate) fn reinfer_image_access(module: &mut Module, program: &Program) {
    let inferred: BTreeSet<&str> = program
        .globals
        .iter()
        .filter(|(_, def)| {
            matches!(
                def.kind,
                GlobalKind::StorageImage {
                    explicit: false,
                    ..
                }
            )
        })
        .map(|(_, def)| def.name.as_str())
        .collect();
    let handles: Vec<Handle<GlobalVariable>> = module
        .globals
        .iter()
        .filter(|(_, global)| {
            global.space == AddressSpace::Handle && inferred.contains(global.name.as_str())
        })
        .map(|(g, _)| g)
        .collect();
    for g in handles {
        let access = luma_back::image_access(module.functions.iter().map(|(_, f)| f), g);
        retype_image_global(module, g, access);
    }
}

/// Gives storage image global `g` (an image or an array of images) the access `access`, with
/// every pointer to it and image loaded from it.
fn retype_image_global(module: &mut Module, g: Handle<GlobalVariable>, access: ImageAccess) {
    let Some(global_ty) = module.globals.get(g).map(|global| global.ty) else {
        return;
    };
    let Module {
        functions,
        types,
        globals,
        ..
    } = module;
    let inner = |types: &luma_base::UniqueArena<Type>, t: Handle<Type>| {
        types.get(t).map(|t| t.inner.clone())
    };
    // The image type, and the array around it if any.
    let (element, array) = match inner(types, global_ty) {
        Some(TypeInner::Array { base, size }) => (base, Some(size)),
        _ => (global_ty, None),
    };
    let Some(TypeInner::Image {
        dim,
        arrayed,
        class: ImageClass::Storage {
            format,
            access: old,
        },
    }) = inner(types, element)
    else {
        return;
    };
    if old == access {
        return;
    }
    let new_element = types.insert(Type {
        name: None,
        inner: TypeInner::Image {
            dim,
            arrayed,
            class: ImageClass::Storage { format, access },
        },
    });
    let new_global_ty = match array {
        Some(size) => types.insert(Type {
            name: None,
            inner: TypeInner::Array {
                base: new_element,
                size,
            },
        }),
        None => new_element,
    };
    let mut map: Vec<(Handle<Type>, Handle<Type>)> = vec![(element, new_element)];
    if array.is_some() {
        map.push((global_ty, new_global_ty));
    }
    // Pointers to the image and to the array, in the handle space.
    for (old_base, new_base) in map.clone() {
        let old_ptr = types.insert(Type {
            name: None,
            inner: TypeInner::Pointer {
                base: old_base,
                space: AddressSpace::Handle,
            },
        });
        let new_ptr = types.insert(Type {
            name: None,
            inner: TypeInner::Pointer {
                base: new_base,
                space: AddressSpace::Handle,
            },
        });
        map.push((old_ptr, new_ptr));
    }
    if let Some(global) = globals.get_mut(g) {
        global.ty = new_global_ty;
    }
    for (_, function) in functions.iter_mut() {
        let rooted: Vec<Handle<luma_ir::Value>> = function
            .values
            .iter()
            .filter(|(v, value)| match &value.def {
                ValueDef::Op(Op::Load { pointer }) => {
                    luma_back::pointer_global(function, *pointer) == Some(g)
                }
                _ => luma_back::pointer_global(function, *v) == Some(g),
            })
            .map(|(v, _)| v)
            .collect();
        for v in rooted {
            if let Some(value) = function.values.get_mut(v) {
                if let Some((_, new)) = map.iter().find(|(old, _)| *old == value.ty) {
                    value.ty = *new;
                }
            }
        }
    }
}
