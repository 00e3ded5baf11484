//! Tests of actions and their notation: print then parse is the identity.

use super::*;

struct Two;
impl Roster for Two {
    fn label(&self, idx: CharIdx) -> String {
        ["a1", "b1"][idx as usize].to_string()
    }
    fn find(&self, label: &str) -> Option<CharIdx> {
        ["a1", "b1"]
            .iter()
            .position(|l| *l == label)
            .map(|i| i as CharIdx)
    }
    fn weapon_count(&self, _: CharIdx) -> u8 {
        1
    }
}

#[test]
fn only_marks_are_a_parse_error_not_a_panic() {
    for text in ["+", "chain", "facing n", "facing N +", "", "   "] {
        assert!(parse(text, &Two, ParseContext::Acting).is_err(), "{text:?}");
    }
}

#[test]
fn physical_and_item_actions_round_trip() {
    let kinds = [
        (
            ActKind::Ram {
                target: 1,
                to: Pos::new(3, 4),
            },
            "a1 ram b1 3,4",
        ),
        (
            ActKind::Throw {
                target: 1,
                weapon: 0,
            },
            "a1 throw b1 w1",
        ),
        (ActKind::Drop { weapon: 0 }, "a1 drop w1"),
        (
            ActKind::Club {
                target: 1,
                weapon: 0,
            },
            "a1 club b1 w1",
        ),
        (ActKind::Tie { target: 1 }, "a1 tie b1"),
        (ActKind::Untie, "a1 untie"),
        (
            ActKind::Trade {
                with: 1,
                give: Some(0),
                take: None,
            },
            "a1 trade b1 give w1",
        ),
        (
            ActKind::Trade {
                with: 1,
                give: None,
                take: Some(0),
            },
            "a1 trade b1 take w1",
        ),
        (
            ActKind::Trade {
                with: 1,
                give: Some(0),
                take: Some(0),
            },
            "a1 trade b1 give w1 take w1",
        ),
        (ActKind::Loot { body: 1, weapon: 0 }, "a1 loot b1 w1"),
        (ActKind::Eliminate { body: 1 }, "a1 eliminate b1"),
        (
            ActKind::PickUp {
                owner: 1,
                weapon: 0,
            },
            "a1 pickup b1 w1",
        ),
        (ActKind::Search { element: 1 }, "a1 search e2"),
        (
            ActKind::Use {
                object: 0,
                target: 1,
            },
            "a1 use o1 b1",
        ),
        (ActKind::Draw { target: 1 }, "a1 draw b1"),
        // Curar / Reparar on equipment.
        (
            ActKind::Heal {
                target: 0,
                item: Some(super::Fix::Weapon(0)),
            },
            "a1 heal a1 w1",
        ),
        (
            ActKind::Heal {
                target: 1,
                item: Some(super::Fix::Protection(1)),
            },
            "a1 heal b1 p2",
        ),
        (
            ActKind::Heal {
                target: 0,
                item: Some(super::Fix::Transport(2)),
            },
            "a1 heal t3",
        ),
        (
            ActKind::Heal {
                target: 1,
                item: None,
            },
            "a1 heal b1",
        ),
    ];
    let mut keys = std::collections::HashSet::new();
    for (kind, text) in kinds {
        let a = Action::Act {
            who: 0,
            kind,
            chain: false,
            face: None,
        };
        assert_eq!(
            Notation {
                action: a,
                roster: &Two
            }
            .to_string(),
            text
        );
        assert_eq!(parse(text, &Two, ParseContext::Acting), Ok(a));
        assert!(keys.insert(a.key()), "{text}: key shared");
    }
    // Bad input is one clear error.
    for text in [
        "a1 ram b1",
        "a1 ram 3,4 b1",
        "a1 throw",
        "a1 drop w2",
        "a1 untie b1",
        "a1 trade b1",
        "a1 trade b1 give",
        "a1 trade b1 take w1 give w1",
        "a1 trade b1 give w1 give w1",
        "a1 trade b1 swap w1",
        "a1 loot",
        "a1 eliminate",
        "a1 heal b1 p0",
        "a1 heal b1 w2",
        "a1 heal t1 w1",
    ] {
        assert!(parse(text, &Two, ParseContext::Acting).is_err(), "{text}");
    }
}

#[test]
fn print_then_parse_is_identity() {
    let a = Action::Act {
        who: 0,
        kind: ActKind::Shoot {
            target: 1,
            weapon: 0,
            mode: ShotMode::Long,
        },
        chain: true,
        face: Some(Facing::NE),
    };
    let text = Notation {
        action: a,
        roster: &Two,
    }
    .to_string();
    assert_eq!(text, "a1 shoot-long b1 w1 facing NE +");
    assert_eq!(parse(&text, &Two, ParseContext::Acting), Ok(a));
}

#[test]
fn mental_actions_round_trip_and_have_distinct_keys() {
    let kinds = [
        (ActKind::Hack { target: 1 }, "a1 hack b1"),
        (ActKind::HealStress { target: 0 }, "a1 heal-stress a1"),
        (ActKind::CounterMagic, "a1 counter-magic"),
        (ActKind::MentalCombat { target: 1 }, "a1 mental-combat b1"),
        (ActKind::Possess { target: 1 }, "a1 possess b1"),
        (ActKind::Mark { target: 1 }, "a1 mark b1"),
    ];
    let mut keys = std::collections::HashSet::new();
    for (kind, want) in kinds {
        for (ctx, a) in [
            (
                ParseContext::Acting,
                Action::Act {
                    who: 0,
                    kind,
                    chain: false,
                    face: None,
                },
            ),
            (ParseContext::Reacting, Action::Reaction { who: 0, kind }),
        ] {
            let text = Notation {
                action: a,
                roster: &Two,
            }
            .to_string();
            assert_eq!(text, want);
            assert_eq!(parse(&text, &Two, ctx), Ok(a));
            assert!(keys.insert(a.key()), "{a:?}");
        }
    }
    // Spanish aliases.
    for (alias, want) in [
        ("a1 corromper b1", "a1 hack b1"),
        ("a1 hackear b1", "a1 hack b1"),
        ("a1 curar_estres a1", "a1 heal-stress a1"),
        ("a1 contramagia", "a1 counter-magic"),
        ("a1 combate_mental b1", "a1 mental-combat b1"),
        ("a1 poseer b1", "a1 possess b1"),
        ("a1 marcar b1", "a1 mark b1"),
    ] {
        let a = parse(alias, &Two, ParseContext::Acting).unwrap();
        let text = Notation {
            action: a,
            roster: &Two,
        }
        .to_string();
        assert_eq!(text, want);
    }
    assert!(parse("a1 hack", &Two, ParseContext::Acting).is_err());
    assert!(parse("a1 hack zz", &Two, ParseContext::Acting).is_err());
    assert!(parse("a1 counter-magic b1", &Two, ParseContext::Acting).is_err());
}

#[test]
fn meta_round_trips_with_its_aliases_and_rejects_bad_text() {
    let a = Action::Act {
        who: 0,
        kind: ActKind::Meta { meta: 1, target: 1 },
        chain: true,
        face: None,
    };
    let text = Notation {
        action: a,
        roster: &Two,
    }
    .to_string();
    assert_eq!(text, "a1 meta m2 b1 +");
    assert_eq!(parse(&text, &Two, ParseContext::Acting), Ok(a));
    for alias in [
        "a1 usar_metahabilidad m2 b1 +",
        "a1 mantener_metahabilidad M2 b1+",
    ] {
        assert_eq!(parse(alias, &Two, ParseContext::Acting), Ok(a));
    }
    let other = Action::Act {
        who: 0,
        kind: ActKind::Meta { meta: 0, target: 1 },
        chain: true,
        face: None,
    };
    assert_ne!(a.key(), other.key());
    for bad in [
        "a1 meta",
        "a1 meta m1",
        "a1 meta b1",
        "a1 meta m0 b1",
        "a1 meta w1 b1",
        "a1 meta m1 zz",
        "a1 meta m1 b1 b1",
    ] {
        assert!(parse(bad, &Two, ParseContext::Acting).is_err(), "{bad}");
    }
}
