#!/usr/bin/env python3
"""How often a count of a record's position names the game's winner: at the
given move numbers of each record (the position before that move), koban's
`koban-ownership` count under one or more settings and GNU Go's
`estimate_score`, each as Black's lead less the komi, against the referee's
result.

    scripts/count-predictions.py --moves 150,200,250 --count "KOBAN COMMAND"
        [--variant "--param A=B ..."]... [--gnugo "GNUGO COMMAND"] FILE.sgf...

Give KOBAN COMMAND a fixed count (--threads 1 --playouts N --seed S) so the
figures repeat. A move number is used when the record goes on at least ten
moves past it. Prints one line per position (record, move, winner, koban's
colour, each count), then, for each setting and move number, in how many
positions the count's sign named the winner, and where a variant's sign
differs from the first setting's, how often the variant was right. A count
that misreads the life of a group (the playouts' blind spots,
docs/strength-log.md) shows as a variant right where the first is wrong.
"""
import argparse

import position_counts
import traced_records

ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
ap.add_argument('--moves', required=True)
ap.add_argument('--count', required=True)
ap.add_argument('--variant', action='append', default=[])
ap.add_argument('--gnugo', default='/usr/games/gnugo --mode gtp --chinese-rules')
ap.add_argument('files', nargs='+')
args = ap.parse_args()

moves = [int(m) for m in args.moves.split(',')]
settings = [''] + args.variant
names = ['as given'] + args.variant + ['GNU Go']
right = {(n, m): [0, 0] for n in names for m in moves}
differ = {(v, m): [0, 0] for v in args.variant for m in moves}
for f in args.files:
    rec = traced_records.read(f)
    if not rec or rec.winner() is None:
        continue
    komi = position_counts.komi(rec.text)
    for m in moves:
        if m + 10 > len(rec.nodes):
            continue
        leads = [position_counts.koban_lead(f'{args.count} {v}', f, m, komi) for v in settings]
        leads.append(position_counts.gnugo_lead(args.gnugo, f, m))
        cols = []
        for name, lead in zip(names, leads):
            cols.append(f'{name}: {"?" if lead is None else f"{lead:+.1f}"}')
            if lead is not None:
                right[(name, m)][0] += (lead > 0) == (rec.winner() == 'B')
                right[(name, m)][1] += 1
        for v, lead in zip(args.variant, leads[1:]):
            if lead is not None and leads[0] is not None and (lead > 0) != (leads[0] > 0):
                differ[(v, m)][0] += (lead > 0) == (rec.winner() == 'B')
                differ[(v, m)][1] += 1
        print(f'{f} move {m} won by {rec.winner()} koban {rec.colour} | ' + ' | '.join(cols), flush=True)
for name in names:
    print(f'{name}: the winner named in ' + ', '.join(
        f'{right[(name, m)][0]} of {right[(name, m)][1]} at move {m}' for m in moves))
for v in args.variant:
    print(f'{v}: differs from "as given" in ' + ', '.join(
        f'{differ[(v, m)][1]} at move {m} (right in {differ[(v, m)][0]})' for m in moves))
