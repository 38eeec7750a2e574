use std::process::Command;

fn variantarium(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_total() {
    let (code, out, _) = variantarium(&["perft", "--variant", "flaxman", "--depth", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out, "nodes 332\n");
}
