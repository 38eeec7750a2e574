//! An X display for each test that opens windows: an Xvfb of its own, so
//! that no test's window covers another's and no server outlives its test.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
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
        // Two servers choosing a display number at once can pick the same
        // one; start them one at a time.
        static STARTING: Mutex<()> = Mutex::new(());
        let _one_at_a_time = STARTING.lock().unwrap_or_else(|e| e.into_inner());
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (install xvfb, see .ci/run)");
        let mut line = String::new();
        let stdout = server.stdout.take().expect("Xvfb's stdout");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("Xvfb names its display");
        let mut display = PrivateDisplay {
            name: format!(":{}", line.trim()),
            server,
        };
        // Ready when a client can ask it its size.
        let deadline = Instant::now() + Duration::from_secs(20);
        while !Command::new("xdotool")
            .arg("getdisplaygeometry")
            .env("DISPLAY", &display.name)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        {
            assert!(
                Instant::now() < deadline,
                "Xvfb {} never answered",
                display.name
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        // The answer must have come from our server, not one that held the
        // number before it.
        assert!(
            display
                .server
                .try_wait()
                .is_ok_and(|status| status.is_none()),
            "Xvfb {} stopped at start",
            display.name
        );
        display
    }
}

impl Drop for PrivateDisplay {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
