#!/usr/bin/env python3
"""How often koban wins the games it rated at a given win rate.

    scripts/win-rate-calibration.py '1 s=data/games/pachi19-1s-ctl*' \
        '3 s=data/games/pachi19-3s-1t,data/games/pachi19-3s-2t-f' [--windows 60-100,100-140]

Each argument is LABEL=PATTERN[,PATTERN...]: the records (`*.sgf`) of the
directories the shell patterns match form one group. The records must be traced
(`TRACE=1` in scripts/tune-match.sh), so that koban's moves carry its
search log's `win rate`. For each game and each window of move numbers
the mean of koban's own rates over its moves in the window puts the game
in a bin a tenth wide; the table gives, per bin and group, the games won
of the games in it (the winner is the referee's result, else the
record's RE). A search that judges its games well wins about half of
those it rates 0.5 to 0.6 and most of those it rates above 0.7.
"""

import argparse
import glob
import sys

import traced_records


def games(patterns):
    """(won, {move number: koban's win rate}) per record under `patterns`."""
    dirs = sorted({d for p in patterns.split(",") for d in glob.glob(p)})
    for d in dirs:
        for f in sorted(glob.glob(d + "/*.sgf")):
            rec = traced_records.read(f)
            if rec:
                rates = {n: float(r) for n, r in rec.rates()}
                yield rec.winner() == rec.colour, rates


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("groups", nargs="+", metavar="LABEL=PATTERN[,PATTERN...]")
    ap.add_argument("--windows", default="60-100,100-140,140-180",
                    help="move-number windows FROM-TO (TO excluded), comma-separated")
    args = ap.parse_args()
    windows = [tuple(int(x) for x in w.split("-")) for w in args.windows.split(",")]
    groups = []
    for g in args.groups:
        if "=" not in g:
            sys.exit(f"win-rate-calibration: {g!r} is not LABEL=PATTERN")
        label, pattern = g.split("=", 1)
        records = list(games(pattern))
        groups.append((label, records))
        print(f"{label}: {len(records)} games, {sum(w for w, _ in records)} won")
    for lo, hi in windows:
        print(f"\nmoves {lo} to {hi - 1}: games won of games, by koban's mean rate")
        table = {}
        for label, records in groups:
            for won, rates in records:
                rs = [r for n, r in rates.items() if lo <= n < hi]
                if not rs:
                    continue
                b = min(int(sum(rs) / len(rs) * 10), 9)
                cell = table.setdefault(b, {}).setdefault(label, [0, 0])
                cell[0] += won
                cell[1] += 1
        print("rate      " + "".join(f"{label:>14}" for label, _ in groups))
        for b in sorted(table):
            cells = "".join(
                "{:>14}".format("%d of %d" % tuple(table[b].get(label, [0, 0])))
                for label, _ in groups
            )
            print(f"{b / 10:.1f}-{(b + 1) / 10:.1f}  {cells}")


if __name__ == "__main__":
    main()
