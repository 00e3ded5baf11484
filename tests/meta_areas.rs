//! CREACIÓN DE METAHABILIDADES with the Área bonus: a meta-ability attack aimed at a point lays
//! its area as an area weapon does (ÁREAS), with the CH ATR of its kind as the CH IMP, DAÑ =
//! CAL, Dispersión on a failed CH IMP, and «Pifias con metahabilidades» on a fumble. Standard
//! race: CON 4, AGI 5, INT 4, VOL 4; no protections (every CH DEF has target 0).

use crate::build::*;
use engine::State;
use serde_json::json;

/// a1, a Neuromante with a Bola de fuego of ENE 3, ALC 10, CAL 3, Invocación and `Área (code)`
/// on (5,1) facing S; a2 on (4,6), b1 on (5,6) facing S; b2 far away (acted).
fn fireball(code: &str) -> State {
    let m = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                   "traits": ["Invocación", format!("Área ({code})")]});
    position(
        &open(11, 14),
        &[
            C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
                .facing("S")
                .meta(m),
            C::std(4, 6).facing("S"),
        ],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn a_meta_area_hits_friend_and_foe_with_dan_cal_and_no_ch_vol_enf() {
    let mut st = fireball("R3");
    // Aimed at b1 is aimed at its square; the single-target form is not offered.
    assert_eq!(
        st.parse_action("a1 meta m1 b1").unwrap(),
        st.parse_action("a1 meta m1 5,6").unwrap()
    );
    assert!(all_legal(&st).contains(&"a1 meta m1 5,6".to_string()));
    // CH INT 4 r3; the R3 covers a2 and b1 wholly: CH DEF 0 r9 (DAÑ 3), CH PSI 4 r2 each.
    let log = play(&mut st, &["a1 meta m1 b1"], &[3, 9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT meta 4 r3",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 3, 3, 0]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 6))]);
    assert_eq!(st.ch(0).ene, 8 - 3, "the meta-ability's ENE");
}

#[test]
fn a_failed_meta_area_scatters_and_a_fumble_is_the_meta_fumble_then_the_scatter() {
    // CH INT 4 r8 fails: 5 K, one 1D10 (3 K), direction 3 = E: it lands on (8,6), on nobody.
    let mut st = fireball("R3");
    let log = play(&mut st, &["a1 meta m1 5,6"], &[8, 3, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(8, 6))]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r8"]);
    assert_eq!(wounds(&st), [0, 0, 0, 0]);
    // A fumble: «+1 estrés. Se evita con un CH PSI» (r2 passes), no DAÑ 1 hit (no weapon);
    // then the same scatter.
    let mut st = fireball("R3");
    let log = play(&mut st, &["a1 meta m1 5,6"], &[10, 2, 3, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(8, 6))]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT meta 4 r10", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).stress, st.ch(0).wounds), (0, 0));
}

#[test]
fn a_meta_area_may_be_aimed_at_any_valid_point() {
    let st = fireball("R3");
    assert!(!all_legal(&st).contains(&"a1 meta m1 2,3".to_string()));
    assert!(legal(&st, "a1 meta m1 2,3"));
    // Beyond ALC 10 (row 12 is 11 K away) or its own square: illegal.
    assert!(!legal(&st, "a1 meta m1 5,12"));
    assert!(!legal(&st, "a1 meta m1 5,1"));
}
