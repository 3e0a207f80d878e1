"""Counting a position of a record two ways, for the record-reading scripts
(late-losses.py, count-predictions.py): koban's `koban-ownership` count and
GNU Go's `estimate_score`, each as Black's lead less the komi.
"""
import re
import subprocess


def gtp(cmd, lines):
    """The non-empty answers of the engine `cmd` (a shell command) to `lines`."""
    p = subprocess.run(cmd, shell=True, input='\n'.join(lines) + '\nquit\n',
                       capture_output=True, text=True, timeout=1200)
    return [b.strip() for b in p.stdout.split('\n\n') if b.strip()]


def koban_lead(cmd, f, move, komi):
    """Black's area lead less `komi` by koban `cmd` before move `move`
    (from 1) of the record `f`; None when koban gave no count."""
    out = gtp(cmd, [f'loadsgf {f} {move}', 'koban-ownership'])
    m = re.search(r'Black owns ([-+0-9.]+) points', '\n'.join(out))
    return float(m.group(1)) - komi if m else None


def gnugo_lead(cmd, f, move):
    """GNU Go's estimate (`cmd`) before move `move` (from 1) of the record
    `f`, the position `koban_lead` counts (both engines' `loadsgf` stop
    before the move they are given), as Black's lead with the record's komi
    included; None when it gave none."""
    out = gtp(cmd, [f'loadsgf {f} {move}', 'estimate_score'])
    m = re.search(r'= ([BW])\+([0-9.]+)', '\n'.join(out))
    return None if not m else float(m.group(2)) * (1 if m.group(1) == 'B' else -1)


def komi(text):
    """The record's komi (KM), 0 when it has none."""
    km = re.search(r'KM\[([-0-9.]+)\]', text)
    return float(km.group(1)) if km else 0.0
