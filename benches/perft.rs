//! `cargo bench`: the same bulk-counted perft throughput as `variantarium bench`.

fn main() {
    // `cargo test --all-targets` runs benches without `--bench`: keep that quick.
    let seconds = if std::env::args().any(|a| a == "--bench") {
        1.0
    } else {
        0.01
    };
    let args = ["variantarium", "bench", "--seconds", &seconds.to_string()];
    let mut stdout = std::io::stdout();
    if let Err(message) = variantarium::cli::run(args.map(Into::into), &mut stdout) {
        eprintln!("bench: {message}");
        std::process::exit(2);
    }
}
