//! The window hosts, a browser joins: the app (its core plugins, without a
//! window, as the ECS tests run it) is asked to host a game as "Host on
//! this computer" asks, which starts the server inside it on real sockets;
//! headless Chromium (`tests/browser/join.mjs`) opens the invite link the
//! window shows and joins. One move each way, each seen by the other side;
//! then the window closes, the page hears the server go away, the window
//! hosts again, the game comes back and goes on for both.
//!
//! Needs `node`, `npm ci --prefix tests/browser` and `/usr/bin/chromium`
//! (the test command `scripts/test` sees to all three, and runs it alone).

use std::io::{BufRead, BufReader};
use std::net::{IpAddr, Ipv4Addr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::game_window::scratch;
use variantarium::app::online::follow::Online;
use variantarium::app::online::host::{HostPlan, HostRequested, HostedSeats, Hosting};
use variantarium::app::online::keep::OnlineSaves;
use variantarium::app::online::link::Ask;
use variantarium::app::play::remote::{OnlineResumeRequested, ServerGame};
use variantarium::app::{CorePlugin, Match, MoveRequested, Screen};

/// The longest any one step waits: the page, its Chromium and the app share
/// two loaded cores.
const STEP: Duration = Duration::from_secs(240);
const TICK: Duration = Duration::from_millis(10);

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// node, ended (SIGTERM, so that playwright closes its Chromium) and reaped
/// when the test ends, passing or not.
struct Node(Child);

impl Drop for Node {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            // SAFETY: kill only sends a signal, to node, not yet reaped.
            unsafe { libc::kill(self.0.id() as libc::pid_t, libc::SIGTERM) };
            for _ in 0..100 {
                if !matches!(self.0.try_wait(), Ok(None)) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A window's app: its core plugins, hosting on `port` of 127.0.0.1 with
/// its games in `dir`, keeping its online games there too.
fn window_app(dir: &Path, port: u16) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, CorePlugin));
    app.insert_resource(HostPlan {
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        first_port: port,
        db: Some(dir.join("hosted.sqlite")),
    });
    app.insert_resource(OnlineSaves(Some(dir.join("saves"))));
    // After the first update: entering the title screen ends any online
    // session, and the app starts on it.
    app.update();
    app
}

/// Updates the app until `done` says so, at most [`STEP`]; the script's
/// lines meanwhile are kept in `said`.
fn update_until<T>(
    app: &mut App,
    what: &str,
    lines: &Receiver<String>,
    said: &mut Vec<String>,
    mut done: impl FnMut(&mut App, &[String]) -> Option<T>,
) -> T {
    let rounds = STEP.as_millis() / TICK.as_millis();
    for _ in 0..rounds {
        app.update();
        said.extend(lines.try_iter());
        if let Some(fail) = said.iter().find(|l| l.starts_with("FAIL")) {
            panic!("the browser: {fail}\n{}", said.join("\n"));
        }
        if let Some(found) = done(app, said) {
            return found;
        }
        std::thread::sleep(TICK);
    }
    panic!(
        "waited {STEP:?} for {what}; the browser said:\n{}",
        said.join("\n")
    );
}

/// The rest of the script's line that starts with `prefix`, waited for at
/// most [`STEP`] while no app runs.
fn wait_line(lines: &Receiver<String>, said: &mut Vec<String>, prefix: &str) -> String {
    let deadline = std::time::Instant::now() + STEP;
    loop {
        if let Some(found) = line_after(said, prefix) {
            return found;
        }
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => said.push(line),
            Err(_) => panic!("no '{prefix}' from the browser:\n{}", said.join("\n")),
        }
    }
}

/// The rest of the script's first line that starts with `prefix`.
fn line_after(said: &[String], prefix: &str) -> Option<String> {
    said.iter()
        .find_map(|l| l.strip_prefix(prefix))
        .map(str::to_string)
}

fn board_moves(app: &App) -> Vec<String> {
    app.world()
        .get_resource::<Match>()
        .map(|game| game.session.moves())
        .unwrap_or_default()
}

/// The board of the online game is up.
fn on_the_board(app: &App) -> bool {
    *app.world().resource::<State<Screen>>().get() == Screen::Playing
        && app.world().get_resource::<ServerGame>().is_some()
}

/// The window's move: the first legal one, sent through its online game.
fn window_moves(app: &mut App) -> String {
    let text = app.world().resource::<Match>().session.legal_moves()[0]
        .text
        .clone();
    app.world_mut()
        .write_message(MoveRequested { text: text.clone() });
    text
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

fn start_browser(link: &str, shots: &Path) -> (Node, Receiver<String>) {
    let mut child = Command::new("node")
        .arg(scripts_dir().join("join.mjs"))
        .arg(link)
        .arg(shots)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node starts (install Node.js)");
    let stdout = child.stdout.take().expect("its output");
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    (Node(child), lines)
}

/// Run alone (`scripts/test` does): a browser and a server under the app.
#[test]
#[ignore = "scripts/test runs it alone after the other tests"]
fn the_window_hosts_a_browser_joins_by_its_link_and_one_move_goes_each_way() {
    assert!(
        scripts_dir().join("node_modules/playwright-core").is_dir(),
        "playwright-core is not installed: run `npm ci --prefix tests/browser` (scripts/test does)"
    );
    let dir = scratch("host", "window");
    let port = free_port();
    let mut app = window_app(&dir, port);
    let (mut said, nothing) = (Vec::new(), channel().1);

    // "Host on this computer" with a Flaxman game, the host White.
    app.world_mut()
        .write_message(HostRequested(Some(Ask::Create {
            variant: "flaxman".into(),
            pawn: None,
            promotion: None,
            clock: None,
            seat: Some(0),
            listed: false,
            name: Some("Host".into()),
        })));
    let link = update_until(
        &mut app,
        "the invite link",
        &nothing,
        &mut said,
        |app, _| {
            let hosting = app.world().get_resource::<Hosting>()?;
            let online = app.world().get_resource::<Online>()?;
            let code = &online.ticket.as_ref()?.code;
            Some(hosting.invite(code))
        },
    );
    assert!(
        link.starts_with(&format!("http://127.0.0.1:{port}/g/")),
        "{link}"
    );

    let shots = dir.join("shots");
    let (_node, lines) = start_browser(&link, &shots);
    update_until(
        &mut app,
        "the game on the board",
        &lines,
        &mut said,
        |app, said| (on_the_board(app) && line_after(said, "SEATED").is_some()).then_some(()),
    );
    let first = window_moves(&mut app);
    let seen = update_until(
        &mut app,
        "the window's move in the page",
        &lines,
        &mut said,
        |_, said| line_after(said, "SAW 1 "),
    );
    assert_eq!(seen, first, "the page shows the window's move");
    let answer = update_until(&mut app, "the page's move", &lines, &mut said, |_, said| {
        line_after(said, "PLAYED ")
    });
    update_until(
        &mut app,
        "the page's move on the board",
        &lines,
        &mut said,
        |app, _| (board_moves(app) == [first.clone(), answer.clone()]).then_some(()),
    );

    // The window closes: its server stops gracefully, and the page says so.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert!(
        !app.world().resource::<Hosting>().running(),
        "the server stopped as the window closed"
    );
    drop(app);
    let away = wait_line(&lines, &mut said, "AWAY ");
    assert!(away.contains("server stopped"), "the page says: {away}");

    // Opened again, hosting again: the game is back, the page reconnects,
    // and the window's seat in it is offered, and taken.
    let mut app = window_app(&dir, port);
    app.world_mut().write_message(HostRequested(None));
    let seat = update_until(&mut app, "the kept seat", &lines, &mut said, |app, _| {
        let hosting = app.world().get_resource::<Hosting>()?;
        assert_eq!(hosting.resumed, 1, "the unfinished game came back");
        app.world().resource::<HostedSeats>().0.first().cloned()
    });
    assert_eq!(seat.server, format!("127.0.0.1:{port}"));
    app.world_mut().write_message(OnlineResumeRequested(seat));
    update_until(
        &mut app,
        "the page back and the board again",
        &lines,
        &mut said,
        |app, said| {
            let both = board_moves(app).len() == 2 && line_after(said, "BACK").is_some();
            (on_the_board(app) && both).then_some(())
        },
    );
    let third = window_moves(&mut app);
    let seen = update_until(
        &mut app,
        "the third move in the page",
        &lines,
        &mut said,
        |_, said| line_after(said, "SAW 3 "),
    );
    assert_eq!(seen, third);
}
