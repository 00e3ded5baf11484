//! Ambiente hostil (RULES.md, "Ambiente hostil"): «Several zones touching the roller each check
//! the result» — a clause with no test until audit 29b (pinned, no change).

use super::*;
use crate::hostile::{triggers, with_zones};
use serde_json::json;

#[test]
fn audit_hostile_every_zone_touching_the_roller_checks_the_die() {
    // A1 on (2, 2) stands in an Adverso zone (DAÑ 1; 10 strikes) and touches an Agresivo one on
    // (3, 3) (DAÑ 2; 9–10 strike). Its CH INT of 10 strikes from both, zone by zone: CH DEF 0
    // r5 against DAÑ 1 (1 wound, CH PSI r3), then against DAÑ 2 (2 more, CH PSI r3).
    let zones = || {
        json!([
            {"squares": [[2, 2]], "level": "adverso", "harm": {"def": {"dmg": 1}}},
            {"squares": [[3, 3]], "level": "agresivo", "harm": {"def": {"dmg": 2}}}
        ])
    };
    let mut st = load(&with_zones(zones(), (2, 2)));
    let log = play(&mut st, &["a1 perceive"], &[10, 5, 3, 5, 3]);
    assert_eq!(triggers(&log), [10, 10]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT perceive 4 r10",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r3",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!(st.ch(0).wounds, 3);
    // A 9 is the Agresivo zone's only: DAÑ 2 once.
    let mut st = load(&with_zones(zones(), (2, 2)));
    let log = play(&mut st, &["a1 perceive"], &[9, 5, 3]);
    assert_eq!(triggers(&log), [9]);
    assert_eq!(st.ch(0).wounds, 2);
}
