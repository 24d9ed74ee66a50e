//! The canonical hash of a module: SHA-256 of its printed form without source locations and
//! debug file names ([`PrintOptions::CANONICAL`]), so the hash depends on the program only, not
//! on how include paths were spelled or where the sources live (`luma --hash`).

use sha2::{Digest, Sha256};

use crate::ir::Module;
use crate::print::{print_module_with, PrintOptions};

/// SHA-256 of the canonical text of `module`.
pub fn canonical_hash(module: &Module) -> [u8; 32] {
    let text = print_module_with(module, PrintOptions::CANONICAL);
    Sha256::digest(text.as_bytes()).into()
}

/// `bytes` as lower-case hexadecimal, two digits per byte.
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        for nibble in [b >> 4, b & 0xf] {
            if let Some(&d) = DIGITS.get(usize::from(nibble)) {
                out.push(char::from(d));
            }
        }
    }
    out
}

/// The canonical hash of `module` as 64 hex digits.
pub fn canonical_hash_hex(module: &Module) -> String {
    to_hex(&canonical_hash(module))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{DebugSource, SourceLoc};
    use crate::parse::parse_module;

    const TEXT: &str = "fn fn0 \"f\"(\"x\": f32) -> (f32) {\n  %0 \"x\": f32 = param 0\nbody:\n  \
                        %1: f32 = mul %0, %0 !0:3:5\n  return %1 !0:4:3\n}\n";

    #[test]
    fn hex_is_lower_case_pairs() {
        assert_eq!(to_hex(&[0x00, 0xab, 0x7f]), "00ab7f");
    }

    #[test]
    fn empty_module_hash_is_sha256_of_nothing() {
        assert_eq!(
            canonical_hash_hex(&Module::default()),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn locations_and_file_names_do_not_change_the_hash() {
        let mut a = parse_module(TEXT).unwrap();
        a.debug_sources.push(DebugSource {
            name: "shaders/../shaders/a.luma".into(),
            text: None,
        });
        let mut b = a.clone();
        b.debug_sources[0].name = "shaders/a.luma".into();
        let f = b.functions.iter_mut().next().unwrap().1;
        for block in f.blocks.iter_mut() {
            for stmt in &mut block.1.stmts {
                stmt.loc = Some(SourceLoc {
                    source: 0,
                    line: 99,
                    column: 1,
                });
            }
        }
        assert_eq!(canonical_hash(&a), canonical_hash(&b));
    }

    #[test]
    fn the_program_changes_the_hash() {
        let a = parse_module(TEXT).unwrap();
        let b = parse_module(&TEXT.replace("mul", "add")).unwrap();
        assert_ne!(canonical_hash(&a), canonical_hash(&b));
    }
}
