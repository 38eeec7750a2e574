// The lobby: a form to create a game (every game and option the server
// takes), the open games waiting for a player, the games being played now
// (to watch), and a box for an invite code.

import { GAMES, PAWNS, PROMOTIONS, SIDE_NAMES, gameTitle } from "./games.js";
import { clockWords, esc } from "./game.js";

const CLOCKS = [
  ["none", "No clock"],
  ["1+0", "1+0 bullet"],
  ["3+2", "3+2 blitz"],
  ["5+3", "5+3 blitz"],
  ["10+5", "10+5 rapid"],
  ["15+10", "15+10 rapid"],
  ["custom", "Custom minutes + seconds"],
  ["days", "Correspondence (days a move)"],
];

function options(list, selected) {
  return list.map(([value, label]) => `<option value="${value}"${value === selected ? " selected" : ""}>${esc(label)}</option>`).join("");
}

export function renderLobby(state, name) {
  return `<p class="intro">Flaxman, Tapestry Chess, Chakra and Anglojewish hex chess (for two or three players), played here in the browser. Create a game and send its link, or take a seat in an open game.</p>
<div class="lobby">
  <section class="card create">
    <h2>Create a game</h2>
    <form id="create">
      <label>Your name <input name="name" maxlength="24" value="${esc(name)}" placeholder="optional" autocomplete="nickname"></label>
      <label>Game <select name="variant">${options(GAMES.map((g) => [g.key, g.title]), "flaxman")}</select></label>
      <label data-for="pawn">Pawn-like piece <select name="pawn">${options(PAWNS.map((p) => [p, p]), "")}</select></label>
      <label data-for="promotion">Promotion <select name="promotion">${options(PROMOTIONS.map((p) => [p, p]), "curved")}</select></label>
      <label>Clock <select name="clock">${options(CLOCKS, "5+3")}</select></label>
      <div class="row" data-for="custom"><label>Minutes <input name="minutes" type="number" min="0.5" max="600" step="0.5" value="10"></label><label>Increment (s) <input name="increment" type="number" min="0" max="600" value="5"></label></div>
      <label data-for="days">Days per move <input name="days" type="number" min="1" max="14" value="3"></label>
      <label>Your side <select name="seat"></select></label>
      <details class="position"><summary>Start from a position</summary>
        <label>Position text <input name="position" maxlength="400" placeholder="the game's own start" autocomplete="off" spellcheck="false"></label>
        <p class="hint">The position as the game's notation writes it, with the side to move, for example from a puzzle or an analysis. The server checks it.</p>
      </details>
      <fieldset><legend>Who may join</legend>
        <label class="inline"><input type="radio" name="listed" value="yes" checked> anyone: listed among the open games</label>
        <label class="inline"><input type="radio" name="listed" value="no"> only who gets the invite link</label>
      </fieldset>
      <button type="submit" class="primary">Create the game</button>
      ${state.lobbyError ? `<p class="refusal" role="alert">${esc(state.lobbyError)}</p>` : ""}
    </form>
  </section>
  <section class="card seeks">
    <h2>Open games</h2>
    ${seekList(state.seeks)}
    <form id="code" class="row"><input name="code" placeholder="invite code" aria-label="Invite code" autocomplete="off"><button type="submit">Join</button></form>
  </section>
  <section class="card playing">
    <h2>Being played now</h2>
    ${playingList(state.playing)}
  </section>
</div>`;
}

function seekList(seeks) {
  if (seeks === null) return '<p class="hint">Asking the server…</p>';
  if (seeks.length === 0) return '<p class="hint">No game is waiting for a player. Create one!</p>';
  const rows = seeks.map((s) => {
    const who = s.players && s.players.length ? esc(s.players.join(", ")) : "someone";
    const extra = [s.pawn ? `pawns: ${s.pawn}` : "", s.promotion ? `promotion: ${s.promotion}` : "", s.position ? "from a position" : ""]
      .filter(Boolean)
      .join(" · ");
    const seats = s.free_seats.map((seat) => SIDE_NAMES[seat]).join(" or ");
    return `<li><div><b>${esc(gameTitle(s.variant))}</b> <span class="clockword">${esc(clockWords(s.clock))}</span><br><span class="hint">${who} waits · you play ${esc(seats)}${extra ? ` · ${esc(extra)}` : ""}</span></div><button type="button" data-join="${esc(s.code)}">Play</button></li>`;
  });
  return `<ul class="list">${rows.join("")}</ul>`;
}

function playingList(playing) {
  if (playing === null) return '<p class="hint">Asking the server…</p>';
  if (playing.length === 0) return '<p class="hint">No listed game is being played right now.</p>';
  const rows = playing.map((g) => {
    const names = g.players.map((n, seat) => esc(n || SIDE_NAMES[seat])).join(" – ");
    return `<li><div><b>${esc(gameTitle(g.variant))}</b> <span class="clockword">${esc(clockWords(g.clock))}</span><br><span class="hint">${names} · ${g.ply} moves${g.position ? " · from a position" : ""}</span></div><a class="button" href="/watch/${esc(g.game)}" data-link>Watch</a></li>`;
  });
  return `<ul class="list">${rows.join("")}</ul>`;
}

// Shows the form's fields that the chosen game and clock take.
export function updateForm(formElement) {
  const form = formElement.elements;
  const game = GAMES.find((g) => g.key === form.variant.value);
  const show = (key, on) => {
    for (const el of formElement.querySelectorAll(`[data-for="${key}"]`)) el.hidden = !on;
  };
  show("pawn", Boolean(game.pawn));
  if (game.pawn && !form.namedItem("pawn").dataset.touched) form.namedItem("pawn").value = game.pawn;
  show("promotion", game.promotion);
  show("custom", form.clock.value === "custom");
  show("days", form.clock.value === "days");
  const keep = form.seat.value;
  const seats = [["random", "Random"]].concat(SIDE_NAMES.slice(0, game.players).map((n, i) => [String(i), n]));
  form.seat.innerHTML = options(seats, seats.some(([v]) => v === keep) ? keep : "random");
}

// The `create` message the form asks for.
export function createRequest(formElement) {
  const form = formElement.elements;
  const game = GAMES.find((g) => g.key === form.variant.value);
  const request = { variant: game.key, listed: form.listed.value === "yes" };
  const name = form.namedItem("name").value.trim();
  if (name) request.name = name;
  if (game.pawn) request.pawn = form.namedItem("pawn").value;
  if (game.promotion) request.promotion = form.promotion.value;
  const clock = form.clock.value;
  if (clock === "days") request.clock = { days_per_move: Number(form.days.value) };
  else if (clock === "custom")
    request.clock = { initial_ms: Math.round(Number(form.minutes.value) * 60000), increment_ms: Math.round(Number(form.increment.value) * 1000) };
  else if (clock !== "none") {
    const [m, i] = clock.split("+").map(Number);
    request.clock = { initial_ms: m * 60000, increment_ms: i * 1000 };
  }
  if (form.seat.value !== "random") request.seat = Number(form.seat.value);
  const position = form.namedItem("position").value.trim();
  if (position) request.position = position;
  return request;
}
