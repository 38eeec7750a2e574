//! ALSA's playback, through `libasound.so.2` opened at run time: the few
//! calls a mono 16-bit stream needs. Building needs no headers; where the
//! library or a device is missing, [`Pcm::open`] says so in one line.

use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

use libloading::{Library, Symbol};

const STREAM_PLAYBACK: c_int = 0;
const FORMAT_S16_LE: c_int = 2;
const ACCESS_RW_INTERLEAVED: c_int = 3;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
/// ALSA's error handler is variadic; ours reads only the fixed arguments,
/// which every Linux calling convention passes alike.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// ALSA prints its own complaints (no card, no configuration) to the
/// terminal; the game says what matters in one log line instead.
unsafe extern "C" fn quiet(
    _: *const c_char,
    _: c_int,
    _: *const c_char,
    _: c_int,
    _: *const c_char,
) {
}

/// An open playback stream of mono 16-bit samples.
pub struct Pcm {
    handle: *mut c_void,
    write: WriteI,
    recover: Recover,
    close: Close,
    strerror: StrError,
    // Keeps the functions above valid: dropped last.
    _library: Library,
}

// The handle is used from one thread at a time (the output's own).
unsafe impl Send for Pcm {}

impl Pcm {
    /// Opens `device` ("default", "null", "hw:0" …) at `rate` samples a
    /// second, with about `latency_us` of buffer.
    pub fn open(device: &str, rate: u32, latency_us: u32) -> Result<Pcm, String> {
        // SAFETY: loading ALSA runs only its own initialisers.
        let library = unsafe { Library::new("libasound.so.2") }
            .map_err(|_| "no ALSA library (libasound.so.2)".to_string())?;
        let name = CString::new(device).map_err(|_| format!("bad sound device name {device:?}"))?;
        // SAFETY: each symbol is looked up with ALSA's documented signature.
        unsafe {
            let symbols = Symbols::find(&library)?;
            (symbols.set_error_handler)(Some(quiet));
            let mut handle = std::ptr::null_mut();
            let err = (symbols.open)(&mut handle, name.as_ptr(), STREAM_PLAYBACK, 0);
            if err < 0 {
                let why = describe(symbols.strerror, err);
                return Err(format!("no sound device {device:?} ({why})"));
            }
            let err = (symbols.set_params)(
                handle,
                FORMAT_S16_LE,
                ACCESS_RW_INTERLEAVED,
                1,
                rate,
                1,
                latency_us,
            );
            if err < 0 {
                (symbols.close)(handle);
                let why = describe(symbols.strerror, err);
                return Err(format!(
                    "sound device {device:?} refused mono {rate} Hz ({why})"
                ));
            }
            Ok(Pcm {
                handle,
                write: symbols.write,
                recover: symbols.recover,
                close: symbols.close,
                strerror: symbols.strerror,
                _library: library,
            })
        }
    }

    /// Writes every sample, waiting for room; after an underrun (nothing
    /// was written for a while) the stream is prepared again.
    pub fn write(&mut self, mut samples: &[i16]) -> Result<(), String> {
        while !samples.is_empty() {
            // SAFETY: the buffer holds `samples.len()` mono frames.
            let n = unsafe {
                (self.write)(
                    self.handle,
                    samples.as_ptr().cast(),
                    samples.len() as c_ulong,
                )
            };
            if n < 0 {
                // SAFETY: recovering a stream this Pcm owns.
                let err = unsafe { (self.recover)(self.handle, n as c_int, 1) };
                if err < 0 {
                    return Err(describe(self.strerror, err));
                }
                continue;
            }
            samples = &samples[(n as usize).min(samples.len())..];
        }
        Ok(())
    }
}

impl Drop for Pcm {
    fn drop(&mut self) {
        // SAFETY: the handle was opened by this Pcm and is closed once.
        unsafe { (self.close)(self.handle) };
    }
}

struct Symbols {
    open: Open,
    set_params: SetParams,
    write: WriteI,
    recover: Recover,
    close: Close,
    strerror: StrError,
    set_error_handler: SetErrorHandler,
}

impl Symbols {
    /// # Safety
    /// The types above must be ALSA's signatures.
    unsafe fn find(library: &Library) -> Result<Symbols, String> {
        unsafe fn get<T: Copy>(library: &Library, name: &str) -> Result<T, String> {
            let symbol: Symbol<T> = unsafe { library.get(name.as_bytes()) }
                .map_err(|_| format!("libasound.so.2 has no {name}"))?;
            Ok(*symbol)
        }
        unsafe {
            Ok(Symbols {
                open: get(library, "snd_pcm_open")?,
                set_params: get(library, "snd_pcm_set_params")?,
                write: get(library, "snd_pcm_writei")?,
                recover: get(library, "snd_pcm_recover")?,
                close: get(library, "snd_pcm_close")?,
                strerror: get(library, "snd_strerror")?,
                set_error_handler: get(library, "snd_lib_error_set_handler")?,
            })
        }
    }
}

fn describe(strerror: StrError, err: c_int) -> String {
    // SAFETY: snd_strerror returns a static string for any number.
    let text = unsafe { strerror(err) };
    if text.is_null() {
        return format!("error {err}");
    }
    // SAFETY: a non-null result is a NUL-terminated static string.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}
