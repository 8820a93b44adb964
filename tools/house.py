#!/usr/bin/env python3
"""The house's figures (issue 48): import circles per folder of src/, files of 700 lines
or more, functions of 80 lines or more (tests and test modules left out).

    python3 tools/house.py [src]

It reads the code as text: a function is counted from its `fn` line to its closing
brace; an arrow runs from a module to a sibling it names through `super::` (or the
folder's `crate::` path)."""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "src"
FN = re.compile(r"\s*(pub(\([^)]*\))?\s+)?(async\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")


def code_of(text):
    """The text without its test module (`#[cfg(test)] mod ...` to the end)."""
    return re.split(r"#\[cfg\(test\)\]\s*mod ", text)[0]


def long_functions(path, limit=80):
    lines = code_of(open(path).read()).split("\n")
    out = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m or line.strip().startswith("//"):
            continue
        depth, started, j = 0, False, i
        while j < len(lines):
            t = re.sub(r'"(\\.|[^"\\])*"', '""', lines[j])
            t = re.sub(r"'(\\.|[^'\\])'", "''", t).split("//")[0]
            for ch in t:
                if ch == "{":
                    depth, started = depth + 1, True
                elif ch == "}":
                    depth -= 1
            if started and depth <= 0:
                break
            if not started and t.rstrip().endswith(";"):
                break
            j += 1
        if started and j - i + 1 >= limit:
            out.append((j - i + 1, path, i + 1, m.group(6)))
    return out


def modules(folder):
    """The modules of `folder`: a file each, or a folder with a `mod.rs`."""
    mods = {}
    for name in os.listdir(folder):
        p = os.path.join(folder, name)
        if name.endswith(".rs") and name not in ("mod.rs", "lib.rs", "main.rs", "tests.rs"):
            mods[name[:-3]] = [p]
        elif os.path.isdir(p) and os.path.exists(os.path.join(p, "mod.rs")):
            mods[name] = [os.path.join(d, f) for d, _, fs in os.walk(p) for f in fs if f.endswith(".rs")]
    return mods


def circles(folder):
    mods = modules(folder)
    crate_path = "crate::" + "::".join(os.path.relpath(folder, ROOT).split(os.sep))
    edges = {}
    for m, files in mods.items():
        deps = set()
        for f in files:
            text = re.sub(r"//.*", "", code_of(open(f).read()))
            top = f == os.path.join(folder, m + ".rs") or f == os.path.join(folder, m, "mod.rs")
            names = re.findall(re.escape(crate_path) + r"::(\w+)", text)
            if top:
                names += re.findall(r"super::(\w+)", text)
                for group in re.findall(r"use super::\{([^;]*)\};", text):
                    names += re.findall(r"(?:^|[{,]\s*)(\w+)::", group)
            deps |= {n for n in names if n in mods and n != m}
        edges[m] = deps
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def repeated_runs(root, size=6):
    """Runs of `size` or more lines that stand twice in src/, to the letter once white
    space is folded (blank lines, comments, `use` lines and lone punctuation skipped):
    the pairs of places that share one, a pair per two files and their offset."""
    windows = {}
    for d, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".rs"):
                continue
            p = os.path.join(d, f)
            kept = []
            for n, line in enumerate(open(p), 1):
                t = " ".join(line.split())
                if not t or t.startswith("//") or t.startswith("use ") or re.fullmatch(r"[\[\](){};,.]*", t):
                    continue
                kept.append((n, t))
            for i in range(len(kept) - size + 1):
                key = "\n".join(t for _, t in kept[i:i + size])
                windows.setdefault(key, []).append((p, i, kept[i][0]))
    runs = set()
    for places in windows.values():
        if len(places) < 2 or len(places) > 8:
            continue
        for a in range(len(places)):
            for b in range(a + 1, len(places)):
                (pa, ia, _), (pb, ib, _) = sorted([places[a], places[b]])
                runs.add((pa, pb, ib - ia if pa == pb else (ia, ib)))
    pairs = {}
    for pa, pb, off in runs:
        key = (pa, pb, off if pa == pb else None)
        pairs[key] = pairs.get(key, 0) + 1
    return sorted(pairs)


def main():
    sys.setrecursionlimit(10000)
    fns, big, circ = [], [], []
    for d, _, files in os.walk(ROOT):
        circ += [(d, c) for c in circles(d)]
        for f in files:
            if not f.endswith(".rs"):
                continue
            p = os.path.join(d, f)
            n = sum(1 for _ in open(p))
            if n >= 700:
                big.append((n, p))
            if f != "tests.rs":
                fns += long_functions(p)
    print(f"import circles: {len(circ)}")
    for d, c in circ:
        print(f"  {d}: {' <-> '.join(c)}")
    print(f"files of 700+ lines: {len(big)}")
    for n, p in sorted(big, reverse=True):
        print(f"  {n:5} {p}")
    print(f"functions of 80+ lines: {len(fns)}")
    for n, p, line, name in sorted(fns, reverse=True):
        print(f"  {n:5} {p}:{line} {name}")
    rep = repeated_runs(ROOT)
    print(f"pairs of places sharing 6+ identical lines: {len(rep)}")
    for pa, pb, _ in rep:
        print(f"  {pa} ~ {pb}")


main()
