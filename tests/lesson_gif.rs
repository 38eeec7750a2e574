//! A lesson's GIF for the manual stays under the size a page can carry:
//! a lesson whose camera turns round the board (every pixel of the board
//! changing in every frame) is made with fewer colours and fewer frames of
//! the camera move, at the same running time; a lesson whose camera stands
//! still keeps every frame and colour.

use std::path::{Path, PathBuf};

use variantarium::video::lesson_gif::{
    GIF_BUDGET, RUNGS, camera_moves, encode_gif, ffmpeg, filter,
};

const WIDTH: u32 = 480;
const HEIGHT: u32 = 270;
const FPS: u32 = 8;
/// Frames still, then turning, then still again.
const STILL: u64 = 40;
const TURNING: u64 = 56;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-lesson-gif-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A little grain, as the board's wood has: the same at the same place on
/// the board.
fn grain(u: f32, v: f32) -> f32 {
    ((u * 1.3).sin() * (v * 0.4).cos() + (u * 0.11 + v * 0.05).sin()) * 6.0 + 12.0
}

/// A frame of a lit, grained board of 8×8 squares seen turned by `angle`
/// (radians), beside a dark caption column that does not change; a man
/// (a disc) stands at `man` along the board's first rank.
fn frame(angle: f32, man: f32) -> image::RgbImage {
    let (sin, cos) = angle.sin_cos();
    image::RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        if x >= 320 {
            let line = (y / 14) % 3 == 0 && x > 330 && x < 460;
            return image::Rgb(if line { [220, 210, 190] } else { [28, 24, 22] });
        }
        let (dx, dy) = (x as f32 - 160.0, y as f32 - 135.0);
        let (u, v) = (dx * cos + dy * sin, -dx * sin + dy * cos);
        if u.abs() > 110.0 || v.abs() > 110.0 {
            let g = 60.0 + grain(u / 9.0, v) + (u / 40.0).sin() * 10.0;
            return image::Rgb([g as u8 + 40, g as u8, (g * 0.6) as u8]);
        }
        let light = ((u + 110.0) / 27.5).floor() as i32 + ((v + 110.0) / 27.5).floor() as i32;
        let shade = 0.75 + 0.25 * (1.0 - (dx * dx + dy * dy).sqrt() / 160.0);
        let base = if light % 2 == 0 { 200.0 } else { 90.0 };
        if (u - man).powi(2) + (v - 96.0).powi(2) < 120.0 {
            return image::Rgb([245, 240, 230]);
        }
        let c = (base + grain(u, v)) * shade;
        image::Rgb([c as u8, (c * 0.95) as u8, (c * 0.9) as u8])
    })
}

/// Writes frames 1… as the recorder names them; the number written.
fn write_frames(dir: &Path, turning: u64) -> u64 {
    let count = 2 * STILL + turning;
    for n in 1..=count {
        let turned = n.saturating_sub(STILL).min(turning) as f32;
        let man = -96.0 + (n.min(STILL) as f32) * 0.5;
        let path = dir.join(format!("{n:06}.png"));
        frame(turned * 0.03, man).save(&path).expect("a frame");
    }
    count
}

/// The GIF's frame count and running time, in hundredths of a second.
fn running_time(path: &Path) -> (u64, u64) {
    let file = std::fs::File::open(path).expect("the GIF");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(file).expect("a GIF");
    assert_eq!(decoder.width() as u32, WIDTH);
    let (mut frames, mut centis) = (0, 0);
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        frames += 1;
        centis += u64::from(frame.delay);
    }
    (frames, centis)
}

#[test]
fn a_camera_move_is_thinned_to_fit_the_budget_at_the_same_running_time() {
    let dir = scratch("turning");
    let frames = dir.join("frames");
    std::fs::create_dir_all(&frames).unwrap();
    let count = write_frames(&frames, TURNING);
    let moving = camera_moves(&frames, count).expect("the frames read");
    let expected: Vec<bool> = (1..=count)
        .map(|n| n > STILL && n <= STILL + TURNING)
        .collect();
    assert_eq!(moving, expected, "the frames of the camera move");
    // Every frame in every colour: what a turning camera costs.
    let whole = dir.join("whole.gif");
    ffmpeg(&frames, FPS, &["-lavfi", &filter(RUNGS[0])], "gif", &whole).expect("ffmpeg");
    let whole_bytes = std::fs::metadata(&whole).unwrap().len();
    assert!(whole_bytes > GIF_BUDGET, "{whole_bytes} bytes");
    let gif = dir.join("lesson.gif");
    let made = encode_gif(&frames, count, FPS, &gif).expect("the GIF");
    assert_eq!(made.bytes, std::fs::metadata(&gif).unwrap().len());
    assert!(made.bytes <= GIF_BUDGET, "{made:?}, from {whole_bytes}");
    assert!(made.rung.step > 1, "{made:?}");
    assert_eq!(running_time(&gif).1, running_time(&whole).1);
    // Each frame's delay is rounded to a hundredth of a second.
    assert!(running_time(&gif).1.abs_diff(count * 100 / u64::from(FPS)) <= 1);
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left.len(), 3, "no thinned frames left behind: {left:?}");
}

#[test]
fn a_still_camera_keeps_every_frame_and_colour() {
    let dir = scratch("still");
    let frames = dir.join("frames");
    std::fs::create_dir_all(&frames).unwrap();
    let count = write_frames(&frames, 0);
    assert!(camera_moves(&frames, count).unwrap().iter().all(|m| !m));
    let gif = dir.join("lesson.gif");
    let made = encode_gif(&frames, count, FPS, &gif).expect("the GIF");
    assert_eq!(made.rung, RUNGS[0], "{made:?}");
    assert!(made.bytes <= GIF_BUDGET);
    let (frames_shown, centis) = running_time(&gif);
    assert_eq!(frames_shown, count);
    assert!(
        centis.abs_diff(count * 100 / u64::from(FPS)) <= 1,
        "{centis}"
    );
}
