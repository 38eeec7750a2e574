//! The pages: the index of games, and a game's page — its rules in brief,
//! its games, its men with their diagrams, its lessons with their videos
//! and words, its full rules and the notation.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write;

use super::html::{NavLink, escape, page, slug};
use super::markdown::to_html;
use super::men::Man;
use super::plan::{GamePage, page_file};
use super::reference::{common_rules, game_rules, move_notation};
use crate::learn::{Lesson, Step};
use crate::rules::families::{FAMILIES, Family, choices_of};
use crate::rules::glossary::capitalised;
use crate::rules::registry::{GameEntry, describe};
use crate::rules::variant::VariantId;

/// A lesson's recording, as paths relative to the pages.
#[derive(Clone, Debug)]
pub struct LessonVideo {
    pub webm: String,
    pub gif: String,
}

/// What the output folder holds that the pages may link to.
pub struct Links<'a> {
    /// The families with a page there (made now or by an earlier run).
    pub pages: &'a BTreeSet<&'static str>,
    /// The games whose thumbnail is there.
    pub thumbnails: &'a HashSet<VariantId>,
    /// The lessons recorded there, by id.
    pub videos: &'a BTreeMap<String, LessonVideo>,
    /// The command that made this site, without `--only`: a game not built
    /// is built into the same folder by it plus `--only GAME`.
    pub remake: &'a str,
}

impl Links<'_> {
    fn nav(&self, current: Option<&str>) -> Vec<NavLink> {
        FAMILIES
            .iter()
            .map(|f| NavLink {
                title: f.title.to_string(),
                href: self.pages.contains(f.key).then(|| page_file(f)),
                current: current == Some(f.key),
            })
            .collect()
    }

    fn thumbnail(&self, id: VariantId, class: &str) -> String {
        if !self.thumbnails.contains(&id) {
            return String::new();
        }
        format!(
            "<img class=\"{class}\" src=\"{}\" alt=\"{}\" />\n",
            thumbnail_file(id),
            escape(&format!("A game of {} in Variantarium", id.title()))
        )
    }
}

/// Where a game's thumbnail goes, relative to the pages.
pub fn thumbnail_file(id: VariantId) -> String {
    format!("thumbnails/{}.png", id.id())
}

/// Where a man's diagram goes, relative to the pages.
pub fn diagram_file(family: &Family, man: &Man) -> String {
    format!("men/{}-{}.svg", family.key, slug(man.name()))
}

/// The index: a card per game, then the rules every game shares.
pub fn index(links: &Links, lesson_counts: &BTreeMap<&str, usize>) -> String {
    let mut body = String::from(
        "<section class=\"intro\">\n<h1>The rules manual</h1>\n<p>Variantarium plays unusual chess \
         variants on a 3D table. These pages hold their rules as the program plays them, every \
         man with a diagram of his moves, and the lessons of its Learn mode, recorded from the \
         game.</p>\n</section>\n<div class=\"cards\">\n",
    );
    for family in &FAMILIES {
        let built = links.pages.contains(family.key);
        let (open, close) = if built {
            (
                format!("<a class=\"card\" href=\"{}\">", page_file(family)),
                "</a>",
            )
        } else {
            ("<div class=\"card unbuilt\">".to_string(), "</div>")
        };
        let lessons = lesson_counts.get(family.key).copied().unwrap_or(0);
        let games = family.members.len();
        let _ = write!(
            body,
            "{open}\n{}<h2>{}</h2>\n<p>{}</p>\n<p class=\"counts\">{} · {}</p>\n",
            links.thumbnail(family.members[0], "thumb"),
            escape(family.title),
            escape(&capitalised(family.summary)),
            plural(games, "game"),
            plural(lessons, "lesson")
        );
        if !built {
            let _ = writeln!(
                body,
                "<p class=\"note\">Not built in this copy: <code>{} --only {}</code></p>",
                escape(links.remake),
                family.key
            );
        }
        let _ = writeln!(body, "{close}");
    }
    body.push_str("</div>\n<section class=\"rules common\">\n<h2>Common to all games</h2>\n");
    body.push_str(&to_html(&common_rules()));
    body.push_str("</section>\n");
    page("Variantarium — the rules manual", &links.nav(None), &body)
}

/// A game's page.
pub fn game(game: &GamePage, links: &Links) -> String {
    let family = game.family;
    let mut body = String::new();
    let _ = write!(
        body,
        "<section class=\"hero\">\n{}<div>\n<h1>{}</h1>\n<p class=\"summary\">{}</p>\n{}</div>\n</section>\n",
        links.thumbnail(family.members[0], "hero-thumb"),
        escape(family.title),
        escape(&capitalised(family.summary)),
        contents(game)
    );
    body.push_str(&in_brief(family));
    if family.members.len() > 1 {
        body.push_str(&members(family, links));
    }
    body.push_str(&men(game));
    body.push_str(&lessons(game, links));
    let rules = game_rules(family.title).unwrap_or_default();
    let _ = write!(
        body,
        "<section class=\"rules\" id=\"rules\">\n<h2>The full rules</h2>\n{}</section>\n",
        to_html(&rules)
    );
    let _ = write!(
        body,
        "<section class=\"rules\" id=\"notation\">\n<h2>Move notation</h2>\n{}</section>\n",
        to_html(move_notation())
    );
    let title = format!("{} — Variantarium rules manual", family.title);
    page(&title, &links.nav(Some(family.key)), &body)
}

fn contents(game: &GamePage) -> String {
    let mut parts = vec![("brief", "In brief")];
    if game.family.members.len() > 1 {
        parts.push(("games", "The games"));
    }
    parts.push(("men", "The men"));
    if !game.lessons.is_empty() {
        parts.push(("lessons", "Lessons"));
    }
    parts.extend([("rules", "Full rules"), ("notation", "Notation")]);
    let links: Vec<String> = parts
        .iter()
        .map(|(id, label)| format!("<a href=\"#{id}\">{label}</a>"))
        .collect();
    format!("<p class=\"contents\">{}</p>\n", links.join(" · "))
}

/// The rules as the window shows them beside the board: one text, or one
/// per group of games that share it, headed by its number of players when
/// that tells the groups apart, else by the games' titles.
fn in_brief(family: &Family) -> String {
    let mut texts: Vec<(&str, Vec<&GameEntry>)> = Vec::new();
    for &id in family.members {
        let entry = describe(id);
        match texts.iter_mut().find(|(text, _)| *text == entry.rules) {
            Some((_, games)) => games.push(entry),
            None => texts.push((entry.rules, vec![entry])),
        }
    }
    let players = |games: &[&GameEntry]| {
        let first = games[0].players;
        games.iter().all(|g| g.players == first).then_some(first)
    };
    let counts: Vec<Option<u8>> = texts.iter().map(|(_, games)| players(games)).collect();
    let by_players = counts.iter().all(Option::is_some)
        && counts.iter().collect::<BTreeSet<_>>().len() == counts.len();
    let mut html = String::from("<section class=\"brief\" id=\"brief\">\n<h2>In brief</h2>\n");
    for (text, games) in &texts {
        if texts.len() > 1 {
            let heading = match players(games) {
                Some(n) if by_players => format!("{} players", number_word(n)),
                _ => games.iter().map(|g| g.title).collect::<Vec<_>>().join(", "),
            };
            let _ = writeln!(html, "<h3>{}</h3>", escape(&heading));
        }
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let _ = writeln!(html, "<p>{}</p>", escape(line.trim()));
        }
    }
    html.push_str("</section>\n");
    html
}

fn number_word(n: u8) -> String {
    match n {
        2 => "Two".into(),
        3 => "Three".into(),
        n => n.to_string(),
    }
}

/// The family's games, each with what sets it apart.
fn members(family: &Family, links: &Links) -> String {
    let mut html =
        String::from("<section id=\"games\">\n<h2>The games</h2>\n<div class=\"members\">\n");
    for &id in family.members {
        let entry = describe(id);
        let choices: Vec<String> = choices_of(id)
            .iter()
            .map(|c| format!("{}: {}", c.axis, c.value))
            .collect();
        let _ = write!(
            html,
            "<div class=\"member\">\n{}<h3>{}</h3>\n<p class=\"id\"><code>--variant {}</code></p>\n<p>{}</p>\n<p class=\"choices\">{}</p>\n</div>\n",
            links.thumbnail(id, "member-thumb"),
            escape(entry.title),
            escape(entry.key),
            escape(&capitalised(entry.summary)),
            escape(&choices.join(" · "))
        );
    }
    html.push_str("</div>\n</section>\n");
    html
}

fn men(game: &GamePage) -> String {
    let mut html = String::from(
        "<section id=\"men\">\n<h2>The men</h2>\n<p class=\"lead\">Each diagram shows a man on an \
         otherwise empty board (with the men the rules need beside him) and every cell he can \
         reach.</p>\n<div class=\"men\">\n",
    );
    for man in &game.men {
        let wide = man.diagram.as_ref().is_some_and(|d| d.panels.len() > 1);
        // The card is headed by the man; his diagram carries no words of
        // its own, so his move is said once, under it.
        let _ = write!(
            html,
            "<figure class=\"man{}\" id=\"man-{}\">\n<h3>{}{}</h3>\n",
            if wide { " wide" } else { "" },
            slug(man.name()),
            escape(man.name()),
            man.letter.map_or(String::new(), |l| format!(
                " <span class=\"letter\">{l}</span>"
            ))
        );
        match &man.diagram {
            Some(_) => {
                let _ = writeln!(
                    html,
                    "<img src=\"{}\" alt=\"{}\" />",
                    diagram_file(game.family, man),
                    escape(&format!("The moves of the {}", man.name()))
                );
            }
            None => html.push_str("<p class=\"still\">No moves of his own.</p>\n"),
        }
        html.push_str("<figcaption>\n");
        for info in &man.infos {
            let named = if man.infos.len() > 1 {
                format!("<strong>{}</strong>: ", escape(info.name))
            } else {
                String::new()
            };
            let _ = writeln!(html, "<p>{named}{}</p>", escape(&capitalised(info.summary)));
        }
        html.push_str("</figcaption>\n</figure>\n");
    }
    html.push_str("</div>\n</section>\n");
    html
}

fn lessons(game: &GamePage, links: &Links) -> String {
    if game.lessons.is_empty() {
        return String::new();
    }
    let mut html = String::from(
        "<section id=\"lessons\">\n<h2>Lessons</h2>\n<p class=\"lead\">The lessons of Learn mode, \
         as the game plays them, with their words written out beside each.</p>\n",
    );
    for (n, lesson) in game.lessons.iter().enumerate() {
        html.push_str(&lesson_html(n + 1, lesson, game.family, links));
    }
    html.push_str("</section>\n");
    html
}

fn lesson_html(number: usize, lesson: &Lesson, family: &Family, links: &Links) -> String {
    let mut html = format!(
        "<article class=\"lesson\" id=\"lesson-{}\">\n<h3><span class=\"number\">{number}</span> {}</h3>\n<p class=\"goal\">{}</p>\n<div class=\"lesson-body\">\n",
        slug(&lesson.id),
        escape(&lesson.title),
        escape(&lesson.goal)
    );
    match links.videos.get(&lesson.id) {
        Some(video) => {
            let alt = escape(&format!(
                "The lesson “{}” played on the board",
                lesson.title
            ));
            let _ = write!(
                html,
                "<div class=\"video\">\n<video controls=\"controls\" preload=\"metadata\" playsinline=\"playsinline\">\n<source src=\"{webm}\" type=\"video/webm\" />\n<img src=\"{gif}\" alt=\"{alt}\" />\n</video>\n<p class=\"alt\"><a href=\"{gif}\">Animated GIF</a> · <a href=\"{webm}\">WebM video</a></p>\n</div>\n",
                webm = escape(&video.webm),
                gif = escape(&video.gif),
            );
        }
        None => {
            html.push_str("<div class=\"video none\"><p>No recording in this copy.</p></div>\n")
        }
    }
    html.push_str("<div class=\"words\">\n");
    if family.members.len() > 1
        && let Ok(id) = lesson.variant.parse::<VariantId>()
    {
        let _ = writeln!(
            html,
            "<p class=\"played\">Played in {}.</p>",
            escape(id.title())
        );
    }
    let _ = write!(
        html,
        "<ol class=\"steps\">\n{}</ol>\n<p class=\"id\">In the game: <code>variantarium learn --lesson {}</code></p>\n</div>\n</div>\n</article>\n",
        steps(lesson),
        escape(&lesson.id)
    );
    html
}

/// The lesson's words in order: its captions, and each exercise, numbered,
/// with its answer under it under the same number.
fn steps(lesson: &Lesson) -> String {
    let mut html = String::new();
    let mut exercises = 0;
    for step in &lesson.steps {
        match step {
            Step::Caption { text, .. } => {
                let _ = writeln!(html, "<li>{}</li>", escape(text));
            }
            Step::Exercise(exercise) => {
                exercises += 1;
                let answer = exercise.accept.first().map_or(String::new(), |m| {
                    format!(
                        " <span class=\"answer\">Answer to exercise {exercises}: <code>{}</code> — {}</span>",
                        escape(m),
                        escape(&exercise.right)
                    )
                });
                let _ = writeln!(
                    html,
                    "<li class=\"exercise\" id=\"{}-exercise-{exercises}\"><strong>Exercise {exercises}.</strong> {}{answer}</li>",
                    slug(&lesson.id),
                    escape(&exercise.prompt)
                );
            }
            _ => {}
        }
    }
    html
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
