// The page's state as plain data: what the server told us, what the player
// picked. Only the functions here and in board.js make new states; the
// rest of the page reads them.

export function emptyGame(id) {
  return {
    id,
    code: null,
    seat: null, // our seat, or null for a spectator
    token: null,
    version: 0,
    following: false,
    created: null, // the `created` event
    names: [],
    taken: [],
    moves: [], // move texts by ply
    clock: null, // { ms: [..], at: performance.now() }
    board: null, // the server's geometry
    position: null, // the server's position
    drawOffers: [],
    takeback: null, // { seat, ply }
    rematchOffers: [],
    rematched: null,
    ended: null, // status text
    away: {}, // seat -> { until: performance.now() + claim_in_ms }
    refusal: null,
    sent: null, // { ply, text } a move sent and not yet acknowledged
    selected: null, // a cell name
    choice: null, // { from, to, moves: [...] } when a route has several moves
  };
}

// Takes in one numbered event of the game.
export function applyEvent(game, version, event) {
  const g = { ...game, version: Math.max(game.version, version) };
  switch (event.kind) {
    case "created":
      g.created = event;
      g.names = new Array(event.sides).fill(null);
      g.taken = new Array(event.sides).fill(false);
      break;
    case "seat_taken":
      g.names = g.names.slice();
      g.taken = g.taken.slice();
      g.names[event.seat] = event.name || null;
      g.taken[event.seat] = true;
      break;
    case "moved":
      g.moves = g.moves.slice(0, event.ply).concat([event.text]);
      if (event.clock_ms) g.clock = { ms: event.clock_ms, at: performance.now() };
      g.drawOffers = [];
      g.takeback = null;
      if (g.sent && g.sent.ply <= event.ply) g.sent = null;
      break;
    case "draw_offered":
      g.drawOffers = g.drawOffers.concat([event.seat]);
      break;
    case "draw_declined":
      g.drawOffers = [];
      break;
    case "takeback_asked":
      g.takeback = { seat: event.seat, ply: event.ply, accepted: [] };
      break;
    case "takeback_accepted":
      if (g.takeback) g.takeback = { ...g.takeback, accepted: g.takeback.accepted.concat([event.seat]) };
      break;
    case "takeback_declined":
      g.takeback = null;
      break;
    case "taken_back":
      g.moves = g.moves.slice(0, event.ply);
      g.takeback = null;
      if (event.clock_ms) g.clock = { ms: event.clock_ms, at: performance.now() };
      break;
    case "rematch_offered":
      g.rematchOffers = g.rematchOffers.concat([event.seat]);
      break;
    case "rematch_declined":
      g.rematchOffers = [];
      break;
    case "rematched":
      g.rematched = { game: event.game, code: event.code };
      break;
    case "ended":
      g.ended = event.status;
      g.drawOffers = [];
      g.takeback = null;
      if (event.clock_ms) g.clock = { ms: event.clock_ms, at: performance.now() };
      break;
    default:
      break;
  }
  return g;
}

export function sides(game) {
  return game.created ? game.created.sides : 2;
}

// Whether every seat is taken.
export function started(game) {
  return game.taken.length > 0 && game.taken.every(Boolean);
}

// Whether it is our turn to move here.
export function ourTurn(game) {
  return (
    game.seat !== null &&
    game.position !== null &&
    !game.ended &&
    started(game) &&
    game.position.to_move === game.seat &&
    game.position.ply === game.moves.length &&
    game.sent === null
  );
}
