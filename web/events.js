// The board's input: tap a man then a cell, or drag the man there; mouse,
// pen and touch alike (pointer events). What a pick means is board.js's
// answer; what is played goes through the api.

import { click, movableCells } from "./board.js";

const DRAG_PIXELS = 6;

function cellAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const cell = hit && hit.closest ? hit.closest("[data-cell]") : null;
  return cell ? cell.getAttribute("data-cell") : null;
}

// Wires the board element; `current()` gives the game's state now, `act`
// receives { selected, play, choice } for each pick.
export function bindBoard(element, { current, moves, act }) {
  let press = null;

  element.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button > 0) return;
    const cell = cellAt(e.clientX, e.clientY);
    if (!cell) return;
    const game = current();
    const movable = movableCells(moves()).has(cell);
    press = { cell, x: e.clientX, y: e.clientY, dragging: false, movable };
    if (movable && game.selected !== cell && !(game.selected && isTarget(game, cell))) {
      act({ selected: cell, play: null, choice: null });
      press.selectedNow = true;
    }
    element.setPointerCapture(e.pointerId);
    e.preventDefault();
  });

  element.addEventListener("pointermove", (e) => {
    if (!press || !press.movable) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_PIXELS) return;
    press.dragging = true;
    const man = element.querySelector(`[data-man="${press.cell}"]`);
    const svg = element.querySelector("svg");
    if (!man || !svg) return;
    const m = svg.getScreenCTM();
    if (!m) return;
    const wrapper = man.parentNode;
    wrapper.setAttribute("transform", `translate(${dx / m.a} ${dy / m.d})`);
    wrapper.classList.add("lifted");
  });

  const finish = (e) => {
    if (!press) return;
    const p = press;
    press = null;
    const game = current();
    if (p.dragging) {
      const to = cellAt(e.clientX, e.clientY);
      if (to && to !== p.cell) act(click(moves(), p.cell, to));
      else act({ selected: p.cell, play: null, choice: null });
      return;
    }
    if (p.selectedNow) return;
    act(click(moves(), game.selected, p.cell));
  };
  element.addEventListener("pointerup", finish);
  element.addEventListener("pointercancel", () => {
    press = null;
    act({ selected: current().selected, play: null, choice: null });
  });

  function isTarget(game, cell) {
    return moves().some((m) => m.from === game.selected && m.to === cell);
  }
}
