//! CREACIÓN DE PERSONAJES / LISTAS DE JUEGO: the cost of every archetype of the shipped
//! `positions/catalogue.json`, recomputed by hand from the rulebook tables.
//!
//! Race attribute table (CREACIÓN DE RAZAS, paso 3):
//!   value 1 2 3 4 5 6 7 8 9 10 → -10 -5 0 5 10 20 40 80 150 300.
//! Weapon (CREACIÓN DE ARMAS, paso 5): table[ENE][DAÑ] + ALC + CAL + traits.
//! Protection (paso 6): DEF×3 + TAL + CAL − ENE + traits.
//! Meta-ability (paso 5): ALC + CAL − ENE×3 + traits.
//! Object (paso 5): ALC + CAL − ENE + traits.
//! Transport (paso 7): MOV + DEF×3 + CAL − ENE + traits.
//! Trait costs (BONUS Y MALUS) are quoted next to each use.

use crate::build::*;
use engine::creation::catalogue::Catalogue;
use engine::{Setup, State};

fn cat() -> Catalogue {
    Catalogue::shipped()
}

#[test]
fn race_costs() {
    let c = cat();
    let cost = |n: &str| c.race(n).unwrap_or_else(|| panic!("{n}")).cost();
    // Humano 4/4/4/4: 5 + 5 + 5 + 5.
    assert_eq!(cost("Humano"), 20);
    // Veterano 5/5/4/5 + Entrenado para vivir (5): 10 + 10 + 5 + 10 + 5.
    assert_eq!(cost("Veterano"), 40);
    // Cabo 4/4/4/5 + Estandarte (30): 5 + 5 + 5 + 10 + 30.
    assert_eq!(cost("Cabo"), 55);
    // Zelote 4/4/3/3 + Fanático (5) + Ansia de sangre (−5): 5 + 5 + 0 + 0 + 5 − 5.
    assert_eq!(cost("Zelote"), 10);
    // Orco 6/3/2/4 + Rabia (10): 20 + 0 − 5 + 5 + 10.
    assert_eq!(cost("Orco"), 30);
    // Elfo 3/6/5/5 + Profesión arquero (10) + Súper vista (3): 0 + 20 + 10 + 10 + 10 + 3.
    assert_eq!(cost("Elfo"), 53);
    // Enano 5/3/4/6 + Profesión bárbaro (10) + Lento (−10): 10 + 0 + 5 + 20 + 10 − 10.
    assert_eq!(cost("Enano"), 35);
    // Bestia 6/5/1/3 (MOV 2, not priced) + Gran bestia (10) + Ansia de sangre (−5) + Rápido (5):
    // 20 + 10 − 10 + 0 + 10 − 5 + 5.
    assert_eq!(cost("Bestia"), 30);
    // Hechicero 3/4/6/5 + Neuromante (1) + Profesión sabio (10): 0 + 5 + 20 + 10 + 1 + 10.
    assert_eq!(cost("Hechicero"), 46);
    // Monje 4/5/4/4 + Cinético (1) + Metamorfo (1) + Mente centrada (5): 5 + 10 + 5 + 5 + 7.
    assert_eq!(cost("Monje"), 32);
    assert_eq!(c.races.len(), 10, "every race is priced above");
}

#[test]
fn weapon_costs() {
    let c = cat();
    let cost = |n: &str| c.weapon(n).unwrap_or_else(|| panic!("{n}")).cost();
    // Cuchillo ENE 1 DAÑ 1 ALC 0 CAL 2: 8 + 0 + 2.
    assert_eq!(cost("Cuchillo"), 10);
    // Espada ENE 2 DAÑ 2 ALC 0 CAL 4: 11 + 0 + 4.
    assert_eq!(cost("Espada"), 15);
    // Hacha ENE 3 DAÑ 3 ALC 0 CAL 4 + Afilada (5): 13 + 0 + 4 + 5.
    assert_eq!(cost("Hacha"), 22);
    // Lanza ENE 2 DAÑ 2 ALC 0 CAL 3 + Contracarga (5): 11 + 0 + 3 + 5.
    assert_eq!(cost("Lanza"), 19);
    // Mandoble ENE 4 DAÑ 4 ALC 0 CAL 5 + A 2 manos (−3) + Arma pesada (−5): 16 + 5 − 3 − 5.
    assert_eq!(cost("Mandoble"), 13);
    // Garras ENE 2 DAÑ 2 ALC 0 CAL 5 + Matarife (10): 11 + 5 + 10.
    assert_eq!(cost("Garras"), 26);
    // Pistola ENE 2 DAÑ 2 ALC 8 CAL 4 + Cargadores (−5): 11 + 8 + 4 − 5.
    assert_eq!(cost("Pistola"), 18);
    // Fusil ENE 3 DAÑ 3 ALC 15 CAL 5 + Cargadores (−5): 13 + 15 + 5 − 5.
    assert_eq!(cost("Fusil"), 28);
    // Arco ENE 2 DAÑ 2 ALC 10 CAL 3: 11 + 10 + 3.
    assert_eq!(cost("Arco"), 24);
    // Ballesta ENE 3 DAÑ 3 ALC 12 CAL 4 + A 2 manos (−3) + Munición perforante (15):
    // 13 + 12 + 4 − 3 + 15.
    assert_eq!(cost("Ballesta"), 41);
    // Rifle de francotirador ENE 4 DAÑ 4 ALC 20 CAL 5 + Arma de francotirador (15) +
    // Cargadores (−5): 16 + 20 + 5 + 15 − 5.
    assert_eq!(cost("Rifle de francotirador"), 51);
    // Escopeta ENE 3 DAÑ 4 ALC 5 CAL 4 + Cargadores (−5) + Daño extra (3): 31 + 5 + 4 − 5 + 3.
    assert_eq!(cost("Escopeta"), 38);
    // Granada ENE 2 DAÑ 3 ALC 10 CAL 1 + Área (R3) (7, FORMA DEL ÁREA): 26 + 10 + 1 + 7.
    assert_eq!(cost("Granada"), 44);
    // Lanzallamas ENE 3 DAÑ 3 ALC 0 CAL 3 + Área (L5) (15): 13 + 0 + 3 + 15.
    assert_eq!(cost("Lanzallamas"), 31);
    assert_eq!(c.weapons.len(), 14);
}

#[test]
fn protection_costs() {
    let c = cat();
    let cost = |n: &str| c.protection(n).unwrap_or_else(|| panic!("{n}")).cost();
    // Piel ENE 0 DEF 1 TAL 0 CAL 1: 3 + 0 + 1 − 0.
    assert_eq!(cost("Piel"), 4);
    // Cuero ENE 1 DEF 1 TAL 4 CAL 3: 3 + 4 + 3 − 1.
    assert_eq!(cost("Cuero"), 9);
    // Cota de malla ENE 2 DEF 2 TAL 4 CAL 4: 6 + 4 + 4 − 2.
    assert_eq!(cost("Cota de malla"), 12);
    // Armadura de placas ENE 3 DEF 4 TAL 4 CAL 5 + Baño de acero (15): 12 + 4 + 5 − 3 + 15.
    assert_eq!(cost("Armadura de placas"), 33);
    // Escudo ENE 1 DEF 1 TAL 0 CAL 3 + Entrenado para vivir (5): 3 + 0 + 3 − 1 + 5.
    assert_eq!(cost("Escudo"), 10);
    // Chaleco antibalas ENE 1 DEF 2 TAL 4 CAL 3 + Absorción de impacto (10): 6 + 4 + 3 − 1 + 10.
    assert_eq!(cost("Chaleco antibalas"), 22);
    assert_eq!(c.protections.len(), 6);
}

#[test]
fn meta_ability_object_and_transport_costs() {
    let c = cat();
    let meta = |n: &str| c.meta_ability(n).unwrap_or_else(|| panic!("{n}")).cost();
    // Piel de piedra ENE 2 ALC 0 CAL 5 + Mutación (7) + Duro (15): 0 + 5 − 6 + 7 + 15.
    assert_eq!(meta("Piel de piedra"), 21);
    // Golpe de chi ENE 2 ALC 3 CAL 4 + Bunkai (7): 3 + 4 − 6 + 7.
    assert_eq!(meta("Golpe de chi"), 8);
    // Bola de fuego ENE 3 ALC 10 CAL 5 + Invocación (7): 10 + 5 − 9 + 7.
    assert_eq!(meta("Bola de fuego"), 13);
    // Dominar ENE 3 ALC 5 CAL 4 + Atadura (7) + Magia: despistar (5): 5 + 4 − 9 + 7 + 5.
    assert_eq!(meta("Dominar"), 12);
    assert_eq!(c.meta_abilities.len(), 4);
    let obj = |n: &str| c.object(n).unwrap_or_else(|| panic!("{n}")).cost();
    // Botiquín ENE 3 ALC 1 CAL 3: 1 + 3 − 3.
    assert_eq!(obj("Botiquín"), 1);
    // Bandera ENE 1 ALC 0 CAL 3 + Estandarte (30): 0 + 3 − 1 + 30.
    assert_eq!(obj("Bandera"), 32);
    // Catalejo ENE 1 ALC 0 CAL 2 + Súper vista (3): 0 + 2 − 1 + 3.
    assert_eq!(obj("Catalejo"), 4);
    assert_eq!(c.objects.len(), 3);
    // Caballo ENE 1 MOV 3 DEF 1 CAL 3 + Caballería (5): 3 + 3 + 3 − 1 + 5.
    let horse = c.transport("Caballo").unwrap();
    assert_eq!(horse.cost(), 13);
    assert_eq!(c.transports.len(), 1);
}

#[test]
fn character_cost_is_the_sum_of_its_archetypes_minimum_ten() {
    // duel.json: Tirador = Humano 20 + Fusil 28 + Cuchillo 10 + Cuero 9;
    // Espadachín = Veterano 40 + Espada 15 + Cota de malla 12.
    let st = wartime_tests::load("duel.json");
    assert_eq!((st.info(0).cost, st.info(1).cost), (67, 67));
    // A race 1/1/1/1 alone: −10 × 4 = −40 → the minimum of 10.
    let a = [C::new(race(1, 1, 1, 1), 1, 1)];
    let st = load(&setup_json(
        &open(6, 6),
        &a,
        &[C::std(4, 4).facing("S")],
        0,
        10,
    ));
    assert_eq!(st.info(0).cost, 10);
    // Standard race 25 + sword 15 + protection DEF 2 TAL 4 CAL 4 ENE 1 (6 + 4 + 4 − 1 = 13).
    let a = [C::std(1, 1).weapon(sword()).prot(prot(1, 2, 4, 4, &[]))];
    let st = load(&setup_json(
        &open(6, 6),
        &a,
        &[C::std(4, 4).facing("S")],
        0,
        10,
    ));
    assert_eq!(st.info(0).cost, 25 + 15 + 13);
}

#[test]
fn a_list_over_the_points_limit_is_rejected() {
    // Two Humano (20) = 40 against a limit of 39.
    let mut v = setup_json(
        &open(6, 6),
        &[
            C::new(race(4, 4, 4, 4), 1, 1),
            C::new(race(4, 4, 4, 4), 2, 1),
        ],
        &[C::std(4, 4).facing("S")],
        0,
        10,
    );
    v["scenario"]["points_limit"] = 39.into();
    let s = Setup::from_json(&v.to_string()).unwrap();
    let e = State::from_setup(&s, None).unwrap_err();
    assert_eq!(e.field, "sides.A");
    assert!(e.reason.contains("40"), "{e}");
    v["scenario"]["points_limit"] = 40.into();
    let s = Setup::from_json(&v.to_string()).unwrap();
    assert!(State::from_setup(&s, None).is_ok());
}
