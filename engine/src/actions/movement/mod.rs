//! MOVIMIENTO: how far each movement action goes, where it may end, and what it costs.
//!
//! A movement action is one decision with its destination (a macro-move): the board finds every
//! square reachable within the action's kliks and the cheapest terrain surcharge to get there.

pub mod altitude;
pub mod burden;
pub mod carry;
pub mod jump;
pub mod landing;
mod melee;
mod memo_key;
mod point;
pub mod rooftop;
pub mod special;
pub mod super_jump;
mod table;
pub mod vertical;
pub mod walk;

use crate::basics::action::CharIdx;
use crate::basics::board::{MoveScratch, Reach, ReachTable, OCCUPIED, ZONE};
use crate::basics::geom::Pos;
use crate::creation::effect::Effect;
use crate::psychology::PSYCHE_RADIUS;
use crate::state::{Stance, State, KILL_RUSH};
use memo_key::{arrangement_hash, arrangement_key, ArrangementEntry};
pub use point::find;
use std::cell::RefCell;
pub use table::each_walk_destination;
use table::{destinations_from_table, ensure_table};

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
    /// The shared table's flags as row masks ([`flag_rows`]).
    occupied: Vec<u64>,
    zone: Vec<u64>,
    ms: MoveScratch,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        flags: Vec::new(),
        occupied: Vec::new(),
        zone: Vec::new(),
        ms: MoveScratch::new(),
    });
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

/// [`fill_flags`] with zones, as row masks (bit x of row y) for [`Board::reach_table`]: built
/// straight from the bases, without the byte per square and its conversion (PERFORMANCE.md,
/// "Fourteenth session"); on a board with heights, through [`fill_flags`] (the squares of
/// another level are held too).
///
/// [`Board::reach_table`]: crate::basics::board::Board::reach_table
fn flag_rows(st: &State, who: CharIdx, s: &mut Scratch) {
    let b = st.board();
    if b.has_heights() {
        fill_flags(st, who, true, &mut s.flags);
        b.flag_rows(&s.flags, &mut s.occupied, &mut s.zone);
        return;
    }
    let (w, h) = (b.width() as usize, b.height() as usize);
    let (occ, zone) = (&mut s.occupied, &mut s.zone);
    occ.clear();
    occ.resize(h, 0);
    zone.clear();
    zone.resize(h, 0);
    let width = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let side = st.side_of(who);
    let alt = st.ch(who).alt;
    let transports = st.num_transports() > 0;
    // Each base's record, side and ability in one pass (PERFORMANCE.md, "Seventeenth session").
    for (j, c, s, able) in st.sides_and_ability() {
        if j == who || !able {
            continue;
        }
        let (x, y) = (c.pos.x as usize, c.pos.y as usize);
        let bit = 1u64 << x;
        occ[y] |= bit;
        // A passenger is not on the board's squares: its transport holds no zone.
        let inside = transports && st.aboard(j).is_some();
        if s != side && c.alt == alt && !inside {
            // The eight squares around it (not its own), within the board: the rows above and
            // below written directly, not through an iterator's adapters (PERFORMANCE.md,
            // "Eighteenth session").
            let three = (bit | bit << 1 | bit >> 1) & width;
            if y > 0 {
                zone[y - 1] |= three;
            }
            zone[y] |= three & !bit;
            if y + 1 < h {
                zone[y + 1] |= three;
            }
        }
    }
    // A transport's base is taken whether anyone is aboard or not.
    for t in 0..st.num_transports() {
        if !st.transport_destroyed(t) {
            let p = st.transport(t).pos;
            occ[p.y as usize] |= 1 << p.x;
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
    /// Whether `disengage` holds Destrabarse's destinations (its own search, without zones).
    /// The other kinds keep no list: each is read off `table` when asked, and `find` looks up
    /// its one square there ([`point`]), so copying every list into the memo and out again
    /// cost more than it saved (PERFORMANCE.md, "Fourteenth session").
    disengage_ok: bool,
    disengage: Vec<Reach>,
    /// Whether `table` holds the shared search of this mover and arrangement.
    table_ok: bool,
    /// The kliks the table's search went ([`table_reach`]): it serves the kinds that go as far
    /// or less; a kind that goes further searches again, to [`shared_reach`].
    table_reach: u8,
    table: ReachTable,
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
    /// The last answer of [`find`] read off a table, with what it was found for.
    last_find: point::LastFind,
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
            disengage_ok: false,
            disengage: Vec::new(),
            table_ok: false,
            table_reach: 0,
            table: ReachTable::new(),
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
            last_find: point::LastFind::new(),
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
        m.last_find.forget();
    });
}

/// The memo entry of one mover in one position, found once for a whole list of its options
/// ([`with_mover`]) instead of by hashing and comparing the arrangement at every
/// [`destinations`] call. `st` is the address of the position, borrowed (so unchanged) for as
/// long as the pin is set. `entry` is found at the list's first lookup, not before: a list
/// that reads no destinations (prone, tied, no ENE to move…) builds no key (PERFORMANCE.md,
/// "Seventeenth session").
#[derive(Clone, Copy)]
struct Pin {
    st: *const State,
    who: CharIdx,
    /// The entry and its reset count once found.
    entry: Option<(usize, u64)>,
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
        let pin = Pin {
            st: st as *const State,
            who,
            entry: None,
        };
        m.borrow_mut().pin.replace(pin)
    });
    let _restore = Restore(prev);
    f()
}

impl Memos {
    /// The entry for this game, mover and arrangement: found, or the least recently used one
    /// reset for it.
    fn select(&mut self, st: &State, who: CharIdx) -> usize {
        self.tick();
        let mut pinned = false;
        if let Some(p) = self.pin {
            if std::ptr::eq(p.st, st) && p.who == who {
                match p.entry {
                    Some((e, resets))
                        if self.resets[e] == resets && self.entries[e].epoch == self.epoch =>
                    {
                        self.used[e] = self.clock;
                        return e;
                    }
                    // The list's first lookup: found below, then pinned.
                    None => pinned = true,
                    // Evicted by another lookup: the pin has lapsed.
                    Some(_) => {}
                }
            }
        }
        let i = self.lookup(st, who);
        if pinned {
            if let Some(p) = self.pin.as_mut() {
                p.entry = Some((i, self.resets[i]));
            }
        }
        i
    }

    /// [`Memos::select`] without the pin: the key built, hashed and looked up.
    fn lookup(&mut self, st: &State, who: CharIdx) -> usize {
        let mut key = std::mem::take(&mut self.scratch);
        arrangement_key(st, &mut key);
        self.lookup_keyed(st, who, key)
    }

    /// [`Memos::select`] of a key already built (`key`, [`arrangement_key`] of `st`; kept as
    /// the next lookup's buffer), without the pin (for [`find`]: no list is pinned while an
    /// action is applied, and the entry is the one the pin would give).
    fn select_keyed(&mut self, st: &State, who: CharIdx, key: Vec<ArrangementEntry>) -> usize {
        self.tick();
        self.lookup_keyed(st, who, key)
    }

    /// A lookup's start: the clock advanced, the entries made on the thread's first.
    fn tick(&mut self) {
        self.clock += 1;
        if self.entries.is_empty() {
            self.entries.resize_with(MEMO_ENTRIES, Memo::empty);
            self.used.resize(MEMO_ENTRIES, 0);
            self.resets.resize(MEMO_ENTRIES, 0);
        }
    }

    /// [`Memos::lookup`] of a key already built (kept as the next lookup's buffer).
    fn lookup_keyed(&mut self, st: &State, who: CharIdx, key: Vec<ArrangementEntry>) -> usize {
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
                m.disengage_ok = false;
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
    // Combate CaC múltiple: a charge into a melee may cross its bases (`melee`).
    if let MoveKind::Charge(t) = kind {
        melee::over_the_melee(st, who, t, out);
    }
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
    // Nobody stinky in most games: one byte read per list (PERFORMANCE.md, "Fifteenth session").
    if !st.st.any_stinky {
        debug_assert!(st.indices().all(|j| st.info(j).quick.stinky == 0));
        return;
    }
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

/// Levitador, Araña (and Incorpóreo phased): a search of their own for every kind but
/// Destrabarse (one byte read for everyone else).
fn walks_own_way(st: &State, who: CharIdx, kind: MoveKind) -> bool {
    let walk = st.info(who).walk;
    walk != crate::state::Walk::Plain
        && kind != MoveKind::Disengage
        && (walk != crate::state::Walk::Ghost || st.ch(who).tbits & crate::state::PHASED != 0)
}

/// [`destinations`] before Apestoso, memoised.
fn destinations_kept(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    if st.ch(who).alt != crate::state::ALT_GROUND {
        let zone_end = ends_in_zone(kind);
        altitude::flight_destinations(st, who, max_steps(st, who, kind), zone_end, out);
        filter_kind(st, who, kind, out);
        return;
    }
    if walks_own_way(st, who, kind) {
        walk::destinations(st, who, max_steps(st, who, kind), ends_in_zone(kind), out);
        filter_kind(st, who, kind, out);
        return;
    }
    MEMO.with(|ms| {
        let ms = &mut *ms.borrow_mut();
        let i = ms.select(st, who);
        let m = &mut ms.entries[i];
        if kind != MoveKind::Disengage {
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
            return;
        }
        // Destrabarse: a search of its own (no zones: it leaves contact), kept for the
        // entry's arrangement.
        if m.disengage_ok {
            out.clone_from(&m.disengage);
            #[cfg(debug_assertions)]
            {
                let mut fresh = Vec::new();
                destinations_uncached(st, who, kind, &mut fresh);
                assert_eq!(*out, fresh, "stale movement memo: its key misses something");
            }
            return;
        }
        destinations_uncached(st, who, kind, out);
        m.disengage.clone_from(out);
        m.disengage_ok = true;
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

/// PSICOLOGÍA / Huir: a character fleeing "sólo puede correr alejándose del enemigo, hacia sus
/// aliados, una cobertura o su zona de despliegue". The square must be farther from the nearest
/// enemy than where it stands, and closer to an ally, to its deployment zone, or beside cover
/// (RULES.md, "Flight").
pub fn flight_ok(st: &State, who: CharIdx, to: Pos) -> bool {
    Flight::of(st, who).ok(to)
}

/// [`flight_ok`] for many destinations of one character: the positions of the others and
/// the distances from where it stands are read once, not once per square.
pub struct Flight<'a> {
    st: &'a State,
    from: Pos,
    side: crate::Side,
    /// The able others' squares, and whether each is an enemy.
    others: smallvec::SmallVec<[(Pos, bool); 16]>,
    /// The nearest enemy's and ally's distance from `from`.
    from_enemy: u8,
    from_ally: u8,
}

impl<'a> Flight<'a> {
    /// The flight of `who` from where it stands.
    pub fn of(st: &'a State, who: CharIdx) -> Flight<'a> {
        let from = st.ch(who).pos;
        let side = st.side_of(who);
        let others = st
            .indices()
            .filter(|&j| j != who && st.able(j))
            .map(|j| (st.ch(j).pos, st.side_of(j) != side))
            .collect();
        let mut f = Flight {
            st,
            from,
            side,
            others,
            from_enemy: 0,
            from_ally: 0,
        };
        f.from_enemy = f.nearest(from, true);
        f.from_ally = f.nearest(from, false);
        f
    }

    /// The nearest enemy's (or ally's) distance from `p` (`u8::MAX`: none).
    fn nearest(&self, p: Pos, enemy: bool) -> u8 {
        self.others
            .iter()
            .filter(|o| o.1 == enemy)
            .map(|o| o.0.dist(p))
            .min()
            .unwrap_or(u8::MAX)
    }

    /// Whether fleeing to `to` is allowed ([`flight_ok`]).
    pub fn ok(&self, to: Pos) -> bool {
        if self.nearest(to, true) <= self.from_enemy {
            return false;
        }
        let zone = self.st.scenario().deploy(self.side);
        zone.dist(to) < zone.dist(self.from)
            || self.nearest(to, false) < self.from_ally
            || self.st.board().cover_adjacent(to)
            || zone.contains(to)
    }
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
/// MOVIMIENTO). A base left in deep water is swimming (Nadar, «Nada tantos K como MOV»: only a
/// swim ends there), so its klik is swum: water counts as walkable (audit 23: a critical swim
/// never went on through the water). Returns the square, `None` when it stays.
pub fn critical_step(st: &State, who: CharIdx, dir: crate::basics::geom::Facing) -> Option<Pos> {
    let b = st.board();
    let from = st.ch(who).pos;
    let to = from.step(dir)?;
    let level = b.terrain_height(from);
    let swimming = b.terrain(from) == crate::basics::board::Terrain::Water;
    let walkable = |p: Pos| {
        p.x < b.width()
            && p.y < b.height()
            && (b.passable(p) || swimming && b.terrain(p) == crate::basics::board::Terrain::Water)
            && b.terrain_height(p) == level
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
