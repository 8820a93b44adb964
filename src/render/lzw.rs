//! GIF's LZW compression for 8-bit palette indices, tuned for animation frames that are
//! mostly one long run of the transparent index.

/// The minimum code size: 8-bit indices.
const MIN: u32 = 8;
const CLEAR: u16 = 1 << MIN;
const END: u16 = CLEAR + 1;
const FIRST: u16 = CLEAR + 2;
/// Codes are at most 12 bits wide.
const FULL: u16 = 4096;
/// Slots of the dictionary's hash table.
const SLOTS: usize = 8192;

/// GIF's LZW for 8-bit indices: a run extends through the dictionary's run codes in one
/// step instead of one lookup a pixel. Returns the minimum code size byte, then the
/// codes.
pub(super) fn lzw(data: &[u8]) -> Vec<u8> {
    let mut codes = Codes::new(data.len());
    codes.emit(CLEAR);
    let Some((&first, rest)) = data.split_first() else {
        codes.emit(END);
        return codes.finish();
    };
    let mut dict = Dictionary::new();
    let mut current = u16::from(first);
    let mut i = 0;
    while i < rest.len() {
        let x = rest[i];
        let run = dict.run_length(current, x);
        let known = match run {
            Some(len) => dict.longest_run(x, len, &rest[i..]),
            None => dict.find(current, x).map(|code| (code, 1)),
        };
        if let Some((code, taken)) = known {
            current = code;
            i += taken;
            continue;
        }
        // Not in the dictionary: write the current string, add it with `x`.
        codes.emit(current);
        codes.widen(dict.next);
        if !dict.add(current, x, run) {
            codes.emit(CLEAR);
            codes.width = MIN + 1;
            dict.clear();
        }
        current = u16::from(x);
        i += 1;
    }
    codes.emit(current);
    codes.widen(dict.next);
    codes.emit(END);
    codes.finish()
}

/// The output: variable-width codes packed into bytes, least significant bit first.
struct Codes {
    out: Vec<u8>,
    bits: u32,
    nbits: u32,
    /// The width of the next code, in bits.
    width: u32,
}

impl Codes {
    fn new(input: usize) -> Codes {
        let mut out = Vec::with_capacity(input / 8 + 16);
        out.push(MIN as u8);
        Codes {
            out,
            bits: 0,
            nbits: 0,
            width: MIN + 1,
        }
    }

    #[inline]
    fn emit(&mut self, code: u16) {
        self.bits |= u32::from(code) << self.nbits;
        self.nbits += self.width;
        while self.nbits >= 8 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.nbits -= 8;
        }
    }

    /// Widens the codes once the dictionary's next code needs another bit.
    #[inline]
    fn widen(&mut self, next: u16) {
        if next > (1 << self.width) - 1 && self.width < 12 {
            self.width += 1;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.nbits > 0 {
            self.out.push(self.bits as u8);
        }
        self.out
    }
}

/// The strings met so far: entries (prefix code, byte) in a hash table, and the runs
/// of one byte, which long transparent stretches walk without hashing.
struct Dictionary {
    /// Entries (prefix code, byte) -> code, open addressing; 0 is empty.
    table: Vec<u32>,
    /// For each byte, the codes of its runs: `runs[b][k - 1]` spells `b` k times.
    runs: Vec<Vec<u16>>,
    /// For each code, the run it spells (`(byte, length)`), if it is one.
    run_of: Vec<(u8, u16)>,
    /// The next free code.
    next: u16,
}

impl Dictionary {
    fn new() -> Dictionary {
        Dictionary {
            table: vec![0u32; SLOTS],
            runs: (0..=255u16).map(|b| vec![b]).collect(),
            run_of: (0..FULL)
                .map(|c| if c < CLEAR { (c as u8, 1) } else { (0, 0) })
                .collect(),
            next: FIRST,
        }
    }

    #[inline]
    fn key(current: u16, x: u8) -> u32 {
        (u32::from(current) << 8 | u32::from(x)) + 1
    }

    #[inline]
    fn slot(key: u32) -> usize {
        ((key.wrapping_mul(0x9E37_79B1)) >> 19) as usize & (SLOTS - 1)
    }

    /// The length of the run `current` spells, if it is a run of `x`.
    #[inline]
    fn run_length(&self, current: u16, x: u8) -> Option<u16> {
        let (rb, rlen) = self.run_of[current as usize];
        (rlen > 0 && rb == x).then_some(rlen)
    }

    /// The current string is a run of `x` of length `len` and `x` follows (`ahead[0]`):
    /// the longest run code that the input allows, with the bytes it takes; `None` when
    /// no longer run is known.
    #[inline]
    fn longest_run(&self, x: u8, len: u16, ahead: &[u8]) -> Option<(u16, usize)> {
        let known = &self.runs[x as usize];
        let room = known.len() - len as usize;
        if room == 0 {
            return None;
        }
        let taken = ahead.iter().take(room).take_while(|&&b| b == x).count();
        Some((known[len as usize + taken - 1], taken))
    }

    /// The code of `current` followed by `x`, if known.
    #[inline]
    fn find(&self, current: u16, x: u8) -> Option<u16> {
        let key = Self::key(current, x);
        let mut s = Self::slot(key);
        while self.table[s] != 0 {
            if self.table[s] >> 12 == key {
                return Some((self.table[s] & 0xFFF) as u16);
            }
            s = (s + 1) & (SLOTS - 1);
        }
        None
    }

    /// Adds `current` followed by `x` (`run`: the length of the run of `x` that
    /// `current` spells, if it does); false when the dictionary is full.
    #[inline]
    fn add(&mut self, current: u16, x: u8, run: Option<u16>) -> bool {
        if self.next >= FULL {
            return false;
        }
        let next = self.next;
        match run {
            Some(len) => {
                self.runs[x as usize].push(next);
                self.run_of[next as usize] = (x, len + 1);
            }
            None => {
                let key = Self::key(current, x);
                let mut s = Self::slot(key);
                while self.table[s] != 0 {
                    s = (s + 1) & (SLOTS - 1);
                }
                self.table[s] = key << 12 | u32::from(next);
                self.run_of[next as usize] = (0, 0);
            }
        }
        self.next += 1;
        true
    }

    /// Empties the dictionary after a clear code.
    fn clear(&mut self) {
        self.next = FIRST;
        self.table.fill(0);
        for (b, r) in self.runs.iter_mut().enumerate() {
            r.clear();
            r.push(b as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The palette index kept for "unchanged since the previous frame".
    const TRANSPARENT: u8 = super::super::lut::TRANSPARENT;

    /// Decodes one frame of `w` x `h` indices written by [`lzw`].
    fn round_trip(data: &[u8], w: u16, h: u16) -> Vec<u8> {
        let pal = vec![0u8; 768];
        let mut out = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut out, w, h, &pal).expect("encoder");
            let frame = gif::Frame {
                width: w,
                height: h,
                buffer: std::borrow::Cow::Owned(lzw(data)),
                ..gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).expect("frame");
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = options.read_info(out.as_slice()).expect("a GIF");
        let frame = dec.read_next_frame().expect("decodes").expect("a frame");
        frame.buffer.to_vec()
    }

    #[test]
    fn lzw_round_trips_runs_noise_and_full_dictionaries() {
        // Long runs, short runs, islands, and noise that fills the dictionary (clears).
        let mut state = 7u32;
        let mut noise = || {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8
        };
        let mut data = vec![TRANSPARENT; 300 * 200];
        for (i, px) in data.iter_mut().enumerate() {
            let (x, y) = (i % 300, i / 300);
            if y % 40 < 9 && x % 70 < 25 {
                *px = (x % 5) as u8 + 20;
            }
            if y > 150 {
                *px = noise();
            }
            if y == 120 {
                *px = 3;
            }
        }
        assert_eq!(round_trip(&data, 300, 200), data);
        let runs: Vec<u8> = (0..20_000u32).map(|i| (i / 700 % 3) as u8).collect();
        assert_eq!(round_trip(&runs, 200, 100), runs);
        let one = vec![TRANSPARENT; 1];
        assert_eq!(round_trip(&one, 1, 1), one);
        let all: Vec<u8> = (0..=255u8).cycle().take(256 * 64).collect();
        assert_eq!(round_trip(&all, 256, 64), all);
    }
}
