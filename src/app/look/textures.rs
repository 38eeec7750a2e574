//! Procedural textures, made in code at start-up: wood grain, marble veins,
//! lacquer's faint brush marks and a stone's speckle, as small greyscale
//! images that a material tints, and the soft round shadow laid under each
//! man and board. Each image carries its own mipmaps, so a grain seen at a
//! slant stays calm instead of shimmering.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Side of each generated texture, in texels (a power of two for mipmaps).
const SIZE: u32 = 256;

/// The generated textures, made once.
#[derive(Resource, Clone)]
pub struct Textures {
    /// Long grain along v, as in a plank.
    pub wood: Handle<Image>,
    /// Soft clouds crossed by thin dark veins.
    pub marble: Handle<Image>,
    /// Nearly flat, with faint strokes: lacquer under its gloss.
    pub lacquer: Handle<Image>,
    /// A fine speckle: polished stone.
    pub stone: Handle<Image>,
    /// A round shadow fading to nothing at its rim (alpha only).
    pub shadow: Handle<Image>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_textures);
}

/// Without an image store (the ECS tests) every texture is the default
/// handle, which draws as plain white.
fn make_textures(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    let mut images = images;
    let mut add = |pixels: Vec<[u8; 4]>| match images.as_mut() {
        Some(images) => images.add(with_mipmaps(pixels)),
        None => Handle::default(),
    };
    commands.insert_resource(Textures {
        wood: add(grey(wood)),
        marble: add(grey(marble)),
        lacquer: add(grey(lacquer)),
        stone: add(grey(stone)),
        shadow: add(shadow()),
    });
}

/// A texture of `SIZE`² from a brightness function of (u, v) in 0..1.
fn grey(shade: fn(f32, f32) -> f32) -> Vec<[u8; 4]> {
    (0..SIZE * SIZE)
        .map(|i| {
            let (u, v) = (
                (i % SIZE) as f32 / SIZE as f32,
                (i / SIZE) as f32 / SIZE as f32,
            );
            let g = (shade(u, v).clamp(0.0, 1.0) * 255.0).round() as u8;
            [g, g, g, 255]
        })
        .collect()
}

fn shadow() -> Vec<[u8; 4]> {
    (0..SIZE * SIZE)
        .map(|i| {
            let x = (i % SIZE) as f32 / (SIZE - 1) as f32 * 2.0 - 1.0;
            let y = (i / SIZE) as f32 / (SIZE - 1) as f32 * 2.0 - 1.0;
            let r = (x * x + y * y).sqrt();
            let a = (1.0 - r).clamp(0.0, 1.0);
            [0, 0, 0, (a * a * (3.0 - 2.0 * a) * 255.0) as u8]
        })
        .collect()
}

/// Plank grain: growth rings stretched along v, bent by low noise, with
/// fine fibres across them.
fn wood(u: f32, v: f32) -> f32 {
    let bend = fbm(u, v, 3, 1, 3) * 1.2;
    let rings = (u * 9.0 + bend).fract();
    let ring = (rings * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    let fibres = fbm(u, v, 40, 3, 2);
    0.8 - 0.14 * ring.powf(3.0) + 0.1 * fibres + 0.08 * fbm(u, v, 4, 4, 2)
}

/// Marble: pale clouds and dark veins where turbulent noise crosses zero.
fn marble(u: f32, v: f32) -> f32 {
    let turbulence = fbm(u, v, 4, 4, 5);
    let vein = ((u * 3.0 + v * 2.0 + turbulence * 3.0) * std::f32::consts::PI)
        .sin()
        .abs();
    let dark = (1.0 - vein).powf(10.0);
    0.93 - 0.45 * dark - 0.08 * fbm(u, v, 8, 8, 3)
}

/// Lacquer: almost flat, with long faint brush strokes.
fn lacquer(u: f32, v: f32) -> f32 {
    0.9 + 0.06 * fbm(u, v, 2, 24, 3) + 0.04 * fbm(u, v, 6, 6, 2)
}

/// Stone: a fine speckle over soft mottling.
fn stone(u: f32, v: f32) -> f32 {
    let speck = fbm(u, v, 64, 64, 2);
    0.82 + 0.1 * fbm(u, v, 6, 6, 3) + 0.1 * (speck - 0.5).max(0.0)
}

/// Fractal value noise in 0..1 over (u, v) in 0..1, `fu` × `fv` lattice
/// cells in the first octave; it tiles, as each octave's lattice wraps.
fn fbm(u: f32, v: f32, fu: u32, fv: u32, octaves: u32) -> f32 {
    let (mut sum, mut weight, mut total) = (0.0, 0.5, 0.0);
    for octave in 0..octaves {
        let (pu, pv) = ((fu << octave) as i32, (fv << octave) as i32);
        sum += weight * value_noise(u * pu as f32, v * pv as f32, pu, pv);
        total += weight;
        weight *= 0.5;
    }
    sum / total
}

/// Smoothly interpolated lattice noise; the lattice wraps every `px`, `py`
/// cells so that the texture tiles.
fn value_noise(x: f32, y: f32, px: i32, py: i32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let at = |i: i32, j: i32| hash(i.rem_euclid(px.max(1)), j.rem_euclid(py.max(1)));
    let top = at(xi, yi) + (at(xi + 1, yi) - at(xi, yi)) * sx;
    let bottom = at(xi, yi + 1) + (at(xi + 1, yi + 1) - at(xi, yi + 1)) * sx;
    top + (bottom - top) * sy
}

fn hash(i: i32, j: i32) -> f32 {
    let mut h = (i as u32).wrapping_mul(0x8da6_b343) ^ (j as u32).wrapping_mul(0xd816_3841);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65535.0
}

/// An sRGB image of `SIZE`² with every mip level (box-filtered), repeating.
fn with_mipmaps(pixels: Vec<[u8; 4]>) -> Image {
    let mut levels = vec![pixels];
    let mut side = SIZE;
    while side > 1 {
        let last = levels.last().expect("a level");
        let half = side / 2;
        let next = (0..half * half)
            .map(|i| {
                let (x, y) = ((i % half) * 2, (i / half) * 2);
                let texel = |dx: u32, dy: u32| last[((y + dy) * side + x + dx) as usize];
                let mut out = [0u8; 4];
                for (c, slot) in out.iter_mut().enumerate() {
                    let sum: u32 = [texel(0, 0), texel(1, 0), texel(0, 1), texel(1, 1)]
                        .iter()
                        .map(|t| t[c] as u32)
                        .sum();
                    *slot = (sum / 4) as u8;
                }
                out
            })
            .collect();
        levels.push(next);
        side = half;
    }
    let count = levels.len() as u32;
    let data: Vec<u8> = levels.into_iter().flatten().flatten().collect();
    let mut image = Image::new_uninit(
        Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = count;
    let mut sampler = ImageSamplerDescriptor::linear();
    sampler.set_address_mode(ImageAddressMode::Repeat);
    sampler.set_filter(ImageFilterMode::Linear);
    // Bilinear within the nearest mip level: half the texel reads of
    // trilinear, which a CPU renderer feels.
    sampler.mipmap_filter = ImageFilterMode::Nearest;
    image.sampler = ImageSampler::Descriptor(sampler);
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textures_are_not_flat_and_tile() {
        for (name, shade) in [
            ("wood", wood as fn(f32, f32) -> f32),
            ("marble", marble),
            ("lacquer", lacquer),
            ("stone", stone),
        ] {
            let texels = grey(shade);
            let values: Vec<u8> = texels.iter().map(|t| t[0]).collect();
            let (lo, hi) = (values.iter().min().unwrap(), values.iter().max().unwrap());
            assert!(hi - lo > 12, "{name}: flat ({lo}..{hi})");
            // The left and right edges meet without a seam.
            let seam: u32 = (0..SIZE)
                .map(|y| {
                    values[(y * SIZE) as usize].abs_diff(values[(y * SIZE + SIZE - 1) as usize])
                        as u32
                })
                .sum::<u32>()
                / SIZE;
            assert!(seam < 20, "{name}: a seam of {seam}");
        }
    }
}
