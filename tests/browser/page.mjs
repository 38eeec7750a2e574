// What the browser tests' scripts do with a game page: click a cell, read
// the move list, read the cells the page marks for the picked man.

// A click on a cell of the board (forced: men and marks lie over it).
export const cell = (page, name) => page.click(`#board [data-cell="${name}"]`, { force: true });

// The moves the page's list shows, in order.
export const played = (page) => page.$$eval("ol.moves .mv", (els) => els.map((e) => e.textContent.trim()));

// The cells the page marks as targets of the picked man.
export const targets = (page) =>
  page.$$eval("#board .mark[data-target]", (els) =>
    els.filter((e) => !e.classList.contains("here") && !e.classList.contains("last")).map((e) => e.getAttribute("data-target")),
  );

// The moves the chooser offers (a promotion's choices, moves in place).
export const choices = (page) => page.$$eval(".chooser button[data-play]", (els) => els.map((e) => e.getAttribute("data-play")));

// Runs `play` for every family at once; a family whose run threw is one
// failed check, named by its first line.
export async function everyFamily(families, play, check) {
  const outcomes = await Promise.allSettled(families.map((family) => play(family)));
  outcomes.forEach((o, k) => {
    if (o.status === "rejected") check(false, `${families[k]}: ${o.reason && o.reason.message ? o.reason.message.split("\n")[0] : o.reason}`);
  });
}
