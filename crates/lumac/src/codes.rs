//! Diagnostic codes of the library facade (E00xx): driver-level problems such as a bad
//! `--spec` value or an entry point that does not exist, and internal errors; and
//! [`catalog`], every code of every stage, for documentation and tools.

use luma_base::{Code, CodeDoc, Diagnostic, Severity};

use crate::NO_LOCATION;

/// An internal compiler error: a stage produced something the next stage rejected.
pub const E0001: Code = Code("E0001");
/// The selected entry point or stage does not exist in the source, or the source has no entry
/// point at all.
pub const E0002: Code = Code("E0002");
/// A `--spec` value names no specialization constant or does not fit its type.
pub const E0003: Code = Code("E0003");

/// `@allow` names something that is not a warning code.
pub const E0004: Code = Code("E0004");

/// Every code of this crate.
pub const ALL: &[CodeDoc] = &[
    CodeDoc {
        code: E0001,
        severity: Severity::Error,
        title: "internal compiler error",
        example: "-- no source triggers this on purpose; please report it with the source",
    },
    CodeDoc {
        code: E0002,
        severity: Severity::Error,
        title: "no entry point to compile (none selected by `--entry` / `--stage`, or none declared)",
        example: "-- compiled with `--entry=missing`\n@entry(compute) @workgroup_size(1)\nfunction main()\nend",
    },
    CodeDoc {
        code: E0003,
        severity: Severity::Error,
        title: "a `--spec` value does not match a specialization constant",
        example: "-- compiled with `--spec 7=1.5` (no `@spec(7)`) or `--spec 0=true`\n@spec(0) const COUNT: int = 4",
    },
    CodeDoc {
        code: E0004,
        severity: Severity::Error,
        title: "`@allow` names something that is not a warning code",
        example: "@allow(W0299) -- no such warning; `@allow(E0501)` names an error\nfunction f()\nend",
    },
];

/// One code of the catalog, with the part of the compiler that reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogEntry {
    /// What reports it: `driver`, `syntax`, `sema`, `lower`, or a back end (`spirv`, `glsl`,
    /// `hlsl`, `msl`, `wgsl`).
    pub component: &'static str,
    /// The code, severity, title and example.
    pub doc: &'static CodeDoc,
}

/// Every diagnostic code of every stage, sorted by code and then component (two back ends may
/// document the same code for the same kind of problem).
pub fn catalog() -> Vec<CatalogEntry> {
    let sources: [(&'static str, &'static [CodeDoc]); 9] = [
        ("driver", ALL),
        ("syntax", luma_syntax::codes::ALL),
        ("sema", luma_sema::codes::ALL),
        ("lower", luma_lower::codes::ALL),
        ("spirv", luma_back_spirv::codes::ALL),
        ("glsl", luma_back_glsl::codes::CODES),
        ("hlsl", luma_back_hlsl::codes::ALL),
        ("msl", luma_back_msl::codes::ALL),
        ("wgsl", luma_back_wgsl::codes::CODES),
    ];
    let mut out: Vec<CatalogEntry> = sources
        .into_iter()
        .flat_map(|(component, docs)| docs.iter().map(move |doc| CatalogEntry { component, doc }))
        .collect();
    out.sort_by(|a, b| (a.doc.code.as_str(), a.component).cmp(&(b.doc.code.as_str(), b.component)));
    out
}

/// What a code named to allow or deny (`@allow`, `--allow`, `--deny`) is in the catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NamedCode {
    /// A warning's code, as the catalog writes it (`w0201` is `W0201`).
    Warning(String),
    /// An error's code: errors cannot be allowed or denied.
    Error(String),
    /// No diagnostic has it.
    Unknown(String),
}

/// Looks a code up in the catalog, case insensitively.
pub fn named_code(written: &str) -> NamedCode {
    let code = written.trim().to_ascii_uppercase();
    match catalog().iter().find(|e| e.doc.code.as_str() == code) {
        Some(entry) if entry.doc.severity == Severity::Warning => NamedCode::Warning(code),
        Some(_) => NamedCode::Error(code),
        None => NamedCode::Unknown(code),
    }
}

/// An internal error, with no source location to blame.
pub(crate) fn internal(message: String) -> Diagnostic {
    Diagnostic::error(E0001, NO_LOCATION, message)
        .with_note("this is a bug in the Luma compiler; please report it with the source")
}
