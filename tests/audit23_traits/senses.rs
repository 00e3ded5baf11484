//! Sight and sense: Súper sentidos («Ignora elementos finos en la LdV, como humo, paredes de
//! papel o noche, ventisca...»), Radar («Ignora invisible y mimético»).

use super::*;

#[test]
fn audit_super_sentidos_ignores_the_night_of_a_campo_de_oscuridad() {
    // «o noche»: the engine's darkness is a Campo de oscuridad's (RULES.md, Luz / Radar). A
    // mark on a target inside one is lost, unless the marker ignores the darkness.
    let marker = |traits: &[&str]| with(traits).weapon(gun(2, &["Marcador de objetivos"]));
    let dark = || with(&["Campo de oscuridad (1)"]);
    assert!(!legal(&range(marker(&[]), dark(), 5), "a1 aim-mark b1"));
    let mut st = range(marker(&["Súper sentidos"]), dark(), 5);
    assert_eq!(spent(&play(&mut st, &["a1 aim-mark b1"], &[])), [1]);
    assert!(!st.mark_jammed(0, 1));
}

#[test]
fn audit_radar_ignores_an_invisible_characters_hiding() {
    // «Ignora invisible»: b1 (Invisible) has vanished (hidden, 5 K away). Without Radar a1
    // must find it first (CH INT ENF: r6 against b1's r2, it stays hidden).
    let invisible = || tough(&["Invisible"]).status("hidden");
    let mut st = range(with(&[]).weapon(gun(2, &[])), invisible(), 5);
    assert!(!st.sees(0, 1));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[6, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 4 r6", "b1 CH ENF 4 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
    // Radar sees and shoots it with no CH INT ENF; it stays hidden from the others.
    let mut st = range(with(&["Radar"]).weapon(gun(2, &[])), invisible(), 5);
    assert!(st.sees(0, 1));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    assert!(st.ch(1).has(engine::state::HIDDEN));
    // A character hidden by Esconderse, without Invisible, is hidden from Radar too.
    let st = range(
        with(&["Radar"]).weapon(gun(2, &[])),
        tough(&[]).status("hidden"),
        5,
    );
    assert!(!st.sees(0, 1));
}
