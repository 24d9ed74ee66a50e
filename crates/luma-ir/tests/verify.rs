//! The verifier rejects malformed IR: every `tests/ir/verify/*.ir` file parses, breaks exactly
//! the rule its first comment names, and fails verification with the error in `<name>.err`
//! (blessed with `LUMA_BLESS=1`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_ir::parse::parse_module;
use luma_ir::verify::verify;
use luma_testutil::{assert_snapshot, files_with_extension, tests_dir};

#[test]
fn malformed_ir_is_rejected() {
    let dir = tests_dir().join("ir").join("verify");
    let files = files_with_extension(&dir, "ir");
    assert!(files.len() >= 60, "only {} verifier cases", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("// "),
            "{}: start with a comment naming the broken rule",
            path.display()
        );
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        let error = match verify(&module) {
            Ok(()) => panic!("{}: the verifier accepted it", path.display()),
            Err(e) => e.to_string(),
        };
        assert_snapshot(&path.with_extension("err"), &format!("{error}\n"));
    }
}
