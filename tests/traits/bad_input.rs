//! Bad trait input (issue 16, "Bad input"): an unknown trait, a trait on an archetype kind it
//! cannot go on, a trait whose parameter is missing — one error naming the archetype and the
//! trait, never a panic.

use super::*;

/// The load error of a position whose a1 wears a protection "Capa" with these traits.
fn error_with(traits: &[&str]) -> String {
    let mut p = prot(0, 1, 4, 3, traits);
    p["name"] = "Capa".into();
    let a = C::std(1, 1).set("protections", vec![p]);
    let v = setup_json(&open(6, 6), &[a], &[C::std(4, 4)], 0, 10);
    load_error(&v)
}

#[test]
fn an_unknown_trait_names_the_archetype_and_the_trait() {
    let e = error_with(&["Superpoder"]);
    assert!(e.contains("protection \"Capa\""), "{e}");
    assert!(e.contains("unknown trait \"Superpoder\""), "{e}");
}

#[test]
fn a_trait_on_a_kind_it_cannot_go_on_names_both() {
    // «[Metahab.] Duerme a un enemigo tranquilo.»: a meta-ability's trait.
    let e = error_with(&["Magia: dormir"]);
    assert!(e.contains("protection \"Capa\""), "{e}");
    assert!(
        e.contains("Magia: dormir goes only on a meta-ability"),
        "{e}"
    );
    // «Esta arma no inflige heridas.»
    let e = error_with(&["Sin daño"]);
    assert!(e.contains("Sin daño goes only on a weapon"), "{e}");
    // «Esta protección protege de estrés …» is fine on a protection.
    assert!(error_with(&["Muro", "Superpoder"]).contains("Superpoder"));
}

#[test]
fn a_missing_trait_parameter_names_the_archetype_and_the_trait() {
    for t in ["Alérgico", "Alérgico ()", "Resistencia a ( )"] {
        let e = error_with(&[t]);
        assert!(e.contains("protection \"Capa\""), "{t}: {e}");
        assert!(e.contains("needs its parameter in brackets"), "{t}: {e}");
    }
}
