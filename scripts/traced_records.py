"""Reading the match records `koban match` writes (scripts/tune-match.sh):
which colour koban played, the result, and the moves with their comments,
where a traced record (`TRACE=1`) keeps koban's search line, `... win rate
R ...`, on each of koban's moves. Shared by late-losses.py,
win-rate-calibration.py and count-predictions.py.
"""
import re


class Record:
    """One record: `colour` is koban's ('B' or 'W'), `result` the referee's
    result (else the record's RE), `nodes` the (colour, point, comment) of
    each move in order, `text` the whole SGF."""

    def __init__(self, path, text, colour, result, nodes):
        self.path, self.text = path, text
        self.colour, self.result, self.nodes = colour, result, nodes

    def winner(self):
        """'B' or 'W', or None when the result names neither."""
        return self.result[:1] if self.result[:1] in ('B', 'W') else None

    def rates(self):
        """(move number from 1, koban's win rate as the trace writes it) for
        each traced koban move."""
        out = []
        for i, (c, _, comment) in enumerate(self.nodes, 1):
            w = re.search(r'win rate ([0-9.]+)', comment or '')
            if c == self.colour and w:
                out.append((i, w.group(1)))
        return out


def read(path):
    """The record at `path`, or None when it names no players or no result."""
    s = open(path, encoding='utf-8', errors='replace').read()
    pb = re.search(r'PB\[([^\]]*)\]', s)
    if not pb:
        return None
    res = re.search(r'Result\[Referee\\\]: (\S+)', s) or re.search(r'RE\[([^\]]*)\]', s)
    if not res:
        return None
    colour = 'B' if 'koban' in pb.group(1) else 'W'
    nodes = re.findall(r';([BW])\[([a-z]{0,2})\](C\[(?:[^\]\\]|\\.)*\])?', s)
    return Record(path, s, colour, res.group(1), nodes)
