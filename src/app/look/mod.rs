//! How the game looks: the men's meshes and the boards' materials, the
//! room and the table, the camera, highlights and rule overlays, the title
//! screen's backdrop, the render quality and screenshots.

pub mod camera;
pub mod capture;
pub mod dressing;
pub mod highlight;
pub mod label_layout;
pub mod meshes;
pub mod overlays;
pub mod quality;
pub mod scene;
pub mod textures;
pub mod themes;
pub mod title_scene;
pub mod top_letters;

use bevy::prelude::*;

/// The look of cells and men: their meshes and materials, given in the
/// frame they appear. Needs only the mesh and material asset stores, so the
/// ECS tests run it beside the play plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins((meshes::plugin, dressing::plugin));
}

/// What needs a renderer: the room, the camera and what is drawn over the
/// boards.
pub fn scene_plugin(app: &mut App) {
    app.add_plugins((
        scene::plugin,
        camera::plugin,
        highlight::plugin,
        overlays::plugin,
        quality::plugin,
        title_scene::plugin,
        capture::plugin,
        top_letters::plugin,
    ));
}
