//! Attribute traits swept clause by clause: Ajustable («Sin penalización para CON <> TAL en 1
//! punto»).

use super::*;

#[test]
fn audit_ajustable_two_points_of_tal_above_con_keep_one_point_of_malus() {
    // CON 4: TAL 6 brings CH AGI −2 (the CH IMP 5 → 3); with Ajustable the first point is
    // forgiven, −1 stays (RULES.md, audit 24: «en 1 punto» is a slack of one point).
    for (t, imp) in [(&[][..], 3), (&["Ajustable"][..], 4)] {
        let (c, _) = shot_at(
            with(&[]).weapon(gun(2, &[])).prot(prot(0, 1, 6, 5, t)),
            with(&[]),
            5,
            &[8],
        );
        assert_eq!(c, [format!("a1 CH IMP {imp} r8")], "{t:?}");
    }
}
