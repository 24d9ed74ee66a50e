//! Typed arenas: `Arena<T>` hands out `Handle<T>` indices, `UniqueArena<T>` also deduplicates.
//!
//! Every graph in the compiler (AST expressions, IR types, values, blocks) lives in an arena and
//! refers to other nodes by handle. Handles are `u32` indices, so they are `Copy`, hashable,
//! ordered by creation and cheap to store; dropping an arena never recurses. They are stored
//! plus one, as a `NonZeroU32`, so that an `Option<Handle<T>>` is four bytes too.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::num::NonZeroU32;

use rustc_hash::FxHashMap;

/// A typed index into an [`Arena`] or [`UniqueArena`] of `T`.
pub struct Handle<T> {
    /// The index plus one.
    index_plus_one: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    /// Builds a handle from a raw index. Only arenas and parsers of text forms should need this;
    /// a handle made this way is checked by the arena when it is looked up.
    ///
    /// `u32::MAX` is no arena's index (arenas stop one short of it); it becomes the handle of
    /// index `u32::MAX - 1`, which no arena holds either.
    pub const fn from_index(index: u32) -> Self {
        let index_plus_one = match NonZeroU32::new(index.wrapping_add(1)) {
            Some(n) => n,
            None => NonZeroU32::MAX,
        };
        Handle {
            index_plus_one,
            marker: PhantomData,
        }
    }

    /// The position of the element in its arena.
    pub const fn index(self) -> usize {
        self.raw() as usize
    }

    /// The raw `u32` index.
    pub const fn raw(self) -> u32 {
        self.index_plus_one.get() - 1
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index_plus_one == other.index_plus_one
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index_plus_one.cmp(&other.index_plus_one)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.raw().hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.raw())
    }
}

/// Error returned when an arena would grow to `u32::MAX` elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaFull;

impl fmt::Display for ArenaFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("arena is full (4294967294 elements)")
    }
}

impl std::error::Error for ArenaFull {}

/// An append-only vector addressed by [`Handle`]s.
pub struct Arena<T> {
    data: Vec<T>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { data: Vec::new() }
    }
}

impl<T: Clone> Clone for Arena<T> {
    fn clone(&self) -> Self {
        Arena {
            data: self.data.clone(),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Arena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for Arena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

impl<T> Arena<T> {
    /// An empty arena.
    pub const fn new() -> Self {
        Arena { data: Vec::new() }
    }

    /// An empty arena with room for `capacity` elements before it reallocates.
    pub fn with_capacity(capacity: usize) -> Self {
        Arena {
            data: Vec::with_capacity(capacity),
        }
    }

    /// Makes room for at least `additional` more elements.
    pub fn reserve(&mut self, additional: usize) {
        self.data.reserve(additional);
    }

    /// Gives back the room past the last element.
    pub fn shrink_to_fit(&mut self) {
        self.data.shrink_to_fit();
    }

    /// Removes every element, keeping the room (handles made before now are dangling).
    pub fn clear(&mut self) {
        self.data.clear();
    }

    /// Appends `value` and returns its handle.
    ///
    /// Inputs are capped far below 2^32 nodes by the compiler's limits (64 MiB of source), so the
    /// index always fits; [`Arena::try_append`] is there for callers without such a cap.
    pub fn append(&mut self, value: T) -> Handle<T> {
        // Cast is exact: the limits keep every arena far below u32::MAX elements.
        let index = self.data.len() as u32;
        self.data.push(value);
        Handle::from_index(index)
    }

    /// Appends `value`, failing instead of growing to `u32::MAX` elements (no handle has index
    /// `u32::MAX`).
    pub fn try_append(&mut self, value: T) -> Result<Handle<T>, ArenaFull> {
        let index = u32::try_from(self.data.len())
            .ok()
            .filter(|&i| i < u32::MAX)
            .ok_or(ArenaFull)?;
        self.data.push(value);
        Ok(Handle::from_index(index))
    }

    /// The element behind `handle`, or `None` if the handle does not belong to this arena.
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    /// Mutable access to the element behind `handle`.
    pub fn get_mut(&mut self, handle: Handle<T>) -> Option<&mut T> {
        self.data.get_mut(handle.index())
    }

    /// Whether `handle` points inside this arena.
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.data.len()
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the arena holds nothing.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Elements with their handles, in creation order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        self.data
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i as u32), v))
    }

    /// Mutable elements with their handles, in creation order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Handle<T>, &mut T)> {
        self.data
            .iter_mut()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i as u32), v))
    }

    /// Every handle of the arena, in creation order.
    pub fn handles(&self) -> impl DoubleEndedIterator<Item = Handle<T>> + ExactSizeIterator {
        (0..self.data.len() as u32).map(Handle::from_index)
    }

    /// The handle the next `append` will return.
    pub fn next_handle(&self) -> Handle<T> {
        Handle::from_index(self.data.len() as u32)
    }
}

/// Indexing panics only for a handle that did not come from this arena. Handles are produced by
/// the arena itself, and IR handles are checked once by the verifier (`luma-ir`), so code that
/// runs after verification may index directly; code that handles unverified input uses `get`.
impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    #[allow(clippy::indexing_slicing)]
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    #[allow(clippy::indexing_slicing)]
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.data[handle.index()]
    }
}

/// An arena that stores each distinct value once: inserting an equal value returns the existing
/// handle. Iteration order is insertion order, so output built from it is deterministic.
pub struct UniqueArena<T> {
    data: Vec<T>,
    lookup: FxHashMap<T, Handle<T>>,
}

impl<T> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena {
            data: Vec::new(),
            lookup: FxHashMap::default(),
        }
    }
}

impl<T: Clone> Clone for UniqueArena<T> {
    fn clone(&self) -> Self {
        UniqueArena {
            data: self.data.clone(),
            lookup: self.lookup.clone(),
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for UniqueArena<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<T: PartialEq> PartialEq for UniqueArena<T> {
    fn eq(&self, other: &Self) -> bool {
        self.data == other.data
    }
}

impl<T: Eq + Hash + Clone> UniqueArena<T> {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    /// Returns the handle of `value`, adding it if no equal value is stored yet.
    pub fn insert(&mut self, value: T) -> Handle<T> {
        if let Some(&handle) = self.lookup.get(&value) {
            return handle;
        }
        let handle = Handle::from_index(self.data.len() as u32);
        self.lookup.insert(value.clone(), handle);
        self.data.push(value);
        handle
    }

    /// The handle of a value equal to `value`, if stored.
    pub fn find(&self, value: &T) -> Option<Handle<T>> {
        self.lookup.get(value).copied()
    }
}

impl<T> UniqueArena<T> {
    /// The element behind `handle`, or `None` if the handle does not belong to this arena.
    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.data.get(handle.index())
    }

    /// Whether `handle` points inside this arena.
    pub fn contains(&self, handle: Handle<T>) -> bool {
        handle.index() < self.data.len()
    }

    /// Number of distinct elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the arena holds nothing.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Elements with their handles, in insertion order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Handle<T>, &T)> + ExactSizeIterator {
        self.data
            .iter()
            .enumerate()
            .map(|(i, v)| (Handle::from_index(i as u32), v))
    }

    /// Every handle of the arena, in insertion order.
    pub fn handles(&self) -> impl DoubleEndedIterator<Item = Handle<T>> + ExactSizeIterator {
        (0..self.data.len() as u32).map(Handle::from_index)
    }
}

/// See the note on `Arena`'s `Index`: only a foreign handle can make this panic.
impl<T> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    #[allow(clippy::indexing_slicing)]
    fn index(&self, handle: Handle<T>) -> &T {
        &self.data[handle.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_arena_deduplicates_in_insertion_order() {
        let mut arena = UniqueArena::new();
        let a = arena.insert("a");
        let b = arena.insert("b");
        assert_eq!(arena.insert("a"), a);
        assert_ne!(a, b);
        let order: Vec<_> = arena.iter().map(|(_, v)| *v).collect();
        assert_eq!(order, ["a", "b"]);
    }

    #[test]
    fn arena_get_rejects_foreign_handles() {
        let mut arena = Arena::new();
        let h = arena.append(1);
        assert_eq!(arena.get(h), Some(&1));
        assert_eq!(arena.get(Handle::from_index(7)), None);
    }
}
