//! The views (product role: what a person looks at): the board as text and as SVG.

mod legend;
pub mod objects;
pub mod render;
mod scale;
pub mod svg;
mod svg_items;
