// The games a server plays and the options each takes, as the lobby's form
// offers them. A test of the server (tests/web_client.rs) checks this list
// against the rules' own registry, so it never says what the server refuses.

export const GAMES = [
  { key: "flaxman", title: "Flaxman", players: 2, pawn: null, promotion: false },
  { key: "tapestry", title: "Tapestry Chess", players: 2, pawn: null, promotion: false },
  { key: "glinski", title: "Glinski's hexagonal chess", players: 2, pawn: "migrant", promotion: false },
  { key: "mccooey", title: "McCooey's hexagonal chess", players: 2, pawn: "broker", promotion: false },
  { key: "aj-glinski", title: "Anglojewish Chess (Glinski layout)", players: 2, pawn: "migrant", promotion: true },
  { key: "aj-mccooey", title: "Anglojewish Chess (McCooey layout)", players: 2, pawn: "broker", promotion: true },
  { key: "aj-glinski-mixed", title: "Anglojewish Chess, mixed-bird (Glinski layout)", players: 2, pawn: "migrant", promotion: true },
  { key: "aj-mccooey-mixed", title: "Anglojewish Chess, mixed-bird (McCooey layout)", players: 2, pawn: "broker", promotion: true },
  { key: "aj-compact", title: "Anglojewish Chess (compact 61-cell board)", players: 2, pawn: "broker", promotion: true },
  { key: "chakra", title: "Chakra", players: 2, pawn: null, promotion: false },
  { key: "aj-glinski-3p", title: "Three-player Anglojewish Chess (Glinski layout)", players: 3, pawn: "migrant", promotion: true },
  { key: "aj-glinski-mixed-3p", title: "Three-player Anglojewish Chess, mixed-bird (Glinski layout)", players: 3, pawn: "migrant", promotion: true },
  { key: "aj-mccooey-3p", title: "Three-player Anglojewish Chess (McCooey layout)", players: 3, pawn: "broker", promotion: true },
  { key: "aj-mccooey-mixed-3p", title: "Three-player Anglojewish Chess, mixed-bird (McCooey layout)", players: 3, pawn: "broker", promotion: true },
];

export const PAWNS = ["point", "migrant", "broker", "corporal"];
export const PROMOTIONS = ["curved", "straight", "straight-curved"];
export const SIDE_NAMES = ["White", "Black", "Red"];

export function gameTitle(key) {
  const game = GAMES.find((g) => g.key === key);
  return game ? game.title : key;
}
