//! BONUS Y MALUS in play, share H (issue 16): Machina mors, Miembros prescindibles, Magia:
//! resucitar. Scripted dice, exact outcomes (RULES.md, "Traits in play, share H"). The
//! standard race is CON 4, AGI 5, INT 4, VOL 4.

use super::*;
use engine::state::*;

/// Saves `st` and loads it back: the same position (fingerprint and file).
fn round_trip(st: &State) -> State {
    let s = st.to_setup();
    let back = State::from_setup(&engine::Setup::from_json(&s.to_json()).unwrap(), None).unwrap();
    assert_eq!(back.to_setup(), s);
    assert_eq!(back.fingerprint(), st.fingerprint());
    back
}

/// a1 (bow) on (5, 1) facing S; b1 (`b`, ENE 0) 5 K south facing N, seeing a1; b2 far away,
/// already acted, its back turned.
fn sentry(b: C) -> State {
    position(
        &open(11, 16),
        &[C::std(5, 1).facing("S").weapon(bow())],
        &[
            b.set("at", [5, 6]).set("ene", 0),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn machina_mors_reacts_from_the_window_with_ene_0_no_ch_vol_and_ch_imp_4() {
    // Without the trait: the window offers the CH VOL, no shot.
    let mut st = sentry(C::std(0, 0).weapon(gun(2, &[])).facing("N"));
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    assert!(!legal(&st, "b1 shoot a1 w1"));
    // With it: b1 shoots a1 straight from the early window, ENE 0 spent, CH IMP 4 (its AGI 5
    // and the early −1 do not count); a1 (DEF 0) takes 2 wounds.
    let mut st = sentry(C::std(0, 0).weapon(gun(2, &["Machina mors"])).facing("N"));
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    assert!(legal(&st, "b1 shoot a1 w1"));
    let log = play(&mut st, &["b1 shoot a1 w1"], &[4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP 4 r4", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).ene), (2, 0));
    // A 5 misses.
    let mut st = sentry(C::std(0, 0).weapon(gun(2, &["Machina mors"])).facing("N"));
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    let log = play(&mut st, &["b1 shoot a1 w1"], &[5]);
    assert_eq!(checks(&st, &log), ["b1 CH IMP 4 r5"]);
    // Facing away (a1 outside its CdT): no shot.
    let mut st = sentry(C::std(0, 0).weapon(gun(2, &["Machina mors"])).facing("S"));
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    assert!(!legal(&st, "b1 shoot a1 w1"));
}

#[test]
fn miembros_prescindibles_a_limb_holds_con_half_then_the_head() {
    // b1 (CON 4: limbs hold 2) takes DAÑ 3 from a1's blade (DEF 0, CH DEF r9).
    let blade = || weapon(2, 3, 0, 4, &[]);
    let mut st = contact(
        C::std(0, 0).weapon(blade()),
        with(&["Miembros prescindibles"]),
    );
    // Zone 1 (left arm): it takes 2 and is lost, 1 goes to the head.
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 1, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert!(statuses(&st, &log).contains(&"b1 loses a limb".to_string()));
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (1, [2, 0, 0, 0]));
    assert_eq!(st.lost_arms(1), 1);
    // Saved and loaded (a1's activation over), the limb stays lost.
    let mut ended = st.clone();
    play(&mut ended, &["a1 end facing S"], &[]);
    assert_eq!(round_trip(&ended).body(1).limbs, [2, 0, 0, 0]);
    // Zone 2 (the lost arm): «Después en cabeza» — all 3 to the head: 4 = CON, incapacitated.
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!((st.ch(1).wounds, st.incapacitated(1)), (4, true));
    // Zone 5 (left leg) on a fresh b1: 2 to the leg, 1 to the head; no arm lost.
    let mut st = contact(
        C::std(0, 0).weapon(blade()),
        with(&["Miembros prescindibles"]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 5, 2]);
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (1, [0, 0, 2, 0]));
    assert_eq!(st.lost_arms(1), 0);
    // Zone 9 (head): as without the trait.
    let mut st = contact(
        C::std(0, 0).weapon(blade()),
        with(&["Miembros prescindibles"]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 9, 2]);
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (3, [0, 0, 0, 0]));
}

/// A meta-ability with Magia: resucitar: ENE 2, ALC 0, CAL 3, Invocación.
fn raise_meta() -> Value {
    serde_json::json!({"name": "R", "ene": 2, "range": 0, "quality": 3,
        "traits": ["Invocación", "Magia: resucitar"]})
}

/// a1 (Neuromante, INT 4, VOL 4) on (5, 1) facing S; b1 (`b`, CON 6, with `wounds`: 7 is
/// dead) `d` K south; b2 far away.
fn necromancy(wounds: u8, d: u8) -> State {
    let b = C::new(race(6, 7, 6, 6), 0, 0);
    position(
        &open(11, 16),
        &[C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
            .meta(raise_meta())
            .facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S").set("wounds", wounds),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn magia_resucitar_raises_a_corpse_within_vol_k_on_the_users_side() {
    let mut st = necromancy(7, 4);
    assert!(st.dead(1));
    // CH INT 4 passed: b1 rises with no wounds, on side A, AGI 3, INT and VOL 1.
    let log = play(&mut st, &["a1 meta m1 b1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r3"]);
    assert!(st.able(1) && st.raised(1));
    assert_eq!(st.side_of(1), engine::Side::A);
    assert_eq!((st.ch(1).wounds, st.vol(1), spent(&log)), (0, 1, vec![2]));
    assert!(!legal(&st, "a1 meta m1 b1"), "once");
    // It stays on side A when a1's activation ends, and a file keeps it.
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!(st.side_of(1), engine::Side::A);
    let back = round_trip(&st);
    assert!(back.raised(1));
    // A failed CH INT: nothing, the ENE spent.
    let mut st = necromancy(7, 4);
    play(&mut st, &["a1 meta m1 b1"], &[6]);
    assert!(st.dead(1));
    // Beyond VOL K (5 K), or alive: not offered.
    let st = necromancy(7, 5);
    assert!(!legal(&st, "a1 meta m1 b1"));
    let st = necromancy(0, 4);
    assert!(!legal(&st, "a1 meta m1 b1"));
}

/// A pet: an object with Mascota mágica whose other traits are its bonuses (CH IMP +1 at range,
/// CH DEF +1).
fn cat() -> Value {
    serde_json::json!({"name": "Gato", "ene": 1, "range": 0, "quality": 3,
        "traits": ["Mascota mágica", "Profesión arquero", "Profesión caballero"]})
}

#[test]
fn mascota_magica_one_bonus_once_per_game_for_ene_1_to_the_end_of_the_next_activation() {
    // Unused, the bonuses are not in force: CH IMP 5.
    let mut st = range(C::std(0, 0).weapon(bow()).object(cat()), C::std(0, 0), 5);
    assert!(legal(&st, "a1 pet p1") && legal(&st, "a1 pet p2"));
    assert!(!legal(&st, "a1 pet p3"), "two bonuses");
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r6"]);
    // Profesión arquero from the pet (ENE 1): CH IMP 6.
    let mut st = range(C::std(0, 0).weapon(bow()).object(cat()), C::std(0, 0), 5);
    let log = play(
        &mut st,
        &["a1 pet p1", "a1 shoot b1 w1", "pass"],
        &[6, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 6 r6", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(spent(&log), [1, 2]);
    // Once per game.
    assert!(!legal(&st, "a1 pet p2"));
    // Still in force after the activation ends (to the end of the next one); a file keeps
    // both the bonus and its use.
    play(&mut st, &["a1 end facing S"], &[]);
    assert!(!st.spell_fx(0).is_empty());
    let mut st = range(C::std(0, 0).weapon(bow()).object(cat()), C::std(0, 0), 5);
    play(&mut st, &["a1 pet p2", "a1 end facing S"], &[]);
    let back = round_trip(&st);
    assert!(!back.spell_fx(0).is_empty());
    assert_eq!(back.body(0).bits & PET_USED, PET_USED);
}

/// a1 (Neuromante, VOL 4) on (5, 1) with a telekinesis meta-ability (ENE 2, Invocación) and
/// its bow lying on `at`; b1 far away, its back turned.
fn telekinesis(at: [u8; 2]) -> State {
    let tk = serde_json::json!({"name": "T", "ene": 2, "range": 0, "quality": 3,
        "traits": ["Invocación", "Magia: telekinesis"]});
    let a = [C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
        .facing("S")
        .weapon(bow())
        .meta(tk)
        .set("dropped", serde_json::json!([0]))];
    let b = [C::std(0, 15).facing("S")];
    let mut v = setup_json(&open(11, 16), &a, &b, 0, 10);
    v["ground"] = serde_json::json!([{"item": "a1 w1", "at": at}]);
    load(&v)
}

#[test]
fn magia_telekinesis_brings_an_item_within_vol_k_to_the_user() {
    // The bow 4 K away (VOL 4): CH INT 4 passed, it comes to a1's square, where a1 picks it up.
    let mut st = telekinesis([5, 5]);
    assert!(!legal(&st, "a1 pickup a1 w1"));
    let log = play(&mut st, &["a1 telekinesis m1 a1 w1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r4"]);
    assert_eq!(spent(&log), [2]);
    assert_eq!(st.ground_items().collect::<Vec<_>>(), [(0, 0, sq(5, 1))]);
    play(&mut st, &["a1 pickup a1 w1"], &[]);
    assert!(st.weapon_usable(0, 0));
    // A failed CH INT: it stays.
    let mut st = telekinesis([5, 5]);
    play(&mut st, &["a1 telekinesis m1 a1 w1"], &[5]);
    assert_eq!(st.ground_items().collect::<Vec<_>>(), [(0, 0, sq(5, 5))]);
    // 5 K away: out of reach; the meta-ability is not an attack on characters.
    let st = telekinesis([5, 6]);
    assert!(!legal(&st, "a1 telekinesis m1 a1 w1"));
    assert!(!legal(&st, "a1 meta m1 b1"));
}

/// A swarm gun: ENE 2, DAÑ 1, ALC 5, CAL 5.
fn swarm_gun(traits: &[&str]) -> Value {
    weapon(2, 1, 5, 5, traits)
}

/// a1 (ENE 3) with two swarm guns 5 K from b1 (DEF 3, its back turned).
fn swarm() -> State {
    let g = || swarm_gun(&["Arma de enjambre"]);
    range(
        C::std(0, 0).weapon(g()).weapon(g()).set("ene", 3),
        C::std(0, 0).prot(armour(3, &[])),
        5,
    )
}

#[test]
fn arma_de_enjambre_fires_every_swarm_weapon_criticals_lower_def_fumbles_cancel() {
    // The volley costs 2 + 2 = 4 of a1's 3 ENE: down to −1 («Puede llegar a ENE -10»).
    let mut st = swarm();
    assert!(legal(&st, "a1 swarm b1"));
    let log = play(&mut st, &["a1 swarm b1", "pass"], &[1, 9, 2, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r1",
            "b1 CH DEF 2 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 2 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).ene, spent(&log)), (-1, vec![4]));
    // A fumble first cancels the later critical: DEF 3 again.
    let mut st = swarm();
    let log = play(&mut st, &["a1 swarm b1", "pass"], &[10, 9, 2, 1, 9, 2]);
    let c = checks(&st, &log);
    assert_eq!(c[0], "a1 CH IMP 5 r10");
    assert!(c.contains(&"b1 CH DEF 3 r9".to_string()), "{c:?}");
    // One swarm weapon alone makes no volley.
    let st = range(
        C::std(0, 0)
            .weapon(swarm_gun(&["Arma de enjambre"]))
            .weapon(swarm_gun(&[])),
        C::std(0, 0),
        5,
    );
    assert!(!legal(&st, "a1 swarm b1"));
}

/// a2 (Súper fuerza, CON 6) on (5, 2) facing S next to a1's empty truck (three seats: a car for
/// the trait; CAL 3) on (5, 3); b1 on (5, 6), its back turned.
fn strongman() -> State {
    use crate::transport::{owner, truck, with_transports};
    let a = [
        owner(0, 0, truck()),
        C::new(race_t(6, 5, 4, 4, &["Súper fuerza"]), 5, 2).facing("S"),
    ];
    let b = [C::std(5, 6).facing("S")];
    load(&with_transports(
        setup_json(&open(11, 12), &a, &b, 1, 10),
        serde_json::json!([{"of": "a1", "at": [5, 3], "facing": "E"}]),
    ))
}

#[test]
fn super_fuerza_hurls_a_transport_ch_con_or_takes_a_wound() {
    // CH CON 6 (a car: D 0) passed: b1 takes DAÑ 3 (the truck's CAL), the truck lands next to
    // it (5, 5) with 1 wound.
    let mut st = strongman();
    assert!(legal(&st, "a2 heave t1 b1"));
    let log = play(&mut st, &["a2 heave t1 b1", "pass"], &[4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH CON heave 6 r4", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(2).wounds, spent(&log)), (3, vec![2]));
    assert_eq!((st.transport(0).pos, st.transport(0).wounds), (sq(5, 5), 1));
    // Failed: 1 wound for a2, no CH DEF; the truck stays.
    let mut st = strongman();
    let log = play(&mut st, &["a2 heave t1 b1", "pass"], &[7, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH CON heave 6 r7", "a2 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(1).wounds, st.transport(0).pos), (1, sq(5, 3)));
    // Without the trait: not offered.
    assert!(!legal(&strongman(), "a1 heave t1 b1"));
}

#[test]
fn niega_the_named_trait_is_gone_from_the_holders_enemies() {
    // b1 has Profesión caballero (CH DEF +1): its CH DEF against a1's sword is 1; with a1's
    // Niega (Profesión caballero) it is 0; an ally of the holder keeps its own.
    let strike = |a: C| {
        let mut st = contact(a.weapon(sword()), with(&["Profesión caballero"]));
        let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
        checks(&st, &log)[1].clone()
    };
    assert_eq!(strike(C::std(0, 0)), "b1 CH DEF 1 r9");
    assert_eq!(
        strike(with(&["Niega (Profesión caballero)"])),
        "b1 CH DEF 0 r9"
    );
    let st = contact(
        with(&["Niega (Profesión caballero)", "Profesión caballero"]),
        C::std(0, 0),
    );
    assert!(st.info(0).has_effect(|e| matches!(
        e,
        engine::creation::effect::Effect::CheckMod { amount: 1, .. }
    )));
}
