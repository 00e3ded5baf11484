//! MOVIMIENTO / Alturas de movimiento and Relación entre alturas: where a base may be at each
//! movement altitude, and which actions reach a character at another altitude.
//!
//! «Altura 1, sobre el terreno; Altura 2, a 3 K sobre altura 1; Altura 3, gran altitud; Altura
//! 4, el espacio; Altura -1, bajo tierra / agua.» «Una mini solo puede interactuar con otras
//! minis moviéndose en su misma altura. Las minis en alturas 1 y 2 pueden interactuar con
//! acciones a distancia, como disparar.» Why a module of its own: the altitude rules cut across
//! every family of actions; they are applied once here, to the list of legal decisions, instead
//! of in each family (RULES.md, "Alturas").

use crate::basics::action::{Ability, ActKind, Action, CharIdx};
use crate::basics::board::{Board, Reach, Terrain};
use crate::basics::geom::Pos;
use crate::creation::effect::Effect;
use crate::state::{State, ALTITUDES, ALT_GROUND, ALT_HIGH, ALT_LOW, ALT_UNDER, HIGH_STILL};

/// Whether a base may be placed on square `p` at movement altitude `alt` (position files):
/// `Err` says why not. Altitude 1 is checked by the caller (the terrain a base stands on).
/// Altitude 2 is 3 K over the terrain: a wall («no se puede escalar», of no given height)
/// reaches it, so a flyer at altitude 2 cannot be inside one. Altitude −1 is under the ground
/// or the water of its square: a gap (void) has nothing under it.
pub fn check_placement(board: &Board, p: Pos, alt: i8) -> Result<(), String> {
    if !ALTITUDES.contains(&alt) {
        return Err(format!(
            "{alt} is not a movement altitude (allowed: −1, 1, 2, 3, 4)"
        ));
    }
    let t = board.terrain(p);
    if alt == ALT_LOW && t == Terrain::Wall {
        return Err(format!(
            "a flyer at altitude 2 on {p} would be inside a wall"
        ));
    }
    if alt == ALT_UNDER && t == Terrain::Gap {
        return Err(format!(
            "{p} is a gap: there is nothing under it at altitude −1"
        ));
    }
    Ok(())
}

/// «Acciones a distancia, como disparar»: the actions that reach a character at a distance (a
/// shot, a throw, an area, the mind's and the meta-abilities' actions at range), which minis at
/// altitudes 1 and 2 may make on each other. Everything else with another character in it is
/// done in contact or beside it (melee, charges, rams, Apoyar, Curar, Comerciar, Saquear,
/// Eliminar, carrying a body).
pub fn at_range(kind: &ActKind) -> bool {
    matches!(
        kind,
        ActKind::Shoot { .. }
            | ActKind::Throw { .. }
            | ActKind::Area { .. }
            | ActKind::AreaConcentrated { .. }
            | ActKind::Hack { .. }
            | ActKind::Possess { .. }
            | ActKind::HackObject { .. }
            | ActKind::PossessObject { .. }
            | ActKind::Mark { .. }
            | ActKind::MentalCombat { .. }
            | ActKind::Meta { .. }
            // The trait actions made «a tantos K»: Sed de energía (VOL K), Órdenes (VOL K),
            // Marcador de objetivos (ALC K), La mano de la muerte (VOL K with VOL 6; in contact
            // its options already ask for contact).
            | ActKind::Ability {
                ability: Ability::StealEnergy
                    | Ability::Orders
                    | Ability::AimMark
                    | Ability::DeathHand,
                ..
            }
            // Usar «a la distancia a la que podemos elegir un objetivo» (the object's ALC);
            // Desafiar an enemy it sees.
            | ActKind::Use { .. }
            | ActKind::Challenge { .. }
    )
}

/// Whether `kind` is a shot of `who` with an Arma ATA weapon.
fn ata_shot(st: &State, who: CharIdx, kind: &ActKind) -> bool {
    let ActKind::Shoot { weapon, .. } = *kind else {
        return false;
    };
    let is = |e: &Effect| matches!(e, Effect::AnyAltitude);
    let info = st.info(who);
    info.has_effect(is)
        || info
            .weapon_effects
            .get(weapon as usize)
            .is_some_and(|w| w.iter().any(is))
}

/// Whether a listed decision respects Relación entre alturas: an action of a character on
/// another is legal only when their altitudes let them interact ([`State::interacts`]).
pub fn allowed(st: &State, a: &Action) -> bool {
    let (who, kind) = match a {
        Action::Act { who, kind, .. } | Action::Reaction { who, kind } => (*who, kind),
        _ => return true,
    };
    match kind.counterpart() {
        // Arma ATA: «Permite combate entre distintas alturas» — its shots reach any altitude.
        Some(_) if ata_shot(st, who, kind) => true,
        Some(j) if j != who => {
            let ranged = at_range(kind);
            st.interacts(who, j, ranged) && (ranged || st.same_level(who, j))
        }
        _ => true,
    }
}

/// Drops from `out` the decisions that [`allowed`] refuses, and those Volar en altura 3 forbids
/// ([`high_flight_allows`]). Free on a flat board where every character is at altitude 1
/// (nothing is dropped there).
pub fn filter(st: &State, out: &mut Vec<Action>) {
    if !st.has_altitudes() {
        return;
    }
    out.retain(|a| allowed(st, a) && high_flight_allows(st, a));
    keep_moving(st, out);
}

/// Volar en altura 3, «Siempre mueven su MOV completo», read as A21 (b): a mini at altitude 3
/// must move in every activation — its activation does not end (no `End` is listed) before it
/// has made a movement action, while one is legal for it; with Retros the stop in the air
/// ([`ActKind::Hover`], «Cuenta como acción de movimiento») is one. With no movement legal (no
/// ENE, boxed in) it may end: the rule asks for nothing impossible (RULES.md).
fn keep_moving(st: &State, out: &mut Vec<Action>) {
    let crate::state::Pending::Act { actor } = st.pending() else {
        return;
    };
    if st.ch(actor).alt != ALT_HIGH || st.activation().moved {
        return;
    }
    let moves = |a: &Action| matches!(a, Action::Act { who, kind, .. } if *who == actor && kind.is_movement());
    if out.iter().any(moves) {
        out.retain(|a| !matches!(a, Action::End { .. }));
    }
}

/// Retros: the ENE of its stop in the air — the cheapest [`Effect::StopInAir`] of `who`, if any.
fn hover_ene(st: &State, who: CharIdx) -> Option<i8> {
    st.info(who)
        .effects
        .iter()
        .filter_map(|e| match *e {
            Effect::StopInAir { ene } => Some(ene),
            _ => None,
        })
        .min()
}

/// Retros: «Puede parar su movimiento en el aire, en altura 3 (ENE 1). Cuenta como acción de
/// movimiento» — at altitude 3 a holder of [`Effect::StopInAir`] may stay where it is: one action
/// of [`hover_cost`].
pub fn hover_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    if st.ch(who).alt == ALT_HIGH && hover_ene(st, who).is_some() {
        f(ActKind::Hover, hover_cost(st, who));
    }
}

/// The ENE of Retros' stop for `who`: the trait's (1 without it) + Lento (a movement action).
pub fn hover_cost(st: &State, who: CharIdx) -> i8 {
    hover_ene(st, who).unwrap_or(1) + super::trait_move_ene(st, who)
}

/// Volar en altura 3: «No pueden hacer 2 acciones seguidas que no sean de movimiento. No pueden
/// realizar las acciones "pivotar" ni "180°"» — at altitude 3, after an action that was not a
/// movement ([`HIGH_STILL`]) only a movement (or the end of the activation) is legal, and no
/// Pivotar (180° is made on foot only). Aerostático lifts both; its pivot is an action
/// ([`pivot_options`]).
///
/// «No pueden realizar las acciones pivotar» also takes away the free pivot of an acting
/// character (MOVIMIENTO, Girar y pivotar: «Los Pj giran y pivotan cuando actúan sin coste de
/// ENE»): Aerostático's «puede pivotar como acción» says that at altitude 3 a pivot is otherwise
/// not to be had at all. So there a mini turns only by moving (a move faces it the way it goes):
/// it ends its activation facing as it is, and (`sequence::reaction_options::high_arc_filter`)
/// what it acts on must lie in its facing arc (CdV, «un arco de 180°»), as a reactor's does; a
/// movement action may go anywhere (RULES.md, "Volar en altura 3").
pub fn high_flight_allows(st: &State, a: &Action) -> bool {
    let (who, kind) = match a {
        Action::Act { who, kind, .. } | Action::Reaction { who, kind } => (*who, kind),
        Action::End { who, facing } => {
            let c = st.ch(*who);
            return c.alt != ALT_HIGH || *facing == c.facing;
        }
        _ => return true,
    };
    let c = st.ch(who);
    if c.alt != ALT_HIGH {
        return true;
    }
    if st.info(who).has_effect(|e| matches!(e, Effect::Aerostat)) {
        return true;
    }
    if matches!(kind, ActKind::Pivot(_) | ActKind::Turn180(_)) {
        return false;
    }
    !c.has(HIGH_STILL) || kind.is_movement()
}

/// Whether the free turn after an action («Los Pj giran y pivotan cuando actúan sin coste de
/// ENE») is open to `who`: not at altitude 3, where «no pueden realizar las acciones pivotar»
/// ([`high_flight_allows`]).
pub fn free_pivot(st: &State, who: CharIdx) -> bool {
    st.ch(who).alt != ALT_HIGH
}

/// Aerostático, «En altura 3, puede pivotar como acción»: while acting at altitude 3 its holder
/// may turn on its base with the action Pivotar, at a Pj's ENE 1 («Pivotar (3/1) … Pj
/// reaccionando 1»); a reactor has its Pivotar already. Every facing but its own.
pub fn pivot_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let c = st.ch(who);
    if c.alt != ALT_HIGH
        || !matches!(st.pending(), crate::state::Pending::Act { .. })
        || !st.info(who).has_effect(|e| matches!(e, Effect::Aerostat))
    {
        return;
    }
    for facing in crate::basics::geom::Facing::ALL {
        if facing != c.facing {
            f(ActKind::Pivot(facing), 1);
        }
    }
}

/// After `who` made an action of `kind`: at altitude 3, whether it was not a movement
/// ([`HIGH_STILL`], for [`high_flight_allows`]); elsewhere the mark is cleared.
pub fn after_action(st: &mut State, who: CharIdx, kind: &ActKind) {
    let high = st.ch(who).alt == ALT_HIGH;
    st.ch_mut(who).set(HIGH_STILL, high && !kind.is_movement());
}

/// The altitudes `who` may change to, lowest and highest, and the ENE of a change: its
/// [`Effect::Flight`] traits (OPEN_READINGS A13 (b)), widened to its own altitude and to 1 (a
/// mini may always come back towards the ground it stands on: Dejarse caer needs no trait).
/// The ENE is the smallest of its flight traits (1 with none: «Cambiar de altitud (1)»).
fn flight_range(st: &State, who: CharIdx) -> (i8, i8, i8, bool) {
    let alt = st.ch(who).alt;
    let (mut lo, mut hi, mut ene, mut con) =
        (alt.min(ALT_GROUND), alt.max(ALT_GROUND), i8::MAX, false);
    for e in &st.info(who).effects {
        if let Effect::Flight {
            lowest,
            highest,
            ene: k,
            con_check,
        } = *e
        {
            lo = lo.min(lowest);
            hi = hi.max(highest);
            ene = ene.min(k);
            con |= con_check;
        }
    }
    (lo, hi, if ene == i8::MAX { 1 } else { ene }, con)
}

/// The next altitude up or down from `alt` among −1, 1, 2, 3, 4 (`None` past the ends).
fn next_level(alt: i8, up: bool) -> Option<i8> {
    let i = ALTITUDES.iter().position(|&a| a == alt)?;
    if up {
        ALTITUDES.get(i + 1).copied()
    } else {
        i.checked_sub(1).map(|j| ALTITUDES[j])
    }
}

/// Where a base may end at altitude `alt`: open at that altitude ([`open_at`]); at altitude 1 a
/// square it can stand on (walkable); free of every able base but its own and of a transport
/// (RULES.md, Transportes: its square is taken whether anyone is aboard or not); not within 1 K
/// of an able enemy at that altitude (on that level at altitude 1: Restricciones).
fn may_end(st: &State, who: CharIdx, q: Pos, alt: i8) -> bool {
    let b = st.board();
    if !open_at(b, q, alt) || (alt == ALT_GROUND && !b.passable(q)) || st.transport_at(q).is_some()
    {
        return false;
    }
    let side = st.side_of(who);
    !st.indices().any(|j| {
        if j == who || !st.able(j) {
            return false;
        }
        let c = st.ch(j);
        c.pos == q
            || (st.side_of(j) != side
                && c.alt == alt
                && c.pos.dist(q) <= 1
                && (alt != ALT_GROUND || b.terrain_height(c.pos) == b.terrain_height(q)))
    })
}

/// Cambiar de altitud / Despegar / aterrizar options of `who` (not engaged, not prone: the
/// caller's), with their ENE: one level up or down within its [`flight_range`], «en línea recta
/// hasta el máximo de su movimiento» — its own square (straight up or down) or 1 to MOV K along
/// one of the eight directions, every square passed open at the higher of the two altitudes (a
/// diagonal step also needs both side squares open), ending where [`may_end`] allows. ENE: the
/// change's (1, Planeador 3) + Lento.
pub fn change_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let (lo, hi, ene, _) = flight_range(st, who);
    let b = st.board();
    let c = st.ch(who);
    let mov = st.mov(who);
    let cost = ene + super::trait_move_ene(st, who);
    let runway = st.info(who).effects.iter().find_map(|e| match e {
        Effect::Runway(n) => Some(*n),
        _ => None,
    });
    for up in [false, true] {
        let Some(alt) = next_level(c.alt, up).filter(|&a| a >= lo && a <= hi) else {
            continue;
        };
        let high = alt.max(c.alt);
        // Pista de aterrizaje: leaving or reaching the ground needs its run in a line.
        let strip = runway.filter(|_| c.alt == ALT_GROUND || alt == ALT_GROUND);
        if strip.is_none() && may_end(st, who, c.pos, alt) {
            f(ActKind::ChangeAltitude { alt, to: c.pos }, cost);
        }
        for dir in crate::basics::geom::Facing::ALL {
            let mut p = c.pos;
            for _ in 0..mov {
                let Some(q) = b.step(p, dir) else { break };
                let (dx, dy) = dir.delta();
                let sides_open = dx == 0
                    || dy == 0
                    || (open_at(b, Pos::new(q.x, p.y), high)
                        && open_at(b, Pos::new(p.x, q.y), high));
                if !open_at(b, q, high) || !sides_open {
                    break;
                }
                let ground = if c.alt == ALT_GROUND { c.pos } else { q };
                let clear = strip.is_none_or(|n| runway_clear(st, who, ground, dir, n));
                if clear && may_end(st, who, q, alt) {
                    f(ActKind::ChangeAltitude { alt, to: q }, cost);
                }
                p = q;
            }
        }
    }
}

/// Pista de aterrizaje («Necesita una superficie libre de obstáculos de 30 K de larga en línea
/// recta para despegar y aterrizar»): the `n` squares from `ground` (where it leaves or reaches
/// the ground) onwards along `dir` — the run of its take-off or its landing — are on the board,
/// easy ground (no obstacle, rough ground, water nor gap) of `ground`'s terrain height, with no
/// base but its own and no transport on them (RULES.md, "Traits in play, share T").
fn runway_clear(
    st: &State,
    who: CharIdx,
    ground: Pos,
    dir: crate::basics::geom::Facing,
    n: u8,
) -> bool {
    let b = st.board();
    let level = b.terrain_height(ground);
    let mut p = ground;
    for k in 0..n {
        if k > 0 {
            match b.step(p, dir) {
                Some(q) => p = q,
                None => return false,
            }
        }
        let taken = st.transport_at(p).is_some()
            || st
                .indices()
                .any(|j| j != who && st.able(j) && st.aboard(j).is_none() && st.ch(j).pos == p);
        if b.terrain(p) != Terrain::Easy || b.terrain_height(p) != level || taken {
            return false;
        }
    }
    true
}

/// The ENE of Cambiar de altitud for `who`; `None` for another kind.
pub fn change_cost(st: &State, who: CharIdx, kind: &ActKind) -> Option<i8> {
    matches!(kind, ActKind::ChangeAltitude { .. })
        .then(|| flight_range(st, who).2 + super::trait_move_ene(st, who))
}

impl State {
    /// Resolves Cambiar de altitud / Despegar / aterrizar; false for another kind. «En terreno
    /// difícil o extremo, CH AGI» — the terrain of the square where it leaves or reaches the
    /// ground (its start when leaving altitude 1, its end when reaching it; none between two
    /// altitudes off the ground), difficult or worse (OPEN_READINGS A19: the terrain is the
    /// check, no ENE surcharge). Passed (or no check): it ends on `to` at the new altitude.
    /// «Si falla ENE-3»: A19 (b), the level does not change, it stays, and it loses 3 ENE more
    /// (down to −10); «Si pifia, 3 heridas» (and the ENE: a fumble fails too). With Planeador a
    /// failed CH AGI calls a CH CON, whose failure is the 3 wounds.
    pub(crate) fn resolve_change_altitude(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut crate::actions::combat::Ctx,
        d: &mut dyn crate::basics::dice::DiceSource,
        log: &mut crate::basics::check::Log,
    ) -> bool {
        use crate::actions::combat::{add_wounds, atr_check, attr_check_target};
        use crate::creation::effect::Stat;
        let ActKind::ChangeAltitude { alt, to } = kind else {
            return false;
        };
        let c = *self.ch(who);
        let ground = if c.alt == ALT_GROUND {
            Some(c.pos)
        } else if alt == ALT_GROUND {
            Some(to)
        } else {
            None
        };
        let rough = ground.is_some_and(|g| self.board().terrain(g).surcharge().unwrap_or(0) >= 1);
        let mut critical = false;
        if rough {
            let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
            let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI altitude");
            critical = roll.critical;
            if !roll.pass {
                let ch = self.ch_mut(who);
                ch.ene = (ch.ene - 3).max(-10);
                log.push(|| crate::basics::check::Event::Status {
                    who,
                    text: "fails to change altitude (ENE -3)",
                });
                let (.., con_check) = flight_range(self, who);
                let hurt = if con_check {
                    let t = attr_check_target(self, who, Stat::Con, ctx, None, false);
                    !atr_check(self, d, log, who, Stat::Con, t, "CH CON altitude").pass
                } else {
                    roll.fumble
                };
                if hurt {
                    add_wounds(self, d, log, who, 3, None);
                }
                return true;
            }
        }
        let k = c.pos.dist(to);
        self.move_to(who, to, k, false, log);
        self.ch_mut(who).alt = alt;
        if critical {
            self.critical_change(who, c.pos, log);
        }
        if self.able(who) {
            self.after_move(who, d, log);
        }
        true
    }

    /// MOVIMIENTO, «Crítico en acciones de movimiento.- Mueve +1 K», after a Cambiar de altitud
    /// whose CH AGI was a critical: 1 K further along its line from `from`, at the new altitude,
    /// where [`may_end`] allows it (diagonally with both side squares open); on the ground as
    /// any movement's critical. Straight up or down on its square has no line: nothing.
    fn critical_change(&mut self, who: CharIdx, from: Pos, log: &mut crate::basics::check::Log) {
        let (at, alt, facing) = {
            let c = self.ch(who);
            (c.pos, c.alt, c.facing)
        };
        if alt == ALT_GROUND {
            return self.critical_move(who, from, log);
        }
        let Some(dir) = crate::basics::geom::Facing::towards(from, at) else {
            return;
        };
        let b = self.board();
        let Some(q) = b.step(at, dir) else { return };
        let (dx, dy) = dir.delta();
        let sides = dx == 0
            || dy == 0
            || (open_at(b, Pos::new(q.x, at.y), alt) && open_at(b, Pos::new(at.x, q.y), alt));
        if sides && may_end(self, who, q, alt) {
            log.push(|| crate::basics::check::Event::Status {
                who,
                text: "moves 1 K more (critical)",
            });
            self.move_to(who, q, 1, false, log);
            self.ch_mut(who).facing = facing;
        }
    }
}

/// Whether a base at altitude `alt` may fly (or move under ground) through square `p`: at
/// altitude 2 anything but a wall; at 3 and 4 anything; at −1 anything but a gap.
fn open_at(board: &Board, p: Pos, alt: i8) -> bool {
    check_placement(board, p, alt).is_ok()
}

/// Movement at an altitude other than 1 (flight at 2, 3 and 4; under ground or water at −1):
/// every square within `steps` king steps through squares open at that altitude ([`open_at`]),
/// never through a base at the same altitude nor diagonally past one or past a closed square,
/// never entering a square within 1 K of an able enemy at the same altitude (Restricciones;
/// those squares may end a charge, a ram or a silent move: `zone_end`), and never ending
/// on a square any other able base holds (bases never overlap, OPEN_READINGS A15 (b)). The
/// terrain below costs nothing (surcharge 0). At altitude 3 «siempre mueven su MOV completo»:
/// only the squares exactly `steps` K away (RULES.md, "Volar en altura 3"). Sorted by (row,
/// column), like the walking search.
pub fn flight_destinations(
    st: &State,
    who: CharIdx,
    steps: u8,
    zone_end: bool,
    out: &mut Vec<Reach>,
) {
    out.clear();
    let b = st.board();
    let me = st.ch(who);
    let (alt, side) = (me.alt, st.side_of(who));
    let n = b.len();
    let mut held = vec![false; n]; // a base at this altitude: not passed through
    let mut taken = vec![false; n]; // any base: not ended on
    let mut zone = vec![false; n];
    for j in st.indices() {
        if j == who || !st.able(j) {
            continue;
        }
        let c = st.ch(j);
        taken[b.index(c.pos)] = true;
        if c.alt != alt {
            continue;
        }
        held[b.index(c.pos)] = true;
        if st.side_of(j) != side {
            for dir in crate::basics::geom::Facing::ALL {
                if let Some(q) = b.step(c.pos, dir) {
                    zone[b.index(q)] = true;
                }
            }
        }
    }
    // A transport's base is taken whether anyone is aboard or not (RULES.md, Transportes): a
    // flyer passes over it (it stands at altitude 1) but never ends on its square.
    for t in 0..st.num_transports() {
        if !st.transport_destroyed(t) {
            taken[b.index(st.transport(t).pos)] = true;
        }
    }
    let free = |p: Pos| open_at(b, p, alt) && !held[b.index(p)];
    let mut dist = vec![u8::MAX; n];
    dist[b.index(me.pos)] = 0;
    let mut frontier = vec![me.pos];
    for d in 1..=steps {
        let mut next = Vec::new();
        for &p in &frontier {
            for dir in crate::basics::geom::Facing::ALL {
                let Some(q) = b.step(p, dir) else { continue };
                let qi = b.index(q);
                if dist[qi] != u8::MAX || !free(q) {
                    continue;
                }
                let (dx, dy) = dir.delta();
                if dx != 0 && dy != 0 {
                    let sides = [Pos::new(q.x, p.y), Pos::new(p.x, q.y)];
                    if !sides.iter().all(|&s| free(s)) {
                        continue;
                    }
                }
                dist[qi] = d;
                // A square next to an enemy may end a charge, never lead further.
                if !zone[qi] {
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    let full = alt == ALT_HIGH;
    for i in 0..n {
        let d = dist[i];
        if d == 0 || d == u8::MAX || taken[i] || (full && d != steps) || (zone[i] && !zone_end) {
            continue;
        }
        out.push(Reach {
            pos: b.pos(i),
            steps: d,
            surcharge: 0,
        });
    }
}
