#!/usr/bin/env python3
"""Simulations per CPU second of koban and Pachi on the same positions.

    scripts/speed-vs-pachi.py --koban target/release/koban --pachi-dir /path/to/pachi \
        data/games/pachi13-1s-r13-a/part-0-4.sgf ...

Each position is a record's first M moves (--moves, default 0,20,40,60,80;
moves past the end of a record are skipped), sent to a fresh process of each
engine, which answers one `genmove` for the side to move with one thread and
a fixed number of simulations: koban `--threads 1 --playouts N` (the 9x9
opening book off, so that every position is searched), Pachi
`threads=1 -t =N`. Each engine runs every position at N and at 3N, and its
speed there is 2N over the difference of the two CPU times (user + system, of
the child process), so start-up (Pachi loads its pattern files) and the
position's setup cancel out. The engines alternate, position by position, so
a load that comes and goes on a shared machine falls on both.

Printed: one line per position with both speeds and their ratio, then per
board size the median speeds and the median of the per-position ratios.
Both engines count simulations alike (a descent of the tree and one playout):
koban's log says "after N simulations", Pachi's "(N games)"; Pachi may play a
few more than asked (5,010 for 5,000), so both counts are read from the logs.
"""

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys


def read_record(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    km = re.search(r"KM\[([-0-9.]+)\]", text)
    komi = float(km.group(1)) if km else 7.5
    moves = re.findall(r";\s*([BW])\[([a-s]{0,2})\]", text)
    return size, komi, moves


def vertex(mv, size):
    if len(mv) != 2 or (size <= 19 and mv == "tt"):
        return "pass"
    col = ord(mv[0]) - ord("a")
    row = ord(mv[1]) - ord("a")
    letters = "ABCDEFGHJKLMNOPQRST"
    return f"{letters[col]}{size - row}"


def gtp_input(size, komi, moves, upto):
    lines = [f"boardsize {size}", "clear_board", f"komi {komi}"]
    color = "b"
    for c, mv in moves[:upto]:
        lines.append(f"play {c.lower()} {vertex(mv, size)}")
        color = "w" if c == "B" else "b"
    lines += [f"genmove {color}", "quit"]
    return "\n".join(lines) + "\n"


def run(cmd, cwd, text, env=None):
    """CPU seconds of the child and its stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, cwd=cwd, input=text, capture_output=True, text=True,
                       env=env, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"{cmd[0]} failed: {p.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.stderr


def koban(args, text, n):
    env = dict(os.environ, RUST_LOG="info")
    # The 9x9 opening book answers without a search: off, so every position is searched.
    cmd = [os.path.abspath(args.koban), "--threads", "1", "--playouts", str(n), "--seed", "1",
           "--param", "opening_book=0"]
    cpu, err = run(cmd, None, text, env)
    m = re.findall(r"after (\d+) simulations", err)
    if not m:
        sys.exit("koban: no simulation count in its log")
    return cpu, int(m[-1])


def pachi(args, text, n):
    cmd = ["./pachi", "threads=1", "-t", f"={n}"]
    cpu, err = run(cmd, args.pachi_dir, text)
    m = re.findall(r"\((\d+)/(\d+) games\)", err)
    if not m:
        sys.exit("pachi: no game count in its log")
    return cpu, int(m[-1][1])


def speed(engine, args, text):
    n = args.playouts
    c1, s1 = engine(args, text, n)
    c3, s3 = engine(args, text, 3 * n)
    return (s3 - s1) / max(c3 - c1, 1e-6)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--koban", default="target/release/koban")
    ap.add_argument("--pachi-dir", required=True, help="folder with Pachi's binary and pattern files")
    ap.add_argument("--playouts", type=int, default=5000, help="N (default 5000)")
    ap.add_argument("--moves", default="0,20,40,60,80")
    ap.add_argument("records", nargs="+")
    args = ap.parse_args()
    upto = [int(m) for m in args.moves.split(",")]
    by_size = {}
    for path in args.records:
        size, komi, moves = read_record(path)
        for m in upto:
            if m > len(moves):
                continue
            text = gtp_input(size, komi, moves, m)
            k = speed(koban, args, text)
            p = speed(pachi, args, text)
            by_size.setdefault(size, []).append((k, p))
            print(f"{size}x{size} {os.path.basename(path)} move {m}: "
                  f"koban {k:,.0f}/s, Pachi {p:,.0f}/s, ratio {k / p:.2f}", flush=True)
    for size in sorted(by_size):
        rows = by_size[size]
        ks = statistics.median(k for k, _ in rows)
        ps = statistics.median(p for _, p in rows)
        ratio = statistics.median(k / p for k, p in rows)
        print(f"{size}x{size}: {len(rows)} positions, koban {ks:,.0f} simulations per CPU second, "
              f"Pachi {ps:,.0f}, median ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
