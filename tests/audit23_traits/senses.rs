//! Sight and sense: Súper sentidos («Ignora elementos finos en la LdV, como humo, paredes de
//! papel o noche, ventisca...»), Súper vista («CdV +5 K»).

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
