//! The area and scatter traits of BONUS Y MALUS (issue 14's leftovers): what changes where an
//! area lands (Faro, Munición estabilizadora, Corrector de puntería), areas that stay on the
//! board (Área permanente, Munición radiactiva), characters that explode (Explota, Inflamable)
//! and the distortions around an object (Distorsión envenenada, Distorsión psíquica). Why a
//! module of its own: each is a small hook into the area attack (`areas::burst`), the wounds
//! (`damage::add_wounds`) or a check, and they share the lasting-area list of the state.
//!
//! The readings (RULES.md, ÁREAS, "Area traits"):
//! - **Faro** «A 5 K: niega dispersión y distorsión»: an area aimed within 5 K of an able
//!   character of the attacker's side that carries it lands where aimed; no Distorsión reaches
//!   a character within 5 K of any Faro;
//! - **Munición estabilizadora** «Dispersa la mitad»: the K rolled are halved (Redondeo);
//! - **Corrector de puntería** «Repite dispersión»: the scatter is rolled again (distance and
//!   direction) and the second roll stands — any scatter is a miss the thrower wants undone;
//! - **Área permanente** / **Munición radiactiva**: a lasting area, its squares as the template
//!   covers them, hits (its DAÑ, whole or half, CH DEF, no cover, from its owner) every mini an
//!   action brings into it (at the end of that action, as a bomb) and every mini that begins an
//!   activation inside it; it stays until the end of the game («permanente»);
//! - **Explota** «50% de explotar al morir … DAÑ igual al del ataque que lo hizo explotar, a
//!   tantos K como MOV»: on death, 1D100 ≤ 50: an R of diameter 2 × MOV (MOV K from the centre)
//!   on its square with the killing attack's DAÑ (nothing when no attack killed it);
//! - **Inflamable** «Si muere, explota. Si pifia, 30% de explotar. Explosión: DAÑ=DAÑ/2 y ARE
//!   R(DAÑ)»: on death, or after a fumbled CH IMP and 1D100 ≤ 30, an R of diameter DAÑ with
//!   DAÑ/2 (Redondeo) on its square; the DAÑ is the weapon's when the trait is a weapon's, else
//!   the killing attack's (a fumble: the weapon fumbled with).

#[allow(unused_imports)]
use super::*;
use crate::basics::action::ActKind;
use crate::basics::area::{Coverage, Shape, Template};
use crate::basics::dice::chance;
use std::cell::Cell;

thread_local! {
    /// The DAÑ of the attack whose wounds are being added (set by the hit, taken by
    /// [`take_hit_damage`] in `add_wounds`): Explota's «DAÑ igual al del ataque».
    static HIT_DAMAGE: Cell<i16> = const { Cell::new(0) };
}

impl State {
    /// The lasting areas on the board (Área permanente, Munición radiactiva).
    pub fn lasting(&self) -> &[Lasting] {
        &self.lasting
    }
}

/// Records the DAÑ of the attack about to add wounds.
pub(super) fn set_hit_damage(dmg: i16) {
    HIT_DAMAGE.with(|c| c.set(dmg));
}

/// The DAÑ of the attack adding wounds now (0 when none), cleared.
pub(super) fn take_hit_damage() -> i16 {
    HIT_DAMAGE.with(|c| c.replace(0))
}

/// Whether an able character of `who`'s side carrying Faro stands within its reach of `at`.
fn beacon_near(st: &State, who: CharIdx, at: Pos, same_side: bool) -> bool {
    let side = st.side_of(who);
    st.indices().any(|j| {
        (!same_side || st.side_of(j) == side)
            && st.able(j)
            && st.info(j).effects.iter().any(|e| match e {
                Effect::Beacon(k) => st.ch(j).pos.dist(at) <= *k,
                _ => false,
            })
    })
}

/// Where an area scattering `n` 1D10 from `at` lands, with the traits of the attack `a`:
/// Faro (no scatter), Corrector de puntería (a second roll stands), Munición estabilizadora
/// (half the K).
pub(super) fn scatter_with_traits(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    at: Pos,
    n: u8,
) -> Pos {
    if beacon_near(st, a.attacker, at, true) {
        log.push(|| Event::Status {
            who: a.attacker,
            text: "lands where aimed (Faro)",
        });
        return at;
    }
    let has = |f: fn(&Effect) -> bool| st.fx_with_weapon(a.attacker, a.weapon).any(f);
    let half = has(|e| matches!(e, Effect::HalfScatter));
    let mut r = scatter_k(d, n);
    if has(|e| matches!(e, Effect::RerollScatter)) {
        log.push(|| Event::Status {
            who: a.attacker,
            text: "re-rolls the scatter",
        });
        r = scatter_k(d, n);
    }
    let (k, dir) = r;
    let k = if half { k.div_ceil(2) } else { k };
    walk(st, at, dir, k)
}

/// The scatter's roll: `n` 1D10 for the K, then the direction (`areas::scatter`'s dice).
pub(super) fn scatter_k(d: &mut dyn DiceSource, n: u8) -> (u16, Facing) {
    let k: u16 = (0..n).map(|_| d.d10() as u16).sum();
    let dir = loop {
        let r = d.d10();
        if r <= 8 {
            break Facing::from_index(r - 1);
        }
    };
    (k, dir)
}

/// The point moved `k` K from `at` towards `dir`, stopping before the board's edge or a wall
/// (`areas::scatter`'s rule, A7).
pub(super) fn walk(st: &State, at: Pos, dir: Facing, k: u16) -> Pos {
    let b = st.board();
    let mut p = at;
    for _ in 0..k {
        match p.step(dir) {
            Some(q) if q.x < b.width() && q.y < b.height() && !b.terrain(q).blocks_sight() => p = q,
            _ => break,
        }
    }
    p
}

/// The squares a template covers on the board, with whether wholly.
fn squares_of(st: &State, t: &Template) -> Vec<(Pos, bool)> {
    let b = st.board();
    let mut out = Vec::new();
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Pos::new(x, y);
            match t.coverage(p) {
                Coverage::None => {}
                c => out.push((p, c == Coverage::Full)),
            }
        }
    }
    out
}

/// Lays a lasting area of `owner` with DAÑ `dmg` over template `t` (nothing when it covers
/// no square or the DAÑ is 0).
pub(crate) fn lay_lasting(st: &mut State, log: &mut Log, owner: CharIdx, dmg: i16, t: &Template) {
    let squares = squares_of(st, t);
    if squares.is_empty() || dmg <= 0 {
        return;
    }
    st.lasting.push(Lasting {
        owner,
        dmg: dmg.min(255) as u8,
        squares,
    });
    log.push(|| Event::Status {
        who: owner,
        text: "leaves a lasting area",
    });
}

/// Área permanente: after an area of weapon `w` reached someone («Si el objetivo es afectado o
/// herido»), its template stays where it landed with the attack's DAÑ.
pub(super) fn after_burst(
    st: &mut State,
    log: &mut Log,
    a: &Attack,
    tpl: Option<&Template>,
    reached: bool,
) {
    let lasting = a.weapon.is_some_and(|w| {
        st.weapon_fx(a.attacker, w)
            .iter()
            .any(|e| matches!(e, Effect::LastingArea))
    });
    if let (true, true, Some(t)) = (lasting, reached, tpl) {
        let dmg = attack_damage(st, a, false);
        lay_lasting(st, log, a.attacker, dmg, t);
    }
}

/// Munición radiactiva: the attack `a` wounded its target: an R of the trait's diameter with
/// the weapon's DAÑ stays on the target's square.
pub(super) fn after_wounding(st: &mut State, log: &mut Log, a: &Attack) {
    let Some(w) = a.weapon else { return };
    let d = st.weapon_fx(a.attacker, w).iter().find_map(|e| match e {
        Effect::RadioactiveArea(d) => Some(*d),
        _ => None,
    });
    if let Some(d) = d {
        let t = Template::round(d, st.ch(a.target).pos);
        let dmg = st.weapon_dmg(a.attacker, w);
        lay_lasting(st, log, a.attacker, dmg, &t);
    }
}

/// A mini moved from `from` to `to`: every lasting area it entered is due to hit it at the end
/// of the action.
pub(crate) fn enter_lasting(st: &mut State, who: CharIdx, from: Pos, to: Pos) {
    for k in 0..st.lasting.len() {
        let l = &st.lasting[k];
        if l.covers(from).is_none() && l.covers(to).is_some() {
            st.lasting_due.push((k as u8, who));
        }
    }
}

/// One lasting area `k` hits `who` (its DAÑ, half when partly covered; CH DEF; no cover).
fn lasting_hit(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, k: usize, who: CharIdx) {
    let Some(l) = st.lasting.get(k) else { return };
    let Some(full) = l.covers(st.ch(who).pos) else {
        return;
    };
    // Relación entre alturas: a lasting area lies on the board's squares (altitude 1), as a
    // bomb; a mini at altitude 3, 4 or −1 is out of its reach.
    if !st.able(who) || !crate::state::altitudes_interact(st.ch(who).alt, ALT_GROUND, true) {
        return;
    }
    let (owner, dmg) = (l.owner, l.dmg as i16);
    let dmg = if full { dmg } else { (dmg + 1) / 2 };
    log.push(|| Event::Status {
        who,
        text: "is hit by a lasting area",
    });
    auto_hit(st, d, log, who, dmg, Some(owner));
}

/// At the end of an action: the lasting areas minis entered hit them, in the order entered.
pub(crate) fn resolve_lasting(st: &mut State, d: &mut dyn DiceSource, log: &mut Log) {
    let due = std::mem::take(&mut st.lasting_due);
    for (k, who) in due.0 {
        lasting_hit(st, d, log, k as usize, who);
    }
}

/// At the start of `who`'s activation: every lasting area it stands in hits it.
pub(crate) fn lasting_at_start(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
) {
    for k in 0..st.lasting.len() {
        lasting_hit(st, d, log, k, who);
    }
}

/// An explosion of `who` (already dead, or alive after a fumble): an R of diameter `diameter`
/// with DAÑ `dmg` on its square, no CH IMP; a dead character is not hit by it.
pub(super) fn explode_at(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    dmg: i16,
    diameter: u8,
    text: &'static str,
) {
    if dmg <= 0 {
        return;
    }
    log.push(|| Event::Status { who, text });
    let at = st.ch(who).pos;
    let shape = Shape::R(diameter.max(1));
    let mut a = Attack {
        attacker: who,
        target: who,
        weapon: None,
        melee: false,
        mode: ShotMode::Normal,
        special: Special::Wound,
        free_bonus: 0,
        with: With::Power {
            dmg: dmg.min(255) as u8,
        },
    };
    let b = Burst {
        shape,
        at,
        tpl: template_for(shape, at, at, false),
        scatter: None,
        critical: false,
        extra: 0,
        spare: None,
        ground: false,
    };
    burst(st, d, log, &mut a, b);
}

/// The DAÑ an Inflamable carrier's explosion starts from: its Inflamable weapon's, else `dmg`.
fn flammable_dmg(st: &State, who: CharIdx, dmg: i16) -> Option<i16> {
    let weapon = (0..st.weapon_slots(who)).find(|&w| {
        st.weapon_fx(who, w)
            .iter()
            .any(|e| matches!(e, Effect::Flammable(_)))
    });
    match weapon {
        Some(w) => Some(st.weapon_dmg(who, w)),
        None if st
            .info(who)
            .has_effect(|e| matches!(e, Effect::Flammable(_))) =>
        {
            Some(dmg)
        }
        None => None,
    }
}

/// Inflamable's explosion of DAÑ base `base`: DAÑ/2 (Redondeo) over an R(DAÑ).
fn flammable_blast(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx, base: i16) {
    let dmg = (base + 1) / 2;
    explode_at(
        st,
        d,
        log,
        who,
        dmg,
        base.clamp(1, 255) as u8,
        "explodes (Inflamable)",
    );
}

/// `who` has just died of an attack of DAÑ `dmg` (0: no attack): Inflamable, then Explota.
pub(super) fn on_death(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    dmg: i16,
) {
    if let Some(base) = flammable_dmg(st, who, dmg) {
        flammable_blast(st, d, log, who, base);
        return;
    }
    let pct = st.info(who).effects.iter().find_map(|e| match e {
        Effect::ExplodesOnDeath(p) => Some(*p),
        _ => None,
    });
    if let Some(p) = pct {
        if dmg > 0 && chance(d, p) {
            let diameter = st.info(who).mov.saturating_mul(2);
            explode_at(st, d, log, who, dmg, diameter, "explodes (Explota)");
        }
    }
}

/// `who` fumbled a CH IMP with weapon `w`: Inflamable's «Si pifia, 30% de explotar».
pub(super) fn on_fumble(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    w: Option<u8>,
) {
    let pct = st.fx_with_weapon(who, w).find_map(|e| match e {
        Effect::Flammable(p) => Some(*p),
        _ => None,
    });
    let Some(p) = pct else { return };
    let base = w.map_or(0, |w| st.weapon_dmg(who, w));
    let base = flammable_dmg(st, who, base).unwrap_or(base);
    if st.able(who) && chance(d, p) {
        flammable_blast(st, d, log, who, base);
    }
}

/// Whether a Distorsión reaches `who` (within the trait's K of the able character carrying
/// it, no Faro within 5 K of `who`), and what it does: (the lowest die that fumbles its
/// Invocación checks, the CH ATR change of a neuromante or titiritero). «A 5 K de este
/// objeto» is a field around the object, which its own bearer stands in (0 K): the bearer is
/// reached too (audit 29a: it was left out, as from an aura of allies).
pub fn distortion(st: &State, who: CharIdx) -> (u8, i8) {
    let p = st.ch(who).pos;
    let (mut fumble, mut atr) = (10u8, 0i8);
    if !st.statics().any_distortion {
        return (10, 0);
    }
    for j in st.indices() {
        if !st.gives_auras(j) {
            continue;
        }
        let dist = st.ch(j).pos.dist(p);
        for e in &st.info(j).auras {
            match *e {
                Effect::InvocationFumbleAura { within, from } if dist <= within => {
                    fumble = fumble.min(from)
                }
                Effect::MetaUserAura { within, amount } if dist <= within => atr += amount,
                _ => {}
            }
        }
    }
    if (fumble < 10 || atr != 0) && beacon_near(st, who, p, false) {
        return (10, 0);
    }
    let meta_user = st
        .info(who)
        .has_effect(|e| matches!(e, Effect::MetaUser(Stat::Int | Stat::Vol)));
    (fumble, if meta_user { atr } else { 0 })
}

/// Arco concentrado: the line weapon `w` of `who` fires in the concentrated mode — its G(L, D)
/// becomes an L of the G's whole length L + D («el área pasa a tipo lineal»); `None` when the
/// weapon has no such mode.
pub fn concentrated_shape(st: &State, who: CharIdx, w: u8) -> Option<Shape> {
    let arc = st
        .weapon_fx(who, w)
        .iter()
        .any(|e| matches!(e, Effect::ConcentratedArc));
    match weapon_area(st, who, w) {
        Some(Shape::G(l, d)) if arc => Some(Shape::L(l.saturating_add(d))),
        _ => None,
    }
}

/// Arco concentrado's DAÑ: «DAÑ+2».
pub const CONCENTRATED_DAMAGE: i16 = 2;

/// Control remoto: the options of `who` to set off one of its bombs with the trait (ENE 1, no
/// LdV): every operative bomb of its own weapons that carries it.
pub fn detonate_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    for (k, b) in st.bombs().iter().enumerate() {
        if b.owner == who && b.armed && b.tripped.is_none() && remote(st, b) {
            f(ActKind::Detonate { bomb: k as u8 });
        }
    }
}

/// Whether bomb `b` carries Control remoto.
pub(super) fn remote(st: &State, b: &Bomb) -> bool {
    st.weapon_fx(b.owner, b.weapon)
        .iter()
        .any(|e| matches!(e, Effect::RemoteDetonation))
}

/// Control remoto: `who` sets off bomb `k`: it goes off at the end of the action, tripped by
/// its owner (`bombs::explode` lays it as no mini entered it).
pub(crate) fn detonate_remote(st: &mut State, who: CharIdx, k: u8) {
    if let Some(b) = st.bombs.get_mut(k as usize) {
        if b.owner == who {
            b.tripped = Some(who);
        }
    }
}
