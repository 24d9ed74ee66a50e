//! Measures the syntax layer on a generated 10,000-line shader: `cargo bench -p luma-syntax`.
//! Prints the median of several runs for lexing alone and for preprocess + lex + parse. Figures
//! are reported, never asserted (timings are not tests).

use std::time::{Duration, Instant};

use luma_base::{Diagnostics, Limits};
use luma_syntax::lexer::lex;
use luma_syntax::parse;
use luma_syntax::preprocess::{preprocess, MemoryReader, PreprocessOptions};

/// A realistic shader of about `lines` lines: structs, bindings and many lighting functions.
fn generate(lines: usize) -> String {
    let mut out = String::from(
        "struct Light\n\tposition: vec3\n\tcolor: vec3\n\tradius: float\nend\n\n\
         uniform frame: Frame\n@group(1) buffer lights: []Light\n\n",
    );
    let mut i = 0;
    while out.lines().count() < lines {
        out.push_str(&format!(
            "-- Function {i}: point-light contribution with a smooth falloff.
function light_{i}(n: vec3, p: vec3, v: vec3, count: int) -> vec3
\tlet total = vec3(0.0)
\t@max_iterations(64)
\tfor k = 0, count - 1 do
\t\tlet l = lights[k]
\t\tlet d = l.position - p
\t\tlet dist = length(d)
\t\tif dist > l.radius then
\t\t\tbreak
\t\tend
\t\tlet dir = d / dist
\t\tlet h = normalize(dir + v)
\t\tlet ndotl = max(dot(n, dir), 0.0)
\t\tlet spec = pow(max(dot(n, h), 0.0), 32.0) * (if ndotl > 0.0 then 1.0 else 0.0)
\t\tlet falloff = clamp(1.0 - (dist / l.radius) * (dist / l.radius), 0.0, 1.0)
\t\ttotal += (l.color * ndotl + vec3(spec)) * falloff * falloff
\t\tlet mask = (k & 3) << 1 | 1
\t\ttotal.x = total.x * float(mask) / 4.0
\tend
\treturn total
end

"
        ));
        i += 1;
    }
    out
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples.get(samples.len() / 2).copied().unwrap_or_default()
}

fn main() {
    let text = generate(10_000);
    let lines = text.lines().count();
    let runs = 15;
    let reader = MemoryReader::default();
    let mut lex_times = Vec::new();
    let mut full_times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut diags = Diagnostics::default();
        let tokens = lex(&text, &mut diags);
        lex_times.push(start.elapsed());
        std::hint::black_box(tokens);

        let start = Instant::now();
        let mut diags = Diagnostics::default();
        let pre = preprocess(
            "bench.luma",
            &text,
            &reader,
            &PreprocessOptions::default(),
            &mut diags,
        );
        let module = parse(&pre.text, &Limits::default(), &mut diags);
        full_times.push(start.elapsed());
        assert!(!diags.has_errors(), "the generated shader must be valid");
        std::hint::black_box(module);
    }
    let lex = median(lex_times);
    let full = median(full_times);
    println!(
        "{lines} lines, {} bytes: lex {:.2} ms, preprocess + lex + parse {:.2} ms (median of {runs}), {:.0} lines/s",
        text.len(),
        lex.as_secs_f64() * 1e3,
        full.as_secs_f64() * 1e3,
        lines as f64 / full.as_secs_f64()
    );
}
