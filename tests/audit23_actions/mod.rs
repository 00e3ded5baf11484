//! Audit 23a: every action of ACCIONES read again as a table of clauses — its cost, its check,
//! what success, failure, critical and fumble do, when it may be taken and the reactions it
//! allows — and, for each clause no test pinned with scripted dice, an independent rule case: a
//! position, scripted dice, one action and the exact outcome the text implies (RULES.md,
//! "audit 23"). One file per part of ACCIONES; the MODIFICADORES table in its own. Fixtures:
//! `build.rs` and `traits/mod.rs` (`range`, `contact`). Standard race: CON 4, AGI 5, INT 4,
//! VOL 4.

mod combat;
mod generic;
mod modifiers;
mod movement;
