//! Who may be attacked, and from where: Alcance infinito («Sin ALC máx. Debe estar en LdV»),
//! Anónimo («Tampoco disparar si hay otro Pj a 3K»), Apestoso («a menos de 3 K»), Campo ciego
//! («los 5 primeros K/N»), Cargas («Usable un número de veces»).

use super::*;

#[test]
fn audit_alcance_infinito_no_alc_max_but_lines_of_sight() {
    // An ALC 5 gun reaches b1 12 K away with it, not without.
    let g = |t: &[&str]| with(&[]).weapon(weapon(2, 2, 5, 5, t));
    assert!(legal(
        &range(g(&["Alcance infinito"]), with(&[]), 12),
        "a1 shoot b1 w1"
    ));
    assert!(!legal(&range(g(&[]), with(&[]), 12), "a1 shoot b1 w1"));
    // «Debe estar en LdV»: a wall across the board between a1 and b1 stops it.
    let mut board = open(11, 16);
    board[6] = "#".repeat(11);
    let st = position(
        &board,
        &[g(&["Alcance infinito"]).set("at", [5, 1]).facing("S")],
        &[
            with(&[]).set("at", [5, 13]).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

/// a1 on (5, 1) facing S with a gun; b1 (Anónimo) on (5, 6); `other` (side A when `ally`,
/// else side B) on `at`.
fn anonymous(other: [u8; 2], ally: bool) -> engine::State {
    let shooter = with(&[]).weapon(gun(2, &[])).set("at", [5, 1]).facing("S");
    let anon = with(&["Anónimo"]).set("at", [5, 6]).facing("S");
    let o = C::std(0, 0).set("at", other).facing("S").status("acted");
    if ally {
        position(&open(11, 12), &[shooter, o], &[anon], 0)
    } else {
        position(&open(11, 12), &[shooter], &[anon, o], 0)
    }
}

#[test]
fn audit_anonimo_another_character_at_3k_shields_it_at_4k_not() {
    // «a 3K» is closed: an enemy of a1 3 K from b1 forbids the shot, 4 K away it does not.
    assert!(!legal(&anonymous([8, 6], false), "a1 shoot b1 w1"));
    assert!(legal(&anonymous([9, 6], false), "a1 shoot b1 w1"));
    // «otro Pj»: any character — the shooter's own ally 3 K from b1 too.
    assert!(!legal(&anonymous([8, 6], true), "a1 shoot b1 w1"));
    assert!(legal(&anonymous([9, 6], true), "a1 shoot b1 w1"));
}

#[test]
fn audit_apestoso_an_ally_may_end_exactly_3k_away() {
    // «a menos de 3 K»: 3 K is not less than 3 K. a1 (5, 1), the holder a2 on (5, 4): (6, 1)
    // is 3 K from it and open to a1; (6, 2), 2 K, is not.
    let st = position(
        &open(11, 12),
        &[
            C::std(5, 1).facing("S"),
            with(&["Apestoso"]).set("at", [5, 4]).status("acted"),
        ],
        &[C::std(5, 11).facing("N").status("acted")],
        0,
    );
    let d = dests(&st, 0, "move");
    assert!(d.contains(&sq(6, 1)), "{d:?}");
    assert!(!d.contains(&sq(6, 2)), "{d:?}");
}

#[test]
fn audit_campo_ciego_five_k_per_level() {
    // «Esta arma no puede disparar en los 5 primeros K/N», level 2: not within 10 K, at 11 K
    // yes (an ALC 15 gun of DAÑ 3).
    let g = || with(&[]).weapon(weapon(2, 3, 15, 5, &["Campo ciego (2)"]));
    assert!(!legal(&range(g(), with(&[]), 10), "a1 shoot b1 w1"));
    assert!(legal(&range(g(), with(&[]), 11), "a1 shoot b1 w1"));
}

#[test]
fn audit_cargas_two_uses_then_none() {
    // «Usable un número de veces»: Cargas (2) fires twice, not a third time.
    let mut st = range(with(&[]).weapon(gun(2, &["Cargas (2)"])), tough(&[]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(legal(&st, "a1 shoot b1 w1"));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn audit_campo_ciego_an_area_weapon_is_not_aimed_within_its_blind_field() {
    // «Esta arma no puede disparar en los 5 primeros K/N»: a grenade (R1) with Campo ciego (1)
    // is not aimed at a point 5 K away; 6 K away it is.
    let g = || with(&[]).weapon(weapon(2, 3, 10, 3, &["Área (R1)", "Campo ciego (1)"]));
    assert!(!legal(&range(g(), tough(&[]), 5), "a1 area w1 5,6"));
    assert!(legal(&range(g(), tough(&[]), 6), "a1 area w1 5,7"));
}

#[test]
fn audit_apestoso_the_holder_itself_may_end_next_to_an_ally() {
    // «Ningún aliado puede terminar su movimiento»: the allies' movements; the holder's own may
    // end beside them. a1 (Apestoso) on (5, 1), a2 on (5, 3): (5, 2) is open to a1.
    let st = position(
        &open(11, 12),
        &[
            with(&["Apestoso"]).set("at", [5, 1]).facing("S"),
            C::std(5, 3).status("acted"),
        ],
        &[C::std(5, 11).facing("N").status("acted")],
        0,
    );
    assert!(dests(&st, 0, "move").contains(&sq(5, 2)));
}
