#!/usr/bin/env python3
"""Refutation suite: the replies that took koban's estimate down, and how
often an engine finds them.

    scripts/refutation-suite.py build DIR [--drop 0.25] RECORD.sgf...
    scripts/refutation-suite.py run DIR [--seeds 2] [--cwd DIR] -- ENGINE ARGS...

`build` reads traced match records (`TRACE=1 scripts/tune-match.sh`, whose
koban moves carry its search line with "win rate W") and keeps, from every
game koban lost, each position right after a koban move whose estimate had
fallen by at least --drop at koban's next move: the opponent's reply in
between is the answer. Each position is DIR/NAME.gtp (the moves as `play`
commands, then `genmove` for the side to move) with its answer in
DIR/NAME.ans.

`run` feeds every position to a fresh ENGINE process (`--seed S` is added for
S = 1..--seeds when the engine is koban; any other engine runs once per
seed without it) and prints how many of its moves were the answer. The
answers are moves the opponent chose, so an engine replaying its own games
is favoured: compare settings of one engine, not engines. A screen, not a
verdict: settings that find more refutations have lost games before
(docs/strength-log.md).
"""
import argparse
import os
import re
import subprocess
import sys

COLUMNS = 'ABCDEFGHJKLMNOPQRST'


def vertex(sgf_move, size):
    x, y = ord(sgf_move[0]) - 97, ord(sgf_move[1]) - 97
    return f'{COLUMNS[x]}{size - y}'


def build(out, drop, records):
    os.makedirs(out, exist_ok=True)
    kept = 0
    for path in records:
        text = open(path, encoding='utf-8', errors='replace').read()
        size = int(re.search(r'SZ\[(\d+)\]', text).group(1))
        komi = re.search(r'KM\[([^\]]*)\]', text)
        komi = komi.group(1) if komi else '7.5'
        white = re.search(r'PW\[([^\]]*)\]', text)
        koban = 'W' if white and 'koban' in white.group(1) else 'B'
        result = re.search(r'RE\[([^\]]*)\]', text)
        if not result or result.group(1).startswith(koban + '+'):
            continue
        nodes = re.findall(r';([BW])\[([a-z]*)\]((?:C\[(?:[^\]\\]|\\.)*\])?)', text)
        estimate = {}
        for i, (color, _, comment) in enumerate(nodes):
            found = re.search(r'win rate ([0-9.]+)', comment)
            if color == koban and found:
                estimate[i] = float(found.group(1))
        own = sorted(estimate)
        for a, b in zip(own, own[1:]):
            reply_color, reply = nodes[a + 1][0], nodes[a + 1][1]
            if b != a + 2 or estimate[a] - estimate[b] < drop or not reply:
                continue
            lines = [f'boardsize {size}', 'clear_board', f'komi {komi}']
            for color, move, _ in nodes[:a + 1]:
                lines.append(f'play {color} {vertex(move, size) if move else "pass"}')
            lines += [f'genmove {reply_color}', 'quit']
            game = os.path.basename(os.path.dirname(os.path.abspath(path)))
            name = f'{game}-{os.path.splitext(os.path.basename(path))[0]}-{a + 1}'
            with open(os.path.join(out, name + '.gtp'), 'w') as f:
                f.write('\n'.join(lines) + '\n')
            with open(os.path.join(out, name + '.ans'), 'w') as f:
                f.write(f'{vertex(reply, size)} {estimate[a]:.3f} {estimate[b]:.3f}\n')
            kept += 1
    print(f'{kept} positions in {out}')


def run(suite, seeds, cwd, engine):
    is_koban = 'koban' in os.path.basename(engine[0])
    found = total = 0
    for name in sorted(n for n in os.listdir(suite) if n.endswith('.gtp')):
        gtp = open(os.path.join(suite, name), 'rb').read()
        answer = open(os.path.join(suite, name[:-4] + '.ans')).read().split()[0]
        for seed in range(1, seeds + 1):
            command = engine + (['--seed', str(seed)] if is_koban else [])
            reply = subprocess.run(command, input=gtp, capture_output=True, cwd=cwd).stdout
            moves = re.findall(rb'^= ([A-Z]\d+|pass|resign)', reply, re.M | re.I)
            move = moves[-1].decode().upper() if moves else '?'
            total += 1
            found += move == answer
    print(f'{" ".join(engine)}: {found} of {total} answers found')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = parser.add_subparsers(dest='what', required=True)
    b = sub.add_parser('build')
    b.add_argument('dir')
    b.add_argument('--drop', type=float, default=0.25)
    b.add_argument('records', nargs='+')
    r = sub.add_parser('run')
    r.add_argument('dir')
    r.add_argument('--seeds', type=int, default=2)
    r.add_argument('--cwd', default=None)
    argv = sys.argv[1:]
    engine = argv[argv.index('--') + 1:] if '--' in argv else []
    args = parser.parse_args(argv[:argv.index('--')] if '--' in argv else argv)
    if args.what == 'build':
        build(args.dir, args.drop, args.records)
    else:
        if not engine:
            sys.exit('run: the engine command follows --')
        run(args.dir, args.seeds, args.cwd, engine)


if __name__ == '__main__':
    main()
