// The game screen: the players with their clocks (the server's time,
// ticking here), the board, the move list and the buttons of a seated
// player (resign, draw, takeback, rematch, claim the win), the server's
// refusals and results in words.

import { gameTitle, SIDE_NAMES } from "./games.js";
import { inPlace } from "./board.js";
import { sides, started, ourTurn } from "./state.js";

export const esc = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// Which side's clock runs now, if any.
export function runningSide(game) {
  if (!game.clock || game.ended || !game.position) return null;
  if (game.moves.length < sides(game)) return null;
  return game.position.to_move;
}

export function clockLeft(game, side, now) {
  if (!game.clock) return null;
  const base = game.clock.ms[side];
  const run = runningSide(game) === side ? now - game.clock.at : 0;
  return Math.max(0, base - run);
}

export function formatClock(ms, correspondence) {
  if (ms === null || ms === undefined) return "";
  if (correspondence) {
    const hours = Math.floor(ms / 3600000);
    return hours >= 24 ? `${Math.floor(hours / 24)}d ${hours % 24}h` : `${hours}h ${Math.floor((ms % 3600000) / 60000)}m`;
  }
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (ms < 10000) return `0:0${s}.${Math.floor((ms % 1000) / 100)}`;
  const pad = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function seatName(game, seat) {
  const name = game.names[seat];
  const side = SIDE_NAMES[seat] || `Seat ${seat}`;
  const you = game.seat === seat ? " (you)" : "";
  return name ? `${esc(name)}${you}` : `${side}${you}`;
}

// How a game ended, in words: a reason as the server names it.
const REASONS = {
  "fifty-moves": "the fifty-move rule",
  "no-move": "having no move",
  timeout: "time",
};
const reasonWords = (id) => REASONS[id] || id.replace(/-/g, " ");
const capital = (word) => word.charAt(0).toUpperCase() + word.slice(1);
// "red, white and black" → "Red, White and Black".
const sideList = (text) => text.replace(/\b(white|black|red)\b/g, capital);

// A result as words: `1-0 checkmate` → "White wins by checkmate"; a
// three-player game's `red wins checkmate` / `eliminated: white, black` →
// "Red wins by checkmate", and `draw between white and black resignation`
// / `red resigned` → "Red resigned: a draw between White and Black".
export function resultWords(status) {
  const [first, ...rest] = status.split("\n");
  const two = first.match(/^(1-0|0-1|1\/2-1\/2)\s*(.*)$/);
  if (two) {
    const who = { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" }[two[1]];
    const how = two[2] ? (two[2] === "timeout" ? " on time" : ` by ${reasonWords(two[2])}`) : "";
    return [who + how, ...rest].join(" · ");
  }
  const won = first.match(/^(white|black|red) wins (\S+)$/);
  const drawn = first.match(/^draw between (.+) (\S+)$/);
  // Once someone has won, everyone else is out: the second line adds nothing.
  const notes = rest
    .filter((line) => !(won && line.startsWith("eliminated:")) && line !== "eliminated: -")
    .map((line) => sideList(line.replace(/^eliminated: (.+)$/, "out of the game: $1")));
  if (won) {
    const how = won[2] === "timeout" ? "on time" : `by ${reasonWords(won[2])}`;
    return [`${capital(won[1])} wins ${how}`, ...notes.map(capital)].join(" · ");
  }
  if (drawn) {
    const reason = drawn[2];
    const between = `a draw between ${sideList(drawn[1])}`;
    if (reason === "resignation" || reason === "abandonment" || reason === "timeout") {
      // The second line says who left: that is the news.
      return [...notes.map(capital), between].join(": ") || capital(between);
    }
    return [`${capital(between)} by ${reasonWords(reason)}`, ...notes.map(capital)].join(" · ");
  }
  return sideList(status.replace(/\n/g, " · "));
}

// The order the seats are shown in: the others above the board, ours (or
// White's, for a spectator) below it.
export function seatOrder(game) {
  const n = sides(game);
  const bottom = game.seat === null ? 0 : game.seat;
  const others = [];
  for (let k = 1; k < n; k += 1) others.push((bottom + k) % n);
  return { top: others.reverse(), bottom };
}

export function playerBar(game, seat, now) {
  const toMove = game.position && !game.ended && started(game) && game.position.to_move === seat;
  const out = game.position && game.position.in_game && game.position.in_game[seat] === false;
  const away = game.away[seat] !== undefined;
  const corr = game.created && game.created.clock && game.created.clock.days_per_move;
  const left = clockLeft(game, seat, now);
  const classes = ["player", `side-${seat}`];
  if (toMove) classes.push("to-move");
  if (out) classes.push("out");
  const clock =
    left === null
      ? ""
      : `<span class="clock${left < 20000 && !corr ? " low" : ""}" data-clock="${seat}">${formatClock(left, corr)}</span>`;
  const state = !game.taken[seat] ? '<span class="note">waiting…</span>' : away ? '<span class="note away">disconnected</span>' : out ? '<span class="note">out</span>' : "";
  return `<div class="${classes.join(" ")}"><span class="dot"></span><span class="name">${seatName(game, seat)}</span>${state}${clock}</div>`;
}

function statusLine(game) {
  if (game.ended) return `<p class="result">${esc(resultWords(game.ended))}</p>`;
  if (!game.position) return '<p class="status">Loading the game…</p>';
  if (!started(game)) return '<p class="status">Waiting for every seat to be taken.</p>';
  const mover = game.position.to_move;
  if (ourTurn(game)) return `<p class="status turn">Your move${game.position.check ? " — you are in check" : ""}.</p>`;
  if (game.sent) return '<p class="status">Sending your move…</p>';
  return `<p class="status">${seatName(game, mover)} to move${game.position.check ? " (in check)" : ""}.</p>`;
}

function moveList(game) {
  const n = sides(game);
  const rows = [];
  for (let k = 0; k < game.moves.length; k += n) {
    const cells = game.moves
      .slice(k, k + n)
      .map((m, i) => `<span class="mv${k + i === game.moves.length - 1 ? " latest" : ""}">${esc(m)}</span>`);
    rows.push(`<li><span class="no">${k / n + 1}.</span>${cells.join("")}</li>`);
  }
  return rows.length ? `<ol class="moves cols-${n}">${rows.join("")}</ol>` : '<p class="hint">No moves yet.</p>';
}

function button(action, label, extra = "") {
  return `<button type="button" data-act="${action}" ${extra}>${label}</button>`;
}

// The buttons of a seated player, as the game stands.
function actions(game, now, confirming) {
  if (game.seat === null) return '<p class="hint">You are watching this game.</p>';
  const out = [];
  const others = (list) => list.filter((s) => s !== game.seat);
  if (game.ended) {
    if (game.rematched) return "";
    const theyOffer = others(game.rematchOffers).length > 0;
    const weOffered = game.rematchOffers.includes(game.seat);
    if (theyOffer && !weOffered) out.push(`<p>A rematch is offered.</p>${button("rematch", "Accept rematch")}${button("decline_rematch", "Decline")}`);
    else if (weOffered) out.push('<p class="hint">Rematch offered; waiting for the others.</p>');
    else out.push(button("rematch", "Offer a rematch"));
    return out.join("");
  }
  if (!started(game)) return button("abort", "Cancel the game");
  const tb = game.takeback;
  if (tb && tb.seat === game.seat) out.push(`<p class="hint">You asked to take back.</p>${button("decline_takeback", "Withdraw")}`);
  else if (tb && !tb.accepted.includes(game.seat))
    out.push(`<p>${seatName(game, tb.seat)} asks to take back a move.</p>${button("accept_takeback", "Accept takeback")}${button("decline_takeback", "Decline")}`);
  const theyOffer = others(game.drawOffers).length > 0;
  const weOffered = game.drawOffers.includes(game.seat);
  if (theyOffer && !weOffered) out.push(`<p>A draw is offered.</p>${button("offer_draw", "Accept draw")}${button("decline_draw", "Decline")}`);
  for (const [seat, until] of Object.entries(game.away)) {
    const left = Math.ceil((until - now) / 1000);
    out.push(
      left > 0
        ? `<p class="away">${seatName(game, Number(seat))} is disconnected: you may claim the win in <span data-claim="${seat}">${left}</span> s, or wait.</p>`
        : `<p class="away">${seatName(game, Number(seat))} is disconnected.</p>${button("claim_win", "Claim the win")}`,
    );
  }
  const row = [];
  if (game.moves.length < sides(game)) row.push(button("abort", "Abort"));
  if (!tb && game.moves.length > 0) row.push(button("takeback", "Ask to take back"));
  if (!weOffered && !theyOffer) row.push(button("offer_draw", "Offer draw"));
  else if (weOffered) row.push('<span class="hint">Draw offered.</span>');
  row.push(button("resign", confirming === "resign" ? "Really resign?" : "Resign", confirming === "resign" ? 'class="danger"' : ""));
  out.push(`<div class="row">${row.join("")}</div>`);
  return out.join("");
}

// The moves to pick from when a pick names several (a promotion's choices)
// or the selected man can move without leaving its cell (a pass, a flip).
function chooser(game) {
  const moves = game.position ? game.position.moves : [];
  let list = null;
  let heading = "";
  if (game.choice) {
    list = game.choice.moves;
    heading = game.choice.from === game.choice.to ? "Moves without leaving the cell:" : "Which move?";
  } else if (game.selected && ourTurn(game) && inPlace(moves, game.selected).length > 0) {
    list = inPlace(moves, game.selected);
    heading = "Also without leaving the cell:";
  }
  if (!list) return "";
  const buttons = list.map((m) => `<button type="button" data-play="${esc(m.text)}">${esc(m.text)}</button>`).join("");
  return `<div class="chooser"><span>${heading}</span>${buttons}${button("cancel", "Cancel")}</div>`;
}

export function invitePanel(game, location) {
  if (game.seat === null || started(game) || !game.code) return "";
  const link = `${location.origin}/g/${game.code}`;
  return `<div class="invite"><p>Send this link to the player you invite:</p><div class="row"><input readonly value="${esc(link)}" aria-label="Invite link"><button type="button" data-act="copy">Copy</button></div><p class="hint">Invite code <b>${esc(game.code)}</b>. The game starts when every seat is taken.</p></div>`;
}

export function renderPanel(game, now, confirming, location) {
  const title = game.created ? gameTitle(game.created.variant) : "Game";
  const options = game.created ? optionWords(game.created) : "";
  const refusal = game.refusal ? `<p class="refusal" role="alert">${esc(game.refusal)}</p>` : "";
  const rematch = game.rematched ? `<p><a href="/g/${esc(game.rematched.code)}" data-link>Go to the rematch</a></p>` : "";
  return (
    `<h2>${esc(title)}</h2><p class="options">${esc(options)}</p>` +
    statusLine(game) +
    refusal +
    chooser(game) +
    invitePanel(game, location) +
    `<div class="actions">${actions(game, now, confirming)}</div>` +
    rematch +
    `<h3>Moves</h3>${moveList(game)}` +
    notes(game) +
    '<p class="back"><a href="/" data-link>← Lobby</a></p>'
  );
}

function notes(game) {
  const list = game.position && game.position.notes;
  if (!list || list.length === 0) return "";
  const items = list.map((n) => `<li><b>${esc(n.cell)}</b> ${esc(n.name)}: ${esc(n.summary)}</li>`).join("");
  return `<details class="loom"><summary>The Loom: what each square does</summary><ul class="notes">${items}</ul></details>`;
}

export function optionWords(created) {
  const words = [];
  if (created.pawn) words.push(`pawns: ${created.pawn}`);
  if (created.promotion) words.push(`promotion: ${created.promotion}`);
  words.push(clockWords(created.clock));
  return words.join(" · ");
}

export function clockWords(clock) {
  if (!clock) return "no clock";
  if (clock.days_per_move) return `${clock.days_per_move} day${clock.days_per_move > 1 ? "s" : ""} a move`;
  return `${clock.initial_ms / 60000}+${clock.increment_ms / 1000}`;
}
