// The men as 2D symbols: a disc in its side's colours with the sign of its
// model in the window (a crown, a tower, a horse's head, a bird …), drawn
// in a 100-unit box centred on 50,50. Keyed by the model name the server
// sends with each man, so a player of the 3D window knows them.

export const SIGNS = {
  king: '<path d="M50 14V36M40 23H60" class="line"/><path d="M28 80L31 48Q50 34 69 48L72 80Z" class="ink"/>',
  queen:
    '<path d="M25 78L20 38L37 56L50 28L63 56L80 38L75 78Z" class="ink"/>' +
    '<circle cx="20" cy="35" r="5" class="ink"/><circle cx="50" cy="24" r="5" class="ink"/><circle cx="80" cy="35" r="5" class="ink"/>',
  rook: '<path d="M28 80V32H38V42H46V32H54V42H62V32H72V80Z" class="ink"/><path d="M28 54H72" class="cut"/>',
  bishop:
    '<path d="M50 16C70 34 70 56 60 70H40C30 56 30 34 50 16Z" class="ink"/><path d="M57 32L46 46" class="cut"/>' +
    '<path d="M32 80H68" class="line"/>',
  knight:
    '<path d="M34 82L38 62C30 58 24 50 30 42L47 28L50 16L57 28C72 34 78 54 72 82Z" class="ink"/>' +
    '<circle cx="44" cy="38" r="3.5" class="cutfill"/>',
  pawn: '<circle cx="50" cy="33" r="12" class="ink"/><path d="M35 80C37 62 44 54 44 46H56C56 54 63 62 65 80Z" class="ink"/>',
  general:
    '<circle cx="50" cy="58" r="22" class="ink"/><path d="M30 44L32 20L42 36L50 16L58 36L68 20L70 44Z" class="ink"/>' +
    '<path d="M29 44H71" class="cut"/>',
  cohen:
    '<path d="M30 80V30L50 20L70 30V80Z" class="ink"/><path d="M50 36V72M36 54H64" class="cut"/>' +
    '<circle cx="40" cy="44" r="3" class="cutfill"/><circle cx="60" cy="44" r="3" class="cutfill"/>' +
    '<circle cx="40" cy="64" r="3" class="cutfill"/><circle cx="60" cy="64" r="3" class="cutfill"/>',
  finch:
    '<ellipse cx="46" cy="58" rx="22" ry="16" class="ink"/><circle cx="66" cy="38" r="11" class="ink"/>' +
    '<path d="M75 34L88 39L75 43Z" class="ink"/><path d="M26 56L12 46L16 66Z" class="ink"/>' +
    '<circle cx="68" cy="36" r="2.5" class="cutfill"/><path d="M42 74V84M52 74V84" class="line"/>',
  rabbi:
    '<circle cx="50" cy="66" r="15" class="ink"/><path d="M36 24H64V48H36Z" class="ink"/><path d="M24 50H76" class="line"/>',
  sennight:
    '<circle cx="50" cy="50" r="24" class="ring"/>' +
    [0, 1, 2, 3, 4, 5, 6]
      .map((k) => {
        const a = (k * 2 * Math.PI) / 7 - Math.PI / 2;
        return `<circle cx="${(50 + 24 * Math.cos(a)).toFixed(1)}" cy="${(50 + 24 * Math.sin(a)).toFixed(1)}" r="6" class="ink"/>`;
      })
      .join(""),
  unicorn:
    '<path d="M34 82L38 62C30 58 24 50 30 42L47 30L52 22L58 30C72 36 78 54 72 82Z" class="ink"/>' +
    '<path d="M48 28L38 8" class="line"/><circle cx="44" cy="40" r="3.5" class="cutfill"/>',
  "pawn-point": '<path d="M50 14L60 42H40Z" class="ink"/><path d="M35 80C37 62 44 54 44 46H56C56 54 63 62 65 80Z" class="ink"/>',
  "pawn-migrant": '<circle cx="50" cy="24" r="9" class="ink"/><circle cx="50" cy="46" r="12" class="ink"/><circle cx="50" cy="72" r="15" class="ink"/>',
  "pawn-broker": '<circle cx="50" cy="32" r="13" class="ink"/><path d="M32 50H68V80H32Z" class="ink"/>',
  "pawn-corporal":
    '<circle cx="50" cy="28" r="12" class="ink"/><path d="M34 46H66V80H34Z" class="ink"/>' +
    '<path d="M38 58L50 52L62 58M38 70L50 64L62 70" class="cut"/>',
  "flaxman-king": '<circle cx="50" cy="50" r="26" class="ring"/><path d="M50 32V68M32 50H68" class="line"/>',
  "flaxman-soldier":
    '<circle cx="46" cy="30" r="11" class="ink"/><path d="M34 82V48H58V82Z" class="ink"/><path d="M72 84V22" class="line"/>' +
    '<path d="M65 26L72 10L79 26Z" class="ink"/>',
  "flaxman-prisoner": '<path d="M30 22H70M30 78H70M36 22V78M46 22V78M56 22V78M66 22V78" class="line"/>',
  ape:
    '<circle cx="26" cy="44" r="10" class="ink"/><circle cx="74" cy="44" r="10" class="ink"/><circle cx="50" cy="48" r="26" class="ink"/>' +
    '<ellipse cx="50" cy="60" rx="14" ry="10" class="cutfill"/><circle cx="41" cy="42" r="3.5" class="cutfill"/><circle cx="59" cy="42" r="3.5" class="cutfill"/>',
  courtesan:
    '<circle cx="50" cy="20" r="7" class="ink"/><circle cx="50" cy="36" r="11" class="ink"/><path d="M50 46L72 84H28Z" class="ink"/>' +
    '<path d="M36 58H64" class="cut"/>',
  monk:
    '<ellipse cx="50" cy="20" rx="16" ry="5" class="ring"/><circle cx="50" cy="38" r="12" class="ink"/>' +
    '<path d="M32 84L38 52H62L68 84Z" class="ink"/>',
  samurai:
    '<path d="M28 52Q28 24 50 24Q72 24 72 52Z" class="ink"/><path d="M34 30L20 10L40 24M66 30L80 10L60 24" class="ink"/>' +
    '<path d="M36 56H64V82H36Z" class="ink"/><path d="M24 52H76" class="line"/>',
  "chakra-knight":
    '<circle cx="50" cy="50" r="30" class="ring"/><path d="M29 29L71 71M71 29L29 71M50 20V80M20 50H80" class="line thin"/>' +
    '<circle cx="50" cy="50" r="9" class="ink"/>',
  "chakra-king":
    '<circle cx="50" cy="50" r="30" class="ring"/><path d="M50 20V80M20 50H80" class="line thin"/>' +
    '<circle cx="50" cy="50" r="14" class="ink"/><path d="M42 50L50 42L58 50L50 58Z" class="cutfill"/>',
  fate: '<circle cx="50" cy="50" r="24" class="ring"/><path d="M50 14V86" class="line"/><circle cx="50" cy="50" r="8" class="ink"/>',
};

// A man's sign, or its letter when the model has none.
export function sign(model, letter) {
  return SIGNS[model] || `<text x="50" y="66" text-anchor="middle" font-size="48" font-weight="bold" class="inktext">${letter}</text>`;
}

// The disc and sign of a man, `size` across, centred on x,y (board units).
export function manMarkup(man, x, y, size) {
  const side = man.side === undefined || man.side === null ? "n" : man.side;
  const k = size / 100;
  const chakra = man.state === "knight" || man.state === "king";
  return (
    `<g class="man side-${side}${chakra ? " chakra" : ""}" data-man="${man.cell}" transform="translate(${(x - size / 2).toFixed(3)} ${(y - size / 2).toFixed(3)}) scale(${k.toFixed(4)})">` +
    `<title>${sideName(man.side)} ${man.name}</title>` +
    `<circle cx="50" cy="50" r="47" class="disc"/>${sign(man.model, man.letter)}</g>`
  );
}

function sideName(side) {
  return side === undefined || side === null ? "" : ["White", "Black", "Red"][side] || "";
}

