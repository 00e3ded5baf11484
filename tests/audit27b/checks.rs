//! The check traits: the Presencias («Aliados a 5K CH CON / INT +1»), Profesión mago («CH VOL
//! +1»), Muy tonto («CH INT -1»), Runas de combate («CH VOL ENF +1»), the Reyes («Siempre
//! supera los CH X»), Élite bestia / combate («Puede repetir CH CON / AGI»).

use super::*;

/// The CH ATR a1 makes to use its gun carrying `prueba` (rolled `die`, over the target: the
/// attack ends), with a1's traits `a1`, an ally a2 with `a2` `d2` K east of a1, an enemy b2 with
/// `b2` `e2` K east of a1 (a1 on (1, 1); b1 5 K south).
fn prueba(a1: &[&str], prueba: &str, a2: (&[&str], u8), b2: (&[&str], u8), die: u8) -> String {
    let mut st = position(
        &open(16, 12),
        &[
            with(a1)
                .set("at", [1, 1])
                .facing("S")
                .weapon(gun(2, &[prueba])),
            with(a2.0).set("at", [1 + a2.1, 1]).status("acted"),
        ],
        &[
            C::std(1, 6).facing("S"),
            with(b2.0)
                .set("at", [1 + b2.1, 1])
                .facing("S")
                .status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[die]);
    let c = checks(&st, &log);
    assert_eq!(c.len(), 1, "{c:?}");
    c[0].clone()
}

const NONE: &[&str] = &[];

#[test]
fn audit_presencia_de_fuerza_allies_within_5k_not_6k_not_the_holder_nor_enemies() {
    let con = "Prueba de constitución";
    let p = &["Presencia de fuerza"][..];
    // CON 4; an ally 5 K away with the presence: 5.
    assert_eq!(
        prueba(NONE, con, (p, 5), (NONE, 12), 9),
        "a1 CH ATR to use 5 r9"
    );
    // 6 K away: out.
    assert_eq!(
        prueba(NONE, con, (p, 6), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
    // The holder itself is no ally of its own («Aliados»).
    assert_eq!(
        prueba(p, con, (NONE, 5), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
    // An enemy's presence 2 K away helps nobody of the other side.
    assert_eq!(
        prueba(NONE, con, (NONE, 5), (p, 2), 9),
        "a1 CH ATR to use 4 r9"
    );
    // Another attribute is not helped.
    assert_eq!(
        prueba(NONE, "Prueba de inteligencia", (p, 1), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
}

#[test]
fn audit_presencia_de_claridad_allies_within_5k_ch_int_plus_one_and_two_presences_add_up() {
    let int = "Prueba de inteligencia";
    let p = &["Presencia de claridad"][..];
    assert_eq!(
        prueba(NONE, int, (p, 5), (NONE, 12), 9),
        "a1 CH ATR to use 5 r9"
    );
    assert_eq!(
        prueba(NONE, int, (p, 6), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
    // Decision: two holders, two presences (the text counts no source): + 2.
    let mut st = position(
        &open(16, 12),
        &[
            with(&[])
                .set("at", [1, 1])
                .facing("S")
                .weapon(gun(2, &[int])),
            with(p).set("at", [3, 1]).status("acted"),
            with(p).set("at", [4, 1]).status("acted"),
        ],
        &[C::std(1, 6).facing("S"), C::std(15, 11).status("acted")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 6 r9"]);
}

#[test]
fn audit_profesion_mago_and_muy_tonto_the_holders_ch_vol_and_int() {
    let (vol, int) = ("Prueba de voluntad", "Prueba de inteligencia");
    assert_eq!(
        prueba(&["Profesión mago"], vol, (NONE, 5), (NONE, 12), 9),
        "a1 CH ATR to use 5 r9"
    );
    assert_eq!(
        prueba(&["Muy tonto"], int, (NONE, 5), (NONE, 12), 9),
        "a1 CH ATR to use 3 r9"
    );
    // Not the other attribute, not an ally's.
    assert_eq!(
        prueba(&["Profesión mago"], int, (NONE, 5), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
    assert_eq!(
        prueba(NONE, int, (&["Muy tonto"], 1), (NONE, 12), 9),
        "a1 CH ATR to use 4 r9"
    );
}

#[test]
fn audit_profesion_mago_reaches_the_ch_psi_a_ch_vol() {
    // PSICOLOGÍA, «CH PSI.- Se realiza con un CH VOL»: VOL 4 + 1 = 5; r5 passes (no stress).
    for (traits, target, stress) in [(&[][..], 4, 1), (&["Profesión mago"][..], 5, 0)] {
        let mut st = range(C::std(0, 0).weapon(gun(2, &[])), with(traits), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 5]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r3".to_string(),
                "b1 CH DEF 0 r9".into(),
                format!("b1 CH PSI {target} r5")
            ]
        );
        assert_eq!(st.ch(1).stress, stress, "{traits:?}");
    }
}

/// a1 (5, 6) facing N crouches; b1 (5, 2) facing S (`b`) sees it and tries to react.
fn react(b: C, die: u8) -> (Vec<String>, bool) {
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 6).facing("N")],
        &[
            b.set("at", [5, 2]).facing("S"),
            C::std(10, 11).facing("N").status("acted"),
        ],
        0,
    );
    play(&mut st, &["a1 crouch"], &[]);
    let log = play(&mut st, &["b1 react"], &[die]);
    let reacting = matches!(st.pending(), engine::Pending::Reaction { .. });
    (checks(&st, &log), reacting)
}

#[test]
fn audit_profesion_mago_and_rey_dragon_the_reaction_ch_vol() {
    assert_eq!(
        react(with(&[]), 5),
        (vec!["b1 CH VOL reaction 4 r5".into()], false)
    );
    assert_eq!(
        react(with(&["Profesión mago"]), 5),
        (vec!["b1 CH VOL reaction 5 r5".into()], true)
    );
    // Rey Dragón, «Siempre supera los CH VOL»: a 10 too.
    assert_eq!(
        react(with(&["Rey Dragón"]), 10),
        (vec!["b1 CH VOL reaction 4 r10".into()], true)
    );
    // Runas de combate is the CH VOL ENF's, not this CH VOL's.
    assert_eq!(
        react(with(&["Runas de combate"]), 5),
        (vec!["b1 CH VOL reaction 4 r5".into()], false)
    );
}

#[test]
fn audit_rey_dragon_passes_the_ch_psi_and_ch_loc_on_a_ten() {
    // A CH PSI is a CH VOL: r10 passed, no stress, no CH LOC.
    let mut st = range(C::std(0, 0).weapon(gun(2, &[])), with(&["Rey Dragón"]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 10]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r10"]
    );
    assert_eq!(st.ch(1).stress, 0);
    // Without it: a fumble — 1 stress and a CH LOC (r3, passed).
    let mut st = range(C::std(0, 0).weapon(gun(2, &[])), with(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 10, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r10",
            "b1 CH LOC 4 r3"
        ]
    );
    assert_eq!(st.ch(1).stress, 1);
}

/// A Golpe de chi (Bunkai: CH AGI, then the CH VOL ENF) of a1 (Cinético, `a`) at b1 (`b`, CON
/// 6) 3 K away.
fn chi(a: &[&str], b: &[&str], dice: &[u8]) -> Vec<String> {
    let mut at = vec!["Cinético"];
    at.extend_from_slice(a);
    let m =
        serde_json::json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(with(&at).meta(m), C::new(race_t(6, 5, 4, 4, b), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_runas_de_combate_resisting_and_rey_dragon_in_a_ch_vol_enf() {
    // Runas de combate on the target: its CH VOL ENF 5 (a1's 4): b1's r5 passes, a1's r6 fails.
    assert_eq!(
        chi(&[], &["Runas de combate"], &[3, 6, 5]),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r6", "b1 CH ENF 5 r5"]
    );
    // Rey Dragón passes its CH VOL ENF whatever the die, but «gana el que pase el CH con el
    // menor valor»: a1's passed 2 beats b1's passed 9 (the Golpe de chi lands: CH DEF, CH PSI)…
    assert_eq!(
        chi(&[], &["Rey Dragón"], &[3, 2, 9, 9, 5]),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r9",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r5"
        ]
    );
    // …and a1's failure loses to it (r7 fails; b1's r10 is passed, no fumble).
    assert_eq!(
        chi(&[], &["Rey Dragón"], &[3, 7, 10]),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r7", "b1 CH ENF 4 r10"]
    );
}

#[test]
fn audit_elite_bestia_re_rolls_a_ch_con_and_rey_titan_needs_none() {
    let con = "Prueba de constitución";
    // Élite bestia: the failed r9 is rolled again (r2, kept: the attack goes on).
    let mut st = range(with(&["Élite bestia"]).weapon(gun(2, &[con])), with(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9, 2, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH ATR to use 4 r2",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    // Not a CH AGI: its CH IMP r9 stands (a miss).
    let mut st = range(with(&["Élite bestia"]).weapon(gun(2, &[])), with(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_elite_combate_re_rolls_a_fumbled_ch_imp_and_its_fumble_does_not_happen() {
    // r10 then r3: a hit, no DAÑ 1 on a1, no wear on the gun.
    let mut st = range(with(&["Élite combate"]).weapon(gun(2, &[])), with(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[10, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(
        (st.ch(0).wounds, st.ch(0).wear[0], st.ch(1).wounds),
        (0, 0, 2)
    );
    // Its re-roll failing too (r10, r10): the fumble's hit and wear (a1 CH DEF 0 r9).
    let mut st = range(with(&["Élite combate"]).weapon(gun(2, &[])), with(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[10, 10, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (1, 1));
}
