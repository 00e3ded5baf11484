//! Tests of the game state.

use crate::basics::dice::SeededDice;
use crate::State;
use std::path::Path;

fn duel() -> State {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/duel.json");
    State::load(&p).expect("shipped position loads")
}

#[test]
fn fingerprint_follows_the_dynamic_state() {
    let st = duel();
    let fp = st.fingerprint();
    assert_eq!(st.clone().fingerprint(), fp, "a clone is the same state");
    assert_eq!(
        duel().fingerprint(),
        fp,
        "loading twice gives the same state"
    );
    // One field of one character.
    let mut c = st.clone();
    c.ch_mut(0).ene += 1;
    assert_ne!(c.fingerprint(), fp);
    let mut c = st.clone();
    c.ch_mut(1).stress += 1;
    assert_ne!(c.fingerprint(), fp);
    // Every legal action changes the state it is applied to (at least the decision).
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    assert!(!legal.is_empty());
    for a in &legal {
        let mut c = st.clone();
        let mut off = crate::basics::check::Log::off();
        c.apply_unchecked(a, &mut SeededDice::new(5), &mut off);
        assert_ne!(c.fingerprint(), fp, "{a:?} left the fingerprint unchanged");
    }
}

#[test]
fn dynamic_state_of_a_character_fits_in_64_bytes() {
    // PERFORMANCE.md: ≤ 64 B per character (44: the movement altitude took a byte of padding;
    // 64: the trait states of issue 16 — share C's `tbits` (16 bits), `mana`, `aimed`, `power`,
    // `smoke_at`, and share B's 13 bytes of `TraitRun`; the limit of issue 15).
    assert_eq!(std::mem::size_of::<crate::state::CharState>(), 64);
}
