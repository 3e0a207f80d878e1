#!/usr/bin/env python3
"""Compares koban's final_score with GNU Go's recorded result (RE) on counted
games, two ways: from the batch alone (loadsgf, final_score), and after a
search of the position before the last pass by the side that passed last, as
in the game itself (loadsgf FILE N, reg_genmove, play pass, final_score).

    scripts/score-after-search.py "KOBAN COMMAND" FILE.sgf...

Files that end by resignation, forfeit or time, or not with a pass, are
skipped. Prints one line per game (file, RE, batch, after the search, B/M for
each agreement) and the totals. docs/scoring.md has the figures it gave.
"""
import re, sys, subprocess
koban = sys.argv[1]
files = sys.argv[2:]
def margin(r):
    r = r.strip()
    if r.startswith('B+'): return float(r[2:])
    if r.startswith('W+'): return -float(r[2:])
    if r in ('0', 'Draw', 'Void'): return 0.0
    return None
def ask(cmds):
    p = subprocess.run(koban, shell=True, input='\n'.join(cmds) + '\n', capture_output=True, text=True, timeout=600)
    out = [blk for blk in p.stdout.split('\n\n') if blk.strip()]
    return [re.sub(r'^[=?]\d* ?', '', b.strip()) for b in out]
n = agree_b = agree_m = 0
for f in files:
    s = open(f, errors='replace').read()
    m = re.search(r'RE\[([^\]]*)\]', s)
    if not m or '+R' in m.group(1) or '+F' in m.group(1) or '+T' in m.group(1): continue
    ref = margin(m.group(1))
    if ref is None: continue
    moves = re.findall(r';([BW])\[([a-z]*)\]', s)
    if len(moves) < 2 or moves[-1][1] != '' : continue
    last = 'black' if moves[-1][0] == 'B' else 'white'
    b = ask([f'loadsgf {f}', 'final_score'])
    mm = ask([f'loadsgf {f} {len(moves)}', f'reg_genmove {last}', f'play {last} pass', 'final_score'])
    rb, rm = margin(b[1]), margin(mm[3])
    n += 1; agree_b += rb == ref; agree_m += rm == ref
    print(f, m.group(1), b[1], mm[3], 'B' if rb == ref else '-', 'M' if rm == ref else '-', flush=True)
print(f'games {n}: the batch agrees on {agree_b}, the count after a search on {agree_m}')
