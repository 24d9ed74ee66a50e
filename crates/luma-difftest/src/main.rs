//! `luma-difftest`: runs random programs through every path and reports disagreements.
//!
//! ```text
//! cargo run --release -p luma-difftest -- --seeds 5000
//! cargo run --release -p luma-difftest -- --seeds 200 --start 9000 --save tests/difftest
//! cargo run --release -p luma-difftest -- --print 1234        # one program's source
//! cargo run --release -p luma-difftest -- --seeds 500 --no-device   # interpreter and MSL only
//! cargo run --release -p luma-difftest -- --seeds 400 --jobs 2        # two devices, two cores
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use luma_difftest::campaign::{self, Settings};
use luma_difftest::gen::Config;
use luma_difftest::regress;
use luma_difftest::run::{self, Env, Kind};
use luma_opt::OptLevel;

#[derive(Debug, Parser)]
#[command(
    name = "luma-difftest",
    about = "Differential testing: random Luma programs on every path, one answer"
)]
struct Cli {
    /// Number of programs to run.
    #[arg(long, default_value_t = 100)]
    seeds: u64,
    /// First program seed.
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Programs per shader.
    #[arg(long, default_value_t = 8)]
    batch: usize,
    /// Statements per program (roughly).
    #[arg(long, default_value_t = 40)]
    stmts: usize,
    /// Sources to run (interp, spirv, glsl, hlsl, wgsl, msl; hlsl-slang only when named),
    /// comma-separated.
    #[arg(long, value_delimiter = ',')]
    kinds: Vec<String>,
    /// Opt levels (none, basic, aggressive), comma-separated.
    #[arg(long, value_delimiter = ',')]
    opt: Vec<String>,
    /// Run without the Vulkan device (interpreter and MSL emission only).
    #[arg(long)]
    no_device: bool,
    /// Do not minimise disagreements.
    #[arg(long)]
    no_minimize: bool,
    /// Save minimised disagreements in this folder (as `seed_N.luma` + `seed_N.toml`).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Scratch folder for intermediate files.
    #[arg(long, default_value = "target/difftest")]
    scratch: PathBuf,
    /// Print the source of the program of this seed (as the run builds it) and exit.
    #[arg(long)]
    print: Option<u64>,
    /// Run the saved programs of this folder instead of random ones.
    #[arg(long)]
    saved: Option<PathBuf>,
    /// Print one line per shader.
    #[arg(long, short)]
    verbose: bool,
    /// Worker threads, each with its own Vulkan device (0: one per core). The driver compiles
    /// one pipeline at a time per device, which is nearly all of a run.
    #[arg(long, default_value_t = 0)]
    jobs: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        // The Vulkan loader warns without one; the harness docs ask for it on such machines.
        std::env::set_var("XDG_RUNTIME_DIR", "/tmp");
    }
    let config = Config {
        max_stmts: cli.stmts,
        ..Config::default()
    };
    if let Some(seed) = cli.print {
        let built = regress::build(seed, &[seed], config);
        print!("{}", luma_difftest::print::case(&built.case));
        return ExitCode::SUCCESS;
    }
    let mut kinds = Vec::new();
    for k in &cli.kinds {
        match Kind::from_name(k) {
            Some(k) => kinds.push(k),
            None => {
                eprintln!(
                    "unknown source `{k}`; expected interp, spirv, glsl, hlsl, hlsl-slang, wgsl or msl"
                );
                return ExitCode::FAILURE;
            }
        }
    }
    if kinds.is_empty() {
        kinds = Kind::ALL.to_vec();
    }
    let mut opts = Vec::new();
    for o in &cli.opt {
        match OptLevel::from_name(o) {
            Some(o) => opts.push(o),
            None => {
                eprintln!("unknown opt level `{o}`; expected none, basic or aggressive");
                return ExitCode::FAILURE;
            }
        }
    }
    if opts.is_empty() {
        opts = run::OPT_LEVELS.to_vec();
    }
    let slang = kinds.contains(&Kind::HlslSlang);
    let env = match Env::new(!cli.no_device, slang, &cli.scratch) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(dev) = env.device_name() {
        eprintln!("device: {dev}, validation layer on");
    }
    if let Some(dir) = &cli.saved {
        return run_saved(&env, dir, &run::sources(&kinds, &opts));
    }
    let settings = Settings {
        start: cli.start,
        count: cli.seeds,
        batch: cli.batch,
        config,
        kinds,
        opts,
        minimize: !cli.no_minimize,
        save: cli.save.clone(),
    };
    let verbose = cli.verbose;
    let log = |line: &str| {
        if verbose || !line.ends_with("sources)") {
            eprintln!("{line}");
        }
    };
    let jobs = match cli.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let sum = if jobs <= 1 {
        campaign::campaign(&env, &settings, &mut |line: &str| log(line))
    } else {
        // Each worker opens its own device and scratch folder; this one has served its turn.
        drop(env);
        let open = |w: usize| {
            Env::new(
                !cli.no_device,
                slang,
                &cli.scratch.join(format!("worker{w}")),
            )
        };
        match campaign::campaign_parallel(&settings, jobs, &open, &log) {
            Ok(sum) => sum,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    };
    println!(
        "{} programs in {} shaders, {} comparisons, {} device runs, {} programs redrawn \
         (indeterminate), {} malformed, {} disagreements, {:.1} s",
        sum.programs,
        sum.cases,
        sum.comparisons,
        sum.device_runs,
        sum.redrawn,
        sum.malformed.len(),
        sum.findings.len(),
        sum.seconds
    );
    println!(
        "time: front end {:.1} s, interpreter {:.1} s, back ends and tools {:.1} s, device {:.1} s",
        sum.timing.frontend, sum.timing.interp, sum.timing.translate, sum.timing.device
    );
    for (seed, why) in sum.malformed.iter().take(5) {
        println!("malformed program (seed {seed}): {why}");
    }
    if sum.findings.is_empty() && sum.malformed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_saved(env: &Env, dir: &std::path::Path, which: &[run::Source]) -> ExitCode {
    let mut bad = 0;
    let specs = regress::saved(dir);
    for spec in &specs {
        match regress::load(spec) {
            Ok(p) => {
                let r = run::run(env, &p, which);
                let fails: Vec<String> = r
                    .bad()
                    .iter()
                    .map(|(s, v)| format!("{s}: {}", v.signature()))
                    .collect();
                if fails.is_empty() {
                    println!("{}: agree", spec.display());
                } else {
                    bad += 1;
                    println!("{}: {}", spec.display(), fails.join("; "));
                }
            }
            Err(e) => {
                bad += 1;
                println!("{}: {e}", spec.display());
            }
        }
    }
    println!("{} saved programs, {bad} failing", specs.len());
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
