//! The one integration-test binary: each game and feature is a module, so the
//! Bevy-linked tests link once.

#[cfg(feature = "app")]
mod analysis;
#[cfg(feature = "app")]
mod app;
mod architecture;
#[cfg(feature = "app")]
mod away;
mod browser;
mod captured;
mod chakra;
mod cli;
mod clock;
mod diagram;
mod diagram_marks;
#[cfg(feature = "app")]
mod diagram_png;
#[cfg(feature = "app")]
mod diagram_png_legend;
#[cfg(feature = "app")]
mod display;
mod docs;
mod engine;
mod flaxman;
mod fuzz;
#[cfg(feature = "app")]
mod game_window;
mod hexchess;
mod hexchess3p;
#[cfg(feature = "app")]
mod host_window;
#[cfg(feature = "app")]
mod hover;
mod install_files;
#[cfg(feature = "app")]
mod keys;
mod learn;
#[cfg(feature = "app")]
mod lesson_gif;
#[cfg(feature = "app")]
mod lesson_player;
mod manual;
mod manual_cards;
#[cfg(feature = "app")]
mod menus;
#[cfg(feature = "app")]
mod moments;
mod multi_search;
mod net;
mod net_commit;
mod net_db;
mod net_expiry;
mod net_http;
mod net_limits;
mod net_memory;
mod net_play;
mod net_position;
mod net_resume;
mod net_scale;
mod net_watch;
#[cfg(feature = "app")]
mod online_window;
#[cfg(feature = "app")]
mod player;
#[cfg(feature = "app")]
mod puzzle_window;
mod puzzles;
mod record;
mod registry;
#[cfg(feature = "app")]
mod render;
#[cfg(feature = "app")]
mod robust;
#[cfg(feature = "app")]
mod scene;
#[cfg(feature = "app")]
mod settings;
mod showcase;
#[cfg(feature = "app")]
mod sound;
mod sprt;
mod store;
mod tapestry;
mod tune;
#[cfg(feature = "app")]
mod video;
#[cfg(feature = "app")]
mod video_stop;
#[cfg(feature = "app")]
mod walk;
mod web_client;
mod web_moves;
#[cfg(feature = "app")]
mod window;
#[cfg(feature = "app")]
mod window_icon;
mod xml;
