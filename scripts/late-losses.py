#!/usr/bin/env python3
"""Lists the games koban lost after rating its position won late in the game,
from traced records (`TRACE=1 scripts/tune-match.sh`: each koban move's
comment carries its search line, `... win rate R ...`), and optionally
counts each such position under several settings beside GNU Go's estimate.

    scripts/late-losses.py [--rate R] [--from F]
        [--count "KOBAN COMMAND" [--variant "--param A=B ..."]...]
        [--gnugo "GNUGO COMMAND"] FILE.sgf...

A game is listed when koban lost it (the referee's result, else RE) and
rated one of its moves at R (default 0.6) or more past the fraction F of
the game's length (default 0.6); the last such move is the one reported,
with how many moves before the end it came. With --count, each listed
position (before that move, koban to play) is counted by
`koban-ownership` of KOBAN COMMAND (give it --threads 1 --playouts N
--seed S for a repeatable count) once with no extra options and once per
--variant, as Black's area lead less the record's komi (KM), and by
GNU Go's `estimate_score` after the move; a count on the winner's side
(its sign that of the result) is marked `*`. The totals say, for each
setting, in how many listed games it saw the winner ahead.
This is where a playout blind spot shows: a group the playouts keep
alive that a referee takes off (docs/strength-log.md, runs 249 and 261 to 263).
"""
import argparse, re, subprocess, sys

import traced_records

ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
ap.add_argument('--rate', type=float, default=0.6)
ap.add_argument('--from', dest='frac', type=float, default=0.6)
ap.add_argument('--count')
ap.add_argument('--variant', action='append', default=[])
ap.add_argument('--gnugo', default='/usr/games/gnugo --mode gtp --chinese-rules')
ap.add_argument('files', nargs='+')
args = ap.parse_args()


def gtp(cmd, lines):
    p = subprocess.run(cmd, shell=True, input='\n'.join(lines) + '\nquit\n',
                       capture_output=True, text=True, timeout=1200)
    return [b.strip() for b in p.stdout.split('\n\n') if b.strip()]


def koban_lead(cmd, f, move, komi):
    out = gtp(cmd, [f'loadsgf {f} {move}', 'koban-ownership'])
    m = re.search(r'Black owns ([-+0-9.]+) points', '\n'.join(out))
    return float(m.group(1)) - komi if m else None


def gnugo_lead(f, move):
    out = gtp(args.gnugo, [f'loadsgf {f} {move + 1}', 'estimate_score'])
    m = re.search(r'= ([BW])\+([0-9.]+)', '\n'.join(out))
    return None if not m else float(m.group(2)) * (1 if m.group(1) == 'B' else -1)


settings = [''] + args.variant if args.count else []
names = settings + ['GNU Go'] if args.count else []
agree = [0] * len(names)
lost = listed = 0
for f in args.files:
    rec = traced_records.read(f)
    if not rec:
        continue
    winner = rec.winner()
    if winner is None or winner == rec.colour:
        continue
    lost += 1
    high = [(i, r) for i, r in rec.rates()
            if float(r) >= args.rate and i >= args.frac * len(rec.nodes)]
    if not high:
        continue
    listed += 1
    move, rate = high[-1]
    line = f'{f} koban {rec.colour} {rec.result}: rated {rate} at move {move}, {len(rec.nodes) - move} before the end'
    if args.count:
        km = re.search(r'KM\[([-0-9.]+)\]', rec.text)
        komi = float(km.group(1)) if km else 0.0
        leads = [koban_lead(f'{args.count} {v}', f, move, komi) for v in settings]
        leads.append(gnugo_lead(f, move))
        cols = []
        for k, (name, lead) in enumerate(zip(names, leads)):
            ok = lead is not None and (lead > 0) == (winner == 'B')
            agree[k] += ok
            cols.append(f'{name or "as given"}: {"?" if lead is None else f"{lead:+.1f}"}{"*" if ok else ""}')
        line += ' | ' + ' | '.join(cols)
    print(line, flush=True)
print(f'lost {lost}, of them rated {args.rate} or more past {args.frac:.0%} of the game: {listed}')
for name, n in zip(names, agree):
    print(f'  {name or "as given"}: the winner ahead in {n} of {listed}')
