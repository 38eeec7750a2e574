//! From a request (game, man, cell or position) to the boards a diagram
//! draws: which boards (one, or one per Tapestry Loom square, one per
//! chakra mode), who stands on them and what is marked.

use crate::rules::glossary::man_info;
use crate::rules::registry::describe;
use crate::rules::session::Session;
use crate::rules::variant::{Variant, VariantId};
use crate::rules::view::{BoardLayout, CellId, Decor, ManInfo, ManState, Placement};

use super::marks::{Overlay, add_captures_if_enemy, overlay};
use super::stage::{Game, place_companions};
use super::text::{Figure, Scene};

/// What to draw.
#[derive(Clone, Debug)]
pub struct Request {
    pub variant: Variant,
    /// The man's letter as the game's position text writes it.
    pub letter: char,
    /// Where he stands; None: a central cell suited to him.
    pub cell: Option<String>,
    /// A position to draw him in instead of an empty board.
    pub position: Option<String>,
}

/// One board of a diagram.
#[derive(Clone, Debug)]
pub struct Panel {
    /// What sets this board apart from the others ("Opposition active").
    pub heading: Option<String>,
    /// The position drawn, in the game's notation.
    pub position: String,
    pub layout: BoardLayout,
    pub placements: Vec<Placement>,
    pub man: CellId,
    pub info: ManInfo,
    pub overlay: Overlay,
}

/// A whole diagram: the man, his game, its boards' ink and the boards.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The man's name (his modes' names, for a man of two).
    pub title: String,
    /// The game's title.
    pub game: String,
    pub decor: Decor,
    /// Whether the boards are empty but for the man and the men the rules
    /// insist on (so captures are shown where an enemy would stand).
    pub empty_board: bool,
    pub panels: Vec<Panel>,
}

/// The diagram a request asks for, or a one-line reason it cannot be drawn.
pub fn draw(request: &Request) -> Result<Diagram, String> {
    let game = Game::new(request.variant)?;
    let entry = describe(request.variant.id);
    let panels = match &request.position {
        Some(text) => vec![in_position(&game, request, text)?],
        None => on_empty_board(&game, request)?,
    };
    let mut names: Vec<&str> = Vec::new();
    for panel in &panels {
        if !names.contains(&panel.info.name) {
            names.push(panel.info.name);
        }
    }
    Ok(Diagram {
        title: names.join(" · "),
        game: entry.title.to_string(),
        decor: (entry.decor)(),
        empty_board: request.position.is_none(),
        panels,
    })
}

fn cell_of(game: &Game, name: &str) -> Result<CellId, String> {
    game.layout
        .cell_named(name)
        .ok_or_else(|| format!("unknown cell '{name}' for {}", game.key()))
}

/// The man as he stands in a given position: `--cell` names his cell.
fn in_position(game: &Game, request: &Request, text: &str) -> Result<Panel, String> {
    let session =
        crate::rules::session::new_session(request.variant, Default::default(), Some(text))
            .map_err(|e| {
                let why = e.strip_prefix("bad position text: ").unwrap_or(&e);
                format!("bad position: {why}")
            })?;
    let Some(name) = &request.cell else {
        return Err("--position needs --cell: the cell of the man to draw".into());
    };
    let man = cell_of(game, name)?;
    let standing = session
        .placements()
        .into_iter()
        .filter(|p| p.cell == man && p.letter == request.letter)
        .max_by_key(|p| p.level)
        .ok_or_else(|| format!("no {} stands on {name} in that position", request.letter))?;
    let info = man_info(request.variant, standing.letter, standing.state)
        .ok_or_else(|| not_a_man(game, request.letter))?;
    Ok(panel(session.as_ref(), None, man, info))
}

fn panel(session: &dyn Session, heading: Option<String>, man: CellId, info: ManInfo) -> Panel {
    Panel {
        heading,
        position: session.position_text(),
        layout: session.layout(),
        placements: session.placements(),
        man,
        info,
        overlay: overlay(session, man),
    }
}

fn not_a_man(game: &Game, letter: char) -> String {
    let men: Vec<String> = ('A'..='Z')
        .filter(|&l| stage_letter(game, l).is_some())
        .map(String::from)
        .collect();
    format!(
        "'{letter}' is not a man of {} (its men: {})",
        game.key(),
        men.join(" ")
    )
}

/// The states a letter is drawn in: one, or both modes of a man whose two
/// modes the game describes apart (Chakra's chakras).
fn states_of(variant: Variant, letter: char) -> Vec<ManState> {
    let knight = man_info(variant, letter, ManState::KnightMode);
    let king = man_info(variant, letter, ManState::KingMode);
    if knight.is_some() && king.is_some() && knight != king {
        return vec![ManState::KnightMode, ManState::KingMode];
    }
    [ManState::Normal, ManState::Prisoner]
        .into_iter()
        .find(|&s| man_info(variant, letter, s).is_some())
        .into_iter()
        .collect()
}

/// Whether a man of this letter stands on Tapestry's Loom (a Fate), not
/// on the board.
fn on_the_loom(game: &Game, letter: char) -> bool {
    game.id() == VariantId::Tapestry && letter == 'F'
}

/// The letter's states and a staged first board, when the letter is a man
/// the game's positions can hold.
fn stage_letter(game: &Game, letter: char) -> Option<Vec<ManState>> {
    let states = states_of(game.variant, letter);
    let state = *states.first()?;
    let man = default_cell(game, letter, state)?;
    let loom = loom_fates(game, letter, man);
    stage(game, letter, state, man, loom.first().map(|l| l.1.clone()))
        .ok()
        .map(|_| states)
}

/// The Fates' field of each Tapestry board: one board per Loom square with
/// all three Fates on it (a Fate's own board has them on its cell). Other
/// games have none.
fn loom_fates(game: &Game, letter: char, man: CellId) -> Vec<(CellId, String)> {
    if game.id() != VariantId::Tapestry {
        return Vec::new();
    }
    let squares: Vec<CellId> = if on_the_loom(game, letter) {
        vec![man]
    } else {
        (0..game.layout.cells.len() as CellId)
            .filter(|&c| game.layout.cells[usize::from(c)].board == 1)
            .collect()
    };
    squares
        .into_iter()
        .map(|c| (c, game.layout.cells[usize::from(c)].name.repeat(3)))
        .collect()
}

/// A central cell suited to the man: a pawn on the start cell of his army
/// nearest the centre (so that a double step shows), a Fate on the Nexus,
/// anyone else on the cell nearest the centre of the board.
fn default_cell(game: &Game, letter: char, state: ManState) -> Option<CellId> {
    if on_the_loom(game, letter) {
        return game.layout.cell_named("N");
    }
    let centre = game.layout.boards.first()?.centre;
    let off_centre = |c: &CellId| {
        let [x, y] = game.layout.cells[usize::from(*c)].place;
        (x - centre[0]).powi(2) + (y - centre[1]).powi(2)
    };
    let pawn = man_info(game.variant, letter, state).is_some_and(|i| i.model.contains("pawn"));
    let starts = game.start_cells_of(letter);
    let candidates = if pawn && !starts.is_empty() {
        starts
    } else {
        game.board_cells()
    };
    candidates
        .into_iter()
        .min_by(|a, b| off_centre(a).total_cmp(&off_centre(b)))
}

/// The board with the man on `man` and the men the rules need beside him.
fn stage(
    game: &Game,
    letter: char,
    state: ManState,
    man: CellId,
    fates: Option<String>,
) -> Result<Scene, String> {
    let figure = Figure {
        cell: man,
        letter,
        side: game.mover,
        state,
    };
    let scene = Scene {
        figures: if on_the_loom(game, letter) {
            Vec::new()
        } else {
            vec![figure]
        },
        fates: fates.unwrap_or_default(),
    };
    if game.id() == VariantId::Flaxman {
        return super::flaxman::stage(game, scene, figure);
    }
    let royal = game.royal_letter().ok_or("the game has no royal man")?;
    let is_royal = man_info(game.variant, letter, state).is_some_and(|i| i.royal);
    let mut companions = Vec::new();
    let companion = |letter, side| Figure {
        cell: 0,
        letter,
        side,
        state: ManState::Normal,
    };
    // A Fate belongs to nobody: the mover's King stands beside him too.
    if !is_royal || on_the_loom(game, letter) {
        companions.push(companion(royal, game.mover));
    }
    for &side in &game.others {
        companions.push(companion(royal, side));
    }
    if state != ManState::Normal && state != ManState::Prisoner {
        // A chakra is one of two: its partner stands somewhere too.
        companions.push(Figure { state, ..figure });
    }
    place_companions(game, scene, man, &companions)
}

/// Every board of a diagram on an otherwise empty board.
fn on_empty_board(game: &Game, request: &Request) -> Result<Vec<Panel>, String> {
    let letter = request.letter;
    let states = states_of(game.variant, letter);
    let Some(&first) = states.first() else {
        return Err(not_a_man(game, letter));
    };
    let man = match &request.cell {
        Some(name) => cell_of(game, name)?,
        None => default_cell(game, letter, first).ok_or_else(|| not_a_man(game, letter))?,
    };
    let loom_board = game.layout.cells[usize::from(man)].board == 1;
    if loom_board != on_the_loom(game, letter) {
        let name = &game.layout.cells[usize::from(man)].name;
        return Err(format!(
            "a {letter} cannot stand on {name} in {}",
            game.key()
        ));
    }
    let mut panels = Vec::new();
    let boards = loom_fates(game, letter, man);
    for &state in &states {
        if boards.is_empty() {
            let heading = (states.len() > 1)
                .then(|| man_info(game.variant, letter, state).map(|i| i.name.to_string()))
                .flatten();
            panels.push(empty_panel(game, request, state, man, None, heading)?);
        }
        for (square, fates) in &boards {
            let heading = loom_heading(game, *square, letter);
            panels.push(empty_panel(
                game,
                request,
                state,
                man,
                Some(fates.clone()),
                heading,
            )?);
        }
    }
    Ok(panels)
}

/// "Opposition active": the name the rules give the Loom square.
fn loom_heading(game: &Game, square: CellId, letter: char) -> Option<String> {
    if on_the_loom(game, letter) {
        return None;
    }
    let cell = game.layout.cells.get(usize::from(square))?;
    let name = cell.alt_name.clone().unwrap_or_else(|| cell.name.clone());
    Some(format!("{name} active"))
}

fn empty_panel(
    game: &Game,
    request: &Request,
    state: ManState,
    man: CellId,
    fates: Option<String>,
    heading: Option<String>,
) -> Result<Panel, String> {
    let letter = request.letter;
    let scene = stage(game, letter, state, man, fates).map_err(|why| {
        if stage_letter(game, letter).is_none() {
            let why = why.strip_prefix("bad position text: ").unwrap_or(&why);
            format!("{} ({why})", not_a_man(game, letter))
        } else {
            let name = &game.layout.cells[usize::from(man)].name;
            format!("cannot stage a {letter} on {name}: {why}")
        }
    })?;
    let session = game.session(&scene)?;
    let info = man_info(game.variant, letter, state).ok_or_else(|| not_a_man(game, letter))?;
    let mut panel = panel(session.as_ref(), heading, man, info);
    add_captures_if_enemy(&mut panel.overlay, game, &scene, man);
    Ok(panel)
}
