#!/usr/bin/env python3
"""GNU Go self-play games, part of the training data of koban's 9x9 move ratings.

    scripts/gnugo-selfplay.py --games N --seed S [--size 9] [--level 5] > FILE

One game per output line: the moves in order, Black first, as GTP vertices
(`pass` for a pass); a move that GNU Go did not choose (the random opening
moves and the occasional random move that keeps the games apart, since GNU Go
itself is nearly deterministic) carries a trailing `*`, and the trainer
(`cargo run --release --example train_ratings`) learns only from the others.
A game ends after two passes, a resignation or 4 * area moves. Comment lines
start with `#`.
"""
import argparse
import random
import subprocess
import sys


class Gtp:
    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            got = self.proc.stdout.readline()
            if got == "":
                raise RuntimeError(f"GNU Go exited on: {line}")
            if got.strip() == "":
                if lines:
                    break
                continue
            lines.append(got.strip())
        answer = " ".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"{line}: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()


def line_of(vertex, size):
    col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(vertex[0].upper())
    row = int(vertex[1:]) - 1
    return min(col, row, size - 1 - col, size - 1 - row)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--opening", type=int, default=4,
                    help="at most this many random opening moves (0 to this, uniformly)")
    ap.add_argument("--random-rate", type=float, default=0.04,
                    help="chance of a random move later in the game")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    gtp = Gtp([args.gnugo, "--mode", "gtp", "--level", str(args.level),
               "--chinese-rules"])
    print(f"# gnugo-selfplay.py --games {args.games} --seed {args.seed} "
          f"--size {args.size} --level {args.level} --opening {args.opening} "
          f"--random-rate {args.random_rate}")
    gtp.ask(f"boardsize {args.size}")
    gtp.ask(f"komi {args.komi}")
    for _ in range(args.games):
        gtp.ask("clear_board")
        gtp.ask(f"set_random_seed {rng.randrange(1 << 30)}")
        opening = rng.randint(0, args.opening)
        moves, passes = [], 0
        colour = "b"
        while passes < 2 and len(moves) < 4 * args.size * args.size:
            random_move = len(moves) < opening or rng.random() < args.random_rate
            legal = gtp.ask(f"all_legal {colour}").split() if random_move else []
            if random_move and len(moves) < opening:
                # Opening moves off the first two lines, as a player would.
                legal = [v for v in legal if line_of(v, args.size) >= 2]
            if legal:
                move = rng.choice(legal)
                gtp.ask(f"play {colour} {move}")
                moves.append(move.upper() + "*")
            else:
                move = gtp.ask(f"genmove {colour}")
                if move.lower() == "resign":
                    break
                moves.append(move.upper() if move.lower() != "pass" else "pass")
            passes = passes + 1 if moves[-1] == "pass" else 0
            colour = "w" if colour == "b" else "b"
        print(" ".join(moves), flush=True)
    gtp.close()


if __name__ == "__main__":
    sys.exit(main())
