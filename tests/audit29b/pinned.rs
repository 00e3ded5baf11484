//! Pinned readings (no change) and Muro's CH DEF (fix): Arma pesada's CON, Invulnerable against
//! Munición cegadora.

use super::*;
use engine::State;

/// A heavy gun: ENE 2, DAÑ 4, ALC 10, CAL 5, Arma pesada.
fn heavy() -> serde_json::Value {
    weapon(2, 4, 10, 5, &["Arma pesada"])
}

/// A1 (CON `con`, `wounds`, the heavy gun) on (5, 1); B1 5 K south; B2 acted; B3 (`b3`) on
/// (7, 1), 2 K from A1.
fn heavy_at(con: u8, wounds: u8, b3: &[&str]) -> State {
    position(
        &open(11, 16),
        &[C::new(race(con, 5, 4, 4), 5, 1)
            .weapon(heavy())
            .set("wounds", wounds)
            .facing("S")],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
            C::new(race_t(4, 5, 4, 4, b3), 7, 1)
                .facing("S")
                .status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_arma_pesada_reads_the_con_attribute_not_halved_nor_wounded() {
    // «debe tener más CON que DAÑ el arma»: CON 4 with DAÑ 4 cannot fire it, CON 5 can.
    assert!(!legal(&heavy_at(4, 0, &[]), "a1 shoot b1 w1"));
    assert!(legal(&heavy_at(5, 0, &[]), "a1 shoot b1 w1"));
    // Wounds lower no attribute (they count against CON): 3 wounds, still usable.
    assert!(legal(&heavy_at(5, 3, &[]), "a1 shoot b1 w1"));
    // Anulador físico 2 K away («Enemigo a 2 K, CON /2») halves the CH CON only (audit 22's
    // reading: checks, not the DAÑ's CON), so not this CON either: still usable.
    let st = heavy_at(5, 0, &["Anulador físico"]);
    assert!(st.attr_halved(0, engine::creation::effect::Stat::Con));
    assert!(legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn audit_invulnerable_municion_cegadora_of_its_substance_takes_no_ene() {
    // «Si es impactado, ENE-3»: a hit (CH IMP r3, CH DEF 0 r9 — 2 wounds, CH PSI r2) costs B1
    // 3 ENE (8 → 5) …
    let shoot = |b: C, dice: &[u8]| {
        let mut st = range(C::std(0, 0).weapon(gun(2, &["Munición cegadora"])), b, 5);
        play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        (st.ch(1).ene, st.ch(1).wounds)
    };
    assert_eq!(shoot(with(&[]), &[3, 9, 2]), (5, 2));
    // … but none of a target immune to it («Inmune»: to the whole hit of what it is immune to,
    // audit 28b's reading — the ENE loss is the hit's as the wounds are) …
    assert_eq!(shoot(with(&["Invulnerable (cegadora)"]), &[3, 9]), (8, 0));
    // … while immune to something else it loses them.
    assert_eq!(shoot(with(&["Invulnerable (veneno)"]), &[3, 9, 2]), (5, 2));
}

#[test]
fn audit_muro_its_ch_def_is_the_wearers_with_its_ch_def_traits() {
    // Malvado's stress on A1 (Muro DEF 3): with Refuerzo («CH DEF +1») the CH DEF (Muro) is 4
    // and r4 passes — none gets through. It was a bare 3, failed: 1 stress.
    let a = |traits: &[&str]| {
        with(traits)
            .prot(armour(3, &["Muro"]))
            .weapon(gun(2, &["Malvado"]))
    };
    let mut st = range(a(&["Refuerzo"]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[4, 8]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH DEF (Muro) 4 r4", "a1 CH IMP 5 r8"]
    );
    assert_eq!(st.ch(0).stress, 0);
    let mut st = range(a(&[]), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[4, 8]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH DEF (Muro) 3 r4", "a1 CH IMP 5 r8"]
    );
    assert_eq!(st.ch(0).stress, 1);
}
