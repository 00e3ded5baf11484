//! ACCIONES (ACCIONES DE MOVIMIENTO, DE COMBATE, GENÉRICAS) and the chapters that rule them
//! (MOVIMIENTO, COMBATE, METAHABILIDADES): one module per family of actions, each saying which
//! of its actions are legal, what they cost and how they resolve.

pub mod abilities;
pub mod abilities_death;
pub mod combat;
pub mod doors;
pub mod equipment;
pub mod heave;
pub mod incorporeal;
pub mod items;
pub mod meta;
pub mod meta_raise;
pub mod meta_resonator;
pub mod meta_telekinesis;
pub mod mind;
pub mod mind_objects;
pub mod movement;
pub mod pet;
pub mod physical;
pub mod repair;
pub mod trait_actions;
pub mod trait_marks;
pub mod transport;
