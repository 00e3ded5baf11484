//! The leftovers of audit 24 not reached by share T and audit 24c: Devora almas after a
//! meta-ability kill in contact, Anónimo against a meta-ability at range, Arma de francotirador
//! on the character, Munición reforzada in melee, the vertical actions crouched, Saltador's
//! harmless drop.

use super::*;
use serde_json::{json, Value};

/// A Bunkai meta-ability (ENE 2, ALC `alc`, CAL 4: DAÑ 4).
fn chi(alc: u8) -> Value {
    json!({"name": "M", "ene": 2, "range": alc, "quality": 4, "traits": ["Bunkai"]})
}

/// A CON 3 victim with 1 wound: DAÑ 4 on a failed CH DEF takes it past CON.
fn frail() -> C {
    C::new(race(3, 5, 4, 4), 0, 0).set("wounds", 1)
}

#[test]
fn audit_devora_almas_heals_after_a_kill_by_a_meta_ability_of_alc_0() {
    // «-1 herida si mata en CaC» and «Atacar con metahabilidades» (decision: a meta-ability of
    // ALC 0 is a melee attack): a1 (1 wound) kills b1 in contact with its Golpe de chi (CH AGI
    // meta r3, CH ENF won 2 to 6, CH DEF 0 r9: DAÑ 4 on CON 3 with 1 wound): a1 heals its wound.
    let mut st = contact(
        with(&["Cinético", "Devora almas"])
            .meta(chi(0))
            .set("wounds", 1),
        frail(),
    );
    let log = play(&mut st, &["a1 meta m1 b1"], &[3, 2, 6, 9]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r9"
        ]
    );
    assert!(!st.able(1));
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_devora_almas_a_kill_by_a_meta_ability_at_range_heals_nothing() {
    // The same Golpe de chi of ALC 3 from 3 K away: a ranged attack, no «en CaC»: a1 keeps its
    // wound.
    let mut st = range(
        with(&["Cinético", "Devora almas"])
            .meta(chi(3))
            .set("wounds", 1),
        frail(),
        3,
    );
    play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 9]);
    assert!(!st.able(1));
    assert_eq!(st.ch(0).wounds, 1);
}

/// a1 (Cinético, a Golpe de chi of ALC `alc`) on (5, 1) facing S; b1 (Anónimo) on (5, 1 + d);
/// b2 on `other` (already acted).
fn anonymous(alc: u8, d: u8, other: [u8; 2]) -> engine::State {
    position(
        &open(11, 12),
        &[with(&["Cinético"])
            .meta(chi(alc))
            .set("at", [5, 1])
            .facing("S")],
        &[
            with(&["Anónimo"]).set("at", [5, 1 + d]).facing("S"),
            C::std(0, 0).set("at", other).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_anonimo_a_meta_ability_at_range_is_a_shot_it_forbids() {
    // «Tampoco disparar si hay otro Pj a 3K» and «Atacar con metahabilidades» (ALC > 0: a
    // ranged attack, as its Camuflaje and Contramedidas read it): b2 3 K from b1 forbids a
    // Golpe de chi of ALC 5 at 5 K; 4 K from it, it is legal.
    assert!(!legal(&anonymous(5, 5, [8, 6]), "a1 meta m1 b1"));
    assert!(legal(&anonymous(5, 5, [9, 6]), "a1 meta m1 b1"));
}

#[test]
fn audit_anonimo_a_meta_ability_of_alc_0_in_contact_is_no_shot() {
    // ALC 0 in base contact is a melee attack: neither «cargar» nor «disparar» — b2 2 K away
    // does not forbid it.
    assert!(legal(&anonymous(0, 1, [7, 2]), "a1 meta m1 b1"));
}

#[test]
fn audit_arma_de_francotirador_on_the_race_makes_a_2_critical_on_its_shots() {
    // «1 y 2, críticos en el CH IMP», carried by the character (race): its gun's CH IMP r2 is a
    // critical — DAÑ 2 + 1; CH DEF 0 r9: 3 wounds. Without it: 2.
    for (t, w) in [(&["Arma de francotirador"][..], 3), (&[][..], 2)] {
        let (c, st) = shot_at(with(t).weapon(gun(2, &[])), tough(&[]), 5, &[2, 9, 1]);
        assert_eq!(&c[..2], ["a1 CH IMP 5 r2", "b1 CH DEF 0 r9"], "{t:?}");
        assert_eq!(st.ch(1).wounds, w, "{t:?}");
    }
}

#[test]
fn audit_arma_de_francotirador_on_the_race_makes_a_2_critical_in_melee_too() {
    // On the character, «en el CH IMP» names every CH IMP of its attacks: a sword's r2 is a
    // critical — DAÑ 2 + CON 4 − 4 + 1 = 3 on CH DEF 0 r9 (CON 9 holds; CH PSI r1).
    let mut st = contact(with(&["Arma de francotirador"]).weapon(sword()), tough(&[]));
    play(&mut st, &["a1 melee b1 w1"], &[2, 9, 1]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_municion_reforzada_adds_nothing_to_a_gun_in_melee() {
    // «DAÑ +1 a distancia»; «Ataque CaC con arma de disparo … Como "ataque CaC"»: the gun fired
    // in contact is a melee attack — DAÑ 2 + CON 4 − 4 = 2 (CH IMP r3, second CH IMP r4, CH DEF
    // 0 r9), with or without the ammunition.
    for t in [&["Munición reforzada"][..], &[][..]] {
        let mut st = contact(with(&[]).weapon(gun(2, t)), tough(&[]));
        let log = play(&mut st, &["a1 melee b1 w1"], &[3, 4, 9, 1]);
        assert_eq!(
            checks(&st, &log)[..3],
            ["a1 CH IMP 5 r3", "a1 CH IMP 5 r4", "b1 CH DEF 0 r9"],
            "{t:?}"
        );
        assert_eq!(st.ch(1).wounds, 2, "{t:?}");
    }
}

#[test]
fn audit_municion_reforzada_adds_one_at_range() {
    // The same gun shot at 5 K: DAÑ 2 + 1 = 3 on CH DEF 0 r9.
    let (_, st) = shot_at(
        with(&[]).weapon(gun(2, &["Munición reforzada"])),
        tough(&[]),
        5,
        &[3, 9, 1],
    );
    assert_eq!(st.ch(1).wounds, 3);
}

/// a1 (placed by the caller) by a wall `h` K high on rows 0 and 1 (its top easy ground); b1
/// far away.
fn under_wall(a: C, h: u8) -> engine::State {
    let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
    let mut v = setup_json(
        &open(6, 6),
        &[a.set("ene", 10)],
        &[C::std(5, 5).facing("N")],
        0,
        10,
    );
    v["board"]["heights"] = json!([r(h), r(h), r(0), r(0), r(0), r(0)]);
    load(&v)
}

/// The ENE a1 (standing, then crouched) spends on `action` from (1, `y`) by a wall of rows 0
/// and 1 `h` K high (its top and the street easy ground); it ends on `to`.
fn crouched_costs(y: u8, h: u8, action: &str, dice: &[u8], to: engine::Pos) -> [Vec<i8>; 2] {
    [None, Some("crouched")].map(|stance| {
        let a = match stance {
            Some(s) => C::std(0, 0).stance(s),
            None => C::std(0, 0),
        };
        let mut st = under_wall(a.set("at", [1, y]), h);
        let log = play(&mut st, &[action], dice);
        assert_eq!(st.ch(0).pos, to, "{stance:?}");
        spent(&log)
    })
}

#[test]
fn audit_a_crouched_climber_pays_the_easy_top_as_difficult() {
    // «Agacharse (1) … Terreno fácil es difícil» and ENERGÍA («por terreno difícil ENE+1»):
    // Escalar (3) up a 1 K wall onto an easy top costs 3 standing, 4 crouched (as audit 23's
    // Escalar over an obstacle).
    let c = crouched_costs(2, 1, "a1 scale 1,1", &[5], sq(1, 1));
    assert_eq!(c, [vec![3], vec![4]]);
}

#[test]
fn audit_a_crouched_leap_up_pays_the_easy_top_as_difficult() {
    // Subir a un alto (3): 3 standing, 4 crouched; its reach (AGI 5: height × 1.5, 1 K) is the
    // same — the stance changes the ground's cost, not the jump.
    let c = crouched_costs(2, 1, "a1 leap-up 1,1", &[5], sq(1, 1));
    assert_eq!(c, [vec![3], vec![4]]);
}

#[test]
fn audit_a_crouched_fall_pays_the_easy_ground_as_difficult() {
    // Dejarse caer (1) from a 2 K roof (≤ its height × 2: DAÑ 0) onto easy ground: 1 standing,
    // 2 crouched.
    let c = crouched_costs(1, 2, "a1 fall 1,2", &[], sq(1, 2));
    assert_eq!(c, [vec![1], vec![2]]);
}

/// a1 (`traits`, armour DEF 2) on a roof `h` K high (rows 0 and 1) drops to (1, 2).
fn drop_from(traits: &[&str], h: u8, dice: &[u8]) -> engine::State {
    let a = with(traits)
        .prot(crate::traits::armour(2, &[]))
        .set("at", [1, 1]);
    let mut st = under_wall(a, h);
    play(&mut st, &["a1 fall 1,2"], dice);
    st
}

#[test]
fn audit_saltador_drops_twice_its_height_without_harm_and_no_more() {
    // «DAÑ/2 en caídas» halves a DAÑ, it does not raise the harmless drop: «Altura <= miniatura
    // x2, DAÑ=0» — 2 K is harmless to a Saltador (no CH DEF), 3 K is DAÑ 4 / 2 = 2 (CH DEF 2 r4
    // fails: 2 wounds; CH PSI r3).
    let st = drop_from(&["Saltador"], 2, &[]);
    assert_eq!(st.ch(0).wounds, 0);
    let st = drop_from(&["Saltador"], 3, &[4, 3]);
    assert_eq!(st.ch(0).wounds, 2);
}

#[test]
fn audit_fatality_after_a_kill_by_a_meta_ability_of_alc_0() {
    // «Fatality … enemigos a 5K, acobardamiento» after «mata en CaC»: the Golpe de chi of ALC 0
    // kills b1 in contact; b2, 3 K from a1, takes its CH PSI (r3).
    let mut st = position(
        &open(11, 12),
        &[with(&["Cinético", "Fatality"])
            .meta(chi(0))
            .set("at", [5, 5])],
        &[
            frail().set("at", [5, 6]).facing("S"),
            C::std(5, 9).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 meta m1 b1"], &[3, 2, 6, 9, 3]);
    assert_eq!(checks(&st, &log)[4], "b2 CH PSI 4 r3");
}

#[test]
fn audit_arma_de_francotirador_on_the_race_makes_a_2_critical_on_a_meta_attack() {
    // «Atacar con metahabilidades … el CH IMP se realizará con … bunkai CH AGI»: that CH AGI is
    // the attack's CH IMP, so a 2 is a critical — DAÑ = CAL 4 + 1 = 5 on b1 (CON 9, CH DEF 0 r9).
    let mut st = range(
        with(&["Cinético", "Arma de francotirador"]).meta(chi(3)),
        tough(&[]),
        3,
    );
    play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 2, 6, 9, 1]);
    assert_eq!(st.ch(1).wounds, 5);
}

/// a1 (`traits`) on a roof `h` K high at (6, 2) — buildings on x 0–2 and 4–6, the street from
/// x 7 — jumps (Salto de longitud) 2 K down into the street at (8, 2).
fn jump_down(traits: &[&str], h: char, dice: &[u8]) -> (Vec<String>, engine::State) {
    let row: String = "xxx0xxx00000".replace('x', &h.to_string());
    let mut v = setup_json(
        &open(12, 6),
        &[with(traits).set("at", [6, 2])],
        &[C::std(11, 5)],
        0,
        10,
    );
    v["board"]["heights"] = json!(vec![row; 6]);
    let mut st = load(&v);
    let log = play(&mut st, &["a1 jump 8,2"], dice);
    assert_eq!(st.ch(0).pos, sq(8, 2));
    (checks(&st, &log), st)
}

#[test]
fn audit_saltador_jumping_down_halves_the_drop_and_keeps_the_harmless_height() {
    // Salto down from a roof lands as a drop (Dejarse caer's table, share T's decision), which
    // «DAÑ/2 en caídas» halves: from 3 K, DAÑ 4 → 2 (CH DEF 0 r9: 2 wounds, CH PSI r1; 4
    // without the trait, CON 4: incapacitated, no CH PSI); from 2 K (≤ its height × 2) no DAÑ
    // and no CH DEF either way.
    let (c, st) = jump_down(&["Saltador"], '3', &[3, 9, 1]);
    assert_eq!(c[..2], ["a1 CH AGI jump 5 r3", "a1 CH DEF 0 r9"]);
    assert_eq!(st.ch(0).wounds, 2);
    let (_, st) = jump_down(&[], '3', &[3, 9]);
    assert_eq!(st.ch(0).wounds, 4);
    let (c, st) = jump_down(&["Saltador"], '2', &[3]);
    assert_eq!(
        (c, st.ch(0).wounds),
        (vec!["a1 CH AGI jump 5 r3".to_string()], 0)
    );
}
