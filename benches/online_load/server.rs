//! The game server of a run: this build's `variantarium serve` in a
//! process of its own, on a free port of 127.0.0.1, its standard error
//! kept in the run's folder.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub struct ServerProcess {
    child: Child,
    pub addr: String,
    log: PathBuf,
}

/// The longest the server may take to say where it listens.
const START_WAIT: Duration = Duration::from_secs(60);

/// A new, empty folder for the run.
pub fn scratch() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("variantarium-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    Ok(dir)
}

impl ServerProcess {
    /// Starts `serve` on `db` and waits for its `listening` line.
    pub fn start(db: &str, folder: &Path) -> Result<ServerProcess, String> {
        let log = folder.join("server.log");
        let errors = std::fs::File::create(&log)
            .map_err(|e| format!("cannot make {}: {e}", log.display()))?;
        let mut child = Command::new(env!("CARGO_BIN_EXE_variantarium"))
            .args(["serve", "--listen", "127.0.0.1:0", "--db", db])
            .stdout(Stdio::piped())
            .stderr(errors)
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let stdout = child.stdout.take().ok_or("the server has no output")?;
        // Read on a thread, so that a server that never answers is given up.
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            let _ = tx.send(lines.next());
            // Keep reading: the server writes more after its address.
            lines.for_each(drop);
        });
        let first = rx
            .recv_timeout(START_WAIT)
            .ok()
            .flatten()
            .and_then(Result::ok);
        let mut server = ServerProcess {
            child,
            addr: String::new(),
            log,
        };
        match first.as_deref().and_then(|l| l.strip_prefix("listening ")) {
            Some(addr) => {
                server.addr = addr.trim().to_string();
                Ok(server)
            }
            None => {
                let said = server.stop();
                let said = said.lines().next().unwrap_or("nothing");
                Err(format!("the server did not start: it said {said}"))
            }
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops the server; what it wrote on standard error.
    pub fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
