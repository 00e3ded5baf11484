//! One destination of a movement action looked up alone. `apply` asks for the square of the
//! action just chosen twice (its ENE with the terrain surcharge, then the steps of its move):
//! the memo's shared table is read at that one square, not the kind's whole list built and
//! searched (PERFORMANCE.md, "Fourteenth session"). The answer is the list's: the same table
//! entry, then the same end restrictions, Apestoso and Serpiente applied to that one square.
//! The last answer is kept with what it was found for ([`LastFind`]): `apply` asks the same
//! question again while nothing it reads has changed (PERFORMANCE.md, "Nineteenth session").

use super::memo_key::{arrangement_key, ArrangementEntry};
use super::{
    destinations, ends_in_zone, ensure_table, filter_kind, max_steps, nooks, stench, walks_own_way,
    Memo, MoveKind, ReachBuf, MEMO,
};
use crate::basics::action::CharIdx;
use crate::basics::board::Reach;
use crate::basics::geom::Pos;
use crate::state::State;

/// The reach entry for one destination, if the action can end there (the entry of `to` in
/// [`destinations`]).
pub fn find(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let found = if from_table(st, who, kind) {
        table_entry(st, who, kind, to)
    } else {
        listed(st, who, kind, to)
    };
    #[cfg(debug_assertions)]
    assert_eq!(
        found,
        listed(st, who, kind, to),
        "movement point lookup disagrees with the list"
    );
    found
}

/// Whether `destinations` reads `kind` off the shared table (on the ground, walking plainly,
/// not Destrabarse): the branches of `destinations_kept`.
fn from_table(st: &State, who: CharIdx, kind: MoveKind) -> bool {
    kind != MoveKind::Disengage
        && st.ch(who).alt == crate::state::ALT_GROUND
        && !walks_own_way(st, who, kind)
        // A charge into a melee may cross its bases: not the shared table's search.
        && !matches!(kind, MoveKind::Charge(t) if super::melee::into_melee(st, who, t))
}

/// `to`'s entry in the whole list of `kind` (the other searches: flight, Levitador, Araña,
/// Destrabarse).
fn listed(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let mut v = ReachBuf::take();
    destinations(st, who, kind, &mut v.0);
    v.0.iter().find(|r| r.pos == to).copied()
}

/// `to`'s entry read off the shared table, then passed through the list's filters; the last
/// answer again when asked the same of the same arrangement ([`LastFind`]).
fn table_entry(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let steps = max_steps(st, who, kind);
    MEMO.with(|ms| {
        let ms = &mut *ms.borrow_mut();
        // Inside a pinned list of this mover (`with_mover`) the pin's entry, as every lookup
        // there (no answer kept).
        if ms
            .pin
            .is_some_and(|p| std::ptr::eq(p.st, st) && p.who == who)
        {
            let i = ms.select(st, who);
            return answer(st, who, kind, to, steps, &mut ms.entries[i]);
        }
        let mut key = std::mem::take(&mut ms.scratch);
        arrangement_key(st, &mut key);
        if let Some(found) = ms.last_find.get(st, who, kind, to, steps, &key) {
            ms.scratch = key;
            return found;
        }
        ms.last_find.key.clone_from(&key);
        let i = ms.select_keyed(st, who, key);
        let found = answer(st, who, kind, to, steps, &mut ms.entries[i]);
        ms.last_find.keep(st, who, kind, to, steps, found);
        found
    })
}

/// `to`'s entry in `m`'s table for a kind of `steps` kliks, passed through the list's filters.
fn answer(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    to: Pos,
    steps: u8,
    m: &mut Memo,
) -> Option<Reach> {
    ensure_table(st, who, steps, m);
    let (x, y) = (to.x as usize, to.y as usize);
    let t = &m.table;
    if !t.has(x, y) || (!ends_in_zone(kind) && t.zone[y] >> x & 1 != 0) {
        return None;
    }
    let r = t.entry(x, y, steps)?;
    // Mover, Correr, Esprintar and Huir have no end filter (`filter_kind`), and with nobody
    // stinky `stench` drops nothing: of the list's filters only Serpiente's `nooks` is left,
    // applied here as there, without a buffer lent for a one-square list (PERFORMANCE.md,
    // "Twenty-second session"). Debug builds compare with the filters.
    if matches!(
        kind,
        MoveKind::Move | MoveKind::Run | MoveKind::Sprint | MoveKind::Flee
    ) && !st.st.any_stinky
    {
        let mut quick = r;
        if st.info(who).quick.nooks_easy && quick.surcharge == 1 {
            quick.surcharge = 0;
        }
        #[cfg(debug_assertions)]
        {
            let mut one = vec![r];
            filter_kind(st, who, kind, &mut one);
            stench(st, who, &mut one);
            nooks(st, who, &mut one);
            assert_eq!(
                one.first().copied(),
                Some(quick),
                "a walk's entry off the table"
            );
        }
        return Some(quick);
    }
    // The list's own filters, on a one-square list: the same code, so the same answer.
    let mut one = ReachBuf::take();
    one.0.push(r);
    filter_kind(st, who, kind, &mut one.0);
    stench(st, who, &mut one.0);
    nooks(st, who, &mut one.0);
    one.0.first().copied()
}

/// The last answer [`find`] read off a table, with everything it depends on: the game, the
/// mover, the kind, the square, the kind's kliks and the arrangement's memo key (which says
/// the table, as for the memo's entries; the filters read the bases' squares, sides and
/// ability, also in the key). `apply` asks for the square of the action it applies twice or
/// three times (its ENE, then its move), mostly with nothing of that changed between: the
/// same question is then answered without the memo's lookup, the table's entry and the
/// filters. Debug builds compare every answer of [`find`] with the list.
pub(super) struct LastFind {
    /// The game of the answer, kept alive (its address is not reused while kept).
    game: Option<std::sync::Arc<crate::state::Static>>,
    /// The kind asked (`None`: no answer kept).
    kind: Option<MoveKind>,
    who: CharIdx,
    to: Pos,
    steps: u8,
    /// The arrangement's memo key.
    key: Vec<ArrangementEntry>,
    answer: Option<Reach>,
}

impl LastFind {
    /// No answer kept.
    pub(super) const fn new() -> LastFind {
        LastFind {
            game: None,
            kind: None,
            who: 0,
            to: Pos::new(0, 0),
            steps: 0,
            key: Vec::new(),
            answer: None,
        }
    }

    /// Forgets the answer kept (the memo forgotten: benchmarks of cold move generation).
    pub(super) fn forget(&mut self) {
        self.kind = None;
    }

    /// The answer kept, if it was found for this question in this arrangement (`key`).
    fn get(
        &self,
        st: &State,
        who: CharIdx,
        kind: MoveKind,
        to: Pos,
        steps: u8,
        key: &[ArrangementEntry],
    ) -> Option<Option<Reach>> {
        (self.kind == Some(kind)
            && self.who == who
            && self.to == to
            && self.steps == steps
            && self
                .game
                .as_ref()
                .is_some_and(|g| std::sync::Arc::ptr_eq(g, &st.st))
            && self.key[..] == *key)
            .then_some(self.answer)
    }

    /// Keeps `answer` for this question (`self.key` already holds the arrangement's key).
    fn keep(
        &mut self,
        st: &State,
        who: CharIdx,
        kind: MoveKind,
        to: Pos,
        steps: u8,
        answer: Option<Reach>,
    ) {
        if !self
            .game
            .as_ref()
            .is_some_and(|g| std::sync::Arc::ptr_eq(g, &st.st))
        {
            self.game = Some(st.st.clone());
        }
        (self.kind, self.who, self.to, self.steps, self.answer) =
            (Some(kind), who, to, steps, answer);
    }
}
