//! The evaluations a search has made, by position hash. Iterative
//! deepening visits the same positions again each iteration, and the
//! evaluation is the dearest part of a leaf; a position found here is not
//! evaluated again. What is kept is exactly what the evaluation gave (a
//! slot holds the whole hash), so the search is the same tree with it or
//! without it.

use std::cell::Cell;

/// Slots in a cache: 32,768 of 16 bytes, half a megabyte.
const SLOTS: usize = 1 << 15;

/// A direct-mapped table from position hash to evaluation; a new entry
/// replaces whatever its slot held. Cells, so that the search's `&self`
/// leaf functions can fill it.
pub(super) struct EvalCache {
    slots: Box<[Cell<(u64, i32)>]>,
}

impl EvalCache {
    pub(super) fn new() -> Self {
        EvalCache {
            slots: vec![Cell::new((0, 0)); SLOTS].into_boxed_slice(),
        }
    }

    /// The evaluation of the position whose hash is `hash`: the kept one,
    /// else `evaluate`'s, kept. A hash of 0 (an empty slot's) is never
    /// kept.
    #[inline]
    pub(super) fn get_or(&self, hash: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &self.slots[(hash as usize) & (SLOTS - 1)];
        let (key, value) = slot.get();
        if key == hash && hash != 0 {
            return value;
        }
        let value = evaluate();
        slot.set((hash, value));
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Looks `hash` up, counting in `calls` the evaluations made.
    fn look_up(cache: &EvalCache, hash: u64, value: i32, calls: &Cell<u32>) -> i32 {
        cache.get_or(hash, || {
            calls.set(calls.get() + 1);
            value
        })
    }

    /// A kept evaluation is returned without evaluating again; another
    /// hash in the same slot replaces it; hash 0 is evaluated every time.
    #[test]
    fn keeps_each_evaluation_until_its_slot_is_taken() {
        let cache = EvalCache::new();
        let calls = Cell::new(0);
        let hash = 0x1234_5678_9ABC_DEF0;
        assert_eq!(look_up(&cache, hash, 7, &calls), 7);
        assert_eq!(look_up(&cache, hash, 8, &calls), 7);
        assert_eq!(calls.get(), 1);
        let rival = hash ^ (1 << 40); // The same slot, another position.
        assert_eq!(look_up(&cache, rival, -3, &calls), -3);
        assert_eq!(look_up(&cache, hash, 9, &calls), 9);
        assert_eq!(calls.get(), 3);
        assert_eq!(look_up(&cache, 0, 5, &calls), 5);
        assert_eq!(look_up(&cache, 0, 6, &calls), 6);
        assert_eq!(calls.get(), 5);
    }
}
