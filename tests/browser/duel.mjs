// Friends with nothing but a browser play each game to its end: one
// visitor creates the game in the lobby's form, the invite link opened in
// another browser profile (and, for three players, a third) joins it, and
// they take turns by clicks until each has played MOVES moves. Then two
// players agree a draw (one offers, the other accepts) and in a
// three-player game the player to move resigns. Run by tests/browser.rs:
//
//   node duel.mjs HOST:PORT SHOTS_DIR MOVES FAMILY...
//
// It says on stdout, one line each:
//   MOVED family seat move    — a page played this move
//   END family how plies result — the game ended (`agreed`, `resigned`, or
//                               `played` when a move ended it first); the
//                               result every page shows
//   ok what / FAIL what       — a check; any FAIL makes the exit status 1
import { chromium } from "playwright-core";
import fs from "node:fs";
import { cell, choices, everyFamily, played, targets } from "./page.mjs";

const [addr, shots, movesArg, ...families] = process.argv.slice(2);
const MOVES = Number(movesArg);
const base = `http://${addr}`;
fs.mkdirSync(shots, { recursive: true });
const say = (line) => process.stdout.write(`${line}\n`);
let failed = false;
const check = (ok, what) => {
  if (!ok) failed = true;
  say(`${ok ? "ok" : "FAIL"} ${what}`);
  return ok;
};
const TIMEOUT = 120000;
const random = (list) => list[Math.floor(Math.random() * list.length)];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });

// A fresh profile: a context of its own, with its own storage.
async function profile(who) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.on("pageerror", (e) => check(false, `${who}: no script error (${e.message})`));
  return page;
}

async function create(family) {
  const page = await profile(`${family} creator`);
  await page.goto(`${base}/`);
  await page.waitForSelector("#create");
  await page.selectOption("select[name=variant]", family);
  await page.selectOption("select[name=clock]", "none");
  await page.selectOption("select[name=seat]", "0");
  await page.check('input[name=listed][value="no"]');
  await page.fill("input[name=name]", "Ada");
  await page.click("#create button.primary");
  await page.waitForURL(/\/g\//, { timeout: TIMEOUT });
  return page;
}

async function join(family, link, name) {
  const page = await profile(`${family} ${name}`);
  await page.goto(link);
  await page.waitForSelector("#join", { timeout: TIMEOUT });
  await page.fill("#join input[name=name]", name);
  await page.click("#join button.primary");
  await page.waitForSelector("#board svg .man", { timeout: TIMEOUT });
  return page;
}

// The page whose turn it is (the others say who is to move).
async function mover(pages) {
  for (let k = 0; k < 600; k++) {
    for (const page of pages) if (await page.$(".status.turn")) return page;
    await pages[0].waitForTimeout(200);
  }
  throw new Error("no page says it is its turn");
}

// One move by clicks: a random man of ours (or Fate) with a marked
// target, a random target, a random choice if the page asks which.
async function move(page, seat) {
  const men = await page.$$eval(`#board .man.side-${seat}, #board .man.side-n`, (els) => els.map((e) => e.getAttribute("data-man")));
  const before = (await played(page)).length;
  for (const from of men.sort(() => Math.random() - 0.5)) {
    await cell(page, from);
    const reach = (await targets(page)).filter((t) => t !== from);
    if (reach.length === 0) continue;
    await cell(page, random(reach));
    const offered = await choices(page);
    if (offered.length > 0) await page.click(`.chooser button[data-play="${random(offered)}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("ol.moves .mv").length > n, before, { timeout: TIMEOUT });
    return (await played(page))[before];
  }
  const inPlace = await choices(page);
  if (inPlace.length === 0) throw new Error("no man has a marked move");
  await page.click(`.chooser button[data-play="${random(inPlace)}"]`);
  await page.waitForFunction((n) => document.querySelectorAll("ol.moves .mv").length > n, before, { timeout: TIMEOUT });
  return (await played(page))[before];
}

async function end(pages) {
  const page = await mover(pages);
  if (pages.length === 2) {
    await page.click('[data-act="offer_draw"]');
    const other = pages.find((p) => p !== page);
    const accept = await other.waitForSelector('[data-act="offer_draw"]:text("Accept draw")', { timeout: TIMEOUT });
    await accept.click();
    return "agreed";
  }
  await page.click('[data-act="resign"]');
  await page.click('[data-act="resign"]');
  return "resigned";
}

async function duel(family) {
  const creator = await create(family);
  const link = await creator.inputValue(".invite input");
  const pages = [creator, await join(family, link, "Bea")];
  if (family.endsWith("-3p")) pages.push(await join(family, link, "Cy"));
  // Ada took White (seat 0); a join takes the lowest free seat.
  const names = ["Ada", "Bea", "Cy"].slice(0, pages.length);
  const seats = names.map((_, k) => k);
  for (const [k, page] of pages.entries()) {
    const you = await page.$$eval(".player", (els) => els.map((e) => e.textContent).filter((t) => t.includes("(you)")));
    check(you.length === 1 && you[0].includes(names[k]), `${family}: ${names[k]}'s profile holds a seat of its own (${you})`);
  }
  for (let ply = 0; ply < MOVES * pages.length; ply++) {
    const page = await mover(pages);
    if (await page.$(".result")) break;
    const seat = seats[pages.indexOf(page)];
    say(`MOVED ${family} ${seat} ${await move(page, seat)}`);
  }
  let how = "played";
  if (!(await creator.$(".result"))) how = await end(pages);
  const results = [];
  for (const page of pages) results.push((await (await page.waitForSelector(".result", { timeout: TIMEOUT })).textContent()).trim());
  const lists = await Promise.all(pages.map(played));
  check(new Set(lists.map((l) => JSON.stringify(l))).size === 1, `${family}: every profile's page lists the same ${lists[0].length} moves`);
  check(new Set(results).size === 1, `${family}: every profile's page shows the end: ${results[0]}`);
  await creator.screenshot({ path: `${shots}/${family}-duel.png` });
  say(`END ${family} ${how} ${lists[0].length} ${results[0]}`);
  for (const page of pages) await page.context().close();
}

try {
  await everyFamily(families, duel, check);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
