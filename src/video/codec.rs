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
