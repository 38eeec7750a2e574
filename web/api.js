// The one door between the page and the server: every request the page
// makes is a function here, and every message the server sends becomes a
// new state handed to `onChange`. Seat tokens live in this browser's
// localStorage (never in an address), so a closed tab comes back to its
// seat.

import { openSocket } from "./socket.js";
import { applyEvent, emptyGame } from "./state.js";

const SEATS_KEY = "variantarium.seats";
const NAME_KEY = "variantarium.name";

function readSeats(storage) {
  try {
    return JSON.parse(storage.getItem(SEATS_KEY) || "{}");
  } catch {
    return {};
  }
}

function keepSeat(storage, seated) {
  const seats = readSeats(storage);
  seats[seated.game] = { code: seated.code, seat: seated.seat, token: seated.token, at: Date.now() };
  // A browser keeps the seats of its last 50 games.
  const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at);
  for (const id of ids.slice(50)) delete seats[id];
  storage.setItem(SEATS_KEY, JSON.stringify(seats));
}

export function createApi({ url, storage, onChange, onSeated }) {
  let state = { status: "connecting", seeks: null, playing: null, game: null, lobbyError: null };
  const set = (next) => {
    state = next;
    onChange(state);
  };
  const setGame = (game) => set({ ...state, game });

  function followCurrent() {
    const game = state.game;
    if (!game) return;
    const since = game.version;
    if (game.token) socket.send({ type: "resume", game: game.id, token: game.token, since });
    else socket.send({ type: "watch", game: game.id, since });
  }

  // A game watched by its invite code: the server's answers name the
  // game by its id, which the page follows from the first of them on.
  function adoptWatchedId(message) {
    const game = state.game;
    if (game && game.byCode && !game.board && message.game && message.game !== game.id && message.type !== "seated") {
      state = { ...state, game: { ...game, id: message.game, byCode: false } };
    }
  }

  function handle(message) {
    adoptWatchedId(message);
    const game = state.game;
    const ours = game && message.game === game.id;
    switch (message.type) {
      case "seated": {
        keepSeat(storage, message);
        if (game && game.id === message.game) {
          setGame({ ...game, seat: message.seat, token: message.token, code: message.code });
        } else {
          const fresh = { ...emptyGame(message.game), seat: message.seat, token: message.token, code: message.code };
          set({ ...state, game: fresh });
          onSeated(message);
        }
        break;
      }
      case "seeks":
        set({ ...state, seeks: message.seeks });
        break;
      case "games":
        set({ ...state, playing: message.games });
        break;
      case "event":
        if (ours) setGame(applyEvent(game, message.version, message.event));
        break;
      case "following":
        if (ours) {
          const clock = message.clock_ms ? { ms: message.clock_ms, at: performance.now() } : game.clock;
          setGame({ ...game, following: true, clock });
          resendUnacked();
        }
        break;
      case "board":
        if (ours) setGame({ ...game, board: message.board });
        break;
      case "position":
        if (ours) {
          const same = game.position && game.position.ply === message.position.ply;
          setGame({
            ...game,
            position: message.position,
            selected: same ? game.selected : null,
            choice: same ? game.choice : null,
          });
        }
        break;
      case "ack":
        if (ours) setGame({ ...game, sent: null, refusal: null });
        break;
      case "disconnected":
        if (ours) setGame({ ...game, away: { ...game.away, [message.seat]: performance.now() + message.claim_in_ms } });
        break;
      case "reconnected":
        if (ours) {
          const away = { ...game.away };
          delete away[message.seat];
          setGame({ ...game, away });
        }
        break;
      case "resumed":
        // The server was restarted: the clocks stood until now.
        if (ours && message.clock_ms) setGame({ ...game, clock: { ms: message.clock_ms, at: performance.now() } });
        break;
      case "refused":
        if (game && (message.game === game.id || !message.game)) {
          setGame({ ...game, refusal: message.reason, sent: null });
        } else {
          set({ ...state, lobbyError: message.reason });
        }
        break;
      default:
        break;
    }
  }

  // A move sent before the connection broke and not in the game's record
  // goes again (the server plays a move for a ply only once).
  function resendUnacked() {
    const game = state.game;
    if (game && game.sent && game.token && game.moves.length === game.sent.ply) {
      socket.send({ type: "move", game: game.id, token: game.token, ply: game.sent.ply, text: game.sent.text });
    }
  }

  const socket = openSocket(url, {
    onMessage: handle,
    onOpen: () => {
      if (state.game) {
        setGame({ ...state.game, following: false });
        followCurrent();
      }
    },
    onStatus: (status) => set({ ...state, status }),
  });

  const act = (type) => () => {
    const game = state.game;
    if (game && game.token) {
      setGame({ ...game, refusal: null });
      socket.send({ type, game: game.id, token: game.token });
    }
  };

  return {
    state: () => state,
    name: () => storage.getItem(NAME_KEY) || "",
    setName: (name) => storage.setItem(NAME_KEY, name),
    askSeeks: () => {
      socket.send({ type: "seeks" });
      socket.send({ type: "games" });
    },
    create(request) {
      set({ ...state, lobbyError: null });
      socket.send({ type: "create", ...request });
    },
    // The seat this browser holds in the game of an invite code, if any.
    seatByCode(code) {
      const seats = readSeats(storage);
      const id = Object.keys(seats).find((k) => seats[k].code === code);
      return id ? { game: id, ...seats[id] } : null;
    },
    join(code, name) {
      set({ ...state, lobbyError: null });
      socket.send({ type: "join", code, name: name || undefined });
    },
    resume(seat) {
      const game = { ...emptyGame(seat.game), seat: seat.seat, token: seat.token, code: seat.code };
      set({ ...state, game });
      followCurrent();
    },
    watch(id) {
      set({ ...state, game: { ...emptyGame(id), byCode: true } });
      followCurrent();
    },
    leave() {
      set({ ...state, game: null });
    },
    select(selected, choice) {
      if (state.game) setGame({ ...state.game, selected, choice });
    },
    move(text) {
      const game = state.game;
      if (!game || !game.token || !game.position) return;
      const ply = game.position.ply;
      setGame({ ...game, sent: { ply, text }, selected: null, choice: null, refusal: null });
      socket.send({ type: "move", game: game.id, token: game.token, ply, text });
    },
    resign: act("resign"),
    offerDraw: act("offer_draw"),
    declineDraw: act("decline_draw"),
    abort: act("abort"),
    takeback: act("takeback"),
    acceptTakeback: act("accept_takeback"),
    declineTakeback: act("decline_takeback"),
    claimWin: act("claim_win"),
    rematch: act("rematch"),
    declineRematch: act("decline_rematch"),
    // Shows a refusal of our own (a click the position has no move for).
    refuseLocally(reason) {
      if (state.game) setGame({ ...state.game, refusal: reason });
    },
  };
}
