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
import argparse

import position_counts
import traced_records

ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
ap.add_argument('--rate', type=float, default=0.6)
ap.add_argument('--from', dest='frac', type=float, default=0.6)
ap.add_argument('--count')
ap.add_argument('--variant', action='append', default=[])
ap.add_argument('--gnugo', default='/usr/games/gnugo --mode gtp --chinese-rules')
ap.add_argument('files', nargs='+')
args = ap.parse_args()


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
        komi = position_counts.komi(rec.text)
        leads = [position_counts.koban_lead(f'{args.count} {v}', f, move, komi)
                 for v in settings]
        # GNU Go judges the position after koban's move.
        leads.append(position_counts.gnugo_lead(args.gnugo, f, move + 1))
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
