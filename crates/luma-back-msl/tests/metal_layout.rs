//! An independent check of the buffer layouts the MSL back end declares (see
//! `common/metal_layout.rs`): every member a buffer holds sits at the layouter's offset under
//! Metal's own layout rules.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "common/metal_layout.rs"]
mod metal_layout;

use std::path::Path;

use luma_back_msl::{write, Options};
use luma_testutil::files_with_extension;

use metal_layout::{check_module, layouts};

#[test]
fn buffer_structs_sit_at_the_layouter_offsets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut checked = 0usize;
    for file in files_with_extension(&dir, "ir") {
        let module =
            luma_ir::parse::parse_module(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let label = file.file_stem().unwrap().to_string_lossy().to_string();
        let out = write(&module, &Options::default()).unwrap();
        checked += check_module(&module, &out.source, &label);
    }
    assert!(checked > 40, "only {checked} members checked");
}

#[test]
fn the_oracle_knows_metal_sizes() {
    // The layout rules above, on declarations whose Metal layout is documented.
    let structs = layouts(
        "struct A {\n    metal::float3 a;\n    float b;\n};\n\
         struct B {\n    metal::packed_float3 a;\n    float b;\n    metal::float2x2 m;\n    char _pad0[4];\n};\n",
    );
    assert_eq!(structs["A"].members["b"].0, 16);
    assert_eq!(structs["A"].size, 32);
    assert_eq!(structs["B"].members["b"].0, 12);
    assert_eq!(structs["B"].members["m"].0, 16);
    assert_eq!(structs["B"].size, 40);
}
