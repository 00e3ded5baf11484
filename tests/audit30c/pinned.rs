//! Readings pinned with no change (RULES.md, "Audit 30c"): Arma muy larga while engaged, and
//! the fumble of Muro's CH DEF against stress.

use super::*;
use engine::State;

/// A1 with a pike (Arma muy larga) on (5, 5); B1 in contact (5, 6) when `engaged`; B2 2 K away
/// on (5, 7).
fn pike(engaged: bool) -> State {
    let pike = weapon(2, 2, 0, 4, &["Arma muy larga"]);
    let b1 = if engaged {
        C::std(5, 6).facing("N")
    } else {
        C::std(0, 11).facing("S").status("acted")
    };
    position(
        &open(11, 12),
        &[C::std(5, 5).facing("S").weapon(pike)],
        &[b1, C::std(5, 7).facing("N")],
        0,
    )
}

#[test]
fn audit_arma_muy_larga_engaged_strikes_only_the_enemy_in_contact() {
    // «Esta arma, con ALC 0, se puede CaC sin estar trabado. Enemigo a 2 K máx.»: not engaged,
    // B2 2 K away is in its reach …
    assert!(legal(&pike(false), "a1 melee b2 w1"));
    // … engaged with B1 («sin estar trabado» is the case it opens; COMBATE, «Combate CaC
    // múltiple … Se lucha contra 1 sólo enemigo», a trabado one), it strikes B1 in contact,
    // with the pike too, and not B2 2 K away.
    let st = pike(true);
    assert!(legal(&st, "a1 melee b1 w1"));
    assert!(!legal(&st, "a1 melee b2 w1"));
}

#[test]
fn audit_muro_a_fumbled_ch_def_lets_the_stress_through_with_no_more() {
    // As `traits::share_c::muro_…`: Malvado's 1 stress on A1, whose Muro (DEF 3) makes a CH DEF
    // against it. A fumble (r10) is a failure: the 1 stress, no + 1 (COMBATE's «DAÑ +1 para el
    // atacante» names DAÑ and an attacker, and this stress has neither) and no wear of the Muro.
    let a = C::std(0, 0)
        .prot(armour(3, &["Muro"]))
        .weapon(gun(2, &["Malvado"]));
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[10, 8]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH DEF (Muro) 3 r10", "a1 CH IMP 5 r8"]
    );
    assert_eq!((st.ch(0).stress, st.ch(0).wear[1]), (1, 0));
}
