//! Turns source names into identifiers that are legal, unreserved and unique on a target.
//!
//! Each text back end owns one `Namer` per output, built with its target's reserved words. Names
//! are kept as the user wrote them wherever possible: only characters the target cannot take are
//! replaced, `__` (reserved by GLSL, WGSL and MSL) is collapsed, and clashes get a `_N` suffix.

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

/// Hands out unique target identifiers.
///
/// Back ends copy the module-scope namer for every function, so copying must not cost the
/// number of module-scope names (that made emitting quadratic in the number of functions).
/// Taken names live in frozen layers, shared by every copy, and `own`, the names taken since
/// the last copy. Copying first freezes `own` (once per batch of new names, not per copy),
/// then hands the copy the layers and an empty `own`.
///
/// Freezing adds `own` to the newest layer when no copy holds it, and otherwise makes it a new
/// layer: copying the newest layer instead cost a whole module's names for each copy of a copy
/// (GLSL's per-entry-point namers, each a copy of the module's, copied again per function:
/// quadratic in the number of entry points). Layers are merged as in a log-structured merge,
/// each more than twice the size of the next, so a namer has a logarithmic number of them.
#[derive(Debug)]
pub struct Namer {
    reserved: Arc<FxHashSet<&'static str>>,
    reserved_prefixes: &'static [&'static str],
    /// Oldest first.
    layers: RefCell<Vec<Arc<FxHashSet<String>>>>,
    own: RefCell<FxHashSet<String>>,
    /// For each stem that needed a `_N` suffix, the next `N` to try: searching from 1 every
    /// time made naming `n` clashing locals quadratic. Only a hint (a copy starts without it;
    /// every candidate is still checked against the taken names).
    next_suffix: FxHashMap<String, u64>,
}

impl Clone for Namer {
    fn clone(&self) -> Namer {
        self.freeze();
        Namer {
            reserved: Arc::clone(&self.reserved),
            reserved_prefixes: self.reserved_prefixes,
            layers: RefCell::new(self.layers.borrow().clone()),
            own: RefCell::new(FxHashSet::default()),
            next_suffix: FxHashMap::default(),
        }
    }
}

impl Namer {
    /// A namer that never returns a word of `reserved` or a name starting with one of
    /// `reserved_prefixes` (such as `gl_`).
    pub fn new(reserved: &[&'static str], reserved_prefixes: &'static [&'static str]) -> Namer {
        Namer {
            reserved: Arc::new(reserved.iter().copied().collect()),
            reserved_prefixes,
            layers: RefCell::new(Vec::new()),
            own: RefCell::new(FxHashSet::default()),
            next_suffix: FxHashMap::default(),
        }
    }

    /// A namer with the same reserved words as this one and `reserved_prefixes`, that has
    /// taken no name (for a struct's members). Unlike [`Namer::new`] it shares the reserved
    /// set instead of building it: back ends need one per entry point, and a module may have
    /// thousands.
    pub fn sibling(&self, reserved_prefixes: &'static [&'static str]) -> Namer {
        Namer {
            reserved: Arc::clone(&self.reserved),
            reserved_prefixes,
            layers: RefCell::new(Vec::new()),
            own: RefCell::new(FxHashSet::default()),
            next_suffix: FxHashMap::default(),
        }
    }

    /// Moves the names taken since the last copy into the layers.
    fn freeze(&self) {
        let mut own = self.own.borrow_mut();
        if own.is_empty() {
            return;
        }
        let mut layers = self.layers.borrow_mut();
        // The newest layer takes the names in place when no copy holds it.
        let mut newest = match layers.pop().map(Arc::try_unwrap) {
            Some(Ok(layer)) => layer,
            Some(Err(held)) => {
                layers.push(held);
                FxHashSet::default()
            }
            None => FxHashSet::default(),
        };
        newest.extend(own.drain());
        // Merging every older layer at most twice the size of the newest keeps each layer
        // more than twice the next; a merge copies the older, smaller layer, so a name is
        // copied a logarithmic number of times.
        while let Some(older) = layers.last() {
            if older.len() > newest.len().saturating_mul(2) {
                break;
            }
            newest.extend(older.iter().cloned());
            layers.pop();
        }
        layers.push(Arc::new(newest));
    }

    fn taken(&self, name: &str) -> bool {
        self.own.borrow().contains(name) || self.layers.borrow().iter().any(|l| l.contains(name))
    }

    fn take(&mut self, name: String) {
        self.own.get_mut().insert(name);
    }

    /// Marks `name` as taken without returning it (for names the back end writes itself, such
    /// as `main`).
    pub fn reserve(&mut self, name: &str) {
        if !self.taken(name) {
            self.take(name.to_string());
        }
    }

    /// Whether `name` would be returned unchanged by [`Namer::call`].
    pub fn is_free(&self, name: &str) -> bool {
        !self.taken(name) && !self.is_reserved(name)
    }

    fn is_reserved(&self, name: &str) -> bool {
        self.reserved.contains(name) || self.reserved_prefixes.iter().any(|p| name.starts_with(p))
    }

    /// A fresh identifier based on `base`.
    pub fn call(&mut self, base: &str) -> String {
        let mut clean = sanitize(base);
        if self.is_reserved(&clean) {
            clean = if self.reserved_prefixes.iter().any(|p| clean.starts_with(p)) {
                format!("u_{clean}")
            } else {
                format!("{clean}_")
            };
            clean = sanitize(&clean);
        }
        if !self.taken(&clean) {
            self.take(clean.clone());
            return clean;
        }
        // Ends in a digit already: separate the counter so `v1` + 1 is `v1_1`, not `v11`.
        let trimmed = clean.trim_end_matches('_');
        // `gl` + `_1` would start with the reserved prefix `gl_` for every counter: move the
        // stem out of the prefix first, or the search below would never end.
        let moved;
        let stem = if self
            .reserved_prefixes
            .iter()
            .any(|p| starts_with_underscored(trimmed, p))
        {
            moved = format!("u_{trimmed}");
            moved.as_str()
        } else {
            trimmed
        };
        let first = self.next_suffix.get(stem).copied().unwrap_or(1);
        for n in first.. {
            let candidate = format!("{stem}_{n}");
            if !self.taken(&candidate) && !self.is_reserved(&candidate) {
                self.take(candidate.clone());
                // Stems repeat (`t`, `texel`): update the hint in place rather than allocating
                // a key for every name.
                match self.next_suffix.get_mut(stem) {
                    Some(next) => *next = n + 1,
                    None => {
                        self.next_suffix.insert(stem.to_string(), n + 1);
                    }
                }
                return candidate;
            }
        }
        // The loop above only ends by returning: the taken names are finite.
        clean
    }
}

/// Whether `stem` followed by `_` starts with `prefix` (without building that string).
fn starts_with_underscored(stem: &str, prefix: &str) -> bool {
    if prefix.len() <= stem.len() {
        stem.starts_with(prefix)
    } else {
        prefix.len() == stem.len() + 1 && prefix.starts_with(stem) && prefix.ends_with('_')
    }
}

/// Keeps ASCII letters, digits and `_`; maps anything else to `_`; collapses runs of `_`; makes
/// sure the name starts with a letter or `_` and is not empty.
pub fn sanitize(base: &str) -> String {
    let mut out = String::with_capacity(base.len());
    for c in base.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        if c == '_' && out.ends_with('_') {
            continue;
        }
        out.push(c);
    }
    if out.is_empty() || out == "_" {
        return "v".to_string();
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

/// The next padding member of a layout struct whose members are `members`: `_pad{counter}`,
/// counting on past any member of that name (a user's struct may have a `_pad0`).
pub fn padding_name(members: &[String], counter: &mut u32) -> String {
    loop {
        let name = format!("_pad{counter}");
        *counter = counter.saturating_add(1);
        if !members.contains(&name) || *counter == u32::MAX {
            return name;
        }
    }
}

/// The back end's own names (`luma_const`, `luma_zero_3`, ...), which user names cannot take
/// (the `luma_` prefix is reserved): each is `base`, then `base_1`, `base_2`, ... as needed.
#[derive(Debug, Default, Clone)]
pub struct InternalNames {
    taken: std::collections::BTreeSet<String>,
    /// For each base, the suffix to try next: counting from 0 for every name made handing out
    /// `n` names of one base quadratic (20,000 constant struct literals took 20 s in HLSL and
    /// MSL). Every name below it is taken, so the first free name found is still the smallest.
    next: std::collections::BTreeMap<String, u64>,
}

impl InternalNames {
    /// A fresh name from `base`.
    pub fn fresh(&mut self, base: &str) -> String {
        let mut n = self.next.get(base).copied().unwrap_or(0);
        loop {
            let name = if n == 0 {
                base.to_string()
            } else {
                format!("{base}_{n}")
            };
            n += 1;
            if self.taken.insert(name.clone()) {
                match self.next.get_mut(base) {
                    Some(next) => *next = n,
                    None => {
                        self.next.insert(base.to_string(), n);
                    }
                }
                return name;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stem_that_meets_a_reserved_prefix_still_gets_fresh_names() {
        // Regression: `gl` twice used to loop forever, every `gl_N` being reserved by `gl_`.
        let mut namer = Namer::new(&[], &["gl_"]);
        assert_eq!(namer.call("gl"), "gl");
        assert_eq!(namer.call("gl"), "u_gl_1");
        assert_eq!(namer.call("gl"), "u_gl_2");
    }

    #[test]
    fn keeps_names_and_resolves_clashes() {
        let mut namer = Namer::new(&["float", "main"], &["gl_"]);
        assert_eq!(namer.call("color"), "color");
        assert_eq!(namer.call("color"), "color_1");
        assert_eq!(namer.call("float"), "float_");
        assert_eq!(namer.call("gl_Position"), "u_gl_Position");
        assert_eq!(namer.call("a__b"), "a_b");
        assert_eq!(namer.call("9lives"), "_9lives");
        assert_eq!(namer.call(""), "v");
    }

    #[test]
    fn copies_see_names_taken_before_and_keep_their_own() {
        let mut module = Namer::new(&["float"], &[]);
        module.reserve("main");
        assert_eq!(module.call("f"), "f");
        let mut a = module.clone();
        let mut b = module.clone();
        assert_eq!(a.call("f"), "f_1");
        assert_eq!(a.call("x"), "x");
        // A sibling copy does not see `a`'s names.
        assert_eq!(b.call("x"), "x");
        assert!(!b.is_free("main") && b.is_free("y"));
        // Names taken after copies were made reach later copies, and not earlier ones.
        assert_eq!(module.call("g"), "g");
        assert!(a.is_free("g"));
        let mut c = module.clone();
        assert_eq!(c.call("g"), "g_1");
        // A copy of a copy that took names sees them all and leaves its parent unchanged.
        let mut d = a.clone();
        assert_eq!(d.call("x"), "x_1");
        assert_eq!(d.call("f"), "f_2");
        assert_eq!(a.call("z"), "z");
        assert!(d.is_free("z"));
        assert_eq!(module.call("x"), "x");
    }

    #[test]
    fn fresh_names_count_up_per_base_and_never_repeat() {
        let mut names = InternalNames::default();
        assert_eq!(names.fresh("luma_a"), "luma_a");
        assert_eq!(names.fresh("luma_a"), "luma_a_1");
        assert_eq!(names.fresh("luma_a_2"), "luma_a_2");
        // `luma_a_2` is taken by another base: the next `luma_a` skips it.
        assert_eq!(names.fresh("luma_a"), "luma_a_3");
        assert_eq!(names.fresh("luma_b"), "luma_b");
        assert_eq!(names.fresh("luma_a_1"), "luma_a_1_1");
        let many: Vec<String> = (0..1000).map(|_| names.fresh("luma_c")).collect();
        assert_eq!(many.last().map(String::as_str), Some("luma_c_999"));
    }
}
