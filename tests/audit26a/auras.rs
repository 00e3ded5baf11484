//! The auras of enemies: Hálito de entumecimiento («Enemigos a 5K CH AGI -1»).

use super::*;

/// a1 shoots b1 (`b`) `d` K south with a gun (a physical weapon: its CH IMP is a CH AGI, AGI 5);
/// the die misses (r9) so that the CH IMP is the only check.
fn miss_at(b: C, d: u8) -> Vec<String> {
    let mut st = range(with(&[]).weapon(gun(2, &[])), b, d);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    checks(&st, &log)
}

#[test]
fn audit_halito_de_entumecimiento_reaches_5k_not_6k() {
    // «Enemigos a 5K CH AGI -1»: a1's CH IMP (AGI 5) is 4 with the holder b1 5 K away; 6 K away
    // the aura does not reach (closed radius: 5 K in, 6 K out), 5.
    let b = || with(&["Hálito de entumecimiento"]);
    assert_eq!(miss_at(b(), 5), ["a1 CH IMP 4 r9"]);
    assert_eq!(miss_at(b(), 6), ["a1 CH IMP 5 r9"]);
    assert_eq!(miss_at(with(&[]), 6), ["a1 CH IMP 5 r9"]);
}
