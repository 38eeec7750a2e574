//! `variantarium bot`: the engine as an online player. With `--create` it
//! makes a game and prints its invite code as its first line; with
//! `--join` it takes a seat by code. It plays to the end and prints the
//! result as `status` words it. It accepts the takebacks its opponents ask
//! for, and between games the rematches they offer.

use std::io::Write;
use std::time::Duration;

use clap::Args;

use super::setup::io_error;
use crate::engine::Level;
use crate::engine::session::computer_move;
use crate::net::address::{ADDRESS_FORM, server_address};
use crate::net::client::{Client, GameView};
use crate::net::player::{SeatTicket, accept_rematch, await_seat, play_to_end};
use crate::net::protocol::{ClientMessage, ClockSpec};

/// `bot`: the engine plays online.
#[derive(Args, Debug)]
pub struct BotArgs {
    /// The server's address, HOST:PORT or ws://HOST:PORT.
    #[arg(long)]
    pub server: String,
    /// The engine's level, 1 (Novice) to 6 (Grandmaster).
    #[arg(long, default_value = "1")]
    pub level: String,
    /// Games to play one after another (with --create). After each game
    /// the bot accepts a rematch offered within 10 s; else it makes a new
    /// game, with a new invite code.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Create a game of this variant and print its invite code.
    #[arg(long, required_unless_present = "join", conflicts_with = "join")]
    pub create: Option<String>,
    /// With --create: a hex game's pawn-like piece.
    #[arg(long, requires = "create")]
    pub pawn: Option<String>,
    /// With --create: an Anglojewish game's promotion option (curved,
    /// straight, straight-curved).
    #[arg(long, requires = "create")]
    pub promotion: Option<String>,
    /// With --create: start from this position text instead of the game's
    /// start (as `moves --position` takes it).
    #[arg(long, requires = "create")]
    pub position: Option<String>,
    /// With --create: the clock, MINUTES+SECONDS of increment (5+3).
    #[arg(long, requires = "create")]
    pub clock: Option<String>,
    /// With --create: the bot's side (white, black, red) [default: random].
    #[arg(long, requires = "create")]
    pub side: Option<String>,
    /// With --create: list the game among the open seeks.
    #[arg(long, requires = "create")]
    pub listed: bool,
    /// Join the game with this invite code.
    #[arg(long)]
    pub join: Option<String>,
    /// The name the bot plays under, as the other players see it.
    #[arg(long)]
    pub name: Option<String>,
    /// Seed of the engine's noise.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// How long the bot waits for the server (or the other players) before it
/// gives up.
const PATIENCE: Duration = Duration::from_secs(600);
/// How long after a game the bot waits for a rematch offer.
const REMATCH_WAIT: Duration = Duration::from_secs(10);

pub fn run(args: &BotArgs, out: &mut dyn Write) -> Result<(), String> {
    let level: Level = args
        .level
        .parse()
        .map_err(|_| format!("--level must be 1 to 6, not '{}'", args.level))?;
    if args.join.is_some() && args.games != 1 {
        return Err("--games applies to --create; --join plays one game".into());
    }
    let server = server_address(&args.server)
        .map_err(|e| format!("--server must be {ADDRESS_FORM}: {e}"))?;
    let request = first_request(args)?;
    let mut client = Client::connect(&server, PATIENCE)?;
    let mut rematch = None;
    for game in 0..args.games {
        let ticket = match rematch.take() {
            Some(ticket) => ticket,
            None => {
                client.send(&request)?;
                await_seat(&mut client)?
            }
        };
        if args.create.is_some() {
            writeln!(out, "{}", ticket.code).map_err(io_error)?;
            out.flush().map_err(io_error)?;
        }
        let seed = args.seed.wrapping_add(game as u64);
        let mut view = play(&mut client, &ticket, level, seed)?;
        writeln!(out, "{}", view.ended.clone().unwrap_or_default()).map_err(io_error)?;
        out.flush().map_err(io_error)?;
        if game + 1 < args.games {
            rematch = accept_rematch(&mut client, &ticket, &mut view, REMATCH_WAIT)?;
        }
    }
    client.close();
    Ok(())
}

fn play(
    client: &mut Client,
    ticket: &SeatTicket,
    level: Level,
    seed: u64,
) -> Result<GameView, String> {
    let mut moves = 0u64;
    let mut choose = |session: &dyn crate::rules::session::Session| {
        moves += 1;
        computer_move(session, level, seed.wrapping_add(moves))
    };
    play_to_end(client, ticket, &mut choose)
}

fn first_request(args: &BotArgs) -> Result<ClientMessage, String> {
    if let Some(code) = &args.join {
        return Ok(ClientMessage::Join {
            code: code.clone(),
            seat: None,
            name: args.name.clone(),
        });
    }
    let variant = args
        .create
        .clone()
        .ok_or("--create or --join is required")?;
    crate::net::room::game_session(
        &variant,
        args.pawn.as_deref(),
        args.promotion.as_deref(),
        args.position.as_deref(),
    )
    .map_err(|e| e.replace("position: ", "--position: "))?;
    let clock = args.clock.as_deref().map(ClockSpec::parse).transpose()?;
    let seat = match args.side.as_deref() {
        None | Some("random") => None,
        Some("white") => Some(0),
        Some("black") => Some(1),
        Some("red") => Some(2),
        Some(other) => {
            return Err(format!(
                "--side must be white, black, red or random, not '{other}'"
            ));
        }
    };
    Ok(ClientMessage::Create {
        variant,
        pawn: args.pawn.clone(),
        promotion: args.promotion.clone(),
        position: args.position.clone(),
        clock,
        seat,
        listed: args.listed,
        name: args.name.clone(),
    })
}
