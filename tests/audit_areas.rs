//! Rules audit of ÁREAS / Dispersión with scripted dice: every direction of the scatter die,
//! the count of 1D10 at the edges of each «por cada 15 K» (and the malus's 30 / 20 K), and the
//! half DAÑ of a partly covered base rounded as CONCEPTOS BÁSICOS / Redondeo says (RULES.md,
//! "Dispersión", "ÁREAS").

use crate::build::*;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ `dmg`, ALC `range`, CAL 3, quiet, with `Área (code)`.
fn grenade(dmg: u8, range: u8, code: &str) -> Value {
    json!({"name": "G", "ene": 2, "dmg": dmg, "range": range, "quality": 3,
           "traits": [format!("Área ({code})")], "noise": "quiet"})
}

fn foe(x: u8, y: u8) -> C {
    C::std(x, y).facing("S")
}

#[test]
fn audit_scatter_goes_each_way_of_the_direction_die() {
    // «Dispersión.- Desplaza el objeto tantos K como los obtenidos en 1D10 en una dirección
    // aleatoria» (A7: a d10, 1–8 the eight directions clockwise from N, 9 and 10 again). An R1
    // aimed 5 K away at (5,6), a failed CH IMP (r8), 2 K of scatter.
    let ways = [
        (1, (5, 4)),
        (2, (7, 4)),
        (3, (7, 6)),
        (4, (7, 8)),
        (5, (5, 8)),
        (6, (3, 8)),
        (7, (3, 6)),
        (8, (3, 4)),
    ];
    for (die, (x, y)) in ways {
        let mut st = position(
            &open(11, 10),
            &[C::std(5, 1).weapon(grenade(3, 10, "R1"))],
            &[foe(0, 9)],
            0,
        );
        let log = play(&mut st, &["a1 area w1 5,6"], &[8, 2, die]);
        assert_eq!(landed(&log), [(sq(5, 6), sq(x, y))], "direction die {die}");
    }
    // 9 and 10 are rolled again: 10, 9, then 5 = S.
    let mut st = position(
        &open(11, 10),
        &[C::std(5, 1).weapon(grenade(3, 10, "R1"))],
        &[foe(0, 9)],
        0,
    );
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 2, 10, 9, 5]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 8))]);
    // A passed CH IMP does not scatter (no Dispersión malus): it lands where aimed.
    let mut st = position(
        &open(11, 10),
        &[C::std(5, 1).weapon(grenade(3, 10, "R1"))],
        &[foe(0, 9)],
        0,
    );
    let log = play(&mut st, &["a1 area w1 5,6"], &[5]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 6))]);
}

#[test]
fn audit_scatter_rolls_one_d10_per_fifteen_k_begun() {
    // «dispersará 1D10 K por cada 15 K hasta el objetivo» (A6: every 15 K begun): at 15 K one
    // die, at 16 K two dice added. The thrower on (0,1), DAÑ 4 and ALC 20, the aim along row 1; the
    // scatter goes W (7).
    let at = |k: u8, dice: &[u8]| {
        let mut st = position(
            &open(22, 4),
            &[C::std(0, 1).weapon(grenade(4, 20, "R1"))],
            &[foe(21, 3)],
            0,
        );
        let log = play(&mut st, &[&format!("a1 area w1 {k},1")], dice);
        landed(&log)[0].1
    };
    assert_eq!(at(15, &[9, 2, 7]), sq(13, 1), "15 K: one die");
    assert_eq!(at(16, &[9, 2, 3, 7]), sq(11, 1), "16 K: two dice, 2 + 3 K");
    // The counts at every edge, and the malus's «con LdV 1D10 K por cada 30 K, y sin LdV 1D10 K
    // por cada 20 K».
    use engine::actions::combat::scatter_dice;
    let rows: Vec<u8> = [1, 15, 16, 30, 31, 45, 46]
        .iter()
        .map(|&k| scatter_dice(k, 15))
        .collect();
    assert_eq!(rows, [1, 1, 2, 2, 3, 3, 4]);
    let malus: Vec<(u8, u8)> = [1, 20, 21, 30, 31, 40, 41]
        .iter()
        .map(|&k| (scatter_dice(k, 30), scatter_dice(k, 20)))
        .collect();
    assert_eq!(
        malus,
        [(1, 1), (1, 1), (1, 2), (1, 2), (2, 2), (2, 2), (2, 3)]
    );
}

#[test]
fn audit_a_partly_covered_base_takes_half_dan_rounded_half_up() {
    // «Cubiertas parcialmente, la mitad del DAÑ del ataque» with Redondeo («Hasta N'49 se
    // redondean a N, y para N'5 o más a N+1»): an R2 on b1 covers it wholly and b2 beside it
    // partly. CON 6 foes, no protection: every CH DEF (target 0, r9) fails.
    let tough = |x: u8, y: u8| C::new(race(6, 5, 4, 4), x, y).facing("S");
    for (dmg, half) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)] {
        let mut st = position(
            &open(11, 10),
            &[C::std(5, 1).weapon(grenade(dmg, (5 * dmg).min(10), "R2"))],
            &[tough(5, 6), tough(6, 7)],
            0,
        );
        let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 1, 9, 1]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP area 5 r3",
                "b1 CH DEF 0 r9",
                "b1 CH PSI 4 r1",
                "b2 CH DEF 0 r9",
                "b2 CH PSI 4 r1"
            ]
        );
        assert_eq!(wounds(&st), [0, dmg, half], "DAÑ {dmg}: half {half}");
    }
}

/// An armed mine (R5, ALC 2, DAÑ 3) of a1's lying on (5,1); a1 on (5,1) at altitude `a_alt`;
/// b1 (acting) on (5,4) at altitude `b_alt`, both with Retros (they may fly), facing S.
fn mined(a_alt: i8, b_alt: i8) -> engine::State {
    load(&mined_json(a_alt, b_alt))
}

/// [`mined`]'s position file.
fn mined_json(a_alt: i8, b_alt: i8) -> Value {
    let mine = json!({"name": "Mina", "ene": 2, "dmg": 3, "range": 2, "quality": 3,
                      "noise": "quiet", "traits": ["Área (R5)", "Área de activación"]});
    let flyer = |x: u8, y: u8, alt: i8| {
        C::new(race_t(4, 5, 4, 4, &["Retros"]), x, y)
            .set("altitude", alt)
            .facing("S")
    };
    let mut v = setup_json(
        &open(11, 12),
        &[flyer(5, 1, a_alt).weapon(mine)],
        &[
            flyer(5, 4, b_alt),
            C::std(0, 11).facing("S").status("acted"),
        ],
        1,
        10,
    );
    v["game"]["bombs"] = json!([{"owner": 0, "weapon": 0, "at": {"x": 5, "y": 1}, "armed": true}]);
    v
}

#[test]
fn audit_a_bomb_on_the_ground_keeps_to_relacion_entre_alturas() {
    // Relación entre alturas: «Una mini solo puede interactuar con otras minis moviéndose en su
    // misma altura. Las minis en alturas 1 y 2 pueden interactuar con acciones a distancia» — a
    // bomb lies on the ground (altitude 1): a flyer at altitude 3 passing over it does not set
    // it off …
    let mut st = mined(1, 3);
    let log = play(&mut st, &["b1 move 5,3"], &[]);
    assert_eq!((st.bombs().len(), wounds(&st)), (1, vec![0, 0, 0]));
    assert!(checks(&st, &log).is_empty());
    // … one at altitude 2 does (1 and 2 interact at a distance), and is reached.
    let mut st = mined(1, 2);
    play(&mut st, &["b1 move 5,3"], &[9, 2, 9, 2]);
    assert_eq!((st.bombs().len(), wounds(&st)), (0, vec![3, 3, 0]));
    // The blast reaches from the ground, whatever the altitude its owner has flown to: a1 at
    // altitude 3 above it is not reached, b1 walking in at altitude 1 is.
    let mut st = mined(3, 1);
    let log = play(&mut st, &["b1 move 5,3"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(wounds(&st), [0, 3, 0]);
}

#[test]
fn audit_a_lasting_area_reaches_only_what_may_be_reached_from_the_ground() {
    // Área permanente / Munición radiactiva leave their area «en el punto de impacto», on the
    // board's squares: as a bomb, a flyer at altitude 3 entering it is out of its reach; one at
    // altitude 2 or a walker is hit (DAÑ 2, CH DEF 0 r9).
    for (alt, hit) in [(3, false), (2, true), (1, true)] {
        let mut v = mined_json(1, alt);
        v["game"]["bombs"] = json!([]);
        v["game"]["lasting"] = json!([{"owner": 0, "dmg": 2,
                                        "squares": [[{"x": 5, "y": 3}, true]]}]);
        let mut st = load(&v);
        let dice: &[u8] = if hit { &[9, 2] } else { &[] };
        play(&mut st, &["b1 move 5,3"], dice);
        assert_eq!(st.ch(1).wounds, if hit { 2 } else { 0 }, "altitude {alt}");
    }
}
