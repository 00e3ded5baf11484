//! Magia: telekinesis (BONUS Y MALUS): «[Metahabilidad] Mueve un objeto inanimado a distancia
//! hasta tantos K como VOL. CON máx. = VOL.» A meta-ability with the trait is aimed at an item
//! lying on the ground (`telekinesis mN LABEL wK`: the item as `pickup` names it) within the
//! user's VOL K, not on its own square; its kind's CH ATR passed, the item flies to the user's
//! square, where it may pick it up. RULES.md, "Traits in play, share H".

use super::combat::{attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::Effect;
use crate::state::*;

/// Whether meta-ability effects `fx` move objects (its only use).
pub fn moves_objects(fx: &[Effect]) -> bool {
    fx.contains(&Effect::Telekinesis)
}

/// The telekinesis options of `who`: for each such meta-ability it may use, each item on the
/// ground within its VOL K and off its square.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    if st.ground_items().next().is_none() {
        return;
    }
    let p = st.ch(who).pos;
    let reach = st.vol(who);
    for m in 0..super::meta::count(st, who) {
        let fx = &st.info(who).meta_effects[m as usize];
        if !moves_objects(fx) || super::meta::usable(st, who, m).is_none() {
            continue;
        }
        let ene = super::meta::cost_after_mana(st, who, m);
        for (owner, weapon, at) in st.ground_items() {
            if at != p && at.dist(p) <= reach {
                f(
                    ActKind::Telekinesis {
                        meta: m,
                        owner,
                        weapon,
                    },
                    ene,
                );
            }
        }
    }
}

/// Resolves telekinesis (its ENE already spent): the kind's CH ATR (a fumble is a
/// meta-ability's), then the item comes to the user's square.
#[allow(clippy::too_many_arguments)]
pub(crate) fn resolve(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    m: u8,
    owner: CharIdx,
    weapon: u8,
    ctx: &mut Ctx,
) {
    let Some(stat) = super::meta::usable(st, who, m) else {
        return;
    };
    super::meta::spend_mana(st, who, m);
    let t = attr_check_target(st, who, stat, ctx, None, false);
    let roll = super::meta::meta_check(st, d, log, who, stat, t, None);
    if roll.fumble {
        crate::psychology::meta_fumble(st, d, log, who);
        return;
    }
    if !roll.pass {
        return;
    }
    let to = st.ch(who).pos;
    let key = 1 + owner as u16 * 8 + weapon as u16;
    if let Some(g) = st.ground.iter_mut().find(|(k, _)| *k == key) {
        g.1 = to;
        log.push(|| Event::Status {
            who,
            text: "moves an object by telekinesis",
        });
    }
}
