//! Audit 21b: the BONUS Y MALUS catalogue read again against the engine, entry by entry —
//! independent rule cases (a position, scripted dice, an action and the exact outcome the text
//! implies) for the numbers no other test pinned, and for the disagreements found and fixed.
//! Fixtures: `build.rs` and `traits/mod.rs` (`range`, `contact`, `with`, `gun`, `armour`).

use crate::build::*;
use crate::traits::{armour, contact, gun, range, with};

mod psyche;
mod rerolls;

/// A case of modifiers: traits of the attacker, of its weapon, of the target (or of b2), and
/// two expected numbers.
type Case = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    u8,
    u8,
);
/// A DAÑ case: traits of the attacker, of its weapon, the target's race, ALC, the wounds.
type DanCase = (
    &'static [&'static str],
    &'static [&'static str],
    serde_json::Value,
    u8,
    u8,
);

/// A tough target (CON 9) so that wounds never end it.
pub(crate) fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}

// --- Redondeo («Hasta N'49 se redondean a N, y para N'5 o más a N+1», CONCEPTOS BÁSICOS) in the
// traits that halve a number.

#[test]
fn municion_aliento_de_dragon_alc_half_rounds_half_up() {
    // «ALC /2»: ALC 5 → 2,5 → 3 K. A shot at 3 K is legal, at 4 K not.
    let w = || weapon(2, 2, 5, 5, &["Munición aliento de dragón"]);
    let st = range(C::std(0, 0).weapon(w()), C::std(0, 0), 3);
    assert!(legal(&st, "a1 shoot b1 w1"));
    let st = range(C::std(0, 0).weapon(w()), C::std(0, 0), 4);
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn municion_experimental_dan_plus_three_within_half_alc_rounded_half_up() {
    // «DAÑ +3 a ALC/2»: ALC 5 → 3 K. DAÑ 1 at 3 K: 4 wounds (CH DEF 0 failed r9).
    let w = || weapon(2, 1, 5, 5, &["Munición experimental"]);
    for (d, wounds) in [(3, 4), (4, 1)] {
        let mut st = range(C::std(0, 0).weapon(w()), tough(&[]), d);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
        );
        assert_eq!(st.ch(1).wounds, wounds, "at {d} K");
    }
}

#[test]
fn gran_bestia_with_odd_con_half_rounds_half_up() {
    // «Solo es herido con DAÑ > CON/2»: CON 5 → 2,5 → 3; DAÑ 3 does not wound it, DAÑ 4 does.
    let beast = || C::new(race_t(5, 5, 1, 3, &["Gran bestia"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 3, 0, 4, &[])), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn miembros_prescindibles_a_limb_holds_con_half_rounded_half_up() {
    // «hasta CON/2»: CON 5 → 3. DAÑ 4 on the left arm (zone r1): 3 to it (lost), 1 to the head.
    let b = C::new(race_t(5, 5, 4, 4, &["Miembros prescindibles"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), b);
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 1, 2]);
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (1, [3, 0, 0, 0]));
    assert_eq!(st.lost_arms(1), 1);
}

#[test]
fn otra_oportunidad_def_half_rounds_half_up() {
    // «Tiene un 2º CH DEF con DEF /2»: DEF 5 → 3. Failed r6, the second CH DEF 3 passes r3:
    // DAÑ 2 − DEF 3 = no wounds.
    let a = C::std(0, 0).weapon(gun(2, &[]));
    let mut st = range(a, C::std(0, 0).prot(armour(5, &["Otra oportunidad"])), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 5 r6", "b1 CH DEF 3 r3"]
    );
    assert_eq!(st.ch(1).wounds, 0);
}

// --- «DAÑ x2» doubles the DAÑ, not the wounds (as ÁREAS' «la mitad del DAÑ» halves the DAÑ).

#[test]
fn blandito_doubles_the_dan_before_the_ch_def() {
    // «Sufre DAÑ x2»: DAÑ 3 → 6 against DEF 2; a passed CH DEF (r2) leaves 6 − 2 = 4 wounds.
    let mut st = range(
        C::std(0, 0).weapon(gun(3, &[])),
        tough(&["Blandito"]).prot(armour(2, &[])),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 4);
    // Failed (r9): all 6.
    let mut st = range(
        C::std(0, 0).weapon(gun(3, &[])),
        tough(&["Blandito"]).prot(armour(2, &[])),
        5,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 6);
}

#[test]
fn alergico_doubles_the_dan_of_its_substance_before_the_ch_def() {
    // «Una sustancia te provoca DAÑ x2»: a «Bala de plata» of DAÑ 3 against DEF 2, passed: 4.
    let mut w = gun(3, &[]);
    w["name"] = "Bala de plata".into();
    let mut st = range(
        C::std(0, 0).weapon(w),
        tough(&["Alérgico (plata)"]).prot(armour(2, &[])),
        5,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 2]);
    assert_eq!(st.ch(1).wounds, 4);
}

// --- «CH ATR» reaches the CH PSI and the CH LOC: PSICOLOGÍA, «CH PSI.- Se realiza con un CH
// VOL», «CH LOC.- Se realiza con un CH VOL».

/// a1 shoots b1 (the holder of `traits`, VOL 4) with a DAÑ 1 gun: CH IMP r3, CH DEF 0 r9, then
/// b1's CH PSI with the dice that follow. Returns the checks.
fn wounded_psi(traits: &[&str], turn: u8, psi: &[u8]) -> Vec<String> {
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(traits).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["game"]["turn"] = turn.into();
    v["scenario"]["turn_limit"] = 8.into();
    let mut st = load(&v);
    let mut dice = vec![3, 9];
    dice.extend_from_slice(psi);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &dice);
    checks(&st, &log)
}

#[test]
fn mal_agujero_ch_atr_minus_one_reaches_the_ch_psi() {
    // «CH ATR -1»: the CH PSI of the wounded holder is VOL 4 − 1.
    assert_eq!(wounded_psi(&["Mal agujero"], 1, &[2])[2], "b1 CH PSI 3 r2");
}

#[test]
fn borracho_reaches_the_ch_psi_after_the_third_turn() {
    // «Después del 3er turno, CH ATR -1 acumulativo cada turno»: turn 5, CH PSI 4 − 2.
    assert_eq!(wounded_psi(&["Borracho"], 5, &[2])[2], "b1 CH PSI 2 r2");
    assert_eq!(wounded_psi(&["Borracho"], 3, &[2])[2], "b1 CH PSI 4 r2");
}

#[test]
fn elite_ultra_repeats_a_failed_ch_psi() {
    // «Puede repetir CH ATR»: the failed CH PSI (r7) is rolled again (r2) and passed: no stress.
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(&["Élite ultra"]).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["scenario"]["turn_limit"] = 8.into();
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 7, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 4 r2");
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn condenado_a_level_of_vol_lowers_the_ch_vol_once() {
    // «Pierde 1 nivel de CON, AGI, INT, REA y VOL»: one level lost (doom 1, VOL 4 → 3). The CH
    // VOL of La mano de la muerte is 3, not 2 (the level counted once); its CH IMP is AGI 5 − 1.
    let a = [
        with(&["Condenado"])
            .set("at", [3, 2])
            .set("wounds", 2)
            .set("vol_loss", 1)
            .set("runs", serde_json::json!({"doom": 1})),
        C::std(4, 2),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    let log = play(&mut st, &["a1 death-hand a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL death hand 3 r3"]);
    use engine::creation::effect::{CheckKind, Scope, Stat};
    let m = |k| st.trait_check_mod(0, k, Scope::Any, None, None, true);
    assert_eq!(
        (
            m(CheckKind::Hit),
            m(CheckKind::Attr(Stat::Con)),
            m(CheckKind::Attr(Stat::Vol))
        ),
        (-1, -1, 0)
    );
}

#[test]
fn municion_aturdidora_ch_atr_minus_one_reaches_the_ch_psi_and_the_ch_enf_once() {
    // «Si el objetivo es impactado … gana CH ATR -1»: the hit stuns b1, its wound's CH PSI is
    // VOL 4 − 1.
    let a = C::std(0, 0).weapon(gun(2, &["Munición aturdiradora"]));
    let mut st = range(a, tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 3 r2"]
    );
    // A CH ENF is the attribute's target plus what is written for the CH ENF alone: −1 once.
    use engine::creation::effect::{CheckKind, Scope, Stat};
    let m = |k| st.trait_check_mod(1, k, Scope::Any, None, None, false);
    assert_eq!(
        (m(CheckKind::Attr(Stat::Vol)), m(CheckKind::Enf(Stat::Vol))),
        (-1, 0)
    );
}

#[test]
fn coctel_de_vitaminas_next_activation_minus_one_reaches_the_ch_psi() {
    // «Siguiente actuación, -1 a todos los atributos» (trait_marks bit 4 on b1): its CH PSI is
    // VOL 4 − 1.
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(&[]).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["game"]["trait_marks"] = serde_json::json!([{"who": 1, "bits": 4}]);
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
}

// --- The catalogue's fixed modifiers no other test pinned, each by a scripted case: the
// standard race (CON 4, AGI 5, INT 4, VOL 4) shoots at 5 K (CH IMP 5) or strikes in base contact
// (CH IMP 5); r9 misses so the attack ends there.

/// a1 (with `a`'s build) shoots b1 at 5 K; a2 (`a2`) stands beside a1, b2 (`b2`) beside b1.
/// Returns the checks of a shot whose dice are `dice`, and the state after it.
pub(crate) fn shot_with_friends(
    a: C,
    a2: C,
    b: C,
    b2: C,
    dice: &[u8],
) -> (Vec<String>, engine::State) {
    let mut st = position(
        &open(11, 16),
        &[
            a.set("at", [5, 1]).facing("S"),
            a2.set("at", [4, 1]).facing("S").status("acted"),
        ],
        &[
            b.set("at", [5, 6]).facing("S"),
            b2.set("at", [6, 6]).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st)
}

/// The CH IMP of a1's shot at 5 K (r9, a miss) with traits on a1, its gun, b1.
pub(crate) fn shot_imp(a: &[&str], w: &[&str], b: &[&str]) -> String {
    let mut st = range(with(a).weapon(gun(2, w)), with(b), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    checks(&st, &log).remove(0)
}

/// The CH IMP of a1's melee attack on b1 (r9, a miss).
fn melee_imp(a: &[&str], b: &[&str]) -> String {
    let mut st = contact(with(a).weapon(sword()), with(b));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    checks(&st, &log).remove(0)
}

#[test]
fn ch_imp_modifiers_of_the_catalogue() {
    let none: &[&str] = &[];
    // (traits of a1, of its weapon, of b1) → CH IMP at range, in melee.
    let cases: &[Case] = &[
        (none, none, none, 5, 5),
        // Arma complicada «CH IMP -1» (the weapon's; the sword has none).
        (none, &["Arma complicada"], none, 4, 4),
        // Difícil de matar «Enemigo CH IMP -1».
        (none, none, &["Difícil de matar"], 4, 4),
        // Camuflaje «Enemigo tiene CH IMP -1 a distancia».
        (none, none, &["Camuflaje"], 4, 5),
        // Fosforito «CH IMP +1 a distancia» (its enemies').
        (none, none, &["Fosforito"], 6, 5),
        // Pequeño «CH IMP -1 en CaC. Enemigos CH IMP -1.»
        (none, none, &["Pequeño"], 4, 4),
        (&["Pequeño"], none, none, 5, 4),
        // Odiado «Enemigo en CaC CH IMP +1 y DAÑ +1»; Odio «CH IMP y DAÑ +1 en CaC».
        (none, none, &["Odiado"], 5, 6),
        (&["Odio"], none, none, 5, 6),
        // Munición trazadora «CH IMP +2 a distancia».
        (none, &["Munición trazadora"], none, 7, 5),
        // Piernas muy cortas «CH IMP -1 en CaC».
        (&["Piernas muy cortas"], none, none, 5, 4),
        // Profesión gladiador «CH IMP +1 en CaC»; Profesión arquero «CH IMP +1 a distancia».
        (&["Profesión gladiador"], none, none, 5, 6),
        (&["Profesión arquero"], none, none, 6, 5),
        // The CH IMP of physical weapons is a CH AGI (COMBATE): Muy torpe, Mala hechura «CH AGI
        // -1», Profesión acróbata «CH AGI +1».
        (&["Muy torpe"], none, none, 4, 4),
        (&["Mala hechura"], none, none, 4, 4),
        (&["Profesión acróbata"], none, none, 6, 6),
        // Señor de Medusa «Enemigos CaC o a distancia, CH AGI -2 contra este personaje».
        (none, none, &["Señor de Medusa"], 3, 3),
        // Hálito de entumecimiento «Enemigos a 5K CH AGI -1» (b1 is 5 K / 1 K from a1).
        (none, none, &["Hálito de entumecimiento"], 4, 4),
    ];
    for &(a, w, b, ranged, melee) in cases {
        let sw: Vec<&str> = w
            .iter()
            .copied()
            .filter(|t| *t != "Munición trazadora")
            .collect();
        assert_eq!(
            shot_imp(a, w, b),
            format!("a1 CH IMP {ranged} r9"),
            "{a:?} {w:?} {b:?}"
        );
        // The melee weapon carries the weapon's traits but the ranged-only ammunition.
        let mut st = contact(with(a).weapon(weapon(2, 2, 0, 4, &sw)), with(b));
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(
            checks(&st, &log)[0],
            format!("a1 CH IMP {melee} r9"),
            "melee {a:?} {w:?} {b:?}"
        );
    }
    assert_eq!(melee_imp(&[], &[]), "a1 CH IMP 5 r9");
}

#[test]
fn ch_imp_auras_of_allies() {
    // Grito de fuego «Ali. a 5K, CH IMP +1 en combate a distancia» and Presencia de destreza
    // «Aliados a 5K CH AGI +1» (on a2 beside a1): 6.
    for aura in ["Grito de fuego", "Presencia de destreza"] {
        let (c, _) = shot_with_friends(
            C::std(0, 0).weapon(gun(2, &[])),
            with(&[aura]),
            C::std(0, 0),
            C::std(0, 0),
            &[9],
        );
        assert_eq!(c, ["a1 CH IMP 6 r9"], "{aura}");
    }
    // Grito de oscuridad «Enemigos atacando a aliados a 5K de este personaje sufren CH IMP-1»
    // (b2 beside b1): 4.
    let (c, _) = shot_with_friends(
        C::std(0, 0).weapon(gun(2, &[])),
        C::std(0, 0),
        C::std(0, 0),
        with(&["Grito de oscuridad"]),
        &[9],
    );
    assert_eq!(c, ["a1 CH IMP 4 r9"]);
}

#[test]
fn ch_def_modifiers_of_the_catalogue() {
    // b1 wears DEF 3; a1's DAÑ 4 gun hits (r3); b1's CH DEF r3 — its target, and the wounds.
    let none: &[&str] = &[];
    let cases: &[Case] = &[
        // (a1's traits, b1's race traits, b2's traits) → CH DEF target, wounds on r3.
        (none, none, none, 3, 1),
        // Refuerzo / Profesión caballero «CH DEF +1» (the check, not the DEF).
        (none, &["Refuerzo"], none, 4, 1),
        (none, &["Profesión caballero"], none, 4, 1),
        // Maldita armadura «CH DEF -1»: 2 fails r3: all 4.
        (none, &["Maldita armadura"], none, 2, 4),
        // Escuchimizado «DEF -1 (mínimo 0)»: DEF 2, failed: 4.
        (none, &["Escuchimizado"], none, 2, 4),
        // Duro / Baño de acero «DEF +1»: DEF 4, passed r3: 4 − 4 = 0.
        (none, &["Duro"], none, 4, 0),
        (none, &["Baño de acero"], none, 4, 0),
        // Hálito de podredumbre «Enemigos a 5K CH DEF -1» (a1, 5 K away): 2.
        (&["Hálito de podredumbre"], none, none, 2, 4),
        // Señor de la corrosión «Enemigos … CH DEF -2 contra este personaje»: 1.
        (&["Señor de la corrosión"], none, none, 1, 4),
        // Presencia de protección «Aliados 5K CH DEF +1» (b2 beside b1): 4.
        (none, none, &["Presencia de protección"], 4, 1),
    ];
    for &(a, b, b2, def, wounds) in cases {
        let (c, st) = shot_with_friends(
            with(a).weapon(weapon(2, 4, 10, 5, &[])),
            C::std(0, 0),
            tough(b).prot(armour(3, &[])),
            with(b2),
            if wounds > 0 {
                &[3, 3, 2][..]
            } else {
                &[3, 3][..]
            },
        );
        assert_eq!(
            c[..2],
            ["a1 CH IMP 5 r3".to_string(), format!("b1 CH DEF {def} r3")],
            "{a:?} {b:?} {b2:?}"
        );
        // b1 is index 2 (side A first: a1, a2).
        assert_eq!(st.ch(2).wounds, wounds, "{a:?} {b:?} {b2:?} {c:?}");
    }
}

/// The wounds of a hit of a DAÑ 3 weapon (ALC `alc`: 0 melee, else a shot at 5 K) by a1 (traits
/// `a`, weapon traits `w`) on b1 (race `b`, no protection: CH DEF 0 fails r9).
fn hit_wounds(a: &[&str], w: &[&str], b: serde_json::Value, alc: u8) -> u8 {
    let a = with(a).weapon(weapon(2, 3, alc, 4, w));
    let b = C::new(b, 0, 0);
    let (mut st, act) = if alc == 0 {
        (contact(a, b), vec!["a1 melee b1 w1"])
    } else {
        (range(a, b, 5), vec!["a1 shoot b1 w1", "pass"])
    };
    let mut d = engine::ScriptedDice::new(vec![3, 9, 2]);
    let mut log = engine::Log::recording();
    for t in act {
        let a = st.parse_action(t).unwrap();
        st.apply(&a, &mut d, &mut log).unwrap();
    }
    st.ch(1).wounds
}

#[test]
fn dan_modifiers_of_the_catalogue() {
    let b = |t: &[&str]| race_t(9, 5, 4, 4, t);
    let none: &[&str] = &[];
    // (a1, weapon, b1 race, ALC) → wounds (DAÑ 3, failed CH DEF 0).
    let cases: Vec<DanCase> = vec![
        (none, none, b(none), 10, 3),
        (none, none, b(none), 0, 3),
        // Filo romo «DAÑ-1».
        (none, &["Filo romo"], b(none), 10, 2),
        // Absorción de impacto «Enemigo tiene DAÑ -1»; Señor de la laceración «… DAÑ -2».
        (none, none, b(&["Absorción de impacto"]), 10, 2),
        (none, none, b(&["Señor de la laceración"]), 0, 1),
        // Munición reforzada «DAÑ +1 a distancia».
        (none, &["Munición reforzada"], b(none), 10, 4),
        // Munición bendecida «DAÑ +2 contra INT 6 o más».
        (none, &["Munición bendecida"], race(9, 5, 6, 4), 10, 5),
        (none, &["Munición bendecida"], race(9, 5, 5, 4), 10, 3),
        // Matamuertos «DAÑ +2 a enemigos "no vivos"».
        (none, &["Matamuertos"], b(&["No vivo"]), 0, 5),
        (none, &["Matamuertos"], b(none), 0, 3),
        // Odio «CH IMP y DAÑ +1 en CaC»; Odiado «Enemigo en CaC … DAÑ +1».
        (&["Odio"], none, b(none), 0, 4),
        (&["Odio"], none, b(none), 10, 3),
        (none, none, b(&["Odiado"]), 0, 4),
        // Grito de hielo «Enemigos a 5K DAÑ-1 en CaC» (b1's, a1 in contact).
        (none, none, b(&["Grito de hielo"]), 0, 2),
        (none, none, b(&["Grito de hielo"]), 10, 3),
        // Rabia «CH IMP +1, DAÑ +1 y DEF -1 en CaC».
        (&["Rabia"], none, b(none), 0, 4),
    ];
    for (a, w, bt, alc, wounds) in cases {
        let what = format!("{a:?} {w:?} {bt} ALC {alc}");
        assert_eq!(hit_wounds(a, w, bt, alc), wounds, "{what}");
    }
}

/// b1 (VOL 4, traits `b`, b2 beside it with `b2`) is wounded by a1's shot (a1 with `a`): the
/// checks from b1's CH PSI on (dice after the CH IMP r3 and CH DEF r9).
fn psi_checks(a: &[&str], b: &[&str], b2: &[&str], psi: &[u8]) -> Vec<String> {
    let mut dice = vec![3, 9];
    dice.extend_from_slice(psi);
    let (c, _) = shot_with_friends(
        with(a).weapon(weapon(2, 1, 5, 5, &[])),
        C::std(0, 0),
        tough(b),
        with(b2),
        &dice,
    );
    c[2..].to_vec()
}

#[test]
fn ch_vol_psi_and_loc_modifiers_of_the_catalogue() {
    let none: &[&str] = &[];
    // Muy miedoso «CH VOL -1»; Profesión mago «CH VOL +1» (a CH PSI is a CH VOL).
    assert_eq!(
        psi_checks(none, &["Muy miedoso"], none, &[2]),
        ["b1 CH PSI 3 r2"]
    );
    assert_eq!(
        psi_checks(none, &["Profesión mago"], none, &[2]),
        ["b1 CH PSI 5 r2"]
    );
    // Hálito de miedo «Enemigos a 5K CH VOL -1» (a1's, 5 K from b1).
    assert_eq!(
        psi_checks(&["Hálito de miedo"], none, none, &[2]),
        ["b1 CH PSI 3 r2"]
    );
    // Presencia de honor «Aliados a 5K CH VOL +1»; Estandarte «CH VOL +1 a aliados a 10 K».
    assert_eq!(
        psi_checks(none, none, &["Presencia de honor"], &[2]),
        ["b1 CH PSI 5 r2"]
    );
    // Élite valiente «Puede repetir CH VOL»; Aura de obstinación «Aliados a 5K repiten CH VOL».
    assert_eq!(
        psi_checks(none, &["Élite valiente"], none, &[7, 2]),
        ["b1 CH PSI 4 r2"]
    );
    assert_eq!(
        psi_checks(none, none, &["Aura de obstinación"], &[7, 2]),
        ["b1 CH PSI 4 r2"]
    );
    // Rey Dragón «Siempre supera los CH VOL»: a 9 passes.
    let c = psi_checks(none, &["Rey Dragón"], none, &[9]);
    assert_eq!(c, ["b1 CH PSI 4 r9"]);
    // Loco «CH LOC -1»: a fumbled CH PSI (r10) brings a CH LOC, VOL 4 − 1.
    let c = psi_checks(none, &["Loco"], none, &[10, 2]);
    assert_eq!(c, ["b1 CH PSI 4 r10", "b1 CH LOC 3 r2"]);
}

// --- ENE, initiative, reach and sight.

#[test]
fn explorador_plus_one_to_the_initiative_roll() {
    // «+1 a la tirada de ventaja»: a1 (VOL 4, Explorador) rolls 6: 11; b1 (VOL 4) rolls 5: 9.
    let mut v = setup_json(
        &open(11, 12),
        &[with(&["Explorador"])
            .set("at", [5, 1])
            .set("status", serde_json::json!([]))],
        &[C::std(5, 9).set("status", serde_json::json!([]))],
        0,
        10,
    );
    v["game"]["decision"] = serde_json::json!({"kind": "initiative", "side": "A"});
    let mut st = load(&v);
    let log = play(&mut st, &["init a1", "init b1"], &[6, 5]);
    assert!(log.events.contains(&engine::Event::Initiative {
        totals: [11, 9],
        winner: engine::Side::A
    }));
}

#[test]
fn sin_sangre_and_maestro_carnicero_change_the_ene_of_every_weapon() {
    // A gun of ENE 2: «Cualquier arma cuesta ENE +1» 3; «ENE -1 en armas con AGI» (the CH IMP
    // of a physical weapon is a CH AGI) 1.
    for (t, ene) in [
        (&[][..], 2),
        (&["Sin sangre"][..], 3),
        (&["Maestro carnicero"][..], 1),
    ] {
        let mut st = range(with(t).weapon(gun(2, &[])), C::std(0, 0), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(spent(&log), [ene], "{t:?}");
    }
}

#[test]
fn genio_estratega_allies_within_three_k_start_with_one_ene_more() {
    // «Aliados a 3 K, ENE+1 al iniciar su actuación»: a1 (CON 2, AGI 2, ENE 0) gains 4, + 1
    // with a2's Genio estratega 1 K away; not 4 K away.
    for (at, ene) in [([4u8, 1u8], 5), ([1, 1], 4)] {
        let a = [
            C::new(race(2, 2, 4, 4), 5, 1)
                .set("ene", 0)
                .set("status", serde_json::json!([])),
            with(&["Genio estratega"])
                .set("at", at.to_vec())
                .status("acted"),
        ];
        let mut v = setup_json(&open(11, 12), &a, &[C::std(5, 9).status("acted")], 0, 4);
        v["game"]["decision"] = serde_json::json!({"kind": "activate", "side": "A"});
        let mut st = load(&v);
        play(&mut st, &["activate a1"], &[]);
        assert_eq!(st.ch(0).ene, ene, "a2 at {at:?}");
    }
}

#[test]
fn corto_de_vista_and_mucho_mas_alcance() {
    // «CdV -5K»: VOL 4 → 20 − 5 = 15 K.
    let st = range(with(&["Corto de vista"]), C::std(0, 0), 5);
    assert_eq!(st.view_range(0), 15);
    // «ALC +10 K»: a gun of ALC 4 reaches 14 K.
    let g = |t: &[&str]| with(&[]).weapon(weapon(2, 1, 4, 5, t));
    assert!(legal(
        &range(g(&["Mucho más alcance"]), C::std(0, 0), 14),
        "a1 shoot b1 w1"
    ));
    assert!(!legal(&range(g(&[]), C::std(0, 0), 14), "a1 shoot b1 w1"));
    // Más alcance «ALC +5 K»: 9, not 10.
    assert!(legal(
        &range(g(&["Más alcance"]), C::std(0, 0), 9),
        "a1 shoot b1 w1"
    ));
    assert!(!legal(
        &range(g(&["Más alcance"]), C::std(0, 0), 10),
        "a1 shoot b1 w1"
    ));
}

// --- CH PSI traits: Cobarde, Horror, Acobardamiento.

#[test]
fn cobarde_and_horror_need_a_ch_psi_to_attack() {
    // Cobarde «Debe superar un CH PSI para atacar»: failed (r7), the attack fails (no CH IMP),
    // +1 stress.
    let mut st = range(with(&["Cobarde"]).weapon(gun(2, &[])), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[7]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r7"]);
    assert_eq!(st.ch(0).stress, 1);
    // Passed (r2): the attack goes on.
    let mut st = contact(with(&["Cobarde"]).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[2, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r2", "a1 CH IMP 5 r9"]);
    // Horror «Enemigo CH PSI para poder atacar CaC»: in melee only.
    let mut st = contact(with(&[]).weapon(sword()), with(&["Horror"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[7]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r7"]);
    assert_eq!(shot_imp(&[], &[], &["Horror"]), "a1 CH IMP 5 r9");
}

#[test]
fn acobardamiento_on_a_weapon_a_hit_makes_the_target_check_psi() {
    // «Si impacta, objetivo CH PSI», the weapon's trait: a hit (r3) whose CH DEF is a critical
    // (r1, no wound): b1 still makes the CH PSI (r7, failed: +1 stress).
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Acobardamiento"])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 1, 7]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1", "b1 CH PSI 4 r7"]
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).stress), (0, 1));
    // A miss: nothing.
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Acobardamiento"])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn psicopata_and_devora_almas_on_a_weapon_act_when_it_is_used() {
    // Psicópata «ENE +1 cada vez que hiera a alguien» on the sword: a1 (ENE 8) pays 2 and
    // wounds b1 (DAÑ 2, CH DEF 0 r9): 8 − 2 + 1 = 7.
    let mut st = contact(
        with(&[]).weapon(weapon(2, 2, 0, 4, &["Psicópata"])),
        tough(&[]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(0).ene, 7);
    // Devora almas «-1 herida si mata en CaC» on the sword: a1 (1 wound) kills b1 (CON 1, DAÑ 3
    // > CON): 0 wounds left.
    let mut st = contact(
        with(&[])
            .set("wounds", 1)
            .weapon(weapon(2, 3, 0, 4, &["Devora almas"])),
        C::new(race(1, 5, 4, 4), 0, 0),
    );
    play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert!(st.dead(1));
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn rematador_on_a_weapon_what_it_kills_does_not_rise() {
    // «Lo que mata no puede resucitar», the gun's trait: b1 (Resurrección) killed by it never
    // rolls again.
    let a = with(&[]).weapon(weapon(4, 4, 10, 5, &["Rematador"]));
    let mut st = range(a, with(&["Resurrección"]).set("wounds", 3), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert!(st.dead(1));
    assert!(st.ch(1).tbits & engine::state::NO_RISE != 0);
    let mut d = engine::ScriptedDice::new(vec![]);
    engine::actions::trait_actions::resurrections(&mut st, &mut d, &mut engine::Log::recording());
    assert!(st.dead(1));
}

#[test]
fn duro_does_not_count_for_sobrecarga_bano_de_acero_does() {
    // MODIFICADORES, «Por sobrecarga.- CH IMP y CH AGI -1 por cada punto de DEF por encima de CON
    // - heridas»: CON 4 wearing DEF 4 (TAL 4). Baño de acero «DEF +1»: DEF 5, CH IMP 5 − 1; Duro
    // «DEF +1. No cuenta para sobrecarga»: CH IMP 5.
    for (t, imp) in [("Baño de acero", 4), ("Duro", 5)] {
        let a = with(&[t]).weapon(gun(2, &[])).prot(armour(4, &[]));
        let mut st = range(a, C::std(0, 0), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {imp} r9")], "{t}");
    }
}

#[test]
fn cojitranco_every_terrain_one_level_harder() {
    // «Terreno un nivel más difícil» (fácil +0 → difícil +1 → extremo +2 → one more): a
    // corridor of difficult, difficult, easy, extreme, easy squares from a1 on (1, 1).
    use engine::Action;
    let board = rows(&["########", "#.,,.~.#", "########", "........"]);
    let st = position(
        &board,
        &[with(&["Cojitranco"]).set("at", [1, 1])],
        &[C::std(7, 3).facing("S")],
        0,
    );
    let cost = |text: &str| match st.parse_action(text).unwrap() {
        Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    };
    // Mover (1) into difficult: 1 + 2; Esprintar (3) through extreme: 3 + 3.
    assert_eq!(cost("a1 move 2,1"), 3);
    assert_eq!(cost("a1 sprint 6,1"), 6);
    // On open ground: Mover 1 + 1.
    let st = range(with(&["Cojitranco"]), C::std(0, 0), 5);
    match st.parse_action("a1 move 5,0").unwrap() {
        Action::Act { who, kind, .. } => assert_eq!(st.action_cost(who, &kind), 2),
        a => panic!("{a:?}"),
    }
}

#[test]
fn afilada_is_lost_with_a_fumble() {
    // «DAÑ +1 en CaC. Se pierde con pifia»: a1's sharp sword (DAÑ 2) on b1 (CON 9): 3 wounds.
    let blade = || weapon(2, 2, 0, 6, &["Afilada"]);
    let mut st = contact(with(&[]).weapon(blade()), tough(&[]));
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
    // A fumbled CH IMP (r10): the fumble's DAÑ 1 hit on a1 (its CH DEF a critical, r1: no
    // wound) and the sword's wear; the edge is gone — the next hit is DAÑ 2 − 1 (wear) = 1, no
    // + 1 (it would be 2 with the edge).
    let mut st = contact(with(&[]).weapon(blade()), tough(&[]));
    play(&mut st, &["a1 melee b1 w1"], &[10, 1]);
    assert_eq!(st.ch(0).wounds, 0);
    assert!(st.weapon_blunt(0, Some(0)));
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 1);
    // Saved and loaded, it stays blunt (`runs.blunt`).
    let s = st.to_setup();
    let back = engine::State::from_setup(&s, None).unwrap();
    assert!(back.weapon_blunt(0, Some(0)));
    assert_eq!(back.to_setup(), s);
}

#[test]
fn a_2_manos_used_one_handed_ch_imp_minus_one() {
    // «Necesita 2 miembros útiles para poder usarse. A una mano, CH IMP -1»: with 2 limbs, 5;
    // Sin miembro (1 limb; its own CH IMP −1): 5 − 1 − 1 = 3; Sin miembro and Miembro extra (2
    // limbs): 4. Another weapon with Sin miembro: 4.
    let cases: &[(&[&str], &[&str], u8)] = &[
        (&[], &["A 2 manos"], 5),
        (&["Sin miembro"], &["A 2 manos"], 3),
        (&["Sin miembro", "Miembro extra"], &["A 2 manos"], 4),
        (&["Sin miembro"], &[], 4),
    ];
    for &(a, w, imp) in cases {
        assert_eq!(
            shot_imp(a, w, &[]),
            format!("a1 CH IMP {imp} r9"),
            "{a:?} {w:?}"
        );
    }
}
