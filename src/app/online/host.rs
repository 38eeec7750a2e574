//! Hosting on this computer: "Host on this computer" on the Play online
//! screen starts the game server inside the window (what `variantarium
//! serve` runs, on threads of its own), its games in `hosted.sqlite` in the
//! data folder, and seats the player in a new game there as Create does on
//! another server. The invite link names this machine's address on the
//! local network, so that a friend's browser or window on it can join.
//!
//! Closing the window stops the server gracefully: everyone connected is
//! told it is going away (a close frame, 1001), and every move it
//! acknowledged is stored. Hosting again brings its unfinished games back,
//! and the player's own seats in them are offered to continue.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::path::PathBuf;

use bevy::prelude::*;

use super::follow::Online;
use super::keep::OnlineSaves;
use super::link::Ask;
use crate::app::play::game::GameSystems;
use crate::app::screen::Screen;
use crate::net::server::{Database, Limits, RunningServer, ServerConfig, start};
use crate::record::{GameRecord, OnlineSeat};

/// The port tried first, and how many after it when it is taken.
pub const HOST_PORT: u16 = 7878;
const PORTS_TRIED: u16 = 20;

/// Where a hosted server listens and keeps its games.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct HostPlan {
    /// The address listened on: every interface, for the local network.
    pub bind: IpAddr,
    /// The port tried first (0: any free one).
    pub first_port: u16,
    /// The games' SQLite file (None: this system names no data folder).
    pub db: Option<PathBuf>,
}

impl HostPlan {
    /// Where this window reaches its server on `port`.
    pub fn local(&self, port: u16) -> SocketAddr {
        match self.bind {
            ip if ip.is_unspecified() => SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            ip => SocketAddr::new(ip, port),
        }
    }
}

impl Default for HostPlan {
    fn default() -> Self {
        HostPlan {
            bind: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            first_port: HOST_PORT,
            db: crate::record::data_dir().map(|dir| dir.join("hosted.sqlite")),
        }
    }
}

/// Host on this computer, starting the server if it is not running, then
/// a new game with this setup (an [`Ask::Create`]) if one is given.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct HostRequested(pub Option<Ask>);

/// This window's seats in unfinished games of the server it hosts (or
/// would host on the plan's first port), from its kept online games:
/// looked up on entering the Play online screen and when hosting starts.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct HostedSeats(pub Vec<OnlineSeat>);

/// The server this window runs. Dropping it stops the server gracefully.
#[derive(Resource)]
pub struct Hosting {
    server: Option<RunningServer>,
    /// Where this window's own link reaches it.
    pub local: SocketAddr,
    /// The address the invite link names.
    pub shown: SocketAddr,
    /// Said once on the screen: the port it took instead of the first.
    pub note: Option<String>,
    /// Unfinished games the server brought back from its file.
    pub resumed: usize,
}

impl Hosting {
    /// The link a friend opens to join the game of this invite code.
    pub fn invite(&self, code: &str) -> String {
        format!("http://{}/g/{code}", self.shown)
    }

    /// Stops the server gracefully; returns once it has.
    pub fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.shutdown();
        }
    }

    pub fn running(&self) -> bool {
        self.server.is_some()
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Why hosting failed, to show on the Play online screen.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct HostFailure(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HostPlan>()
        .init_resource::<HostFailure>()
        .init_resource::<HostedSeats>()
        .add_message::<HostRequested>()
        .add_systems(OnEnter(Screen::Online), look_up_hosted_seats)
        .add_systems(Update, host_a_game.before(GameSystems))
        .add_systems(Last, stop_hosting_on_exit);
}

/// The seats to continue, on the server the plan would start.
fn look_up_hosted_seats(
    plan: Res<HostPlan>,
    saves: Res<OnlineSaves>,
    hosting: Option<Res<Hosting>>,
    mut seats: ResMut<HostedSeats>,
) {
    let local = hosting.map_or(plan.local(plan.first_port), |h| h.local);
    seats.0 = kept_seats(&saves, local);
}

/// Starts the server if need be, then a link to it that creates the game.
fn host_a_game(
    mut commands: Commands,
    mut requests: MessageReader<HostRequested>,
    plan: Res<HostPlan>,
    hosting: Option<Res<Hosting>>,
    (saves, mut seats): (Res<OnlineSaves>, ResMut<HostedSeats>),
    mut failure: ResMut<HostFailure>,
) {
    let Some(HostRequested(create)) = requests.read().last() else {
        return;
    };
    let local = match hosting {
        Some(hosting) => hosting.local,
        None => match start_hosting(&plan) {
            Ok(hosting) => {
                let local = hosting.local;
                seats.0 = kept_seats(&saves, local);
                commands.insert_resource(hosting);
                local
            }
            Err(why) => {
                failure.0 = Some(why);
                return;
            }
        },
    };
    failure.0 = None;
    if let Some(create) = create {
        let online = Online::open(&local.to_string());
        online.link.ask(create.clone());
        commands.insert_resource(online);
    }
}

/// The window closes: the hosted server stops gracefully before it does.
fn stop_hosting_on_exit(mut exits: MessageReader<AppExit>, hosting: Option<ResMut<Hosting>>) {
    if exits.read().count() > 0
        && let Some(mut hosting) = hosting
    {
        hosting.stop();
    }
}

/// Starts the server on the first free port from the plan's.
pub fn start_hosting(plan: &HostPlan) -> Result<Hosting, String> {
    let db = plan
        .db
        .clone()
        .ok_or("no data folder to keep hosted games in (set HOME or XDG_DATA_HOME)".to_string())?;
    if let Some(folder) = db.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot make the folder {}: {e}", folder.display()))?;
    }
    let port = free_port(plan.bind, plan.first_port)?;
    let server = start(&ServerConfig {
        listen: SocketAddr::new(plan.bind, port),
        db: Database::Sqlite(db),
        limits: Limits::default(),
    })?;
    let port = server.addr.port();
    let shown_ip = match plan.bind {
        ip if ip.is_unspecified() => lan_address(),
        ip => ip,
    };
    let note = (plan.first_port != 0 && port != plan.first_port).then(|| {
        format!(
            "Port {} is taken on this computer (another server?): hosting on port {port}.",
            plan.first_port
        )
    });
    Ok(Hosting {
        resumed: server.resumed,
        server: Some(server),
        local: plan.local(port),
        shown: SocketAddr::new(shown_ip, port),
        note,
    })
}

/// The first port from `first` that can be listened on at `bind`.
fn free_port(bind: IpAddr, first: u16) -> Result<u16, String> {
    if first == 0 {
        return Ok(0);
    }
    let last = first.saturating_add(PORTS_TRIED - 1);
    (first..=last)
        .find(|&port| TcpListener::bind(SocketAddr::new(bind, port)).is_ok())
        .ok_or(format!(
            "ports {first} to {last} are all taken on this computer: close the program using them"
        ))
}

/// This machine's address on its network: the one its outgoing packets
/// would leave from (a UDP socket is pointed at an outside address, which
/// sends nothing), else 127.0.0.1 when it has no network.
pub fn lan_address() -> IpAddr {
    let outgoing = || -> std::io::Result<IpAddr> {
        let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))?;
        // A documentation address (TEST-NET-1): routed like any outside one.
        socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
        Ok(socket.local_addr()?.ip())
    };
    outgoing()
        .ok()
        .filter(|ip| !ip.is_unspecified())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
}

/// This window's seats in unfinished games on the server at `server` (and
/// in every game this window hosted, on whatever port it listened then),
/// from the online games it keeps, newest first, each addressed to
/// `server`.
fn kept_seats(saves: &OnlineSaves, server: SocketAddr) -> Vec<OnlineSeat> {
    let server = server.to_string();
    let Some(entries) = saves
        .0
        .as_deref()
        .and_then(|dir| std::fs::read_dir(dir).ok())
    else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, OnlineSeat)> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("online-"))
        .filter_map(|e| {
            let text = std::fs::read_to_string(e.path()).ok()?;
            let record = GameRecord::from_json(&text).ok()?;
            // A hosted game's seat is kept under the port the server had
            // then; its game is in the same file whatever port it has now.
            let mut seat = record.online.filter(|s| s.server == server || s.hosted)?;
            seat.server.clone_from(&server);
            let when = e.metadata().and_then(|m| m.modified()).ok()?;
            (record.result == "*").then_some((when, seat))
        })
        .collect();
    found.sort_by_key(|seat| std::cmp::Reverse(seat.0));
    found.into_iter().map(|(_, seat)| seat).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_link_names_the_shown_address_and_the_code() {
        let hosting = Hosting {
            server: None,
            local: "127.0.0.1:7879".parse().unwrap(),
            shown: "192.168.1.20:7879".parse().unwrap(),
            note: None,
            resumed: 0,
        };
        assert_eq!(
            hosting.invite("AbC123"),
            "http://192.168.1.20:7879/g/AbC123"
        );
    }

    #[test]
    fn seats_hosted_on_another_port_are_kept_for_the_port_hosting_has_now() {
        let dir = std::env::temp_dir().join(format!("kept-seats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let session = crate::net::room::game_session("flaxman", None, None, None).unwrap();
        let seat = |server: &str, game: &str, hosted: bool| OnlineSeat {
            server: server.into(),
            game: game.into(),
            code: format!("code-{game}"),
            seat: 0,
            token: "0123".into(),
            hosted,
        };
        for (file, seat) in [
            ("online-a.json", seat("127.0.0.1:7878", "hosted-then", true)),
            (
                "online-b.json",
                seat("127.0.0.1:7878", "another-server", false),
            ),
            ("online-c.json", seat("127.0.0.1:7879", "here-now", false)),
        ] {
            let record = GameRecord::of(session.as_ref()).with_online(Some(seat));
            std::fs::write(dir.join(file), record.to_json()).unwrap();
        }
        let now: SocketAddr = "127.0.0.1:7879".parse().unwrap();
        let mut kept = kept_seats(&OnlineSaves(Some(dir.clone())), now);
        kept.sort_by(|a, b| a.game.cmp(&b.game));
        let games: Vec<(&str, &str)> = kept
            .iter()
            .map(|s| (s.game.as_str(), s.server.as_str()))
            .collect();
        assert_eq!(
            games,
            [
                ("here-now", "127.0.0.1:7879"),
                ("hosted-then", "127.0.0.1:7879")
            ]
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_taken_port_moves_hosting_to_the_next_free_one() {
        let taken = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port();
        let found = free_port(IpAddr::V4(Ipv4Addr::LOCALHOST), port).unwrap();
        assert_ne!(found, port);
        assert!(found > port && found < port + PORTS_TRIED);
    }
}
