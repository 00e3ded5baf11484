//! ACCIONES DE MOVIMIENTO beyond walking: 180°, Nadar, Salto de longitud and Mover cargado
//! (several carriers: `carry`) (RULES.md,
//! MOVIMIENTO). Each is one decision with its destination, like Mover or Escalar: this module
//! says where it may end, what it costs and how it resolves.
//!
//! The board carries two terrains for them: `w` deep water (only Nadar enters it) and `_` a gap
//! (nothing enters it; Salto de longitud jumps over it).

use crate::actions::combat::{atr_check, attr_check_target, auto_hit, Ctx};
use crate::actions::movement::trait_move_ene;
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::board::{Terrain, MAX_SIDE};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Stat;
use crate::state::*;

pub use super::jump::{jump_length, JUMP_COST};

/// 180° (4, AGI D).
pub const TURN180_COST: i8 = 4;
/// 180°: «MOV+4K en línea recta»: the extra kliks over MOV.
pub const TURN180_EXTRA: u8 = 4;
/// 180°: «Requiere MOV mínimo de 4K»: the fewest kliks the run may cover (RULES.md).
pub const TURN180_MIN: u8 = 4;
/// Nadar (2, AGI).
pub const SWIM_COST: i8 = 2;
use super::burden::carriable;
pub use super::burden::{carry_floor, CARRY_COST};

/// A fall into a gap: the void has no bottom on a board without altitudes, so it is Dejarse
/// caer's last row, «Altura > miniatura x4, DAÑ=10».
pub const VOID_DMG: i16 = 10;

/// The surcharge of entering `p` on foot (crouched, easy counts as difficult); `None`: not on
/// foot.
fn foot_cost(st: &State, p: Pos, crouched: bool) -> Option<u8> {
    match st.board().terrain(p) {
        Terrain::Easy if crouched => Some(1),
        t => t.surcharge(),
    }
}

/// The terrain surcharge of `who` climbing onto `to` (Escalar): its terrain, and easy ground as
/// difficult when crouched («Agacharse (1) … Terreno fácil es difícil»; audit 23: a crouched
/// climb paid easy ground as easy).
pub fn climb_surcharge(st: &State, who: CharIdx, to: Pos) -> i8 {
    foot_cost(st, to, st.ch(who).stance == Stance::Crouched).unwrap_or(0) as i8
}

/// A walker's side square: terrain it could enter on foot (as the board's own searches). The
/// reference of 180°'s row masks (`turn180_options`), checked in debug builds.
#[cfg(debug_assertions)]
fn walk_open(t: Terrain) -> bool {
    t.surcharge().is_some()
}

/// A swimmer's side square: walkable or water.
fn swim_open(t: Terrain) -> bool {
    t.surcharge().is_some() || t == Terrain::Water
}

/// A jumper's side square: anything lower than the chest (no wall, no high obstacle).
fn jump_open(t: Terrain) -> bool {
    !matches!(t, Terrain::Wall | Terrain::HighObstacle)
}

/// The bases around a mover, as bit rows (one `u64` per board row, boards being at most 64
/// wide): the squares another able base holds, and those within 1 K of an able enemy
/// (MOVIMIENTO / Restricciones). Made once per list of options, so that each square entered
/// is checked in a few instructions rather than against every character.
struct Bases {
    held: [u64; MAX_SIDE as usize],
    near: [u64; MAX_SIDE as usize],
}

impl Bases {
    fn of(st: &State, who: CharIdx) -> Bases {
        let mut b = Bases {
            held: [0; MAX_SIDE as usize],
            near: [0; MAX_SIDE as usize],
        };
        let side = st.side_of(who);
        let board = st.board();
        // Alturas: on foot (or swimming) a base keeps to its level; a square of another
        // terrain height is held like a base (RULES.md, "Alturas").
        if board.has_heights() {
            let level = board.terrain_height(st.ch(who).pos);
            for y in 0..board.height() {
                for x in 0..board.width() {
                    if board.terrain_height(Pos::new(x, y)) != level {
                        b.held[y as usize] |= 1 << x;
                    }
                }
            }
        }
        let alt = st.ch(who).alt;
        // Each base's record, side and ability in one pass over the records (PERFORMANCE.md,
        // "Seventeenth session").
        for (j, c, s, able) in st.sides_and_ability() {
            if !able {
                continue;
            }
            let p = c.pos;
            if j != who {
                b.held[p.y as usize] |= 1 << p.x;
            }
            if s != side && c.alt == alt {
                // The eight squares at distance 1 (not the enemy's own): the rows above and
                // below written directly, not through a range (PERFORMANCE.md, "Eighteenth
                // session").
                let bit = 1u64 << p.x;
                let row = bit | bit << 1 | bit >> 1;
                let y = p.y as usize;
                if y > 0 {
                    b.near[y - 1] |= row;
                }
                b.near[y] |= row & !bit;
                if y + 1 < MAX_SIDE as usize {
                    b.near[y + 1] |= row;
                }
            }
        }
        // A transport's base is held whether anyone is aboard or not (RULES.md, Transportes).
        for t in 0..st.num_transports() {
            if !st.transport_destroyed(t) {
                let p = st.transport(t).pos;
                b.held[p.y as usize] |= 1 << p.x;
            }
        }
        b
    }

    /// Whether an able enemy of the mover touches `p`.
    fn near_enemy(&self, p: Pos) -> bool {
        self.near[p.y as usize] >> p.x & 1 != 0
    }

    /// Whether a square is on the board and holds no other able base.
    fn free(&self, st: &State, p: Pos) -> bool {
        st.board().contains_pos(p) && self.held[p.y as usize] >> p.x & 1 == 0
    }

    /// A diagonal step from `a` in `dir` needs both side squares free of bases and of terrain
    /// that stops this way of moving (`open`: walking, swimming, jumping) (MOVIMIENTO /
    /// Casillas).
    fn corner_ok(&self, st: &State, a: Pos, dir: Facing, open: fn(Terrain) -> bool) -> bool {
        let (dx, dy) = dir.delta();
        if dx == 0 || dy == 0 {
            return true;
        }
        let b = st.board();
        let sides = [
            (a.x as i16 + dx as i16, a.y as i16),
            (a.x as i16, a.y as i16 + dy as i16),
        ];
        sides.iter().all(|&(x, y)| {
            b.contains(x, y) && {
                let q = Pos::new(x as u8, y as u8);
                self.free(st, q) && open(b.terrain(q))
            }
        })
    }
}

/// The squares of the straight line from `from` in `dir`, `k` steps (`from` excluded); `None`
/// when it leaves the board.
fn line(st: &State, from: Pos, dir: Facing, k: u8) -> Option<Vec<Pos>> {
    let mut v = Vec::with_capacity(k as usize);
    let mut p = from;
    for _ in 0..k {
        p = st.board().step(p, dir)?;
        v.push(p);
    }
    Some(v)
}

/// 180° options: every run of [`TURN180_MIN`] to MOV + 4 kliks in a straight line (one of the
/// eight directions), each square entered on foot, free and out of every enemy's reach; with
/// its ENE cost (4 + the largest surcharge entered + Lento).
///
/// Each square is tested with bits of its row (the board's cost masks, [`Bases`]' rows): the
/// same tests as [`foot_cost`], [`Bases::free`], [`Bases::near_enemy`] and
/// [`Bases::corner_ok`] (debug builds compare), a few instructions instead of a terrain read
/// and a bounds check per test (PERFORMANCE.md, "Fifteenth session").
pub fn turn180_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let c = st.ch(who);
    let crouched = c.stance == Stance::Crouched;
    let max = st.mov(who).saturating_add(TURN180_EXTRA);
    let bases = Bases::of(st, who);
    let b = st.board();
    let lento = trait_move_ene(st, who);
    let (w, h) = (b.width() as i16, b.height() as i16);
    for dir in Facing::ALL {
        let (dx, dy) = dir.delta();
        let (dx, dy) = (dx as i16, dy as i16);
        let (mut x, mut y) = (c.pos.x as i16, c.pos.y as i16);
        // The kliks to the board's edge along `dir`, found once: no bounds test per step and
        // no inclusive range (PERFORMANCE.md, "Nineteenth session (branch speed13)").
        let room = |p: i16, d: i16, n: i16| match d {
            1 => n - 1 - p,
            -1 => p,
            _ => i16::MAX,
        };
        let last = (max as i16).min(room(x, dx, w)).min(room(y, dy, h));
        let mut sur = 0u8;
        let mut k = 0i16;
        while k < last {
            k += 1;
            let (nx, ny) = (x + dx, y + dy);
            debug_assert!(b.contains(nx, ny), "180° ray within the board");
            let (row, bit) = (ny as usize, 1u64 << nx);
            let cost = b.cost_masks(row);
            // On foot, free of bases and of enemies' reach. A row of the board is below
            // `MAX_SIDE`: masked, the index of `Bases`' arrays needs no bounds check.
            debug_assert!(row < MAX_SIDE as usize);
            let r63 = row & (MAX_SIDE as usize - 1);
            let open = cost[2] & bit != 0 && (bases.held[r63] | bases.near[r63]) & bit == 0;
            // A diagonal step: both side squares (on the board, as both ends are) free of
            // bases and walkable.
            let sides_ok = dx == 0 || dy == 0 || {
                let side = |x: i16, y: i16| {
                    let (r, m) = (y as usize, 1u64 << x);
                    b.cost_masks(r)[2] & m != 0 && bases.held[r & (MAX_SIDE as usize - 1)] & m == 0
                };
                side(nx, y) && side(x, ny)
            };
            #[cfg(debug_assertions)]
            {
                let (p, q) = (Pos::new(x as u8, y as u8), Pos::new(nx as u8, ny as u8));
                let slow = foot_cost(st, q, crouched).is_some()
                    && bases.free(st, q)
                    && !bases.near_enemy(q)
                    && bases.corner_ok(st, p, dir, walk_open);
                debug_assert_eq!(open && sides_ok, slow, "180° row masks");
            }
            if !open || !sides_ok {
                break;
            }
            // `foot_cost`: 0, 1 or 2 by the first mask holding the square; easy ground (the
            // only terrain of surcharge 0) costs 1 crouched.
            let s = if cost[0] & bit != 0 {
                crouched as u8
            } else if cost[1] & bit != 0 {
                1
            } else {
                2
            };
            debug_assert_eq!(
                Some(s),
                foot_cost(st, Pos::new(nx as u8, ny as u8), crouched)
            );
            sur = sur.max(s);
            (x, y) = (nx, ny);
            // The old loop's end: `max` kliks, or the board's edge next.
            debug_assert!(k < last || k == max as i16 || !b.contains(x + dx, y + dy));
            if k >= TURN180_MIN as i16 {
                f(
                    ActKind::Turn180(Pos::new(nx as u8, ny as u8)),
                    TURN180_COST + sur as i8 + lento,
                );
            }
        }
    }
}

/// The direction and surcharge of a 180° to `to`, if legal.
fn turn180_path(st: &State, who: CharIdx, to: Pos) -> Option<(Facing, u8, u8)> {
    let from = st.ch(who).pos;
    let dir = Facing::towards(from, to)?;
    let k = from.dist(to);
    let (dx, dy) = dir.delta();
    // Only the eight directions: `to` must be exactly k steps along `dir`.
    if from.x as i16 + dx as i16 * k as i16 != to.x as i16
        || from.y as i16 + dy as i16 * k as i16 != to.y as i16
    {
        return None;
    }
    let crouched = st.ch(who).stance == Stance::Crouched;
    let sur = line(st, from, dir, k)?
        .iter()
        .map(|&q| foot_cost(st, q, crouched).unwrap_or(0))
        .max()
        .unwrap_or(0);
    Some((dir, k, sur))
}

/// Nadar options: every square within MOV kliks reached by swimming: every square entered but
/// the last is deep water, the last is water or a bank square that can be walked on, and the
/// swim enters or leaves the water (a start on land and a first step onto land is a walk).
pub fn swim_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    for (p, _) in swim_reach(st, who) {
        f(ActKind::Swim(p), swim_cost(st, who, p));
    }
}

fn swim_cost(st: &State, who: CharIdx, to: Pos) -> i8 {
    // The bank square is entered on foot: its surcharge, as any movement (ENERGÍA).
    let crouched = st.ch(who).stance == Stance::Crouched;
    let sur = foot_cost(st, to, crouched).unwrap_or(0) as i8;
    // Pez: «Nadar es como mover» — Mover's ENE.
    let base = if st.walks(who, crate::creation::effect::WalkLike::Swim) {
        1
    } else {
        SWIM_COST
    };
    base + sur + trait_move_ene(st, who)
}

/// The Nadar destinations with their kliks, by breadth-first search (deterministic order).
fn swim_reach(st: &State, who: CharIdx) -> Vec<(Pos, u8)> {
    let b = st.board();
    let start = st.ch(who).pos;
    let mov = st.mov(who);
    // Dry land all around (no water on the start square nor beside it, read off the
    // board's water masks): the first ring yields nothing and leads nowhere (below).
    if !b.wet_near(start, 1, false, true) {
        return Vec::new();
    }
    let start_wet = b.terrain(start) == Terrain::Water;
    let bases = Bases::of(st, who);
    let mut seen = vec![false; b.len()];
    seen[b.index(start)] = true;
    let mut frontier = vec![start];
    let mut out = Vec::new();
    for d in 1..=mov {
        let mut next = Vec::new();
        for &p in &frontier {
            for dir in Facing::ALL {
                let Some(q) = b.step(p, dir) else { continue };
                if !b.contains_pos(q) || seen[b.index(q)] {
                    continue;
                }
                let wet = b.terrain(q) == Terrain::Water;
                if !(wet || b.passable(q))
                    || !bases.free(st, q)
                    || bases.near_enemy(q)
                    || !bases.corner_ok(st, p, dir, swim_open)
                {
                    continue;
                }
                seen[b.index(q)] = true;
                if wet || start_wet || d > 1 {
                    out.push((q, d));
                }
                if wet {
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    out.sort_by_key(|&(p, _)| (p.y, p.x));
    out
}

/// Salto de longitud options: a straight jump (one of the eight directions) of up to
/// [`jump_length`] kliks over at least one square of water or gap, every square flown over
/// lower than the chest (no wall, high obstacle or base) and out of every enemy's reach; it
/// lands on a free square that can be walked on, out of every enemy's reach.
pub fn jump_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    // Between rooftops and down from them (boards with heights only).
    super::rooftop::options(st, who, &mut f);
    let c = st.ch(who);
    let len = jump_length(st, who);
    let b = st.board();
    // A jump flies over water or a gap, at most `len - 1` kliks from the jumper: with none
    // that near there is no jump, and the bases need not be gathered (most movers, most
    // boards: PERFORMANCE.md, "Twelfth session").
    if !gap_near(b, c.pos, len.saturating_sub(1)) {
        return;
    }
    let bases = Bases::of(st, who);
    let crouched = c.stance == Stance::Crouched;
    // Each direction walked once: the squares flown over so far are all passable (else the
    // walk stops), and each next square is tried as the landing (as `jump_cost` of every k).
    for dir in Facing::ALL {
        let (mut p, mut gap) = (c.pos, false);
        for k in 1..=len {
            let Some(q) = b.step(p, dir) else { break };
            let clear =
                bases.free(st, q) && !bases.near_enemy(q) && bases.corner_ok(st, p, dir, jump_open);
            if k >= 2 && gap && clear {
                if let Some(sur) = foot_cost(st, q, crouched) {
                    f(
                        ActKind::Jump(q),
                        JUMP_COST + sur as i8 + trait_move_ene(st, who),
                    );
                }
            }
            let t = b.terrain(q);
            if !clear || matches!(t, Terrain::Wall | Terrain::HighObstacle) {
                break;
            }
            gap |= matches!(t, Terrain::Water | Terrain::Gap);
            p = q;
        }
    }
}

/// Whether some square within `r` kliks of `p` (`p` excluded) is water or a gap.
fn gap_near(b: &crate::basics::board::Board, p: Pos, r: u8) -> bool {
    b.wet_near(p, r, true, false)
}

/// The ENE cost of a legal jump of `k` kliks from `from` in `dir`; `None` if it is not legal.
fn jump_cost(st: &State, who: CharIdx, from: Pos, dir: Facing, k: u8) -> Option<i8> {
    let sq = line(st, from, dir, k)?;
    let (to, over) = sq.split_last()?;
    let b = st.board();
    let bases = Bases::of(st, who);
    let mut gap = false;
    let mut p = from;
    for &q in over {
        let t = b.terrain(q);
        if matches!(t, Terrain::Wall | Terrain::HighObstacle)
            || !bases.free(st, q)
            || bases.near_enemy(q)
            || !bases.corner_ok(st, p, dir, jump_open)
        {
            return None;
        }
        gap |= matches!(t, Terrain::Water | Terrain::Gap);
        p = q;
    }
    let crouched = st.ch(who).stance == Stance::Crouched;
    let sur = foot_cost(st, *to, crouched)?;
    if !gap
        || !bases.free(st, *to)
        || bases.near_enemy(*to)
        || !bases.corner_ok(st, p, dir, jump_open)
    {
        return None;
    }
    Some(JUMP_COST + sur as i8 + trait_move_ene(st, who))
}

/// Mover cargado options: Mover's destinations with every carriable body; ENE 1 + the larger of
/// the path's surcharge and the weight's floor + Lento.
pub fn carry_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let mut reach = Vec::new();
    for body in st.indices() {
        if !carriable(st, who, body) {
            continue;
        }
        if reach.is_empty() {
            crate::actions::movement::destinations(
                st,
                who,
                crate::actions::movement::MoveKind::Move,
                &mut reach,
            );
        }
        if let Some(floor) = carry_floor(st, who, body) {
            for r in &reach {
                let cost = CARRY_COST + r.surcharge.max(floor) as i8 + trait_move_ene(st, who);
                f(ActKind::Carry { body, to: r.pos }, cost);
            }
        }
        // «<= CON de varios»: with allies in contact (none to gain when one carrier takes it
        // over «terreno difícil»).
        super::carry::options(st, who, body, &reach, &mut f);
    }
}

/// The ENE of one of this module's actions for `who`, terrain included; `None` for another
/// kind.
pub fn cost(st: &State, who: CharIdx, kind: &ActKind) -> Option<i8> {
    Some(match *kind {
        ActKind::Turn180(to) => {
            let sur = turn180_path(st, who, to).map_or(0, |(_, _, s)| s);
            TURN180_COST + sur as i8 + trait_move_ene(st, who)
        }
        ActKind::Swim(to) => swim_cost(st, who, to),
        ActKind::Jump(to) => {
            let from = st.ch(who).pos;
            Facing::towards(from, to)
                .and_then(|dir| jump_cost(st, who, from, dir, from.dist(to)))
                .or_else(|| super::rooftop::cost(st, who, to))
                .unwrap_or(JUMP_COST)
        }
        ActKind::Carry { body, to } => {
            let sur = crate::actions::movement::find(
                st,
                who,
                crate::actions::movement::MoveKind::Move,
                to,
            )
            .map_or(0, |r| r.surcharge);
            let floor = carry_floor(st, who, body).unwrap_or(2);
            CARRY_COST + sur.max(floor) as i8 + trait_move_ene(st, who)
        }
        ActKind::CarryJoint { to, helpers, .. } => super::carry::cost(st, who, to, helpers),
        _ => return None,
    })
}

impl State {
    /// Resolves 180°, Nadar or Salto de longitud; false for another kind.
    pub(crate) fn resolve_movement_action(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        match kind {
            ActKind::Turn180(to) => {
                let Some((dir, k, sur)) = turn180_path(self, who, to) else {
                    return true;
                };
                // «D=CON-AGI»: the difficulty of this CH AGI is CON − AGI (never a bonus);
                // «Por terreno difícil, CH AGI -1 extra» (difficult or worse on the line).
                let info = self.info(who);
                let diff = (info.con as i8 - info.agi as i8).max(0);
                let t = attr_check_target(self, who, Stat::Agi, ctx, None, false)
                    - diff
                    - (sur > 0) as i8;
                let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI 180");
                // The run is made whatever the check: «Si falla no gira».
                let from = self.ch(who).pos;
                self.move_to(who, to, k, false, log);
                if roll.critical {
                    self.critical_move(who, from, log);
                }
                self.ch_mut(who).facing = dir;
                if !roll.pass {
                    // It ends facing the way it ran, and the free turn after the action is lost.
                    self.activation.no_turn = true;
                    log.push(|| Event::Status {
                        who,
                        text: "fails the 180° turn",
                    });
                    if roll.fumble {
                        // «con pifia DAÑ = K movidos»: a hit of that DAÑ (its CH DEF).
                        auto_hit(self, d, log, who, k as i16, None);
                    }
                } else {
                    // «1 giro de hasta 180° al final»: it turns about.
                    self.ch_mut(who).facing = Facing::from_index((dir.index() + 4) % 8);
                }
                self.after_move(who, d, log);
            }
            ActKind::Swim(to) => {
                // Pez, «Nadar es como mover»: the action is as Mover (1), a simple one — ACCIONES,
                // «Sencillas, sin CH» — so no CH AGI (nor its critical's + 1 K), as well as
                // Mover's ENE (`swim_cost`). Audit 27b: it rolled Nadar's CH AGI.
                let roll = (!self.walks(who, crate::creation::effect::WalkLike::Swim)).then(|| {
                    let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
                    atr_check(self, d, log, who, Stat::Agi, t, "CH AGI swim")
                });
                if roll.is_none_or(|r| r.pass) {
                    let k = swim_reach(self, who)
                        .iter()
                        .find(|&&(p, _)| p == to)
                        .map_or(1, |&(_, k)| k);
                    let from = self.ch(who).pos;
                    self.move_to(who, to, k, false, log);
                    if roll.is_some_and(|r| r.critical) {
                        self.critical_move(who, from, log);
                    }
                    self.after_move(who, d, log);
                }
            }
            ActKind::Jump(to) if self.resolve_rooftop_jump(who, to, ctx, d, log) => {}
            ActKind::Jump(to) => {
                let from = self.ch(who).pos;
                let k = from.dist(to);
                let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
                let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI jump");
                if roll.pass {
                    self.move_to(who, to, k, false, log);
                    if roll.critical {
                        self.critical_move(who, from, log);
                    }
                    self.after_move(who, d, log);
                    return true;
                }
                // «Si se falla el chequeo, se cae al vacío»: into the first water or gap square
                // flown over.
                let dir = Facing::towards(from, to).unwrap_or(Facing::N);
                let sq = line(self, from, dir, k).unwrap_or_default();
                let Some((i, &q)) = sq.iter().enumerate().find(|(_, &q)| {
                    matches!(self.board().terrain(q), Terrain::Water | Terrain::Gap)
                }) else {
                    return true;
                };
                self.move_to(who, q, i as u8 + 1, false, log);
                if self.board().terrain(q) == Terrain::Gap {
                    log.push(|| Event::Status {
                        who,
                        text: "falls into the void",
                    });
                    // Nothing climbs back out of the void without altitudes: it leaves the
                    // table (a casualty, its body out of reach, as Eliminar's) and takes the
                    // fall's DAÑ (its CH DEF), which may kill it.
                    let con = self.info(who).con;
                    let c = self.ch_mut(who);
                    c.wounds = c.wounds.max(con);
                    c.set(REMOVED, true);
                    auto_hit(self, d, log, who, VOID_DMG, None);
                } else {
                    self.after_move(who, d, log);
                }
            }
            ActKind::Carry { body, to } => {
                self.move_by(who, crate::actions::movement::MoveKind::Move, to, log);
                // The body moves with its carrier: it lies on the carrier's square.
                self.ch_mut(body).pos = to;
                log.push(|| Event::Status {
                    who,
                    text: "carries a body",
                });
                self.after_move(who, d, log);
            }
            ActKind::CarryJoint { body, to, helpers } => {
                self.resolve_carry_joint(who, body, to, helpers, log);
                self.after_move(who, d, log);
                // The helpers moved too (Mover cargado, «CON de varios»): each runs the checks
                // a mover runs after moving — Sobrecalentamiento, a CH PSI when outnumbered —
                // after the actor, in the order named (RULES.md, MOVIMIENTO).
                for h in helpers {
                    if h != super::carry::NO_HELPER {
                        self.after_move(h, d, log);
                    }
                }
            }
            _ => return false,
        }
        true
    }
}
