// Pure transitions of the board: which cells a player may pick and which
// move a pick makes, from the moves the server sent with the position.
// Nothing here knows a rule: every target and text is the server's.

// The cells from which a move starts.
export function movableCells(moves) {
  return new Set(moves.map((m) => m.from));
}

// The cells the man on `from` may go to.
export function targetsOf(moves, from) {
  return new Set(moves.filter((m) => m.from === from && m.to !== from).map((m) => m.to));
}

// The moves a from-to pick names: one, several (a promotion's choices, a
// chakra move with or without its flip) or none.
export function movesFor(moves, from, to) {
  return moves.filter((m) => m.from === from && m.to === to);
}

// The moves a man makes without leaving its cell (the Chakra pass, a
// chakra's flip in place).
export function inPlace(moves, from) {
  return movesFor(moves, from, from);
}

// What a click on `cell` does, given what is selected: select a man,
// drop the selection, or make a move (one text, or a choice among several).
// Returns { selected, play, choice }.
export function click(moves, selected, cell) {
  if (selected !== null && cell === selected) {
    const here = inPlace(moves, cell);
    if (here.length > 0) return { selected, play: null, choice: { from: cell, to: cell, moves: here } };
    return { selected: null, play: null, choice: null };
  }
  if (selected !== null) {
    const found = movesFor(moves, selected, cell);
    if (found.length === 1) return { selected: null, play: found[0].text, choice: null };
    if (found.length > 1) return { selected, play: null, choice: { from: selected, to: cell, moves: found } };
  }
  if (movableCells(moves).has(cell)) return { selected: cell, play: null, choice: null };
  return { selected: null, play: null, choice: null };
}
