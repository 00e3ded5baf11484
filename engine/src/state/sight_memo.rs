//! ENTORNO / Línea de visión, remembered: the flat line of sight between two squares depends
//! only on the board's terrain, which a game never changes (a door opened or closed gives the
//! game a new shared part, `state::doors`), so each answer is kept on this thread for the
//! board it was traced on. A random game asks the same pairs again and again (every reactor's
//! `sees`, every ranged option), and a trace costs a few hundred instructions against a few
//! dozen for a look-up (PERFORMANCE.md, "Fifteenth session"). Debug builds trace every hit
//! again and compare.

use super::{Pos, State, Static};
use std::cell::RefCell;
use std::sync::Arc;

/// Answers per game (a power of two): direct-mapped, a newer pair evicts an older one.
const SLOTS: usize = 4096;

/// The games remembered at once: a search over a position with doors alternates between
/// the shared parts of its open and closed doors.
const GAMES: usize = 4;

/// One game's answers: each slot holds the pair's key (bits 2-33), bit 1 set when filled and
/// bit 0 the answer.
struct Answers {
    /// The game's shared part, kept alive so that its address cannot be reused by another.
    game: Arc<Static>,
    slots: Vec<u64>,
}

struct SightMemo {
    games: Vec<Answers>,
    /// The game slot replaced next when a new game comes (round robin).
    next: usize,
}

thread_local! {
    static MEMO: RefCell<SightMemo> = const {
        RefCell::new(SightMemo {
            games: Vec::new(),
            next: 0,
        })
    };
}

/// [`crate::basics::board::Board::line_of_sight`] from `a` to `b` on `st`'s board, remembered.
pub(super) fn line_of_sight(st: &State, a: Pos, b: Pos) -> bool {
    // Symmetric (`Board::line_of_sight`): one entry serves both ways.
    let (p, q) = if (a.y, a.x) <= (b.y, b.x) {
        (a, b)
    } else {
        (b, a)
    };
    let key = (p.x as u64) | (p.y as u64) << 8 | (q.x as u64) << 16 | (q.y as u64) << 24;
    let slot = (crate::basics::dice::splitmix64(key) as usize) & (SLOTS - 1);
    let seen = MEMO.with(|m| {
        let m = &mut *m.borrow_mut();
        let g = match m.games.iter().position(|g| Arc::ptr_eq(&g.game, &st.st)) {
            Some(g) => g,
            None => new_game(m, &st.st),
        };
        let v = m.games[g].slots[slot];
        if v >> 2 == key && v & 2 != 0 {
            return v & 1 != 0;
        }
        let clear = st.board().line_of_sight(p, q);
        m.games[g].slots[slot] = key << 2 | 2 | clear as u64;
        clear
    });
    debug_assert_eq!(
        seen,
        st.board().line_of_sight(a, b),
        "remembered line of sight disagrees with a fresh trace"
    );
    seen
}

/// A game slot for `game`, its answers empty: a free one, else the next in turn.
fn new_game(m: &mut SightMemo, game: &Arc<Static>) -> usize {
    let fresh = Answers {
        game: game.clone(),
        slots: vec![0; SLOTS],
    };
    if m.games.len() < GAMES {
        m.games.push(fresh);
        return m.games.len() - 1;
    }
    let g = m.next;
    m.next = (m.next + 1) % GAMES;
    let old = &mut m.games[g];
    old.game = fresh.game;
    old.slots.fill(0);
    g
}
