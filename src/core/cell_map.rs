//! Per-piece state that travels with a piece: a map from cells (board squares and the
//! two wickets) to a variant's own data (a wand and statuses, Defender/ball-haver
//! marks). Moving a piece moves its entry; capturing it removes the entry.

use crate::core::{Cell, Side, Square};
use serde::{Deserialize, Serialize};

const SLOTS: usize = 66;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CellMap<T> {
    slots: Vec<Option<T>>,
}

impl<T> Default for CellMap<T> {
    fn default() -> Self {
        CellMap::new()
    }
}

fn slot(cell: Cell) -> usize {
    match cell {
        Cell::Board(sq) => sq.index(),
        Cell::Outer(Side::White) => 64,
        Cell::Outer(Side::Black) => 65,
    }
}

fn cell_of(index: usize) -> Option<Cell> {
    match index {
        64 => Some(Cell::Outer(Side::White)),
        65 => Some(Cell::Outer(Side::Black)),
        i => Square::new(i as u8).map(Cell::Board),
    }
}

impl<T> CellMap<T> {
    pub fn new() -> CellMap<T> {
        CellMap {
            slots: (0..SLOTS).map(|_| None).collect(),
        }
    }

    pub fn get(&self, cell: impl Into<Cell>) -> Option<&T> {
        self.slots.get(slot(cell.into())).and_then(Option::as_ref)
    }

    pub fn get_mut(&mut self, cell: impl Into<Cell>) -> Option<&mut T> {
        self.slots
            .get_mut(slot(cell.into()))
            .and_then(Option::as_mut)
    }

    /// Puts `value` on `cell`, returning what was there.
    pub fn insert(&mut self, cell: impl Into<Cell>, value: T) -> Option<T> {
        self.slots
            .get_mut(slot(cell.into()))
            .and_then(|s| s.replace(value))
    }

    pub fn remove(&mut self, cell: impl Into<Cell>) -> Option<T> {
        self.slots.get_mut(slot(cell.into())).and_then(Option::take)
    }

    /// Moves the entry of `from` to `to`; returns the entry that stood on `to` (the
    /// captured piece's state).
    pub fn relocate(&mut self, from: impl Into<Cell>, to: impl Into<Cell>) -> Option<T> {
        let (from, to) = (from.into(), to.into());
        if from == to {
            return None;
        }
        let moving = self.remove(from);
        let displaced = self.remove(to);
        if let Some(v) = moving {
            self.insert(to, v);
        }
        displaced
    }

    pub fn iter(&self) -> impl Iterator<Item = (Cell, &T)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((cell_of(i)?, v.as_ref()?)))
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Cell, &mut T)> {
        self.slots
            .iter_mut()
            .enumerate()
            .filter_map(|(i, v)| Some((cell_of(i)?, v.as_mut()?)))
    }

    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_travels_with_the_piece() {
        let mut m = CellMap::new();
        let e2 = Square::parse("e2").expect("e2");
        let e4 = Square::parse("e4").expect("e4");
        m.insert(e2, "wand of e2");
        m.insert(e4, "wand of e4");
        assert_eq!(m.relocate(e2, e4), Some("wand of e4"));
        assert_eq!(m.get(e4), Some(&"wand of e2"));
        assert_eq!(m.get(e2), None);
        m.relocate(e4, Cell::Outer(Side::Black));
        assert_eq!(
            m.iter().map(|(c, _)| c).collect::<Vec<_>>(),
            vec![Cell::Outer(Side::Black)]
        );
        assert_eq!(m.len(), 1);
    }
}
