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
