//! Static evaluation of a Wartime position for a side (thin until the search issue).

use engine::{scenario, Side, State};

/// A crude win probability for `side`: the logistic of the score difference plus remaining
/// health. Replaced by the tuned evaluation of the search issue.
pub fn win_probability(st: &State, side: Side) -> f32 {
    if st.is_terminal() {
        return st.returns(side);
    }
    let mut health = [0f32; 2];
    for i in st.indices() {
        if st.able(i) {
            let info = st.info(i);
            let frac = 1.0 - st.ch(i).wounds as f32 / info.con.max(1) as f32;
            health[st.side_of(i).index()] += info.cost as f32 * frac;
        }
    }
    let s = |x: Side| scenario::score(st, x) as f32 + health[x.index()];
    let diff = s(side) - s(side.other());
    1.0 / (1.0 + (-diff / 40.0).exp())
}
