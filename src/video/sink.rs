//! Where recorded frames go: numbered PNGs in a folder, a looping GIF
//! (encoded here), or MP4 and WebM through the system `ffmpeg` fed raw
//! RGBA frames on a pipe. Every output is written under a temporary name
//! beside the target and renamed when complete; an encoder dropped before
//! it finished removes what it wrote. The rename goes through
//! [`stop::commit`], so a recording stopped by a signal is never renamed.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

use super::stop;

/// The kinds of output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Mp4,
    Webm,
    Gif,
    /// A folder of `000001.png`, `000002.png`, …
    Pngs,
}

/// An output file or folder and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub path: PathBuf,
    pub format: Format,
}

/// The Debian package that provides `ffmpeg`.
const FFMPEG_PACKAGE: &str = "ffmpeg";

impl Target {
    /// A folder when the path ends in `/` or names one; else by extension.
    pub fn parse(text: &str) -> Result<Target, String> {
        let path = PathBuf::from(text);
        if text.ends_with('/') || path.is_dir() {
            return Ok(Target {
                path,
                format: Format::Pngs,
            });
        }
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let format = match extension.to_ascii_lowercase().as_str() {
            "mp4" => Format::Mp4,
            "webm" => Format::Webm,
            "gif" => Format::Gif,
            _ => {
                return Err(format!(
                    "--out must end in .mp4, .webm or .gif, or name a folder (ending in /) for PNG frames, not '{text}'"
                ));
            }
        };
        Ok(Target { path, format })
    }

    /// The folder the output goes in.
    fn parent(&self) -> PathBuf {
        let trimmed = self.path.components().collect::<PathBuf>();
        match trimmed.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        }
    }

    /// The temporary name the output is written under.
    fn partial(&self) -> PathBuf {
        let trimmed = self.path.components().collect::<PathBuf>();
        let name = trimmed
            .file_name()
            .map_or("video".into(), |n| n.to_string_lossy().into_owned());
        self.parent()
            .join(format!(".{name}.partial-{}", std::process::id()))
    }

    /// Everything that can be checked before rendering: the encoder exists
    /// and the output's folder takes a file.
    pub fn check(&self) -> Result<(), String> {
        if matches!(self.format, Format::Mp4 | Format::Webm) && !ffmpeg_available() {
            return Err(format!(
                "MP4 and WebM need the ffmpeg program, which is not installed (Debian: apt-get install {FFMPEG_PACKAGE}); or record a .gif, or PNG frames into a folder (--out frames/)"
            ));
        }
        let parent = self.parent();
        let probe = self.partial();
        let written = if self.format == Format::Pngs {
            fs::create_dir(&probe).and_then(|()| fs::remove_dir(&probe))
        } else {
            File::create(&probe).and_then(|_| fs::remove_file(&probe))
        };
        written.map_err(|e| {
            format!(
                "cannot write {} (in {}): {e}",
                self.path.display(),
                parent.display()
            )
        })?;
        if self.format != Format::Pngs && self.path.is_dir() {
            return Err(format!("--out {} is a folder", self.path.display()));
        }
        Ok(())
    }

    /// Starts writing frames of this size at this rate.
    pub fn open(&self, width: u32, height: u32, fps: u32) -> Result<Box<dyn Encoder>, String> {
        let partial = self.partial();
        let done = self.path.clone();
        Ok(match self.format {
            Format::Pngs => Box::new(PngFolder::new(partial, done, width, height)?),
            Format::Gif => Box::new(Gif::new(partial, done, width, height, fps)?),
            Format::Mp4 | Format::Webm => {
                Box::new(Ffmpeg::new(partial, done, self.format, width, height, fps)?)
            }
        })
    }
}

/// Whether `ffmpeg` runs.
pub fn ffmpeg_available() -> bool {
    Command::new("ffmpeg")
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Takes frames in order, as tightly packed RGBA rows.
pub trait Encoder: Send {
    fn frame(&mut self, rgba: &[u8]) -> Result<(), String>;
    /// Completes the output and moves it to its name.
    fn finish(self: Box<Self>) -> Result<(), String>;
}

fn cannot(path: &Path, e: impl std::fmt::Display) -> String {
    format!("cannot write {}: {e}", path.display())
}

/// Numbered PNG frames.
struct PngFolder {
    partial: PathBuf,
    done: PathBuf,
    size: (u32, u32),
    count: u64,
    finished: bool,
}

impl PngFolder {
    fn new(partial: PathBuf, done: PathBuf, width: u32, height: u32) -> Result<Self, String> {
        stop::keep_track_of(&partial);
        fs::create_dir_all(&partial).map_err(|e| cannot(&partial, e))?;
        Ok(PngFolder {
            partial,
            done,
            size: (width, height),
            count: 0,
            finished: false,
        })
    }
}

/// The name of frame `n` (counted from 1).
pub fn frame_name(n: u64) -> String {
    format!("{n:06}.png")
}

impl Encoder for PngFolder {
    fn frame(&mut self, rgba: &[u8]) -> Result<(), String> {
        self.count += 1;
        let path = self.partial.join(frame_name(self.count));
        let (w, h) = self.size;
        let image = image::RgbaImage::from_raw(w, h, rgba.to_vec())
            .ok_or_else(|| cannot(&path, "the frame has the wrong size"))?;
        image::DynamicImage::ImageRgba8(image)
            .to_rgb8()
            .save_with_format(&path, image::ImageFormat::Png)
            .map_err(|e| cannot(&path, e))
    }

    fn finish(mut self: Box<Self>) -> Result<(), String> {
        if !self.done.exists() {
            if let Some(parent) = self.done.components().collect::<PathBuf>().parent()
                && !parent.as_os_str().is_empty()
            {
                fs::create_dir_all(parent).map_err(|e| cannot(parent, e))?;
            }
            stop::commit(|| {
                fs::rename(&self.partial, &self.done).map_err(|e| cannot(&self.done, e))
            })?;
        } else {
            // An existing folder: the frames move in, each in one rename.
            stop::commit(|| {
                for n in 1..=self.count {
                    let name = frame_name(n);
                    fs::rename(self.partial.join(&name), self.done.join(&name))
                        .map_err(|e| cannot(&self.done.join(&name), e))?;
                }
                Ok(())
            })?;
            fs::remove_dir(&self.partial).map_err(|e| cannot(&self.partial, e))?;
        }
        self.finished = true;
        Ok(())
    }
}

impl Drop for PngFolder {
    fn drop(&mut self) {
        if !self.finished {
            let _ = fs::remove_dir_all(&self.partial);
        }
    }
}

/// A looping GIF; each frame gets a palette of its own colours, and frame
/// delays (in hundredths of a second) add up to the exact running time.
struct Gif {
    partial: PathBuf,
    done: PathBuf,
    encoder: Option<gif::Encoder<BufWriter<File>>>,
    size: (u16, u16),
    fps: u32,
    count: u64,
}

/// NeuQuant's sampling: 1 is best, 30 fastest; 10 is gif's default.
const GIF_QUANTISER_SPEED: i32 = 10;

impl Gif {
    fn new(
        partial: PathBuf,
        done: PathBuf,
        width: u32,
        height: u32,
        fps: u32,
    ) -> Result<Self, String> {
        let size = (
            u16::try_from(width).map_err(|_| "a GIF is at most 65535 pixels wide".to_string())?,
            u16::try_from(height).map_err(|_| "a GIF is at most 65535 pixels high".to_string())?,
        );
        stop::keep_track_of(&partial);
        let file = File::create(&partial).map_err(|e| cannot(&partial, e))?;
        let mut encoder = gif::Encoder::new(BufWriter::new(file), size.0, size.1, &[])
            .map_err(|e| cannot(&partial, e))?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| cannot(&partial, e))?;
        Ok(Gif {
            partial,
            done,
            encoder: Some(encoder),
            size,
            fps,
            count: 0,
        })
    }

    /// Hundredths of a second from the start to frame `n`, rounded.
    fn centis(&self, n: u64) -> u64 {
        (n * 100 + self.fps as u64 / 2) / self.fps as u64
    }
}

impl Encoder for Gif {
    fn frame(&mut self, rgba: &[u8]) -> Result<(), String> {
        let mut pixels = rgba.to_vec();
        let mut frame =
            gif::Frame::from_rgba_speed(self.size.0, self.size.1, &mut pixels, GIF_QUANTISER_SPEED);
        frame.delay = (self.centis(self.count + 1) - self.centis(self.count)) as u16;
        self.count += 1;
        let encoder = self.encoder.as_mut().ok_or("the GIF is closed")?;
        encoder
            .write_frame(&frame)
            .map_err(|e| cannot(&self.partial, e))
    }

    fn finish(mut self: Box<Self>) -> Result<(), String> {
        let encoder = self.encoder.take().ok_or("the GIF is closed")?;
        let mut file = encoder.into_inner().map_err(|e| cannot(&self.partial, e))?;
        file.flush().map_err(|e| cannot(&self.partial, e))?;
        drop(file);
        stop::commit(|| fs::rename(&self.partial, &self.done).map_err(|e| cannot(&self.done, e)))?;
        self.count = u64::MAX;
        Ok(())
    }
}

impl Drop for Gif {
    fn drop(&mut self) {
        if self.count != u64::MAX {
            self.encoder = None;
            let _ = fs::remove_file(&self.partial);
        }
    }
}

/// `ffmpeg` reading raw RGBA frames on its standard input.
struct Ffmpeg {
    partial: PathBuf,
    done: PathBuf,
    child: Option<Child>,
    input: Option<BufWriter<ChildStdin>>,
}

impl Ffmpeg {
    fn new(
        partial: PathBuf,
        done: PathBuf,
        format: Format,
        width: u32,
        height: u32,
        fps: u32,
    ) -> Result<Self, String> {
        let (container, codec): (&str, &[&str]) = match format {
            // H.264 in yuv420p plays everywhere; even sizes are required.
            Format::Mp4 => (
                "mp4",
                &[
                    "-c:v",
                    "libx264",
                    "-preset",
                    "medium",
                    "-crf",
                    "18",
                    "-movflags",
                    "+faststart",
                ],
            ),
            _ => ("webm", &super::codec::WEBM_CODEC),
        };
        let size = format!("{width}x{height}");
        let rate = fps.to_string();
        stop::keep_track_of(&partial);
        let child = Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-nostdin", "-y"])
            .args([
                "-f", "rawvideo", "-pix_fmt", "rgba", "-s", &size, "-r", &rate,
            ])
            .args(["-i", "-"])
            .args(codec)
            .args([
                "-pix_fmt",
                "yuv420p",
                "-vf",
                "pad=ceil(iw/2)*2:ceil(ih/2)*2",
            ])
            .args(["-r", &rate, "-f", container])
            .arg(&partial)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start ffmpeg: {e}"))?;
        stop::keep_track_of_child(child.id());
        let mut ffmpeg = Ffmpeg {
            partial,
            done,
            child: Some(child),
            input: None,
        };
        let stdin = ffmpeg.child.as_mut().and_then(|c| c.stdin.take());
        ffmpeg.input = stdin.map(|s| BufWriter::with_capacity(1 << 20, s));
        Ok(ffmpeg)
    }

    /// Waits for ffmpeg to end; its complaint when it failed.
    fn wait(&mut self) -> Result<(), String> {
        self.input = None;
        let Some(child) = self.child.take() else {
            return Ok(());
        };
        let id = child.id();
        let output = child.wait_with_output();
        stop::forget_child(id);
        let output = output.map_err(|e| format!("ffmpeg: {e}"))?;
        if output.status.success() {
            return Ok(());
        }
        let last = super::codec::last_line(&output.stderr);
        Err(format!("ffmpeg failed ({}): {last}", output.status))
    }
}

impl Encoder for Ffmpeg {
    fn frame(&mut self, rgba: &[u8]) -> Result<(), String> {
        let input = self.input.as_mut().ok_or("ffmpeg's input is closed")?;
        if input.write_all(rgba).is_err() {
            return Err(self
                .wait()
                .err()
                .unwrap_or("ffmpeg stopped reading frames".into()));
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<(), String> {
        if let Some(mut input) = self.input.take() {
            input
                .flush()
                .map_err(|e| format!("ffmpeg stopped reading frames: {e}"))?;
        }
        self.wait()?;
        stop::commit(|| fs::rename(&self.partial, &self.done).map_err(|e| cannot(&self.done, e)))
    }
}

impl Drop for Ffmpeg {
    fn drop(&mut self) {
        self.input = None;
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
            stop::forget_child(child.id());
        }
        let _ = fs::remove_file(&self.partial);
    }
}
