//! Checks of the matching against a brute force over every matching of small graphs.

use super::*;

/// The best total weight over every matching, by trying each.
fn brute(n: usize, edges: &[Edge]) -> i64 {
    fn go(v: usize, used: &mut Vec<bool>, adj: &[Vec<i64>]) -> i64 {
        let n = used.len();
        let Some(v) = (v..n).find(|&u| !used[u]) else {
            return 0;
        };
        used[v] = true;
        let mut best = go(v + 1, used, adj);
        for u in v + 1..n {
            if !used[u] && adj[v][u] > 0 {
                used[u] = true;
                best = best.max(adj[v][u] + go(v + 1, used, adj));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut adj = vec![vec![0; n]; n];
    for &(i, j, w) in edges {
        adj[i][j] = adj[i][j].max(w);
        adj[j][i] = adj[i][j];
    }
    go(0, &mut vec![false; n], &adj)
}

fn total(edges: &[Edge], mate: &[Option<usize>]) -> i64 {
    let mut sum = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "the matching is symmetric");
            if v < u {
                sum += edges
                    .iter()
                    .filter(|&&(i, j, _)| (i, j) == (v, u) || (j, i) == (v, u))
                    .map(|e| e.2)
                    .max()
                    .expect("a matched pair is an edge");
            }
        }
    }
    sum
}

/// A small deterministic generator (xorshift), so the cases repeat.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn matches_brute_force_on_every_size_up_to_ten() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for n in 0..=10 {
        for case in 0..300 {
            let density = 1 + case % 4; // a quarter of the pairs .. all of them
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if rng.next() % 4 < density as u64 {
                        // Few distinct weights in some cases, to get ties and blossoms.
                        let range = if case % 2 == 0 { 5 } else { 1000 };
                        edges.push((i, j, 1 + (rng.next() % range) as i64));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges);
            assert_eq!(
                total(&edges, &mate),
                brute(n, &edges),
                "n {n}, edges {edges:?}"
            );
        }
    }
}

#[test]
fn known_blossom_cases() {
    // A triangle with a tail: the blossom has to be formed and then expanded.
    let edges = [(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)];
    assert_eq!(total(&edges, &max_weight_matching(5, &edges)), 15);
    // A nested blossom that must be expanded when augmenting.
    let edges = [
        (1, 2, 9),
        (1, 3, 9),
        (2, 3, 10),
        (2, 4, 8),
        (3, 5, 8),
        (4, 5, 10),
        (5, 6, 6),
    ];
    let mate = max_weight_matching(7, &edges);
    assert_eq!(total(&edges, &mate), brute(7, &edges));
    // Nothing to match.
    assert_eq!(max_weight_matching(3, &[]), vec![None; 3]);
    // Bad edges are ignored, not a panic.
    assert_eq!(
        max_weight_matching(2, &[(0, 5, 3), (1, 1, 2)]),
        vec![None; 2]
    );
}
