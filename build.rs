//! Builds the program again when its built-in data changes: the lessons,
//! puzzles, thumbnails and icon under `assets/` and the browser's page
//! under `web/` are compiled in (src/data.rs, the server's web assets), and
//! the macro that reads them cannot tell cargo which files it read.

fn main() {
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=web");
}
