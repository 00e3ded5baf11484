//! The views (product role: what a person looks at): the board as text and as SVG.

pub mod render;
pub mod svg;
