//! The CH IMP of «Atacar con metahabilidades» («el CH IMP se realizará con: mutación CH CON,
//! bunkai CH AGI, invocación CH INT y atadura CH VOL»): the CH IMP traits of the user —
//! Profesión arquero («CH IMP +1 a distancia»), Profesión gladiador («CH IMP +1 en CaC») — and
//! the CH AGI ones — Muy torpe («CH AGI -1») — each once, and only where they belong (RULES.md,
//! "Audit 31d", under Profesión arquero).

use super::*;
use serde_json::json;

/// A meta-ability of ENE 2, CAL 4, ALC `alc`, with `traits`.
fn power(alc: u8, traits: &[&str]) -> serde_json::Value {
    json!({"name": "M", "ene": 2, "range": alc, "quality": 4, "traits": traits})
}

/// a1 (`a1`'s traits, Cinético) strikes b1 with a Golpe de chi (Bunkai) of ALC `alc`: 3 K away,
/// or in base contact for ALC 0. The CH AGI rolled 8 (a miss for any target below 8).
fn chi(a1: &[&str], alc: u8, status: Option<&str>) -> String {
    let mut traits = vec!["Cinético"];
    traits.extend_from_slice(a1);
    let mut a = with(&traits).meta(power(alc, &["Bunkai"]));
    if let Some(s) = status {
        a = a.status(s);
    }
    let mut st = if alc == 0 {
        contact(a, C::std(0, 0))
    } else {
        range(a, C::std(0, 0), 3)
    };
    // At range b1 (its back to a1) is offered only Huir, passed; in contact, nothing.
    let acts: &[&str] = if alc == 0 {
        &["a1 meta m1 b1"]
    } else {
        &["a1 meta m1 b1", "pass"]
    };
    let log = play(&mut st, acts, &[8]);
    let c = checks(&st, &log);
    assert_eq!(c.len(), 1, "{c:?}");
    c[0].clone()
}

#[test]
fn audit_profesion_arquero_raises_a_ranged_meta_attacks_ch_imp() {
    // AGI 5: + 1 at ALC 3 (a ranged attack, audit 25b) — it added nothing.
    assert_eq!(chi(&[], 3, None), "a1 CH AGI meta 5 r8");
    assert_eq!(chi(&["Profesión arquero"], 3, None), "a1 CH AGI meta 6 r8");
    // Not at ALC 0, a melee attack («a distancia»), where Profesión gladiador («en CaC») is.
    assert_eq!(chi(&["Profesión arquero"], 0, None), "a1 CH AGI meta 5 r8");
    assert_eq!(
        chi(&["Profesión gladiador"], 0, None),
        "a1 CH AGI meta 6 r8"
    );
    assert_eq!(
        chi(&["Profesión gladiador"], 3, None),
        "a1 CH AGI meta 5 r8"
    );
    // A bonus of its own: stopped (Saikikku, Munición desestabilizadora), it adds nothing.
    assert_eq!(
        chi(&["Profesión arquero"], 3, Some("suppressed")),
        "a1 CH AGI meta 5 r8"
    );
}

#[test]
fn audit_muy_torpe_lowers_a_bunkais_ch_agi_once() {
    // «CH AGI -1» on a bunkai's CH AGI (its CH IMP): 4, single-target and area alike.
    assert_eq!(chi(&["Muy torpe"], 3, None), "a1 CH AGI meta 4 r8");
    assert_eq!(
        area("Bunkai", "Cinético", &["Muy torpe"]),
        "a1 CH AGI meta 4 r8"
    );
}

/// a1 (`user` and `extra`) lays an Área (R1) meta-ability of `kind` (ALC 10) on b1 5 K away;
/// its CH ATR rolled 8 fails, the area scatters 3 K east onto nobody.
fn area(kind: &str, user: &str, extra: &[&str]) -> String {
    let mut t = vec![user];
    t.extend_from_slice(extra);
    let m = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                   "traits": [kind, "Área (R1)"]});
    let mut st = position(
        &open(11, 14),
        &[C::new(race_t(4, 5, 4, 4, &t), 5, 1).facing("S").meta(m)],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 meta m1 5,6"], &[8, 3, 3]);
    let c = checks(&st, &log);
    assert_eq!(c.len(), 1, "{c:?}");
    c[0].clone()
}

#[test]
fn audit_a_meta_areas_ch_imp_takes_the_ch_agi_traits_for_a_bunkai_only_and_once() {
    // An invocación's area is a CH INT 4: Muy torpe's «CH AGI -1» does not reach it (it was
    // 3); a bunkai's CH AGI 5 takes it once (it was 3: the CH AGI's and the CH IMP's).
    assert_eq!(area("Invocación", "Neuromante", &[]), "a1 CH INT meta 4 r8");
    assert_eq!(
        area("Invocación", "Neuromante", &["Muy torpe"]),
        "a1 CH INT meta 4 r8"
    );
    assert_eq!(area("Bunkai", "Cinético", &[]), "a1 CH AGI meta 5 r8");
    // Profesión arquero's «CH IMP +1 a distancia» reaches either (it did already).
    assert_eq!(
        area("Invocación", "Neuromante", &["Profesión arquero"]),
        "a1 CH INT meta 5 r8"
    );
    assert_eq!(
        area("Bunkai", "Cinético", &["Profesión arquero"]),
        "a1 CH AGI meta 6 r8"
    );
}
