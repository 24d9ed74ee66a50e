//! The `Diagnostic` every stage reports: a stable code, a primary span, labels, notes and fixes.
//!
//! Stages never print; they push diagnostics into a [`Diagnostics`] collector. Rendering to text
//! or JSON happens once, at the edge (CLI or host), with the [`crate::SourceMap`].

use serde::Serialize;

use crate::span::Span;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The program is rejected.
    Error,
    /// The program is accepted, but probably not what the author meant.
    Warning,
}

/// A stable diagnostic code such as `E0301` (errors) or `W0101` (warnings).
///
/// Codes never change meaning once released; each stage owns a numeric range and lists its codes
/// with an example in its `codes` module, from which the documentation is generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Code(pub &'static str);

impl Code {
    /// The code text, e.g. `"E0301"`.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// A span with a message, shown under the source excerpt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// What the label points at.
    pub span: Span,
    /// What it says there (may be empty).
    pub message: String,
}

/// A replacement that certainly fixes the problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// Text to replace.
    pub span: Span,
    /// Replacement text.
    pub replacement: String,
    /// Why, e.g. "write not-equal as `!=`".
    pub message: String,
}

/// One problem found in the user's program.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Stable code.
    pub code: Code,
    /// One-line summary, lower case, no final period (rustc style).
    pub message: String,
    /// The place the problem is reported at.
    pub primary: Label,
    /// Other places that explain it (the earlier declaration, the other operand, ...).
    pub secondary: Vec<Label>,
    /// Extra facts, each printed as `= note: ...`.
    pub notes: Vec<String>,
    /// Advice, each printed as `= help: ...`.
    pub help: Vec<String>,
    /// Certain fixes.
    pub suggestions: Vec<Suggestion>,
}

impl Diagnostic {
    /// A new error with `message` at `span`.
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, span, message)
    }

    /// A new warning with `message` at `span`.
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, span, message)
    }

    fn new(severity: Severity, code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary: Label {
                span,
                message: String::new(),
            },
            secondary: Vec::new(),
            notes: Vec::new(),
            help: Vec::new(),
            suggestions: Vec::new(),
        }
    }

    /// Sets the text under the primary span.
    pub fn with_primary_label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help.push(help.into());
        self
    }

    /// Adds a certain fix.
    pub fn with_suggestion(
        mut self,
        span: Span,
        replacement: impl Into<String>,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.suggestions.push(Suggestion {
            span,
            replacement: replacement.into(),
            message: message.into(),
        });
        self
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// What becomes of warnings, by code: the host's (or `luma`'s `--allow` / `--deny`) choice.
/// Errors are never affected.
///
/// ```
/// use luma_base::{Code, Diagnostic, Diagnostics, Severity, Span, WarningPolicy};
///
/// let policy = WarningPolicy { allow: vec!["W0201".into()], ..WarningPolicy::default() };
/// let mut diags = Diagnostics::with_policy(100, policy);
/// diags.push(Diagnostic::warning(Code("W0201"), Span::point(0), "unused"));
/// assert_eq!((diags.warning_count(), diags.allowed()), (0, 1));
///
/// let policy = WarningPolicy { deny_all: true, ..WarningPolicy::default() };
/// let mut diags = Diagnostics::with_policy(100, policy);
/// diags.push(Diagnostic::warning(Code("W0201"), Span::point(0), "unused"));
/// assert!(diags.has_errors());
/// assert_eq!(diags.as_slice()[0].severity, Severity::Error);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WarningPolicy {
    /// Warning codes (`"W0210"`) that are not reported at all.
    pub allow: Vec<String>,
    /// Warning codes reported as errors.
    pub deny: Vec<String>,
    /// Every warning not in `allow` is reported as an error (`--deny warnings`).
    pub deny_all: bool,
}

/// What a [`WarningPolicy`] does with one warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarningLevel {
    /// Not reported.
    Allow,
    /// Reported as a warning.
    Warn,
    /// Reported as an error, because its code is denied.
    DenyCode,
    /// Reported as an error, because every warning is denied.
    DenyAll,
}

impl WarningPolicy {
    /// What becomes of a warning with `code`. A code that is both allowed and denied is
    /// allowed: the narrower choice wins over `deny_all`, and hosts refuse the contradiction
    /// of one code in both lists before compiling (`luma` does).
    pub fn level(&self, code: Code) -> WarningLevel {
        let listed = |codes: &[String]| codes.iter().any(|c| c == code.as_str());
        if listed(&self.allow) {
            WarningLevel::Allow
        } else if listed(&self.deny) {
            WarningLevel::DenyCode
        } else if self.deny_all {
            WarningLevel::DenyAll
        } else {
            WarningLevel::Warn
        }
    }
}

/// Collects diagnostics, keeping at most `limit` of them (the rest are counted, not stored), so
/// hostile input cannot make the compiler use unbounded memory on error reports. Warnings go
/// through its [`WarningPolicy`] as they arrive, so an allowed warning takes no room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    limit: usize,
    errors: usize,
    warnings: usize,
    dropped: usize,
    allowed: usize,
    policy: WarningPolicy,
    /// Warnings allowed inside parts of the source (`@allow(W0202)` on a declaration or a
    /// loop): by code, the union of those parts as sorted, disjoint `(lo, hi)` ranges, so a
    /// warning is looked up by binary search however many allowances a source writes.
    allowed_within: Vec<(String, Vec<(u32, u32)>)>,
}

impl Default for Diagnostics {
    fn default() -> Self {
        Diagnostics::new(crate::Limits::default().max_diagnostics)
    }
}

impl Diagnostics {
    /// A collector that keeps at most `limit` diagnostics.
    pub fn new(limit: usize) -> Diagnostics {
        Diagnostics::with_policy(limit, WarningPolicy::default())
    }

    /// A collector that keeps at most `limit` diagnostics and applies `policy` to warnings.
    pub fn with_policy(limit: usize, policy: WarningPolicy) -> Diagnostics {
        Diagnostics {
            list: Vec::new(),
            limit,
            errors: 0,
            warnings: 0,
            dropped: 0,
            allowed: 0,
            policy,
            allowed_within: Vec::new(),
        }
    }

    /// Allows, for each `(scope, code)`, the warnings with `code` whose primary span lies
    /// inside `scope` (a declaration or a loop marked `@allow(code)`), those already recorded
    /// included. The source's choice wins over the policy's, as the narrower one.
    pub fn allow_within(&mut self, allowances: impl IntoIterator<Item = (Span, String)>) {
        let mut added: Vec<(String, (u32, u32))> = allowances
            .into_iter()
            .map(|(scope, code)| (code, (scope.lo, scope.hi)))
            .collect();
        if added.is_empty() {
            return;
        }
        for (code, ranges) in std::mem::take(&mut self.allowed_within) {
            added.extend(ranges.into_iter().map(|r| (code.clone(), r)));
        }
        added.sort_unstable();
        for (code, (lo, hi)) in added {
            match self.allowed_within.last_mut() {
                Some((last_code, ranges)) if *last_code == code => match ranges.last_mut() {
                    Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
                    _ => ranges.push((lo, hi)),
                },
                _ => self.allowed_within.push((code, vec![(lo, hi)])),
            }
        }
        let before = self.list.len();
        let list = std::mem::take(&mut self.list);
        self.list = list
            .into_iter()
            .filter(|d| !(d.severity == Severity::Warning && self.allowed_at(d)))
            .collect();
        let removed = before - self.list.len();
        self.warnings -= removed;
        self.allowed += removed;
    }

    /// Whether an `@allow` covers the warning `d`.
    fn allowed_at(&self, d: &Diagnostic) -> bool {
        let span = d.primary.span;
        let Ok(i) = self
            .allowed_within
            .binary_search_by(|(code, _)| code.as_str().cmp(d.code.as_str()))
        else {
            return false;
        };
        let Some((_, ranges)) = self.allowed_within.get(i) else {
            return false;
        };
        // The last range starting at or before the span is the only one that can hold it.
        let after = ranges.partition_point(|&(lo, _)| lo <= span.lo);
        after
            .checked_sub(1)
            .and_then(|j| ranges.get(j))
            .is_some_and(|&(_, hi)| span.hi <= hi)
    }

    /// Records a diagnostic (a warning as the policy says: dropped, kept, or made an error
    /// with a note saying why).
    pub fn push(&mut self, mut diagnostic: Diagnostic) {
        if diagnostic.severity == Severity::Warning {
            let code = diagnostic.code;
            let level = if self.allowed_at(&diagnostic) {
                WarningLevel::Allow
            } else {
                self.policy.level(code)
            };
            match level {
                WarningLevel::Allow => {
                    self.allowed += 1;
                    return;
                }
                WarningLevel::Warn => {}
                WarningLevel::DenyCode => {
                    diagnostic.severity = Severity::Error;
                    diagnostic.notes.push(format!(
                        "this warning is an error because of `--deny {code}`"
                    ));
                }
                WarningLevel::DenyAll => {
                    diagnostic.severity = Severity::Error;
                    diagnostic.notes.push(format!(
                        "this warning is an error because of `--deny warnings`; \
                         `--allow {code}` silences it"
                    ));
                }
            }
        }
        match diagnostic.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        if self.list.len() < self.limit {
            self.list.push(diagnostic);
        } else {
            self.dropped += 1;
        }
    }

    /// An empty collector with this one's limit, warning policy and allowances: what a stage
    /// reports into while another stage's reports are still to come ahead of its own, before
    /// [`Diagnostics::absorb`] brings them together.
    pub fn sibling(&self) -> Diagnostics {
        Diagnostics {
            list: Vec::new(),
            limit: self.limit,
            errors: 0,
            warnings: 0,
            dropped: 0,
            allowed: 0,
            policy: self.policy.clone(),
            allowed_within: self.allowed_within.clone(),
        }
    }

    /// Takes over what `other` collected: each stored diagnostic is pushed here (so this
    /// collector's policy and allowances apply to it), and those `other` counted without
    /// storing are counted here as they were.
    pub fn absorb(&mut self, other: Diagnostics) {
        let stored_errors = other.list.iter().filter(|d| d.is_error()).count();
        let stored_warnings = other.list.len() - stored_errors;
        self.errors += other.errors.saturating_sub(stored_errors);
        self.warnings += other.warnings.saturating_sub(stored_warnings);
        self.dropped += other.dropped;
        self.allowed += other.allowed;
        for d in other.list {
            self.push(d);
        }
    }

    /// Records every diagnostic of `other`.
    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        for d in other {
            self.push(d);
        }
    }

    /// Whether any error was reported (stored or dropped).
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// Number of errors reported, stored or not.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// Number of warnings reported, stored or not.
    pub fn warning_count(&self) -> usize {
        self.warnings
    }

    /// The most diagnostics it stores.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Number of warnings the policy allowed (not reported, not stored).
    pub fn allowed(&self) -> usize {
        self.allowed
    }

    /// Number of diagnostics not stored because the limit was reached.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// The stored diagnostics, in report order.
    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.list
    }

    /// Takes the stored diagnostics out.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }

    /// Sorts the stored diagnostics by position (stable, so equal positions keep report order).
    pub fn sort_by_position(&mut self) {
        self.list
            .sort_by_key(|d| (d.primary.span.lo, d.primary.span.hi));
    }
}

/// Documentation of one diagnostic code, listed by each stage's `codes` module; the diagnostics
/// reference (`docs/diagnostics.md`) is generated from these lists and a test checks that every
/// code is triggered by at least one test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeDoc {
    /// The code.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// One-line summary of what the code means.
    pub title: &'static str,
    /// A short Luma source that triggers it.
    pub example: &'static str,
}

/// Items of a message or note, comma-separated: at most eight, then how many more. Lists in
/// diagnostics come from the source (struct members, entry points, specialization constants),
/// which may hold thousands; the message stays readable, and only the items shown are formatted.
pub fn capped_list<I>(items: I) -> String
where
    I: IntoIterator,
    I::IntoIter: ExactSizeIterator,
    I::Item: std::fmt::Display,
{
    use std::fmt::Write as _;
    const SHOWN: usize = 8;
    let items = items.into_iter();
    let total = items.len();
    // "and 1 more" would take the room of the item it stands for.
    let shown = if total > SHOWN + 1 { SHOWN } else { total };
    let mut out = String::new();
    for (i, item) in items.take(shown).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{item}");
    }
    if total > shown {
        let _ = write!(out, ", and {} more", total - shown);
    }
    out
}

/// The closest candidate to `name` (Levenshtein distance at most a third of its length, at
/// least 1), if it is the only one that close.
pub fn closest<'c>(name: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let max = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    let mut tie = false;
    let len = name.chars().count();
    for c in candidates {
        if c == name {
            continue;
        }
        // Each insertion or deletion counts one: a length this far off is farther than `max`.
        if c.len().abs_diff(name.len()) > max * 4 || c.chars().count().abs_diff(len) > max {
            continue;
        }
        let d = distance(name, c);
        if d > max {
            continue;
        }
        match best {
            Some((bd, _)) if d > bd => {}
            Some((bd, bc)) if d == bd => tie |= bc != c,
            _ => {
                best = Some((d, c));
                tie = false;
            }
        }
    }
    if tie {
        None
    } else {
        best.map(|(_, c)| c)
    }
}

fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        if let Some(c0) = cur.get_mut(0) {
            *c0 = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let sub = prev.get(j).copied().unwrap_or(0) + usize::from(ca != cb);
            let del = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let ins = cur.get(j).copied().unwrap_or(0) + 1;
            if let Some(c) = cur.get_mut(j + 1) {
                *c = sub.min(del).min(ins);
            }
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev.get(b.len()).copied().unwrap_or(usize::MAX)
}

#[cfg(test)]
mod suggestion_tests {
    use super::*;

    #[test]
    fn closest_names() {
        assert_eq!(closest("lenght", ["length", "normalize"]), Some("length"));
        assert_eq!(closest("x", ["y", "z"]), None);
        assert_eq!(closest("colr", ["color", "other"]), Some("color"));
    }
}
