//! `luma reflect`: the reflection JSON of one source (schema `luma-reflect/1`), or with
//! `--spirv` what a Vulkan host needs read back from the SPIR-V output
//! (`luma-reflect-spirv/1`). The schemas are documented in `docs/reflection.md`.

use lumac::Target;

use crate::input;
use crate::{diag::Printer, Failure, ReflectArgs};

/// Runs `luma reflect`: compiles the source as `luma compile` would with the same options,
/// prints its diagnostics, then writes the JSON to `-o FILE` or standard output.
pub fn reflect(args: ReflectArgs, printer: &Printer) -> Result<(), Failure> {
    let options = lumac::Options {
        entry_point: args.entry.clone(),
        stage: args.stage.map(Into::into),
        opt_level: args.opt.into(),
        spec_values: crate::batch::parse_specs(&args.spec)?,
        hlsl_num_workgroups: args
            .hlsl_num_workgroups
            .as_deref()
            .map(crate::batch::parse_binding)
            .transpose()?,
        // The MSL sizes buffer is only there for what reads a buffer's length, which the
        // clamps do.
        bounds_checks: !args.no_bounds_checks,
        // The reflection comes from the compilation, which reports why it failed (as HLSL
        // error E0920 when the resources need HLSL registers past the last).
        reflect: !args.spirv,
        ..crate::base_options(&args.source)?
    };
    let source = input::read(&args.input)?;
    let targets: &[Target] = if args.spirv { &[Target::Spirv] } else { &[] };
    let result = lumac::compile(
        &source.name,
        &source.text,
        &lumac::FsReader,
        &options,
        targets,
    );
    // The counts, not the kept list: past `Limits::max_diagnostics` warnings are counted only,
    // and the summary says how many were left out.
    let failed = printer.print_slice(
        &source.name,
        &[],
        &result.diagnostics,
        result.error_count,
        result.warning_count,
        &result.source_map,
    );
    if failed {
        return Err(Failure::Diagnostics);
    }
    let json = if args.spirv {
        let spirv = result
            .outputs
            .iter()
            .find(|o| o.target == Target::Spirv)
            .ok_or_else(|| internal("the SPIR-V back end produced no output".to_string()))?;
        lumac::SpirvReflection::from_bytes(spirv.data.as_bytes())
            .map_err(|e| internal(format!("cannot read back the SPIR-V output: {e}")))?
            .to_json()
    } else {
        result
            .reflection
            .as_ref()
            .ok_or_else(|| internal("compilation produced no reflection".to_string()))?
            .to_json()
    };
    let path = match args.output.as_deref() {
        Some("-") | None => return input::write_stdout(json.as_bytes()),
        // A directory (`-o out/`, created if missing) gets `<stem>.reflect.json`, the name
        // `compile --reflect` gives it.
        Some(dir) if dir.ends_with('/') || std::path::Path::new(dir).is_dir() => {
            let stem = crate::batch::stem_of(&source.name, &[]);
            let path = std::path::Path::new(dir).join(format!("{stem}.reflect.json"));
            path.to_string_lossy().into_owned()
        }
        Some(path) => path.to_string(),
    };
    // As `luma compile` refuses to: `-o shader.luma` would replace the source with JSON.
    let read = crate::batch::files_read(
        if args.input == "-" { "" } else { &source.name },
        &result.includes,
    );
    crate::batch::refuse_overwriting_a_read_file(&path, "the reflection", &read)?;
    input::write_file(&path, json.as_bytes())
}

/// A failure that is the compiler's fault, not the source's.
fn internal(message: String) -> Failure {
    Failure::Usage(format!(
        "internal compiler error: {message}; please report it with the source"
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::diag::{Color, MessageFormat};
    use crate::SourceArgs;

    fn run(spirv: bool, entry: Option<&str>) -> (std::path::PathBuf, Result<(), Failure>) {
        let dir = luma_testutil::scratch_dir("reflect-cmd");
        let name = format!(
            "{}-{}.json",
            if spirv { "spirv" } else { "ir" },
            entry.unwrap_or("all")
        );
        let out = dir.join(name);
        let shader = luma_testutil::tests_dir().join("shaders/design/types_bindings.luma");
        let args = ReflectArgs {
            input: shader.to_string_lossy().into_owned(),
            spirv,
            entry: entry.map(str::to_string),
            stage: None,
            opt: crate::OptArg::Basic,
            spec: Vec::new(),
            hlsl_num_workgroups: None,
            no_bounds_checks: false,
            output: Some(out.to_string_lossy().into_owned()),
            source: SourceArgs {
                include_dirs: Vec::new(),
                allow: Vec::new(),
                deny: Vec::new(),
            },
        };
        let printer = Printer::new(MessageFormat::Human, Color::Never);
        let result = reflect(args, &printer);
        (out, result)
    }

    #[test]
    fn writes_the_library_reflection() {
        let (out, result) = run(false, None);
        assert!(result.is_ok());
        let text = std::fs::read_to_string(&out).unwrap();
        let path = luma_testutil::tests_dir().join("shaders/design/types_bindings.luma");
        let source = std::fs::read_to_string(&path).unwrap();
        let expected = lumac::reflect(
            &path.to_string_lossy(),
            &source,
            &lumac::FsReader,
            &lumac::Options::default(),
        )
        .map_err(|r| r.render(false))
        .unwrap();
        assert_eq!(text, expected.to_json());
        let back = lumac::Reflection::from_json(&text).unwrap();
        assert_eq!(back, expected);
    }

    #[test]
    fn spirv_mode_and_entry_selection() {
        let (out, result) = run(true, Some("shade"));
        assert!(result.is_ok());
        let text = std::fs::read_to_string(&out).unwrap();
        let r = lumac::SpirvReflection::from_json(&text).unwrap();
        assert_eq!(r.schema, "luma-reflect-spirv/1");
        let names: Vec<&str> = r.entry_points.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["shade"]);
        assert_eq!(
            r.entry_points[0].outputs[0].format.as_deref(),
            Some("R32G32B32A32_SFLOAT")
        );
    }

    #[test]
    fn unknown_entry_point_is_a_source_error() {
        let (_, result) = run(false, Some("missing"));
        assert!(matches!(result, Err(Failure::Diagnostics)));
    }
}
