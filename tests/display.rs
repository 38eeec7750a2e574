//! An X display for each test that opens windows: an Xvfb of its own, so
//! that no test's window covers another's and no server outlives its test.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// A display of one test's own, for tests whose clicks must not land on
/// another test's window. The server stops when this is dropped.
pub struct PrivateDisplay {
    /// The `DISPLAY` value, e.g. `:3`.
    pub name: String,
    server: Child,
}

impl PrivateDisplay {
    pub fn start() -> PrivateDisplay {
        // A number of our own for each server: from the process id, so that
        // parallel test runs differ, and a counter, so that tests do. The
        // server writes nothing to us, so it never dies of a closed pipe.
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let base = 300 + (std::process::id() % 400) * 8;
        loop {
            let number = base + NEXT.fetch_add(1, Ordering::Relaxed);
            if std::path::Path::new(&format!("/tmp/.X{number}-lock")).exists() {
                continue;
            }
            let server = Command::new("Xvfb")
                .arg(format!(":{number}"))
                // -noreset: without it the server restarts whenever its last
                // client leaves, and a window opening then cannot connect.
                .args([
                    "-screen",
                    "0",
                    "1280x800x24",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb runs (install xvfb, see .ci/run)");
            let mut display = PrivateDisplay {
                name: format!(":{number}"),
                server,
            };
            if display.wait_until_ready() {
                return display;
            }
        }
    }

    /// Whether our server answers a client; false when it stopped (its
    /// number was taken after all).
    fn wait_until_ready(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if !self.server.try_wait().is_ok_and(|status| status.is_none()) {
                return false;
            }
            let answered = Command::new("xdotool")
                .arg("getdisplaygeometry")
                .env("DISPLAY", &self.name)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if answered {
                return true;
            }
            assert!(
                Instant::now() < deadline,
                "Xvfb {} never answered",
                self.name
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for PrivateDisplay {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
