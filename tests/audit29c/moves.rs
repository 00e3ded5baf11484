//! Lastrado («No puede correr ni esprintar») and Cargar.

use super::*;
use crate::traits::range;

#[test]
fn audit_lastrado_still_charges_its_mov_plus_three() {
    // Pinned: Cargar («Mueve MOV+3K, mín. 2K, y trábete») is its own movement, not Correr nor
    // Esprintar, so Lastrado keeps it — as far as anyone's charge (a square in contact with b1
    // one K beyond a run, yes; two K beyond a charge's reach, no).
    let run = reach(&range(C::std(0, 0), C::std(0, 0), 12), 0, "run");
    assert!(run >= 2);
    for t in [&[][..], &["Lastrado"][..]] {
        // b1 `d` K south of a1 on (5, 1): the contact square (5, d) is d − 1 K away.
        let near = range(with(t), C::std(0, 0), run + 2);
        let far = range(with(t), C::std(0, 0), run + 4);
        let to = |d: u8| format!("a1 charge b1 5,{d}");
        assert!(legal(&near, &to(run + 2)), "{t:?}");
        assert!(!legal(&far, &to(run + 4)), "{t:?}");
    }
    let st = range(with(&["Lastrado"]), C::std(0, 0), 12);
    assert_eq!(reach(&st, 0, "run"), 0);
}
