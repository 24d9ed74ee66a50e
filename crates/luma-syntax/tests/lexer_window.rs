//! The parser's lexer window: cooking tokens on demand and releasing those behind the parser
//! gives the tokens and diagnostics that lexing the whole text at once gives, for every Luma
//! file under `tests/` (valid shaders and the diagnostics tests' broken ones) and for all of
//! them joined into one text, with a release after every token.

// Test helpers may unwrap and index: a panic there is a failed test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use luma_base::Diagnostics;
use luma_syntax::lexer::{lex, lex_through_window, TokenKind};

fn assert_same_as_whole(name: &str, text: &str) {
    let mut whole_diags = Diagnostics::default();
    let whole = lex(text, &mut whole_diags);
    for step in [1, 7, 4096] {
        let mut diags = Diagnostics::default();
        let windowed = lex_through_window(text, &mut diags, step);
        assert_eq!(
            windowed.last().map(|t| t.kind),
            Some(TokenKind::Eof),
            "{name}: the window ended before the end token (release step {step})"
        );
        assert_eq!(
            whole.len(),
            windowed.len(),
            "{name}: {} tokens whole, {} through the window (release step {step})",
            whole.len(),
            windowed.len()
        );
        if let Some(i) = (0..whole.len()).find(|&i| whole[i] != windowed[i]) {
            panic!(
                "{name}: token {i} differs (release step {step}): {:?} whole, {:?} windowed",
                whole[i], windowed[i]
            );
        }
        assert_eq!(
            whole_diags.as_slice(),
            diags.as_slice(),
            "{name}: other diagnostics through the window (release step {step})"
        );
    }
}

#[test]
fn windowed_lexing_matches_lexing_the_whole_text() {
    let files = luma_testutil::files_with_extension(&luma_testutil::tests_dir(), "luma");
    assert!(
        files.len() > 100,
        "only {} Luma files under tests/",
        files.len()
    );
    let mut joined = String::new();
    for path in &files {
        // A file that is not UTF-8 (a diagnostics test of the preprocessor's check) never
        // reaches the lexer, which takes `&str`.
        let Ok(text) = String::from_utf8(std::fs::read(path).unwrap()) else {
            continue;
        };
        assert_same_as_whole(&path.display().to_string(), &text);
        joined.push_str(&text);
        joined.push('\n');
    }
    // Joined, the texts are long enough for thousands of releases, and each file's state (an
    // open `repeat`, a held-back `local`) runs into the next.
    assert_same_as_whole("all files joined", &joined);
}
