//! Builds the program again when its built-in data changes: the lessons,
//! puzzles and thumbnails under `assets/` are compiled in (src/data.rs),
//! and the macro that reads them cannot tell cargo which files it read.

fn main() {
    println!("cargo:rerun-if-changed=assets");
}
