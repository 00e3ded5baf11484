//! MOVIMIENTO: how far each movement action goes, where it may end, and what it costs.
//!
//! A movement action is one decision with its destination (a macro-move): the board finds every
//! square reachable within the action's kliks and the cheapest terrain surcharge to get there.

pub mod altitude;
pub mod burden;
pub mod carry;
pub mod jump;
pub mod landing;
pub mod rooftop;
pub mod special;
pub mod super_jump;
pub mod vertical;
pub mod walk;

use crate::basics::action::CharIdx;
use crate::basics::board::{MoveScratch, Reach, OCCUPIED, ZONE};
use crate::basics::geom::Pos;
use crate::creation::effect::Effect;
use crate::psychology::PSYCHE_RADIUS;
use crate::state::{Stance, State, KILL_RUSH};
use std::cell::RefCell;

/// The kinds of movement, as far as reach is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Mover: MOV.
    Move,
    /// Correr: MOV + 1.
    Run,
    /// Esprintar: MOV + 5.
    Sprint,
    /// Mover sin hacer ruido: MOV.
    Sneak,
    /// Cargar: MOV + 3, at least 2 K, ending in contact with the target.
    Charge(CharIdx),
    /// Destrabarse: up to 2 K, ending out of contact.
    Disengage,
    /// Huir: up to 3 K.
    Flee,
    /// Embestir: as Correr (MOV + 1), at least 2 K, ending in contact with the target.
    Ram(CharIdx),
}

struct Scratch {
    flags: Vec<u8>,
    ms: MoveScratch,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch { flags: Vec::new(), ms: MoveScratch::new() });
}

thread_local! {
    static REACH_POOL: std::cell::Cell<Vec<Reach>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A destinations buffer lent by this thread's pool and given back when dropped: the legal
/// list of every decision needs one, and a fresh `Vec` grew (reallocated) several times per
/// decision (PERFORMANCE.md, "Eleventh session"). A nested borrow gets an empty buffer.
pub struct ReachBuf(pub Vec<Reach>);

impl ReachBuf {
    /// The pool's buffer (empty: cleared, its capacity kept).
    pub fn take() -> ReachBuf {
        let mut v = REACH_POOL.with(|p| p.take());
        v.clear();
        ReachBuf(v)
    }
}

impl Drop for ReachBuf {
    fn drop(&mut self) {
        let v = std::mem::take(&mut self.0);
        REACH_POOL.with(|p| p.set(v));
    }
}

/// Kliks a movement action may cover (before the board's terrain).
pub fn max_steps(st: &State, who: CharIdx, kind: MoveKind) -> u8 {
    let info = st.info(who);
    let run_bonus = info.quick.run_bonus;
    // Fuego en las venas: «+3 K en cualquier acción de movimiento».
    let surge = st.stance_move(who);
    // MOV through its accessor: a lost leg (Miembros prescindibles) lowers it.
    let mov = st.mov(who);
    surge
        + match kind {
            MoveKind::Move | MoveKind::Sneak => mov,
            MoveKind::Run | MoveKind::Ram(_) => mov + 1 + run_bonus,
            MoveKind::Sprint => mov + 5 + run_bonus,
            // Berserker, Grito berserker: «distancia de carga +2».
            // Sed de sangre: «Tras acabar con su oponente en CaC, movimiento +2 si así puede
            // volver a trabarse» — only a charge engages.
            MoveKind::Charge(_) if st.ch(who).tbits & KILL_RUSH != 0 => {
                mov + 3 + st.charge_reach(who) + st.kill_rush_k(who)
            }
            MoveKind::Charge(_) => mov + 3 + st.charge_reach(who),
            MoveKind::Disengage => 2,
            MoveKind::Flee => 3,
        }
}

/// ENE surcharge of movement from traits (Lento), folded at setup ([`crate::state::QuickFx`]).
pub fn trait_move_ene(st: &State, who: CharIdx) -> i8 {
    st.info(who).quick.move_ene
}

/// Equipo pesado («Si el personaje tiene CON 4 o menos, terreno difícil. En transporte no»): on
/// a protection, an object or a weapon, it makes easy ground difficult for a bearer of CON 4 or
/// less, as Agacharse does (aboard a transport nobody walks: «en transporte no» holds by itself).
pub fn heavy_gear(st: &State, who: CharIdx) -> bool {
    let info = st.info(who);
    let is = |e: &Effect| matches!(e, Effect::HeavyGear);
    info.con <= 4 && (info.has_effect(is) || info.weapon_effects.iter().any(|w| w.iter().any(is)))
}

fn fill_flags(st: &State, who: CharIdx, zones: bool, flags: &mut Vec<u8>) {
    let b = st.board();
    flags.clear();
    flags.resize(b.len(), 0);
    let side = st.side_of(who);
    let (w, h) = (b.width() as i16, b.height() as i16);
    let me = st.ch(who);
    // Alturas: on foot a base stays on its level (a rise or a drop is Escalar, Subir a un alto or
    // Dejarse caer), and only enemies at its altitude hold it off (Relación entre alturas).
    if b.has_heights() {
        let level = b.terrain_height(me.pos);
        for (i, f) in flags.iter_mut().enumerate() {
            if b.terrain_height(b.pos(i)) != level {
                *f |= OCCUPIED;
            }
        }
    }
    for j in st.indices() {
        if j == who || !st.able(j) {
            continue;
        }
        let p = st.ch(j).pos;
        flags[b.index(p)] |= OCCUPIED;
        // A passenger is not on the board's squares: its transport holds no zone.
        let inside = st.num_transports() > 0 && st.aboard(j).is_some();
        if zones && st.side_of(j) != side && st.ch(j).alt == me.alt && !inside {
            for dy in -1i16..=1 {
                for dx in -1i16..=1 {
                    let (x, y) = (p.x as i16 + dx, p.y as i16 + dy);
                    if (dx != 0 || dy != 0) && x >= 0 && y >= 0 && x < w && y < h {
                        flags[(y * w + x) as usize] |= ZONE;
                    }
                }
            }
        }
    }
    // A transport's base is taken whether anyone is aboard or not.
    for t in 0..st.num_transports() {
        if !st.transport_destroyed(t) {
            flags[b.index(st.transport(t).pos)] |= OCCUPIED;
        }
    }
}

/// The destinations last computed on this thread for one mover in one arrangement of the
/// bases, by kind of movement: `apply` finds the square of the action just generated by
/// `legal_actions` without searching the board again (PERFORMANCE.md). The key is everything
/// `destinations_uncached` reads: the game (its shared part, kept alive so that its address
/// cannot be reused), the mover, and every character's square, facing, stance, ability and
/// side (a possessed character changes side).
/// Debug builds check every hit against a fresh search.
struct Memo {
    game: Option<std::sync::Arc<crate::state::Static>>,
    /// The [`Memos::epoch`] the entry was filled in ([`forget_memo`] starts a new one).
    epoch: u64,
    who: CharIdx,
    /// A hash of `key` (quick rejection).
    hash: u64,
    key: Vec<ArrangementEntry>,
    /// Bit `kind_slot(kind)`: `lists[slot]` holds that kind's destinations.
    valid: u64,
    lists: Vec<Vec<Reach>>,
    /// Whether `table` and `flags` hold the shared search of this mover and arrangement.
    table_ok: bool,
    /// The kliks the table's search went ([`table_reach`]): it serves the kinds that go as far
    /// or less; a kind that goes further searches again, to [`shared_reach`].
    table_reach: u8,
    table: Vec<(Pos, [u8; 3])>,
    flags: Vec<u8>,
}

/// The memos of one thread: many arrangements at once, because a search alternates between
/// the arrangement of its root, those of the tree nodes it walks through again and again, and
/// the fresh ones of its playouts; a single entry was overwritten by every descent, and 16 were
/// too few for a tree (PERFORMANCE.md, "Movement memo"). Two-way set-associative: an
/// arrangement may live in the two entries of its set, the least recently used one is replaced.
struct Memos {
    entries: Vec<Memo>,
    /// Times an entry was reset for another arrangement, per entry: a [`Pin`] holds while its
    /// entry's count has not moved.
    resets: Vec<u64>,
    /// The entry of the mover whose options are being listed ([`with_mover`]).
    pin: Option<Pin>,
    /// Use stamp per entry.
    used: Vec<u64>,
    clock: u64,
    /// Entries of other epochs are stale.
    epoch: u64,
    /// The key of the lookup in progress (a buffer kept between lookups).
    scratch: Vec<ArrangementEntry>,
}

/// Entries per thread (a power of two).
const MEMO_ENTRIES: usize = 256;

impl Memo {
    const fn empty() -> Memo {
        Memo {
            game: None,
            epoch: u64::MAX,
            who: 0,
            hash: 0,
            key: Vec::new(),
            valid: 0,
            lists: Vec::new(),
            table_ok: false,
            table_reach: 0,
            table: Vec::new(),
            flags: Vec::new(),
        }
    }
}

thread_local! {
    static MEMO: RefCell<Memos> = const {
        RefCell::new(Memos {
            entries: Vec::new(),
            resets: Vec::new(),
            pin: None,
            used: Vec::new(),
            clock: 0,
            epoch: 0,
            scratch: Vec::new(),
        })
    };
}

/// Forgets the destinations memo of this thread (benchmarks of cold move generation).
pub fn forget_memo() {
    MEMO.with(|m| {
        // A new epoch: every entry is stale at once, without touching the 256 of them.
        let m = &mut *m.borrow_mut();
        m.epoch += 1;
        m.pin = None;
    });
}

/// The memo entry of one mover in one position, found once for a whole list of its options
/// ([`with_mover`]) instead of by hashing and comparing the arrangement at every
/// [`destinations`] call. `st` is the address of the position, borrowed (so unchanged) for as
/// long as the pin is set.
#[derive(Clone, Copy)]
struct Pin {
    st: *const State,
    who: CharIdx,
    entry: usize,
    resets: u64,
}

/// Runs `f` (which lists `who`'s options in `st`) with the memo entry of `who` in `st` found
/// once: every [`destinations`] call for that mover and position inside `f` goes straight to
/// it. The same results as without (the entry is the one every call would select); a lookup
/// for another mover or position inside `f` works as usual, and if it evicts the pinned entry
/// the pin lapses.
pub fn with_mover<R>(st: &State, who: CharIdx, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Pin>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0;
            MEMO.with(|m| m.borrow_mut().pin = prev);
        }
    }
    let prev = MEMO.with(|m| {
        let m = &mut *m.borrow_mut();
        let entry = m.select(st, who);
        let pin = Pin {
            st: st as *const State,
            who,
            entry,
            resets: m.resets[entry],
        };
        m.pin.replace(pin)
    });
    let _restore = Restore(prev);
    f()
}

/// Longest reach of the kinds that share one search (all but Destrabarse).
fn shared_reach(st: &State, who: CharIdx) -> u8 {
    let m = |k| max_steps(st, who, k);
    m(MoveKind::Sprint)
        .max(m(MoveKind::Charge(0)))
        .max(m(MoveKind::Flee))
}

/// How far the shared table's first search goes: only as far as the kinds `who` may list now,
/// not always [`shared_reach`] — a search's cost grows with the square of its reach, and
/// Esprintar (MOV + 5) is the longest kind. Left out: Esprintar «una vez por actuación» once
/// sprinted, or with a trait that forbids running or sprinting (Effect::NoRun,
/// Effect::NoSprint); for the acting character, what its ENE cannot pay (Esprintar 3, Correr and
/// Cargar 2); Cargar with no able enemy within its reach + 1 (the acting list's own test).
/// Only a first guess: a kind asking further makes the table search again, to
/// [`shared_reach`] (a search to fewer kliks finds the same squares, steps and surcharges
/// within them: a breadth-first search's distances up to k do not depend on how far it goes
/// on, nor does whether a level refused a square within them) — PERFORMANCE.md, "Thirteenth
/// session".
fn table_reach(st: &State, who: CharIdx) -> u8 {
    let c = st.ch(who);
    let m = |k| max_steps(st, who, k);
    // The acting character spends its own ENE; a reactor may go down to −10, and anyone else
    // asked about is not limited here.
    let acting = matches!(st.pending(), crate::state::Pending::Act { actor } if actor == who);
    let ene = if acting { c.ene } else { i8::MAX };
    let info = st.info(who);
    let no_run = info.has_effect(|e| matches!(e, Effect::NoRun));
    let no_sprint = no_run
        || c.has(crate::state::SPRINT_USED)
        || info.has_effect(|e| matches!(e, Effect::NoSprint));
    let mut reach = m(MoveKind::Move).max(m(MoveKind::Flee));
    if ene >= 3 && !no_sprint {
        reach = reach.max(m(MoveKind::Sprint));
    }
    if ene >= 2 && !no_run {
        reach = reach.max(m(MoveKind::Run));
    }
    if ene >= 2 {
        let charge = m(MoveKind::Charge(0));
        let side = st.side_of(who);
        let near = st
            .indices()
            .any(|j| st.side_of(j) != side && st.able(j) && st.ch(j).pos.dist(c.pos) <= charge + 1);
        if near {
            reach = reach.max(charge);
        }
    }
    reach
}

/// The destinations of a kind other than Destrabarse, read off the memo's table of steps per
/// surcharge level (one board search serves Mover, Correr, Esprintar, sigilo, Huir and every
/// Cargar of the mover).
fn destinations_from_table(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    m: &mut Memo,
    out: &mut Vec<Reach>,
) {
    let steps = max_steps(st, who, kind);
    if !m.table_ok || steps > m.table_reach {
        // Never short of the kind asking (the first guess does not know who asks).
        let reach = if m.table_ok {
            shared_reach(st, who)
        } else {
            table_reach(st, who)
        }
        .max(steps);
        let c = st.ch(who);
        let crouched = c.stance == Stance::Crouched || heavy_gear(st, who);
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            fill_flags(st, who, true, &mut m.flags);
            st.board()
                .reach_levels(c.pos, reach, &m.flags, crouched, &mut s.ms, &mut m.table);
        });
        m.table_ok = true;
        m.table_reach = reach;
    }
    let zone_end = matches!(
        kind,
        MoveKind::Charge(_) | MoveKind::Ram(_) | MoveKind::Sneak
    );
    out.clear();
    // Only the table's squares that can be destinations are read: a square reached in at most
    // `steps` king steps is within `steps` of the mover in both coordinates, and a charge (or a
    // ram) ends beside its target (`filter_kind`). The box keeps the table's (row, column)
    // order; the shared table reaches the longest kind's squares, most of them out of a Mover's
    // or a Cargar's box (PERFORMANCE.md, "Twelfth session").
    let from = st.ch(who).pos;
    let span = |c: u8, r: u8| (c.saturating_sub(r), c.saturating_add(r));
    let (mut x0, mut x1) = span(from.x, steps);
    let (mut y0, mut y1) = span(from.y, steps);
    if let MoveKind::Charge(t) | MoveKind::Ram(t) = kind {
        let tp = st.ch(t).pos;
        let (tx0, tx1) = span(tp.x, 1);
        let (ty0, ty1) = span(tp.y, 1);
        (x0, x1, y0, y1) = (x0.max(tx0), x1.min(tx1), y0.max(ty0), y1.min(ty1));
    }
    let w = st.board().width() as usize;
    let table = &m.table[..];
    let mut i = table.partition_point(|(p, _)| (p.y, p.x) < (y0, x0));
    while let Some((p, lv)) = table.get(i) {
        i += 1;
        if p.y > y1 {
            break;
        }
        if p.x > x1 {
            if p.y >= y1 {
                break;
            }
            // The rest of this row is out of the box: on to the next row's first column.
            let next = (p.y + 1, x0);
            i += table[i..].partition_point(|(q, _)| (q.y, q.x) < next);
            continue;
        }
        if p.x < x0 {
            continue;
        }
        if !zone_end && m.flags[p.y as usize * w + p.x as usize] & ZONE != 0 {
            continue;
        }
        if let Some(l) = (0..3).find(|&l| lv[l] <= steps) {
            out.push(Reach {
                pos: *p,
                steps: lv[l],
                surcharge: l as u8,
            });
        }
    }
    filter_kind(st, who, kind, out);
}

/// The memo list of a kind; Embestir has none (its list is read off the shared table each
/// time: the 64 slots hold the other kinds and one Cargar per character).
fn kind_slot(kind: MoveKind) -> Option<usize> {
    Some(match kind {
        MoveKind::Move => 0,
        MoveKind::Run => 1,
        MoveKind::Sprint => 2,
        MoveKind::Sneak => 3,
        MoveKind::Disengage => 4,
        MoveKind::Flee => 5,
        MoveKind::Charge(t) => 6 + t as usize,
        MoveKind::Ram(_) => return None,
    })
}

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
    (
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

/// One character's part of the memo key ([`arrangement_entry`]).
type ArrangementEntry = (Pos, crate::basics::geom::Facing, Stance, u16);

/// The memo key of every character into `key`, read once per lookup (the hash and the
/// comparison with the entries of the set both use it).
fn arrangement_key(st: &State, key: &mut Vec<ArrangementEntry>) {
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
        let possessed = (c.flags & crate::state::POSSESSED != 0) as u8;
        let casualty = c.wounds >= info.con
            || c.has(
                crate::state::UNCONSCIOUS | crate::state::KNOCKED_OUT | crate::state::OFF_TABLE,
            );
        let alt = (c.alt as u8 & 7) << 2;
        let stance = (c.run.stance != 0) as u8;
        let rush = (c.tbits & KILL_RUSH != 0) as u8;
        let bits = !casualty as u8 | possessed << 1 | alt | stance << 5 | rush << 6;
        (c.pos, c.facing, c.stance, bits as u16)
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
fn transports_key(st: &State, key: &mut Vec<ArrangementEntry>) {
    for t in 0..st.num_transports() {
        let tr = st.transport(t);
        let a = tr.aboard;
        key.push((
            tr.pos,
            tr.facing,
            Stance::Standing,
            st.transport_destroyed(t) as u16 | 0x8000,
        ));
        key.push((
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

fn arrangement_hash(key: &[ArrangementEntry], who: CharIdx) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ who as u64;
    for &(p, f, s, a) in key {
        let v = (p.x as u64)
            | (p.y as u64) << 8
            | (f as u64) << 16
            | (s as u64) << 24
            | (a as u64) << 32;
        h = (h ^ v).wrapping_mul(0x100_0000_01B3).rotate_left(23);
    }
    h
}

impl Memos {
    /// The entry for this game, mover and arrangement: found, or the least recently used one
    /// reset for it.
    fn select(&mut self, st: &State, who: CharIdx) -> usize {
        self.clock += 1;
        if self.entries.is_empty() {
            self.entries.resize_with(MEMO_ENTRIES, Memo::empty);
            self.used.resize(MEMO_ENTRIES, 0);
            self.resets.resize(MEMO_ENTRIES, 0);
        }
        if let Some(p) = self.pin {
            if std::ptr::eq(p.st, st)
                && p.who == who
                && self.resets[p.entry] == p.resets
                && self.entries[p.entry].epoch == self.epoch
            {
                self.used[p.entry] = self.clock;
                return p.entry;
            }
        }
        let mut key = std::mem::take(&mut self.scratch);
        arrangement_key(st, &mut key);
        let hash = arrangement_hash(&key, who);
        let set = (crate::basics::dice::splitmix64(hash) as usize) & (MEMO_ENTRIES - 2);
        let found = (set..set + 2).find(|&i| {
            let m = &self.entries[i];
            m.hash == hash
                && m.epoch == self.epoch
                && m.who == who
                && m.game
                    .as_ref()
                    .is_some_and(|g| std::sync::Arc::ptr_eq(g, &st.st))
                && m.key[..] == key[..]
        });
        let i = match found {
            Some(i) => i,
            None => {
                let i = if self.used[set] <= self.used[set + 1] {
                    set
                } else {
                    set + 1
                };
                let m = &mut self.entries[i];
                if !m
                    .game
                    .as_ref()
                    .is_some_and(|g| std::sync::Arc::ptr_eq(g, &st.st))
                {
                    m.game = Some(st.st.clone());
                }
                m.who = who;
                m.hash = hash;
                m.epoch = self.epoch;
                m.key.clear();
                m.key.extend_from_slice(&key);
                m.valid = 0;
                m.table_ok = false;
                self.resets[i] += 1;
                i
            }
        };
        self.scratch = key;
        self.used[i] = self.clock;
        i
    }
}

/// Every square a movement action of `who` can end on, with its surcharge and steps, sorted by
/// (row, column). Restrictions (MOVIMIENTO / Restricciones): never within 1 K of an enemy
/// except to charge it; Destrabarse leaves contact.
pub fn destinations(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    destinations_kept(st, who, kind, out);
    stench(st, who, out);
    nooks(st, who, out);
}

/// Serpiente: «Mover por recovecos es terreno fácil» — a reach through difficult terrain
/// (surcharge 1) costs the holder as easy terrain; extreme terrain is no nook and keeps its +2.
fn nooks(st: &State, who: CharIdx, out: &mut [Reach]) {
    if st.info(who).quick.nooks_easy {
        for r in out.iter_mut().filter(|r| r.surcharge == 1) {
            r.surcharge = 0;
        }
    }
}

/// Apestoso: «Ningún aliado puede terminar su movimiento a menos de 3 K» — the squares closer
/// than that to an able ally with it are no destination (its largest radius folded at setup:
/// one byte read per ally instead of its effects scanned at every list).
fn stench(st: &State, who: CharIdx, out: &mut Vec<Reach>) {
    let side = st.side_of(who);
    for j in st.indices() {
        let k = st.info(j).quick.stinky;
        if k == 0 || j == who || st.side_of(j) != side || !st.able(j) {
            continue;
        }
        let p = st.ch(j).pos;
        out.retain(|r| r.pos.dist(p) >= k);
    }
}

/// Whether a movement of this kind may end within 1 K of an enemy: Cargar, Embestir and Mover
/// sin hacer ruido (MOVIMIENTO, Restricciones: «salvo para trabarse CaC o embestirle»).
fn ends_in_zone(kind: MoveKind) -> bool {
    matches!(
        kind,
        MoveKind::Charge(_) | MoveKind::Ram(_) | MoveKind::Sneak
    )
}

/// [`destinations`] before Apestoso, memoised.
fn destinations_kept(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    if st.ch(who).alt != crate::state::ALT_GROUND {
        let zone_end = ends_in_zone(kind);
        altitude::flight_destinations(st, who, max_steps(st, who, kind), zone_end, out);
        filter_kind(st, who, kind, out);
        return;
    }
    // Levitador, Araña: a search of their own (one byte read for everyone else).
    let walk = st.info(who).walk;
    if walk != crate::state::Walk::Plain
        && kind != MoveKind::Disengage
        && (walk != crate::state::Walk::Ghost || st.ch(who).tbits & crate::state::PHASED != 0)
    {
        walk::destinations(st, who, max_steps(st, who, kind), ends_in_zone(kind), out);
        filter_kind(st, who, kind, out);
        return;
    }
    MEMO.with(|ms| {
        let ms = &mut *ms.borrow_mut();
        let i = ms.select(st, who);
        let m = &mut ms.entries[i];
        let Some(slot) = kind_slot(kind) else {
            destinations_from_table(st, who, kind, m, out);
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                destinations_uncached(st, who, kind, &mut fresh);
                assert_eq!(*out, fresh, "shared movement table disagrees (Embestir)");
            }
            return;
        };
        if m.valid & (1 << slot) != 0 {
            out.clear();
            out.extend_from_slice(&m.lists[slot]);
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                destinations_uncached(st, who, kind, &mut fresh);
                assert_eq!(*out, fresh, "stale movement memo: its key misses something");
            }
            return;
        }
        if kind == MoveKind::Disengage {
            destinations_uncached(st, who, kind, out);
        } else {
            destinations_from_table(st, who, kind, m, out);
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                destinations_uncached(st, who, kind, &mut fresh);
                assert_eq!(
                    *out, fresh,
                    "shared movement table disagrees with a direct search"
                );
            }
        }
        if m.lists.len() <= slot {
            m.lists.resize_with(slot + 1, Vec::new);
        }
        m.lists[slot].clear();
        m.lists[slot].extend_from_slice(out);
        m.valid |= 1 << slot;
    });
}

/// The reference search, one board search per kind (the table must agree with it: checked
/// in debug builds).
fn destinations_uncached(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    let c = st.ch(who);
    let crouched = c.stance == Stance::Crouched || heavy_gear(st, who);
    let steps = max_steps(st, who, kind);
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let zones = kind != MoveKind::Disengage;
        fill_flags(st, who, zones, &mut s.flags);
        // Cargar ends in contact; so may Mover sin hacer ruido, at the back of every enemy it
        // touches (Ataque sorpresa: "llegar en silencio … a la espalda del defensor").
        // Embestir too: «salvo para trabarse CaC o embestirle» (MOVIMIENTO, Restricciones).
        let allow_zone_end = matches!(
            kind,
            MoveKind::Charge(_) | MoveKind::Ram(_) | MoveKind::Sneak
        );
        st.board().reachable(
            c.pos,
            steps,
            &s.flags,
            crouched,
            allow_zone_end,
            &mut s.ms,
            out,
        );
    });
    filter_kind(st, who, kind, out);
}

/// The per-kind restrictions on where a movement may end.
fn filter_kind(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    match kind {
        MoveKind::Charge(t) | MoveKind::Ram(t) => {
            let tp = st.ch(t).pos;
            out.retain(|r| r.steps >= 2 && r.pos.adjacent(tp));
        }
        MoveKind::Sneak => {
            // The able enemies at the mover's altitude, found once for the whole list.
            let foes = foes_at_altitude(st, who);
            if !foes.is_empty() {
                out.retain(|r| {
                    !foes
                        .iter()
                        .any(|&(p, f)| p.adjacent(r.pos) && f.in_front(p, r.pos))
                });
            }
        }
        MoveKind::Disengage => {
            let foes = foes_at_altitude(st, who);
            if !foes.is_empty() {
                out.retain(|r| !foes.iter().any(|&(p, _)| p.adjacent(r.pos)));
            }
        }
        _ => {}
    }
}

/// The able enemies of `who` at its altitude (square and facing), in index order: the bases a
/// sneak may not end in front of, or a disengagement beside.
fn foes_at_altitude(
    st: &State,
    who: CharIdx,
) -> smallvec::SmallVec<[(Pos, crate::basics::geom::Facing); 12]> {
    let side = st.side_of(who);
    let alt = st.ch(who).alt;
    st.indices()
        .filter(|&j| st.side_of(j) != side && st.able(j) && st.ch(j).alt == alt)
        .map(|j| (st.ch(j).pos, st.ch(j).facing))
        .collect()
}

/// The reach entry for one destination, if the action can end there.
pub fn find(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    // A pooled buffer: `apply` asks this twice per movement action (its cost, its move).
    let mut v = ReachBuf::take();
    destinations(st, who, kind, &mut v.0);
    v.0.iter().find(|r| r.pos == to).copied()
}

/// PSICOLOGÍA / Huir: a character fleeing "sólo puede correr alejándose del enemigo, hacia sus
/// aliados, una cobertura o su zona de despliegue". The square must be farther from the nearest
/// enemy than where it stands, and closer to an ally, to its deployment zone, or beside cover
/// (RULES.md, "Flight").
pub fn flight_ok(st: &State, who: CharIdx, to: Pos) -> bool {
    let from = st.ch(who).pos;
    let side = st.side_of(who);
    let nearest = |p: Pos, enemy: bool| -> u8 {
        st.indices()
            .filter(|&j| j != who && st.able(j) && (st.side_of(j) != side) == enemy)
            .map(|j| st.ch(j).pos.dist(p))
            .min()
            .unwrap_or(u8::MAX)
    };
    if nearest(to, true) <= nearest(from, true) {
        return false;
    }
    let zone = st.scenario().deploy(side);
    zone.dist(to) < zone.dist(from)
        || nearest(to, false) < nearest(from, false)
        || st.board().cover_adjacent(to)
        || zone.contains(to)
}

/// Whether the character would count more enemies than VOL + allies within 5 K standing on
/// `p` (used by evaluation and legal-move annotations).
pub fn outnumbered_at(st: &State, who: CharIdx, p: Pos) -> bool {
    let side = st.side_of(who);
    let (mut e, mut a) = (0u8, 0u8);
    for j in st.indices() {
        if j == who || !st.able(j) || st.ch(j).pos.dist(p) > PSYCHE_RADIUS {
            continue;
        }
        if st.side_of(j) == side {
            a += 1
        } else {
            e += 1
        }
    }
    e > st.vol(who) + a
}

/// MOVIMIENTO, «Crítico en acciones de movimiento.- Mueve +1 K»: after a movement action whose
/// check was a critical, the base goes 1 K further straight on, in `dir` (the way the action
/// moved it), when that square is on the board, walkable, free, not diagonal past a blocked
/// side, and not within 1 K of an able enemy (Restricciones); otherwise it stays (RULES.md,
/// MOVIMIENTO). Returns the square, `None` when it stays.
pub fn critical_step(st: &State, who: CharIdx, dir: crate::basics::geom::Facing) -> Option<Pos> {
    let b = st.board();
    let from = st.ch(who).pos;
    let to = from.step(dir)?;
    let level = b.terrain_height(from);
    let walkable = |p: Pos| {
        p.x < b.width() && p.y < b.height() && b.passable(p) && b.terrain_height(p) == level
    };
    let free = |p: Pos| {
        !st.indices().any(|j| st.able(j) && st.ch(j).pos == p) && st.transport_at(p).is_none()
    };
    if !walkable(to) || !free(to) {
        return None;
    }
    let (dx, dy) = dir.delta();
    if dx != 0 && dy != 0 {
        // «No se puede cruzar en diagonal si no están ambas casillas laterales libres».
        let side_a = Pos::new(to.x, from.y);
        let side_b = Pos::new(from.x, to.y);
        if !(walkable(side_a) && free(side_a) && walkable(side_b) && free(side_b)) {
            return None;
        }
    }
    let side = st.side_of(who);
    let alt = st.ch(who).alt;
    let near_enemy = st.indices().any(|j| {
        st.side_of(j) != side && st.able(j) && st.ch(j).alt == alt && st.ch(j).pos.dist(to) <= 1
    });
    (!near_enemy).then_some(to)
}
