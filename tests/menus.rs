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

/// Minutes typed into the custom clock are kept when Tab moves on, even
/// when the typing and the Tab reach the form in one frame.
#[test]
fn typed_custom_minutes_survive_tab() {
    use variantarium::app::ui::clock_panel::clock_picker;
    use variantarium::app::{ClockChoice, ClockMode, TimeControl};
    let ctx = context();
    let mut choice = ClockChoice {
        mode: ClockMode::Custom,
        ..ClockChoice::default()
    };
    let mut controls = ControlMap::default();
    let mut frame = |events: Vec<egui::Event>| {
        let input = egui::RawInput {
            screen_rect: screen(),
            events,
            ..Default::default()
        };
        let _ = ctx.run_ui(input, |ui| clock_picker(ui, &mut choice, &mut controls));
        controls.clone()
    };
    let shown = frame(Vec::new());
    let [x, y] = shown.0["clock:minutes"];
    let at = egui::pos2(x, y);
    frame(vec![egui::Event::PointerMoved(at)]);
    frame(vec![button(at, true), button(at, false)]);
    frame(Vec::new());
    frame(vec![
        egui::Event::Text("25".into()),
        egui::Event::Key {
            key: egui::Key::Tab,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        },
    ]);
    frame(Vec::new());
    frame(Vec::new());
    assert_eq!(choice.custom, TimeControl::minutes(25, 5), "{choice:?}");
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
        let _ = ctx.run_ui(input, |ui| {
            chosen = learn_window(ui.ctx(), &library, &progress, None, &mut controls);
        });
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
