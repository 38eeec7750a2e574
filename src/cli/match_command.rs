//! `variantarium match`: player A against player B until a sequential
//! probability ratio test (SPRT) decides whether A is `ELO0` or `ELO1`
//! stronger. One line per finished pair (three players: run), then one
//! verdict line: `H1 accepted`, `H0 accepted` or `no decision`.

use std::io::Write;
use std::ops::ControlFlow;

use clap::Args;

use super::contender::Contender;
use super::match_games::{Class, GameScore, Schedule, play_samples};
use super::match_journal::Journal;
use super::selfplay::MAX_THREADS;
use super::setup::{GameChoice, io_error};
use crate::engine::sprt::{Sprt, Verdict, estimate};
use crate::rules::Position;
use crate::rules::dispatch::VariantVisitor;

/// `match`: player A against player B in pairs of games from seeded random
/// openings, until the SPRT of ELO0 against ELO1 decides.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameChoice,
    /// Player A, the one tested: `random`, a level 1 to 6, or a level with
    /// engine options, `LEVEL:KEY=VALUE,…` (keys nodes, depth, noise,
    /// movetime, search=brs+|paranoid, eval=tuned|original, prune=on|off),
    /// e.g. `3:nodes=20000`.
    #[arg(long)]
    pub a: String,
    /// Player B, the reference, written as A is.
    #[arg(long)]
    pub b: String,
    /// The hypotheses: A is ELO0 (H0) or ELO1 (H1) Elo stronger than B
    /// (logistic Elo).
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true, required = true)]
    pub sprt: Vec<f64>,
    /// The chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Pair i (from 0) plays the opening drawn from seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop without a decision after this many games (rounded up to whole
    /// pairs or runs); no limit by default.
    #[arg(long)]
    pub max_games: Option<u64>,
    /// Games played at once, one per thread.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Plies after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Keep every finished pair (run) in FILE and, when FILE holds some
    /// of this same match already, go on from there instead of playing
    /// them again.
    #[arg(long, value_name = "FILE")]
    pub journal: Option<std::path::PathBuf>,
}

pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), String> {
    let variant = args.game.variant()?;
    let player =
        |flag: &str, text: &str| Contender::parse(text).map_err(|e| format!("--{flag}: {e}"));
    let (a, b) = (player("a", &args.a)?, player("b", &args.b)?);
    let sprt = Sprt::new(args.sprt[0], args.sprt[1], args.alpha, args.beta)?;
    if args.max_games == Some(0) {
        return Err("--max-games must be at least 1".into());
    }
    if !(1..=MAX_THREADS).contains(&args.threads) {
        return Err(format!(
            "--threads must be 1 to {MAX_THREADS}, not {}",
            args.threads
        ));
    }
    if args.opening_plies > 40 {
        return Err(format!(
            "--opening-plies must be 0 to 40, not {}",
            args.opening_plies
        ));
    }
    if args.max_plies == 0 {
        return Err("--max-plies must be at least 1".into());
    }
    variant.visit(MatchRun {
        args,
        a,
        b,
        sprt,
        out,
    })?
}

struct MatchRun<'a> {
    args: &'a MatchArgs,
    a: Contender,
    b: Contender,
    sprt: Sprt,
    out: &'a mut dyn Write,
}

impl VariantVisitor for MatchRun<'_> {
    type Output = Result<(), String>;

    fn visit<P: Position>(self, options: P::Options) -> Result<(), String> {
        let start = P::start(&options);
        let seats = u64::from(start.side_count());
        if !(2..=3).contains(&seats) {
            return Err(format!("match plays two or three players, not {seats}"));
        }
        let samples = self.args.max_games.map_or(u64::MAX, |n| n.div_ceil(seats));
        let journal = match &self.args.journal {
            Some(path) => Some(Journal::open(path, &self.key(), seats as usize)?),
            None => None,
        };
        let mut schedule = Schedule {
            start,
            a: self.a.mover(),
            b: self.b.mover(),
            seed: self.args.seed,
            opening_plies: self.args.opening_plies,
            max_plies: self.args.max_plies,
            first: 0,
            samples,
        };
        let mut tally = Tally::new(seats as usize);
        let (sprt, out) = (self.sprt, self.out);
        let (lower, upper) = sprt.bounds();
        writeln!(
            out,
            "match {}: A {} against B {}, SPRT [{}, {}] alpha {} beta {}, LLR bounds [{lower:.2}, {upper:.2}]",
            self.args.game.variant, self.a, self.b, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        )
        .map_err(io_error)?;
        let mut written = Ok(());
        let mut verdict = None;
        let mut take = |index: u64, games: &[GameScore]| {
            tally.add(games);
            let llr = sprt.llr(&tally.counts);
            verdict = sprt.verdict(llr);
            written = writeln!(out, "{}", tally.line(index, llr, (lower, upper)));
            let _ = out.flush();
            if verdict.is_some() || written.is_err() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let mut journaled = Ok(());
        let mut go_on = ControlFlow::Continue(());
        if let Some(journal) = &journal {
            for (index, games) in journal.samples.iter().enumerate().take(samples as usize) {
                schedule.first = index as u64 + 1;
                go_on = take(index as u64, games);
                if go_on.is_break() {
                    break;
                }
            }
        }
        if go_on.is_continue() {
            play_samples(&schedule, self.args.threads, |index, games| {
                if let Some(journal) = &journal {
                    journaled = journal.append(index, games);
                    if journaled.is_err() {
                        return ControlFlow::Break(());
                    }
                }
                take(index, games)
            });
        }
        journaled?;
        written.map_err(io_error)?;
        writeln!(out, "{}", tally.verdict(verdict)).map_err(io_error)
    }
}

impl MatchRun<'_> {
    /// What the games depend on, as a journal's second line: a journal
    /// with another key holds another match's games.
    fn key(&self) -> String {
        let args = self.args;
        let game = &args.game;
        let option = |name: &str, value: &Option<String>| {
            value
                .as_ref()
                .map(|v| format!(" {name} {v}"))
                .unwrap_or_default()
        };
        format!(
            "match {}{}{} a {} b {} seed {} opening-plies {} max-plies {}",
            game.variant,
            option("pawn", &game.pawn),
            option("promotion", &game.promotion),
            self.a,
            self.b,
            args.seed,
            args.opening_plies,
            args.max_plies
        )
    }
}

/// The results so far, from A's side.
struct Tally {
    /// Samples by their score in cells: two-player pairs by half points
    /// (0 to 4, the pentanomial), three-player runs by quarter points (0 to
    /// 12).
    counts: Vec<u64>,
    /// Quarter points per cell.
    cell: u8,
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
}

impl Tally {
    fn new(seats: usize) -> Tally {
        let (cell, cells) = if seats == 2 { (2, 5) } else { (1, 13) };
        Tally {
            counts: vec![0; cells],
            cell,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }

    fn add(&mut self, games: &[GameScore]) {
        let quarters: u32 = games.iter().map(|g| u32::from(g.quarters)).sum();
        self.counts[(quarters / u32::from(self.cell)) as usize] += 1;
        for game in games {
            self.games += 1;
            match game.class {
                Class::Win => self.wins += 1,
                Class::Draw => self.draws += 1,
                Class::Loss => self.losses += 1,
            }
        }
    }

    /// `pair 3: games 8, W-D-L 5-1-2, penta 0 1 1 1 1, LLR 0.52 [-2.94, 2.94]`
    /// (three players: `run`, and `runs` with thirteen counts).
    fn line(&self, index: u64, llr: f64, (lower, upper): (f64, f64)) -> String {
        let (sample, cells) = if self.cell == 2 {
            ("pair", "penta")
        } else {
            ("run", "runs")
        };
        let counts: Vec<String> = self.counts.iter().map(u64::to_string).collect();
        format!(
            "{sample} {}: games {}, W-D-L {}-{}-{}, {cells} {}, LLR {llr:.3} [{lower:.2}, {upper:.2}]",
            index + 1,
            self.games,
            self.wins,
            self.draws,
            self.losses,
            counts.join(" ")
        )
    }

    /// The last line: the verdict, the Elo estimate with its 95% interval,
    /// and the games.
    fn verdict(&self, verdict: Option<Verdict>) -> String {
        let head = match verdict {
            Some(Verdict::H1) => "H1 accepted",
            Some(Verdict::H0) => "H0 accepted",
            None => "no decision",
        };
        match estimate(&self.counts) {
            Some(e) => format!(
                "{head}: Elo {:+.1} (95% {:+.1} to {:+.1}), score {:.1}%, {} games",
                e.elo,
                e.low,
                e.high,
                e.score * 100.0,
                self.games
            ),
            None => format!("{head}: no games"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(quarters: u8, class: Class) -> GameScore {
        GameScore { quarters, class }
    }

    #[test]
    fn pairs_count_by_half_points_and_runs_by_quarters() {
        let mut pairs = Tally::new(2);
        pairs.add(&[game(4, Class::Win), game(2, Class::Draw)]);
        pairs.add(&[game(0, Class::Loss), game(0, Class::Loss)]);
        assert_eq!(pairs.counts, [1, 0, 0, 1, 0]);
        assert_eq!(
            (pairs.games, pairs.wins, pairs.draws, pairs.losses),
            (4, 1, 1, 2)
        );
        let line = pairs.line(1, 0.5, (-2.94, 2.94));
        assert_eq!(
            line,
            "pair 2: games 4, W-D-L 1-1-2, penta 1 0 0 1 0, LLR 0.500 [-2.94, 2.94]"
        );
        let mut runs = Tally::new(3);
        runs.add(&[
            game(4, Class::Win),
            game(1, Class::Loss),
            game(3, Class::Draw),
        ]);
        assert_eq!(runs.counts.len(), 13);
        assert_eq!(runs.counts[8], 1);
        assert!(
            runs.line(0, 0.0, (-1.0, 1.0))
                .starts_with("run 1: games 3, W-D-L 1-1-1, runs 0 0 0 0 0 0 0 0 1 0 0 0 0,")
        );
    }

    #[test]
    fn the_verdict_line_names_the_decision_the_elo_and_the_games() {
        let mut tally = Tally::new(2);
        for _ in 0..3 {
            tally.add(&[game(4, Class::Win), game(2, Class::Draw)]);
        }
        let line = tally.verdict(Some(Verdict::H1));
        assert!(line.starts_with("H1 accepted: Elo +"), "{line}");
        assert!(line.ends_with("score 75.0%, 6 games"), "{line}");
        assert!(
            tally
                .verdict(Some(Verdict::H0))
                .starts_with("H0 accepted: ")
        );
        assert!(tally.verdict(None).starts_with("no decision: "));
    }
}
