//! CREACIÓN DE TRANSPORTES and the ACCIONES DE MOVIMIENTO of transports: `boarding`
//! (Embarcar / desembarcar). The transport record is `state::transport`; its file part
//! `setup::transport` (RULES.md, "Transportes").

pub mod area;
pub mod boarding;
pub mod damage;
pub mod driving;
pub mod fire;
pub mod mecha;
pub mod mounted;
pub mod ram;
mod road;

use crate::basics::action::CharIdx;
use crate::state::State;

/// «D» of a check of `who` on a transport (Embarcar «CH AGI D», Maniobrar): a **difficult**
/// action, «difíciles, CH −1» (Tipos de acciones), as A bulto and Desatarse read it. 180°'s
/// «D=CON-AGI» is written on 180°'s own line and stays its own (RULES.md, "Transportes").
pub const DIFFICULT: i8 = 1;

/// Whether transport `t` has a trait effect matching `f` (its archetype's traits; transports
/// are off the hot path, and a position without transports never asks).
pub fn has(st: &State, t: usize, f: impl Fn(&crate::creation::effect::Effect) -> bool) -> bool {
    st.transport_info(t).effects.iter().any(f)
}

/// The check modifiers transport `t`'s own traits give to a check made at it in `scope`: a CH
/// IMP at it (`Hit`), those «against its attackers» (Contramedidas «Cualquier misil, torpedo,
/// obús o proyectil similar, CH IMP -1», Camuflaje «Enemigo tiene CH IMP -1 a distancia»:
/// `Who::AttackersOfHolder`); its own CH DEF (`Def`), its holder's (Refuerzo «CH DEF +1»).
/// Audit 30b: a shot at a placed transport took none of them — its traits were only its
/// owner's (the rider's, RULES.md "Where traits live"), so a truck's Contramedidas never acted.
pub fn check_mod(
    st: &State,
    t: usize,
    check: crate::creation::effect::CheckKind,
    scope: crate::creation::effect::Scope,
) -> i8 {
    use crate::creation::effect::{CheckKind, Effect, Who};
    use crate::state::{check_matches, scope_matches};
    let wanted = if check == CheckKind::Def {
        Who::Holder
    } else {
        Who::AttackersOfHolder
    };
    let k: i16 = st
        .transport_info(t)
        .effects
        .iter()
        .map(|e| match *e {
            Effect::CheckMod {
                check: c,
                scope: s,
                who: w,
                amount,
            } if w == wanted && check_matches(c, check) && scope_matches(s, scope) => amount as i16,
            _ => 0,
        })
        .sum();
    k.clamp(-10, 10) as i8
}

/// The CH IMP change of an area aimed at square `at` from the transport standing there (its
/// [`check_mod`] on a ranged CH IMP: Contramedidas, Camuflaje): an area aimed at a character's
/// square meets that character's «Enemigo tiene CH IMP -1 a distancia» (audit 24), so one aimed
/// at a transport's square meets the transport's own (audit 31c: audit 30b gave them to the
/// shots at it only). Once: when the character whose modifiers the area already took
/// (`aimed`, the occupant) is the transport's owner, its traits are among them (a transport's
/// traits other than its hull's are its owner's too), so 0. 0 where no transport stands.
pub fn area_aim_mod(st: &State, at: crate::basics::geom::Pos, aimed: Option<CharIdx>) -> i8 {
    use crate::creation::effect::{CheckKind, Scope};
    match st.transport_at(at) {
        Some(t) if aimed != Some(st.transport_info(t).owner) => {
            check_mod(st, t, CheckKind::Hit, Scope::Ranged)
        }
        _ => 0,
    }
}

/// Piloto evasivo («CH AGI +1 en acciones de mov. complejas»): the CH AGI bonus of `who` in a
/// complex movement action of transport `t` — the larger of the pilot's and the transport's
/// (the trait may sit on either archetype; it is not counted twice).
pub fn evasive(st: &State, who: CharIdx, t: usize) -> i8 {
    use crate::creation::effect::Effect;
    let of = |e: &Effect| match e {
        Effect::ComplexMoveAgi(n) => *n,
        _ => 0,
    };
    let pilot = st.info(who).effects.iter().map(of).max().unwrap_or(0);
    let own = st
        .transport_info(t)
        .effects
        .iter()
        .map(of)
        .max()
        .unwrap_or(0);
    pilot.max(own)
}
