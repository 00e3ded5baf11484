//! CREACIÓN DE PERSONAJES, LISTAS DE JUEGO and BONUS Y MALUS: archetypes ([`archetype`]), their
//! points ([`points`]), catalogues of archetypes and characters ([`catalogue`]), the trait
//! catalogue ([`traits`]) and the data-driven effect model that traits are made of ([`effect`]).
//!
//! What a character *is*, before a game starts; the rules read it through the game state.

pub mod archetype;
pub mod area_table;
pub mod catalogue;
pub mod effect;
pub mod effect_params;
pub mod meta_use;
pub mod points;
pub mod traits;
