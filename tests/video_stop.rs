//! A recording stopped by a signal leaves no output and no temporary file,
//! and fails: SIGINT (Ctrl-C) even when the recorder inherited it ignored,
//! as a job started in the background of a script does; SIGTERM while the
//! frames are being written and while the window is still starting.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crate::display::{PrivateDisplay, with_default_settings};

/// The longest one interrupted recording may take, start to end.
const DEADLINE: Duration = Duration::from_secs(240);

/// When the signal is sent.
#[derive(Clone, Copy, Debug)]
enum When {
    /// As soon as `frames N` is printed: the window is still starting.
    Announced,
    /// At the first progress line: frames are being encoded.
    Encoding,
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("variantarium-video-stop-{}", std::process::id()))
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The lines a stream writes, arriving over a channel.
fn lines_of(stream: impl Read + Send + 'static) -> Receiver<String> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    receive
}

/// Waits for a line containing `text`, until the deadline.
fn wait_for(lines: &Receiver<String>, text: &str, until: Instant, child: &mut Child) {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.contains(text) => return,
            Ok(_) => {}
            Err(e) => {
                let _ = child.kill();
                panic!("no line with {text:?} before the deadline ({e})");
            }
        }
    }
}

/// Starts a long recording into `dir`, sends `signal` at `when`, and checks
/// that it fails and leaves `dir` empty. With `sigint_ignored` the recorder
/// starts with SIGINT ignored, through a shell's `trap '' INT`.
fn interrupt(test: &str, signal: &str, when: When, sigint_ignored: bool) {
    let display = PrivateDisplay::start();
    let dir = scratch(test);
    let out = dir.join("t.gif");
    let binary = env!("CARGO_BIN_EXE_variantarium");
    let mut command = if sigint_ignored {
        let mut shell = Command::new("sh");
        shell.args(["-c", "trap '' INT; exec \"$0\" \"$@\"", binary]);
        shell
    } else {
        Command::new(binary)
    };
    with_default_settings(&mut command)
        .args(["record", "--variant", "flaxman", "--moves", "d1-a1"])
        .args(["--size", "320x180", "--fps", "10", "--quality", "low"])
        // A minute-long move: the recording is still under way, however
        // loaded the machine, when the signal is sent.
        .args(["--seconds-per-move", "60", "--out"])
        .arg(&out)
        .env("DISPLAY", &display.name)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the binary runs");
    let until = Instant::now() + DEADLINE;
    let stdout = lines_of(child.stdout.take().expect("stdout"));
    let stderr = lines_of(child.stderr.take().expect("stderr"));
    match when {
        When::Announced => wait_for(&stdout, "frames ", until, &mut child),
        When::Encoding => {
            wait_for(&stderr, " frames ", until, &mut child);
            assert!(
                entries(&dir).iter().any(|n| n.contains("partial")),
                "the GIF is written under a temporary name: {:?}",
                entries(&dir)
            );
        }
    }
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let status = loop {
        if let Some(status) = child.try_wait().expect("the recorder") {
            break status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("the recording did not stop after {signal}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    // The rest of what it said, up to the end of its standard error.
    let mut said = Vec::new();
    while let Ok(line) = stderr.recv_timeout(until.saturating_duration_since(Instant::now())) {
        said.push(line);
    }
    assert!(
        !status.success(),
        "a recording stopped by {signal} fails ({status})"
    );
    assert!(
        said.iter().any(|l| l.contains("stopped by")),
        "it says why: {said:?}"
    );
    assert!(entries(&dir).is_empty(), "left behind: {:?}", entries(&dir));
}

#[test]
fn ctrl_c_stops_a_recording_even_with_sigint_inherited_ignored() {
    interrupt("sigint", "INT", When::Encoding, true);
}

#[test]
fn sigterm_stops_a_recording_while_it_encodes() {
    interrupt("sigterm", "TERM", When::Encoding, false);
}

#[test]
fn sigterm_stops_a_recording_while_its_window_starts() {
    interrupt("sigterm-early", "TERM", When::Announced, false);
}
