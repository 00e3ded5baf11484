//! Maestría («CH ATR +1 en una acción genérica o de movimiento a elegir, o con un objeto»),
//! Maestría en combate («CH ATR +1 en una acción de combate a elegir, o con un arma»), Machina
//! mors («… a todo en su CdT»).

use super::*;
use crate::traits::contact;
use serde_json::json;

#[test]
fn audit_maestria_en_combate_a_combat_action_gives_its_ch_imp_plus_one() {
    // «en una acción de combate a elegir»: Maestría en combate (Ataque CaC sin armas) — the
    // unarmed attack's CH IMP is AGI 5 + 1; the sword's stays 5.
    let a = || with(&["Maestría en combate (Ataque CaC sin armas)"]).weapon(sword());
    let mut st = contact(a(), tough(&[]));
    let log = play(&mut st, &["a1 unarmed b1"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r8"]);
    let mut st = contact(a(), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r8"]);
}

#[test]
fn audit_maestria_with_one_of_its_objects_is_a_legal_build() {
    // «o con un objeto»: Maestría (Elixir) on a character carrying an Elixir loads (it was
    // refused as naming no weapon); a name it carries nothing of is still refused.
    let elixir = json!({"name": "Elixir", "ene": 2, "range": 1, "quality": 1,
                        "traits": ["Elixir (2)"]});
    let v = |t: &str| {
        let a = with(&[t]).object(elixir.clone()).set("at", [1, 1]);
        setup_json(&open(6, 6), &[a], &[C::std(4, 4)], 0, 10)
    };
    load(&v("Maestría (Elixir)"));
    let e = load_error(&v("Maestría (Ganzúa)"));
    assert!(e.contains("Maestría (Ganzúa)"), "{e}");
}

#[test]
fn audit_machina_mors_no_shot_beyond_the_weapons_alc() {
    // «a todo en su CdT» (the weapon's ALC and its arc): b1's Machina mors gun of ALC 3 faces
    // a1 5 K away — outside its CdT, the window offers no free shot.
    let mut st = position(
        &open(11, 16),
        &[C::std(5, 1).facing("S").weapon(bow())],
        &[
            C::std(5, 6)
                .facing("N")
                .set("ene", 0)
                .weapon(weapon(2, 2, 3, 5, &["Machina mors"])),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    assert!(!legal(&st, "b1 shoot a1 w1"));
}
