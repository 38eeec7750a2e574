//! Menus drawn by egui alone, without a window, fed input as the window
//! feeds it (clicks and keys that may all arrive in one frame, as they do
//! at a CPU renderer's few frames a second).

use bevy_egui::egui;
use variantarium::app::layout::ControlMap;

/// An egui context as the window has it: clicks count however long the
/// press (see the window's own setting).
fn context() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.options_mut(|options| options.input_options.max_click_duration = 60.0);
    ctx
}

fn screen() -> Option<egui::Rect> {
    Some(egui::Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(1280.0, 720.0),
    ))
}

fn button(at: egui::Pos2, pressed: bool) -> egui::Event {
    egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    }
}

/// The keys of a quick typist: each key down and up, in order, as the
/// window's keyboard reports them.
fn typed(keys: &[(bevy::input::keyboard::Key, bevy::prelude::KeyCode)]) -> Vec<egui::Event> {
    use variantarium::app::ui::keyboard::{Held, KeyEvent, egui_events};
    let mut events = Vec::new();
    for (logical, code) in keys {
        for pressed in [true, false] {
            events.push(KeyEvent {
                logical: logical.clone(),
                code: *code,
                pressed,
            });
        }
    }
    egui_events(&mut Held::default(), &events)
}

/// Minutes typed into the custom clock are kept when Tab moves on, even
/// when the typing and the Tab reach the window in one frame.
#[test]
fn typed_custom_minutes_survive_tab() {
    use bevy::input::keyboard::Key;
    use bevy::prelude::KeyCode;
    use variantarium::app::ui::clock_panel::clock_picker;
    use variantarium::app::ui::keyboard::this_frame;
    use variantarium::app::{ClockChoice, ClockMode, TimeControl};
    let ctx = context();
    let mut choice = ClockChoice {
        mode: ClockMode::Custom,
        ..ClockChoice::default()
    };
    let first = choice.custom;
    let mut controls = ControlMap::default();
    // The keys wait as the window makes them wait.
    let mut waiting = Vec::new();
    let mut frame = |events: Vec<egui::Event>| {
        let input = egui::RawInput {
            screen_rect: screen(),
            events: this_frame(&mut waiting, events),
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| clock_picker(ui, &mut choice, &mut controls));
        // No painter here: the font atlas' uploads go nowhere.
        output.textures_delta.clear();
        controls.clone()
    };
    let shown = frame(Vec::new());
    let [x, y] = shown.0["clock:minutes"];
    let at = egui::pos2(x, y);
    frame(vec![egui::Event::PointerMoved(at)]);
    frame(vec![button(at, true), button(at, false)]);
    frame(Vec::new());
    let digit = |c: &str, code| (Key::Character(c.into()), code);
    frame(typed(&[
        digit("2", KeyCode::Digit2),
        digit("5", KeyCode::Digit5),
        (Key::Tab, KeyCode::Tab),
    ]));
    frame(Vec::new());
    frame(Vec::new());
    let expected = TimeControl::minutes(25, first.increment.as_secs());
    assert_eq!(choice.custom, expected, "{choice:?}");
}

/// After the Learn list is scrolled with the wheel, a quick click on a
/// lesson (press and release in one frame) opens it, every time.
#[test]
fn a_quick_click_after_scrolling_the_learn_list_opens_the_lesson() {
    use variantarium::app::learn::menu::{LearnChoice, learn_window};
    use variantarium::learn::Library;
    use variantarium::learn::progress::Progress;
    let library = Library::shipped().expect("the shipped lessons");
    let progress = Progress::default();
    let ctx = context();
    let mut controls = ControlMap::default();
    let mut frame = |events: Vec<egui::Event>| {
        controls.0.clear();
        let input = egui::RawInput {
            screen_rect: screen(),
            events,
            ..Default::default()
        };
        let mut chosen = None;
        let mut output = ctx.run_ui(input, |ui| {
            chosen = learn_window(ui.ctx(), &library, &progress, None, &mut controls);
        });
        output.textures_delta.clear();
        (chosen, controls.clone())
    };
    frame(Vec::new());
    let (_, shown) = frame(Vec::new());
    let first = shown
        .0
        .keys()
        .find(|k| k.starts_with("lesson:"))
        .expect("a lesson")
        .clone();
    let over_list = egui::Pos2::from(shown.0[&first]);
    let mut opened = 0;
    for round in 0..5 {
        // A few notches of the wheel over the list, a frame each.
        for _ in 0..3 {
            frame(vec![
                egui::Event::PointerMoved(over_list),
                egui::Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Line,
                    delta: egui::vec2(0.0, -1.0),
                    modifiers: egui::Modifiers::NONE,
                    phase: egui::TouchPhase::Move,
                },
            ]);
        }
        let (_, shown) = frame(Vec::new());
        let lessons: Vec<(&String, &[f32; 2])> = shown
            .0
            .iter()
            .filter(|(k, _)| k.starts_with("lesson:"))
            .collect();
        let (name, at) = lessons[lessons.len() / 2];
        let at = egui::Pos2::from(*at);
        // The pointer goes there and clicks, all in one frame.
        let (chosen, _) = frame(vec![
            egui::Event::PointerMoved(at),
            button(at, true),
            button(at, false),
        ]);
        let (later, _) = frame(Vec::new());
        let id = name.trim_start_matches("lesson:").to_string();
        if chosen.or(later) == Some(LearnChoice::Lesson(id)) {
            opened += 1;
        } else {
            eprintln!("round {round}: the click on {name} was lost");
        }
    }
    assert_eq!(opened, 5, "every quick click opens its lesson");
}

/// At a frame a second, a click aimed at a lesson seen just after the Learn
/// list was wheel-scrolled opens that lesson: the list does not slide on
/// under the pointer between the frame the player saw and the click. The
/// wheel reaches egui as the window hands it over.
#[test]
fn a_click_on_a_lesson_seen_after_the_wheel_opens_it_at_a_frame_a_second() {
    use variantarium::app::learn::menu::{LearnChoice, learn_window};
    use variantarium::app::ui::wheel::{WheelTurn, wheel_events};
    use variantarium::learn::Library;
    use variantarium::learn::progress::Progress;
    let library = Library::shipped().expect("the shipped lessons");
    let progress = Progress::default();
    let ctx = context();
    let mut controls = ControlMap::default();
    let mut time = 0.0;
    let mut scrolling = false;
    // One frame a second; `turns` are the wheel's notches in it.
    let mut frame = |turns: &[WheelTurn], events: Vec<egui::Event>| {
        controls.0.clear();
        time += 1.0;
        let mut all = wheel_events(&mut scrolling, turns, egui::Modifiers::NONE);
        all.extend(events);
        let input = egui::RawInput {
            screen_rect: screen(),
            time: Some(time),
            predicted_dt: 1.0,
            events: all,
            ..Default::default()
        };
        let mut chosen = None;
        let mut output = ctx.run_ui(input, |ui| {
            chosen = learn_window(ui.ctx(), &library, &progress, None, &mut controls);
        });
        output.textures_delta.clear();
        (chosen, controls.clone())
    };
    frame(&[], Vec::new());
    let (_, shown) = frame(&[], Vec::new());
    let first = shown
        .0
        .keys()
        .find(|k| k.starts_with("lesson:"))
        .expect("a lesson");
    let over_list = egui::Pos2::from(shown.0[first]);
    let notches = WheelTurn {
        delta: bevy::prelude::Vec2::new(0.0, -3.0),
        in_lines: true,
    };
    let mut lost = Vec::new();
    for round in 0..5 {
        frame(&[notches], vec![egui::Event::PointerMoved(over_list)]);
        // The frame the player looks at before aiming.
        let (_, shown) = frame(&[], Vec::new());
        let lessons: Vec<(&String, &[f32; 2])> = shown
            .0
            .iter()
            .filter(|(k, _)| k.starts_with("lesson:"))
            .collect();
        let (name, at) = lessons[(lessons.len() / 2 + round) % lessons.len()];
        let at = egui::Pos2::from(*at);
        // The pointer goes there; the button goes down and up in the next
        // frame, or (every other round) down in one and up in the next.
        let mut chosen = vec![frame(&[], vec![egui::Event::PointerMoved(at)]).0];
        if round % 2 == 0 {
            chosen.push(frame(&[], vec![button(at, true), button(at, false)]).0);
        } else {
            chosen.push(frame(&[], vec![button(at, true)]).0);
            chosen.push(frame(&[], vec![button(at, false)]).0);
        }
        chosen.push(frame(&[], Vec::new()).0);
        let id = name.trim_start_matches("lesson:").to_string();
        let chosen: Vec<LearnChoice> = chosen.into_iter().flatten().collect();
        if chosen != [LearnChoice::Lesson(id)] {
            lost.push(format!("round {round}: a click on {name} chose {chosen:?}"));
        }
    }
    assert!(lost.is_empty(), "{lost:#?}");
}
