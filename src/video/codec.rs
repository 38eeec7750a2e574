//! The encoder settings that more than one writer of videos uses.

/// ffmpeg's arguments for a WebM: VP9 at constant quality, rows encoded in
/// parallel; `record` and the manual's lesson videos share them.
pub const WEBM_CODEC: [&str; 8] = [
    "-c:v",
    "libvpx-vp9",
    "-crf",
    "32",
    "-b:v",
    "0",
    "-row-mt",
    "1",
];

/// The last non-empty line a failed child process (ffmpeg, a recorder)
/// wrote to its standard error: the line that names what went wrong.
pub fn last_line(stderr: &[u8]) -> String {
    String::from_utf8_lossy(stderr)
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}
