//! The room's clocks, as plain data: time charged and given, by the
//! instants the tests pass.

use super::*;

fn apply_all(room: &mut Room, action: Action, now: Instant) {
    match room.decide(&action, now).expect("accepted") {
        Decision::Events(events) => {
            for event in events {
                room.apply(event, now).expect("applies");
            }
        }
        Decision::AlreadyPlayed { .. } => panic!("a new action"),
    }
}

/// Time spent before a draw offer stays spent: the offer does not
/// restart the running clock.
#[test]
fn a_draw_offer_does_not_restart_the_running_clock() {
    let clock = ClockSpec {
        initial_ms: 60_000,
        increment_ms: 0,
        days_per_move: None,
    };
    let created = Room::created("flaxman", None, None, None, Some(clock)).expect("a game");
    let mut room = Room::new(&created).expect("a room");
    let start = Instant::now();
    for seat in [0, 1] {
        let sit = Action::Sit {
            seat: Some(seat),
            name: None,
        };
        apply_all(&mut room, sit, start);
    }
    let moves = ["d1-a1", "e6-d6"];
    for (ply, text) in moves.iter().enumerate() {
        let seat = ply as u8 % 2;
        let action = Action::Move {
            seat,
            ply: ply as u32,
            text: text.to_string(),
        };
        apply_all(&mut room, action, start);
    }
    // White thinks 10 s, Black offers a draw, White thinks 5 s more.
    let offer = start + Duration::from_secs(10);
    apply_all(&mut room, Action::OfferDraw { seat: 1 }, offer);
    let later = offer + Duration::from_secs(5);
    let left = room.clock_now(later).expect("a timed game");
    assert_eq!(left[0], 45_000, "White has spent 15 s of 60: {left:?}");
    assert_eq!(left[1], 60_000);
}

/// A correspondence clock: each move within its days, the mover's time
/// whole again after its move, the flag down when a move is late.
#[test]
fn a_correspondence_clock_gives_each_move_its_days_and_flags_a_late_one() {
    let clock = ClockSpec::parse("2d").expect("two days a move");
    assert_eq!(clock, ClockSpec::correspondence(2));
    let json = crate::net::protocol::to_json(&clock);
    assert_eq!(
        json,
        r#"{"initial_ms":0,"increment_ms":0,"days_per_move":2}"#
    );
    let back: ClockSpec = serde_json::from_str(r#"{"days_per_move":2}"#).expect("parsed");
    assert_eq!(back, clock);
    for bad in ["0d", "15d", "xd"] {
        assert!(ClockSpec::parse(bad).is_err(), "{bad}");
    }
    let mut mixed = clock;
    mixed.increment_ms = 1000;
    assert!(Room::created("flaxman", None, None, None, Some(mixed)).is_err());
    let created = Room::created("flaxman", None, None, None, Some(clock)).expect("a game");
    let mut room = Room::new(&created).expect("a room");
    let start = Instant::now();
    for seat in [0, 1] {
        let sit = Action::Sit {
            seat: Some(seat),
            name: None,
        };
        apply_all(&mut room, sit, start);
    }
    let day = Duration::from_millis(crate::net::protocol::DAY_MS);
    let mut at = start;
    for ply in 0..3 {
        let action = Action::Move {
            seat: ply as u8 % 2,
            ply,
            text: room.session.legal_moves()[0].text.clone(),
        };
        apply_all(&mut room, action, at);
        at += day + Duration::from_secs(3600 * u64::from(ply));
    }
    // White took a day and two hours over its second move: its clock
    // is whole again; Black's runs from that move.
    let whole = 2 * crate::net::protocol::DAY_MS;
    let moved_at = start + 2 * day + Duration::from_secs(3600);
    assert_eq!(room.clock_now(moved_at), Some(vec![whole, whole]));
    let deadline = moved_at + 2 * day;
    assert_eq!(room.flag_deadline(), Some(deadline));
    assert_eq!(room.flag_fall(deadline - Duration::from_millis(1)), None);
    let fallen = room.flag_fall(deadline).expect("Black's flag falls");
    let GameEvent::Ended { status, clock_ms } = fallen else {
        panic!("an end")
    };
    assert_eq!(status, "1-0 timeout");
    assert_eq!(clock_ms, Some(vec![whole, 0]));
}
