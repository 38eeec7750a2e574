// The page: which screen the address asks for (`/` the lobby, `/g/CODE`
// an invite, `/watch/GAME` a spectator's view), the api's state drawn on
// it, and the page's clicks passed to the api.

import { createApi } from "./api.js";
import { serverUrl } from "./socket.js";
import { renderLobby, updateForm, createRequest } from "./lobby.js";
import { renderPanel, playerBar, seatOrder, clockLeft, formatClock, esc } from "./game.js";
import { renderBoard, orientation } from "./render.js";
import { bindBoard } from "./events.js";
import { ourTurn } from "./state.js";

const root = document.getElementById("app");
const statusEl = document.getElementById("link");
let screen = null; // "lobby", "join", "game"
let confirming = null;
let angle = null;
let angleFor = null;
let lobbyTimer = null;

const api = createApi({
  url: serverUrl(window.location),
  storage: window.localStorage,
  onChange: () => draw(),
  onSeated: (seated) => go(`/g/${seated.code}`),
});

function route() {
  const path = window.location.pathname;
  const invite = path.match(/^\/g\/([A-Za-z0-9]+)\/?$/);
  const watch = path.match(/^\/watch\/([A-Za-z0-9]+)\/?$/);
  clearInterval(lobbyTimer);
  angle = null;
  if (invite) {
    const code = invite[1];
    const current = api.state().game;
    if (current && current.code === code) return setScreen("game");
    const seat = api.seatByCode(code);
    if (seat) {
      api.resume(seat);
      return setScreen("game");
    }
    return setScreen("join", code);
  }
  if (watch) {
    api.watch(watch[1]);
    return setScreen("game");
  }
  api.leave();
  api.askSeeks();
  lobbyTimer = setInterval(() => api.askSeeks(), 5000);
  return setScreen("lobby");
}

let joinCode = null;
function setScreen(name, code) {
  screen = name;
  joinCode = code || null;
  root.innerHTML = "";
  draw();
}

function go(path) {
  if (window.location.pathname + window.location.search !== path) {
    const search = new URLSearchParams(window.location.search).get("server");
    window.history.pushState(null, "", search ? `${path}?server=${encodeURIComponent(search)}` : path);
  }
  route();
}

function draw() {
  const state = api.state();
  const words = {
    connected: "online",
    connecting: "connecting…",
    disconnected: "reconnecting…",
    gone: "the server stopped: waiting for it…",
  };
  statusEl.textContent = words[state.status] || state.status;
  statusEl.className = `link ${state.status}`;
  if (screen === "lobby") drawLobby(state);
  else if (screen === "join") drawJoin(state);
  else if (screen === "game") drawGame(state);
}

function drawLobby(state) {
  const form = root.querySelector("#create");
  const focused = document.activeElement;
  if (form && form.contains(focused)) {
    // Keep the form the visitor is filling in; refresh the lists only.
    const fresh = document.createElement("div");
    fresh.innerHTML = renderLobby(state, api.name());
    for (const part of [".seeks ul, .seeks p.hint", ".playing"]) {
      const old = root.querySelector(part);
      const now = fresh.querySelector(part);
      if (old && now) old.replaceWith(now);
    }
    // The server's refusal of the form, shown under it.
    form.querySelector(".refusal")?.remove();
    const refusal = fresh.querySelector("#create .refusal");
    if (refusal) form.append(refusal);
    return;
  }
  root.innerHTML = renderLobby(state, api.name());
  updateForm(root.querySelector("#create"));
}

function drawJoin(state) {
  const error = state.lobbyError ? `<p class="refusal" role="alert">${esc(state.lobbyError)}</p>` : "";
  if (root.querySelector("#join") && !state.lobbyError) return;
  root.innerHTML = `<section class="card joincard"><h2>You are invited to a game</h2>
    <form id="join"><label>Your name <input name="name" maxlength="24" value="${esc(api.name())}" placeholder="optional" autocomplete="nickname"></label>
    <button type="submit" class="primary">Join the game</button></form>
    ${error}<p class="hint">Invite code <b>${esc(joinCode)}</b>. Nothing to install: the game plays in this page.</p>
    <p class="back"><a href="/" data-link>← Lobby</a></p></section>`;
}

function drawGame(state) {
  const game = state.game;
  if (!game) return;
  if (!root.querySelector(".game")) {
    root.innerHTML = `<div class="game"><div class="boardcol"><div class="bars top"></div><div class="boardwrap" id="board"></div><div class="bars bottom"></div></div><aside class="panel"></aside></div>`;
    bindBoard(root.querySelector("#board"), {
      current: () => api.state().game,
      moves: () => (ourTurn(api.state().game) ? api.state().game.position.moves : []),
      act: (pick) => {
        if (pick.play) api.move(pick.play);
        else api.select(pick.selected, pick.choice);
      },
    });
  }
  const now = performance.now();
  const order = seatOrder(game);
  // Three players' bars take more of the height the board may fill.
  root.querySelector(".boardcol").classList.toggle("three", order.top.length > 1);
  root.querySelector(".bars.top").innerHTML = order.top.map((s) => playerBar(game, s, now)).join("");
  root.querySelector(".bars.bottom").innerHTML = playerBar(game, order.bottom, now);
  const boardEl = root.querySelector("#board");
  if (game.board) {
    if (angle === null || angleFor !== game.id) {
      if (game.position) {
        angle = orientation(game.board, game.position, game.seat);
        angleFor = game.id;
      }
    }
    boardEl.innerHTML = renderBoard(game, angle || 0, window.innerWidth < 700);
  }
  root.querySelector(".panel").innerHTML = renderPanel(game, now, confirming, window.location);
  document.title = `${game.ended ? "Over" : ourTurn(game) ? "Your move" : "Variantarium"} · Variantarium`;
}

// The clocks and claim countdowns tick without drawing the board again.
setInterval(() => {
  const game = api.state().game;
  if (screen !== "game" || !game) return;
  const now = performance.now();
  const corr = game.created && game.created.clock && game.created.clock.days_per_move;
  for (const el of root.querySelectorAll("[data-clock]")) {
    const left = clockLeft(game, Number(el.dataset.clock), now);
    el.textContent = formatClock(left, corr);
    el.classList.toggle("low", !corr && left < 20000);
  }
  for (const el of root.querySelectorAll("[data-claim]")) {
    const left = Math.ceil((game.away[el.dataset.claim] - now) / 1000);
    if (left <= 0) draw();
    else el.textContent = String(left);
  }
}, 200);

root.addEventListener("click", (e) => {
  const link = e.target.closest("a[data-link]");
  if (link) {
    e.preventDefault();
    go(link.getAttribute("href"));
    return;
  }
  const join = e.target.closest("[data-join]");
  if (join) {
    const form = root.querySelector("#create");
    const name = form ? form.elements.namedItem("name").value.trim() : api.name();
    api.setName(name);
    api.join(join.dataset.join, name);
    return;
  }
  const play = e.target.closest("[data-play]");
  if (play) {
    api.move(play.dataset.play);
    return;
  }
  const action = e.target.closest("[data-act]");
  if (!action) return;
  const what = action.dataset.act;
  if (what === "copy") {
    const input = root.querySelector(".invite input");
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value);
    action.textContent = "Copied";
    return;
  }
  if (what === "cancel") {
    api.select(null, null);
    return;
  }
  if (what === "resign" && confirming !== "resign") {
    confirming = "resign";
    setTimeout(() => {
      confirming = null;
      draw();
    }, 4000);
    draw();
    return;
  }
  confirming = null;
  const calls = {
    resign: api.resign,
    offer_draw: api.offerDraw,
    decline_draw: api.declineDraw,
    abort: api.abort,
    takeback: api.takeback,
    accept_takeback: api.acceptTakeback,
    decline_takeback: api.declineTakeback,
    claim_win: api.claimWin,
    rematch: api.rematch,
    decline_rematch: api.declineRematch,
  };
  if (calls[what]) calls[what]();
});

root.addEventListener("change", (e) => {
  const form = e.target.closest("#create");
  if (!form) return;
  if (e.target.name === "pawn") e.target.dataset.touched = "1";
  updateForm(form);
});

root.addEventListener("submit", (e) => {
  e.preventDefault();
  const form = e.target;
  if (form.id === "create") {
    api.setName(form.elements.namedItem("name").value.trim());
    api.create(createRequest(form));
  } else if (form.id === "join") {
    const name = form.elements.namedItem("name").value.trim();
    api.setName(name);
    api.join(joinCode, name);
  } else if (form.id === "code") {
    const code = form.elements.namedItem("code").value.trim();
    if (code) go(`/g/${encodeURIComponent(code)}`);
  }
});

window.addEventListener("popstate", route);
window.addEventListener("resize", () => {
  if (screen === "game") draw();
});
route();
