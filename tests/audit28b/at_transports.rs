//! A CH IMP at a transport is a CH IMP (COMBATE): its rule — the re-rolls of a CH IMP
//! (Maestro guerrero, «Repite CH IMP en CaC», on a mecha), luck (Sin suerte, «Resultados 9 y 10
//! son pifia») — and its fumble («Pifia en CH IMP: se recibe un impacto automático de DAÑ 1, y
//! el arma gana 1 herida»; Peligro, «Si pifia en CH IMP, gana 1 DAÑ extra»). Audit 28b (fix):
//! it was a plain CH AGI whose fumble did nothing.

use super::*;
use crate::audit27a::at_transports::mecha;
use crate::transport::{owner, truck, with_transports};
use engine::State;
use serde_json::json;

/// A1 drives the truck (DEF 4, CAL 3) at (3, 3) facing S; B1 (`b1`, on (3, 13), 10 K away: no
/// malus) acts; B2 far away, already acted.
pub(crate) fn target_truck(b1: C) -> State {
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[owner(3, 3, truck()).set("aboard", "t1")],
            &[b1.set("at", [3, 13]), C::std(7, 0).status("acted")],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ))
}

/// B1 (`b1`) shoots the truck: (its checks, the truck's wounds, B1's wounds, its gun's wear).
pub(crate) fn shoot_truck(b1: C, dice: &[u8]) -> (Vec<String>, u8, u8, u8) {
    let mut st = target_truck(b1);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], dice);
    let b1 = st.indices().nth(1).unwrap();
    (
        checks(&st, &log),
        st.transport(0).wounds,
        st.ch(b1).wounds,
        st.weapon_wear(b1, 0),
    )
}

#[test]
fn audit_sin_suerte_a_nine_at_a_transport_is_a_fumble_with_its_hit_and_wear() {
    // Without the trait a 9 is a miss and no more.
    assert_eq!(
        shoot_truck(C::std(0, 0).weapon(gun(2, &[])), &[9]),
        (vec!["b1 CH IMP transport 5 r9".into()], 0, 0, 0)
    );
    // Sin suerte: a fumble — the gun gains 1 wound and B1 the DAÑ 1 hit (CH DEF 0 r5 failed:
    // 1 wound, then its CH PSI).
    assert_eq!(
        shoot_truck(with(&["Sin suerte"]).weapon(gun(2, &[])), &[9, 5, 2]),
        (
            vec![
                "b1 CH IMP transport 5 r9".into(),
                "b1 CH DEF 0 r5".into(),
                "b1 CH PSI 4 r2".into()
            ],
            0,
            1,
            1
        )
    );
    // An 8 is no fumble for it: a plain miss.
    assert_eq!(
        shoot_truck(with(&["Sin suerte"]).weapon(gun(2, &[])), &[8]).0,
        ["b1 CH IMP transport 5 r8"]
    );
}

#[test]
fn audit_peligro_a_fumble_at_a_transport_hits_back_with_dan_two() {
    // A 10: the gun wears and B1 takes DAÑ 1 — with Peligro on the gun, DAÑ 2 (CH DEF 0 r5
    // failed: 2 wounds).
    assert_eq!(
        shoot_truck(C::std(0, 0).weapon(gun(2, &[])), &[10, 5, 2]).2,
        1
    );
    assert_eq!(
        shoot_truck(C::std(0, 0).weapon(gun(2, &["Peligro"])), &[10, 5, 2]),
        (
            vec![
                "b1 CH IMP transport 5 r10".into(),
                "b1 CH DEF 0 r5".into(),
                "b1 CH PSI 4 r2".into()
            ],
            0,
            2,
            1
        )
    );
}

#[test]
fn audit_maestro_guerrero_re_rolls_its_ch_imp_on_a_mecha_not_at_a_shot() {
    // B1 (CON 4) strikes the mecha with a sword (DAÑ 2 + 4 − 4 = 2): CH IMP 5 r7 failed;
    // Maestro guerrero re-rolls it (r3): the CH DEF 4 r9 fails, 2 wounds.
    let strike = |t: &[&str], dice: &[u8]| {
        let mut st = mecha(with(t).weapon(weapon(2, 2, 0, 4, &[])));
        let log = play(&mut st, &["b1 melee-transport t1 w1"], dice);
        (checks(&st, &log), st.transport(0).wounds)
    };
    assert_eq!(strike(&[], &[7]), (vec!["b1 CH IMP mecha 5 r7".into()], 0));
    assert_eq!(
        strike(&["Maestro guerrero"], &[7, 3, 9]),
        (
            vec![
                "b1 CH IMP mecha 5 r3".into(),
                "b1 CH DEF transport 4 r9".into()
            ],
            2
        )
    );
    // «en CaC»: a shot at the truck is not re-rolled.
    assert_eq!(
        shoot_truck(with(&["Maestro guerrero"]).weapon(gun(2, &[])), &[7]).0,
        ["b1 CH IMP transport 5 r7"]
    );
}

#[test]
fn audit_cargas_a_shot_at_a_transport_spends_a_use() {
    // Cargas (1): after a shot at the truck (CH IMP r3, CH DEF 4 r9: 2 wounds) the gun is no
    // longer usable; Cargas (2): it still is.
    for (n, left) in [(1, false), (2, true)] {
        let t = format!("Cargas ({n})");
        let mut st = target_truck(C::std(0, 0).weapon(gun(2, &[&t])));
        play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9]);
        assert_eq!(st.transport(0).wounds, 2);
        assert_eq!(legal(&st, "b1 shoot-transport t1 w1"), left, "{t}");
    }
}

/// The truck of [`target_truck`], B1 shooting it with `gun`, and A2 on foot 2 K from B1 with
/// its back to it (it does not see B1): whether A2 may react after the shot (CH IMP r3, the
/// truck's CH DEF 4 r9).
fn heard_by_a2(gun: serde_json::Value) -> bool {
    let mut st = load(&with_transports(
        setup_json(
            &open(8, 14),
            &[
                owner(3, 3, truck()).set("aboard", "t1"),
                C::std(5, 12).facing("N"),
            ],
            &[C::std(3, 13).weapon(gun), C::std(7, 0).status("acted")],
            2,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    ));
    play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9]);
    assert_eq!(st.transport(0).wounds, 2);
    legal(&st, "a2 react")
}

#[test]
fn audit_silenciador_a_shot_at_a_transport_is_heard_unless_silenced() {
    // A gun of DAÑ 2 is heard 4 K around (DAÑ × 2): A2, 2 K away, may react to the noise — at a
    // transport as at anyone (it was silent); with Silenciador («No hace ruido») it is not.
    assert!(heard_by_a2(gun(2, &[])));
    assert!(!heard_by_a2(gun(2, &["Silenciador"])));
}

#[test]
fn audit_inflamable_a_fumble_at_a_transport_rolls_its_thirty_percent() {
    // Inflamable («Si pifia, 30% de explotar») on the gun: after the fumble's hit (CH DEF 0 r5,
    // 1 wound, CH PSI r2) its 1D100 is rolled (two d10: 9 and 10, 90) — no blast. Without the
    // trait no 1D100.
    assert_eq!(
        shoot_truck(C::std(0, 0).weapon(gun(2, &[])), &[10, 5, 2]).2,
        1
    );
    assert_eq!(
        shoot_truck(
            C::std(0, 0).weapon(gun(2, &["Inflamable"])),
            &[10, 5, 2, 9, 10]
        ),
        (
            vec![
                "b1 CH IMP transport 5 r10".into(),
                "b1 CH DEF 0 r5".into(),
                "b1 CH PSI 4 r2".into()
            ],
            0,
            1,
            1
        )
    );
}
