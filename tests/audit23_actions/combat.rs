//! ACCIONES DE COMBATE, clause by clause (audit 23a).

use crate::build::*;
use crate::traits::{contact, range};
use engine::state::*;
use engine::State;

/// a1 on (5, 2) facing S; b1 on (5, 5) facing S (its back to a1), `b` its extras; b2 far
/// away, already acted.
fn charge_range(a: C, b: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 2]).facing("S")],
        &[
            b.set("at", [5, 5]).facing("S"),
            C::std(0, 11).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_cargar_bonus_reaches_empujar_a_combate_cac_action() {
    // «Cargar (2) … CH IMP +1 y DAÑ +1 en la siguiente acción de combate CaC», and «Empujar (1,
    // CON ENF) Como "ataque CaC"»: the push after the charge has CH IMP 5 + 1 = 6 (r6 hits),
    // then the CH CON ENF (a1 r2 against b1 r5): b1 goes 1 K (CON 4 − 4, minimum 1).
    let mut st = charge_range(C::std(0, 0).weapon(sword()), C::std(0, 0));
    let log = play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 push b1"],
        &[6, 2, 5],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 6 r6", "a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]
    );
    assert_eq!(st.ch(1).pos, sq(5, 6));
    assert!(!st.ch(0).has(CHARGING), "spent on that action");
}

#[test]
fn audit_esprintar_contra_este_pj_reaches_a_melee_attack_too() {
    // «Esprintar (3) … CH IMP -1 contra este Pj» (this turn), with no «a distancia»: a charge
    // and a sword blow on b1, which sprinted this turn: CH IMP 5 + 1 (Cargar) − 1 = 5.
    let mut st = charge_range(
        C::std(0, 0).weapon(sword()),
        C::std(0, 0).status("sprinted"),
    );
    let log = play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        &[9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_lanzar_a_fumbled_ch_imp_hits_the_thrower_with_dan_one() {
    // «Lanzar armas / objetos (2, AGI)» is an attack with a CH IMP, so COMBATE's «Pifia en CH
    // IMP: se recibe un impacto automático de DAÑ 1»: a1 throws its sword 3 K (r10): its own
    // CH DEF (DEF 0, r5) fails, 1 wound and a CH PSI; b1 untouched; the sword is gone.
    let mut st = range(C::std(0, 0).weapon(sword()), C::std(0, 0), 3);
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    assert_eq!(st.ch(0).dropped, 0b1);
}

#[test]
fn audit_sin_armas_a_fumbled_ch_imp_hits_the_attacker_and_wears_no_weapon() {
    // «Ataque CaC sin armas (1, AGI)» and «Pifia en CH IMP: se recibe un impacto automático de
    // DAÑ 1, y el arma gana 1 herida»: no weapon struck, so the sword a1 carries gains none.
    let mut st = contact(C::std(0, 0).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 unarmed b1"], &[10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 0 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (1, 0));
}

#[test]
fn audit_ataque_sorpresa_hits_automatically_with_the_next_combate_cac_action_whatever_it_is() {
    // «Ataque sorpresa (0) … CH IMP superado automáticamente y DEF-2 en la siguiente acción de
    // combate CaC»: the surprise declared, a Noquear (Como "ataque CaC") skips its CH IMP and
    // goes to its CH CON ENF (a1 r2, b1 r5: knocked out).
    let mut st = contact(C::std(0, 0).status("silent"), C::std(0, 0));
    let log = play(&mut st, &["a1 surprise b1", "a1 knockout b1"], &[2, 5]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]);
    assert!(st.ch(1).has(KNOCKED_OUT));
    assert_eq!(spent(&log), [0, 1]);
}

#[test]
fn audit_esquivar_answers_only_the_attack_it_was_declared_against() {
    // «Esquivar en CaC (3, AGI ENF) … Se declara después de elegir el objetivo»: the dodge
    // belongs to that declared attack. a1 declares a sword blow on b1; b1 dodges (CH VOL r1);
    // b2 shoots into the melee at a1 early (CH VOL r1; CH IMP 5 − 1, a critical r1, so no
    // second CH IMP; DAÑ 2 + 1, CH DEF r9: 3 wounds), whose CH PSI fails
    // (r9): the blow is taken and fails («Fallo: falla la acción»), the dodge unused. a1's
    // next blow on b1 is a plain CH IMP (5, r9) — no dodge b1 never declared against it.
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 5).weapon(sword()).facing("S")],
        &[
            C::std(5, 6).weapon(sword()).facing("N"),
            C::std(7, 8).weapon(bow()).facing("N"),
        ],
        0,
    );
    let log = play(
        &mut st,
        &[
            "a1 melee b1 w1",
            "b1 react",
            "b1 dodge",
            "b2 react",
            "b2 shoot-melee a1 w1",
            "pass",
        ],
        &[1, 1, 1, 9, 9],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r1",
            "b2 CH VOL reaction 4 r1",
            "b2 CH IMP 4 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r9"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).stress), (3, 1));
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_contracarga_answers_only_the_charge_it_was_declared_against() {
    // «Contracarga (3) CH DEF+1 contra carga»: b1 (CON 9) counters a1's charge (CH VOL r1): the
    // blow after it meets CH DEF 0 + 1. a1 then leaves (Destrabarse, CH PSI r2) and charges
    // again; b1 declared nothing against this second charge, so its blow meets CH DEF 0.
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 2).weapon(sword()).facing("S").set("ene", 10)],
        &[C::new(race(9, 5, 4, 4), 5, 5).weapon(sword()).facing("N")],
        0,
    );
    let log = play(
        &mut st,
        &[
            "a1 charge b1 5,4",
            "b1 react",
            "b1 countercharge",
            "pass",
            "pass",
            "a1 melee b1 w1",
            "pass",
        ],
        &[1, 2, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r1",
            "a1 CH IMP 6 r2",
            "b1 CH DEF 1 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    let log = play(
        &mut st,
        &[
            "pass",
            "a1 disengage 5,2",
            "pass",
            "a1 charge b1 5,4",
            "pass",
            "pass",
            "a1 melee b1 w1",
            "pass",
        ],
        &[2, 2, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH PSI 4 r2",
            "a1 CH IMP 6 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
}

#[test]
fn audit_desenfundar_is_an_attack_a_sprinter_may_not_make_nor_answer() {
    // «Esprintar (3) … No puede atacar este turno» and «Desenfundar (1, AGI ENF) Para resolver
    // un duelo»: the duel's shots are attacks. a1 and b1 face each other with bows 5 K apart:
    // a duel is offered — unless either sprinted this turn (the challenged could not shoot
    // back: there is no duel to resolve).
    let duel = |a: C, b: C| {
        position(
            &open(11, 12),
            &[a.set("at", [5, 2]).weapon(bow()).facing("S")],
            &[b.set("at", [5, 7]).weapon(bow()).facing("N")],
            0,
        )
    };
    assert!(legal(&duel(C::std(0, 0), C::std(0, 0)), "a1 draw b1"));
    let sprinter = || C::std(0, 0).status("sprinted");
    assert!(!legal(&duel(sprinter(), C::std(0, 0)), "a1 draw b1"));
    assert!(!legal(&duel(C::std(0, 0), sprinter()), "a1 draw b1"));
}

#[test]
fn audit_a_sprinter_aboard_fires_nothing_this_turn() {
    // «Esprintar (3) … No puede atacar este turno», aboard too: A1 drives a truck with a
    // mounted gun, A2 (a bow of its own) rides in it, B1 6 K away. A2 fires either weapon —
    // unless it sprinted this turn (before embarking); it may still reload (not an attack).
    use crate::transport::{owner, truck, with_transports};
    let crew = |a2: C| {
        let mut t = truck();
        let mut g = weapon(2, 2, 10, 3, &["Cargadores (3)"]);
        g["noise"] = serde_json::json!("quiet");
        t["weapons"] = serde_json::json!([g]);
        let a = [
            owner(3, 3, t).set("aboard", "t1"),
            a2.set("at", [3, 3]).set("aboard", "t1").weapon(bow()),
        ];
        let mut v = with_transports(
            setup_json(&open(8, 12), &a, &[C::std(3, 9)], 1, 10),
            serde_json::json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
        );
        v["transports"][0]["ammo"] = serde_json::json!([1]);
        load(&v)
    };
    let st = crew(C::std(0, 0));
    assert!(legal(&st, "a2 shoot b1 t1.w1") && legal(&st, "a2 shoot b1 w1"));
    let st = crew(C::std(0, 0).status("sprinted"));
    assert!(!legal(&st, "a2 shoot b1 t1.w1"), "the mounted gun");
    assert!(!legal(&st, "a2 shoot b1 w1"), "its own bow");
    assert!(legal(&st, "a2 reload t1.w1"), "Recargar is no attack");
}

#[test]
fn audit_a_driver_that_sprinted_does_not_ram_with_its_transport() {
    // «Esprintar (3) … No puede atacar este turno» and «Embestir (X+1, AGI) … Transporte: hace
    // DAÑ = CON + K»: a ram is an attack. A1 drives its started truck 4 K from B1: it may ram
    // — unless it sprinted this turn; driving on is still offered.
    use crate::transport::{owner, truck, with_transports};
    let road = |a1: C| {
        let b1 = C::new(race(5, 5, 4, 4), 5, 5);
        load(&with_transports(
            setup_json(
                &open(12, 10),
                &[a1.set("aboard", "t1")],
                &[b1, C::std(11, 0).status("acted")],
                0,
                10,
            ),
            serde_json::json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1",
                                "started": true}]),
        ))
    };
    assert!(legal(
        &road(owner(1, 5, truck())),
        "a1 ram-transport b1 4,5"
    ));
    let st = road(owner(1, 5, truck()).status("sprinted"));
    assert!(!legal(&st, "a1 ram-transport b1 4,5"));
    assert!(all_legal(&st).iter().any(|a| a.starts_with("a1 drive")));
}

#[test]
fn audit_a_hold_ends_with_a_holder_out_of_the_fight() {
    // «Inmovilizar enemigo (1, CON ENF) … inmoviliza hasta el comienzo de la actuación de este»:
    // the hold lasts until its holder's activation — b1's, which never comes once b1 is a
    // casualty (4 wounds, CON 4). a1, held by it, is free when its own activation starts; held
    // by an able b1 it is not.
    let held = |b_wounds: u8| {
        let a = [C::std(5, 5).status("immobilised").set("held_by", "b1")];
        let b = [
            C::std(5, 6).facing("N").set("wounds", b_wounds),
            C::std(0, 11).facing("S"),
        ];
        let mut v = setup_json(&open(11, 12), &a, &b, 0, 4);
        v["game"]["decision"] = serde_json::json!({"kind": "activate", "side": "A"});
        let mut st = load(&v);
        play(&mut st, &["activate a1"], &[]);
        st
    };
    let st = held(4);
    assert!(!st.ch(0).has(IMMOBILISED));
    assert!(legal(&st, "a1 move 4,4"));
    let st = held(0);
    assert!(st.ch(0).has(IMMOBILISED));
    assert!(!legal(&st, "a1 move 4,4"));
}

#[test]
fn audit_changing_weapons_is_free_each_attack_names_its_weapon() {
    // The rulebook has no action to change weapons (only Desenfundar, «Para resolver un
    // duelo», and Recargar, «Cambia el cargador»): each attack names the weapon it is made
    // with and costs that weapon's ENE («X=ENE del arma»). a1 shoots b1 with a bow (ENE 2),
    // then with a gun (ENE 3): 5 ENE, nothing for the change.
    let a = C::std(0, 0)
        .weapon(bow())
        .weapon(weapon(3, 3, 10, 3, &[]))
        .set("ene", 10);
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(
        &mut st,
        &["a1 shoot b1 w1", "pass", "a1 shoot b1 w2", "pass"],
        &[9, 9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9", "a1 CH IMP 5 r9"]);
    assert_eq!(spent(&log), [2, 3]);
}
