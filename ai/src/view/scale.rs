//! The scale of the SVG picture, shared by the board (`svg`) and what lies on it (`svg_items`).

/// Pixels per square.
pub const CELL: i32 = 32;
/// Margin for the coordinates, in pixels.
pub const MARGIN: i32 = 24;
