// A browser plays one game of each family against `variantarium bot`s
// through the page a real `variantarium serve` hands it, while a second
// tab watches. Run by tests/browser.rs:
//
//   node play.mjs HOST:PORT SHOTS_DIR MOVES FAMILY...
//
// It talks to the test on stdout, one line each:
//   JOIN family code bots     — the game waits for `bots` bots to join
//   OFFERED {json}            — what the page offered at one of its turns:
//                               the game's start (a position text, or null),
//                               the moves so far, every from-to it marks,
//                               every move it offers in place
//   KIND family kind move     — a move of a kind the test looks for
//   KILL family               — the test is to kill this game's bot: its
//                               seat is then away, and the page claims the
//                               win once the server's grace is over
//   END family how plies text — how the game ended (`real`, `resigned` or
//                               `claimed`)
//   ok what / FAIL what       — a check; any FAIL makes the exit status 1
import { chromium } from "playwright-core";
import fs from "node:fs";
import { cell, choices, everyFamily, played, targets as markedTargets } from "./page.mjs";

const [addr, shots, movesArg, ...families] = process.argv.slice(2);
const MOVES = Number(movesArg);
const base = `http://${addr}`;
fs.mkdirSync(shots, { recursive: true });
let failed = false;
const say = (line) => process.stdout.write(`${line}\n`);
const check = (ok, what) => {
  if (!ok) failed = true;
  say(`${ok ? "ok" : "FAIL"} ${what}`);
  return ok;
};
const TIMEOUT = 90000;
// The game whose bot goes away, for the page to claim the win.
const CLAIMED = "aj-glinski";
// What the watching tab waits for, bounded but patient: under a heavy load
// a spectator's events can lag well behind the player's.
const WATCH_TIMEOUT = 180000;
const watchedMoves = () => [...document.querySelectorAll("ol.moves .mv")].map((e) => e.textContent.trim());
const LOOM = new Set(["O", "L", "N", "E", "A"]);
// The games created from a position (the lobby's "Start from a position"):
// Chakra's has a White pawn on b7 and White's Queen in the pool, so that
// a promotion is on the board from the first move.
const STARTS = { chakra: "acmqksca/1Pppppp1/8/8/8/8/2PPPPP1/ACM1KSCA w Ta2n,Th2n,ta7n,th7n" };
const CURVED = /\b(Finch|Rabbi|Cohen)\b/;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

function watchErrors(page, who) {
  page.on("pageerror", (e) => check(false, `${who}: no script error (${e.message})`));
}

// Tampers with the next `move` the page sends when `state.tamper` is set:
// the server must refuse it, and the page must show the server's words.
async function routeSocket(page, state) {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (state.tamper && typeof message === "string") {
        const data = JSON.parse(message);
        if (data.type === "move") {
          state.tamper = false;
          data.text = "z9-z9";
          message = JSON.stringify(data);
        }
      }
      server.send(message);
    });
  });
}

async function lobby() {
  const ctx = await browser.newContext(desktop);
  const page = await ctx.newPage();
  watchErrors(page, "lobby");
  await page.goto(`${base}/`);
  await page.waitForSelector("#create");
  await page.screenshot({ path: `${shots}/lobby-desktop.png`, fullPage: true });
  await page.setViewportSize(phone.viewport);
  await page.screenshot({ path: `${shots}/lobby-phone.png`, fullPage: true });
  await ctx.close();
}


// Every man of ours picked in turn: the cells the page marks for it and
// the moves it offers without leaving the cell. Between two picks a cell
// the man cannot reach drops the pick (a click on another man of ours
// might be a move: a Flaxman King takes its own Soldier).
async function survey(page, seat) {
  const men = await page.$$eval(`#board .man.side-${seat}`, (els) =>
    els.map((e) => ({ cell: e.getAttribute("data-man"), title: e.querySelector("title")?.textContent || "" })),
  );
  const fates = await page.$$eval("#board .man.side-n", (els) => els.map((e) => e.getAttribute("data-man")));
  const cells = await page.$$eval("#board [data-cell]", (els) => els.map((e) => e.getAttribute("data-cell")));
  const pairs = [];
  const inPlace = [];
  const manAt = {};
  const ownChakras = new Set(men.filter((m) => /Chakra/.test(m.title)).map((m) => m.cell));
  for (const man of men) if (!/Chakra/.test(man.title) || !manAt[man.cell]) manAt[man.cell] = man.title;
  const pickable = [...new Set([...men.map((m) => m.cell), ...fates])];
  for (const from of pickable) {
    await cell(page, from);
    const targets = await markedTargets(page);
    for (const to of targets) if (to !== from) pairs.push([from, to]);
    inPlace.push(...(await choices(page)));
    const reach = new Set(targets);
    const neutral = cells.find((c) => !reach.has(c) && !manAt[c] && !fates.includes(c));
    await cell(page, neutral);
  }
  return { pairs, inPlace, manAt, ownChakras, selected: null };
}

// A move of a kind the test looks for, told from the cells and the men's
// names alone. A Chakra man that lands on its own chakra from a cell no
// line, Knight leap or King step joins to it came through the Transmitter.
function classify(family, from, to, offer, text) {
  const man = offer.manAt[from] || "";
  if (family === "tapestry" && LOOM.has(from)) return "loom";
  if (family.startsWith("aj") && CURVED.test(man)) return "curved";
  if (family === "chakra") {
    if ((text && text.includes("=")) || (/Pawn/.test(man) && to.endsWith("8"))) return "promotion";
    if (/Chakra/.test(man)) return "chakra";
    const df = Math.abs(from.charCodeAt(0) - to.charCodeAt(0));
    const dr = Math.abs(Number(from.slice(1)) - Number(to.slice(1)));
    const joined = df === 0 || dr === 0 || df === dr || df * dr === 2;
    if (offer.ownChakras.has(to) && !joined) return "transmitter";
  }
  return null;
}

// The move this turn: a kind the test looks for first, then a capture,
// else any; all among the cells the page marked.
function choose(family, offer, wanted, enemyCells) {
  const kinds = offer.pairs.map(([from, to]) => ({ from, to, kind: classify(family, from, to, offer) }));
  const shuffle = (list) => list.map((x) => [Math.random(), x]).sort((a, b) => a[0] - b[0]).map((x) => x[1]);
  const all = shuffle(kinds);
  return (
    all.find((m) => m.kind === "promotion" && wanted.has("promotion")) ||
    all.find((m) => m.kind && wanted.has(m.kind)) ||
    all.find((m) => /Pawn/.test(offer.manAt[m.from] || "") && family === "chakra" && Math.random() < 0.5) ||
    all.find((m) => enemyCells.has(m.to)) ||
    all[0]
  );
}

async function waitTurn(page) {
  await page.waitForSelector(".status.turn, .result", { timeout: TIMEOUT });
  return !(await page.$(".result"));
}

// A failed game leaves a screenshot of the player's page behind.
async function play(family) {
  const pages = {};
  try {
    await playGame(family, pages);
  } catch (error) {
    if (pages.player && !pages.player.isClosed()) await pages.player.screenshot({ path: `${shots}/${family}-failed.png` }).catch(() => {});
    throw error;
  }
}

async function playGame(family, pages) {
  const sides = family.endsWith("-3p") ? 3 : 2;
  const ctx = await browser.newContext(family === "chakra" ? phone : desktop);
  const state = { tamper: false };
  let page = await ctx.newPage();
  pages.player = page;
  await routeSocket(page, state);
  watchErrors(page, family);
  await page.goto(`${base}/`);
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", family);
  await page.selectOption("select[name=clock]", "none");
  await page.selectOption("select[name=seat]", "0");
  await page.check('input[name=listed][value="no"]');
  await page.fill("input[name=name]", `Tester ${family}`);
  if (STARTS[family]) {
    await page.click("details.position summary");
    await page.fill("input[name=position]", STARTS[family]);
  }
  await page.click("#create button.primary");
  await page.waitForURL(/\/g\//, { timeout: TIMEOUT });
  const code = page.url().match(/\/g\/([A-Za-z0-9]+)/)[1];
  say(`JOIN ${family} ${code} ${sides - 1}`);

  const watcher = await (await browser.newContext(desktop)).newPage();
  watchErrors(watcher, `${family} watcher`);
  await watcher.goto(`${base}/watch/${code}`);

  const wanted = new Set(
    { tapestry: ["loom"], chakra: ["transmitter", "chakra", "promotion"], "aj-glinski": ["curved"], "aj-glinski-3p": ["curved"] }[family] || [],
  );
  let ours = 0;
  let end = null;
  while (ours < MOVES) {
    if (!(await waitTurn(page))) {
      end = "real";
      break;
    }
    const before = await played(page);
    const offer = await survey(page, 0);
    say(`OFFERED ${JSON.stringify({ family, start: STARTS[family] || null, moves: before, pairs: offer.pairs, in_place: offer.inPlace })}`);
    if (offer.pairs.length === 0 && offer.inPlace.length === 0) break;
    const enemy = new Set(
      await page.$$eval("#board .man:not(.side-0):not(.side-n)", (els) => els.map((e) => e.getAttribute("data-man"))),
    );
    if (ours === 0) {
      // An illegal click: a man of ours, then a cell it cannot reach.
      const [from] = offer.pairs[0];
      const reach = new Set(offer.pairs.filter(([f]) => f === from).map(([, t]) => t));
      const cells = await page.$$eval("#board .cell[data-cell]", (els) => els.map((e) => e.getAttribute("data-cell")));
      const away = cells.find((c) => c !== from && !reach.has(c) && !offer.manAt[c]);
      if (offer.selected !== from) await cell(page, from);
      await cell(page, away);
      offer.selected = null;
      await page.waitForTimeout(300);
      check(
        JSON.stringify(await played(page)) === JSON.stringify(before) && !!(await page.$(".status.turn")),
        `${family}: a click on ${away}, which ${from} cannot reach, plays no move`,
      );
      // A move the server refuses: its words are shown, and the turn stays.
      state.tamper = true;
    }
    const pick = choose(family, offer, wanted, enemy);
    if (offer.selected !== pick.from) await cell(page, pick.from);
    await cell(page, pick.to);
    const choice = await choices(page);
    let text = null;
    if (choice.length > 0) {
      say(`OFFERED ${JSON.stringify({ family, start: STARTS[family] || null, moves: before, route: [pick.from, pick.to], texts: choice })}`);
      text = choice[Math.floor(Math.random() * choice.length)];
      await page.click(`.chooser button[data-play="${text}"]`);
    }
    if (ours === 0) {
      const refusal = await page.waitForSelector(".refusal", { timeout: TIMEOUT }).catch(() => null);
      const words = refusal ? (await refusal.textContent()).trim() : "";
      check(words.length > 0, `${family}: the refused move shows the server's words: "${words}"`);
      check(JSON.stringify(await played(page)) === JSON.stringify(before), `${family}: the refused move is not played`);
      await cell(page, pick.from);
      await cell(page, pick.to);
      if (text) await page.click(`.chooser button[data-play="${text}"]`);
    }
    await page.waitForFunction((n) => document.querySelectorAll("ol.moves .mv").length > n, before.length, { timeout: TIMEOUT });
    const after = await played(page);
    const move = after[before.length];
    ours += 1;
    const kind = classify(family, pick.from, pick.to, offer, move);
    if (kind) {
      say(`KIND ${family} ${kind} ${move}`);
      wanted.delete(kind);
    }
    await watcher.waitForFunction(
      (list) => JSON.stringify([...document.querySelectorAll("ol.moves .mv")].map((e) => e.textContent.trim()).slice(0, list.length)) === JSON.stringify(list),
      after,
      { timeout: WATCH_TIMEOUT },
    );
    if (ours === 2) {
      await page.screenshot({ path: `${shots}/${family}-${family === "chakra" ? "phone" : "desktop"}.png`, fullPage: family === "chakra" });
      // The player's tab closed and opened again: the seat comes back.
      await page.close();
      page = await ctx.newPage();
      pages.player = page;
      await routeSocket(page, state);
      watchErrors(page, `${family} reopened`);
      await page.goto(`${base}/g/${code}`);
      await page.waitForSelector("#board svg .man", { timeout: TIMEOUT });
      await page.waitForFunction((n) => document.querySelectorAll("ol.moves .mv").length >= n, after.length, { timeout: TIMEOUT });
      const back = await played(page);
      check(
        JSON.stringify(back.slice(0, after.length)) === JSON.stringify(after) && !(await page.$("#join")),
        `${family}: the reopened tab has its seat back with every move`,
      );
    }
  }
  const seen = await played(page);
  if (end === null && !(await page.$(".result")) && family === CLAIMED) {
    // The bot goes; after the grace the page offers the claim, and makes it.
    say(`KILL ${family}`);
    const claim = await page.waitForSelector('[data-act="claim_win"]', { timeout: TIMEOUT }).catch(() => null);
    if (check(!!claim, `${family}: the page offers to claim the win from the player who left`)) {
      await claim.click();
      end = "claimed";
    }
  }
  if (end === null && !(await page.$(".result"))) {
    await page.click('[data-act="resign"]');
    await page.click('[data-act="resign"]');
    end = "resigned";
  } else if (end === null) end = "real";
  const result = (await (await page.waitForSelector(".result", { timeout: TIMEOUT })).textContent()).trim();
  // The watcher's list reaching every move and its result, waited for
  // (not read at once), then compared.
  await watcher
    .waitForFunction(
      (n) => document.querySelectorAll("ol.moves .mv").length >= n && !!document.querySelector(".result"),
      seen.length,
      { timeout: WATCH_TIMEOUT },
    )
    .catch(() => {});
  const watched = await watcher.evaluate(watchedMoves);
  check(JSON.stringify(watched) === JSON.stringify(seen), `${family}: the watching tab saw every one of the ${seen.length} moves and the end`);
  say(`END ${family} ${end} ${seen.length} ${result.replace(/\s+/g, " ")}`);
  await ctx.close();
  await watcher.context().close();
}

try {
  await lobby();
  await everyFamily(families, play, check);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
