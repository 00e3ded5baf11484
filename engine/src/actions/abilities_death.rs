//! La mano de la muerte (BONUS Y MALUS): «Puede (ENE 3, CH VOL) pasar 1 Her a otro Pj voluntario
//! o inconsciente. Con VOL6, puede elegir origen y destino a VOL K. Con enemigo, CH VOL ENF» —
//! and Condenado, which gains it: «Pierde 1 nivel de CON, AGI, INT, REA y VOL si empieza con
//! heridas y no asigna 1». RULES.md, "Traits in play, share B", has the readings.

use crate::actions::combat::Ctx;
use crate::basics::action::CharIdx;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::Effect;
use crate::state::*;

/// The characters `who` may pass a wound to: while it has one, any other living character in
/// base contact, or within VOL K when its VOL is 6 or more.
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(CharIdx)) {
    if st.ch(who).wounds == 0 {
        return;
    }
    let p = st.ch(who).pos;
    let vol = st.vol(who);
    for t in st.indices() {
        if t == who || st.dead(t) || st.ch(t).has(REMOVED) {
            continue;
        }
        let d = st.ch(t).pos.dist(p);
        if d <= 1 || (vol >= 6 && d <= vol) {
            f(t);
        }
    }
}

/// Passes one wound of `who` to `target` (its ENE spent): a CH VOL, then, on a conscious
/// enemy, a CH VOL ENF it must win. An ally is willing; an unconscious enemy cannot resist.
pub fn resolve(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let resists = st.side_of(target) != st.side_of(who) && st.able(target);
    if !crate::actions::combat::vol_then_enf(
        st,
        d,
        log,
        who,
        target,
        ctx,
        "CH VOL death hand",
        resists,
    ) {
        return;
    }
    st.ch_mut(who).wounds -= 1;
    let total = st.gain_wounds(target, 1);
    st.ch_mut(who).run.bits &= !RUN_DOOM_DUE;
    log.push(|| Event::Status {
        who,
        text: "passes a wound on (La mano de la muerte)",
    });
    // Every wound a character gains is logged, as damage's are (the game record's chain).
    log.push(|| Event::Wounds {
        who: target,
        amount: 1,
        total,
    });
}

/// Condenado at the start of an activation of `who`: a wounded one owes a wound.
pub fn doom_at_start(st: &mut State, who: CharIdx) {
    if st.ch(who).wounds > 0 && st.info(who).effects.contains(&Effect::Doomed) {
        st.ch_mut(who).run.bits |= RUN_DOOM_DUE;
    }
}

/// Condenado at the end of an activation of `who`: a wound owed and not passed on costs a
/// level of every attribute (`doom`: CH ATR −1 each; VOL through `vol_loss`).
pub fn doom_at_end(st: &mut State, who: CharIdx, log: &mut Log) {
    let c = st.ch_mut(who);
    if c.run.bits & RUN_DOOM_DUE == 0 {
        return;
    }
    c.run.bits &= !RUN_DOOM_DUE;
    // The low bits only (the high ones are Afilada's, `TraitRun::doom`); at most 10 levels.
    let levels = (c.run.doom_levels() + 1).min(10);
    c.run.doom = (c.run.doom & !DOOM_LEVELS) | levels;
    c.lose_vol();
    log.push(|| Event::Status {
        who,
        text: "is doomed: loses a level of every attribute",
    });
}
