//! Engine benchmarks (see PERFORMANCE.md): `cargo bench -p wartime-benches`.
//!
//! * `clone/battle_6v6`: cloning a 6v6 state (what search does at every node);
//! * `legal_actions/battle_6v6_first_act`: legal action generation into a reused buffer at the
//!   first Act decision of battle_6v6 (reached by random play with a fixed seed), cold (the
//!   movement memo forgotten first, as for a new state) and `_warm` (same state again);
//! * `apply/battle_6v6_move`, `apply/battle_6v6_shoot`: clone + `apply_unchecked` of a typical
//!   action there (a plain Mover; a shot, at the first Act decision that offers one, then the
//!   pass of the early reaction window it opens, which resolves it); `_cold`: the movement
//!   memo forgotten first (`forget_memo` alone is benched too);
//! * `random_game/battle_6v6`: a whole random game from the start to the end (random legal
//!   actions, dice and picks seeded differently at every iteration).

use criterion::{criterion_group, criterion_main, Criterion};
use engine::state::CharState;
use engine::{ActKind, Action, DecisionKind, Log, SeededDice, State};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

fn load(name: &str) -> State {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions")
        .join(name);
    State::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// SplitMix64: picks random legal actions.
struct Pick(u64);

impl Pick {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        engine::basics::dice::splitmix64(self.0)
    }
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays random actions (fixed seed) until `stop` says so; None if the game ends first.
fn play_until(st0: &State, seed: u64, stop: impl Fn(&State, &[Action]) -> bool) -> Option<State> {
    let mut st = st0.clone();
    let mut dice = SeededDice::new(seed);
    let mut pick = Pick(seed);
    let mut buf = Vec::new();
    while !st.is_terminal() {
        st.legal_actions(&mut buf);
        if stop(&st, &buf) {
            return Some(st);
        }
        let a = buf[pick.below(buf.len())];
        st.apply_unchecked(&a, &mut dice, &mut Log::off());
    }
    None
}

/// A whole random game; returns the number of actions taken.
fn random_game(st0: &State, seed: u64, buf: &mut Vec<Action>) -> usize {
    let mut st = st0.clone();
    let mut dice = SeededDice::new(seed);
    let mut pick = Pick(seed ^ 0xA5A5_A5A5);
    let mut n = 0;
    let mut log = Log::off();
    while !st.is_terminal() {
        st.legal_actions(buf);
        let a = buf[pick.below(buf.len())];
        st.apply_unchecked(&a, &mut dice, &mut log);
        n += 1;
    }
    n
}

fn is_act(st: &State) -> bool {
    st.decision() == DecisionKind::Act
}

fn bench(c: &mut Criterion) {
    let battle = load("battle_6v6.json");
    eprintln!(
        "size_of::<CharState>() = {} bytes; State: {} bytes + {} characters inline",
        std::mem::size_of::<CharState>(),
        std::mem::size_of::<State>(),
        battle.num_chars()
    );
    let mut buf = Vec::with_capacity(1024);
    let mut n = 0;
    for seed in 0..200 {
        n += random_game(&battle, seed, &mut buf);
    }
    eprintln!(
        "battle_6v6 random games: {:.1} actions on average",
        n as f64 / 200.0
    );

    let mut g = c.benchmark_group("engine");
    g.warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(50);

    g.bench_function("clone/battle_6v6", |b| {
        b.iter(|| black_box(&battle).clone())
    });

    let act = play_until(&battle, 1, |s, _| is_act(s)).expect("an Act decision");
    act.legal_actions(&mut buf);
    eprintln!(
        "first Act decision of battle_6v6: {}, {} legal actions",
        act.describe_decision(),
        buf.len()
    );
    // Cold: as on a state never seen (the movement memo forgotten first); warm: again on the
    // same arrangement of bases (the reachable squares come from the memo).
    g.bench_function("legal_actions/battle_6v6_first_act", |b| {
        b.iter(|| {
            engine::actions::movement::forget_memo();
            black_box(&act).legal_actions(&mut buf);
            buf.len()
        })
    });
    g.bench_function("legal_actions/battle_6v6_first_act_warm", |b| {
        b.iter(|| {
            black_box(&act).legal_actions(&mut buf);
            buf.len()
        })
    });

    act.legal_actions(&mut buf);
    let mv = *buf
        .iter()
        .find(|a| {
            matches!(
                a,
                Action::Act {
                    kind: ActKind::Move(_),
                    chain: false,
                    ..
                }
            )
        })
        .expect("a Mover at the first Act decision");
    eprintln!("apply/battle_6v6_move: {}", act.notation(&mv));
    // Warm: right after the legal actions of that state (as in play and search); cold: the
    // movement memo forgotten first, so the destination is searched for again.
    g.bench_function("apply/battle_6v6_move", |b| {
        b.iter(|| {
            let mut s = black_box(&act).clone();
            s.apply_unchecked(&mv, &mut SeededDice::new(0), &mut Log::off());
            s
        })
    });
    g.bench_function("apply/battle_6v6_move_cold", |b| {
        b.iter(|| {
            engine::actions::movement::forget_memo();
            let mut s = black_box(&act).clone();
            s.apply_unchecked(&mv, &mut SeededDice::new(0), &mut Log::off());
            s
        })
    });
    g.bench_function("forget_memo", |b| {
        b.iter(engine::actions::movement::forget_memo)
    });

    let is_shot = |a: &Action| {
        matches!(
            a,
            Action::Act {
                kind: ActKind::Shoot { .. },
                chain: false,
                ..
            }
        )
    };
    let shoot_at = play_until(&battle, 1, |s, l| is_act(s) && l.iter().any(is_shot));
    if let Some(sh) = shoot_at {
        sh.legal_actions(&mut buf);
        let a = *buf.iter().find(|a| is_shot(a)).unwrap();
        // A shot declared against an enemy opens the early reaction window when someone may
        // react; passing it resolves the shot (CH IMP, CH DEF, wounds, the late window).
        let mut probe = sh.clone();
        probe.apply_unchecked(&a, &mut SeededDice::new(0), &mut Log::off());
        let pass = probe.decision() == DecisionKind::ReactionWindow;
        eprintln!(
            "apply/battle_6v6_shoot: {}{}",
            sh.notation(&a),
            if pass { ", then pass" } else { "" }
        );
        g.bench_function("apply/battle_6v6_shoot", |b| {
            b.iter(|| {
                let mut s = black_box(&sh).clone();
                let mut d = SeededDice::new(0);
                s.apply_unchecked(&a, &mut d, &mut Log::off());
                if pass {
                    s.apply_unchecked(&Action::Pass, &mut d, &mut Log::off());
                }
                s
            })
        });
    }

    // ÁREAS: a grenade (R3) at the orc of trenches_3v3, which also covers the flamer: one CH
    // IMP, then every mini in the template (or a scatter first on a miss) — the area's cost.
    let trenches = load("trenches_3v3.json");
    let grenade = trenches
        .parse_action("a1 area w1 8,5")
        .expect("the grenade is legal in trenches_3v3");
    g.bench_function("apply/trenches_3v3_area", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut s = black_box(&trenches).clone();
            s.apply_unchecked(&grenade, &mut SeededDice::new(seed), &mut Log::off());
            s
        })
    });
    g.bench_function("legal_actions/trenches_3v3_first_act", |b| {
        b.iter(|| {
            black_box(&trenches).legal_actions(&mut buf);
            buf.len()
        })
    });

    g.sample_size(20).measurement_time(Duration::from_secs(8));
    let mut seed = 0u64;
    g.bench_function("random_game/battle_6v6", |b| {
        b.iter(|| {
            seed += 1;
            random_game(&battle, seed, &mut buf)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
