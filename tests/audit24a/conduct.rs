//! What a character may or must do: Animal («No puede reclamar puntos»), Animal interior («sin
//! un aliado a 10 K con bonus líder, aura de obstinación o presencia de honor»), Cobarde («para
//! atacar»), Desaparecer («1 vez por avent.»), Berserker («si así llega a CaC»).

use super::*;
use engine::scenario::{scoring::holder, Objective};
use serde_json::json;

#[test]
fn audit_animal_claims_no_objective_and_does_not_contest_one() {
    // «No puede reclamar puntos»: a1 on the objective holds it; an Animal there does not, and
    // b1 beside an Animal a1 holds it for side B (the animal claims nothing, so contests
    // nothing).
    let o = Objective {
        x: 5,
        y: 5,
        points: 1,
    };
    let at = |t: &[&str], b: bool| {
        let mut bs = vec![C::std(0, 11).facing("S").status("acted")];
        if b {
            bs.push(C::std(5, 6).facing("N"));
        }
        position(&open(11, 12), &[with(t).set("at", [5, 5])], &bs, 0)
    };
    assert_eq!(holder(&at(&[], false), &o), Some(engine::Side::A));
    assert_eq!(holder(&at(&["Animal"], false), &o), None);
    assert_eq!(holder(&at(&[], true), &o), None);
    assert_eq!(holder(&at(&["Animal"], true), &o), Some(engine::Side::B));
}

/// a1 (Animal interior, a sword) on (5, 1) facing S, b1 3 K south; a2 (`ally`, acted) on
/// `at`. Whether every legal action of a1 is a charge.
fn forced(ally: &[&str], at: [u8; 2]) -> bool {
    let st = position(
        &open(16, 16),
        &[
            with(&["Animal interior"])
                .set("at", [5, 1])
                .facing("S")
                .weapon(sword()),
            with(ally).set("at", at).status("acted"),
        ],
        &[
            C::std(5, 4).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    let l = all_legal(&st);
    !l.is_empty() && l.iter().all(|a| a.starts_with("a1 charge"))
}

#[test]
fn audit_animal_interior_each_of_the_three_leaders_frees_it_within_10k() {
    for leader in ["Líder", "Aura de obstinación", "Presencia de honor"] {
        assert!(!forced(&[leader], [15, 1]), "{leader} 10 K away");
        assert!(forced(&[leader], [5, 12]), "{leader} 11 K away");
    }
    // Another trait (Aura de talento) frees nothing.
    assert!(forced(&["Aura de talento"], [6, 1]));
}

#[test]
fn audit_cobarde_a_melee_attack_needs_the_ch_psi_too() {
    // «Debe superar un CH PSI para atacar»: failed (r5), no CH IMP and 1 stress.
    let mut st = contact(with(&["Cobarde"]).weapon(sword()), with(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r5"]);
    assert_eq!((st.ch(0).stress, st.ch(1).wounds), (1, 0));
    let mut st = contact(with(&["Cobarde"]).weapon(sword()), with(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH PSI 4 r4",
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
}

#[test]
fn audit_desaparecer_once_per_adventure_a_used_one_is_not_offered_again() {
    // «1 vez por avent.»: with its mark already set (an earlier use), no `disappear`.
    let mk = |used: bool| {
        let mut v = setup_json(
            &open(11, 12),
            &[with(&["Desaparecer"]).set("at", [5, 6])],
            &[C::std(0, 11).facing("S"), C::std(10, 11).facing("S")],
            0,
            10,
        );
        if used {
            v["game"]["trait_marks"] = json!([{"who": 0, "bits": engine::state::VANISH_USED}]);
        }
        load(&v)
    };
    assert!(legal(&mk(false), "a1 disappear 3,0"));
    assert!(!legal(&mk(true), "a1 disappear 3,0"));
}

#[test]
fn audit_berserker_two_more_k_and_no_farther() {
    // MOV 1: a charge reaches 5 K, Berserker's + 2: 7 K, not 8.
    let charge = |d: u8| {
        let st = position(
            &open(11, 12),
            &[with(&["Berserker"]).set("at", [5, 1]).facing("S")],
            &[C::std(5, 1 + d).facing("S")],
            0,
        );
        all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1"))
    };
    assert!(charge(7));
    assert!(!charge(8));
}

#[test]
fn audit_cobarde_a_meta_ability_attack_needs_the_ch_psi_too() {
    // «para atacar» — any attack (RULES.md): a Golpe de chi (Bunkai, ALC 3) at b1 3 K away.
    // Failed CH PSI (r5): no CH AGI, 1 stress.
    let chi = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(with(&["Cobarde", "Cinético"]).meta(chi), tough(&[]), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r5"]);
    assert_eq!((st.ch(0).stress, st.ch(1).wounds), (1, 0));
}

#[test]
fn audit_cobarde_a_thrown_weapon_needs_the_ch_psi_too() {
    // Lanzar a weapon at an enemy is an attack: failed CH PSI (r5), no CH IMP, 1 stress.
    let javelin = weapon(2, 3, 0, 4, &["Arma arrojada"]);
    let mut st = range(with(&["Cobarde"]).weapon(javelin), tough(&[]), 5);
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r5"]);
    assert_eq!((st.ch(0).stress, st.ch(1).wounds), (1, 0));
}

#[test]
fn audit_cobarde_a_meta_ability_area_needs_the_ch_psi_too() {
    // A Neuromante's R3 Invocación aimed at b1's square: failed CH PSI (r5), no CH INT, no
    // area, 1 stress; the ENE 3 is spent («falla la acción»).
    let m = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                   "traits": ["Invocación", "Área (R3)"]});
    let mut st = range(with(&["Cobarde", "Neuromante"]).meta(m), tough(&[]), 5);
    let log = play(&mut st, &["a1 meta m1 5,6"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r5"]);
    assert!(landed(&log).is_empty());
    assert_eq!((st.ch(0).stress, st.ch(0).ene, st.ch(1).wounds), (1, 5, 0));
}
