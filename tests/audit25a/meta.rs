//! METAHABILIDADES (rulebook lines 239–280): the CH VOL ENF of a meta-ability on an enemy, a
//! critical CH PSI's «CH ATR +1» on a meta-ability's checks, Combate mental «sin considerarse
//! una reacción».

use super::*;
use crate::meta::meta as meta_ability;
use engine::state::{MindStage, Pending, PANIC};

/// A Cinético (CON 4, AGI 5, INT 4, VOL 4) with a Golpe de chi (ENE 2, ALC 3, CAL 4, Bunkai).
fn kinetic() -> C {
    C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0).meta(meta_ability(2, 3, 4, &["Bunkai"]))
}

#[test]
fn audit_a_tied_ch_vol_enf_of_a_meta_attack_goes_to_its_target() {
    // «Sobre un Pj enemigo: requiere superar un CH VOL ENF extra» — a CH ENF, whose ties go to
    // the one acted upon (CHEQUEOS): both pass with a 3, b1 resists; the ENE 2 is spent.
    let mut st = range(kinetic(), tough(&[]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 3, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r2", "a1 CH ENF 4 r3", "b1 CH ENF 4 r3"]
    );
    assert_eq!((st.ch(1).wounds, spent(&log)), (0, vec![2]));
}

#[test]
fn audit_a_critical_ch_psi_raises_a_meta_attacks_ch_atr_and_its_ch_vol_enf() {
    // «Crítico: CH ATR +1 hasta el final de la actuación»: both checks of the meta-ability are
    // CH ATR of the user — the CH AGI of the bunkai (6) and its side of the CH VOL ENF (5).
    let mut st = range(kinetic().status("psi_critical"), tough(&[]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[6, 5, 9, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 6 r6",
            "a1 CH ENF 5 r5",
            "b1 CH ENF 4 r9",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn audit_a_panicked_neuromante_still_answers_with_a_combate_mental() {
    // «Combate mental.- Un titiritero o neuromante … puede realizar la acción "combate mental"
    // contra aquel que le intente romper o hackear, sin considerarse una reacción»: a panicked
    // character cannot react, but this is no reaction — b1, in panic, is offered it. Its CH INT
    // ENF carries panic's «CH ATR -1» (INT 5 − 1 = 4; the hacker's 6).
    let neuro = |int: u8| C::new(race_t(4, 5, int, 5, &["Neuromante"]), 0, 0);
    let mut st = position(
        &open(11, 14),
        &[neuro(6).set("at", [5, 1]).facing("S")],
        &[
            neuro(5).set("at", [5, 5]).facing("S").status("panic"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            defender: 1,
            stage: MindStage::Offer,
            ..
        }
    ));
    let log = play(&mut st, &["b1 mental-combat a1"], &[4, 9]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH INT ENF mental combat 4 r4",
            "a1 CH INT ENF mental combat 6 r9"
        ]
    );
    assert_eq!(st.ch(0).stress, 1);
    assert!(st.ch(1).has(PANIC));
}

#[test]
fn audit_a_critical_ch_def_against_an_alc_zero_meta_attack_hits_the_user_back() {
    // «Crítico en CH DEF: 0 heridas y, en CaC, un impacto automático de DAÑ 1 al atacante»; a
    // meta-ability attack of ALC 0 is a melee one (RULES.md, audit 24). A bunkai of ALC 0 on b1
    // in contact: b1's critical CH DEF (r1) takes no wound and hits a1 with DAÑ 1 (a1's CH DEF 0
    // r9: 1 wound, CH PSI r2). (Audit 25a, engine fix: the meta-ability's hit had no hit back.)
    let a =
        || C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0).meta(meta_ability(2, 0, 4, &["Bunkai"]));
    let mut st = contact(a(), tough(&[]));
    let log = play(&mut st, &["a1 meta m1 b1"], &[3, 2, 6, 1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    // The same bunkai of ALC 3 from 3 K away is a ranged attack: the critical only stops it.
    let mut st = range(kinetic(), tough(&[]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 1]);
    assert_eq!(checks(&st, &log)[3..], ["b1 CH DEF 0 r1"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 0));
}

#[test]
fn audit_a_malus_on_an_enemy_lasts_until_the_end_of_its_next_activation() {
    // «Sobre un Pj enemigo: requiere superar un CH VOL ENF extra, y el efecto dura hasta el
    // final de su siguiente actuación»: a1 casts Maleficio (Muy torpe) — CH AGI −1 — on b1,
    // which has not acted this turn: the malus holds through b1's activation and is gone at its
    // end.
    use engine::creation::effect::{CheckKind, Scope, Stat};
    let agi = |st: &engine::State| {
        st.trait_check_mod(1, CheckKind::Attr(Stat::Agi), Scope::Any, None, None, false)
    };
    let a = C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0).meta(meta_ability(
        2,
        3,
        4,
        &["Bunkai", "Maleficio (Muy torpe)"],
    ));
    let mut st = range(a, C::std(0, 0), 3);
    play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(agi(&st), -1);
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    assert_eq!(agi(&st), -1, "in force in b1's activation");
    play(&mut st, &["b1 end facing S"], &[]);
    assert_eq!(agi(&st), 0, "over at its end");
}
