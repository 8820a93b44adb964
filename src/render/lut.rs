//! Colour to palette index: the lookup every indexed picture is drawn with, over a
//! palette of at most 255 colours whose first ones (the key colours) come back exactly.
//! Knows nothing of what is drawn: `palette.rs` chooses the colours.

use std::sync::atomic::{AtomicU16, Ordering};

type Rgb = [u8; 3];

/// The palette index kept for "unchanged since the previous frame".
pub(super) const TRANSPARENT: u8 = 255;

/// The fixed palette and its colour lookup (5 bits a channel).
pub(super) struct Palette {
    colours: Vec<Rgb>,
    /// Per 5-bit bucket: the index of the one key colour in it, `SHARED` when several
    /// key colours fall in it, else the nearest colour's index once some frame met the
    /// bucket (`UNKNOWN` before). Shared by every frame and thread: a board uses a few
    /// hundred buckets of the 32,768, so each is found once per process, not per frame.
    /// Threads that meet a bucket at once store the same index, so relaxed is enough.
    index: Vec<AtomicU16>,
    /// The key colours of the `SHARED` buckets with their indices, told apart exactly.
    shared: Vec<(Rgb, u8)>,
    /// Per `SHARED` bucket, the colour nearest its centre once met (`UNKNOWN` before):
    /// any other colour in the bucket takes the nearest of it and the bucket's keys.
    rest: Vec<AtomicU16>,
}

fn bucket(c: Rgb) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    // Green weighs most, blue least, roughly as the eye does.
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

/// A bucket whose palette index is not found yet.
const UNKNOWN: u16 = 0x100;
/// A bucket holding several key colours: each is looked up exactly.
const SHARED: u16 = 0x200;

/// The centre colour of a bucket.
fn centre(b: usize) -> Rgb {
    [
        ((b >> 10) as u8) << 3 | 4,
        (((b >> 5) & 31) as u8) << 3 | 4,
        ((b & 31) as u8) << 3 | 4,
    ]
}

/// The nearest palette colour (the transparent index excluded).
fn nearest(pal: &Palette, centre: Rgb) -> u8 {
    pal.colours[..TRANSPARENT as usize]
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(**c, centre))
        .map_or(0, |(j, _)| j as u8)
}

/// Colour to palette index, filled as colours are met (see `Palette::index`).
#[derive(Clone, Copy)]
pub(super) struct Lut {
    pal: &'static Palette,
}

impl Lut {
    pub(super) fn new(pal: &'static Palette) -> Lut {
        Lut { pal }
    }

    /// The colour of a palette index.
    #[inline]
    pub(super) fn colour(&self, i: u8) -> Rgb {
        self.pal.colours[i as usize]
    }

    #[inline]
    pub(super) fn get(&self, c: Rgb) -> u8 {
        let b = bucket(c);
        match self.pal.index[b].load(Ordering::Relaxed) {
            UNKNOWN => {
                let found = nearest(self.pal, centre(b));
                self.pal.index[b].store(u16::from(found), Ordering::Relaxed);
                found
            }
            SHARED => self.shared(b, c),
            // In range: every other entry is an index below the transparent one.
            i => i as u8,
        }
    }

    /// A colour in a bucket holding several key colours: a key exactly, else the
    /// nearest of the keys and the colour nearest the bucket's centre.
    fn shared(&self, b: usize, c: Rgb) -> u8 {
        let keys = self.pal.shared.iter().filter(|(k, _)| bucket(*k) == b);
        if let Some(&(_, i)) = keys.clone().find(|(k, _)| *k == c) {
            return i;
        }
        let rest = match self.pal.rest[b].load(Ordering::Relaxed) {
            UNKNOWN => {
                let found = nearest(self.pal, centre(b));
                self.pal.rest[b].store(u16::from(found), Ordering::Relaxed);
                found
            }
            i => i as u8,
        };
        keys.copied()
            .chain([(self.colour(rest), rest)])
            .min_by_key(|(k, _)| distance(*k, c))
            .map_or(rest, |(_, i)| i)
    }
}

impl Palette {
    /// The palette of `colours` (at most the indices below the transparent one are
    /// kept; the list starts with `keys`, which come back exactly).
    pub(super) fn new(keys: &[Rgb], mut colours: Vec<Rgb>) -> Palette {
        colours.truncate(TRANSPARENT as usize);
        let mut keyed = vec![UNKNOWN; 1 << 15];
        let mut shared = Vec::new();
        for (j, k) in keys.iter().enumerate() {
            let slot = &mut keyed[bucket(*k)];
            *slot = if *slot == UNKNOWN { j as u16 } else { SHARED };
        }
        for (j, k) in keys.iter().enumerate() {
            if keyed[bucket(*k)] == SHARED {
                shared.push((*k, j as u8));
            }
        }
        while colours.len() <= TRANSPARENT as usize {
            colours.push([0, 0, 0]);
        }
        Palette {
            colours,
            index: keyed.into_iter().map(AtomicU16::new).collect(),
            shared,
            rest: (0..1 << 15).map(|_| AtomicU16::new(UNKNOWN)).collect(),
        }
    }

    /// Every colour, by index (256 of them).
    pub(super) fn colours(&self) -> &[Rgb] {
        &self.colours
    }

    /// The colour of a palette index.
    pub(super) fn colour(&self, i: u8) -> Rgb {
        self.colours[i as usize]
    }
}
