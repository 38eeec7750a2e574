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
// board turned about its own centre.
function placer(board, angle) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return (point, boardIndex) => {
    const area = board.boards[boardIndex] || board.boards[0];
    const [cx, cy] = area ? area.centre : [0, 0];
    const dx = point[0] - cx;
    const dy = point[1] - cy;
    return [cx + dx * cos - dy * sin, -(cy + dx * sin + dy * cos)];
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

function cellMarkup(cell, at, classes) {
  const [x, y] = at(cell.centre, cell.board);
  const data = `data-cell="${cell.name}" class="cell ${classes}"`;
  if (cell.shape === "point") {
    // A point is small; a wider transparent disc takes the clicks.
    return (
      `<circle cx="${f(x)}" cy="${f(y)}" r="0.45" ${data} fill="transparent"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="${cell.radius}" class="point" fill="${cell.fill}" pointer-events="none"/>`
    );
  }
  const points = cell.outline.map((p) => at(p, cell.board).map(f).join(",")).join(" ");
  return `<polygon points="${points}" ${data} fill="${cell.fill}"/>`;
}

function markMarkup(kind, x, y, size) {
  switch (kind) {
    case "target":
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.17)}" class="mark target"/>`;
    case "capture":
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.44)}" class="mark capture"/>`;
    case "here":
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.46)}" class="mark here"/>`;
    default:
      return "";
  }
}

// The whole board as one SVG element's markup.
export function renderBoard(game, angle, dragging) {
  const board = game.board;
  const position = game.position;
  const at = placer(board, angle);
  const [vx, vy, vw, vh] = viewBox(board, at);
  const cells = new Map(board.cells.map((c) => [c.name, c]));
  const moves = position && game.seat !== null && position.to_move === game.seat && !game.ended ? position.moves : [];
  const targets = game.selected ? targetsOf(moves, game.selected) : new Set();
  const occupied = new Set(position ? position.men.map((m) => m.cell) : []);
  const last = position && position.last ? [position.last.from, position.last.to] : [];
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}" class="board" role="img" aria-label="${board.title} board">`,
  ];
  out.push('<g class="cells">');
  for (const cell of board.cells) {
    const classes = [];
    if (last.includes(cell.name)) classes.push("last");
    if (position && position.check === cell.name) classes.push("check");
    if (game.selected === cell.name) classes.push("selected");
    if (targets.has(cell.name)) classes.push("targeted");
    out.push(cellMarkup(cell, at, classes.join(" ")));
  }
  out.push("</g>");
  for (const line of board.lines) {
    const [x1, y1] = at(line.from, 0);
    const [x2, y2] = at(line.to, 0);
    out.push(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke-width="${line.width}" class="ink"/>`);
  }
  out.push(overlays(board, cells, at, last, position));
  out.push(labels(board, cells, at));
  if (position) out.push(men(position, cells, at, dragging));
  for (const name of targets) {
    const cell = cells.get(name);
    const [x, y] = at(cell.centre, cell.board);
    out.push(markMarkup(occupied.has(name) ? "capture" : "target", x, y, 1));
  }
  if (game.selected && inPlace(moves, game.selected).length > 0) {
    const cell = cells.get(game.selected);
    const [x, y] = at(cell.centre, cell.board);
    out.push(markMarkup("here", x, y, 1));
  }
  out.push("</svg>");
  return out.join("");
}

// The last move's cells tinted, and a check's royal cell glowing, over
// points too (a Flaxman point has no area to tint).
function overlays(board, cells, at, last, position) {
  const out = [];
  for (const name of last) {
    const cell = cells.get(name);
    if (cell && cell.shape === "point") {
      const [x, y] = at(cell.centre, cell.board);
      out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="0.42" class="lastpoint"/>`);
    }
  }
  if (position && position.check) {
    const cell = cells.get(position.check);
    if (cell) {
      const [x, y] = at(cell.centre, cell.board);
      out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="0.5" class="checkglow"/>`);
    }
  }
  return out.join("");
}

function labels(board, cells, at) {
  const out = ['<g class="labels">'];
  for (const label of board.labels) {
    const onCell = label.cell ? cells.get(label.cell) : null;
    const [x, y] = at(label.at, onCell ? onCell.board : 0);
    if (onCell) {
      // A hex cell's name, in the cell under its man.
      const [cx, cy] = at(onCell.centre, onCell.board);
      out.push(
        `<text x="${f(cx)}" y="${f(cy + 0.42)}" class="cellname${onCell.dark ? " dark" : ""}">${label.text}</text>`,
      );
    } else {
      out.push(`<text x="${f(x)}" y="${f(y + 0.1)}" class="coord">${label.text}</text>`);
    }
  }
  for (const cell of board.cells) {
    if (cell.board !== 0 && cell.alt) {
      const [x, y] = at(cell.centre, cell.board);
      out.push(`<text x="${f(x)}" y="${f(y - 0.34)}" class="cellname">${cell.name} ${cell.alt}</text>`);
    }
  }
  out.push("</g>");
  return out.join("");
}

function men(position, cells, at, dragging) {
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
    const size = chakraUnder ? 0.98 : onChakra ? 0.62 : cell.shape === "hex" ? 0.74 : 0.8;
    const lifted = dragging && dragging.from === man.cell && !chakraUnder ? " lifted" : "";
    out.push(`<g class="at${lifted}">${manMarkup(man, x, y, size)}</g>`);
    if (fate) {
      drawnFates.add(man.cell);
      const count = fates.get(man.cell);
      if (count > 1) out.push(`<text x="${f(x + 0.32)}" y="${f(y - 0.22)}" class="count">×${count}</text>`);
    }
  }
  out.push("</g>");
  return out.join("");
}
