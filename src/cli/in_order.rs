//! Numbered jobs on worker threads, their results handed on in job order:
//! each worker takes the next number, so the results (and anything built
//! from them) do not depend on the thread count or on which job finishes
//! first.

use std::collections::BTreeMap;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};

/// Runs `work` for every job of `jobs` on `threads` workers and hands each
/// result to `take` in job order, until `take` says stop or every job is
/// done. On a stop the jobs still running see their stop flag set (to end
/// early) and their results are dropped.
pub fn in_order<T: Send>(
    jobs: Range<u64>,
    threads: usize,
    work: impl Fn(u64, &Arc<AtomicBool>) -> T + Sync,
    mut take: impl FnMut(u64, T) -> ControlFlow<()>,
) {
    let (end, next) = (jobs.end, AtomicU64::new(jobs.start));
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (sender, results) = mpsc::channel::<(u64, T)>();
        for _ in 0..threads {
            let (sender, next, stop, work) = (sender.clone(), &next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= end || sender.send((job, work(job, stop))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut done: BTreeMap<u64, T> = BTreeMap::new();
        let mut due = jobs.start;
        for (job, result) in results {
            done.insert(job, result);
            while let Some(result) = done.remove(&due) {
                due += 1;
                if take(due - 1, result).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
}
