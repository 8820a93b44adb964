//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm with dual
//! variables, in Galil's O(n³) formulation), written here: no kept crate does it.
//!
//! Integer weights only, so every dual value stays exact. The caller makes cardinality
//! dominate (a large base weight on every edge) when it wants a maximum-cardinality
//! matching; the algorithm itself maximises the total weight. Checked against a brute
//! force over every matching of small graphs in this module's tests.

const NONE: usize = usize::MAX;

/// One edge: two vertices and a weight.
pub type Edge = (usize, usize, i64);

/// The partner of every vertex in a maximum-weight matching of the graph on
/// `vertices` vertices with `edges` (`None` for an unmatched vertex). Edges naming a
/// vertex out of range, loops, and edges of weight ≤ 0 are left out (they can never
/// help a maximum-weight matching).
pub fn max_weight_matching(vertices: usize, edges: &[Edge]) -> Vec<Option<usize>> {
    let edges: Vec<Edge> = edges
        .iter()
        .copied()
        .filter(|&(i, j, w)| i < vertices && j < vertices && i != j && w > 0)
        .map(|(i, j, w)| (i, j, w * 2))
        .collect();
    if edges.is_empty() {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges);
    m.solve();
    (0..vertices)
        .map(|v| {
            let p = m.mate[v];
            (p != NONE).then(|| m.endpoint[p])
        })
        .collect()
}

struct Matcher {
    n: usize,
    edges: Vec<Edge>,
    /// `endpoint[2k]` and `endpoint[2k + 1]` are the two ends of edge `k`.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// The remote endpoint of a vertex's matched edge, or NONE.
    mate: Vec<usize>,
    /// 0 free, 1 S (outer), 2 T (inner), 5 a breadcrumb while scanning; per vertex
    /// and per blossom.
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i64>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    fn new(n: usize, edges: Vec<Edge>) -> Matcher {
        let mut endpoint = Vec::with_capacity(edges.len() * 2);
        let mut neighbend = vec![Vec::new(); n];
        let mut maxweight = 0;
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
            maxweight = maxweight.max(w);
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        let nedge = edges.len();
        Matcher {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; nedge],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> i64 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let mut queue = std::mem::take(&mut self.queue);
            self.leaves(b, &mut queue);
            self.queue = queue;
        } else if t == 2 {
            let base = self.blossombase[b];
            let mp = self.mate[base];
            self.assign_label(self.endpoint[mp], 1, mp ^ 1);
        }
    }

    /// Traces back from two S vertices; the base of the new blossom, or NONE when
    /// the two trees differ (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        self.find_best_edges(b, &path);
    }

    /// The least-slack edge from new blossom `b` (made of `path`) to each other S
    /// blossom, kept for the dual changes, and the least of them.
    fn find_best_edges(&mut self, b: usize, path: &[usize]) {
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut top = NONE;
        for &k in &best {
            if top == NONE || self.slack(k) < self.slack(top) {
                top = k;
            }
        }
        self.bestedge[b] = top;
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick) = if j & 1 != 0 {
                j -= len;
                (1isize, 0usize)
            } else {
                (-1isize, 1usize)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let r = self.endpoint[endps[at(j - endptrick as isize)] ^ endptrick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[endps[at(j - endptrick as isize)] / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                let v = leaves
                    .iter()
                    .copied()
                    .find(|&v| self.label[v] != 0)
                    .or(leaves.last().copied());
                if let Some(v) = v {
                    if self.label[v] != 0 {
                        self.label[v] = 0;
                        let m = self.endpoint[self.mate[self.blossombase[bv]]];
                        self.label[m] = 0;
                        self.assign_label(v, 2, self.labelend[v]);
                    }
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick) = if i & 1 != 0 {
            j -= len;
            (1isize, 0usize)
        } else {
            (-1isize, 1usize)
        };
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        for _ in 0..self.n {
            self.start_stage();
            let augmented = loop {
                if self.scan_queue() {
                    break true;
                }
                // No augmenting path with the edges allowed now: change the duals.
                if !self.change_duals() {
                    break false;
                }
            };
            if !augmented {
                break;
            }
            self.end_stage();
        }
    }

    /// A stage begins: labels and best edges forgotten, every free vertex an S root.
    fn start_stage(&mut self) {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.allowedge.iter_mut().for_each(|a| *a = false);
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                self.assign_label(v, 1, NONE);
            }
        }
    }

    /// Grows the trees from the queued S vertices; true once a matching was augmented.
    fn scan_queue(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for idx in 0..self.neighbend[v].len() {
                if self.scan_edge(v, self.neighbend[v][idx]) {
                    return true;
                }
            }
        }
        false
    }

    /// Looks along the edge of S vertex `v` whose remote endpoint is `p`: labels,
    /// makes a blossom, or augments (then true); else notes the edge's slack.
    fn scan_edge(&mut self, v: usize, p: usize) -> bool {
        let k = p / 2;
        let w = self.endpoint[p];
        if self.inblossom[v] == self.inblossom[w] {
            return false;
        }
        let mut kslack = 0;
        if !self.allowedge[k] {
            kslack = self.slack(k);
            if kslack <= 0 {
                self.allowedge[k] = true;
            }
        }
        if self.allowedge[k] {
            if self.label[self.inblossom[w]] == 0 {
                self.assign_label(w, 2, p ^ 1);
            } else if self.label[self.inblossom[w]] == 1 {
                let base = self.scan_blossom(v, w);
                if base == NONE {
                    self.augment_matching(k);
                    return true;
                }
                self.add_blossom(base, k);
            } else if self.label[w] == 0 {
                self.label[w] = 2;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[self.inblossom[w]] == 1 {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        } else if self.label[w] == 0
            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
        {
            self.bestedge[w] = k;
        }
        false
    }

    /// Changes the duals by the largest step that keeps them feasible, and acts on
    /// what limited it; false when nothing did but a vertex's dual reaching zero (the
    /// matching is then of maximum weight).
    fn change_duals(&mut self) -> bool {
        let step = self.dual_step();
        self.shift_duals(step.delta);
        match step.kind {
            2 => {
                self.allowedge[step.edge] = true;
                let (mut i, j, _) = self.edges[step.edge];
                if self.label[self.inblossom[i]] == 0 {
                    i = j;
                }
                self.queue.push(i);
            }
            3 => {
                self.allowedge[step.edge] = true;
                let (i, _, _) = self.edges[step.edge];
                self.queue.push(i);
            }
            4 => self.expand_blossom(step.blossom, false),
            _ => return false,
        }
        true
    }

    /// The largest dual change allowed, and what limits it (Galil's four cases).
    fn dual_step(&self) -> DualStep {
        let n = self.n;
        let mut step = DualStep {
            kind: 1,
            delta: self.dualvar[..n].iter().copied().min().unwrap_or(0),
            edge: NONE,
            blossom: NONE,
        };
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if d < step.delta {
                    step.delta = d;
                    step.kind = 2;
                    step.edge = self.bestedge[v];
                }
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]) / 2;
                if d < step.delta {
                    step.delta = d;
                    step.kind = 3;
                    step.edge = self.bestedge[b];
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && self.dualvar[b] < step.delta
            {
                step.delta = self.dualvar[b];
                step.kind = 4;
                step.blossom = b;
            }
        }
        step
    }

    /// Moves every labelled vertex's and top blossom's dual by `delta`.
    fn shift_duals(&mut self, delta: i64) {
        let n = self.n;
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dualvar[v] -= delta,
                2 => self.dualvar[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dualvar[b] += delta,
                    2 => self.dualvar[b] -= delta,
                    _ => {}
                }
            }
        }
    }

    /// A stage ends: top S blossoms whose dual reached zero are expanded.
    fn end_stage(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b] == 0
            {
                self.expand_blossom(b, true);
            }
        }
    }
}

/// A change of the duals: by how much, and what limits it (1: a vertex's dual reaching
/// zero; 2: an edge to a free vertex; 3: an edge between S blossoms; 4: a T blossom's
/// dual reaching zero).
struct DualStep {
    kind: u8,
    delta: i64,
    edge: usize,
    blossom: usize,
}

#[cfg(test)]
mod tests;
