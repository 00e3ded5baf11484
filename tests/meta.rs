//! METAHABILIDADES: using meta-ability archetypes (Usar una metahabilidad, Mantener, Pifias con
//! metahabilidades, Atacar con metahabilidades) and the traits Magia: despistar, Magia: anular,
//! Maestro rúnico and Runas de vacío, with scripted dice and exact check targets (RULES.md,
//! "Using meta-abilities"). The standard race is CON 4, AGI 5, INT 4, VOL 4.

use crate::build::*;
use engine::state::*;
use engine::State;
use serde_json::{json, Value};

/// An inline meta-ability (ENE, ALC, CAL, traits).
pub(crate) fn meta(ene: u8, range: u8, cal: u8, traits: &[&str]) -> Value {
    json!({"name": "M", "ene": ene, "range": range, "quality": cal, "traits": traits})
}

/// A user of a kind: CON 4, AGI 5, INT 4, VOL 4 with the race trait `user` (Metamorfo,
/// Cinético, Neuromante, Titiritero) and others.
fn user(traits: &[&str]) -> C {
    C::new(race_t(4, 5, 4, 4, traits), 0, 0)
}

/// A sturdy target: CON 6, so that DAÑ 4 or 5 leaves it able.
fn sturdy() -> C {
    C::new(race(6, 5, 4, 4), 0, 0)
}

/// a1 (`a`) on (5, 1) facing S; b1 (`b`) `d` K south facing S (its back to a1: it cannot react,
/// the early window offers it only Huir); b2 far away keeps side B on the table.
pub(crate) fn range(a: C, b: C, d: u8) -> State {
    position(
        &open(11, 14),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    )
}

/// A Golpe de chi: ENE 2, ALC 3, CAL 4, Bunkai.
fn chi() -> Value {
    meta(2, 3, 4, &["Bunkai"])
}

/// A Piel de piedra: ENE 2, ALC 0, CAL 5, Mutación + Duro (DEF +1).
fn stone() -> Value {
    meta(2, 0, 5, &["Mutación", "Duro"])
}

#[test]
fn a_meta_attack_is_the_kinds_ch_atr_then_a_ch_vol_enf_then_dan_cal() {
    // Bunkai: CH AGI 5 as CH IMP; CH VOL ENF 4 vs 4 (a1 wins); CH DEF 0 against DAÑ = CAL 4.
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(1).wounds, spent(&log)), (4, vec![2]));
    // Silent (no weapon, Ruido): b1, its back turned, hears nothing, so no window after it.
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // A critical CH IMP: DAÑ + 1.
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    play(&mut st, &["a1 meta m1 b1", "pass"], &[1, 2, 6, 9, 2]);
    assert_eq!(st.ch(1).wounds, 5);
    // Lost CH VOL ENF: nothing happens.
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 6, 2]);
    assert_eq!(st.ch(1).wounds, 0);
    assert!(statuses(&st, &log).contains(&"b1 resists the meta-ability".to_string()));
    // Failed CH ATR: neither ENF nor damage, the ENE is spent.
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[8]);
    assert_eq!((st.ch(1).wounds, spent(&log)), (0, vec![2]));
}

#[test]
fn each_kind_checks_its_attribute_and_needs_its_user() {
    // Mutación CON, Invocación INT, Atadura VOL (race CON 3, AGI 5, INT 6, VOL 7).
    for (kind, user_trait, want) in [
        ("Mutación", "Metamorfo", "a1 CH CON meta 3 r2"),
        ("Invocación", "Neuromante", "a1 CH INT meta 6 r2"),
        ("Atadura", "Titiritero", "a1 CH VOL meta 7 r2"),
    ] {
        let a = C::new(race_t(3, 5, 6, 7, &[user_trait]), 0, 0).meta(meta(2, 3, 4, &[kind]));
        let mut st = range(a, sturdy(), 3);
        let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 9, 9]);
        assert_eq!(checks(&st, &log)[0], want);
    }
    // Without the user trait of its kind there is no such action.
    let st = range(user(&["Neuromante"]).meta(chi()), sturdy(), 3);
    assert!(!legal(&st, "a1 meta m1 b1"));
    let st = range(user(&[]).meta(chi()), sturdy(), 3);
    assert!(!legal(&st, "a1 meta m1 b1"));
}

#[test]
fn a_meta_attack_reaches_alc_k_and_not_after_esprintar_nor_without_the_ene() {
    let st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    assert!(legal(&st, "a1 meta m1 b1"));
    assert!(!legal(&st, "a1 meta m1 a1"), "an attack is on an enemy");
    assert!(!legal(&st, "a1 meta m2 b1"), "no m2");
    let st = range(user(&["Cinético"]).meta(chi()), sturdy(), 4);
    assert!(!legal(&st, "a1 meta m1 b1"), "4 K > ALC 3");
    let st = range(
        user(&["Cinético"]).meta(chi()).status("sprinted"),
        sturdy(),
        3,
    );
    assert!(!legal(&st, "a1 meta m1 b1"), "Esprintar: no puede atacar");
    let st = range(user(&["Cinético"]).meta(chi()).set("ene", 1), sturdy(), 3);
    assert!(!legal(&st, "a1 meta m1 b1"), "ENE 2");
    let st = range(
        user(&["Cinético"]).meta(chi()),
        sturdy().status("hidden"),
        3,
    );
    assert!(!legal(&st, "a1 meta m1 b1"), "a hidden enemy");
    // ALC 0: contact only.
    let a = user(&["Cinético"]).meta(meta(2, 0, 4, &["Bunkai"]));
    assert!(legal(&range(a.clone(), sturdy(), 1), "a1 meta m1 b1"));
    assert!(!legal(&range(a, sturdy(), 2), "a1 meta m1 b1"));
}

#[test]
fn a_fumbled_meta_check_gives_one_stress_unless_a_ch_psi_is_passed() {
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[10, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r10", "a1 CH PSI 4 r3"]
    );
    assert_eq!((st.ch(0).stress, st.ch(1).wounds), (0, 0));
    let mut st = range(user(&["Cinético"]).meta(chi()), sturdy(), 3);
    play(&mut st, &["a1 meta m1 b1", "pass"], &[10, 8]);
    assert_eq!(st.ch(0).stress, 1);
}

/// a1 (a metamorfo with Piel de piedra) and a2 in contact on (2, 2) and (3, 2); b1 has acted.
fn stone_pair(a1: C) -> State {
    let a = [a1.set("at", [2, 2]), C::std(3, 2)];
    let b = [C::std(3, 8).facing("S").status("acted")];
    load(&setup_json(&open(8, 10), &a, &b, 0, 4))
}

#[test]
fn a_boon_on_oneself_lasts_until_the_start_of_its_next_activation() {
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()));
    assert!(legal(&st, "a1 meta m1 a1") && legal(&st, "a1 meta m1 a2"));
    assert!(
        !legal(&st, "a1 meta m1 b1"),
        "a boon is for oneself or allies"
    );
    let log = play(&mut st, &["a1 meta m1 a1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH CON meta 4 r4"]);
    assert_eq!((st.def_total(0, false), spent(&log)), (1, vec![2]));
    assert!(!legal(&st, "a1 meta m1 a1"), "already in force");
    // It outlasts its own activation …
    play(&mut st, &["a1 end facing N"], &[]);
    assert_eq!(st.def_total(0, false), 1);
    // … up to the start of the next one (here a saved position of a later turn).
    let mut v = serde_json::to_value(st.to_setup()).unwrap();
    v["sides"]["A"][0]["status"] = json!(["spell_self"]);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    assert_eq!(st.def_total(0, false), 1);
    play(&mut st, &["activate a1"], &[]);
    assert_eq!(st.def_total(0, false), 0);
    // A failed CH CON: nothing.
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()));
    play(&mut st, &["a1 meta m1 a1"], &[5]);
    assert_eq!((st.def_total(0, false), st.ch(0).kept), (0, 0));
}

#[test]
fn a_boon_on_an_ally_lasts_until_the_end_of_its_next_activation() {
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()));
    play(&mut st, &["a1 meta m1 a2", "a1 end facing N"], &[2]);
    assert_eq!(st.def_total(1, false), 1);
    play(&mut st, &["activate a2", "a2 crouch"], &[]);
    assert_eq!(st.def_total(1, false), 1, "in force during its activation");
    play(&mut st, &["a2 end facing N"], &[]);
    assert_eq!(st.def_total(1, false), 0);
}

#[test]
fn a_boon_gives_its_check_modifiers_too() {
    // m1: a boon with Profesión bárbaro (CH CON +1) on itself; m2: a Mutación attack, whose
    // CH CON then has target 4 + 1.
    let a1 = user(&["Metamorfo"])
        .meta(meta(2, 0, 5, &["Mutación", "Profesión bárbaro"]))
        .meta(meta(2, 3, 4, &["Mutación"]));
    let mut st = range(a1, sturdy(), 3);
    assert!(!legal(&st, "a1 meta m1 b1") && legal(&st, "a1 meta m2 b1"));
    let log = play(
        &mut st,
        &["a1 meta m1 a1", "a1 meta m2 b1", "pass"],
        &[2, 8],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH CON meta 4 r2", "a1 CH CON meta 5 r8"]
    );
    let c = st.ch(0);
    assert_eq!((c.spell, c.spell_by, c.has(SPELL_SELF)), (1, 0, true));
}

#[test]
fn mantener_keeps_a_boon_cast_last_turn_for_its_ene_alone() {
    // a1 cast Piel de piedra on itself last turn (kept, not this turn): no CH CON now.
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()).set("kept", "m1 a1"));
    let log = play(&mut st, &["a1 mantener_metahabilidad m1 a1"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert!(statuses(&st, &log).contains(&"a1 keeps a meta-ability".to_string()));
    assert_eq!((st.def_total(0, false), spent(&log)), (1, vec![2]));
    assert!(st.ch(0).has(KEPT_NOW));
    // Kept on someone else it is a new use, with its CH CON.
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()).set("kept", "m1 a1"));
    let log = play(&mut st, &["a1 meta m1 a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH CON meta 4 r3"]);
    assert_eq!((st.ch(0).kept, st.ch(0).kept_on), (1, 1));
}

#[test]
fn mantener_lapses_after_a_turn_without_keeping() {
    // a1 acts last in the turn (phase 1, everyone else has acted).
    let last = |a1: C| {
        let a = [a1.set("at", [2, 2]), C::std(3, 2).status("acted")];
        let b = [C::std(3, 8).facing("S").status("acted")];
        load(&setup_json(&open(8, 10), &a, &b, 0, 1))
    };
    let mut st = last(user(&["Metamorfo"]).meta(stone()));
    play(&mut st, &["a1 meta m1 a1", "a1 end facing N"], &[2]);
    assert_eq!(st.turn(), 2);
    let c = st.ch(0);
    assert_eq!((c.kept, c.kept_on, c.has(KEPT_NOW)), (1, 0, false));
    // Kept from the turn before, not kept in this one: it lapses.
    let mut st = last(user(&["Metamorfo"]).meta(stone()).set("kept", "m1 a1"));
    play(&mut st, &["a1 end facing N"], &[]);
    assert_eq!(st.ch(0).kept, 0);
}

#[test]
fn despistar_moves_the_enemy_straight_away_int_k() {
    // Dominar-like: Atadura + Magia: despistar; a titiritero, CH VOL 4; INT 4: 4 K.
    let dominar = meta(3, 5, 4, &["Atadura", "Magia: despistar"]);
    let mut st = range(user(&["Titiritero"]).meta(dominar.clone()), sturdy(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH VOL meta 4 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r6"]
    );
    assert_eq!((st.ch(1).pos, st.ch(1).wounds), (sq(5, 8), 0));
    // It stops before a square it cannot enter (a wall on (5, 6)).
    let board = {
        let mut b = open(11, 14);
        b[6].replace_range(5..6, "#");
        b
    };
    let mut st = position(
        &board,
        &[user(&["Titiritero"])
            .meta(dominar)
            .set("at", [5, 1])
            .facing("S")],
        &[
            sturdy().set("at", [5, 4]).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(st.ch(1).pos, sq(5, 5));
}

#[test]
fn anular_cancels_a_meta_ability_of_the_other_side() {
    // b1 wears b2's Piel de piedra; a1 (neuromante, Invocación + Magia: anular) cancels it.
    let anular = meta(2, 5, 4, &["Invocación", "Magia: anular"]);
    let b1 = sturdy().set("at", [5, 4]).facing("S").set("spell", "b2 m1");
    let b2 = user(&["Metamorfo"])
        .meta(stone())
        .set("at", [5, 5])
        .facing("S");
    let b2 = b2.set("kept", "m1 b1").status("kept_now").status("acted");
    let setup = |a1: C| {
        position(
            &open(11, 14),
            &[a1.set("at", [5, 1]).facing("S")],
            &[b1.clone(), b2.clone()],
            0,
        )
    };
    let mut st = setup(user(&["Neuromante"]).meta(anular.clone()));
    assert_eq!(st.def_total(1, false), 1);
    assert!(!legal(&st, "a1 meta m1 b2"), "nothing in force on b2");
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT meta 4 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r6"]
    );
    assert_eq!((st.def_total(1, false), st.ch(2).kept), (0, 0));
    // Not on one's own side's meta-ability: a2 wears a1's.
    let a2 = C::std(4, 1).set("spell", "a1 m1");
    let st = position(
        &open(11, 14),
        &[
            user(&["Neuromante"])
                .meta(anular)
                .set("at", [5, 1])
                .facing("S"),
            a2,
        ],
        &[b1, b2],
        0,
    );
    assert!(!legal(&st, "a1 meta m1 a2"));
}

#[test]
fn runas_de_vacio_cancel_an_enemy_meta_ability_once_per_turn() {
    let runes = C::new(race_t(6, 5, 4, 4, &["Runas de vacío"]), 0, 0);
    // 1D10 = 5: cancelled, no CH DEF.
    let mut st = range(user(&["Cinético"]).meta(chi()), runes.clone(), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 5]);
    assert_eq!(checks(&st, &log).len(), 3);
    assert_eq!(st.ch(1).wounds, 0);
    assert!(st.ch(1).has(VOID_USED));
    // A second use this turn is not cancelled (chained for a second action).
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4, "{:?}", checks(&st, &log));
    // 1D10 = 6: not cancelled.
    let mut st = range(user(&["Cinético"]).meta(chi()), runes.clone(), 3);
    play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 6, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
    // A critical (1): the user makes a CH PSI; failed, 1 stress.
    let mut st = range(user(&["Cinético"]).meta(chi()), runes, 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 1, 8]);
    assert_eq!(checks(&st, &log).last().unwrap(), "a1 CH PSI 4 r8");
    assert_eq!((st.ch(0).stress, st.ch(1).wounds), (1, 0));
}

#[test]
fn maestro_runico_lowers_the_ene_of_an_invocation() {
    let fire = meta(3, 10, 5, &["Invocación"]);
    let mut st = range(
        user(&["Neuromante", "Maestro rúnico"]).meta(fire.clone()),
        sturdy(),
        5,
    );
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[8]);
    assert_eq!(spent(&log), [2]);
    let mut st = range(user(&["Neuromante"]).meta(fire), sturdy(), 5);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[8]);
    assert_eq!(spent(&log), [3]);
}

#[test]
fn the_shipped_meta_abilities_each_do_something() {
    let named = |race: &[&str], m: &str| user(race).meta(json!(m));
    // Bola de fuego: an Invocación attack to 10 K.
    let st = range(named(&["Neuromante"], "Bola de fuego"), sturdy(), 10);
    assert!(legal(&st, "a1 meta m1 b1"));
    assert_eq!(
        engine::actions::meta::use_of(&st, 0, 0),
        engine::actions::meta::Use::Attack
    );
    // Golpe de chi: a Bunkai attack to 3 K.
    let st = range(named(&["Cinético"], "Golpe de chi"), sturdy(), 3);
    assert!(legal(&st, "a1 meta m1 b1"));
    // Dominar: moves an enemy (Magia: despistar) to 5 K.
    let st = range(named(&["Titiritero"], "Dominar"), sturdy(), 5);
    assert!(legal(&st, "a1 meta m1 b1"));
    assert_eq!(
        engine::actions::meta::use_of(&st, 0, 0),
        engine::actions::meta::Use::Displace
    );
    // Piel de piedra: DEF +1 (Duro) on itself or an ally in contact.
    let st = range(named(&["Metamorfo"], "Piel de piedra"), sturdy(), 1);
    assert!(legal(&st, "a1 meta m1 a1") && !legal(&st, "a1 meta m1 b1"));
}

#[test]
fn meta_state_saves_and_loads() {
    let mut st = stone_pair(user(&["Metamorfo"]).meta(stone()));
    play(&mut st, &["a1 meta m1 a2"], &[2]);
    let s = st.to_setup();
    assert_eq!(s.sides.a[1].spell.as_deref(), Some("a1 m1"));
    assert_eq!(s.sides.a[0].kept.as_deref(), Some("m1 a2"));
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    // Bad references are one clear error.
    let mut v = serde_json::to_value(&s).unwrap();
    v["sides"]["A"][1]["spell"] = json!("a1 m2");
    let bad = engine::Setup::from_json(&v.to_string()).unwrap();
    assert!(State::from_setup(&bad, None).is_err());
}
