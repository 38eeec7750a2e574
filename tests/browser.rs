//! The browser client in a real browser: Debian's headless Chromium, driven
//! by `tests/browser/play.mjs` (playwright-core), plays one game of each
//! family against `variantarium bot`s on a real `variantarium serve`, while
//! a second tab watches. Every move the page offers at its turns is checked
//! here against the rules' own moves for that position, both ways.
//!
//! Needs `node` and `npm ci --prefix tests/browser` (the test command
//! `scripts/test` does both) and `/usr/bin/chromium`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;
use variantarium::net::board_geometry::position_view;
use variantarium::rules::DrawRules;
use variantarium::rules::session::new_session;
use variantarium::rules::variant::Variant;

use crate::net::ServerProcess;
use crate::net_db::{Backend, TestDb};

/// The families the browser plays, and the moves it makes in each before it
/// resigns if the game has not ended by itself.
const FAMILIES: [&str; 5] = [
    "flaxman",
    "tapestry",
    "chakra",
    "aj-glinski",
    "aj-glinski-3p",
];
const BROWSER_MOVES: usize = 6;
/// Everything together: the browser, the five games and the bots.
const DEADLINE: Duration = Duration::from_secs(480);
/// How long a player may be away before the win may be claimed: one game
/// ends by the page's claim after its bot is killed.
const GRACE_SECONDS: &str = "3";

/// Child processes killed (and reaped) when the test ends, passing or not.
/// The first, node, gets SIGTERM first: playwright then closes its
/// Chromium, which runs in a process group of its own.
struct Children(Vec<Child>);

impl Drop for Children {
    fn drop(&mut self) {
        for (k, child) in self.0.iter_mut().enumerate() {
            if k == 0 && matches!(child.try_wait(), Ok(None)) {
                // SAFETY: kill only sends a signal, to node, not yet reaped.
                unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
                for _ in 0..100 {
                    if !matches!(child.try_wait(), Ok(None)) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

fn bot(addr: &str, code: &str, k: usize) -> Child {
    Command::new(env!("CARGO_BIN_EXE_variantarium"))
        .args(["bot", "--server", addr, "--join", code, "--level", "1"])
        .args(["--name", &format!("Bot {k}"), "--seed", &k.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the bot starts")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

/// One `OFFERED` report checked against the rules: the from-to picks the
/// page marked and the moves it offered in place (or the choices it gave
/// for one route) are exactly those of the position after `moves`.
fn check_offer(report: &Value) {
    let family = report["family"].as_str().unwrap();
    let played = strings(&report["moves"]);
    let variant = Variant::parse(family, None).expect("a variant");
    // A game created from a position starts there.
    let start = report["start"].as_str();
    let mut session = new_session(variant, DrawRules::default(), start).unwrap();
    for text in &played {
        session.play(text).unwrap_or_else(|e| {
            panic!("{family}: the page lists {text}, which the rules refuse: {e:?}")
        });
    }
    let view = position_view(session.as_ref(), false);
    if let Some(route) = report.get("route") {
        let route = strings(route);
        let expected: BTreeSet<String> = view
            .moves
            .iter()
            .filter(|m| [&m.from, &m.to] == [&route[0], &route[1]])
            .map(|m| m.text.clone())
            .collect();
        let offered: BTreeSet<String> = strings(&report["texts"]).into_iter().collect();
        assert_eq!(
            offered, expected,
            "{family} after {played:?}: the choices on {route:?}"
        );
        return;
    }
    let expected: BTreeSet<(String, String)> = view
        .moves
        .iter()
        .filter(|m| m.from != m.to)
        .map(|m| (m.from.clone(), m.to.clone()))
        .collect();
    let offered: BTreeSet<(String, String)> = report["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let pair = strings(p);
            (pair[0].clone(), pair[1].clone())
        })
        .collect();
    assert_eq!(
        offered, expected,
        "{family} after {played:?}: the cells the page marks"
    );
    let expected: BTreeSet<String> = view
        .moves
        .iter()
        .filter(|m| m.from == m.to)
        .map(|m| m.text.clone())
        .collect();
    let offered: BTreeSet<String> = strings(&report["in_place"]).into_iter().collect();
    assert_eq!(
        offered, expected,
        "{family} after {played:?}: the moves offered in place"
    );
}

/// What a script (`play.mjs` or `duel.mjs`) said, line by line, with the
/// bots it asked for started as it asked; its exit status. Panics past the
/// deadline.
fn run_script(
    script: &str,
    addr: &str,
    shots: &Path,
    children: &mut Children,
) -> (bool, Vec<String>) {
    let mut node = Command::new("node")
        .arg(scripts_dir().join(script))
        .arg(addr)
        .arg(shots)
        .arg(BROWSER_MOVES.to_string())
        .args(FAMILIES)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node starts (install Node.js)");
    let stdout = node.stdout.take().unwrap();
    children.0.push(node);
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    let mut said = Vec::new();
    // Each game's bots, by family, for a KILL.
    let mut bots_of: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    loop {
        let left = DEADLINE.saturating_sub(start.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) => {
                if let Some(rest) = line.strip_prefix("JOIN ") {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    let bots: usize = words[2].parse().unwrap();
                    for k in 1..=bots {
                        bots_of
                            .entry(words[0].to_string())
                            .or_default()
                            .push(children.0.len());
                        children.0.push(bot(addr, words[1], k));
                    }
                }
                if let Some(family) = line.strip_prefix("KILL ") {
                    for &k in bots_of.get(family).into_iter().flatten() {
                        let _ = children.0[k].kill();
                        let _ = children.0[k].wait();
                    }
                }
                said.push(line);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!(
                    "the browser tests took over {DEADLINE:?}; they said:\n{}",
                    said.join("\n")
                )
            }
        }
    }
    let status = children.0[0].wait().expect("node's exit status");
    (status.success(), said)
}

/// Run alone, after the other tests (`scripts/test` does): five games,
/// their bots and a browser in parallel need the machine to themselves to
/// keep their time on two cores.
#[test]
#[ignore = "scripts/test runs it alone after the other tests"]
fn a_browser_plays_every_family_against_bots_while_a_second_tab_watches() {
    assert!(
        scripts_dir().join("node_modules/playwright-core").is_dir(),
        "playwright-core is not installed: run `npm ci --prefix tests/browser` (scripts/test does)"
    );
    assert!(
        Path::new("/usr/bin/chromium").exists(),
        "no /usr/bin/chromium: install Debian's `chromium` (scripts/test does)"
    );
    let db = TestDb::new("browser", Backend::Sqlite);
    let server = ServerProcess::start_with(&db, &["--grace-seconds", GRACE_SECONDS]);
    let shots = std::env::temp_dir().join(format!("variantarium-browser-{}", std::process::id()));
    let mut children = Children(Vec::new());
    let started = Instant::now();
    let (success, said) = run_script("play.mjs", &server.addr, &shots, &mut children);
    let took = started.elapsed();
    drop(children);
    let all = said.join("\n");
    eprintln!(
        "{all}\nbrowser games: {took:.1?}; screenshots in {}",
        shots.display()
    );
    assert!(
        success && !all.contains("\nFAIL") && !all.starts_with("FAIL"),
        "the browser's checks:\n{all}"
    );

    let mut offers: BTreeMap<String, usize> = BTreeMap::new();
    let mut choices: BTreeMap<String, usize> = BTreeMap::new();
    for report in said.iter().filter_map(|l| l.strip_prefix("OFFERED ")) {
        let report: Value = serde_json::from_str(report).expect("a JSON report");
        check_offer(&report);
        if report.get("route").is_some() {
            *choices
                .entry(report["family"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        *offers
            .entry(report["family"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    for family in FAMILIES {
        assert!(
            offers.get(family).copied().unwrap_or(0) >= 1,
            "{family}: no position checked"
        );
        let end = said
            .iter()
            .find_map(|l| l.strip_prefix(&format!("END {family} ")))
            .unwrap_or_else(|| panic!("{family}: the game did not end:\n{all}"));
        let how = if family == "aj-glinski" {
            // Unless it ended by a move first, the page claims it.
            ["claimed ", "real "].as_slice()
        } else {
            ["real ", "resigned "].as_slice()
        };
        assert!(how.iter().any(|h| end.starts_with(h)), "{family}: {end}");
        for check in [
            "plays no move",
            "the refused move shows the server's words",
            "the reopened tab has its seat back",
            "the watching tab saw every one",
        ] {
            let prefix = format!("ok {family}: ");
            let passed = said
                .iter()
                .any(|l| l.starts_with(&prefix) && l.contains(check));
            assert!(passed, "{family}: {check}");
        }
        let shot = if family == "chakra" {
            "phone"
        } else {
            "desktop"
        };
        assert!(
            shots.join(format!("{family}-{shot}.png")).is_file(),
            "{family}: a screenshot"
        );
    }
    for (family, kind) in [
        ("tapestry", "loom"),
        ("aj-glinski", "curved"),
        ("aj-glinski-3p", "curved"),
        ("chakra", "transmitter"),
        ("chakra", "chakra"),
        ("chakra", "promotion"),
    ] {
        assert!(
            all.contains(&format!("KIND {family} {kind} ")),
            "{family}: no {kind} move was played"
        );
    }
    // A chakra's move has two forms on one route (with its flip or without):
    // the page asked which, and offered exactly those.
    assert!(
        choices.contains_key("chakra"),
        "no choice of moves on one route was offered"
    );
    for shot in ["lobby-desktop.png", "lobby-phone.png"] {
        assert!(shots.join(shot).is_file(), "{shot}");
    }
}

/// Run alone like the test above: in every family, friends with nothing
/// but a browser (each in a profile of their own) play by the invite link
/// to the game's end: a draw agreed by two players, a resignation among
/// three. Every move the pages made is one the rules allow, in the order
/// the pages list them.
#[test]
#[ignore = "scripts/test runs it alone after the other tests"]
fn browser_profiles_play_every_family_to_its_end_by_the_invite_link() {
    let db = TestDb::new("duel", Backend::Sqlite);
    let server = ServerProcess::start_with(&db, &[]);
    let shots = std::env::temp_dir().join(format!("variantarium-duel-{}", std::process::id()));
    let mut children = Children(Vec::new());
    let (success, said) = run_script("duel.mjs", &server.addr, &shots, &mut children);
    let all = said.join("\n");
    assert!(success && !all.contains("\nFAIL"), "{all}");
    for family in FAMILIES {
        let moves: Vec<&str> = said
            .iter()
            .filter_map(|l| l.strip_prefix(&format!("MOVED {family} ")))
            .filter_map(|l| l.split_whitespace().nth(1))
            .collect();
        let variant = Variant::parse(family, None).expect("a variant");
        let mut session = new_session(variant, DrawRules::default(), None).unwrap();
        for text in &moves {
            session
                .play(text)
                .unwrap_or_else(|e| panic!("{family}: {text} after {moves:?}: {e:?}"));
        }
        let sides = if family.ends_with("-3p") { 3 } else { 2 };
        assert!(
            moves.len() >= sides,
            "{family}: every player moved: {moves:?}"
        );
        let end = said
            .iter()
            .find_map(|l| l.strip_prefix(&format!("END {family} ")))
            .unwrap_or_else(|| panic!("{family}: no end:\n{all}"));
        // How it ended, and the words every page showed for it.
        let words = end.to_lowercase();
        let agreed = end.starts_with("agreed ") && words.contains("draw");
        let resigned = end.starts_with("resigned ") && words.contains("resigned");
        let played = end.starts_with("played ") && words.split_whitespace().count() > 3;
        assert!(agreed || resigned || played, "{family}: {end}");
        assert!(shots.join(format!("{family}-duel.png")).is_file());
    }
}
