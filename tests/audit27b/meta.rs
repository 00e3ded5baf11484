//! The meta-ability traits: Magia: anular («Anula un efecto, bonus, malus o invocación sobre un
//! objetivo»), Runas de vacío.

use super::*;
use engine::creation::effect::{CheckKind, Scope, Stat};
use serde_json::json;

fn meta(ene: u8, range: u8, cal: u8, traits: &[&str]) -> serde_json::Value {
    json!({"name": "M", "ene": ene, "range": range, "quality": cal, "traits": traits})
}

#[test]
fn audit_magia_anular_lifts_an_enemys_malus_from_an_ally_without_a_ch_vol_enf() {
    // b1's curse (Muy torpe, CH AGI −1) is on a2; a1 (Neuromante) cancels it: its CH INT only —
    // «Sobre un Pj enemigo: requiere superar un CH VOL ENF extra», and a2 is no enemy.
    let curse = meta(2, 5, 4, &["Cinético", "Muy torpe"]);
    let st0 = position(
        &open(11, 14),
        &[
            with(&["Neuromante"])
                .meta(meta(2, 5, 4, &["Invocación", "Magia: anular"]))
                .set("at", [5, 1])
                .facing("S"),
            C::std(4, 2).set("spell", "b1 m1").status("acted"),
        ],
        &[with(&["Cinético"])
            .meta(curse)
            .set("at", [5, 6])
            .facing("S")
            .status("acted")],
        0,
    );
    let agi = |st: &engine::State| {
        st.trait_check_mod(1, CheckKind::Attr(Stat::Agi), Scope::Any, None, None, false)
    };
    assert_eq!(agi(&st0), -1);
    let mut st = st0.clone();
    let log = play(&mut st, &["a1 meta m1 a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r3"]);
    assert_eq!(agi(&st), 0);
    // Failed (r5 > 4): the curse stays.
    let mut st = st0;
    play(&mut st, &["a1 meta m1 a2"], &[5]);
    assert_eq!(agi(&st), -1);
}

#[test]
fn audit_runas_de_vacio_not_against_an_allys_boon() {
    // a2 (Runas de vacío) takes a1's Piel de piedra (DEF + 1): no 1D10 of the runes, nothing
    // cancelled — «los efectos de una metahabilidad» of an enemy only («Puede»).
    let stone = meta(2, 1, 5, &["Mutación", "Duro"]);
    let mut st = position(
        &open(11, 14),
        &[
            with(&["Metamorfo"])
                .meta(stone)
                .set("at", [5, 1])
                .facing("S"),
            C::new(race_t(6, 5, 4, 4, &["Runas de vacío"]), 5, 2).status("acted"),
        ],
        &[C::std(0, 13).facing("S").status("acted")],
        0,
    );
    let log = play(&mut st, &["a1 meta m1 a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH CON meta 4 r3"]);
    assert_eq!(st.def_total(1, false), 1);
    assert!(!st.ch(1).has(engine::state::VOID_USED));
}

/// a1 (Neuromante and Cinético, INT 6, VOL 7) on (5, 1) with meta-ability `m`; a2 with
/// Resonador on (5, 6); b1 on (5, 8) — 7 K from a1, 2 K from a2.
fn through_resonator(m: serde_json::Value) -> engine::State {
    position(
        &open(11, 14),
        &[
            C::new(race_t(3, 5, 6, 7, &["Neuromante", "Cinético"]), 5, 1)
                .meta(m)
                .facing("S"),
            with(&["Resonador"]).set("at", [5, 6]).status("acted"),
        ],
        &[
            C::new(race(6, 5, 4, 4), 5, 8).facing("S"),
            C::std(0, 13).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_resonador_only_an_invocation_goes_through_it() {
    // «Un neuromante puede invocar desde este Pj»: its Invocación (ALC 3) reaches b1 through a2…
    let st = through_resonator(meta(2, 3, 4, &["Invocación"]));
    assert!(legal(&st, "a1 meta m1 b1"));
    // …its Bunkai (a cinético's, ALC 3) does not: no invocation.
    let st = through_resonator(meta(2, 3, 4, &["Bunkai"]));
    assert!(!legal(&st, "a1 meta m1 b1"));
    // Within its own ALC the Bunkai is as ever (b1 3 K from a1).
    let st = position(
        &open(11, 14),
        &[
            C::new(race_t(3, 5, 6, 7, &["Neuromante", "Cinético"]), 5, 1)
                .meta(meta(2, 3, 4, &["Bunkai"]))
                .facing("S"),
        ],
        &[C::new(race(6, 5, 4, 4), 5, 4).facing("S")],
        0,
    );
    assert!(legal(&st, "a1 meta m1 b1"));
}

#[test]
fn audit_reliquia_on_a_race_once_in_a_list() {
    // The race archetype «T» with Reliquia on two characters of one side: refused.
    let v = setup_json(
        &open(8, 8),
        &[
            with(&["Reliquia"]).set("at", [1, 0]),
            with(&["Reliquia"]).set("at", [3, 0]),
        ],
        &[C::std(4, 7)],
        0,
        10,
    );
    let e = load_error(&v);
    assert!(e.contains("race \"T\" has the trait Reliquia"), "{e}");
}
