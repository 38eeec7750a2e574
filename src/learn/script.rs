//! A lesson played out against the rules: the game, the marks and arrows
//! in force, the caption and the camera after any number of steps. The
//! window shows a [`Frame`]; the checker walks one through every step.

use super::lesson::{ArrowKind, Expect, Lesson, MarkColour, Shot, Step};
use crate::rules::history::DrawRules;
use crate::rules::session::{MoveInfo, Session, new_session};
use crate::rules::variant::Variant;
use crate::rules::view::CellId;
use crate::rules::{MoveError, Side};

/// A mark of the lesson on one cell.
#[derive(Clone, PartialEq, Debug)]
pub struct CellMark {
    pub cell: CellId,
    pub colour: MarkColour,
    pub label: Option<String>,
}

/// An arrow of the lesson through cells.
#[derive(Clone, PartialEq, Debug)]
pub struct ArrowView {
    pub kind: ArrowKind,
    pub cells: Vec<CellId>,
    pub label: Option<String>,
}

/// Where the camera is asked to look.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CameraShot {
    pub shot: Shot,
    pub cell: Option<CellId>,
}

/// Everything the lesson shows after some of its steps.
#[derive(Clone)]
pub struct Frame {
    pub session: Box<dyn Session>,
    pub marks: Vec<CellMark>,
    pub arrows: Vec<ArrowView>,
    pub caption: Option<String>,
    pub camera: CameraShot,
    /// The last move played, for the last-move marks.
    pub last_move: Option<MoveInfo>,
    /// Steps applied so far.
    pub done: usize,
}

/// The variant a lesson plays.
pub fn variant_of(lesson: &Lesson) -> Result<Variant, String> {
    Variant::parse(&lesson.variant, lesson.pawn.as_deref())?
        .with_promotion_text(lesson.promotion.as_deref())
}

impl Frame {
    /// The lesson before its first step.
    pub fn start(lesson: &Lesson) -> Result<Frame, String> {
        let variant = variant_of(lesson)?;
        let session = new_session(variant, DrawRules::default(), lesson.position.as_deref())?;
        Ok(Frame {
            session,
            marks: Vec::new(),
            arrows: Vec::new(),
            caption: None,
            camera: CameraShot {
                shot: Shot::Player,
                cell: None,
            },
            last_move: None,
            done: 0,
        })
    }

    /// The lesson after its first `steps` steps, exercises answered with
    /// their scripted answer. An error names the 1-based step that failed.
    pub fn after(lesson: &Lesson, steps: usize) -> Result<Frame, (usize, String)> {
        let mut frame = Frame::start(lesson).map_err(|e| (0, e))?;
        for (i, step) in lesson.steps.iter().take(steps).enumerate() {
            frame.apply(step, None).map_err(|e| (i + 1, e))?;
        }
        Ok(frame)
    }

    pub fn cell(&self, name: &str) -> Result<CellId, String> {
        self.session
            .layout()
            .cell_named(name)
            .ok_or_else(|| format!("no cell named '{name}' on this board"))
    }

    fn cells(&self, names: &[String]) -> Result<Vec<CellId>, String> {
        names.iter().map(|n| self.cell(n)).collect()
    }

    /// Plays a move of the lesson; marks and arrows go.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, String> {
        let played = self.session.play(text).map_err(|e| describe(&e))?;
        self.marks.clear();
        self.arrows.clear();
        self.last_move = Some(played.clone());
        Ok(played)
    }

    /// Applies one step. An exercise is answered with `answer` (which must
    /// be one it accepts) or else its scripted answer, then its reply.
    pub fn apply(&mut self, step: &Step, answer: Option<&str>) -> Result<(), String> {
        match step {
            Step::Caption { text, seconds } => {
                if seconds.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
                    return Err("a caption's seconds must be positive".into());
                }
                self.caption = Some(text.clone());
            }
            Step::Move { text, .. } => {
                self.play(text)?;
            }
            Step::Marks {
                cells,
                colour,
                label,
            } => {
                if cells.is_empty() {
                    return Err("marks name no cell".into());
                }
                for cell in self.cells(cells)? {
                    self.marks.push(CellMark {
                        cell,
                        colour: *colour,
                        label: label.clone(),
                    });
                }
            }
            Step::Arrow(arrow) => {
                if arrow.cells.len() < 2 {
                    return Err("an arrow needs at least two cells".into());
                }
                let cells = self.cells(&arrow.cells)?;
                self.arrows.push(ArrowView {
                    kind: arrow.kind,
                    cells,
                    label: arrow.label.clone(),
                });
            }
            Step::Clear => {
                self.marks.clear();
                self.arrows.clear();
            }
            Step::Camera { shot, cell } => {
                let cell = match (shot, cell) {
                    (Shot::Close, None) => return Err("a close shot names its cell".into()),
                    (_, Some(name)) => Some(self.cell(name)?),
                    (_, None) => None,
                };
                self.camera = CameraShot { shot: *shot, cell };
            }
            Step::Pause { seconds } => {
                if !(*seconds > 0.0 && seconds.is_finite()) {
                    return Err("a pause's seconds must be positive".into());
                }
            }
            Step::Exercise(exercise) => {
                if exercise.accept.is_empty() {
                    return Err("an exercise accepts no move".into());
                }
                let answer = answer.unwrap_or(&exercise.accept[0]);
                self.play(answer)
                    .map_err(|e| format!("accepted move '{answer}': {e}"))?;
                if let Some(reply) = &exercise.reply {
                    self.play(reply)
                        .map_err(|e| format!("reply '{reply}' after '{answer}': {e}"))?;
                }
            }
            Step::Expect(expect) => self.verify(expect)?,
        }
        self.done += 1;
        Ok(())
    }

    /// Proves an `expect` step against the game as it stands.
    pub fn verify(&self, expect: &Expect) -> Result<(), String> {
        self.verify_board(expect)?;
        let legal = self.verify_moves(expect)?;
        self.verify_state(expect)?;
        if let Some(count) = expect.move_count
            && legal.len() != count
        {
            return Err(format!(
                "expected {count} legal moves, found {}",
                legal.len()
            ));
        }
        Ok(())
    }

    /// The men the step expects on their cells, and the cells it expects
    /// empty.
    fn verify_board(&self, expect: &Expect) -> Result<(), String> {
        let placements = self.session.placements();
        for piece in &expect.pieces {
            let cell = self.cell(&piece.at)?;
            let side = side_named(&piece.side)?;
            let found = placements.iter().any(|p| {
                p.cell == cell
                    && p.letter == piece.letter
                    && p.side == side
                    && piece
                        .state
                        .as_deref()
                        .is_none_or(|s| state_id(p.state) == s)
            });
            if !found {
                let state = piece
                    .state
                    .as_deref()
                    .map_or(String::new(), |s| format!(" ({s})"));
                return Err(format!(
                    "expected {} {}{state} on {}",
                    piece.side, piece.letter, piece.at
                ));
            }
        }
        for name in &expect.empty {
            let cell = self.cell(name)?;
            if placements.iter().any(|p| p.cell == cell) {
                return Err(format!("expected {name} to be empty"));
            }
        }
        Ok(())
    }

    /// The moves the step expects legal and illegal; the legal moves.
    fn verify_moves(&self, expect: &Expect) -> Result<Vec<String>, String> {
        let session = self.session.as_ref();
        let legal: Vec<String> = session.legal_moves().into_iter().map(|m| m.text).collect();
        for text in &expect.legal {
            if !legal.contains(text) {
                return Err(format!("expected '{text}' to be legal"));
            }
        }
        for text in &expect.illegal {
            if legal.contains(text) {
                return Err(format!("expected '{text}' to be illegal"));
            }
            // A move the notation cannot even read proves nothing.
            if let Err(MoveError::Malformed { reason, .. }) = session.clone_box().play(text) {
                return Err(format!(
                    "'{text}' is not a move in this game's notation: {reason}"
                ));
            }
        }
        Ok(legal)
    }

    /// Check, the side to move and the outcome, as the step expects them.
    fn verify_state(&self, expect: &Expect) -> Result<(), String> {
        let session = self.session.as_ref();
        if let Some(check) = expect.check
            && session.in_check() != check
        {
            let is = if check { "in check" } else { "not in check" };
            return Err(format!("expected the side to move to be {is}"));
        }
        if let Some(name) = &expect.to_move {
            let side = side_named(name)?;
            if Some(session.side_to_move()) != side {
                return Err(format!(
                    "expected {name} to move, but {} moves",
                    session.side_to_move().name().to_lowercase()
                ));
            }
        }
        if let Some(names) = &expect.eliminated {
            for name in names {
                side_named(name)?.ok_or("'none' is no player")?;
            }
            // As `status` words its second line: once a player has won,
            // everyone else is out.
            let out = match session.multi_player_status() {
                Some([_, line]) => line
                    .trim_start_matches("eliminated: ")
                    .split(", ")
                    .filter(|n| *n != "-")
                    .map(String::from)
                    .collect(),
                None => Vec::new(),
            };
            let same = out.len() == names.len() && out.iter().all(|n| names.contains(n));
            if !same {
                let said = |names: &[String]| match names {
                    [] => "nobody".to_string(),
                    _ => names.join(", "),
                };
                return Err(format!(
                    "expected {} out of the game, the game says {}",
                    said(names),
                    said(&out)
                ));
            }
        }
        if let Some(wanted) = &expect.outcome {
            let standing = standing(session);
            if &standing != wanted {
                return Err(format!(
                    "expected outcome '{wanted}', the game says '{standing}'"
                ));
            }
        }
        Ok(())
    }
}

/// A move error in a lesson's words.
fn describe(error: &MoveError) -> String {
    error.to_string()
}

/// Where the game stands as `variantarium status` words its first line.
pub fn standing(session: &dyn Session) -> String {
    if let Some([first, _]) = session.multi_player_status() {
        return first;
    }
    match session.outcome() {
        None => "ongoing".to_string(),
        Some(end) => format!("{} {}", end.result.score(), end.reason.id()),
    }
}

fn side_named(name: &str) -> Result<Option<Side>, String> {
    match name {
        "white" => Ok(Some(Side::WHITE)),
        "black" => Ok(Some(Side::BLACK)),
        "red" => Ok(Some(Side(2))),
        "none" => Ok(None),
        other => Err(format!(
            "unknown side '{other}' (white, black, red or none)"
        )),
    }
}

fn state_id(state: crate::rules::view::ManState) -> &'static str {
    use crate::rules::view::ManState;
    match state {
        ManState::Normal => "normal",
        ManState::Prisoner => "prisoner",
        ManState::KnightMode => "knight-mode",
        ManState::KingMode => "king-mode",
    }
}
