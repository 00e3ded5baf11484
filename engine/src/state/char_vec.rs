//! Small inline vectors of `Copy` records as the state holds them (PERFORMANCE.md, "Eleventh
//! session").

use super::CharState;
use smallvec::{Array, SmallVec};
use std::ops::{Deref, DerefMut};

/// A `SmallVec` of `Copy` items cloned with one copy of the slice. A state is cloned at every
/// step of a playout and of the search; `SmallVec`'s own `Clone` pushes the items one by one
/// (through `Extend`, even when there are none).
pub struct CopyVec<A: Array>(pub SmallVec<A>)
where
    A::Item: Copy;

impl<A: Array> Default for CopyVec<A>
where
    A::Item: Copy,
{
    fn default() -> Self {
        CopyVec(SmallVec::new())
    }
}

impl<A: Array> std::fmt::Debug for CopyVec<A>
where
    A::Item: Copy + std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// The dynamic records of the characters, inline for up to 12.
pub type CharVec = CopyVec<[CharState; 12]>;

impl<A: Array> Clone for CopyVec<A>
where
    A::Item: Copy,
{
    #[inline]
    fn clone(&self) -> Self {
        CopyVec(SmallVec::from_slice(&self.0))
    }
}

impl<A: Array> Deref for CopyVec<A>
where
    A::Item: Copy,
{
    type Target = SmallVec<A>;
    #[inline]
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<A: Array> DerefMut for CopyVec<A>
where
    A::Item: Copy,
{
    #[inline]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<A: Array> FromIterator<A::Item> for CopyVec<A>
where
    A::Item: Copy,
{
    fn from_iter<I: IntoIterator<Item = A::Item>>(iter: I) -> Self {
        CopyVec(iter.into_iter().collect())
    }
}
