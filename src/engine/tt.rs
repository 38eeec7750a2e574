//! The transposition table: a fixed number of two-entry buckets keyed by the
//! position hash. The first entry of a bucket is kept by depth (a deeper
//! result is worth more), the second is always replaced, so recent results
//! are never lost to an old deep one.
//!
//! The threads of a Lazy-SMP search share one table. Each bucket has its own
//! lock, taken only with `try_lock`: a thread never waits for another; a
//! bucket busy at that instant reads as a miss and takes no store, which
//! costs a little search and keeps the table consistent.

use std::sync::Mutex;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact value (a principal-variation node).
    Exact,
    /// At least this much (the search failed high).
    Lower,
    /// At most this much (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    /// Score with mates counted from this node, not from the root.
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

type Bucket<M> = [Option<Entry<M>>; 2];

pub struct TransTable<M> {
    buckets: Vec<Mutex<Bucket<M>>>,
}

impl<M: Copy> TransTable<M> {
    /// A table of at least `buckets` buckets (rounded up to a power of two,
    /// at least one).
    pub fn new(buckets: usize) -> Self {
        let n = buckets.max(1).next_power_of_two();
        TransTable {
            buckets: (0..n).map(|_| Mutex::new([None, None])).collect(),
        }
    }

    /// A table of about `megabytes` MB.
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bucket = std::mem::size_of::<Mutex<Bucket<M>>>().max(1);
        TransTable::new((megabytes.max(1) << 20) / bucket)
    }

    /// Forgets everything, so the next search starts as from a new table
    /// (searches with the same limits then give the same results).
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            *bucket.get_mut().unwrap_or_else(|e| e.into_inner()) = [None, None];
        }
    }

    fn index(&self, key: u64) -> usize {
        // The high bits: the low ones of a Zobrist hash are as good, but the
        // high ones are also independent of any per-game key layout.
        ((key >> 32).wrapping_mul(self.buckets.len() as u64) >> 32) as usize
    }

    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let bucket = self.buckets[self.index(key)].try_lock().ok()?;
        bucket.iter().flatten().find(|e| e.key == key).copied()
    }

    pub fn store(&self, entry: Entry<M>) {
        let Ok(mut bucket) = self.buckets[self.index(entry.key)].try_lock() else {
            return;
        };
        // The same position: update in place (keep its old move when the new
        // result has none).
        for slot in bucket.iter_mut() {
            if let Some(old) = slot
                && old.key == entry.key
            {
                let mv = entry.mv.or(old.mv);
                if entry.depth >= old.depth || entry.bound == Bound::Exact {
                    *slot = Some(Entry { mv, ..entry });
                } else {
                    old.mv = mv;
                }
                return;
            }
        }
        match bucket[0] {
            Some(deep) if deep.depth > entry.depth => bucket[1] = Some(entry),
            _ => {
                bucket[1] = bucket[0];
                bucket[0] = Some(entry);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i16) -> Entry<u8> {
        Entry {
            key,
            mv: Some(depth as u8),
            score: 0,
            depth,
            bound: Bound::Exact,
        }
    }

    #[test]
    fn keeps_the_deep_entry_and_the_latest_one() {
        let mut tt = TransTable::new(1);
        tt.store(entry(1, 5));
        tt.store(entry(2, 1));
        tt.store(entry(3, 2));
        assert_eq!(tt.probe(1).map(|e| e.depth), Some(5));
        assert!(tt.probe(2).is_none());
        assert_eq!(tt.probe(3).map(|e| e.depth), Some(2));
        tt.store(entry(4, 7));
        assert_eq!(tt.probe(4).map(|e| e.depth), Some(7));
        assert_eq!(tt.probe(1).map(|e| e.depth), Some(5));
        tt.clear();
        assert!(tt.probe(4).is_none());
    }
}
