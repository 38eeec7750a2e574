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

/// Asks the window to close, as a window manager's close button does: a
/// WM_DELETE_WINDOW client message (xdotool's `windowclose` destroys the
/// window instead, which no person can do). Xlib is opened at run time, the
/// library the game itself opens.
pub fn send_delete_window(display: &str, window: &str) {
    use std::ffi::{CString, c_char, c_int, c_long, c_ulong, c_void};

    #[repr(C)]
    struct ClientMessage {
        kind: c_int,
        serial: c_ulong,
        send_event: c_int,
        display: *mut c_void,
        window: c_ulong,
        message_type: c_ulong,
        format: c_int,
        data: [c_long; 5],
    }
    #[repr(C)]
    union XEvent {
        client: std::mem::ManuallyDrop<ClientMessage>,
        pad: [c_long; 24],
    }
    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type InternAtom = unsafe extern "C" fn(*mut c_void, *const c_char, c_int) -> c_ulong;
    type SendEvent =
        unsafe extern "C" fn(*mut c_void, c_ulong, c_int, c_long, *mut XEvent) -> c_int;
    type Flush = unsafe extern "C" fn(*mut c_void) -> c_int;

    let window: c_ulong = window.trim().parse().expect("a window id");
    let name = CString::new(display).unwrap();
    let symbol = |lib: *mut c_void, name: &str| {
        let name = CString::new(name).unwrap();
        // SAFETY: dlsym reads a C string and returns a pointer or null.
        let found = unsafe { libc::dlsym(lib, name.as_ptr()) };
        assert!(!found.is_null(), "libX11 has no {name:?}");
        found
    };
    // SAFETY: the Xlib calls below are made with the types Xlib declares,
    // on a display opened here and closed before returning.
    unsafe {
        let lib = libc::dlopen(c"libX11.so.6".as_ptr(), libc::RTLD_NOW);
        assert!(!lib.is_null(), "libX11.so.6 loads (install libx11-6)");
        let open: OpenDisplay = std::mem::transmute(symbol(lib, "XOpenDisplay"));
        let intern: InternAtom = std::mem::transmute(symbol(lib, "XInternAtom"));
        let send: SendEvent = std::mem::transmute(symbol(lib, "XSendEvent"));
        let flush: Flush = std::mem::transmute(symbol(lib, "XFlush"));
        let close: Flush = std::mem::transmute(symbol(lib, "XCloseDisplay"));
        let x = open(name.as_ptr());
        assert!(!x.is_null(), "the display {display} opens");
        let mut event = XEvent { pad: [0; 24] };
        event.client = std::mem::ManuallyDrop::new(ClientMessage {
            kind: 33, // ClientMessage
            serial: 0,
            send_event: 1,
            display: x,
            window,
            message_type: intern(x, c"WM_PROTOCOLS".as_ptr(), 0),
            format: 32,
            data: [
                intern(x, c"WM_DELETE_WINDOW".as_ptr(), 0) as c_long,
                0,
                0,
                0,
                0,
            ],
        });
        assert_ne!(send(x, window, 0, 0, &mut event), 0, "XSendEvent");
        flush(x);
        close(x);
    }
}

/// Runs the game's binary with a config folder of its own, empty: the
/// default look and render choice, whatever the settings of the user who
/// runs the tests.
pub fn with_default_settings(command: &mut Command) -> &mut Command {
    let config = std::env::temp_dir().join(format!("variantarium-defaults-{}", std::process::id()));
    command.env("XDG_CONFIG_HOME", config)
}
