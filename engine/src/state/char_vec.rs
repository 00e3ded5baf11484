//! The characters' dynamic records as the state holds them (PERFORMANCE.md, "Eleventh session").

use super::CharState;
use smallvec::SmallVec;
use std::ops::{Deref, DerefMut};

/// The dynamic records of the characters, inline for up to 12. A state is cloned at every step
/// of a playout and of the search; `SmallVec`'s own `Clone` pushes the records one by one, while
/// [`CharState`] is `Copy`, so this clones them with one copy of the slice.
#[derive(Debug, Default)]
pub struct CharVec(pub SmallVec<[CharState; 12]>);

impl Clone for CharVec {
    #[inline]
    fn clone(&self) -> CharVec {
        CharVec(SmallVec::from_slice(&self.0))
    }
}

impl Deref for CharVec {
    type Target = SmallVec<[CharState; 12]>;
    #[inline]
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for CharVec {
    #[inline]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}
