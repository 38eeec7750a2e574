// Draws a game's board as SVG from the server's geometry and position:
// the cells in their colours, the board's ink and coordinates, the men,
// and marks for the last move, check, the selected man and its targets.
// It reads state and writes markup; it decides nothing.

import { manMarkup } from "./glyphs.js";
import { targetsOf, inPlace } from "./board.js";

const f = (v) => (Math.round(v * 1000) / 1000).toString();

// How the board is turned for a player: the seat's own men at the bottom
// (a hex board turns by sixths of a turn, a square one by halves).
export function orientation(board, position, seat) {
  if (seat === null || seat === undefined || !position) return 0;
  const main = board.boards[0] ? board.boards[0].centre : [0, 0];
  const cellAt = new Map(board.cells.map((c) => [c.name, c]));
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (const man of position.men) {
    const cell = cellAt.get(man.cell);
    if (man.side === seat && cell && cell.board === 0) {
      sx += cell.centre[0] - main[0];
      sy += cell.centre[1] - main[1];
      n += 1;
    }
  }
  if (n === 0) return seat === 1 ? Math.PI : 0;
  const wanted = -Math.PI / 2 - Math.atan2(sy, sx);
  const hex = board.cells.some((c) => c.shape === "hex");
  const step = hex ? Math.PI / 3 : Math.PI;
  return Math.round(wanted / step) * step;
}

// The function from layout units (y up) to the drawing's (y down), each
// board turned about its own centre. `stacked` puts the boards after the
// first under it (the Loom under the Tapestry on a narrow screen) instead
// of beside it.
function placer(board, angle, stacked) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const shift = board.boards.map(() => [0, 0]);
  if (stacked && board.boards.length > 1) {
    const span = (k) => {
      const ys = board.cells.filter((c) => c.board === k).map((c) => c.centre[1]);
      return [Math.min(...ys) - 0.5, Math.max(...ys) + 0.5];
    };
    let bottom = span(0)[0];
    for (let k = 1; k < board.boards.length; k += 1) {
      const [low, high] = span(k);
      const [cx] = board.boards[k].centre;
      const [mx] = board.boards[0].centre;
      const top = bottom - 0.8;
      shift[k] = [mx - cx, top - high];
      bottom = top - (high - low);
    }
  }
  return (point, boardIndex) => {
    const k = board.boards[boardIndex] ? boardIndex : 0;
    const area = board.boards[k];
    const [cx, cy] = area ? area.centre : [0, 0];
    const dx = point[0] - cx;
    const dy = point[1] - cy;
    return [cx + shift[k][0] + dx * cos - dy * sin, -(cy + shift[k][1] + dx * sin + dy * cos)];
  };
}

function viewBox(board, at) {
  let min = [Infinity, Infinity];
  let max = [-Infinity, -Infinity];
  const take = ([x, y], r) => {
    min = [Math.min(min[0], x - r), Math.min(min[1], y - r)];
    max = [Math.max(max[0], x + r), Math.max(max[1], y + r)];
  };
  for (const cell of board.cells) take(at(cell.centre, cell.board), cell.shape === "hex" ? 0.58 : 0.5);
  for (const line of board.lines) {
    take(at(line.from, 0), line.width);
    take(at(line.to, 0), line.width);
  }
  const m = board.margin;
  return [min[0] - m, min[1] - m, max[0] - min[0] + 2 * m, max[1] - min[1] + 2 * m];
}

function cellMarkup(cell, at, note) {
  const [x, y] = at(cell.centre, cell.board);
  const title = note ? `<title>${note.name}: ${note.summary}</title>` : `<title>${cell.name}</title>`;
  const data = `data-cell="${cell.name}" class="cell"`;
  if (cell.shape === "point") {
    // A point is small; a wider transparent disc takes the clicks.
    return (
      `<circle cx="${f(x)}" cy="${f(y)}" r="0.45" ${data} fill="transparent" stroke="none">${title}</circle>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="${cell.radius}" class="point" fill="${cell.fill}" pointer-events="none"/>`
    );
  }
  const points = cell.outline.map((p) => at(p, cell.board).map(f).join(",")).join(" ");
  return `<polygon points="${points}" ${data} fill="${cell.fill}">${title}</polygon>`;
}

const MARK_RADIUS = { target: 0.17, capture: 0.44, here: 0.46 };

function markMarkup(kind, name, x, y) {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${MARK_RADIUS[kind]}" class="mark ${kind}" data-target="${name}"/>`;
}

// The whole board as one SVG element's markup.
export function renderBoard(game, angle, stacked) {
  const board = game.board;
  const position = game.position;
  const at = placer(board, angle, stacked);
  const [vx, vy, vw, vh] = viewBox(board, at);
  const cells = new Map(board.cells.map((c) => [c.name, c]));
  const moves = position && game.seat !== null && position.to_move === game.seat && !game.ended ? position.moves : [];
  const targets = game.selected ? targetsOf(moves, game.selected) : new Set();
  const occupied = new Set(position ? position.men.map((m) => m.cell) : []);
  const last = position && position.last ? [position.last.from, position.last.to] : [];
  const notes = new Map(position && position.notes ? position.notes.map((n) => [n.cell, n]) : []);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}" class="board" role="img" aria-label="${board.title} board">`,
  ];
  out.push('<g class="cells">');
  for (const cell of board.cells) out.push(cellMarkup(cell, at, notes.get(cell.name)));
  out.push("</g>");
  const marked = [];
  for (const name of last) marked.push([name, "last"]);
  if (position && position.check) marked.push([position.check, "check"]);
  if (game.selected) marked.push([game.selected, "selected"]);
  for (const line of board.lines) {
    const [x1, y1] = at(line.from, 0);
    const [x2, y2] = at(line.to, 0);
    out.push(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke-width="${line.width}" class="ink"/>`);
  }
  out.push(highlights(marked, cells, at));
  const square = !board.cells.some((c) => c.shape === "hex");
  out.push(labels(board, cells, at, square && Math.abs(Math.cos(angle) + 1) < 1e-6));
  if (position) out.push(men(position, cells, at));
  for (const name of targets) {
    const cell = cells.get(name);
    const [x, y] = at(cell.centre, cell.board);
    out.push(markMarkup(occupied.has(name) ? "capture" : "target", name, x, y));
  }
  if (game.selected && inPlace(moves, game.selected).length > 0) {
    const cell = cells.get(game.selected);
    const [x, y] = at(cell.centre, cell.board);
    out.push(markMarkup("here", game.selected, x, y));
  }
  out.push("</svg>");
  return out.join("");
}

// The last move's cells, a royal man in check and the selected man's cell,
// tinted over the cells (a Flaxman point gets a disc, having no area).
function highlights(marked, cells, at) {
  const out = ['<g class="highlights" pointer-events="none">'];
  for (const [name, kind] of marked) {
    const cell = cells.get(name);
    if (!cell) continue;
    if (cell.shape === "point") {
      const [x, y] = at(cell.centre, cell.board);
      out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="0.44" class="hl ${kind}"/>`);
    } else {
      const points = cell.outline.map((p) => at(p, cell.board).map(f).join(",")).join(" ");
      out.push(`<polygon points="${points}" class="hl ${kind}"/>`);
    }
  }
  out.push("</g>");
  return out.join("");
}

// A coordinate on the board's edge stays below or left of a board turned
// round: mirrored across the board, along its row or column.
function edge([x, y], box, turned) {
  if (!turned) return [x, y];
  const [x0, y0, x1, y1] = box;
  if (y < y0 || y > y1) return [x, y0 + y1 - y];
  if (x < x0 || x > x1) return [x0 + x1 - x, y];
  return [x, y];
}

function labels(board, cells, at, turned) {
  const out = ['<g class="labels">'];
  const main = board.cells.filter((c) => c.board === 0).map((c) => at(c.centre, 0));
  const box = [
    Math.min(...main.map((p) => p[0])) - 0.5,
    Math.min(...main.map((p) => p[1])) - 0.5,
    Math.max(...main.map((p) => p[0])) + 0.5,
    Math.max(...main.map((p) => p[1])) + 0.5,
  ];
  for (const label of board.labels) {
    const onCell = label.cell ? cells.get(label.cell) : null;
    const [x, y] = at(label.at, onCell ? onCell.board : 0);
    if (onCell) {
      // A hex cell's name, in the cell under its man.
      const [cx, cy] = at(onCell.centre, onCell.board);
      out.push(
        `<text x="${f(cx)}" y="${f(cy + 0.46)}" class="cellname${onCell.dark ? " dark" : ""}">${label.text}</text>`,
      );
    } else {
      const [ex, ey] = edge([x, y], box, turned);
      out.push(`<text x="${f(ex)}" y="${f(ey + 0.1)}" class="coord">${label.text}</text>`);
    }
  }
  for (const cell of board.cells) {
    if (cell.board !== 0 && cell.alt) {
      const [x, y] = at(cell.centre, cell.board);
      // Above and below the man, who is drawn small on a Loom square.
      out.push(`<text x="${f(x)}" y="${f(y - 0.33)}" class="loomname">${cell.alt}</text>`);
      out.push(`<text x="${f(x)}" y="${f(y + 0.45)}" class="loomletter">${cell.name}</text>`);
    }
  }
  out.push("</g>");
  return out.join("");
}

function men(position, cells, at) {
  const out = ['<g class="men" pointer-events="none">'];
  const sorted = position.men.slice().sort((a, b) => a.level - b.level);
  const fates = new Map();
  for (const man of sorted) {
    if (man.side === undefined || man.side === null) fates.set(man.cell, (fates.get(man.cell) || 0) + 1);
  }
  const drawnFates = new Set();
  for (const man of sorted) {
    const cell = cells.get(man.cell);
    if (!cell) continue;
    const fate = man.side === undefined || man.side === null;
    if (fate && drawnFates.has(man.cell)) continue;
    const [x, y] = at(cell.centre, cell.board);
    const chakraUnder = (man.state === "knight" || man.state === "king") && sorted.some((o) => o.cell === man.cell && o.level > man.level);
    const onChakra = man.level > 0 && !fate;
    // A Loom square keeps room for its name above the man and its letter below.
    const loom = cell.board !== 0 && cell.alt;
    const size = chakraUnder ? 0.98 : onChakra ? 0.62 : cell.shape === "hex" ? 0.64 : loom ? 0.5 : 0.8;
    out.push(`<g class="at">${manMarkup(man, x, y, size)}</g>`);
    if (fate) {
      drawnFates.add(man.cell);
      const count = fates.get(man.cell);
      if (count > 1) {
        const [cx, cy] = loom ? [x + 0.36, y + 0.08] : [x + 0.32, y - 0.22];
        out.push(`<text x="${f(cx)}" y="${f(cy)}" class="count${loom ? " small" : ""}">×${count}</text>`);
      }
    }
  }
  out.push("</g>");
  return out.join("");
}
