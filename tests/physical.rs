//! ACCIONES: the physical and item actions — Embestir, Lanzar armas / objetos, Soltar, Ataque
//! CaC con objeto improvisado, Atar and Desatarse — with scripted dice and exact check targets
//! (RULES.md, "Physical and item actions"). Conventions as in `combat.rs`: the standard race is
//! CON 4, AGI 5, INT 4, VOL 4; defenders face away so that no window opens unless a test wants
//! one; an attack on a target that is not engaged opens the early window of Huir, which the
//! tests `pass`.

use crate::build::*;
use engine::creation::archetype::Material;
use engine::creation::catalogue::Catalogue;
use engine::state::*;
use engine::State;
use serde_json::json;

/// a1 (`a`) on (5, 1); b1 (`b`) straight south on (5, 1 + d), facing S (away).
fn apart(a: C, b: C, d: u8) -> State {
    let a = a.set("at", [5, 1]);
    let b = b.set("at", [5, 1 + d]).facing("S");
    position(&open(11, 12), &[a], &[b], 0)
}

/// a1 on (5, 5) in contact with b1 on (5, 6), b1 facing S; b2 far away keeps side B alive.
fn in_contact(a: C, b: C) -> State {
    let a = a.set("at", [5, 5]);
    let b = b.set("at", [5, 6]).facing("S");
    position(&open(11, 12), &[a], &[b, C::std(10, 11).facing("S")], 0)
}

/// A sturdy target: CON 6, so that DAÑ 4 or 5 leaves it able.
fn sturdy() -> C {
    C::new(race(4 + 2, 5, 4, 4), 0, 0)
}

/// A weapon with a material set in the catalogue entry.
fn made_of(mut w: serde_json::Value, material: &str) -> serde_json::Value {
    w["material"] = json!(material);
    w
}

/// A real bow: a string weapon (`"noise": "quiet"`), so wood.
fn string_bow() -> serde_json::Value {
    let mut w = bow();
    w["noise"] = json!("quiet");
    w
}

/// A pistol-like gun: ENE 2, DAÑ 2, ALC 8, CAL 4, a magazine of 6.
fn pistol() -> serde_json::Value {
    weapon(2, 2, 8, 4, &["Cargadores (6)"])
}

// ----- Embestir -----

#[test]
fn embestir_runs_at_least_two_k_into_contact_and_hits_with_dan_con() {
    // Correr reaches 2 K (MOV 1 + 1): b1 3 K away, the ram ends on (5, 3), in contact.
    let mut st = apart(C::std(0, 0), sturdy(), 3);
    assert!(legal(&st, "a1 ram b1 5,3"));
    assert!(
        !legal(&st, "a1 run 5,3"),
        "Correr may not end within 1 K of b1"
    );
    let log = play(
        &mut st,
        &["a1 ram b1 5,3", "pass", "pass"], // early window (Huir), then b1 hears the 2 K run
        &[3, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 4, "DAÑ = CON 4, no weapon, no − 4");
    assert_eq!(st.ch(0).pos, sq(5, 3));
    assert!(st.engaged(0), "the rammer ends trabado");
    assert_eq!(spent(&log), [4], "X + 1 with X = 1 + Correr's 2");
    // A passed CH DEF subtracts DEF as always: DAÑ 4 − DEF 2.
    let mut st = apart(C::std(0, 0), sturdy().prot(prot(1, 2, 4, 4, &[])), 3);
    play(&mut st, &["a1 ram b1 5,3", "pass", "pass"], &[3, 2, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn embestir_needs_two_k_within_correr_and_a_free_standing_runner() {
    // 2 K apart: the only square in contact is 1 K away (mín. 2 K).
    let st = apart(C::std(0, 0), C::std(0, 0), 2);
    assert!(all_legal(&st).iter().all(|a| !a.contains(" ram ")));
    // 4 K apart: contact is 3 K away, beyond Correr (Cargar reaches it).
    let st = apart(C::std(0, 0), C::std(0, 0), 4);
    assert!(all_legal(&st).iter().all(|a| !a.contains(" ram ")));
    assert!(legal(&st, "a1 charge b1 5,4"));
    // Rápido runs 1 K farther, so it rams farther too.
    let fast = C::new(race_t(4, 5, 4, 4, &["Rápido"]), 0, 0);
    assert!(legal(&apart(fast, C::std(0, 0), 4), "a1 ram b1 5,4"));
    // Prone, or unable to run (Lastrado), or after Esprintar: no ram.
    let st = apart(C::std(0, 0).stance("prone"), C::std(0, 0), 3);
    assert!(!legal(&st, "a1 ram b1 5,3"));
    let lastrado = C::new(race_t(4, 5, 4, 4, &["Lastrado"]), 0, 0);
    assert!(!legal(&apart(lastrado, C::std(0, 0), 3), "a1 ram b1 5,3"));
    let st = apart(C::std(0, 0).status("sprinted"), C::std(0, 0), 3);
    assert!(!legal(&st, "a1 ram b1 5,3"));
    // Engaged with another enemy: it can only leave with Destrabarse.
    let a = [C::std(5, 1)];
    let b = [C::std(5, 4).facing("S"), C::std(4, 1).facing("S")];
    let st = position(&open(11, 12), &a, &b, 0);
    assert!(!legal(&st, "a1 ram b1 5,3"));
}

#[test]
fn embestir_rammer_takes_no_hit_from_a_critical_ch_def() {
    // «No recibe impacto»: b1's critical CH DEF stops the ram and gives a1 nothing (no CH DEF of
    // a1 is rolled: the script would run dry).
    let mut st = apart(C::std(0, 0), sturdy(), 3);
    let log = play(&mut st, &["a1 ram b1 5,3", "pass", "pass"], &[3, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 0));
}

#[test]
fn trait_mulo_adds_one_con_to_embestir_and_melee_damage() {
    let mulo = || C::new(race_t(4, 5, 4, 4, &["Mulo"]), 0, 0);
    let mut st = apart(mulo(), sturdy(), 3);
    play(&mut st, &["a1 ram b1 5,3", "pass", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 5, "DAÑ = CON 4 + 1");
    // DAÑ en CaC: sword 2 + (CON 4 + 1) − 4 = 3.
    let mut st = in_contact(mulo().weapon(sword()), sturdy());
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
}

// ----- Lanzar armas / objetos -----

#[test]
fn lanzar_hits_within_mov_plus_con_with_dan_by_material_and_the_item_is_gone() {
    // MOV 1 + CON 4 = 5 K. The sword is steel (DAÑ 2), the bow wood (DAÑ 1).
    let a = || C::std(0, 0).weapon(sword()).weapon(string_bow());
    assert!(!legal(&apart(a(), sturdy(), 6), "a1 throw b1 w1"));
    let mut st = apart(a(), sturdy(), 5);
    // Silent: b1, its back turned, hears nothing, so no window opens after the throw.
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(
        st.ch(1).wounds,
        2,
        "steel: DAÑ 2 (no CON − 4: it is thrown)"
    );
    assert_eq!(st.ch(0).dropped, 0b01);
    assert!(!st.weapon_usable(0, 0));
    assert!(!legal(&st, "a1 throw b1 w1"), "it is no longer held");
    let log = play(&mut st, &["a1 throw b1 w2", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3, "wood: DAÑ 1");
    assert_eq!(spent(&log), [2]);
    // A miss loses the item too.
    let mut st = apart(a(), sturdy(), 5);
    play(&mut st, &["a1 throw b1 w1", "pass"], &[7]);
    assert_eq!((st.ch(1).wounds, st.ch(0).dropped), (0, 0b01));
}

#[test]
fn lanzar_uses_the_catalogue_material_and_never_throws_natural_weapons() {
    let a = C::std(0, 0)
        .weapon(made_of(sword(), "wood"))
        .weapon(made_of(sword(), "natural"));
    let mut st = apart(a, sturdy(), 3);
    assert!(!legal(&st, "a1 throw b1 w2"), "claws stay on the body");
    assert!(!legal(&st, "a1 drop w2"));
    play(&mut st, &["a1 throw b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 1, "a wooden sword: DAÑ 1");
}

#[test]
fn desarmar_never_takes_a_natural_weapon() {
    // Claws (DAÑ 3, natural) and a knife (DAÑ 1): the knife falls, not the claws.
    let b = C::std(0, 0)
        .weapon(made_of(weapon(3, 3, 0, 4, &[]), "natural"))
        .weapon(weapon(1, 1, 0, 2, &[]));
    let mut st = in_contact(C::std(0, 0), b);
    play(&mut st, &["a1 disarm b1"], &[2, 3, 6]);
    assert_eq!(st.ch(1).dropped, 0b10);
    // With only claws, nothing falls.
    let mut st = in_contact(
        C::std(0, 0),
        C::std(0, 0).weapon(made_of(sword(), "natural")),
    );
    play(&mut st, &["a1 disarm b1"], &[2, 3, 6]);
    assert_eq!(st.ch(1).dropped, 0);
}

#[test]
fn lanzar_is_a_ranged_attack_needing_ldv_and_a_free_target() {
    // A wall between them: no LdV, no throw.
    let board = rows(&[
        "...........",
        "...........",
        "...........",
        "....###....",
        "...........",
        "...........",
    ]);
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::std(5, 5).facing("S")];
    let st = position(&board, &a, &b, 0);
    assert!(!legal(&st, "a1 throw b1 w1"));
    // A target engaged with an ally of the thrower: no throw into a melee.
    let a = [C::std(5, 1).weapon(sword()), C::std(5, 6)];
    let b = [C::std(5, 5).facing("S")];
    let st = position(&open(11, 10), &a, &b, 0);
    assert!(!legal(&st, "a1 throw b1 w1"));
    // Cover counts as for a shot: CH DEF + 2.
    let board = rows(&[
        "...........",
        "...........",
        "...........",
        "...........",
        ".....o.....",
        "...........",
    ]);
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::std(5, 5).facing("S")];
    let mut st = position(&board, &a, &b, 0);
    let log = play(&mut st, &["a1 throw b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r9", "b1 CH PSI 4 r2"]
    );
}

#[test]
fn weapon_materials_default_from_the_weapon() {
    let cat = Catalogue::shipped();
    let m = |n: &str| cat.weapon(n).unwrap().material();
    assert_eq!(m("Arco"), Material::Wood, "a string weapon");
    assert_eq!(m("Ballesta"), Material::Wood);
    assert_eq!(m("Lanza"), Material::Steel, "its head");
    assert_eq!(m("Espada"), Material::Steel);
    assert_eq!(m("Pistola"), Material::Steel);
    assert_eq!(m("Garras"), Material::Natural, "set in the catalogue");
}

// ----- Soltar -----

#[test]
fn soltar_costs_nothing_and_the_weapon_is_lost() {
    let mut st = in_contact(C::std(0, 0).weapon(sword()), C::std(0, 0));
    assert!(legal(&st, "a1 melee b1 w1"));
    let log = play(&mut st, &["a1 drop w1"], &[]);
    assert_eq!(spent(&log), [0]);
    assert_eq!(st.ch(0).dropped, 0b1);
    assert!(!legal(&st, "a1 melee b1 w1"));
    assert!(!legal(&st, "a1 drop w1"), "nothing left to drop");
    assert!(legal(&st, "a1 unarmed b1"));
}

// ----- Ataque CaC con objeto improvisado -----

#[test]
fn objeto_improvisado_is_melee_with_ch_imp_minus_one_and_the_objects_dan() {
    // A gun swung as a club: steel DAÑ 2 + CON 4 − 4; the gun is not fired (no round spent).
    let mut st = in_contact(C::std(0, 0).weapon(pistol()), sturdy());
    let log = play(&mut st, &["a1 club b1 w1"], &[4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 4 r4", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    assert_eq!(st.ch(0).ammo[0], 6);
    assert_eq!(spent(&log), [3]);
    // A bow is wood: DAÑ 1 + 4 − 4 = 1.
    let mut st = in_contact(C::std(0, 0).weapon(string_bow()), sturdy());
    play(&mut st, &["a1 club b1 w1"], &[4, 9, 2]);
    assert_eq!(st.ch(1).wounds, 1);
    // A melee weapon is no improvised object: it makes an ordinary Ataque CaC.
    let st = in_contact(C::std(0, 0).weapon(sword()), sturdy());
    assert!(!legal(&st, "a1 club b1 w1"));
}

#[test]
fn objeto_improvisado_fumble_wears_the_object() {
    let mut st = in_contact(C::std(0, 0).weapon(pistol()), sturdy());
    // Pifia: DAÑ 1 on a1 (CH DEF 0 failed: 1 wound, CH PSI), the gun gains a wound.
    let log = play(&mut st, &["a1 club b1 w1"], &[10, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 4 r10", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (1, 1));
}

// ----- Atar / Desatarse -----

#[test]
fn atar_ties_the_enemy_one_immobilised_with_a_ch_con_enf() {
    let b = || C::std(0, 0).status("immobilised").set("held_by", "a1");
    let mut st = in_contact(C::std(0, 0), b());
    let log = play(&mut st, &["a1 tie b1"], &[2, 5]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]);
    assert!(st.ch(1).has(TIED));
    assert_eq!(spent(&log), [3]);
    // The lower roll of b1 wins: not tied, still immobilised.
    let mut st = in_contact(C::std(0, 0), b());
    play(&mut st, &["a1 tie b1"], &[5, 2]);
    assert!(!st.ch(1).has(TIED) && st.ch(1).has(IMMOBILISED));
    // Only whom it immobilised itself, and only while immobilised.
    let st = in_contact(C::std(0, 0), C::std(0, 0));
    assert!(!legal(&st, "a1 tie b1"));
    let a = [C::std(5, 5), C::std(4, 5)];
    let b = [C::std(5, 6)
        .facing("S")
        .status("immobilised")
        .set("held_by", "a2")];
    let st = position(&open(11, 12), &a, &b, 0);
    assert!(!legal(&st, "a1 tie b1"));
}

#[test]
fn desatarse_is_a_hard_ch_agi_and_a_fumble_wounds() {
    // A tied character may only try Desatarse or end; the immobiliser's activation does not
    // free it (unlike Inmovilizar).
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6).status("tied").facing("N")];
    let mut st = position(&open(11, 12), &a, &b, 1);
    let acts = all_legal(&st);
    assert!(
        acts.iter()
            .all(|s| s.starts_with("b1 end") || s.starts_with("b1 untie")),
        "{acts:?}"
    );
    // CH AGI 5 − 1 (D): r5 fails, r4 passes.
    let log = play(&mut st, &["b1 untie", "b1 untie"], &[5, 4]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH AGI untie 4 r5", "b1 CH AGI untie 4 r4"]
    );
    assert!(!st.ch(1).has(TIED));
    assert_eq!(spent(&log), [4, 4]);
    // Pifia: +1 wound (and its CH PSI).
    let mut st = position(&open(11, 12), &a, &b, 1);
    let log = play(&mut st, &["b1 untie"], &[10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH AGI untie 4 r10", "b1 CH PSI 4 r2"]
    );
    assert!(st.ch(1).has(TIED));
    assert_eq!(st.ch(1).wounds, 1);
    // Tied stays when the one who tied it activates.
    let mut v = setup_json(
        &open(11, 12),
        &[C::std(5, 5)],
        &[C::std(5, 6).status("tied").facing("S")],
        0,
        4,
    );
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["activate a1"], &[]);
    assert!(st.ch(1).has(TIED));
}

/// Manacles: an object that binds (CAL 3, no trait).
fn manacles() -> serde_json::Value {
    json!({"name": "Esposas", "ene": 1, "range": 0, "quality": 3, "binds": true})
}

#[test]
fn atar_with_manacles_ties_with_steel_and_desatarse_needs_two_criticals_in_a_row() {
    // a1 carries manacles: its Atar ties with steel (the body record says so).
    let b = || C::std(0, 0).status("immobilised").set("held_by", "a1");
    let mut st = in_contact(C::std(0, 0).object(manacles()), b());
    play(&mut st, &["a1 tie b1"], &[2, 5]);
    assert!(st.ch(1).has(TIED));
    assert_eq!(st.body(1).bits & STEEL_TIED, STEEL_TIED);
    // Without manacles the bonds are rope.
    let mut st = in_contact(C::std(0, 0), b());
    play(&mut st, &["a1 tie b1"], &[2, 5]);
    assert_eq!(st.body(1).bits & STEEL_TIED, 0);
    // Steel-tied b1 (CH AGI 5 − 1 = 4): a pass is not enough (r3), a critical (r1) starts a
    // streak; then a pass without a critical breaks it, and a second critical in a row frees it.
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6).status("tied").facing("N").set("ene", 10)];
    let mut v = setup_json(&open(11, 12), &a, &b, 1, 4);
    v["game"]["bodies"] = json!([{"who": "b1", "steel": true}]);
    let mut st = load(&v);
    let log = play(&mut st, &["b1 untie"; 2], &[3, 1]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH AGI untie 4 r3", "b1 CH AGI untie 4 r1"]
    );
    assert!(st.ch(1).has(TIED));
    assert_eq!(st.body(1).bits, STEEL_TIED | STEEL_STREAK);
    // The streak survives a save and a reload.
    assert_eq!(reloaded(&st).body(1).bits, STEEL_TIED | STEEL_STREAK);
    // After a critical: a pass without a critical (r2) breaks the streak …
    let mut w = v.clone();
    w["game"]["bodies"] = json!([{"who": "b1", "steel": true, "steel_streak": true}]);
    let mut st = load(&w);
    play(&mut st, &["b1 untie"], &[2]);
    assert!(st.ch(1).has(TIED));
    assert_eq!(st.body(1).bits, STEEL_TIED);
    // … and a second critical in a row frees it.
    let mut st = load(&w);
    play(&mut st, &["b1 untie"], &[1]);
    assert!(!st.ch(1).has(TIED));
    assert_eq!(st.body(1).bits, 0);
    // A fumble still wounds steel-tied b1.
    let mut st = load(&v);
    play(&mut st, &["b1 untie"], &[10, 2]);
    assert!(st.ch(1).has(TIED));
    assert_eq!(st.ch(1).wounds, 1);
    // Bad input: steel bonds on a character not tied.
    let mut w = v.clone();
    w["sides"]["B"][0]["status"] = json!([]);
    let e = engine::Setup::from_json(&w.to_string())
        .and_then(|s| State::from_setup(&s, None).map(|_| ()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("game.bodies[0]") && e.contains("tied"), "{e}");
}

// ----- Comerciar -----

/// Saves and reloads a position: what is carried survives the file.
fn reloaded(st: &State) -> State {
    let s = st.to_setup();
    let text = serde_json::to_string(&s).unwrap();
    let s = engine::Setup::from_json(&text).unwrap();
    State::from_setup(&s, None).unwrap()
}

#[test]
fn comerciar_hands_an_item_over_and_the_receiver_uses_it_as_its_weapon() {
    // a2 (no weapons) takes a1's pistol, then shoots with it as its w1, from a1's magazine.
    let a = [C::std(5, 1).weapon(pistol()), C::std(6, 1).set("ene", 10)];
    let b = [C::std(6, 6).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 1);
    assert!(!legal(&st, "a2 shoot b1 w1"), "a2 has no weapon yet");
    let log = play(
        &mut st,
        &["a2 trade a1 take w1", "a2 shoot b1 w1", "pass"],
        &[3, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        ["a2 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 0);
    assert_eq!(st.ch(2).wounds, 2, "the pistol's DAÑ 2");
    assert_eq!(spent(&log), [1, 2]);
    assert!(!st.weapon_usable(0, 0), "a1 no longer holds it");
    assert_eq!(st.weapon_ref(1, 0), Some((0, 0)));
    assert_eq!(
        st.ch(0).ammo[0],
        5,
        "the round came out of the pistol's own magazine"
    );
    // The file keeps it: "carried": ["a1 w1"].
    let back = reloaded(&st);
    assert_eq!(back.ch(1).carried, st.ch(1).carried);
    assert_eq!(back.ch(0).dropped, 0b1);
}

#[test]
fn comerciar_swaps_returns_and_needs_room() {
    let a = [
        C::std(5, 1).weapon(sword()),
        C::std(6, 1).weapon(string_bow()),
    ];
    let b = [C::std(6, 8).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    // Only with an ally in contact.
    assert!(!legal(&st, "a1 trade b1 give w1"));
    play(&mut st, &["a1 trade a2 give w1 take w1"], &[]);
    // a1: its sword gone, a2's bow as w2; a2: its bow gone, the sword as w2.
    assert_eq!((st.ch(0).dropped, st.ch(1).dropped), (0b1, 0b1));
    assert_eq!(st.weapon_ref(0, 1), Some((1, 0)));
    assert_eq!(st.weapon_ref(1, 1), Some((0, 0)));
    // Handing the bow back to its owner: a1's slot empties, a2 holds it again as w1.
    play(&mut st, &["a1 trade a2 give w2"], &[]);
    assert_eq!(st.ch(0).carried, [0, 0]);
    assert!(st.weapon_usable(1, 0));
    // Room: two items of others at most.
    let a = [
        C::std(5, 1).set("carried", json!(["a2 w1", "a2 w2"])),
        C::std(6, 1)
            .weapon(sword())
            .weapon(sword())
            .weapon(sword())
            .set("dropped", json!([0, 1])),
    ];
    let st = position(&open(11, 10), &a, &b, 0);
    assert!(!legal(&st, "a1 trade a2 take w3"), "a1 carries two already");
    assert!(legal(&st, "a1 trade a2 give w1 take w3"), "one out, one in");
    assert!(legal(&st, "a1 trade a2 give w2"), "back to its owner");
    // A file may not give a1 an item a2 still holds.
    let a = [
        C::std(5, 1).set("carried", json!(["a2 w1"])),
        C::std(6, 1).weapon(sword()),
    ];
    let v = setup_json(&open(11, 10), &a, &b, 0, 10);
    let s = engine::Setup::from_json(&v.to_string()).unwrap();
    let e = State::from_setup(&s, None).unwrap_err().to_string();
    assert!(e.contains("still in its owner's hands"), "{e}");
}

// ----- Saquear / Eliminar -----

#[test]
fn saquear_takes_an_item_from_a_body_and_costs_ch_agi_minus_one_this_turn() {
    // b1 lies dead next to a1; b2 stands 5 K south, in the bow's range.
    let a = [C::std(5, 5).weapon(bow())];
    let b = [
        C::std(5, 6).weapon(sword()).set("wounds", 5),
        C::std(5, 10).facing("S"),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    assert!(!legal(&st, "a1 loot b2 w1"), "not from an able character");
    let log = play(&mut st, &["a1 loot b1 w1", "a1 shoot b2 w1", "pass"], &[9]);
    assert_eq!(spent(&log), [3, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"], "CH AGI 5 − 1 looted");
    assert_eq!(st.ch(0).looted, 1);
    assert_eq!(st.weapon_ref(0, 1), Some((1, 0)), "the sword is a1's w2");
    assert!(!legal(&st, "a1 loot b1 w1"), "nothing left on it");
}

#[test]
fn eliminar_removes_a_body_with_the_best_of_con_agi_int() {
    // AGI 5 is a1's best (CON 4, INT 4); it needs something in hand to do it with.
    let a = || [C::std(5, 5).weapon(sword())];
    let b = || {
        [
            C::std(5, 6).status("knocked_out"),
            C::std(9, 11).facing("S"),
        ]
    };
    let mut st = position(&open(11, 12), &a(), &b(), 0);
    let log = play(&mut st, &["a1 eliminate b1"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI eliminate 5 r6"]);
    assert!(!st.ch(1).has(REMOVED), "failed: still there");
    let log = play(&mut st, &["a1 eliminate b1"], &[5]);
    assert!(st.ch(1).has(REMOVED));
    assert_eq!(spent(&log), [2]);
    assert!(!legal(&st, "a1 eliminate b1"));
    let st = position(&open(11, 12), &[C::std(5, 5)], &b(), 0);
    assert!(!legal(&st, "a1 eliminate b1"), "nothing to do it with");
    // A removed body cannot be woken or healed by its allies.
    let b = |removed: bool| {
        let body = C::std(5, 6).status("knocked_out");
        [
            if removed {
                body.status("removed")
            } else {
                body
            },
            C::std(5, 7),
        ]
    };
    let st = position(&open(11, 12), &[C::std(1, 1)], &b(false), 2);
    assert!(legal(&st, "b2 heal b1"));
    let st = position(&open(11, 12), &[C::std(1, 1)], &b(true), 2);
    assert!(!legal(&st, "b2 heal b1"));
}
