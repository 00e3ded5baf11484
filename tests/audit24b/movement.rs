//! Movement traits of the range: Lastrado («No puede correr ni esprintar»).

use super::*;

#[test]
fn audit_lastrado_no_correr_no_esprintar_but_mover() {
    let free = range(C::std(0, 0), C::std(0, 0), 9);
    assert!(reach(&free, 0, "run") > 0 && reach(&free, 0, "sprint") > 0);
    let st = range(with(&["Lastrado"]), C::std(0, 0), 9);
    assert_eq!((reach(&st, 0, "run"), reach(&st, 0, "sprint")), (0, 0));
    assert_eq!(reach(&st, 0, "move"), 1);
}

#[test]
fn audit_direccion_resistida_on_a_character_turns_freely() {
    // Open reading (RULES.md, Dirección resistida, audit 24): «No puede girar más de 45° por
    // acción» is read as a transport's steering; a character with it still ends its
    // activation facing any way («Los Pj giran y pivotan cuando actúan»).
    let st = range(with(&["Dirección resistida"]), C::std(0, 0), 9);
    assert_eq!(st.ch(0).facing, engine::Facing::S);
    assert!(legal(&st, "a1 end facing N"));
}
