//! HLSL register assignment of a module's bound resources, shared by the HLSL writer and
//! reflection (`luma-reflect`) so that the two cannot disagree.
//!
//! Each resource takes a register range of its class (`b`, `t`, `u`, `s`) in `space` = its
//! group, as long as its element count (1, or N for an array of N). A Vulkan binding gives an
//! array one binding number, so registers cannot simply be the binding numbers: `[4]texture2D`
//! on binding 0 would take `t0`..`t3` and collide with a texture on binding 1. Resources are
//! taken in (group, binding) order, and each gets register = max(binding, the next free
//! register of its class in its space); the range then ends past its last element. Without
//! arrays (or before the first one) every register equals its binding; ranges never overlap,
//! explicit `@binding`s included, and the assignment depends only on the declarations (every
//! bound global of the module, used or not), never on which entry points are compiled.

use std::collections::BTreeMap;

use luma_base::Handle;
use luma_ir::{
    AddressSpace, ArraySize, GlobalVariable, ImageClass, Module, ResourceBinding, StorageAccess,
    TypeInner,
};

use crate::Error;

/// An HLSL register class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RegisterClass {
    /// `b`: constant buffers (uniform buffers).
    ConstantBuffer,
    /// `t`: shader resource views (textures, read-only storage buffers).
    ShaderResource,
    /// `u`: unordered access views (read-write storage buffers, storage images).
    UnorderedAccess,
    /// `s`: samplers.
    Sampler,
}

impl RegisterClass {
    /// The register letter: `b`, `t`, `u` or `s`.
    pub fn letter(self) -> char {
        match self {
            RegisterClass::ConstantBuffer => 'b',
            RegisterClass::ShaderResource => 't',
            RegisterClass::UnorderedAccess => 'u',
            RegisterClass::Sampler => 's',
        }
    }
}

/// The register range of one resource: `register(t3, space1)` with `count` 4 takes `t3`..`t6`
/// of space 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Register {
    /// The register class.
    pub class: RegisterClass,
    /// The first register of the range.
    pub index: u32,
    /// The register space (the resource's group).
    pub space: u32,
    /// How many consecutive registers it takes (an array's element count, else 1).
    pub count: u32,
}

impl Register {
    /// The register as HLSL and reflection spell it: `t3`.
    pub fn name(&self) -> String {
        format!("{}{}", self.class.letter(), self.index)
    }
}

/// The register class and element count of a bound global.
fn class_and_count(
    module: &Module,
    global: &GlobalVariable,
) -> Result<(RegisterClass, u32), Error> {
    let ty = |h| {
        module
            .types
            .get(h)
            .map(|t| &t.inner)
            .ok_or_else(|| Error::invalid(format!("global `{}` has a bad type", global.name)))
    };
    match global.space {
        AddressSpace::Uniform => Ok((RegisterClass::ConstantBuffer, 1)),
        AddressSpace::Storage { access } => Ok((
            match access {
                StorageAccess::Read => RegisterClass::ShaderResource,
                StorageAccess::ReadWrite => RegisterClass::UnorderedAccess,
            },
            1,
        )),
        AddressSpace::Handle => {
            // The language allows one level of fixed-size array of resources, nothing else
            // (no runtime-sized arrays of resources, no arrays of arrays).
            let (base, count) = match ty(global.ty)? {
                TypeInner::Array {
                    base,
                    size: ArraySize::Constant(n),
                } => (*base, *n),
                TypeInner::Array { .. } => {
                    return Err(Error::invalid(format!(
                        "`{}` is a runtime-sized array of resources",
                        global.name
                    )))
                }
                _ => (global.ty, 1),
            };
            let class = match ty(base)? {
                TypeInner::Sampler { .. } => RegisterClass::Sampler,
                TypeInner::Image {
                    class: ImageClass::Storage { .. },
                    ..
                } => RegisterClass::UnorderedAccess,
                TypeInner::Image { .. } => RegisterClass::ShaderResource,
                _ => {
                    return Err(Error::invalid(format!(
                        "resource `{}` is neither a texture, a storage image nor a sampler",
                        global.name
                    )))
                }
            };
            Ok((class, count))
        }
        _ => Err(Error::invalid(format!(
            "global `{}` has a binding but is not a resource",
            global.name
        ))),
    }
}

/// The register range of every bound global of `module` (the module docs give the rule).
/// Globals without a binding (push constants, `shared`, private) have none.
pub fn assign_registers(
    module: &Module,
) -> Result<BTreeMap<Handle<GlobalVariable>, Register>, Error> {
    let bound = luma_back::bound_globals(module);
    // One past the last register taken, in 64 bits: a range may end at register u32::MAX.
    let mut next_free: BTreeMap<(RegisterClass, u32), u64> = BTreeMap::new();
    let mut registers = BTreeMap::new();
    for (binding, handle) in bound {
        let Some(global) = module.globals.get(handle) else {
            continue;
        };
        let (class, count) = class_and_count(module, global)?;
        let next = next_free.entry((class, binding.group)).or_insert(0);
        let first = u64::from(binding.binding).max(*next);
        let end = first + u64::from(count);
        let index = u32::try_from(first)
            .ok()
            .filter(|_| end <= 1 << 32)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "`{}` needs HLSL registers past {}{}",
                    global.name,
                    class.letter(),
                    u32::MAX
                ))
                .about_global(&global.name)
            })?;
        *next = end;
        registers.insert(
            handle,
            Register {
                class,
                index,
                space: binding.group,
                count,
            },
        );
    }
    Ok(registers)
}

/// What the `num_workgroups` constant buffer at `at` (its Vulkan binding and its `b` register)
/// would share that binding with: the bound resource there (`` `name` ``), or the push-constant
/// block when it is used and placed on that register (`push_constant_register`). The HLSL
/// back end refuses such a placement (E0922), and reflection then reports no `num_workgroups`
/// buffer.
pub fn num_workgroups_clash(
    module: &Module,
    at: ResourceBinding,
    push_constant_register: Option<ResourceBinding>,
) -> Option<String> {
    for (binding, handle) in luma_back::bound_globals(module) {
        if binding == at {
            let name = module.globals.get(handle).map_or("", |g| g.name.as_str());
            return Some(format!("`{name}`"));
        }
    }
    (push_constant_register == Some(at)).then(|| "the push-constant block".to_string())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;

    /// `(name, register, space, count)` of every bound global, in (group, binding) order.
    fn assigned(text: &str) -> Vec<(String, String, u32, u32)> {
        let module = luma_ir::parse::parse_module(text).unwrap();
        let registers = assign_registers(&module).unwrap();
        let mut out: Vec<_> = registers
            .iter()
            .map(|(h, r)| {
                let g = module.globals.get(*h).unwrap();
                (
                    g.binding.unwrap(),
                    (g.name.clone(), r.name(), r.space, r.count),
                )
            })
            .collect();
        out.sort_by_key(|(b, _)| *b);
        out.into_iter().map(|(_, r)| r).collect()
    }

    fn row(name: &str, register: &str, space: u32, count: u32) -> (String, String, u32, u32) {
        (name.to_string(), register.to_string(), space, count)
    }

    #[test]
    fn arrays_push_later_registers_of_their_class_and_space_only() {
        let text = r#"
global g0 "texs": [texture_2d<f32>; 4] in handle @group(0) @binding(0)
global g1 "other": texture_2d<f32> in handle @group(0) @binding(1)
global g2 "samp": sampler in handle @group(0) @binding(2)
global g3 "samps": [sampler; 3] in handle @group(0) @binding(3)
global g4 "late": texture_2d<f32> in handle @group(0) @binding(9)
global g5 "next": sampler in handle @group(0) @binding(4)
global g6 "data": [vec4<f32>] in storage(read) @group(0) @binding(5)
global g7 "g1tex": texture_2d<f32> in handle @group(1) @binding(1)
global g8 "u": vec4<f32> in uniform @group(0) @binding(6)
"#;
        assert_eq!(
            assigned(text),
            [
                row("texs", "t0", 0, 4),
                row("other", "t4", 0, 1),
                row("samp", "s2", 0, 1),
                row("samps", "s3", 0, 3),
                // `samps` takes s3..s5, so the sampler on binding 4 moves to s6.
                row("next", "s6", 0, 1),
                // After `other` (t4), the next free `t` register is t5.
                row("data", "t5", 0, 1),
                row("u", "b6", 0, 1),
                // Past every earlier array: the binding itself.
                row("late", "t9", 0, 1),
                // Another space starts afresh.
                row("g1tex", "t1", 1, 1),
            ]
        );
    }

    #[test]
    fn without_arrays_registers_are_the_bindings() {
        let text = r#"
global g0 "a": texture_2d<f32> in handle @group(0) @binding(0)
global g1 "b": sampler in handle @group(0) @binding(1)
global g2 "c": texture_2d<f32> in handle @group(0) @binding(7)
global g3 "d": [u32] in storage(read_write) @group(2) @binding(3)
"#;
        assert_eq!(
            assigned(text),
            [
                row("a", "t0", 0, 1),
                row("b", "s1", 0, 1),
                row("c", "t7", 0, 1),
                row("d", "u3", 2, 1),
            ]
        );
    }

    /// A range may end at the last register, u32::MAX (the end past it overflowed u32, so a
    /// resource on binding 4294967295 was refused and `luma reflect` failed); one more does
    /// not fit.
    #[test]
    fn a_range_may_end_at_the_last_register() {
        let text = r#"
global g0 "last": texture_2d<f32> in handle @group(0) @binding(4294967295)
global g1 "pair": [sampler; 2] in handle @group(1) @binding(4294967294)
"#;
        assert_eq!(
            assigned(text),
            [
                row("last", "t4294967295", 0, 1),
                row("pair", "s4294967294", 1, 2),
            ]
        );
        let past = r#"
global g0 "pair": [sampler; 2] in handle @group(0) @binding(4294967295)
"#;
        let module = luma_ir::parse::parse_module(past).unwrap();
        let e = assign_registers(&module).unwrap_err();
        assert_eq!(e.message, "`pair` needs HLSL registers past s4294967295");
    }

    #[test]
    fn ranges_never_overlap() {
        // Explicit bindings that leave less room than an array needs.
        let text = r#"
global g0 "a": [texture_2d<f32>; 8] in handle @group(0) @binding(2)
global g1 "b": [texture_2d<f32>; 2] in handle @group(0) @binding(3)
global g2 "c": texture_2d<f32> in handle @group(0) @binding(4)
global g3 "d": texture_2d<f32> in handle @group(0) @binding(20)
"#;
        let rows = assigned(text);
        assert_eq!(
            rows,
            [
                row("a", "t2", 0, 8),
                row("b", "t10", 0, 2),
                row("c", "t12", 0, 1),
                row("d", "t20", 0, 1),
            ]
        );
    }
}
