//! A recording stopped by a signal (Ctrl-C's SIGINT, SIGTERM, SIGHUP)
//! leaves nothing behind and fails; one that completes before the signal is
//! complete. The output's rename is the one moment that decides: it happens
//! under the same lock the signal's handling takes, so a signal comes
//! either before it (no rename, no file, a failure) or after it (the file
//! is whole and the command succeeds).
//!
//! Bevy's own Ctrl-C handler (through the `ctrlc` crate) would leave an
//! *ignored* SIGINT ignored: a process started in the background of a
//! script inherits SIGINT ignored, and there `kill -INT` left the recording
//! running to its end and succeeding. So the recording claims `ctrlc`
//! first, overriding whatever disposition it inherited, and SIGTERM and
//! SIGHUP are routed to the same handling. The first signal asks the window
//! to close (Bevy's graceful exit) and the encoder's drop removes the
//! temporary output; a second one, for a recording that does not stop,
//! kills the encoder child, removes the temporary output and exits at once.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Mutex, OnceLock};

use bevy::app::TerminalCtrlCHandlerPlugin;
use bevy::app::ctrlc;

/// Where the recording stands, as the signal's handling sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Recording,
    /// Stopped by this signal (its number) before the output was complete.
    Stopped(i32),
    /// The output is complete under its own name.
    Committed,
}

struct State {
    stage: Stage,
    /// Temporary outputs and encoder processes to remove on a second signal.
    partials: Vec<PathBuf>,
    children: Vec<u32>,
}

static STATE: Mutex<State> = Mutex::new(State {
    stage: Stage::Recording,
    partials: Vec::new(),
    children: Vec::new(),
});

/// The signal that arrived, when it was not SIGINT (which `ctrlc` handles
/// directly): SIGTERM and SIGHUP are noted here and raised as SIGINT.
static ROUTED: AtomicI32 = AtomicI32::new(0);

/// Exit status of a recording abandoned on a second signal: 128 + SIGINT,
/// what a shell shows for a command ended by Ctrl-C.
const ABANDONED_STATUS: i32 = 130;

/// Takes over SIGINT, SIGTERM and SIGHUP for this recording. Call it
/// before anything is written.
pub fn watch() -> Result<(), String> {
    {
        let mut state = lock();
        state.stage = Stage::Recording;
        state.partials.clear();
        state.children.clear();
    }
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    INSTALLED.get_or_init(install).clone()
}

fn install() -> Result<(), String> {
    ctrlc::set_handler(on_signal).map_err(|e| format!("cannot watch for Ctrl-C: {e}"))?;
    for signal in [libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a plain sigaction with an async-signal-safe handler (an
        // atomic store and raise(2)); the struct is zeroed then filled.
        let installed = unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = route_to_sigint as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut())
        };
        if installed != 0 {
            return Err(format!(
                "cannot watch for signal {signal}: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    Ok(())
}

extern "C" fn route_to_sigint(signal: libc::c_int) {
    ROUTED.store(signal, Ordering::SeqCst);
    // SAFETY: raise(2) is async-signal-safe.
    unsafe {
        libc::raise(libc::SIGINT);
    }
}

/// Runs on `ctrlc`'s own thread, not in the signal handler.
fn on_signal() {
    let signal = match ROUTED.swap(0, Ordering::SeqCst) {
        0 => libc::SIGINT,
        other => other,
    };
    let mut state = lock();
    match state.stage {
        Stage::Recording => {
            state.stage = Stage::Stopped(signal);
            drop(state);
            TerminalCtrlCHandlerPlugin::gracefully_exit();
        }
        Stage::Stopped(_) => abandon(&state, signal),
        Stage::Committed => {}
    }
}

/// A second signal: the encoder process is killed, the temporary output
/// removed, and the process ends now.
fn abandon(state: &State, signal: i32) {
    for &child in &state.children {
        let pid = child as libc::pid_t;
        // SAFETY: kill and waitpid on our own child's id.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    }
    for partial in &state.partials {
        let _ = std::fs::remove_dir_all(partial).or_else(|_| std::fs::remove_file(partial));
    }
    eprintln!("variantarium: {}", stopped_message(signal));
    std::process::exit(ABANDONED_STATUS);
}

fn lock() -> std::sync::MutexGuard<'static, State> {
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The message of a recording stopped by `signal`.
fn stopped_message(signal: i32) -> String {
    let name = match signal {
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        _ => "Ctrl-C (SIGINT)",
    };
    format!("the recording was stopped by {name}; nothing was written")
}

/// The error of a stopped recording, if it was stopped.
pub fn stopped() -> Result<(), String> {
    match lock().stage {
        Stage::Stopped(signal) => Err(stopped_message(signal)),
        _ => Ok(()),
    }
}

/// Gives the output its name with `rename`, unless the recording was
/// stopped first; no signal is handled while it runs.
pub fn commit(rename: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    let mut state = lock();
    if let Stage::Stopped(signal) = state.stage {
        return Err(stopped_message(signal));
    }
    rename()?;
    state.stage = Stage::Committed;
    Ok(())
}

/// A temporary output to remove if the recording is abandoned.
pub fn keep_track_of(partial: &Path) {
    lock().partials.push(partial.to_path_buf());
}

/// An encoder process to kill if the recording is abandoned.
pub fn keep_track_of_child(id: u32) {
    lock().children.push(id);
}

/// The encoder process has been waited for: it is no longer ours to kill.
pub fn forget_child(id: u32) {
    lock().children.retain(|&c| c != id);
}
