//! Rules the shipped trait positions (`positions/traits_*.json`, issue 16 item 7) found wanting in
//! random play, pinned with exact outcomes: a forced charge at a flyer out of reach, a character
//! rising on a taken square.

use super::*;

#[test]
fn ansia_de_sangre_with_only_a_flyer_out_of_reach_is_free_to_act() {
    // b1 hovers at altitude 2 two squares ahead: a charge at it is not one the altitudes allow
    // (Relación entre alturas), so Ansia de sangre forces nothing and a1 is not left without a
    // legal action.
    let berserk = C::new(race_t(4, 5, 4, 4, &["Ansia de sangre"]), 5, 1).weapon(sword());
    let flyer = C::new(race_t(4, 5, 4, 4, &["Planeador"]), 5, 3)
        .facing("S")
        .set("altitude", 2);
    let st = position(&open(11, 12), &[berserk], &[flyer], 0);
    let acts = all_legal(&st);
    assert!(
        acts.iter().all(|s| !s.contains(" charge ")),
        "no charge at the flyer: {acts:?}"
    );
    assert!(legal(&st, "a1 move 5,2") && legal(&st, "a1 end facing N"));
}

#[test]
fn heroe_does_not_rise_on_a_square_another_base_has_taken() {
    // b1 (Héroe, wounds = CON) lies on (5, 6), where a2 now stands: at the end of the turn it
    // keeps its wounds (it stays down while the square is taken); with the square free it
    // loses one (`heroe_incapacitated_loses_a_wound_at_the_end_of_each_turn`).
    let a = [
        C::std(5, 1).facing("S"),
        C::std(5, 6).status("acted").facing("S"),
    ];
    let b = [
        C::new(race_t(4, 5, 4, 4, &["Héroe"]), 5, 6).set("wounds", 4),
        C::std(0, 11).status("acted"),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    assert!(!st.able(2) && !st.may_rise(2));
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!((st.turn(), st.ch(2).wounds), (2, 4));
}
