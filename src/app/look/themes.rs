//! The board themes and the piece themes as plain data: colours, finishes
//! and which generated texture each surface wears.

use bevy::prelude::*;

use crate::app::look::textures::Textures;
use crate::app::play::settings::{BoardTheme, PieceTheme};

/// How much brighter than its tint a surface facing up looks lit by the
/// room's sun and ambient light (measured on a light cell).
const FLAT_LIGHT: f32 = 0.95;

/// How one surface looks: a tint over a generated texture, and its finish.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    pub rgb: [f32; 3],
    pub texture: Grain,
    pub roughness: f32,
    pub metallic: f32,
}

/// Which generated texture a surface wears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grain {
    Wood,
    Marble,
    Lacquer,
    Stone,
}

impl Grain {
    pub fn image(self, textures: &Textures) -> Handle<Image> {
        match self {
            Grain::Wood => textures.wood.clone(),
            Grain::Marble => textures.marble.clone(),
            Grain::Lacquer => textures.lacquer.clone(),
            Grain::Stone => textures.stone.clone(),
        }
    }
}

impl Finish {
    const fn new(rgb: [f32; 3], texture: Grain, roughness: f32, metallic: f32) -> Finish {
        Finish {
            rgb,
            texture,
            roughness,
            metallic,
        }
    }

    /// The material drawn unlit, in about the colour it shows when lit from
    /// the player's seat: the low render profile's board, which a CPU
    /// renderer then need not shade pixel by pixel.
    pub fn flat_material(self, textures: &Textures) -> StandardMaterial {
        let [r, g, b] = self.rgb.map(|c| (c * FLAT_LIGHT).min(1.0));
        StandardMaterial {
            base_color: Color::srgb(r, g, b),
            unlit: true,
            ..self.material(textures)
        }
    }

    pub fn material(self, textures: &Textures) -> StandardMaterial {
        StandardMaterial {
            base_color: Color::srgb(self.rgb[0], self.rgb[1], self.rgb[2]),
            base_color_texture: Some(self.texture.image(textures)),
            perceptual_roughness: self.roughness,
            metallic: self.metallic,
            ..default()
        }
    }
}

/// The finish of a board's cell: its board (1 is Tapestry's Loom), its
/// colour index and how many colours the board has.
pub fn cell_finish(theme: BoardTheme, board: u8, colour: u8, colours: u8) -> Finish {
    let grain = cell_grain(theme);
    let (roughness, metallic) = match theme {
        BoardTheme::Walnut => (0.62, 0.0),
        BoardTheme::Marble => (0.22, 0.0),
        BoardTheme::Lacquer => (0.18, 0.0),
    };
    let [light, mid, dark] = chequers(theme);
    let rgb = match (board, colours) {
        (1, _) => parchment(theme),
        // Points inlaid in the frame (Flaxman): in a shade the frame is not.
        (_, 1) => match theme {
            BoardTheme::Lacquer => dark,
            _ => light,
        },
        (_, 2) => [light, dark][colour as usize % 2],
        (_, 3) => [light, mid, hex_dark(theme)][colour as usize % 3],
        _ => tapestry(theme)[colour as usize % 4],
    };
    Finish::new(rgb, grain, roughness, metallic)
}

fn cell_grain(theme: BoardTheme) -> Grain {
    match theme {
        BoardTheme::Walnut => Grain::Wood,
        BoardTheme::Marble => Grain::Marble,
        BoardTheme::Lacquer => Grain::Lacquer,
    }
}

/// Light, middle and dark cells.
fn chequers(theme: BoardTheme) -> [[f32; 3]; 3] {
    match theme {
        BoardTheme::Walnut => [[1.0, 0.86, 0.64], [0.80, 0.58, 0.36], [0.52, 0.33, 0.19]],
        // Marble's light cells are grey veined stone, not white, so that
        // white stone men stand out on them.
        BoardTheme::Marble => [[0.76, 0.77, 0.76], [0.60, 0.63, 0.62], [0.42, 0.48, 0.49]],
        BoardTheme::Lacquer => [[0.96, 0.74, 0.40], [0.92, 0.48, 0.20], [0.62, 0.12, 0.08]],
    }
}

/// The darkest of a three-colour (hexagonal) board's cells: lacquer's is
/// jade, not red, so that a third army in red stands out on it.
fn hex_dark(theme: BoardTheme) -> [f32; 3] {
    match theme {
        BoardTheme::Lacquer => [0.12, 0.36, 0.32],
        _ => chequers(theme)[2],
    }
}

/// Tapestry's four colours in each theme's manner.
fn tapestry(theme: BoardTheme) -> [[f32; 3]; 4] {
    match theme {
        BoardTheme::Walnut => [
            [0.86, 0.40, 0.32],
            [0.36, 0.52, 0.80],
            [0.42, 0.68, 0.42],
            [0.98, 0.82, 0.42],
        ],
        BoardTheme::Marble => [
            [0.86, 0.52, 0.48],
            [0.52, 0.64, 0.82],
            [0.56, 0.74, 0.60],
            [0.96, 0.88, 0.62],
        ],
        BoardTheme::Lacquer => [
            [0.78, 0.14, 0.10],
            [0.14, 0.28, 0.62],
            [0.16, 0.46, 0.28],
            [0.96, 0.74, 0.22],
        ],
    }
}

fn parchment(theme: BoardTheme) -> [f32; 3] {
    match theme {
        BoardTheme::Walnut => [0.98, 0.92, 0.78],
        BoardTheme::Marble => [0.98, 0.97, 0.93],
        BoardTheme::Lacquer => [0.98, 0.88, 0.66],
    }
}

/// The frame (the base under a board).
pub fn frame_finish(theme: BoardTheme) -> Finish {
    match theme {
        BoardTheme::Walnut => Finish::new([0.50, 0.31, 0.17], Grain::Wood, 0.5, 0.0),
        BoardTheme::Marble => Finish::new([0.34, 0.36, 0.38], Grain::Stone, 0.45, 0.0),
        BoardTheme::Lacquer => Finish::new([0.95, 0.74, 0.34], Grain::Lacquer, 0.3, 0.65),
    }
}

/// The lines inked on a board (Flaxman's grid, Tapestry's borders).
pub fn ink_colour(theme: BoardTheme) -> [f32; 3] {
    match theme {
        BoardTheme::Walnut => [0.12, 0.08, 0.05],
        BoardTheme::Marble => [0.16, 0.17, 0.18],
        BoardTheme::Lacquer => [0.55, 0.40, 0.12],
    }
}

/// What a man is, for his material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ManKind {
    /// An army's man, by side index (0 White, 1 Black, 2 Red).
    Side(usize),
    /// A Flaxman Prisoner, by side.
    Prisoner(usize),
    /// A man in a mode (knight or king mode), by side.
    Modal(usize),
    /// A man of nobody's (Tapestry's Fates).
    Unowned,
}

/// A man's finish in a piece theme.
pub fn man_finish(theme: PieceTheme, kind: ManKind) -> Finish {
    let (sides, grain, roughness) = match theme {
        PieceTheme::Wood => (
            [[0.88, 0.72, 0.50], [0.20, 0.12, 0.08], [0.74, 0.18, 0.10]],
            Grain::Wood,
            0.42,
        ),
        PieceTheme::Stone => (
            [[0.94, 0.93, 0.90], [0.16, 0.17, 0.19], [0.66, 0.16, 0.14]],
            Grain::Marble,
            0.18,
        ),
    };
    let side = |i: usize| sides[i.min(2)];
    match kind {
        ManKind::Side(i) => Finish::new(side(i), grain, roughness, 0.0),
        ManKind::Prisoner(i) => {
            let [r, g, b] = side(i);
            let grey = (r + g + b) / 3.0;
            let dull = [r, g, b].map(|c| 0.35 * c + 0.45 * grey + 0.05);
            Finish::new(dull, Grain::Stone, 0.8, 0.0)
        }
        ManKind::Modal(i) => Finish::new(
            [[0.72, 0.86, 0.98], [0.28, 0.20, 0.52], [0.80, 0.36, 0.22]][i.min(2)],
            grain,
            roughness,
            0.2,
        ),
        ManKind::Unowned => Finish::new([0.95, 0.72, 0.30], Grain::Lacquer, 0.3, 0.85),
    }
}
