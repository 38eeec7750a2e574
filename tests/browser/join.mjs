// A friend's browser joins a game the window hosts, by the invite link the
// window shows, and plays Black by clicks. Run by tests/host_window.rs:
//
//   node join.mjs LINK SHOTS_DIR
//
// It talks to the test on stdout, one line each:
//   SEATED              — the board is up, the seat taken
//   SAW n move          — the page's move list has n moves, the last this one
//   PLAYED move         — the page played this move (its list shows it)
//   AWAY words          — the connection dropped; what the page says
//   BACK                — connected again
//   FAIL what           — a check failed (the exit status is then 1)
import { chromium } from "playwright-core";
import fs from "node:fs";

const [link, shots] = process.argv.slice(2);
fs.mkdirSync(shots, { recursive: true });
const say = (line) => process.stdout.write(`${line}\n`);
// Patient: the window's host shares two loaded cores with everything else.
const TIMEOUT = 180000;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
let failed = false;
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.on("pageerror", (e) => {
    failed = true;
    say(`FAIL a script error: ${e.message}`);
  });
  await page.goto(link);
  await page.waitForSelector("#join", { timeout: TIMEOUT });
  await page.fill("#join input[name=name]", "Friend");
  await page.click("#join button.primary");
  await page.waitForSelector("#board svg .man", { timeout: TIMEOUT });
  say("SEATED");

  const moves = () => page.$$eval("ol.moves .mv", (els) => els.map((e) => e.textContent.trim()));
  const until = (n) =>
    page.waitForFunction((k) => document.querySelectorAll("ol.moves .mv").length >= k, n, { timeout: TIMEOUT });
  await until(1);
  say(`SAW 1 ${(await moves())[0]}`);

  // Black's move: the first man of ours the page marks a target for.
  await page.waitForSelector(".status.turn", { timeout: TIMEOUT });
  const men = await page.$$eval("#board .man.side-1", (els) => els.map((e) => e.getAttribute("data-man")));
  let played = false;
  for (const from of men) {
    await page.click(`#board [data-cell="${from}"]`, { force: true });
    const targets = await page.$$eval("#board .mark[data-target]", (els) =>
      els.filter((e) => !e.classList.contains("here") && !e.classList.contains("last")).map((e) => e.getAttribute("data-target")),
    );
    const to = targets.find((t) => t !== from);
    if (to) {
      await page.click(`#board [data-cell="${to}"]`, { force: true });
      played = true;
      break;
    }
  }
  if (!played) throw new Error("no man of Black's has a move marked");
  await until(2);
  say(`PLAYED ${(await moves())[1]}`);
  await page.screenshot({ path: `${shots}/hosted-game-browser.png` });

  // The host closes the window: the page hears that the server went away,
  // and tries again until it is back.
  await page.waitForSelector(".link.gone", { timeout: TIMEOUT });
  say(`AWAY ${(await page.textContent(".link")).trim()}`);
  await page.waitForSelector(".link.connected", { timeout: TIMEOUT });
  say("BACK");
  await until(3);
  const all = await moves();
  say(`SAW 3 ${all[2]}`);
} catch (error) {
  failed = true;
  say(`FAIL ${error && error.message ? error.message.split("\n")[0] : error}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
