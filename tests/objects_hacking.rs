//! Objects as the targets of Corromper / Hackear and Poseer (issue 14 item 4, issue 16 item 5;
//! seed 000 mapped onto Wartime), with scripted dice: a carried object, a weapon on the ground
//! and a hackable scenario element take stress up to their CAL; a possessor switches them off
//! or on or wrecks them; a Hielo object answers with a Combate mental at 3; position files
//! carry it all and bad input names the part (RULES.md, "Objects as the targets of Corromper
//! and Poseer").

use crate::build::*;
use engine::basics::action::ObjRef;
use engine::state::*;
use engine::{Setup, State};
use serde_json::{json, Value};

/// A radio: no trait, CAL 3.
fn radio() -> Value {
    json!({"name": "Radio", "ene": 1, "range": 0, "quality": 3, "traits": []})
}

/// An elixir: Usar heals 1 wound, CAL 3.
fn elixir() -> Value {
    json!({"name": "Elixir", "ene": 1, "range": 2, "quality": 3, "traits": ["Elixir (1)"]})
}

/// A firewall: Hielo, CAL 3.
fn firewall() -> Value {
    json!({"name": "Cortafuegos", "ene": 1, "range": 0, "quality": 3, "traits": ["Hielo"]})
}

/// a1, a neuromante (INT 6, ENE 10), on (5,1) facing S; `b` 4 K south facing S (it does not
/// see a1: no reactions); b2 far away.
fn setup(b: C, extra: impl FnOnce(&mut Value)) -> Value {
    let a = [C::new(race_t(4, 5, 6, 5, &["Neuromante"]), 5, 1)
        .facing("S")
        .set("ene", 10)];
    let b = [b.set("at", [5, 5]).facing("S"), C::std(0, 13).facing("S")];
    let mut v = setup_json(&open(11, 14), &a, &b, 0, 10);
    extra(&mut v);
    v
}

fn carried() -> ObjRef {
    ObjRef::Carried {
        holder: 1,
        object: 0,
    }
}

#[test]
fn corromper_on_a_carried_object_stresses_it_up_to_its_cal_then_poseer_is_offered() {
    let mut st = load(&setup(C::std(0, 0).object(radio()), |_| {}));
    assert!(legal(&st, "a1 hack b1.o1"));
    // CH INT 6 (5: chained) r3: DAÑ 6 − 4 = 2; the object's CH DEF = 1 (r5, failed): stress 2.
    let log = play(&mut st, &["a1 hack b1.o1 +"], &[3, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT hack 5 r3", "a1 CH DEF object 1 r5"]
    );
    assert_eq!(st.object_mind(carried()).stress, 2);
    assert!(!legal(&st, "a1 possess b1.o1 off"));
    // Again: 2 more, but no further than its CAL 3.
    play(&mut st, &["a1 hack b1.o1 +"], &[3, 5]);
    assert_eq!(st.object_mind(carried()).stress, 3);
    assert_eq!(st.ch(0).ene, 4);
    let all = all_legal(&st);
    assert!(!all.iter().any(|a| a.starts_with("a1 hack b1.o1")));
    assert!(all.contains(&"a1 possess b1.o1 off".to_string()), "{all:?}");
    assert!(
        all.contains(&"a1 possess b1.o1 wreck 4".to_string()),
        "{all:?}"
    );
    // A passed CH DEF at 1 is a critical: no stress.
    let mut st = load(&setup(C::std(0, 0).object(radio()), |_| {}));
    play(&mut st, &["a1 hack b1.o1 +"], &[3, 1]);
    assert_eq!(st.object_mind(carried()).stress, 0);
}

#[test]
fn a_titiritero_does_not_hack_objects_and_reach_is_int_k() {
    // «un titiritero (VOL) sobre un personaje vivo»: no object for it.
    let a = [C::new(race_t(4, 5, 4, 6, &["Titiritero"]), 5, 1).facing("S")];
    let b = [C::std(5, 5).facing("S").object(radio())];
    let st = load(&setup_json(&open(11, 14), &a, &b, 0, 10));
    assert!(!legal(&st, "a1 hack b1.o1"));
    // A neuromante of INT 6 does not reach 7 K.
    let st = load(&setup(C::std(0, 0).object(radio()), |v| {
        v["sides"]["B"][0]["at"] = json!([5, 8]);
    }));
    assert!(!legal(&st, "a1 hack b1.o1"));
}

#[test]
fn a_possessed_object_switched_off_stops_working_for_its_holder() {
    let stressed = |v: &mut Value| v["hacked"] = json!([{"object": "b1.o1", "stress": 3}]);
    let mut st = load(&setup(C::std(0, 0).object(elixir()), stressed));
    // CH INT possess 6 (5: chained) r4: passed — «desactivar».
    let log = play(&mut st, &["a1 possess b1.o1 off +"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT possess 5 r4"]);
    assert!(!st.object_works(carried()));
    // A failed CH INT does nothing.
    let mut st2 = load(&setup(C::std(0, 0).object(elixir()), stressed));
    play(&mut st2, &["a1 possess b1.o1 off +"], &[8]);
    assert!(st2.object_works(carried()));
    // Its holder, wounded and acting, is offered Usar of the elixir only while it works.
    let holder = |off: bool| {
        let b = [C::std(5, 5).object(elixir()).set("wounds", 1)];
        let a = [C::std(5, 1)];
        let mut v = setup_json(&open(11, 14), &a, &b, 1, 10);
        v["hacked"] = json!([{"object": "b1.o1", "stress": 3, "off": off}]);
        load(&v)
    };
    assert!(legal(&holder(false), "b1 use o1 b1"));
    assert!(!legal(&holder(true), "b1 use o1 b1"));
}

#[test]
fn wrecking_a_possessed_object_gives_it_wounds_up_to_cal_plus_one() {
    let mut st = load(&setup(C::std(0, 0).object(elixir()), |v| {
        v["hacked"] = json!([{"object": "b1.o1", "stress": 3}]);
    }));
    play(&mut st, &["a1 possess b1.o1 wreck 4 +"], &[4]);
    assert_eq!(st.object_wounds(carried()), 4);
    assert!(!st.object_works(carried()));
    // Nothing more to take: no Corromper, no Poseer.
    assert!(!all_legal(&st).iter().any(|a| a.contains("b1.o1")));
}

#[test]
fn a_weapon_on_the_ground_is_hacked_and_wrecked_past_its_cal() {
    // b1's bow (CAL 3) lies on 5,4, 3 K from a1.
    let mut st = load(&setup(
        C::std(0, 0).weapon(bow()).set("dropped", json!([0])),
        |v| v["ground"] = json!([{"item": "b1 w1", "at": [5, 4]}]),
    ));
    let bow = ObjRef::Ground {
        owner: 1,
        weapon: 0,
    };
    play(
        &mut st,
        &["a1 hack b1.w1 +", "a1 hack b1.w1 +"],
        &[3, 5, 3, 5],
    );
    assert_eq!(st.object_mind(bow).stress, 3);
    play(&mut st, &["a1 possess b1.w1 wreck 4 +"], &[4]);
    // «hasta un máximo de la CAL+1»: 4 wounds on the CAL 3 bow, destroyed (audit 22: a
    // weapon's wear stopped at its CAL).
    assert_eq!(st.weapon_wear(1, 0), 4);
    assert!(!st.object_works(bow));
}

#[test]
fn a_hacked_hielo_object_answers_with_a_mental_combat_at_three_and_takes_the_stress() {
    let mut st = load(&setup(C::std(0, 0).object(firewall()), |_| {}));
    // CH INT 6 r3 (DAÑ 2); CH DEF of a Hielo object: a CH VOL at 3 (r5, failed): stress 2.
    play(&mut st, &["a1 hack b1.o1"], &[3, 5]);
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            defender: 1,
            hacker: 0,
            ..
        }
    ));
    assert_eq!(st.object_fight(), Some(carried()));
    // The firewall's 3 (r6, failed) against a1's INT 6 (r2): the object takes the stress
    // (3 = CAL), its holder pays ENE 3 and takes none.
    let log = play(&mut st, &["b1 mental-combat a1"], &[6, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL ENF mental combat 3 r6",
            "a1 CH INT ENF mental combat 6 r2"
        ]
    );
    assert_eq!(st.object_mind(carried()).stress, 3);
    assert_eq!((st.ch(1).stress, st.ch(0).stress), (0, 0));
    // Both stop (hold, hold): over; the fight mark is gone.
    play(&mut st, &["b1 hold", "a1 hold"], &[]);
    assert_eq!(st.object_fight(), None);
    // Switched off, the firewall no longer protects: no Combate mental.
    let mut st = load(&setup(C::std(0, 0).object(firewall()), |v| {
        v["hacked"] = json!([{"object": "b1.o1", "stress": 2, "off": true}]);
    }));
    play(&mut st, &["a1 hack b1.o1 +"], &[3, 5]);
    assert!(matches!(st.pending(), Pending::Act { actor: 0 }));
    // Nor when its holder itself is hacked.
    play(&mut st, &["a1 hack b1 +"], &[7]);
    assert!(matches!(st.pending(), Pending::Act { actor: 0 }));
}

/// A terminal e1 on 5,4 working for B (2 points per turn), CAL 2; `ice`: with Hielo.
fn terminal(ice: bool) -> impl FnOnce(&mut Value) {
    move |v: &mut Value| {
        v["elements"] = json!([{"name": "Terminal", "at": [5, 4],
            "hackable": {"cal": 2, "hielo": ice, "score": 2, "side": "B"}}]);
    }
}

#[test]
fn a_hackable_element_is_taken_over_and_scores_for_its_possessors_side() {
    let mut st = load(&setup(C::std(0, 0), terminal(false)));
    assert_eq!(st.element_side(0), Some(engine::Side::B));
    play(&mut st, &["a1 hack e1 +"], &[3, 5]);
    assert_eq!(st.object_mind(ObjRef::Element(0)).stress, 2);
    let all = all_legal(&st);
    for a in [
        "a1 possess e1 on",
        "a1 possess e1 off",
        "a1 possess e1 wreck 3",
    ] {
        assert!(all.contains(&a.to_string()), "{a}: {all:?}");
    }
    play(&mut st, &["a1 possess e1 on +"], &[4]);
    assert_eq!(st.element_side(0), Some(engine::Side::A));
    // Saved and loaded exactly.
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.to_setup(), st.to_setup());
    assert_eq!(back.element_side(0), Some(engine::Side::A));
    assert_eq!(back.fingerprint(), st.fingerprint());
}

#[test]
fn a_hackable_element_scores_at_the_end_of_each_turn() {
    // Phase 1, everyone else has acted: a1's end is the end of the turn.
    let mut v = setup(C::std(0, 0).status("acted"), terminal(false));
    v["sides"]["B"][1]["status"] = json!(["acted"]);
    v["game"]["phase"] = json!(1);
    v["sides"]["A"][0]["at"] = json!([5, 1]);
    let mut st = load(&v);
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!(st.objective_points(engine::Side::B), 2);
    assert_eq!(st.objective_points(engine::Side::A), 0);
}

#[test]
fn an_elements_hielo_fights_one_exchange_at_once() {
    let mut st = load(&setup(C::std(0, 0), terminal(true)));
    // CH INT r3 (DAÑ 2); CH DEF at 3 r5 failed: stress 2; then the Hielo's 3 (r2) against a1's
    // INT 6 (r7, failed; no chain malus: it is not a1's action): a1 gains 1 stress; no decision
    // follows (the element has no ENE).
    let log = play(&mut st, &["a1 hack e1 +"], &[3, 5, 2, 7]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT hack 5 r3",
            "a1 CH DEF object 3 r5",
            "a1 CH ENF mental combat (object's Hielo) 3 r2",
            "a1 CH INT ENF mental combat 6 r7"
        ]
    );
    assert_eq!(st.ch(0).stress, 1);
    assert_eq!(st.object_mind(ObjRef::Element(0)).stress, 2);
    assert!(matches!(st.pending(), Pending::Act { actor: 0 }));
}

#[test]
fn hacked_objects_save_and_load_and_bad_input_names_the_part() {
    let mut st = load(&setup(C::std(0, 0).object(firewall()), terminal(true)));
    play(&mut st, &["a1 hack b1.o1"], &[3, 5]);
    // Mid-fight: the decision, the object's stress and the fight are all saved.
    let saved = serde_json::to_value(st.to_setup()).unwrap();
    assert_eq!(
        saved["hacked"],
        json!([{"object": "b1.o1", "stress": 2, "fighting": true}])
    );
    let back = load(&saved);
    assert_eq!(back.to_setup(), st.to_setup());
    assert_eq!(back.object_fight(), Some(carried()));
    let bad = |f: &dyn Fn(&mut Value), want: &str| {
        let v = setup(C::std(0, 0).object(radio()), |v| f(v));
        let s = Setup::from_json(&v.to_string()).unwrap();
        let e = State::from_setup(&s, None).unwrap_err().to_string();
        assert!(e.contains(want), "{e} should contain {want}");
    };
    bad(
        &|v| v["elements"] = json!([{"at": [1, 1], "hackable": {"score": 1}}]),
        "elements[0].hackable.cal",
    );
    bad(
        &|v| v["hacked"] = json!([{"object": "b9.o1", "stress": 1}]),
        "hacked[0].object",
    );
    bad(
        &|v| v["hacked"] = json!([{"object": "b1.o2"}]),
        "b1 carries 1 object",
    );
    bad(
        &|v| v["hacked"] = json!([{"object": "b1.o1", "stress": 4}]),
        "hacked[0].stress",
    );
    bad(
        &|v| v["hacked"] = json!([{"object": "b1.w9"}]),
        "hacked[0].object",
    );
}

#[test]
fn object_actions_are_written_and_read_back() {
    let st = load(&setup(C::std(0, 0).object(radio()), terminal(false)));
    for text in [
        "a1 hack b1.o1",
        "a1 hack e1",
        "a1 possess e1 on",
        "a1 possess b1.o1 wreck 4",
    ] {
        let a =
            engine::basics::action::parse(text, &st, engine::basics::action::ParseContext::Acting)
                .unwrap();
        assert_eq!(st.notation(&a), text);
    }
    let e = engine::basics::action::parse(
        "a1 possess e1",
        &st,
        engine::basics::action::ParseContext::Acting,
    )
    .unwrap_err();
    assert!(e.to_string().contains("on, off or wreck N"), "{e}");
}

#[test]
fn contramagia_answers_the_hack_of_an_object() {
    // b1, an enemy neuromante (INT 5) facing a1, carries the radio: a1's Corromper on it opens
    // the early window, and b1's Contramagia (CH VOL r3, then its CH INT ENF r3 with the early
    // −1) beats a1's r5: the Corromper fails, the radio takes nothing.
    let b = C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0)
        .object(radio())
        .set("at", [5, 5])
        .facing("N");
    let a = [C::new(race_t(4, 5, 6, 5, &["Neuromante"]), 5, 1).facing("S")];
    let mut st = load(&setup_json(&open(11, 14), &a, &[b, C::std(0, 13)], 0, 10));
    let acts = [
        "a1 hack b1.o1",
        "b1 react",
        "b1 counter-magic",
        "pass",
        "pass",
    ];
    let log = play(&mut st, &acts, &[3, 5, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 5 r3",
            "a1 CH INT ENF (countered) 6 r5",
            "b1 CH INT ENF (counter-magic) 4 r3"
        ]
    );
    assert_eq!(st.object_mind(carried()).stress, 0);
}

#[test]
fn a_holder_that_closes_its_objects_mental_combat_alone_costs_the_object_the_stress() {
    let mut st = load(&setup(C::std(0, 0).object(firewall()), |_| {}));
    // A missed Corromper (r8) is answered too; the firewall's 3 (r2) beats a1's INT 6 (r5): a1
    // gains 1 stress.
    play(
        &mut st,
        &["a1 hack b1.o1", "b1 mental-combat a1"],
        &[8, 2, 5],
    );
    assert_eq!((st.ch(0).stress, st.object_mind(carried()).stress), (1, 0));
    assert!(st
        .describe_decision()
        .contains("mental combat with a1 (the Hielo of b1.o1)"));
    // b1 stops, a1 would go on: «el que no quiera cerrará el combate a cambio de 1 punto de
    // estrés» — the object's, not its holder's.
    play(&mut st, &["b1 hold", "a1 mental-combat b1"], &[]);
    assert_eq!(st.object_mind(carried()).stress, 1);
    assert_eq!((st.ch(0).stress, st.ch(1).stress), (1, 0));
    assert_eq!(st.object_fight(), None);
}

/// A spyglass: Súper vista (CdV + 5 K), CAL 3.
fn spyglass() -> Value {
    json!({"name": "Catalejo", "ene": 1, "range": 0, "quality": 3, "traits": ["Súper vista"]})
}

#[test]
fn a_switched_off_objects_passive_traits_stop_and_come_back_with_it() {
    let stressed = |v: &mut Value| v["hacked"] = json!([{"object": "b1.o1", "stress": 3}]);
    let mut st = load(&setup(C::std(0, 0).object(spyglass()), stressed));
    // b1 (VOL 4): CdV 4 × 5 + Súper vista's 5 while the spyglass works.
    assert_eq!(st.view_range(1), 25);
    play(&mut st, &["a1 possess b1.o1 off +"], &[4]);
    assert!(!st.object_works(carried()));
    assert_eq!(st.view_range(1), 20);
    // Saved and reloaded: still without it; the file as written keeps the object's trait.
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.view_range(1), 20);
    assert_eq!(back.to_setup(), st.to_setup());
    // On again (a file that no longer says off): the trait is back.
    let mut v = serde_json::to_value(st.to_setup()).unwrap();
    v["hacked"][0]["off"] = json!(false);
    assert_eq!(load(&v).view_range(1), 25);
    // Wrecked to its CAL: gone too.
    let mut st = load(&setup(C::std(0, 0).object(spyglass()), stressed));
    play(&mut st, &["a1 possess b1.o1 wreck 4 +"], &[4]);
    assert_eq!(st.view_range(1), 20);
}

#[test]
fn the_fifth_object_with_traits_switched_off_loses_its_traits_too() {
    // Every object a record tracks (up to eight) is modelled, not only the first four: b1 carries
    // four firewalls (Hielo) and then the spyglass as its fifth object with traits.
    let stressed = |v: &mut Value| v["hacked"] = json!([{"object": "b1.o5", "stress": 3}]);
    let mut b = C::std(0, 0);
    for _ in 0..4 {
        b = b.object(firewall());
    }
    let mut st = load(&setup(b.object(spyglass()), stressed));
    assert_eq!(st.view_range(1), 25);
    play(&mut st, &["a1 possess b1.o5 off +"], &[4]);
    assert!(!st.object_works(ObjRef::Carried {
        holder: 1,
        object: 4
    }));
    assert_eq!(st.view_range(1), 20);
}

#[test]
fn a_mana_object_switched_off_gives_nothing_after_a_load() {
    // Maná: «Otorga cada principio de turno tanta ENE como N» — an object switched off gives
    // nothing, so a saved game with it off and no `mana` written (none left, as the traits in
    // force give) loads with 0, not with the N of the object as it was set up, and saves back
    // the same (campaign seed 2511: it came back with its 3).
    let mana =
        json!({"name": "Talismán", "ene": 1, "range": 0, "quality": 3, "traits": ["Maná (3)"]});
    let off = |v: &mut Value| v["hacked"] = json!([{"object": "b1.o1", "stress": 3, "off": true}]);
    let st = load(&setup(C::std(0, 0).object(mana.clone()), off));
    assert_eq!(st.ch(1).mana, 0);
    let back = State::from_setup(&st.to_setup(), None).expect("loads back");
    assert_eq!(back.to_setup(), st.to_setup());
    // Maná granted at the turn's start, before it was switched off, stays written and kept.
    let st = load(&setup(
        C::std(0, 0).object(mana.clone()).set("mana", 3),
        off,
    ));
    assert_eq!(st.ch(1).mana, 3);
    // And working, the file without `mana` gives its N.
    let st = load(&setup(C::std(0, 0).object(mana), |_| {}));
    assert_eq!(st.ch(1).mana, 3);
}
