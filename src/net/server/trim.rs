//! Giving memory back: the C allocator keeps what finished games freed
//! (scattered among the pages still in use, on each thread's arena), so a
//! server's resident memory would stay at its busiest minute's. Every half
//! minute in which games left memory, the lobby's maps give back the room
//! they no longer need and the allocator is asked to hand its free pages
//! back to the system.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use super::lobby::Lobby;

/// How often the server looks whether games left memory.
const EVERY: Duration = Duration::from_secs(30);

pub async fn give_back_memory(lobby: Arc<Lobby>) {
    let mut ticks = tokio::time::interval(EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if lobby.retired.swap(0, Ordering::Relaxed) > 0 {
            lobby.shrink_maps();
            // It walks the heap: off the runtime's workers.
            let _ = tokio::task::spawn_blocking(trim).await;
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim() {
    // SAFETY: malloc_trim only returns free memory of the allocator's own to
    // the system; it may be called from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
