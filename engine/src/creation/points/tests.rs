//! Tests of the points and validation of every archetype kind, against the rulebook tables
//! (CREACIÓN DE RAZAS, ARMAS, PROTECCIONES, METAHABILIDADES, OBJETOS, TRANSPORTES).

use super::*;

fn t(s: &str) -> TraitRef {
    s.parse().unwrap()
}

fn race(con: u8, agi: u8, int: u8, vol: u8, traits: &[&str]) -> Race {
    Race {
        name: "Prueba".into(),
        con,
        agi,
        int,
        vol,
        mov: 1,
        traits: traits.iter().map(|s| t(s)).collect(),
    }
}

fn weapon(ene: u8, dmg: u8, range: u8, quality: u8, traits: &[&str]) -> Weapon {
    Weapon {
        name: "Espada".into(),
        ene,
        dmg,
        range,
        quality,
        noise: Default::default(),
        material: None,
        traits: traits.iter().map(|s| t(s)).collect(),
    }
}

fn protection(ene: u8, def: u8, size: u8, quality: u8) -> Protection {
    Protection {
        name: "Cota".into(),
        ene,
        def,
        size,
        quality,
        traits: vec![],
    }
}

#[test]
fn weapon_table_spot_checks() {
    assert_eq!(weapon_table(1, 1), Some(8));
    assert_eq!(weapon_table(3, 2), Some(1));
    assert_eq!(weapon_table(10, 10), Some(48));
    assert_eq!(weapon_table(1, 7), None);
    assert_eq!(weapon_table(8, 1), None);
    assert_eq!(weapon_table(10, 3), None);
    assert_eq!(weapon_table(10, 4), Some(-929));
    assert_eq!(weapon_table(5, 10), Some(1548));
    assert_eq!(weapon_table(6, 5), Some(0));
    assert_eq!(weapon_table(0, 1), None);
    assert_eq!(weapon_table(1, 11), None);
}

#[test]
fn race_costs() {
    // Humano 4/4/4/4: 5 + 5 + 5 + 5 = 20.
    assert_eq!(race(4, 4, 4, 4, &[]).cost(), 20);
    // 1/2/3/10: −10 − 5 + 0 + 300 = 285.
    assert_eq!(race(1, 2, 3, 10, &[]).cost(), 285);
    // 6/7/8/9 + Profesión arquero + Muy torpe: 20 + 40 + 80 + 150 + 10 − 10 = 290.
    assert_eq!(
        race(6, 7, 8, 9, &["Profesión arquero", "Muy torpe"]).cost(),
        290
    );
    // 4/4/4/5 + Estandarte: 5 + 5 + 5 + 10 + 30 = 55.
    assert_eq!(race(4, 4, 4, 5, &["Estandarte"]).cost(), 55);
}

#[test]
fn weapon_costs() {
    // ENE 1 DAÑ 1 ALC 0 CAL 2: 8 + 0 + 2 = 10.
    assert_eq!(weapon(1, 1, 0, 2, &[]).cost(), 10);
    // ENE 2 DAÑ 2 ALC 8 CAL 4 + Cargadores (6): 11 + 8 + 4 − 5 = 18.
    assert_eq!(weapon(2, 2, 8, 4, &["Cargadores (6)"]).cost(), 18);
    // ENE 3 DAÑ 3 ALC 0 CAL 4 + Afilada: 13 + 0 + 4 + 5 = 22.
    assert_eq!(weapon(3, 3, 0, 4, &["Afilada"]).cost(), 22);
    // ENE 7 DAÑ 2 ALC 10 CAL 1 + Área (R3): −300 + 10 + 1 + 7 = −282.
    assert_eq!(weapon(7, 2, 10, 1, &["Área (R3)"]).cost(), -282);
    // The same + Área despreciable: the area costs 0, the trait 3: −300 + 10 + 1 + 0 + 3.
    let w = weapon(7, 2, 10, 1, &["Área (R3)", "Área despreciable"]);
    assert_eq!(w.cost(), -286);
}

#[test]
fn other_archetype_costs() {
    // Protection ENE 3 DEF 4 TAL 4 CAL 5 + Baño de acero: 12 + 4 + 5 − 3 + 15 = 33.
    let mut p = protection(3, 4, 4, 5);
    p.traits.push(t("Baño de acero"));
    assert_eq!(p.cost(), 33);
    // Piel ENE 0 DEF 1 TAL 0 CAL 1: 3 + 0 + 1 − 0 = 4.
    assert_eq!(protection(0, 1, 0, 1).cost(), 4);
    // Meta ENE 3 ALC 10 CAL 5 + Invocación: 10 + 5 − 9 + 7 = 13.
    let m = MetaAbility {
        name: "Bola de fuego".into(),
        ene: 3,
        range: 10,
        quality: 5,
        traits: vec![t("Invocación")],
    };
    assert_eq!(m.cost(), 13);
    // Object ENE 3 ALC 1 CAL 3: 1 + 3 − 3 = 1.
    let o = Object {
        name: "Botiquín".into(),
        ene: 3,
        range: 1,
        quality: 3,
        traits: vec![],
        binds: false,
    };
    assert_eq!(o.cost(), 1);
    // Transport ENE 1 MOV 3 DEF 1 CAL 3 + Caballería: 3 + 3 + 3 − 1 + 5 = 13.
    let tr = Transport {
        name: "Caballo".into(),
        ene: 1,
        mov: 3,
        def: 1,
        quality: 3,
        traits: vec![t("Caballería")],
        weapons: vec![],
        protections: vec![],
        objects: vec![],
        invocations: vec![],
    };
    assert_eq!(tr.cost(), 13);
    // Paso 5, Equipo: a mounted weapon and a protection add their own costs (RULES.md,
    // Transportes: a transport's own equipment); the protection adds its DEF.
    let armed = Transport {
        weapons: vec![weapon(2, 3, 10, 3, &[])],
        protections: vec![protection(1, 1, 0, 2)],
        ..tr.clone()
    };
    let gear = weapon(2, 3, 10, 3, &[]).cost() + protection(1, 1, 0, 2).cost();
    assert_eq!(armed.cost(), 13 + gear);
    assert_eq!(armed.own_cost(), 13);
    assert_eq!(armed.total_def(), 2);
    // Paso 5's objects and invocations at their own costs too.
    let kit = Object {
        traits: vec![t("Anfibio")],
        ..o.clone()
    };
    let spirit = m.clone();
    let full = Transport {
        objects: vec![kit.clone()],
        invocations: vec![spirit.clone()],
        ..armed.clone()
    };
    assert_eq!(full.cost(), armed.cost() + kit.cost() + spirit.cost());
    assert!(full.validate().is_ok());
    let e = err_of(
        Transport {
            invocations: vec![MetaAbility {
                traits: vec![],
                ..spirit
            }],
            ..armed.clone()
        }
        .validate(),
    );
    assert!(
        e.contains("invocations[0]") && e.contains("no trait Invocación"),
        "{e}"
    );
    // Levelled trait: Escudo de energía (4) on a protection ENE 1 DEF 1 TAL 0 CAL 2:
    // 3 + 0 + 2 − 1 + 5×4 = 24.
    let mut s = protection(1, 1, 0, 2);
    s.traits.push(t("Escudo de energía (4)"));
    assert_eq!(s.cost(), 24);
}

fn err_of(r: Result<(), ArchetypeError>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn race_validation() {
    let e = err_of(race(11, 4, 4, 4, &[]).validate());
    assert_eq!(
        e,
        "race \"Prueba\": CON 11 outside 1..=10 (CREACIÓN DE RAZAS, paso 1)"
    );
    assert!(err_of(race(4, 0, 4, 4, &[]).validate()).contains("AGI 0 outside 1..=10"));
    assert!(err_of(race(4, 4, 0, 4, &[]).validate()).contains("INT 0"));
    assert!(err_of(race(4, 4, 4, 12, &[]).validate()).contains("VOL 12"));
    let mut r = race(4, 4, 4, 4, &[]);
    r.mov = 0;
    let e = r.validate().unwrap_err();
    assert_eq!(
        (e.kind, e.archetype.as_str(), e.rule.as_str()),
        ("race", "Prueba", "MOV 0 < 1")
    );
    assert!(race(4, 4, 4, 4, &[]).validate().is_ok());
    assert!(race(1, 10, 1, 10, &[]).validate().is_ok());
}

#[test]
fn weapon_validation() {
    let e = err_of(weapon(2, 2, 12, 4, &[]).validate());
    assert_eq!(
        e,
        "weapon \"Espada\": ALC 12 > 5×DAÑ (10) (CREACIÓN DE ARMAS, paso 2)"
    );
    assert!(weapon(2, 2, 10, 4, &[]).validate().is_ok());
    let e = err_of(weapon(1, 7, 0, 4, &[]).validate());
    assert_eq!(
        e,
        "weapon \"Espada\": ENE 1 × DAÑ 7 is an x cell of the weapon table \
         (CREACIÓN DE ARMAS, paso 1)"
    );
    assert!(err_of(weapon(0, 1, 0, 4, &[]).validate()).contains("ENE 0 outside 1..=10"));
    assert!(err_of(weapon(11, 1, 0, 4, &[]).validate()).contains("ENE 11 outside 1..=10"));
    assert!(err_of(weapon(1, 0, 0, 4, &[]).validate()).contains("DAÑ 0 outside 1..=10"));
    let e = err_of(weapon(1, 1, 0, 0, &[]).validate());
    assert_eq!(
        e,
        "weapon \"Espada\": CAL 0 outside 1..=10 (CREACIÓN DE ARMAS, paso 3)"
    );
    assert!(err_of(weapon(1, 1, 0, 11, &[]).validate()).contains("CAL 11"));
}

#[test]
fn protection_validation() {
    assert!(protection(0, 1, 0, 1).validate().is_ok());
    let e = err_of(protection(1, 0, 4, 3).validate());
    assert_eq!(
        e,
        "protection \"Cota\": DEF 0 outside 1..=10 (CREACIÓN DE PROTECCIONES, paso 2)"
    );
    assert!(err_of(protection(1, 11, 4, 3).validate()).contains("DEF 11"));
    assert!(err_of(protection(1, 2, 11, 3).validate()).contains("TAL 11 outside 0..=10"));
    assert!(err_of(protection(1, 2, 4, 0).validate()).contains("CAL 0 outside 1..=10"));
}

#[test]
fn meta_object_transport_validation() {
    let mut m = MetaAbility {
        name: "Dominar".into(),
        ene: 0,
        range: 5,
        quality: 4,
        traits: vec![],
    };
    assert_eq!(
        err_of(m.validate()),
        "meta_ability \"Dominar\": ENE 0 < 1 (CREACIÓN DE METAHABILIDADES, paso 1)"
    );
    m.ene = 3;
    m.quality = 11;
    assert!(err_of(m.validate()).contains("CAL 11 outside 1..=10"));
    m.quality = 4;
    assert!(m.validate().is_ok());

    let mut o = Object {
        name: "Botiquín".into(),
        ene: 0,
        range: 1,
        quality: 3,
        traits: vec![],
        binds: false,
    };
    assert_eq!(
        err_of(o.validate()),
        "object \"Botiquín\": ENE 0 < 1 (CREACIÓN DE OBJETOS, paso 1)"
    );
    o.ene = 3;
    o.quality = 0;
    assert!(err_of(o.validate()).contains("CAL 0"));
    o.quality = 3;
    assert!(o.validate().is_ok());

    let ok = Transport {
        name: "Caballo".into(),
        ene: 1,
        mov: 3,
        def: 1,
        quality: 3,
        traits: vec![],
        weapons: vec![],
        protections: vec![],
        objects: vec![],
        invocations: vec![],
    };
    assert!(ok.validate().is_ok());
    let e = err_of(
        Transport {
            weapons: vec![weapon(2, 3, 10, 3, &[]); 5],
            ..ok.clone()
        }
        .validate(),
    );
    assert!(e.contains("5 weapons mounted; at most 4"), "{e}");
    let e = err_of(
        Transport {
            ene: 0,
            ..ok.clone()
        }
        .validate(),
    );
    assert_eq!(
        e,
        "transport \"Caballo\": ENE 0 < 1 (CREACIÓN DE TRANSPORTES, paso 1)"
    );
    let e = err_of(
        Transport {
            mov: 0,
            ..ok.clone()
        }
        .validate(),
    );
    assert_eq!(
        e,
        "transport \"Caballo\": MOV 0 < 1 (CREACIÓN DE TRANSPORTES, paso 2)"
    );
    let e = err_of(
        Transport {
            def: 0,
            ..ok.clone()
        }
        .validate(),
    );
    assert!(e.contains("DEF 0 outside 1..=10"), "{e}");
    let e = err_of(Transport { quality: 11, ..ok }.validate());
    assert!(e.contains("CAL 11 outside 1..=10"), "{e}");
}

#[test]
fn trait_level_validation() {
    let mut p = protection(1, 1, 0, 2);
    p.traits.push(t("Escudo de energía (11)"));
    assert_eq!(
        err_of(p.validate()),
        "protection \"Cota\": trait Escudo de energía level 11 outside 1..=10 (BONUS Y MALUS)"
    );
    p.traits[0] = t("Escudo de energía");
    assert!(err_of(p.validate()).contains("level 0 outside 1..=10"));
    p.traits[0] = t("Escudo de energía (10)");
    assert!(p.validate().is_ok());
    let mut w = weapon(1, 1, 0, 2, &["Área (R3)"]);
    assert!(w.validate().is_ok());
    w.traits[0].text = Some("R99".into());
    assert!(err_of(w.validate()).contains("not in the area table"));
}
