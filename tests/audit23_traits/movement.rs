//! Movement traits: Súper salto («Puede saltar 10 K (ENE 5 y CH AGI). Si despega o cae en
//! terreno difícil, CH AGI. Si falla, ENE-2 y CH CON. Si falla, 3 her.»), Piernas muy cortas
//! («No puede esprintar»), Sed de sangre («Tras acabar con su oponente en CaC»).

use super::*;
use serde_json::json;

/// a1 (`traits`, standard race) on (1, 5) of a 14 × 10 board with `row` as row 5; b1 far.
fn leaps(traits: &[&str], row: &str) -> engine::State {
    let mut board = open(14, 10);
    board[5] = row.into();
    let mut v = setup_json(
        &board,
        &[with(traits).set("at", [1, 5])],
        &[C::std(13, 0)],
        0,
        10,
    );
    v["board"]["heights"] = json!(vec!["0".repeat(14); 10]);
    load(&v)
}

#[test]
fn audit_super_salto_taking_off_from_difficult_ground_checks_agi() {
    // «Si despega … en terreno difícil, CH AGI»: a1 stands on difficult ground and lands on
    // easy ground 4 K away. r5 passes (AGI 5): ENE 5 and nothing more.
    let row = ".,............";
    let mut st = leaps(&["Súper salto"], row);
    let log = play(&mut st, &["a1 super-jump 5,5"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI super jump 5 r5"]);
    assert_eq!(
        (st.ch(0).pos, st.ch(0).ene, st.ch(0).wounds),
        (sq(5, 5), 3, 0)
    );
}

#[test]
fn audit_super_salto_a_passed_ch_con_takes_no_wounds_but_the_ene_is_lost() {
    // «Si falla, ENE-2 y CH CON. Si falla, 3 her.»: r6 fails the CH AGI (ENE 8 − 5 − 2 = 1),
    // the CH CON 4 r4 passes: no wounds.
    let mut st = leaps(&["Súper salto"], ".,............");
    let log = play(&mut st, &["a1 super-jump 5,5"], &[6, 4]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI super jump 5 r6", "a1 CH CON super jump 4 r4"]
    );
    assert_eq!(
        (st.ch(0).pos, st.ch(0).ene, st.ch(0).wounds),
        (sq(5, 5), 1, 0)
    );
}

#[test]
fn audit_piernas_muy_cortas_cannot_sprint() {
    // «No puede esprintar»: no Esprintar offered (Correr still is).
    let sprints = |t: &[&str]| {
        let st = range(with(t), C::std(0, 0), 9);
        let l = all_legal(&st);
        (
            l.iter().any(|a| a.starts_with("a1 sprint")),
            l.iter().any(|a| a.starts_with("a1 run")),
        )
    };
    assert_eq!(sprints(&[]), (true, true));
    assert_eq!(sprints(&["Piernas muy cortas"]), (false, true));
}

#[test]
fn audit_sed_de_sangre_a_kill_at_range_gives_no_extra_charge() {
    // «Tras acabar con su oponente en CaC»: a1 (MOV 1, Sed de sangre) kills b1 (3 wounds) with
    // a shot; b2 stands 6 K away — reached only with the +2 K a melee kill would give.
    let st0 = |b2x: u8| {
        position(
            &open(14, 12),
            &[with(&["Sed de sangre"])
                .weapon(gun(2, &[]))
                .set("at", [5, 1])
                .facing("S")],
            &[
                C::std(5, 6).set("wounds", 3).facing("S"),
                C::std(b2x, 1).facing("E"),
            ],
            0,
        )
    };
    for (b2x, charges) in [(11u8, false), (10, true)] {
        let mut st = st0(b2x);
        play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
        assert!(!st.able(1));
        assert_eq!(
            reach(&st, 0, "charge") > 0,
            charges,
            "b2 {} K away",
            b2x - 5
        );
    }
}
