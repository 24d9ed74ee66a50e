//! Value names live in one table per function: they read back as written, compare by text
//! between functions, survive table compaction, and an id of no entry is a verifier error and
//! reads as no name (never a panic).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use luma_base::Handle;
use luma_ir::parse::parse_module;
use luma_ir::print::print_module;
use luma_ir::verify::verify;
use luma_ir::{Function, Module, ValueNames};

const TEXT: &str = "fn fn0 \"f\"(\"x\": f32) -> (f32) {\n  %0 \"x\": f32 = param 0\nbody:\n  \
                    %1 \"y\": f32 = mul %0, %0\n  %2: f32 = add %1, %0\n  \
                    %3 \"y\": f32 = add %2, %1\n  return %3\n}\n";

fn function(module: &mut Module) -> &mut Function {
    module.functions.iter_mut().next().unwrap().1
}

fn names(f: &Function) -> Vec<Option<&str>> {
    f.values.iter().map(|(_, v)| f.value_name(v)).collect()
}

#[test]
fn names_read_back_as_written() {
    let mut module = parse_module(TEXT).unwrap();
    verify(&module).unwrap();
    assert_eq!(print_module(&module), TEXT);
    let f = function(&mut module);
    assert_eq!(names(f), [Some("x"), Some("y"), None, Some("y")]);
}

#[test]
fn table_entries_read_back_and_unknown_ids_read_as_none() {
    let mut table = ValueNames::new();
    let a = table.add("alpha").unwrap();
    let empty = table.add("").unwrap();
    let b = table.add("beta").unwrap();
    assert_eq!(table.len(), 3);
    assert_eq!(table.get(a), Some("alpha"));
    assert_eq!(table.get(empty), Some(""));
    assert_eq!(table.get(b), Some("beta"));
    assert_eq!(ValueNames::new().get(b), None);
}

#[test]
fn functions_compare_names_by_text() {
    let a = parse_module(TEXT).unwrap();
    let mut b = a.clone();
    // The same names under other ids, with an unused entry in front: still equal.
    let f = function(&mut b);
    f.names = ValueNames::new();
    f.add_name("unused");
    for (index, text) in [(3, "y"), (1, "y"), (0, "x")] {
        let id = f.add_name(text);
        f.values[Handle::from_index(index)].name = id;
    }
    assert_eq!(a, b);
    // Another text: not equal.
    let f = function(&mut b);
    let id = f.add_name("z");
    f.values[Handle::from_index(3)].name = id;
    assert_ne!(a, b);
}

#[test]
fn compaction_keeps_names_and_drops_unused_entries() {
    let mut module = parse_module(TEXT).unwrap();
    let before = module.clone();
    let f = function(&mut module);
    f.add_name("unused");
    f.values[Handle::from_index(3)].name = f.values[Handle::from_index(1)].name;
    let shared = f.values[Handle::from_index(1)].name;
    f.compact_names();
    assert_eq!(f.names.len(), 2);
    assert_eq!(names(f), [Some("x"), Some("y"), None, Some("y")]);
    assert_eq!(f.values[Handle::from_index(3)].name, shared);
    assert_eq!(module, before);
}

#[test]
fn an_id_of_no_entry_is_a_verifier_error_and_no_name() {
    let mut module = parse_module(TEXT).unwrap();
    let mut other = ValueNames::new();
    for name in ["a", "b", "c", "d"] {
        other.add(name);
    }
    let foreign = other.add("e");
    let f = function(&mut module);
    f.values[Handle::from_index(2)].name = foreign;
    assert_eq!(f.value_name(&f.values[Handle::from_index(2)]), None);
    let error = verify(&module).unwrap_err().to_string();
    assert!(
        error.contains("has name entry 4, past the function's 3 names"),
        "{error}"
    );
}

#[test]
fn a_second_definition_must_repeat_the_name() {
    let twice = |second: &str| {
        format!(
            "fn fn0 \"f\"(\"x\": f32) -> (f32) {{\n  %0 \"x\": f32 = param 0\nbody:\n  \
             %1 \"a\": f32 = mul %0, %0\n  %1 {second}: f32 = mul %0, %0\n  return %1\n}}\n"
        )
    };
    assert!(parse_module(&twice("\"a\"")).is_ok());
    for other in ["\"b\"", ""] {
        let error = parse_module(&twice(other)).unwrap_err();
        assert!(
            error.message.contains("defined twice, differently"),
            "{other}: {error}"
        );
    }
}
