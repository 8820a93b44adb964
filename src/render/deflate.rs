//! A zlib stream (RFC 1950/1951) for the board PNGs' palette indices, tuned for pictures
//! made of flat colour: matches are looked for only at a few distances the caller knows
//! to repeat (the row above, the pixel before, the same cell two squares left), which
//! finds nearly everything a general search would at a fraction of its cost, and the
//! whole picture is one block with Huffman codes made for it.

/// Lengths and distances of matches: the base of each code and its extra bits (RFC 1951,
/// 3.2.5).
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
/// Extra bits of each distance code; the two last slots stand for "no distance" (a
/// literal) and carry none.
const DIST_EXTRA: [u8; 32] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13, 0, 0,
];
/// The distance slot of a literal.
const NO_DIST: u32 = 31;
/// The order code-length code lengths are sent in.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];
/// The symbol ending a block, and the size of the literal/length alphabet.
const END: usize = 256;
const LIT_LEN: usize = 286;
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
const MAX_DIST: usize = 32768;

/// The length code of each match length.
const LEN_CODE: [u8; MAX_MATCH + 1] = {
    let mut t = [0u8; MAX_MATCH + 1];
    let (mut code, mut len) = (0, MIN_MATCH);
    while len <= MAX_MATCH {
        while code + 1 < LEN_BASE.len() && LEN_BASE[code + 1] as usize <= len {
            code += 1;
        }
        t[len] = code as u8;
        len += 1;
    }
    t
};

/// Extra bits of each literal/length symbol (none for literals).
const SYMBOL_EXTRA: [u8; LIT_LEN] = {
    let mut t = [0u8; LIT_LEN];
    let mut code = 0;
    while code < LEN_EXTRA.len() {
        t[END + 1 + code] = LEN_EXTRA[code];
        code += 1;
    }
    t
};

fn dist_code(d: usize) -> usize {
    DIST_BASE
        .partition_point(|&b| b as usize <= d)
        .saturating_sub(1)
}

/// The zlib stream of `data`, matches looked for at `distances` (best first; any above
/// deflate's 32 KiB window are left out).
pub(super) fn zlib(data: &[u8], distances: &[usize]) -> Vec<u8> {
    let distances: Vec<usize> = distances
        .iter()
        .copied()
        .filter(|&d| (1..=MAX_DIST).contains(&d))
        .collect();
    let mut parsed = parse(data, &distances);
    let mut out = Vec::with_capacity(data.len() / 12 + 64);
    // Deflate with a 32 KiB window, no dictionary; the check bits make the header a
    // multiple of 31.
    out.extend([0x78, 0x01]);
    let mut out = write_block(&mut parsed, out);
    let mut adler = simd_adler32::Adler32::new();
    adler.write(data);
    out.extend(adler.finish().to_be_bytes());
    out
}

/// The input as literals and matches, with how often each symbol occurs. A token is
/// the literal/length symbol (9 bits), the length's extra bits (5), the distance code
/// (5, [`NO_DIST`] for a literal) and the distance's extra bits (13).
struct Parsed {
    tokens: Vec<u32>,
    lit_len: [u32; LIT_LEN],
    dist: [u32; 32],
}

/// The 8 bytes at `k` as one word.
#[inline]
fn word(data: &[u8], k: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&data[k..k + 8]);
    u64::from_le_bytes(b)
}

/// How many bytes from `i` on equal those `d` before them, at most `max`.
#[inline]
fn match_len(data: &[u8], i: usize, d: usize, max: usize) -> usize {
    let mut k = 0;
    while k + 8 <= max {
        let diff = word(data, i + k) ^ word(data, i - d + k);
        if diff != 0 {
            return k + (diff.trailing_zeros() / 8) as usize;
        }
        k += 8;
    }
    k + data[i + k..i + max]
        .iter()
        .zip(&data[i - d + k..])
        .take_while(|(a, b)| a == b)
        .count()
}

/// The longest match at `i` among `distances` (at most `max` long, `max` at least 8),
/// as (length, which distance).
#[inline]
fn best_match(data: &[u8], i: usize, distances: &[usize], max: usize) -> (usize, usize) {
    // Matches shorter than the minimum are not worth a look: compare 3 bytes first.
    const FIRST: u64 = 0xff_ffff;
    let here = word(data, i) & FIRST;
    let mut best = (0, 0);
    for (j, &d) in distances.iter().enumerate() {
        if d <= i && word(data, i - d) & FIRST == here {
            let len = match_len(data, i, d, max);
            if len > best.0 {
                best = (len, j);
                if len == max {
                    break;
                }
            }
        }
    }
    best
}

/// Greedy parsing: at each byte the longest match at one of `distances`, else a literal
/// (so are the last few bytes).
fn parse(data: &[u8], distances: &[usize]) -> Parsed {
    let codes: Vec<(u32, u32)> = distances
        .iter()
        .map(|&d| {
            let code = dist_code(d);
            (code as u32, (d - DIST_BASE[code] as usize) as u32)
        })
        .collect();
    let mut p = Parsed {
        tokens: Vec::with_capacity(data.len() / 16),
        lit_len: [0; LIT_LEN],
        dist: [0; 32],
    };
    let mut i = 0;
    while i < data.len() {
        let max = (data.len() - i).min(MAX_MATCH);
        let best = if max >= 8 {
            best_match(data, i, distances, max)
        } else {
            (0, 0)
        };
        if best.0 >= MIN_MATCH {
            let code = LEN_CODE[best.0] as usize;
            let (dcode, dextra) = codes[best.1];
            let extra = (best.0 - LEN_BASE[code] as usize) as u32;
            p.lit_len[END + 1 + code] += 1;
            p.dist[dcode as usize] += 1;
            p.tokens
                .push((END + 1 + code) as u32 | extra << 9 | dcode << 14 | dextra << 19);
            i += best.0;
        } else {
            p.lit_len[data[i] as usize] += 1;
            p.tokens.push(u32::from(data[i]) | NO_DIST << 14);
            i += 1;
        }
    }
    p
}

/// Bits written least significant first, into a buffer sized beforehand: each write
/// stores a whole word and moves on by the bytes it filled, without a branch.
struct Bits {
    out: Vec<u8>,
    at: usize,
    acc: u64,
    n: u32,
}

impl Bits {
    /// Room for `bits` more bits after `out`.
    fn new(mut out: Vec<u8>, bits: usize) -> Bits {
        let at = out.len();
        out.resize(at + bits / 8 + 16, 0);
        Bits {
            out,
            at,
            acc: 0,
            n: 0,
        }
    }

    /// Appends the `n` low bits of `v` (`n` at most 32).
    #[inline]
    fn put(&mut self, v: u64, n: u32) {
        self.acc |= v << self.n;
        self.n += n;
        self.out[self.at..self.at + 8].copy_from_slice(&self.acc.to_le_bytes());
        let bytes = self.n / 8;
        self.at += bytes as usize;
        // Shifting by 64 would overflow: two steps of up to 32.
        self.acc = (self.acc >> (bytes * 4)) >> (bytes * 4);
        self.n -= bytes * 8;
    }

    fn finish(mut self) -> Vec<u8> {
        self.out.truncate(self.at + self.n.div_ceil(8) as usize);
        self.out
    }
}

/// One final block with dynamic Huffman codes.
fn write_block(p: &mut Parsed, out: Vec<u8>) -> Vec<u8> {
    p.lit_len[END] = 1;
    if p.dist[..30].iter().all(|&f| f == 0) {
        // A block has at least one distance code.
        p.dist[0] = 1;
    }
    let lit_lens = code_lengths(&p.lit_len, 15);
    let mut dist_lens = code_lengths(&p.dist[..30], 15);
    dist_lens.extend([0, 0]);
    // A token takes at most 48 bits; the header a few hundred bytes.
    let mut bits = Bits::new(out, 48 * p.tokens.len() + 8 * 1024);
    write_header(&mut bits, &lit_lens, &dist_lens[..30]);
    // Each symbol's code in the low 16 bits, its length above.
    let table = |lens: &[u8]| -> Vec<u32> {
        codes(lens)
            .iter()
            .zip(lens)
            .map(|(&c, &l)| u32::from(c) | u32::from(l) << 16)
            .collect()
    };
    let (lit, dist) = (table(&lit_lens), table(&dist_lens));
    for &t in &p.tokens {
        // Literals and matches alike: a literal's extra bits and distance take no bits.
        let symbol = (t & 511) as usize;
        let dcode = ((t >> 14) & 31) as usize;
        let (l, d) = (lit[symbol], dist[dcode]);
        // At most 15 + 5 and 15 + 13 bits.
        let (ln, le) = (l >> 16, u32::from(SYMBOL_EXTRA[symbol]));
        let (dn, de) = (d >> 16, u32::from(DIST_EXTRA[dcode]));
        bits.put(
            u64::from(l & 0xffff) | u64::from((t >> 9) & 31) << ln,
            ln + le,
        );
        bits.put(u64::from(d & 0xffff) | u64::from(t >> 19) << dn, dn + de);
    }
    bits.put(u64::from(lit[END] & 0xffff), lit[END] >> 16);
    bits.finish()
}

/// The block header: kind, the sizes of both alphabets, then their code lengths, run
/// length coded with a code of their own.
fn write_header(bits: &mut Bits, lit_lens: &[u8], dist_lens: &[u8]) {
    let used = |lens: &[u8], min: usize| {
        lens.iter()
            .rposition(|&l| l > 0)
            .map_or(min, |k| (k + 1).max(min))
    };
    let (hlit, hdist) = (used(lit_lens, 257), used(dist_lens, 1));
    let mut all = lit_lens[..hlit].to_vec();
    all.extend_from_slice(&dist_lens[..hdist]);
    let runs = run_lengths(&all);
    let mut freq = [0u32; 19];
    for &(s, _) in &runs {
        freq[s as usize] += 1;
    }
    let cl_lens = code_lengths(&freq, 7);
    let cl_codes = codes(&cl_lens);
    let hclen = CL_ORDER
        .iter()
        .rposition(|&s| cl_lens[s] > 0)
        .map_or(4, |k| (k + 1).max(4));
    // Final block, dynamic codes.
    bits.put(0b101, 3);
    bits.put((hlit - 257) as u64, 5);
    bits.put((hdist - 1) as u64, 5);
    bits.put((hclen - 4) as u64, 4);
    for &s in &CL_ORDER[..hclen] {
        bits.put(u64::from(cl_lens[s]), 3);
    }
    for &(s, extra) in &runs {
        let s = s as usize;
        bits.put(u64::from(cl_codes[s]), u32::from(cl_lens[s]));
        let n = match s {
            16 => 2,
            17 => 3,
            18 => 7,
            _ => 0,
        };
        bits.put(u64::from(extra), n);
    }
}

/// Code lengths as deflate sends them: 16 repeats the previous length 3-6 times, 17
/// and 18 give 3-10 and 11-138 zeros. Pairs of (symbol, extra bits' value).
fn run_lengths(lens: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lens.len() {
        let l = lens[i];
        let mut run = lens[i..].iter().take_while(|&&x| x == l).count();
        i += run;
        if l == 0 {
            while run >= 11 {
                let r = run.min(138);
                out.push((18, (r - 11) as u8));
                run -= r;
            }
            if run >= 3 {
                out.push((17, (run - 3) as u8));
                run = 0;
            }
        } else {
            out.push((l, 0));
            run -= 1;
            while run >= 3 {
                let r = run.min(6);
                out.push((16, (r - 3) as u8));
                run -= r;
            }
        }
        out.extend(std::iter::repeat_n((l, 0), run));
    }
    out
}

/// Huffman code lengths of at most `limit` bits for these frequencies (0 for an unused
/// symbol). When the optimal code is too deep, the frequencies are flattened (halved,
/// kept above zero) until it fits.
fn code_lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut f = freq.to_vec();
    loop {
        let lens = huffman_lengths(&f);
        if lens.iter().all(|&l| l <= limit) {
            return lens;
        }
        for v in f.iter_mut().filter(|v| **v > 0) {
            *v = (*v >> 1) | 1;
        }
    }
}

/// Optimal (unlimited) Huffman code lengths: the two-queue construction over the
/// symbols sorted by frequency.
fn huffman_lengths(freq: &[u32]) -> Vec<u8> {
    let mut lens = vec![0u8; freq.len()];
    let mut leaves: Vec<(u32, usize)> = freq
        .iter()
        .enumerate()
        .filter(|(_, &f)| f > 0)
        .map(|(i, &f)| (f, i))
        .collect();
    match leaves.len() {
        0 => return lens,
        // A lone symbol still needs a one-bit code.
        1 => {
            lens[leaves[0].1] = 1;
            return lens;
        }
        _ => {}
    }
    leaves.sort_unstable();
    let m = leaves.len();
    // Nodes 0..m are the leaves, m.. the merged nodes in the order they are made.
    let mut weight: Vec<u64> = leaves.iter().map(|l| u64::from(l.0)).collect();
    let mut parent = vec![0usize; 2 * m - 1];
    let (mut next_leaf, mut next_node) = (0, m);
    for node in m..2 * m - 1 {
        let mut lightest = || {
            let leaf =
                next_leaf < m && (next_node >= node || weight[next_leaf] <= weight[next_node]);
            let k = if leaf { &mut next_leaf } else { &mut next_node };
            *k += 1;
            *k - 1
        };
        let (a, b) = (lightest(), lightest());
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    let mut depth = vec![0u8; 2 * m - 1];
    for k in (0..2 * m - 2).rev() {
        depth[k] = depth[parent[k]].saturating_add(1);
    }
    for (k, &(_, symbol)) in leaves.iter().enumerate() {
        lens[symbol] = depth[k];
    }
    lens
}

/// Canonical codes for these lengths, bit-reversed to be written least significant
/// bit first.
fn codes(lens: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    for &l in lens.iter().filter(|&&l| l > 0) {
        count[l as usize] += 1;
    }
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lens.iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            c.reverse_bits() >> (16 - l)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_distance_codes_match_their_bases() {
        for (len, &code) in LEN_CODE.iter().enumerate().skip(MIN_MATCH) {
            let code = code as usize;
            assert!(LEN_BASE[code] as usize <= len);
            let span = 1usize << LEN_EXTRA[code];
            assert!(
                len < LEN_BASE[code] as usize + span || len == MAX_MATCH,
                "{len}"
            );
        }
        for d in 1..=MAX_DIST {
            let code = dist_code(d);
            assert!(DIST_BASE[code] as usize <= d);
            assert!(
                d < DIST_BASE[code] as usize + (1 << DIST_EXTRA[code]),
                "{d}"
            );
        }
    }

    #[test]
    fn code_lengths_respect_the_limit_and_kraft() {
        // Fibonacci frequencies make the deepest optimal code.
        let mut freq = vec![1u32, 1];
        while freq.len() < 30 {
            let n = freq.len();
            freq.push(freq[n - 1] + freq[n - 2]);
        }
        let lens = code_lengths(&freq, 15);
        assert!(lens.iter().all(|&l| (1..=15).contains(&l)));
        let kraft: f64 = lens.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!(kraft <= 1.0, "{kraft}");
    }
}
