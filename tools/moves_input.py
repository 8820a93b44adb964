#!/usr/bin/env python3
"""Lines for `arcana local` that play N moves of chess (default 1,000) spread over games
of at most 60 plies, each in a channel of its own (`#gK`): random legal moves from a
fixed seed, so that every run types the same lines. Needs python-chess (`pip install
chess`). `--setup` prints only the challenges and acceptances, `--moves` only the moves,
so that a measurement can leave the games' creation out; `--channels N` opens N games
in N channels (four lines each).

    python3 tools/moves_input.py --setup > setup.txt
    python3 tools/moves_input.py --moves > moves.txt
"""
import random
import sys

import chess

MOVES = 1000
PLIES = 60


def games(total, seed=1):
    rng = random.Random(seed)
    left = total
    k = 0
    while left > 0:
        board = chess.Board()
        line = []
        while len(line) < min(PLIES, left) and not board.is_game_over(claim_draw=True):
            move = rng.choice(list(board.legal_moves))
            line.append(board.san(move))
            board.push(move)
        # A game that ends before its last ply leaves one move out, so the last move
        # typed is always answered by a game still going.
        if board.is_game_over(claim_draw=True):
            line.pop()
        yield k, line
        left -= len(line)
        k += 1


def channels(n):
    """Games in N channels, each challenged, accepted and opened with e4 e5: what a
    terminal full of games costs per line as the channels grow."""
    for k in range(n):
        print(f"#c{k} alice: /challenge @bob standard color:white days:0")
        print(f"#c{k} bob: /accept")
        print(f"#c{k} alice: e4")
        print(f"#c{k} bob: e5")


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "--all"
    if which == "--channels":
        channels(int(sys.argv[2]))
        return
    total = int(sys.argv[2]) if len(sys.argv) > 2 else MOVES
    for k, line in games(total):
        if which in ("--setup", "--all"):
            print(f"#g{k} alice: /challenge @bob standard color:white days:0")
            print(f"#g{k} bob: /accept")
        if which in ("--moves", "--all"):
            for i, san in enumerate(line):
                print(f"#g{k} {'alice' if i % 2 == 0 else 'bob'}: {san}")


if __name__ == "__main__":
    main()
