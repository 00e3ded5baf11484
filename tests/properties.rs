//! Property tests over random games from every shipped position (`positions/*.json` except
//! `catalogue.json`) and from the random-list positions of `tests/data/random_lists/` (army
//! lists drawn from the catalogue by `ai/examples/random_positions.rs` on every shipped board,
//! with their transports: the compositions no hand wrote). `WARTIME_PROPERTY_POSITIONS=DIR`
//! and `WARTIME_PROPERTY_GAMES=N` play N games over the positions of DIR instead, for a longer
//! campaign over freshly generated lists (POSITIONS.md, "Random-list positions").
//!
//! At least [`TOTAL_GAMES`] games in all, spread evenly over the positions and split into
//! [`SHARDS`] tests so that the harness runs them in parallel. Actions are picked with a seeded
//! SplitMix64 — in every other game uniformly among the legal ones, in the others uniformly
//! among the kinds of action present and then within the kind ([`pick_by_kind`], which reaches
//! the rare actions; `WARTIME_PROPERTY_PICK=kinds` / `uniform` for all games one way); the dice
//! come from `SeededDice` (`WARTIME_PROPERTY_GAME=N` replays game N alone, printing its
//! actions). After every action:
//!
//! * the ENE of every character is in −10..=10, and its wounds at most CON + 1 (a corpse a
//!   Necrófago fed on: 2 · CON + 1);
//! * no two able characters share a square; every able character stands on a passable square
//!   of the board; every passenger (able or not) is on its transport's square;
//! * wounds change only through damage or healing: in one game out of [`RECORDED_EVERY`] the log
//!   records, and every change must match the `Event::Wounds` chain (or be the target of the
//!   Curar just taken, going down); in the other games (log off, fast) wounds may only go down
//!   through a Curar;
//! * the legal action list is empty exactly when the game is over;
//! * the game ends within [`bound`] actions.
//!
//! At random moments (and more often in recorded games): save/load round trip
//! (`to_setup` → JSON → `from_setup` → `to_setup`, equal, same decision and legal actions), and
//! "legal actions are legal": no two legal actions share an `Action::key`, every legal action
//! printed in notation parses back to itself, and
//! applying it on a clone does not panic and leaves a state that keeps the invariants.
//!
//! A failure names the position, the game, the step and the action, and prints the position
//! file of the state before the action, so that it can be replayed with the CLI.

use engine::basics::action::{Ability, ActKind};
use engine::state::State;
use engine::{Action, Event, Log, SeededDice, Setup};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Games in all (at least; rounded up to a multiple of the number of positions).
const TOTAL_GAMES: usize = 20_000;
/// Tests the games are split into (the harness runs them on its threads).
const SHARDS: usize = 8;
/// One game in this many records its log and uses the checked `apply`.
const RECORDED_EVERY: usize = 10;
/// Chance per decision of a save/load round trip (1 in …), bulk games.
const ROUNDTRIP_ONE_IN: u64 = 64;
/// Chance per decision of checking every legal action (notation, apply on a clone), bulk games.
const ALL_LEGAL_ONE_IN: u64 = 256;
/// Same, in recorded games.
const ALL_LEGAL_ONE_IN_RECORDED: u64 = 32;

/// SplitMix64: the picker of actions (independent of the dice stream).
struct Pick(u64);

impl Pick {
    fn new(seed: u64) -> Pick {
        let mut p = Pick(seed ^ 0x5157_4152_5449_4d45);
        p.next();
        p
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        engine::basics::dice::splitmix64(self.0)
    }
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
}

/// Whether game `game` picks its actions by kind ([`pick_by_kind`]) rather than uniformly:
/// every other game, or all of them / none with `WARTIME_PROPERTY_PICK=kinds` / `uniform`.
fn picks_by_kind(game: usize) -> bool {
    static MODE: OnceLock<Option<bool>> = OnceLock::new();
    let mode = MODE.get_or_init(|| match std::env::var("WARTIME_PROPERTY_PICK").as_deref() {
        Ok("kinds") => Some(true),
        Ok("uniform") => Some(false),
        _ => None,
    });
    mode.unwrap_or((game / SHARDS) % 2 == 1)
}

/// The kind of a legal action, for [`pick_by_kind`]: the variant of the decision and, for an
/// action or a reaction, the variant of what it does.
fn kind_of(
    a: &Action,
) -> (
    std::mem::Discriminant<Action>,
    Option<std::mem::Discriminant<ActKind>>,
) {
    let inner = match a {
        Action::Act { kind, .. } | Action::Reaction { kind, .. } => {
            Some(std::mem::discriminant(kind))
        }
        _ => None,
    };
    (std::mem::discriminant(a), inner)
}

/// A legal action drawn uniformly among the kinds present, then uniformly within its kind.
/// Uniform play spends most decisions on movement (a list holds one action per destination);
/// this reaches the rare actions — reloads, loot, abilities, melee, objects — and the states
/// they lead to (empty magazines, many casualties, panics) far more often.
fn pick_by_kind(buf: &[Action], pick: &mut Pick) -> Action {
    let mut kinds = Vec::new();
    for a in buf {
        let k = kind_of(a);
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let k = kinds[pick.below(kinds.len())];
    let n = buf.iter().filter(|a| kind_of(a) == k).count();
    let i = pick.below(n);
    *buf.iter()
        .filter(|a| kind_of(a) == k)
        .nth(i)
        .expect("i < n")
}

struct Position {
    name: String,
    state: State,
    /// Where its relative paths (a catalogue file) resolve.
    dir: PathBuf,
}

/// The JSON files of `dir` (but a catalogue), sorted, loaded as positions.
fn load_dir(dir: &Path) -> Vec<Position> {
    let names = wartime_tests::position_files(dir);
    names
        .into_iter()
        .map(|p| Position {
            state: State::load(&p).unwrap_or_else(|e| panic!("{e}")),
            name: p.file_name().unwrap_or_default().to_string_lossy().into(),
            dir: dir.to_path_buf(),
        })
        .collect()
}

/// Every shipped position and the random-list positions of `tests/data/random_lists/`
/// (written by `ai/examples/random_positions.rs`: lists no hand wrote, on every shipped board),
/// sorted by file name; loaded once for all the shards. `WARTIME_PROPERTY_POSITIONS=DIR` plays
/// the positions of DIR instead (a longer campaign over freshly generated lists).
fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        if let Some(dir) = std::env::var_os("WARTIME_PROPERTY_POSITIONS") {
            let ps = load_dir(Path::new(&dir));
            assert!(!ps.is_empty(), "no positions in {}", dir.to_string_lossy());
            return ps;
        }
        let shipped = wartime_tests::positions_dir();
        let mut ps: Vec<Position> = wartime_tests::position_names()
            .into_iter()
            .map(|n| Position {
                state: wartime_tests::load(&n),
                name: n,
                dir: shipped.clone(),
            })
            .collect();
        let random = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/random_lists");
        ps.extend(load_dir(&random));
        ps
    })
}

/// Games in all: [`TOTAL_GAMES`], or `WARTIME_PROPERTY_GAMES`.
fn total_games() -> usize {
    std::env::var("WARTIME_PROPERTY_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(TOTAL_GAMES)
}

/// `WARTIME_PROPERTY_GAME=N`: play only game N (of the same campaign: same positions and
/// `WARTIME_PROPERTY_GAMES`), printing every action taken, to replay a failure.
fn only_game() -> Option<usize> {
    std::env::var("WARTIME_PROPERTY_GAME")
        .ok()
        .and_then(|s| s.parse().ok())
}

/// Most actions a game may take: generous (random games take ~10 per character and turn) but
/// finite, so that a loop in the sequence of play is caught.
fn bound(st: &State) -> usize {
    st.scenario().turn_limit as usize * st.num_chars() * 250 + 1000
}

/// The invariants every state keeps.
fn check_state(st: &State) -> Result<(), String> {
    let b = st.board();
    for i in st.indices() {
        let c = st.ch(i);
        let label = &st.info(i).label;
        if !(-10..=10).contains(&c.ene) {
            return Err(format!("{label} has ENE {} outside −10..=10", c.ene));
        }
        // A corpse a Necrófago fed on carries a wound a meal, up to CON meals («Cada heridas
        // recuperada, CON-1 del cadáver»; RULES.md, Necrófago): 2 · CON + 1 in all.
        let con = st.info(i).con;
        let most = if st.dead(i) { 2 * con + 1 } else { con + 1 };
        if c.wounds > most {
            return Err(format!("{label} has {} wounds > {most}", c.wounds));
        }
        if let Some(t) = st.aboard(i) {
            // Passengers, able or not, ride on their transport's square (RULES.md,
            // Transportes); the loader refuses anything else.
            if st.transport(t).pos != c.pos {
                return Err(format!(
                    "{label} aboard t{} stands on {}, the transport on {}",
                    t + 1,
                    c.pos,
                    st.transport(t).pos
                ));
            }
        }
        if !st.able(i) {
            continue;
        }
        if !b.contains_pos(c.pos) {
            return Err(format!("able {label} at {} is off the board", c.pos));
        }
        // A flyer above the terrain may be over what no base stands on (altitude 3 over a
        // wall): the placement rule of its altitude holds instead.
        if c.alt != engine::state::ALT_GROUND {
            engine::actions::movement::altitude::check_placement(b, c.pos, c.alt)
                .map_err(|e| format!("able {label} at altitude {}: {e}", c.alt))?;
        } else if !b.passable(c.pos) {
            return Err(format!(
                "able {label} at {} stands on {:?}",
                c.pos,
                b.terrain(c.pos)
            ));
        }
        if st.aboard(i).is_none() && st.transport_at(c.pos).is_some() {
            return Err(format!(
                "able {label} stands on a transport's square {}",
                c.pos
            ));
        }
        for j in (i + 1)..st.num_chars() as u8 {
            // Passengers share their transport's square (RULES.md, Transportes).
            let aboard = st.aboard(i).is_some() && st.aboard(i) == st.aboard(j);
            if st.able(j) && st.ch(j).pos == c.pos && !aboard {
                return Err(format!(
                    "able {label} and {} share {}",
                    st.info(j).label,
                    c.pos
                ));
            }
        }
    }
    Ok(())
}

/// Whether the wounds of `i` may go down by a trait after action `a` (not only Curar): its own
/// healing traits (Héroe, Resurrección, Ave Fénix, Fatality's heal, the actions traits give such
/// as Regeneración, Fortuna, an object that heals) or an object of the acting character that heals
/// (Elixir used on it).
fn trait_heals(st: &State, i: u8, a: &Action) -> bool {
    const KINDS: [&str; 8] = [
        "RaiseDead",
        "Hero",
        "Resurrect",
        "Phoenix",
        "OnKillMelee",
        "Ability",
        "Fortune",
        "UseHeal",
    ];
    // The character's own effects, its weapons' (a weapon may carry Devora almas), the
    // weapons it picked up included, and its meta-abilities' (Magia: resucitar raises a corpse
    // with wounds 0: RULES.md, share H).
    let heals = |j: u8| {
        let carried = (0..st.weapon_slots(j))
            .filter_map(|w| st.weapon_ref(j, w))
            .flat_map(|(o, w)| st.info(o).weapon_effects[w as usize].iter());
        let metas = st.info(j).meta_effects.iter().flatten();
        st.info(j)
            .effects
            .iter()
            .chain(carried)
            .chain(metas)
            .any(|e| {
                let d = format!("{e:?}");
                KINDS.iter().any(|k| d.starts_with(k))
            })
    };
    let (actor, kind) = match *a {
        Action::Act { who, kind, .. } | Action::Reaction { who, kind } => (Some(who), Some(kind)),
        _ => (None, None),
    };
    // An action a trait gives (Regeneración, La mano de la muerte …) may heal whichever
    // archetype of its user carries the trait (a weapon's or an object's too).
    let ability = matches!(kind, Some(ActKind::Ability { .. }));
    heals(i) || actor.is_some_and(heals) || ability
}

/// Whether `i` may lose wounds through one of `acts`: the action taken and, when it closed a
/// reaction window, the declared action that resolved with it (a Magia: resucitar declared on a
/// corpse resolves on the `pass` that closes its early window: campaign 2606).
fn healed_by(st: &State, i: u8, acts: &[Action]) -> bool {
    acts.iter()
        .any(|a| heal_target(a) == Some(i) || trait_heals(st, i, a))
}

fn heal_target(a: &Action) -> Option<u8> {
    match *a {
        // Curar acting, or as a reaction (REACCIONES: any action).
        Action::Act {
            kind: ActKind::Heal { target, item: None },
            ..
        }
        | Action::Reaction {
            kind: ActKind::Heal { target, item: None },
            ..
        } => Some(target),
        _ => None,
    }
}

/// Wounds after an action against the recorded events: every `Event::Wounds` continues the
/// character's total (capped at CON + 1) and the final wounds are the last total; the only
/// other change is the target of the Curar taken going down.
fn check_wounds_logged(
    st: &State,
    before: &[u8],
    a: &[Action],
    events: &[Event],
) -> Result<(), String> {
    let mut run = before.to_vec();
    for e in events {
        if let Event::Wounds { who, amount, total } = *e {
            let i = who as usize;
            let cap = st.info(who).con + 1;
            let expect = run[i].saturating_add(amount).min(cap);
            // A heal may come before a wound in one action too (a Curar in bullet time, then
            // the declared attack it answered): the total is then below what the events say.
            let healed_first = total < expect && healed_by(st, who, a);
            if amount == 0 || (total != expect && !healed_first) {
                return Err(format!(
                    "{}: wounds event +{amount} (total {total}) after {} wounds",
                    st.info(who).label,
                    run[i]
                ));
            }
            run[i] = total;
        }
    }
    for i in st.indices() {
        let now = st.ch(i).wounds;
        let k = i as usize;
        if now == run[k] {
            continue;
        }
        // Healing may follow a wound in one action (Devora almas on a kill, Héroe as the
        // activation ends): below what the events left, never above.
        let healed = healed_by(st, i, a) && now < run[k];
        // A Necrófago's meal takes one CON off the corpse, kept as a wound on it (RULES.md,
        // Necrófago); the meal's event names the feeder. A meal may be a reaction too (any
        // action the reactor could take acting: REACCIONES).
        let eaten = a.iter().any(|a| {
            matches!(
                *a,
                Action::Act { kind: ActKind::Ability { ability: Ability::Feed, target }, .. }
                | Action::Reaction { kind: ActKind::Ability { ability: Ability::Feed, target }, .. }
                    if target == i
            )
        }) && st.dead(i)
            && now == run[k] + 1;
        if !healed && !eaten {
            return Err(format!(
                "{}: wounds {} -> {now} without a matching event (events say {})",
                st.info(i).label,
                before[k],
                run[k]
            ));
        }
    }
    Ok(())
}

/// Without a log: wounds may only go down for the target of a Curar.
fn check_wounds_fast(st: &State, before: &[u8], a: &[Action]) -> Result<(), String> {
    for i in st.indices() {
        let now = st.ch(i).wounds;
        if now < before[i as usize] && !healed_by(st, i, a) {
            return Err(format!(
                "{}: wounds {} -> {now} without a Curar",
                st.info(i).label,
                before[i as usize]
            ));
        }
    }
    Ok(())
}

/// Save (to_setup, JSON) then load (from_setup) gives back the same position and decision.
fn check_roundtrip(st: &State, dir: &Path) -> Result<(), String> {
    let s1 = st.to_setup();
    let json = s1.to_json();
    let parsed = Setup::from_json(&json).map_err(|e| format!("saved JSON does not parse: {e}"))?;
    if parsed != s1 {
        return Err("the JSON of to_setup() parses to a different setup".into());
    }
    let st2 = State::from_setup(&s1, Some(dir))
        .map_err(|e| format!("to_setup() does not load back: {e}"))?;
    if st2.to_setup() != s1 {
        return Err(format!(
            "to_setup() differs after a load:\nbefore {}\nafter {}",
            json,
            st2.to_setup().to_json()
        ));
    }
    if st2.pending() != st.pending() {
        return Err(format!(
            "decision {:?} loads back as {:?}",
            st.pending(),
            st2.pending()
        ));
    }
    let (mut l1, mut l2) = (Vec::new(), Vec::new());
    st.legal_actions(&mut l1);
    st2.legal_actions(&mut l2);
    if l1 != l2 {
        return Err(format!(
            "legal actions differ after a load: {} before, {} after",
            l1.len(),
            l2.len()
        ));
    }
    Ok(())
}

/// Every legal action prints in notation and parses back to itself, and applying it on a clone
/// neither panics nor breaks the invariants.
fn check_all_legal(st: &State, legal: &[Action], seed: u64) -> Result<(), String> {
    // `Action::key` is injective: distinct legal actions have distinct keys.
    let mut keys: Vec<(u64, &Action)> = legal.iter().map(|a| (a.key(), a)).collect();
    keys.sort_by_key(|k| k.0);
    if let Some(w) = keys.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!(
            "{:?} and {:?} share the key {}",
            w[0].1, w[1].1, w[0].0
        ));
    }
    for (k, a) in legal.iter().enumerate() {
        let text = st.notation(a);
        match st.parse_action(&text) {
            Ok(b) if b == *a => {}
            Ok(b) => return Err(format!("\"{text}\" ({a:?}) parses back as {b:?}")),
            Err(e) => return Err(format!("\"{text}\" ({a:?}) does not parse back: {e}")),
        }
        let mut c = st.clone();
        let applied = catch_unwind(AssertUnwindSafe(|| {
            let mut d = SeededDice::new(seed.wrapping_add(k as u64));
            c.apply_unchecked(a, &mut d, &mut Log::off());
        }));
        if applied.is_err() {
            return Err(format!("applying legal \"{text}\" on a clone panics"));
        }
        check_state(&c).map_err(|e| format!("after legal \"{text}\" on a clone: {e}"))?;
    }
    Ok(())
}

#[derive(Default)]
struct Totals {
    games: usize,
    actions: usize,
    roundtrips: usize,
    all_legal_checks: usize,
    roundtrip_time: Duration,
    all_legal_time: Duration,
}

fn fail(p: &Position, game: usize, step: usize, st: &State, what: &str, msg: &str) -> ! {
    panic!(
        "{}: game {game}, step {step}, {what}: {msg}\ndecision: {}\nstate (position file):\n{}",
        p.name,
        st.describe_decision(),
        st.to_setup().to_json()
    )
}

/// Plays one random game, checking the properties.
fn play(p: &Position, game: usize, dir: &Path, buf: &mut Vec<Action>, t: &mut Totals) {
    // Spread over the shards (game `g` is in shard `g % SHARDS`).
    let recorded = (game / SHARDS).is_multiple_of(RECORDED_EVERY);
    let trace = only_game() == Some(game);
    let mut pick = Pick::new(game as u64);
    let by_kind = picks_by_kind(game);
    let mut dice = SeededDice::new(game as u64);
    let mut st = p.state.clone();
    let limit = bound(&st);
    let all_legal_one_in = if recorded {
        ALL_LEGAL_ONE_IN_RECORDED
    } else {
        ALL_LEGAL_ONE_IN
    };
    let mut before: Vec<u8> = Vec::with_capacity(st.num_chars());
    let mut step = 0;
    if let Err(e) = check_state(&st) {
        fail(p, game, step, &st, "start", &e);
    }
    loop {
        st.legal_actions(buf);
        if st.is_terminal() {
            if !buf.is_empty() {
                fail(
                    p,
                    game,
                    step,
                    &st,
                    "game over",
                    "legal actions after the end",
                );
            }
            break;
        }
        if buf.is_empty() {
            fail(
                p,
                game,
                step,
                &st,
                "no legal action",
                "the game is not over",
            );
        }
        if pick.one_in(ROUNDTRIP_ONE_IN) {
            t.roundtrips += 1;
            let t0 = Instant::now();
            if let Err(e) = check_roundtrip(&st, dir) {
                fail(p, game, step, &st, "save/load", &e);
            }
            t.roundtrip_time += t0.elapsed();
        }
        if pick.one_in(all_legal_one_in) {
            t.all_legal_checks += 1;
            let t0 = Instant::now();
            if let Err(e) = check_all_legal(&st, buf, game as u64 * 1000 + step as u64) {
                fail(p, game, step, &st, "legal actions", &e);
            }
            t.all_legal_time += t0.elapsed();
        }
        let a = if by_kind {
            pick_by_kind(buf, &mut pick)
        } else {
            buf[pick.below(buf.len())]
        };
        if trace {
            eprintln!("game {game} step {step}: {}", st.notation(&a));
        }
        before.clear();
        before.extend(st.indices().map(|i| st.ch(i).wounds));
        let prev = st.clone();
        // The action and the declared action that may resolve with it (a window closing).
        let acts: Vec<Action> = std::iter::once(a)
            .chain(prev.activation().declared)
            .collect();
        let text = || prev.notation(&a);
        let checked = if recorded {
            let mut log = Log::recording();
            if let Err(e) = st.apply(&a, &mut dice, &mut log) {
                fail(
                    p,
                    game,
                    step,
                    &prev,
                    &text(),
                    &format!("checked apply: {e}"),
                );
            }
            check_wounds_logged(&st, &before, &acts, &log.events)
        } else {
            st.apply_unchecked(&a, &mut dice, &mut Log::off());
            check_wounds_fast(&st, &before, &acts)
        };
        if let Err(e) = checked.and_then(|_| check_state(&st)) {
            fail(p, game, step, &prev, &text(), &e);
        }
        step += 1;
        if step > limit {
            fail(
                p,
                game,
                step,
                &st,
                "termination",
                &format!("over {limit} actions"),
            );
        }
    }
    t.games += 1;
    t.actions += step;
}

/// Games of one shard: game `g` belongs to shard `g % SHARDS` and plays position
/// `(g / SHARDS) % n`, so every shard plays every position.
fn run_shard(shard: usize) {
    let ps = positions();
    let per_position = total_games().div_ceil(ps.len());
    let total = per_position * ps.len();
    let mut buf = Vec::new();
    let mut t = Totals::default();
    let start = Instant::now();
    for g in (shard..total).step_by(SHARDS) {
        if only_game().is_some_and(|n| n != g) {
            continue;
        }
        let p = &ps[(g / SHARDS) % ps.len()];
        play(p, g, &p.dir, &mut buf, &mut t);
    }
    assert!(t.games > 0 || only_game().is_some());
    eprintln!(
        "properties shard {shard}: {} games, {} actions, {} save/load round trips ({:.2?}), {} \
         all-legal checks ({:.2?}), {} positions, {:.2?} in all",
        t.games,
        t.actions,
        t.roundtrips,
        t.roundtrip_time,
        t.all_legal_checks,
        t.all_legal_time,
        ps.len(),
        start.elapsed()
    );
}

macro_rules! shards {
    ($($name:ident = $k:expr;)*) => {
        $(
            #[test]
            fn $name() {
                run_shard($k);
            }
        )*
        const _: () = assert!([$($k),*].len() == SHARDS);
    };
}

shards! {
    random_games_shard_0 = 0;
    random_games_shard_1 = 1;
    random_games_shard_2 = 2;
    random_games_shard_3 = 3;
    random_games_shard_4 = 4;
    random_games_shard_5 = 5;
    random_games_shard_6 = 6;
    random_games_shard_7 = 7;
}

/// The games really reach the target: the split covers at least `TOTAL_GAMES` games.
#[test]
fn enough_games() {
    let ps = positions();
    let per_position = TOTAL_GAMES.div_ceil(ps.len());
    assert!(per_position * ps.len() >= TOTAL_GAMES);
    assert!(per_position * ps.len() >= SHARDS);
}
