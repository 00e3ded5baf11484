//! The movement memo's key: what the destinations of a mover read of every character (and
//! transport) in a position, one word each. Two positions with the same key have the same
//! destinations for the same mover (debug builds check every memo hit against a fresh search).

use crate::basics::action::CharIdx;
use crate::basics::geom::{Facing, Pos};
use crate::state::{Stance, State, KILL_RUSH};

/// What the search reads of character `j`: square, facing, stance, and its ability, side and
/// altitude (bit 0: able; bit 1: on its possessor's side, Poseer; bits 2-4: its altitude; bit 5: a
/// stance taken; bit 6: Sed de sangre's longer charge).
#[inline]
fn arrangement_entry(st: &State, j: CharIdx) -> ArrangementEntry {
    let c = st.ch(j);
    let side = (st.side_of(j) != st.home_side(j)) as u8;
    let alt = (c.alt as u8 & 7) << 2;
    // A stance taken may lengthen its movement (Fuego en las venas).
    let stance = (c.run.stance != 0) as u8;
    pack(
        c.pos,
        c.facing,
        c.stance,
        (st.able(j) as u8 | side << 1 | alt | stance << 5 | ((c.tbits & KILL_RUSH != 0) as u8) << 6)
            as u16
            // A lost leg shortens its movement (Miembros prescindibles): the MOV now (no body
            // records in most games: nothing to read).
            | if st.bodies.is_empty() {
                0
            } else {
                (st.mov(j) as u16) << 8
            },
    )
}

/// One character's part of the memo key ([`arrangement_entry`]), packed into one word by
/// [`pack`]: the key of a lookup is built, hashed and compared with the entries of its set a
/// word per character (PERFORMANCE.md, "Fourteenth session": as a tuple of four fields it was
/// built, hashed and compared field by field).
pub(super) type ArrangementEntry = u64;

/// Square (bits 0-15), facing (16-23), stance (24-31) and the character's bits (32-47).
#[inline(always)]
fn pack(p: Pos, f: Facing, s: Stance, a: u16) -> ArrangementEntry {
    (p.x as u64) | (p.y as u64) << 8 | (f as u64) << 16 | (s as u64) << 24 | (a as u64) << 32
}

/// The memo key of every character into `key`, read once per lookup (the hash and the
/// comparison with the entries of the set both use it).
pub(super) fn arrangement_key(st: &State, key: &mut Vec<ArrangementEntry>) {
    key.clear();
    if !st.bodies.is_empty() {
        key.extend(st.indices().map(|j| arrangement_entry(st, j)));
        transports_key(st, key);
        return;
    }
    // Without body records (most games), the same entries read off the dynamic and static
    // records side by side: no index checks, no accessor per field (every lookup of the memo
    // builds this key; PERFORMANCE.md, "Thirteenth session").
    key.extend(st.chars.iter().zip(&st.st.chars).map(|(c, info)| {
        // On another side than its own: possessed by an enemy (a willing ally possessed, or a
        // corpse raised by its own side, stays on it: `State::side_of`).
        let possessed = (c.flags & crate::state::POSSESSED != 0
            && st.st.chars[c.possessor as usize].side != info.side) as u8;
        let casualty = c.wounds >= info.con || c.has(crate::state::CASUALTY_FLAGS);
        let alt = (c.alt as u8 & 7) << 2;
        let stance = (c.run.stance != 0) as u8;
        let rush = (c.tbits & KILL_RUSH != 0) as u8;
        let bits = !casualty as u8 | possessed << 1 | alt | stance << 5 | rush << 6;
        pack(c.pos, c.facing, c.stance, bits as u16)
    }));
    #[cfg(debug_assertions)]
    {
        let slow: Vec<ArrangementEntry> = st.indices().map(|j| arrangement_entry(st, j)).collect();
        debug_assert_eq!(*key, slow, "arrangement key fast path");
    }
    transports_key(st, key);
}

/// The transports' part of the memo key (CREACIÓN DE TRANSPORTES: a transport's base is taken
/// whether anyone is aboard or not, and a passenger holds no zone — both read by
/// `fill_flags`): per transport its square, facing and whether it is destroyed, then who is
/// aboard (the 32 bits of `aboard` spread over one entry). Without it, the same characters'
/// arrangement with a transport moved, wrecked or boarded found a stale entry (a debug check
/// caught it on tactic 28 when a second search from the same root met the first one's
/// evicted entries).
#[inline]
fn transports_key(st: &State, key: &mut Vec<ArrangementEntry>) {
    for t in 0..st.num_transports() {
        let tr = st.transport(t);
        let a = tr.aboard;
        key.push(pack(
            tr.pos,
            tr.facing,
            Stance::Standing,
            st.transport_destroyed(t) as u16 | 0x8000,
        ));
        key.push(pack(
            Pos {
                x: a as u8,
                y: (a >> 8) as u8,
            },
            tr.facing,
            Stance::Standing,
            (a >> 16) as u16,
        ));
    }
}

/// The hash of a key for `who` (the set of the memo it lives in, and a quick rejection).
pub(super) fn arrangement_hash(key: &[ArrangementEntry], who: CharIdx) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ who as u64;
    for &v in key {
        h = (h ^ v).wrapping_mul(0x100_0000_01B3).rotate_left(23);
    }
    h
}
