//! Share G's traits in play (BONUS Y MALUS, issue 16; RULES.md "Traits in play, share G"):
//! the actions they give — Cóctel de vitaminas, Desafiante's «desafiar», Desaparecer, the
//! invocation of an Avatar, Señuelo — and what they do when an activation starts or ends
//! (Control del CHI's re-roll back, the cocktail's hangover, Droga's withdrawal, the end of a
//! challenge). What they leave on a character is `state::trait_marks`.

use crate::actions::combat::{atr_check, attr_check_target, occupied, opposed, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::{chance, DiceSource};
use crate::basics::geom::{Pos, Side};
use crate::creation::effect::{Effect, Stat};
use crate::psychology::{add_stress, psyche};
use crate::state::*;

/// Desafiante: «(ENE 3 y CH VOL ENF)».
pub const CHALLENGE_COST: i8 = 3;
/// Desaparecer: the text gives no ENE; the engine reads the least an action costs, 1.
pub const DISAPPEAR_COST: i8 = 1;
/// Avatar: «si se le invoca (ENE 3, CH INT)».
pub const INVOKE_COST: i8 = 3;
/// Droga: «10% de hacerse "yonki"».
pub const JUNKIE_PCT: u8 = 10;

fn has(st: &State, i: CharIdx, e: Effect) -> bool {
    st.info(i).effects.contains(&e)
}

/// Luz («Ves y te ven en la oscuridad»): on the character or on one of its weapons.
impl State {
    /// Whether `i` carries a light (Luz).
    pub fn has_light(&self, i: CharIdx) -> bool {
        let info = self.info(i);
        info.effects.contains(&Effect::Light)
            || info
                .weapon_effects
                .iter()
                .any(|w| w.contains(&Effect::Light))
    }
}

/// The start of `who`'s activation: Control del CHI's re-roll comes back; yesterday's cocktail
/// is today's hangover; an addict that did not take its drug since its last activation suffers
/// («1 estrés, CH PSI, CH ATR -1 el resto de la actuación y 10% de hacerse "yonki"»).
pub(crate) fn at_activation_start(
    st: &mut State,
    who: CharIdx,
    d: &mut dyn DiceSource,
    log: &mut Log,
) {
    // Señuelo: the position as this activation starts, to go back to.
    if st.statics().share_g && has(st, who, Effect::Decoy) && !st.marked(who, DECOY_USED) {
        let mut snap = st.clone();
        snap.trait_marks.decoy = None;
        snap.pending = Pending::Act { actor: who };
        st.trait_marks.decoy = Some((who, std::sync::Arc::new(snap)));
    }
    if st.statics().chi_holders & 1 << (who & 31) != 0 {
        log.chi_renew(who);
    }
    if st.trait_marks.per.is_empty() {
        return;
    }
    let m = st.marks_mut(who);
    m.bits &= !(CHI_USED | HANGOVER);
    if m.bits & HANGOVER_NEXT != 0 {
        m.bits = (m.bits & !HANGOVER_NEXT) | HANGOVER;
    }
    let craving = m.bits & (ADDICT | DOSED) == ADDICT;
    m.bits &= !DOSED;
    if craving && st.able(who) {
        log.push(|| Event::Status {
            who,
            text: "craves its drug",
        });
        add_stress(st, d, log, who, 1, None);
        if st.able(who) {
            psyche(st, d, log, who, None);
        }
        // «1 estrés, CH PSI, CH ATR -1 el resto de la actuación», in that order: the −1 (which
        // reaches a CH PSI, a CH VOL) starts after this CH PSI.
        st.set_mark(who, CRAVING, true);
        if chance(d, JUNKIE_PCT) {
            st.set_mark(who, JUNKIE, true);
            log.push(|| Event::Status {
                who,
                text: "becomes a junkie",
            });
        }
    }
}

/// The end of `who`'s activation: the cocktail's levels and the withdrawal's −1 end with it, and
/// so does a challenge it was under («le ataque» in this, its next activation).
pub(crate) fn at_activation_end(st: &mut State, who: CharIdx) {
    if st
        .trait_marks
        .decoy
        .as_ref()
        .is_some_and(|(w, _)| *w == who)
    {
        st.trait_marks.decoy = None;
    }
    if let Some(m) = st.trait_marks.per.get_mut(who as usize) {
        m.boost = [0; 4];
        m.bits &= !(HANGOVER | CRAVING | CHALLENGED);
    }
}

/// After an action of `who`: a melee attack or charge on its challenger answers the challenge.
pub(crate) fn after_action(st: &mut State, who: CharIdx, kind: &ActKind) {
    if st.trait_marks.per.is_empty() || !st.marked(who, CHALLENGED) {
        return;
    }
    if answers_challenge(st, who, kind) {
        st.set_mark(who, CHALLENGED, false);
    }
}

/// Whether `kind` is a melee attack or a charge of `who` on the one that challenged it.
pub fn answers_challenge(st: &State, who: CharIdx, kind: &ActKind) -> bool {
    let by = st.marks(who).by;
    (kind.is_melee() || matches!(kind, ActKind::Charge { .. })) && kind.enemy_target() == Some(by)
}

/// Desafiante: «para que otro Pj le ataque CaC» — while `c` is challenged by an able enemy and a
/// melee attack or a charge on it is legal, those are its only choices (as Ansia de sangre's
/// charges).
pub(crate) fn keep_challenge(st: &State, c: CharIdx, out: &mut Vec<crate::basics::action::Action>) {
    use crate::basics::action::Action;
    if st.trait_marks.per.is_empty() || !st.marked(c, CHALLENGED) || !st.able(st.marks(c).by) {
        return;
    }
    let on_it = |a: &Action| matches!(a, Action::Act { who, kind, .. } if answers_challenge(st, *who, kind));
    if out.iter().any(on_it) {
        out.retain(on_it);
    }
}

/// Whether `who` may be set down on `p`: on the board, walkable, no able base there and no able
/// enemy within 1 K (the rule of every placement and movement end).
fn may_stand(st: &State, who: CharIdx, p: Pos) -> bool {
    let side = st.side_of(who);
    st.board().contains_pos(p)
        && st.board().passable(p)
        && !occupied(st, p)
        && !st
            .indices()
            .any(|j| j != who && st.able(j) && st.side_of(j) != side && st.ch(j).pos.dist(p) <= 1)
}

/// Desaparecer: the squares of «su borde de área de despliegue» — the squares of its side's
/// deployment zone on the board's edge (the zone's own border when it touches no edge).
pub fn deployment_edge(st: &State, side: Side) -> Vec<Pos> {
    let z = *st.scenario().deploy(side);
    let (w, h) = (st.board().width(), st.board().height());
    let mut on_board = Vec::new();
    let mut border = Vec::new();
    for y in z.y0..=z.y1.min(h.saturating_sub(1)) {
        for x in z.x0..=z.x1.min(w.saturating_sub(1)) {
            let p = Pos::new(x, y);
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                on_board.push(p);
            }
            if x == z.x0 || x == z.x1 || y == z.y0 || y == z.y1 {
                border.push(p);
            }
        }
    }
    if on_board.is_empty() {
        border
    } else {
        on_board
    }
}

/// The options of share G's actions for `who` (the acting character), with their ENE.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let info = st.info(who);
    let human = !info.effects.contains(&Effect::Animal);
    // Cóctel de vitaminas: an object not used up, one option per attribute.
    if human {
        for o in 0..info.def.objects.len().min(8) as u8 {
            let cocktail = info.def.objects[o as usize]
                .traits
                .iter()
                .any(|t| t.effects().any(|e| e == Effect::Cocktail));
            if cocktail && !st.object_used(who, o) {
                for stat in Stat::ALL {
                    let k = ActKind::Cocktail { object: o, stat };
                    f(k, crate::actions::items::use_cost(st, who, o));
                }
            }
        }
    }
    let engaged = st.engaged(who);
    // Desafiante: an able enemy it sees.
    if has(st, who, Effect::Challenger) {
        let side = st.side_of(who);
        for t in st.indices() {
            if st.side_of(t) != side && st.able(t) && st.sees(who, t) {
                f(ActKind::Challenge { target: t }, CHALLENGE_COST);
            }
        }
    }
    // Desaparecer: «Si el personaje no está en CaC, 1 vez por avent.».
    if has(st, who, Effect::Disappear)
        && !engaged
        && !st.marked(who, VANISH_USED)
        && st.ch(who).alt == ALT_GROUND
        && st.aboard(who).is_none()
    {
        for p in deployment_edge(st, st.side_of(who)) {
            if p != st.ch(who).pos && may_stand(st, who, p) {
                f(ActKind::Disappear(p), DISAPPEAR_COST);
            }
        }
    }
    // Señuelo: «al final de su actuación» — in its own activation, which the declaration ends.
    if st.decoy_snapshot().is_some_and(|(w, _)| w == who)
        && matches!(st.pending(), Pending::Act { actor } if actor == who)
    {
        f(ActKind::Decoy, 0);
    }
    // Avatar: a neuromante (its invocations) brings an avatar of its side in, beside it.
    if info.effects.contains(&Effect::MetaUser(Stat::Int)) && st.ch(who).alt == ALT_GROUND {
        let side = st.home_side(who);
        let here = st.ch(who).pos;
        for a in st.indices() {
            if st.home_side(a) != side || !st.ch(a).has(OFF_TABLE) || !has(st, a, Effect::Avatar) {
                continue;
            }
            for dir in crate::basics::geom::Facing::ALL {
                let Some(p) = here.step(dir) else { continue };
                if may_stand(st, a, p) {
                    f(ActKind::Invoke { avatar: a, to: p }, INVOKE_COST);
                }
            }
        }
    }
}

/// Resolves a share G action (its ENE already spent); false for another kind.
pub(crate) fn resolve(
    st: &mut State,
    who: CharIdx,
    kind: ActKind,
    ctx: &mut Ctx,
    d: &mut dyn DiceSource,
    log: &mut Log,
) -> bool {
    match kind {
        ActKind::Cocktail { object, stat } => {
            // The object's «cuando se usa» traits first (Prueba de …: failed, nothing taken).
            if crate::actions::combat::object_uses(st, d, log, who, object, ctx).stopped {
                return true;
            }
            let m = st.marks_mut(who);
            m.boost[stat as usize] = (m.boost[stat as usize] + 1).min(9);
            m.bits |= HANGOVER_NEXT;
            log.push(|| Event::Status {
                who,
                text: "takes a vitamin cocktail",
            });
            st.spend_single_use(who, object);
        }
        ActKind::Challenge { target } => {
            let (won, _, _) = opposed(st, d, log, who, target, Stat::Vol, ctx);
            if won {
                let m = st.marks_mut(target);
                m.bits |= CHALLENGED;
                m.by = who;
                log.push(|| Event::Status {
                    who: target,
                    text: "is challenged: it must attack its challenger in melee",
                });
            }
        }
        ActKind::Disappear(p) => {
            st.set_mark(who, VANISH_USED, true);
            let c = st.ch_mut(who);
            c.pos = p;
            c.stance = Stance::Standing;
            log.push(|| Event::Status {
                who,
                text: "disappears and comes back at its deployment edge",
            });
            // «retirarse y volver a entrar»: the rest of the activation is spent coming back.
            st.activation.ending = true;
        }
        ActKind::Invoke { avatar, to } => {
            let t = attr_check_target(st, who, Stat::Int, ctx, None, false);
            if atr_check(st, d, log, who, Stat::Int, t, "CH INT invoke").pass {
                let facing = st.ch(who).facing;
                let c = st.ch_mut(avatar);
                c.set(OFF_TABLE, false);
                c.pos = to;
                c.facing = facing;
                log.push(|| Event::Status {
                    who: avatar,
                    text: "is invoked onto the table",
                });
            }
        }
        ActKind::Decoy => decoy(st, who, log),
        _ => return false,
    }
    true
}

/// Señuelo: «Se ignora todo lo realizado excepto la ENE consumida y las heridas que este
/// señuelo haya infligido o sufrido» — the position goes back to the start of the activation
/// (every character, the objects used, the items on the ground and the bombs, the objective
/// points, the scenario elements searched, the lasting areas, the transports), keeping every
/// character's ENE and wounds as they stand now; the activation ends.
fn decoy(st: &mut State, who: CharIdx, log: &mut Log) {
    let Some((w, snap)) = st.trait_marks.decoy.take() else {
        return;
    };
    if w != who {
        return;
    }
    let now: Vec<(i8, u8)> = st.chars.iter().map(|c| (c.ene, c.wounds)).collect();
    st.chars = snap.chars.clone();
    for (c, (ene, wounds)) in st.chars.iter_mut().zip(now) {
        c.ene = ene;
        c.wounds = wounds;
    }
    st.objective_points = snap.objective_points;
    st.bombs = snap.bombs.clone();
    st.ground = snap.ground.clone();
    st.used_objects = snap.used_objects.clone();
    st.searched = snap.searched;
    st.lasting = snap.lasting.clone();
    st.transports = snap.transports.clone();
    st.trait_marks.per = snap.trait_marks.per.clone();
    st.set_mark(who, DECOY_USED, true);
    st.activation.ending = true;
    log.push(|| Event::Status {
        who,
        text: "was a decoy: its activation is undone but the ENE and the wounds",
    });
}
