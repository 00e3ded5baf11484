//! Abilities and states swept clause by clause: Ave Fénix («1D10: Crítico … 2 a 5 … 6 a 9 …
//! Pifia»), Cuerpo de luz («invulnerable al DAÑ de las invocaciones que él mismo lanza»),
//! Desafiante («ENE 3 y CH VOL ENF»), Despertando del letargo («VOL igual al turno en juego»).

use super::*;
use serde_json::json;

#[test]
fn audit_ave_fenix_the_edges_of_each_band() {
    // b1 (CON 4) dead; its die at the next turn: 2 and 5 → CON − 1 = 3 wounds; 6 and 9 → it
    // waits (still dead, still on the table).
    for (r, w) in [(2, 3), (5, 3), (6, 5), (9, 5)] {
        let mut st = range(C::std(0, 0), with(&["Ave Fénix"]).set("wounds", 5), 5);
        play(&mut st, &["a1 end facing S", "init a1"], &[]);
        play(&mut st, &["init b2"], &[r, 6, 5]);
        assert_eq!(st.ch(1).wounds, w, "r{r}");
        assert!(!st.ch(1).has(engine::state::REMOVED), "r{r}");
    }
}

/// a1 (a Neuromante with `traits`) on (5, 1) facing S casts an R3 Invocación of CAL 3 (ENE 3,
/// ALC 10) at (5, 2): it covers a1, a2 on (4, 1) beside it and b1 on (5, 3).
fn own_fireball(traits: &[&str], dice: &[u8]) -> (Vec<String>, engine::State) {
    let m = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                   "traits": ["Invocación", "Área (R3)"]});
    let mut t = vec!["Neuromante"];
    t.extend_from_slice(traits);
    let mut st = position(
        &open(11, 14),
        &[
            with(&t).set("at", [5, 1]).facing("S").meta(m),
            with(&[]).set("at", [4, 1]).facing("S").status("acted"),
        ],
        &[
            C::std(5, 3).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 meta m1 5,2"], dice);
    (checks(&st, &log), st)
}

#[test]
fn audit_cuerpo_de_luz_its_own_invocation_does_not_wound_it() {
    let (c, st) = own_fireball(&[], &[3, 9, 2, 9, 2, 9, 2]);
    assert!(c.contains(&"a1 CH DEF 0 r9".to_string()), "{c:?}");
    assert_eq!(st.ch(0).wounds, 3);
    let (c, st) = own_fireball(&["Cuerpo de luz"], &[3, 9, 2, 9, 2]);
    assert!(!c.iter().any(|c| c.starts_with("a1 CH DEF")), "{c:?}");
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(2).wounds),
        (0, 2, 3),
        "a2 partly covered: half the DAÑ"
    );
}

#[test]
fn audit_cuerpo_de_luz_an_allys_invocation_still_wounds_it() {
    // «que él mismo lanza»: a2 has Cuerpo de luz, a1's area covers it (partly: half the DAÑ
    // 3, Redondeo: 2 wounds).
    let m = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                   "traits": ["Invocación", "Área (R3)"]});
    let mut st = position(
        &open(11, 14),
        &[
            with(&["Neuromante"]).set("at", [5, 1]).facing("S").meta(m),
            with(&["Neuromante", "Cuerpo de luz"])
                .set("at", [4, 1])
                .facing("S")
                .status("acted"),
        ],
        &[
            C::std(5, 3).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 meta m1 5,2"], &[3, 9, 2, 9, 2, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_desafiante_needs_its_three_ene() {
    // «(ENE 3 y CH VOL ENF)»: with 2 ENE left there is no challenge; with 3 there is.
    for (ene, offered) in [(2, false), (3, true)] {
        let st = position(
            &open(11, 12),
            &[with(&["Desafiante"])
                .set("at", [5, 3])
                .facing("S")
                .set("ene", ene)],
            &[
                C::std(5, 5).facing("N").weapon(sword()),
                C::std(10, 11).facing("S").status("acted"),
            ],
            0,
        );
        assert_eq!(legal(&st, "a1 challenge b1"), offered, "ENE {ene}");
    }
}

#[test]
fn audit_despertando_del_letargo_vol_is_the_turn_later_on() {
    // «VOL igual al turno en juego»: on turn 3 a1's CH PSI (after its Dañino wound) is 3.
    let a = with(&["Despertando del letargo"])
        .weapon(gun(2, &["Dañino"]))
        .set("at", [5, 1])
        .facing("S");
    let mut v = setup_json(&open(11, 16), &[a], &[C::std(5, 6).facing("S")], 0, 10);
    v["game"]["turn"] = 3.into();
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 8]);
    assert_eq!(checks(&st, &log)[0], "a1 CH PSI 3 r3");
}

#[test]
fn audit_desaparecer_comes_back_on_no_square_next_to_an_enemy() {
    // RULES.md: a free square of its deployment edge with no able enemy within 1 K — b3 on
    // (3, 1) forbids (3, 0) and (4, 0); (6, 0) is open.
    let st = position(
        &open(11, 12),
        &[with(&["Desaparecer"]).set("at", [5, 6])],
        &[
            C::std(0, 11).facing("S"),
            C::std(10, 11).facing("S"),
            C::std(3, 1).facing("S").status("acted"),
        ],
        0,
    );
    assert!(!legal(&st, "a1 disappear 3,0"));
    assert!(!legal(&st, "a1 disappear 4,0"));
    assert!(legal(&st, "a1 disappear 6,0"));
}
