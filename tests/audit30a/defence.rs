//! Baño de acero («DEF +1»): its DEF counts for sobrecarga (Duro's «No cuenta para sobrecarga»
//! is the other one), and on a protection it lasts while the protection can be used.

use super::*;

/// a1 (`a`) shoots b1 (`b`) 5 K away, CH IMP r3, CH DEF r9, CH PSI r2: the checks.
fn shoot(a: C, b: C) -> Vec<String> {
    super::shot_at(a, b, 5, &[3, 9, 2]).0
}

#[test]
fn audit_bano_de_acero_weighs_for_sobrecarga_duro_does_not() {
    // A CON 4 shooter in DEF 4 armour: with Baño de acero its DEF 5 is 1 over CON − wounds,
    // «CH IMP … -1» (Por sobrecarga): CH IMP 4; with Duro («No cuenta para sobrecarga») 5.
    for (t, imp) in [("Baño de acero", 4), ("Duro", 5), ("Ninguno", 5)] {
        let traits: &[&str] = if t == "Ninguno" { &[] } else { &[t] };
        let a = with(traits).weapon(gun(2, &[])).prot(armour(4, &[]));
        let got = shoot(a, C::std(0, 0));
        assert_eq!(got[0], format!("a1 CH IMP {imp} r3"), "{t}");
    }
}

#[test]
fn audit_bano_de_acero_adds_one_to_the_ch_def_and_to_the_def_subtracted() {
    // b1 (CON 9) in DEF 2 armour with Baño de acero: CH DEF 3 r2 passed, DAÑ 4 − 3 = 1 wound;
    // without it CH DEF 2, 2 wounds.
    for (t, def, wounds) in [(&["Baño de acero"][..], 3, 1), (&[][..], 2, 2)] {
        let b = C::new(race(9, 5, 4, 4), 0, 0).prot(armour(2, t));
        let (got, st) = super::shot_at(with(&[]).weapon(gun(4, &[])), b, 5, &[3, 2, 2]);
        assert_eq!(got[1], format!("b1 CH DEF {def} r2"), "{t:?}");
        assert_eq!(st.ch(1).wounds, wounds, "{t:?}");
    }
}

#[test]
fn audit_bano_de_acero_on_an_unusable_protection_gives_nothing() {
    // b1 wears DEF 2 (CAL 5) with Baño de acero and DEF 3 (CAL 4): CH DEF 2 + 1 + 3 = 6.
    // With 5 wounds on the first («tantas heridas como CAL: inutilizado, no se puede usar»)
    // neither its DEF nor its trait's + 1 protect: CH DEF 3 (it was 4). The same trait on the
    // race stays: 3 + 1 = 4.
    for (wear, race_t_, def) in [
        ([0, 0], &[][..], 6),
        ([5, 0], &[][..], 3),
        ([5, 0], &["Baño de acero"][..], 4),
    ] {
        let b = C::new(race_t(9, 5, 4, 4, race_t_), 0, 0)
            .prot(prot(0, 2, 4, 5, &["Baño de acero"]))
            .prot(prot(0, 3, 0, 4, &[]))
            .set("wear", wear.to_vec());
        let got = shoot(with(&[]).weapon(gun(2, &[])), b);
        assert_eq!(
            got[1],
            format!("b1 CH DEF {def} r9"),
            "{wear:?} {race_t_:?}"
        );
    }
}
