//! The tests' view of the reference IR interpreter (`luma-interp`): the same machine, with
//! helpers that fail the test on a missing global instead of returning an error.

use std::ops::{Deref, DerefMut};

pub use luma_interp::V;
use luma_ir::Module;

/// [`luma_interp::Machine`], dereferencing to it.
pub struct Machine<'m>(pub luma_interp::Machine<'m>);

impl<'m> Machine<'m> {
    pub fn new(m: &'m Module) -> Machine<'m> {
        Machine(luma_interp::Machine::new(m))
    }

    /// Sets the contents of the global named `name`; fails the test if there is none.
    pub fn set_global(&mut self, name: &str, v: V) {
        self.0.set_global(name, v).unwrap_or_else(|e| panic!("{e}"));
    }

    /// The contents of the global named `name`; fails the test if there is none.
    pub fn global(&self, name: &str) -> &V {
        self.0
            .global(name)
            .unwrap_or_else(|| panic!("no global {name}"))
    }
}

impl<'m> Deref for Machine<'m> {
    type Target = luma_interp::Machine<'m>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Machine<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

/// Scalar accessors that fail the test on a value of another kind.
pub trait Scalars {
    fn i(&self) -> i32;
    fn u(&self) -> u32;
    fn f(&self) -> f32;
}

impl Scalars for V {
    fn i(&self) -> i32 {
        self.as_i32()
            .unwrap_or_else(|| panic!("expected an int, got {self:?}"))
    }
    fn u(&self) -> u32 {
        self.as_u32()
            .unwrap_or_else(|| panic!("expected a uint, got {self:?}"))
    }
    fn f(&self) -> f32 {
        self.as_f32()
            .unwrap_or_else(|| panic!("expected a float, got {self:?}"))
    }
}
