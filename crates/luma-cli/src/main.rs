//! The `luma` command-line compiler: argument parsing and dispatch to the subcommands.
//!
//! Exit codes: 0 success (warnings allowed), 1 the sources have errors, 2 usage or I/O problems.
//! Arguments may come from response files (`@args.rsp`, GCC's format: whitespace-separated,
//! quotes and backslashes as in a shell); see `args.rs`.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

mod allocator;
mod args;
mod batch;
mod depfile;
mod diag;
mod input;
mod reflect_cmd;

use diag::{Color, MessageFormat};

/// Luma shader compiler: one Luma source to SPIR-V, GLSL, HLSL, MSL and WGSL.
#[derive(Debug, Parser)]
#[command(
    name = "luma",
    version,
    about = "Luma shader compiler: one Luma source to SPIR-V, GLSL 450, HLSL, MSL and WGSL",
    long_about = None,
    after_help = "Arguments may also come from response files: `luma @args.rsp`.\n\
                  Exit codes: 0 success, 1 errors in the sources, 2 usage or I/O errors."
)]
struct Cli {
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human, global = true)]
    message_format: MessageFormat,
    /// Colour in human diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    color: Color,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compile shaders to one or more targets.
    Compile(Box<CompileArgs>),
    /// Parse and type-check only; report diagnostics.
    Check(CheckArgs),
    /// Print the syntax tree.
    DumpAst(DumpAstArgs),
    /// Print the IR after optimisation.
    DumpIr(DumpIrArgs),
    /// Print reflection JSON: entry points, bindings, layouts, spec constants.
    Reflect(ReflectArgs),
    /// Explain a diagnostic code: what it means, what reports it, and a source that triggers it.
    Explain(ExplainArgs),
}

#[derive(Debug, Args)]
struct ExplainArgs {
    /// The code, as printed (`E0501`, `W0201`; case does not matter).
    #[arg(value_name = "CODE")]
    code: String,
}

/// Options shared by every command that reads Luma sources.
#[derive(Debug, Args, Clone)]
struct SourceArgs {
    /// Directory searched by `#include <...>` (repeatable; `--include-dir DIR` or `-I DIR`).
    #[arg(short = 'I', long = "include-dir", value_name = "DIR")]
    include_dirs: Vec<String>,
    /// Do not report these warnings (codes, comma-separated or repeated: `--allow W0210`).
    #[arg(long = "allow", value_name = "CODE", value_delimiter = ',')]
    allow: Vec<String>,
    /// Report these warnings as errors (codes, comma-separated or repeated), or every warning
    /// not allowed with `--deny warnings`.
    #[arg(long = "deny", value_name = "CODE|warnings", value_delimiter = ',')]
    deny: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OptArg {
    None,
    Basic,
    Aggressive,
}

impl From<OptArg> for lumac::OptLevel {
    fn from(o: OptArg) -> Self {
        match o {
            OptArg::None => lumac::OptLevel::None,
            OptArg::Basic => lumac::OptLevel::Basic,
            OptArg::Aggressive => lumac::OptLevel::Aggressive,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum StageArg {
    Vertex,
    Fragment,
    Compute,
    Geometry,
    TessellationControl,
    TessellationEval,
}

impl From<StageArg> for lumac::ShaderStage {
    fn from(s: StageArg) -> Self {
        match s {
            StageArg::Vertex => lumac::ShaderStage::Vertex,
            StageArg::Fragment => lumac::ShaderStage::Fragment,
            StageArg::Compute => lumac::ShaderStage::Compute,
            StageArg::Geometry => lumac::ShaderStage::Geometry,
            StageArg::TessellationControl => lumac::ShaderStage::TessellationControl,
            StageArg::TessellationEval => lumac::ShaderStage::TessellationEvaluation,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TargetArg {
    Spirv,
    Glsl,
    Hlsl,
    Msl,
    Wgsl,
    All,
}

#[derive(Debug, Args)]
struct CompileArgs {
    /// Luma source files (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    inputs: Vec<String>,
    /// Targets (comma-separated or repeated); `all` means every target.
    #[arg(
        short,
        long = "target",
        value_enum,
        value_delimiter = ',',
        default_value = "spirv"
    )]
    targets: Vec<TargetArg>,
    /// Only entry points of this stage.
    #[arg(long, value_enum)]
    stage: Option<StageArg>,
    /// Only this entry point.
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Optimisation level.
    #[arg(long, value_enum, default_value_t = OptArg::Basic)]
    opt: OptArg,
    /// Output file (`-` for standard output) when there is exactly one output, or a directory
    /// (existing, or written with a trailing `/`) for many.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    output: Option<String>,
    /// Directory for the outputs (default: the current directory).
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    out_dir: Option<String>,
    #[command(flatten)]
    source: SourceArgs,
    /// Bake a specialization constant: `--spec ID=VALUE` (repeatable).
    #[arg(long = "spec", value_name = "ID=VALUE")]
    spec: Vec<String>,
    /// Compile one permutation per value: `--spec-matrix ID=V1,V2,...` (repeatable; the
    /// permutations are the cartesian product, compiled in parallel).
    #[arg(long = "spec-matrix", value_name = "ID=V1,V2,...")]
    spec_matrix: Vec<String>,
    /// Debug information: SPIR-V names and line info, `#line` in GLSL and HLSL.
    #[arg(long)]
    debug: bool,
    /// `#line` directives in GLSL and HLSL without other debug information.
    #[arg(long)]
    line_directives: bool,
    /// Report hashes: `ir:<sha256>  <input>` for the canonical IR of each compiled input, and
    /// `<sha256>  <path>` for every output (outputs are reported anyway when there are several).
    #[arg(long)]
    hash: bool,
    /// Accepted for build systems that ask for it: output is always deterministic.
    #[arg(long)]
    deterministic: bool,
    /// SPIR-V version (1.0 to 1.6).
    #[arg(long, value_name = "MAJOR.MINOR", default_value = "1.3")]
    spirv_version: String,
    /// Do not clamp dynamic indices (trust the program to stay in bounds).
    #[arg(long)]
    no_bounds_checks: bool,
    /// HLSL shader model (6.0 to 6.8; default: 6.2 when the program uses `half`, else 6.0).
    #[arg(long, value_name = "MAJOR.MINOR")]
    hlsl_shader_model: Option<String>,
    /// HLSL: the constant buffer (`GROUP,BINDING` = register space, `b` register) that holds
    /// `num_workgroups`, which HLSL has no system value for.
    #[arg(long, value_name = "GROUP,BINDING")]
    hlsl_num_workgroups: Option<String>,
    /// Metal Shading Language version (2.0 to 2.4).
    #[arg(long, value_name = "MAJOR.MINOR", default_value = "2.4")]
    msl_version: String,
    /// Write a Makefile depfile listing every file the compilation read (also `-MD`, `-MMD`).
    #[arg(long = "MD")]
    md: bool,
    /// Accepted for C build scripts (also `-MP`): the empty rule per included file that it asks
    /// C compilers for is always written.
    #[arg(long = "MP")]
    mp: bool,
    /// The depfile path (also `-MF FILE`; implies -MD; `-` for standard output; default: each
    /// input's first output with its extension replaced by `.d`).
    #[arg(long = "MF", value_name = "FILE")]
    mf: Option<String>,
    /// The rule target written in the depfile, as given (also `-MT TARGET`; repeatable;
    /// default: the outputs).
    #[arg(long = "MT", value_name = "TARGET")]
    mt: Vec<String>,
    /// Like --MT, with Make's special characters escaped (also `-MQ TARGET`).
    #[arg(long = "MQ", value_name = "TARGET")]
    mq: Vec<String>,
    /// Write a JSON manifest of every output with its SHA-256 (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    manifest: Option<String>,
    /// Also write each input's reflection JSON (`<stem>.reflect.json`, schema luma-reflect/1),
    /// from the same compilation as the outputs.
    #[arg(long)]
    reflect: bool,
    /// Parallel compilations (default: one per core; at least 1).
    #[arg(short, long, value_name = "N", value_parser = parse_jobs)]
    jobs: Option<usize>,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Luma source files (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    inputs: Vec<String>,
    #[command(flatten)]
    source: SourceArgs,
}

#[derive(Debug, Args)]
struct DumpAstArgs {
    /// The Luma source (`-` reads standard input).
    #[arg(value_name = "FILE")]
    input: String,
    #[command(flatten)]
    source: SourceArgs,
}

#[derive(Debug, Args)]
struct DumpIrArgs {
    /// The Luma source (`-` reads standard input).
    #[arg(value_name = "FILE")]
    input: String,
    #[command(flatten)]
    source: SourceArgs,
    /// Optimisation level.
    #[arg(long, value_enum, default_value_t = OptArg::Basic)]
    opt: OptArg,
    /// Print only the SHA-256 of the canonical IR.
    #[arg(long)]
    hash: bool,
    /// Bake a specialization constant: `--spec ID=VALUE` (repeatable).
    #[arg(long = "spec", value_name = "ID=VALUE")]
    spec: Vec<String>,
    /// Include source locations.
    #[arg(long)]
    debug: bool,
    /// Only this entry point (and what it reaches), as `compile --entry` keeps it.
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Only entry points of this stage.
    #[arg(long, value_enum)]
    stage: Option<StageArg>,
}

#[derive(Debug, Args)]
struct ReflectArgs {
    /// The Luma source (`-` reads standard input).
    #[arg(value_name = "FILE")]
    input: String,
    /// Report what a Vulkan host needs, read back from the SPIR-V output.
    #[arg(long)]
    spirv: bool,
    /// Only this entry point.
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// Only entry points of this stage.
    #[arg(long, value_enum)]
    stage: Option<StageArg>,
    /// Optimisation level (as `luma compile`'s: dead-code removal can drop a use of a binding).
    #[arg(long, value_enum, default_value_t = OptArg::Basic)]
    opt: OptArg,
    /// Bake a specialization constant: `--spec ID=VALUE` (repeatable).
    #[arg(long = "spec", value_name = "ID=VALUE")]
    spec: Vec<String>,
    /// HLSL: the constant buffer (`GROUP,BINDING`) that holds `num_workgroups` (as `luma
    /// compile`'s), reported with the bindings.
    #[arg(long, value_name = "GROUP,BINDING")]
    hlsl_num_workgroups: Option<String>,
    /// As `luma compile`'s: without the clamps, the MSL output needs no buffer sizes for
    /// indexing runtime-sized arrays, so no sizes buffer is reported for them.
    #[arg(long)]
    no_bounds_checks: bool,
    /// Write the JSON to this file (`-` for standard output, the default), or into this
    /// directory (`DIR/`, created if missing) as `<stem>.reflect.json`.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<String>,
    #[command(flatten)]
    source: SourceArgs,
}

/// Why a command stopped.
pub enum Failure {
    /// The sources have errors (already printed): exit code 1.
    Diagnostics,
    /// A usage or I/O problem, printed as one line: exit code 2.
    Usage(String),
    /// An input that is not UTF-8: a diagnostic, printed in the chosen format, exit code 1.
    NotUtf8(Box<input::NotUtf8>),
}

fn main() -> ExitCode {
    allocator::tune();
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let argv = match args::expand_response_files(argv) {
        Ok(argv) => args::rewrite_depfile_flags(argv),
        Err(message) => {
            print_usage_error(&message);
            return ExitCode::from(2);
        }
    };
    // clap reports only that some argument is not UTF-8; say which (paths included: the
    // compiler's diagnostics, depfiles and manifests name files as UTF-8 text).
    if let Some((index, arg)) = argv
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, a)| a.to_str().is_none())
    {
        print_usage_error(&format!(
            "argument {index} (`{}`) is not valid UTF-8; rename the file or directory, or pass \
             a UTF-8 path to it",
            arg.to_string_lossy()
        ));
        return ExitCode::from(2);
    }
    if let Some(flag) = args::macro_definition(&argv) {
        print_usage_error(&format!(
            "`{flag}`: Luma has no macros to define; a value chosen per build is a \
             specialization constant (`@spec(ID) const NAME: TYPE = DEFAULT`), baked with \
             `--spec ID=VALUE` or set by the engine when it creates the pipeline"
        ));
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => return clap_failure(&e),
    };
    let printer = diag::Printer::new(cli.message_format, cli.color);
    let result = match cli.command {
        Command::Compile(args) => batch::compile(*args, &printer),
        Command::Check(args) => check(args, &printer),
        Command::DumpAst(args) => dump_ast(args, &printer),
        Command::DumpIr(args) => dump_ir(args, &printer),
        Command::Reflect(args) => reflect_cmd::reflect(args, &printer),
        Command::Explain(args) => explain(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Diagnostics) => ExitCode::from(1),
        Err(Failure::NotUtf8(bad)) => {
            let mut diags = luma_base::Diagnostics::new(1);
            diags.push(bad.diagnostic);
            printer.print(&bad.name, &diags, &bad.map);
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            print_usage_error(&message);
            ExitCode::from(2)
        }
    }
}

/// Help and version go to standard output with exit code 0; a missing subcommand shows the
/// help with exit code 2; every other argument error is one line with exit code 2.
fn clap_failure(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            print_usage_error(&args::one_line_error(e));
            ExitCode::from(2)
        }
    }
}

/// Prints a usage or I/O error as the one line `luma: error: ...` that docs/cli.md promises:
/// a control character in what it quotes (a file name with a line break, an escape sequence)
/// is written escaped (`\n`, `\u{1b}`), so it neither splits the line nor reaches the terminal.
fn print_usage_error(message: &str) {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    diag::write_stderr(&format!("luma: error: {line}\n"));
}

fn base_options(source: &SourceArgs) -> Result<lumac::Options, Failure> {
    Ok(lumac::Options {
        include_dirs: source.include_dirs.clone(),
        warnings: warning_policy(source)?,
        ..lumac::Options::default()
    })
}

/// The warning policy of `--allow` and `--deny`, each code checked against the catalog: a
/// misspelt code would otherwise silence nothing without a word.
fn warning_policy(source: &SourceArgs) -> Result<lumac::WarningPolicy, Failure> {
    let warning_code = |flag: &str, given: &str| -> Result<String, Failure> {
        match lumac::codes::named_code(given) {
            lumac::codes::NamedCode::Warning(code) => Ok(code),
            lumac::codes::NamedCode::Error(code) => Err(Failure::Usage(format!(
                "`--{flag} {given}`: {code} is an error, and only warnings (W codes) can be \
                 allowed or denied"
            ))),
            // No "did you mean": codes one digit apart are unrelated warnings.
            lumac::codes::NamedCode::Unknown(code) => Err(Failure::Usage(format!(
                "`--{flag} {given}`: no diagnostic has the code `{code}`; \
                 docs/diagnostics.md lists the codes"
            ))),
        }
    };
    let mut policy = lumac::WarningPolicy::default();
    // `warnings` names them all, in any case, as codes are read.
    let all = |given: &str| given.trim().eq_ignore_ascii_case("warnings");
    for given in &source.allow {
        if all(given) {
            return Err(Failure::Usage(format!(
                "`--allow {given}`: warnings are allowed one code at a time (`--allow W0201`); \
                 only `--deny` takes `warnings`"
            )));
        }
        policy.allow.push(warning_code("allow", given)?);
    }
    for given in &source.deny {
        if all(given) {
            policy.deny_all = true;
        } else {
            policy.deny.push(warning_code("deny", given)?);
        }
    }
    if let Some(both) = policy.allow.iter().find(|c| policy.deny.contains(c)) {
        return Err(Failure::Usage(format!(
            "{both} is both allowed (`--allow`) and denied (`--deny`); give one"
        )));
    }
    Ok(policy)
}

fn check(args: CheckArgs, printer: &diag::Printer) -> Result<(), Failure> {
    let options = base_options(&args.source)?;
    input::stdin_at_most_once(&args.inputs)?;
    let mut failed = false;
    for name in &args.inputs {
        let source = input::read(name)?;
        let mut diags = options.diagnostics();
        let parsed = lumac::parse(
            &source.name,
            &source.text,
            &lumac::FsReader,
            &options,
            &mut diags,
        );
        let _ = lumac::check(&parsed, &options, &mut diags);
        failed |= printer.print(&source.name, &diags, &parsed.source_map);
    }
    if failed {
        Err(Failure::Diagnostics)
    } else {
        Ok(())
    }
}

/// Prints the catalog's entry for one code: each part of the compiler that reports it (two
/// back ends may share a code for the same kind of problem), its severity, title and example.
fn explain(args: &ExplainArgs) -> Result<(), Failure> {
    let code = args.code.trim().to_ascii_uppercase();
    let catalog = lumac::codes::catalog();
    let entries: Vec<&lumac::codes::CatalogEntry> = catalog
        .iter()
        .filter(|e| e.doc.code.as_str() == code)
        .collect();
    if entries.is_empty() {
        return Err(Failure::Usage(format!(
            "no diagnostic has the code `{}`; docs/diagnostics.md lists the codes",
            args.code
        )));
    }
    let mut out = String::new();
    for entry in entries {
        let severity = match entry.doc.severity {
            lumac::Severity::Error => "error",
            lumac::Severity::Warning => "warning",
        };
        out.push_str(&format!(
            "{code}: {}\n\n{severity}, reported by `{}`\n\nFor example:\n\n",
            entry.doc.title, entry.component
        ));
        for line in entry.doc.example.lines() {
            out.push_str(&format!("    {line}\n"));
        }
        out.push('\n');
    }
    if code.starts_with('W') {
        out.push_str(
            "`@allow(CODE)` before a declaration or a loop silences this warning inside it; \
             `--allow CODE` silences it everywhere and `--deny CODE` makes it an error.\n",
        );
    }
    input::write_stdout(out.as_bytes())?;
    Ok(())
}

fn dump_ast(args: DumpAstArgs, printer: &diag::Printer) -> Result<(), Failure> {
    let options = base_options(&args.source)?;
    let source = input::read(&args.input)?;
    let mut diags = options.diagnostics();
    let parsed = lumac::parse(
        &source.name,
        &source.text,
        &lumac::FsReader,
        &options,
        &mut diags,
    );
    let failed = printer.print(&source.name, &diags, &parsed.source_map);
    input::write_stdout(luma_syntax::dump::dump_ast(&parsed.ast, &parsed.source_map).as_bytes())?;
    if failed {
        Err(Failure::Diagnostics)
    } else {
        Ok(())
    }
}

fn dump_ir(args: DumpIrArgs, printer: &diag::Printer) -> Result<(), Failure> {
    let mut options = base_options(&args.source)?;
    options.opt_level = args.opt.into();
    options.debug = args.debug;
    options.spec_values = batch::parse_specs(&args.spec)?;
    options.entry_point = args.entry.clone();
    options.stage = args.stage.map(Into::into);
    let source = input::read(&args.input)?;
    let mut diags = options.diagnostics();
    let parsed = lumac::parse(
        &source.name,
        &source.text,
        &lumac::FsReader,
        &options,
        &mut diags,
    );
    let mut module = None;
    if let Some(mut program) = lumac::check(&parsed, &options, &mut diags) {
        // The IR `compile` emits: each function optimised as soon as it is lowered.
        module = lumac::lower_optimized(&mut program, &parsed, &options, &mut diags);
    }
    let failed = printer.print(&source.name, &diags, &parsed.source_map);
    if failed {
        return Err(Failure::Diagnostics);
    }
    let Some(module) = module else {
        return Err(Failure::Diagnostics);
    };
    let text = if args.hash {
        format!(
            "{}\n",
            luma_ir::hash::to_hex(&luma_ir::hash::canonical_hash(&module))
        )
    } else {
        luma_ir::print::print_module_with(
            &module,
            luma_ir::print::PrintOptions {
                locations: args.debug,
                debug_sources: args.debug,
            },
        )
    };
    input::write_stdout(text.as_bytes())
}

/// `-j N`: a count of threads, at least one.
fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("give at least 1 (or leave `-j` out for one per core)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a count of threads: {e}")),
    }
}
