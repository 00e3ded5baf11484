//! Actions traits give in the range: La mano de la muerte («Con VOL6, puede elegir origen y
//! destino a VOL K. Con enemigo, CH VOL ENF»).

use super::*;

/// a1 (La mano de la muerte, VOL `vol`, 2 wounds) on (3, 2); a2 `k` K east; b1 in contact
/// (south).
fn hand(vol: u8, k: u8) -> engine::State {
    let a = [
        C::new(race_t(4, 5, 4, vol, &["La mano de la muerte"]), 3, 2).set("wounds", 2),
        C::std(3 + k, 2),
    ];
    let b = [
        C::std(3, 3).facing("S"),
        C::std(10, 11).facing("S").status("acted"),
    ];
    load(&setup_json(&open(11, 12), &a, &b, 0, 10))
}

#[test]
fn audit_la_mano_de_la_muerte_at_vol_k_only_with_vol_6() {
    // VOL 5: an ally 2 K away is out of reach (base contact only); VOL 6: 6 K in, 7 K out.
    assert!(!legal(&hand(5, 2), "a1 death-hand a2"));
    assert!(legal(&hand(6, 6), "a1 death-hand a2"));
    assert!(!legal(&hand(6, 7), "a1 death-hand a2"));
}

#[test]
fn audit_la_mano_de_la_muerte_an_enemy_resists_with_a_ch_vol_enf() {
    // «Con enemigo, CH VOL ENF»: on b1 (conscious), after the CH VOL, the opposed CH ENF — a1
    // wins it (r2 against r6): the wound passes.
    let mut st = hand(4, 1);
    let log = play(&mut st, &["a1 death-hand b1"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH VOL death hand 4 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(2).wounds), (1, 1));
    // Lost (r6 against r2): nothing passes.
    let mut st = hand(4, 1);
    play(&mut st, &["a1 death-hand b1"], &[3, 6, 2]);
    assert_eq!((st.ch(0).wounds, st.ch(2).wounds), (2, 0));
}
