//! Turns source names into identifiers that are legal, unreserved and unique on a target.
//!
//! Each text back end owns one `Namer` per output, built with its target's reserved words. Names
//! are kept as the user wrote them wherever possible: only characters the target cannot take are
//! replaced, `__` (reserved by GLSL, WGSL and MSL) is collapsed, and clashes get a `_N` suffix.

use rustc_hash::FxHashSet;

/// Hands out unique target identifiers.
#[derive(Debug, Clone)]
pub struct Namer {
    reserved: FxHashSet<&'static str>,
    reserved_prefixes: &'static [&'static str],
    used: FxHashSet<String>,
}

impl Namer {
    /// A namer that never returns a word of `reserved` or a name starting with one of
    /// `reserved_prefixes` (such as `gl_`).
    pub fn new(reserved: &[&'static str], reserved_prefixes: &'static [&'static str]) -> Namer {
        Namer {
            reserved: reserved.iter().copied().collect(),
            reserved_prefixes,
            used: FxHashSet::default(),
        }
    }

    /// Marks `name` as taken without returning it (for names the back end writes itself, such
    /// as `main`).
    pub fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }

    /// Whether `name` would be returned unchanged by [`Namer::call`].
    pub fn is_free(&self, name: &str) -> bool {
        !self.used.contains(name) && !self.is_reserved(name)
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
        if !self.used.contains(&clean) {
            self.used.insert(clean.clone());
            return clean;
        }
        // Ends in a digit already: separate the counter so `v1` + 1 is `v1_1`, not `v11`.
        let stem = clean.trim_end_matches('_');
        for n in 1u64.. {
            let candidate = format!("{stem}_{n}");
            if !self.used.contains(&candidate) && !self.is_reserved(&candidate) {
                self.used.insert(candidate.clone());
                return candidate;
            }
        }
        // The loop above only ends by returning: `used` is finite.
        clean
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
