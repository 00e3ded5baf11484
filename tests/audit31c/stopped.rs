//! A character whose bonuses are stopped — Munición desestabilizadora («anulará sus bonus hasta
//! su siguiente actuación»), Saikikku («un bonus deja de funcionarles») — status `suppressed`.
//! Audit 30c stopped its auras; audit 31c (fix): its bonuses that act on those who attack it
//! stop too — Difícil de matar («Enemigo CH IMP -1»), Camuflaje («Enemigo tiene CH IMP -1 a
//! distancia»), Absorción de impacto («Enemigo tiene DAÑ -1») — while a malus on its attackers'
//! side (a + for them: Blandito's «Sufre DAÑ x2» is no check) still acts.

use super::*;
use crate::audit30a::shot_at;

/// B1 with `traits` (suppressed or not) is shot at 3 K by a1 (a gun DAÑ 3): the checks, the
/// wounds.
fn shot(traits: &[&str], stopped: bool, dice: &[u8]) -> (Vec<String>, u8) {
    let b = if stopped {
        with(traits).status("suppressed")
    } else {
        with(traits)
    };
    let (c, st) = shot_at(C::std(0, 0).weapon(gun(3, &[])), b, 3, dice);
    (c, st.ch(1).wounds)
}

#[test]
fn audit_a_stopped_target_loses_its_dificil_de_matar_and_camuflaje() {
    // Difícil de matar: CH IMP 4 (AGI 5 − 1), r5 misses; stopped: CH IMP 5, r5 hits (CH DEF 0
    // r9, 3 wounds, CH PSI).
    for t in ["Difícil de matar", "Camuflaje"] {
        assert_eq!(shot(&[t], false, &[5]).0, ["a1 CH IMP 4 r5"], "{t}");
        assert_eq!(
            shot(&[t], true, &[5, 9, 2]),
            (
                vec![
                    "a1 CH IMP 5 r5".to_string(),
                    "b1 CH DEF 0 r9".into(),
                    "b1 CH PSI 4 r2".into()
                ],
                3
            ),
            "{t}"
        );
    }
}

#[test]
fn audit_a_stopped_target_loses_its_absorcion_de_impacto() {
    // DAÑ 3 − 1 = 2 wounds; stopped, the whole 3.
    assert_eq!(shot(&["Absorción de impacto"], false, &[5, 9, 2]).1, 2);
    assert_eq!(shot(&["Absorción de impacto"], true, &[5, 9, 2]).1, 3);
}
