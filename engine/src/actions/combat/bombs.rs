//! ACCIONES GENÉRICAS / Soltar of a bomb, and the area traits that go off by themselves: Área de
//! activación, Bomba autónoma, Bomba viviente (BONUS Y MALUS). Why a module of its own: these
//! areas are laid with no CH IMP and no thrower's decision — the board sets them off — but they
//! land through the same `burst` as every area (friend and foe, whole and half DAÑ, from the
//! centre).
//!
//! The readings (RULES.md, ÁREAS, "Bombs"; OPEN_READINGS A11):
//! - a **bomb** is a weapon with Área and Área de activación («Soltar … Si es una bomba o
//!   similar. X=ENE del arma»); Soltar lays it on the dropper's square, and «La bomba será
//!   operativa después de que el personaje actuando termine su actuación»: it is armed when
//!   the activation in which it was laid ends;
//! - «Se activa cuando una mini entra a tantos K como ALC tenga el objeto»: armed, it goes off
//!   when a mini (any, the dropper too) ends a change of square within ALC K of it having
//!   been farther — at the end of that movement action (A11 b); minis already inside when it is
//!   armed do not set it off until they leave and come back;
//! - it needs no CH IMP (nobody aims it) and does not scatter: an R centred on its square, an
//!   L or G laid from its square towards the mini that set it off, a Salto from that mini;
//! - Bomba autónoma: «Se lanza a lo que entre en su área de activación si se mueve a 5 K o
//!   menos» — its area is centred on the mini that set it off when that mini has moved 5 K or
//!   less this turn (COMBATE's «moviendo a más de 5 K»); a faster one only meets the area where
//!   the bomb lies;
//! - Bomba viviente: «Si muere: DAÑ = CON/2, ARE = AGI/2» — when the character dies it is an R
//!   of diameter AGI/2 (Redondeo, at least 1) with DAÑ CON/2 (Redondeo), centred on it.

#[allow(unused_imports)]
use super::*;
use crate::basics::area::Shape;

/// Whether weapon index `w` of `i` is a bomb: an area with Área de activación.
pub fn is_bomb(st: &State, i: CharIdx, w: u8) -> bool {
    weapon_area(st, i, w).is_some()
        && st
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::ActivationArea))
}

impl State {
    /// The bombs lying on the board.
    pub fn bombs(&self) -> &[Bomb] {
        &self.bombs
    }

    /// Soltar: `who` lets go of weapon index `w` on its square; a bomb lies there, not yet armed.
    pub(crate) fn lay_bomb(&mut self, who: CharIdx, w: u8, log: &mut Log) {
        if !is_bomb(self, who, w) {
            return;
        }
        let Some((owner, weapon)) = self.weapon_ref(who, w) else {
            return;
        };
        let at = self.ch(who).pos;
        self.bombs.push(Bomb {
            owner,
            weapon,
            at,
            armed: false,
            tripped: None,
        });
        log.push(|| Event::Status {
            who,
            text: "lays a bomb",
        });
    }

    /// «La bomba será operativa después de que el personaje actuando termine su actuación»:
    /// every bomb laid is armed when an activation ends.
    pub(crate) fn arm_bombs(&mut self) {
        for b in self.bombs.iter_mut() {
            b.armed = true;
        }
    }

    /// A mini moved from `from` to `to`: every armed bomb whose activation area (ALC K) it
    /// entered is tripped by it (it goes off at the end of the action: [`State::detonate`]).
    pub(crate) fn trip_bombs(&mut self, who: CharIdx, from: Pos, to: Pos) {
        // Relación entre alturas: a bomb lies on the ground (altitude 1); a mini that could not
        // be reached from there at a distance (altitudes 3, 4, −1) does not set it off.
        if !crate::state::altitudes_interact(self.ch(who).alt, crate::state::ALT_GROUND, true) {
            return;
        }
        for k in 0..self.bombs.len() {
            let b = self.bombs[k];
            let alc = self.weapon_range(b.owner, b.weapon);
            if b.armed && b.tripped.is_none() && from.dist(b.at) > alc && to.dist(b.at) <= alc {
                self.bombs[k].tripped = Some(who);
            }
        }
    }

    /// At the end of an action: every tripped bomb goes off, in the order laid.
    pub(crate) fn detonate(&mut self, d: &mut dyn DiceSource, log: &mut Log) {
        while let Some(k) = self.bombs.iter().position(|b| b.tripped.is_some()) {
            let b = self.bombs.remove(k);
            let Some(by) = b.tripped else { continue };
            explode(self, d, log, b, by);
        }
        // The lasting areas minis entered in the action (`area_traits`).
        if !self.lasting_due.is_empty() {
            super::area_traits::resolve_lasting(self, d, log);
        }
    }
}

/// A bomb goes off (module docs): no CH IMP, no scatter.
fn explode(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, b: Bomb, by: CharIdx) {
    let Some(shape) = weapon_area(st, b.owner, b.weapon) else {
        return;
    };
    log.push(|| Event::Status {
        who: b.owner,
        text: "a bomb goes off",
    });
    // Control remoto: set off by its owner, it is laid as if no mini had entered — an R on its
    // square, an L or G towards the nearest able mini but the owner (RULES.md, Area traits).
    let by = if by == b.owner && super::area_traits::remote(st, &b) {
        st.indices()
            .filter(|&j| j != b.owner && st.able(j))
            .min_by_key(|&j| (st.ch(j).pos.dist(b.at), j))
            .unwrap_or(by)
    } else {
        by
    };
    field_goes_off(st, &b);
    let intruder = st.ch(by).pos;
    let homes = st
        .weapon_fx(b.owner, b.weapon)
        .iter()
        .any(|e| matches!(e, Effect::AutonomousBomb))
        && st.able(by)
        && !st.ch(by).has(FAST)
        && st.ch(by).pos.dist(b.at) <= st.weapon_range(b.owner, b.weapon);
    let (from, at) = match shape {
        Shape::R(_) if homes => (intruder, intruder),
        Shape::R(_) => (b.at, b.at),
        _ => (b.at, intruder),
    };
    let mut a = Attack {
        attacker: b.owner,
        target: by,
        weapon: Some(b.weapon),
        melee: false,
        mode: ShotMode::Normal,
        special: Special::Wound,
        free_bonus: 0,
        with: With::Weapon,
    };
    let burst_at = Burst {
        shape,
        at,
        tpl: template_for(shape, from, at, true),
        scatter: None,
        critical: false,
        extra: 0,
        spare: None,
        ground: true,
    };
    burst(st, d, log, &mut a, burst_at);
}

/// Campo de oscuridad (N) on a bomb: «Si explota, anula tantos niveles de escudo de energía y a
/// tantos K como nivel» — as it goes off, every character within N K of it loses N levels of
/// its energy shield (its level: the field's 2 K/N reach halved), before the blast lands
/// (audit 23: the sentence was not applied).
fn field_goes_off(st: &mut State, b: &Bomb) {
    let n = st
        .weapon_fx(b.owner, b.weapon)
        .iter()
        .map(|e| match *e {
            Effect::MarkJammer(k) => k / 2,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    if n == 0 {
        return;
    }
    for j in st.indices() {
        let energy = matches!(st.shield(j), Some((def, _, _)) if def > 0);
        if energy && st.ch(j).pos.dist(b.at) <= n {
            for _ in 0..n {
                st.lose_shield_level(j);
            }
        }
    }
}

/// Bomba viviente: `who` has just died; if it carries the trait it explodes (module docs).
pub(super) fn living_bomb(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx) {
    let info = st.info(who);
    if !info.has_effect(|e| matches!(e, Effect::LivingBomb)) {
        return;
    }
    // Redondeo: «Hasta N'49 se redondean a N, y para N'5 o más a N+1».
    let dmg = info.con.div_ceil(2) as i16;
    let diameter = info.agi.div_ceil(2).max(1);
    super::area_traits::explode_at(st, d, log, who, dmg, diameter, "explodes (Bomba viviente)");
}
