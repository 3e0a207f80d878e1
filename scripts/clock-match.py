#!/usr/bin/env python3
"""Plays koban against a GTP opponent (GNU Go by default) under a game clock the
way kgsGtp runs one, and reports how koban used its clock.

koban gets `kgs-time_settings` once per game and `time_left COLOUR T P` before
every genmove (T in whole seconds, P the byo-yomi periods or Canadian stones
left, 0 in main time). This script keeps koban's clock: each genmove is timed
from the request to the answer and charged to main time, then to the byo-yomi
periods (a period that is not exceeded is kept, each one exceeded is lost) or
Canadian blocks. Running out is a loss on time. The opponent is not clocked
(its time is recorded). Games ending by two passes are scored by a referee
(GNU Go with Chinese rules).

koban runs with RUST_LOG=info so each move's planned time (the `time plan` log
line) can be compared with the time it took.

Per game the summary gives the result, the share of main time used, the
per-move times in overtime (min / median / max), periods lost, time losses,
and the largest excess of a move over its plan. --json writes every move.

Example (9x9, 10 s main time, one 1 s byo-yomi period, 4 games):
  scripts/clock-match.py --games 4 --size 9 --main 10 --byoyomi 1 --periods 1
"""

import argparse
import json
import math
import os
import queue
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time

GNUGO = "/usr/games/gnugo"
PLAN = re.compile(r"time plan \w+: ([0-9.]+) s, (.*), stop early: (\w+)$")
SEARCH = re.compile(r"genmove \w+: .* in ([0-9.]+)s ")


class Gtp:
    """A GTP engine behind pipes; stderr is collected line by line."""

    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            env=env,
        )
        self.stderr = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.proc.stderr:
            self.stderr.put(line.rstrip("\n"))

    def ask(self, command):
        """The result of a successful answer; raises on an error answer."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{command}: engine closed its output")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{command}: {text}")
        return text[1:].lstrip("0123456789").strip()

    def logged(self):
        """The last time plan and search time logged since the last call."""
        plan = search = None
        while True:
            try:
                line = self.stderr.get_nowait()
            except queue.Empty:
                return plan, search
            m = PLAN.search(line)
            if m:
                plan = float(m.group(1))
            m = SEARCH.search(line)
            if m:
                search = float(m.group(1))

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()


class Clock:
    """koban's clock as a server keeps it."""

    def __init__(self, main, overtime, period, count):
        self.overtime = overtime  # None, "byoyomi" or "canadian"
        self.period = period
        self.count_full = count
        self.main = main
        self.left = main if main > 0 or overtime is None else period
        self.count = 0 if main > 0 or overtime is None else count
        self.periods_lost = 0

    def time_left(self):
        return math.floor(self.left), self.count

    def in_main(self):
        return self.count == 0 and (self.left > 0 or self.overtime is None)

    def spend(self, seconds):
        """Charges a move; False on a loss on time."""
        if self.count == 0:
            if seconds <= self.left or self.overtime is None:
                self.left -= seconds
                return self.left >= 0
            seconds -= self.left
            self.left, self.count = self.period, self.count_full
        if self.overtime == "byoyomi":
            while seconds > self.left and self.count > 0:
                seconds -= self.left
                self.count -= 1
                self.periods_lost += 1
                self.left = self.period
            self.left = self.period
            return self.count > 0
        self.left -= seconds
        self.count -= 1
        if self.left < 0:
            return False
        if self.count == 0:
            self.left, self.count = self.period, self.count_full
        return True


def play_game(args, index, referee):
    koban_black = index % 2 == 0 if args.alternate else True
    koban_colour = "b" if koban_black else "w"
    env = dict(os.environ, RUST_LOG="info")
    koban = Gtp(shlex.split(args.koban) + ["--seed", str(args.seed + index)], env)
    opponent = Gtp(shlex.split(args.opponent))
    setup = [f"boardsize {args.size}", "clear_board", f"komi {args.komi}"]
    for c in setup:
        koban.ask(c)
        opponent.ask(c)
    if args.byoyomi:
        overtime, period, count = "byoyomi", args.byoyomi, args.periods
        koban.ask(f"kgs-time_settings byoyomi {args.main} {period} {count}")
    elif args.canadian:
        overtime, period, count = "canadian", args.canadian, args.stones
        koban.ask(f"kgs-time_settings canadian {args.main} {period} {count}")
    else:
        overtime, period, count = None, 0, 0
        koban.ask(f"kgs-time_settings absolute {args.main}")
    clock = Clock(args.main, overtime, period, count)
    moves, record = [], []
    passes, result, colour = 0, None, "b"
    opponent_seconds = 0.0
    while len(record) < args.maxmoves:
        mine = colour == koban_colour
        engine, other = (koban, opponent) if mine else (opponent, koban)
        if mine:
            t, p = clock.time_left()
            koban.ask(f"time_left {colour} {t} {p}")
            stage = "main" if clock.in_main() else "overtime"
            koban.logged()
        start = time.monotonic()
        mv = engine.ask(f"genmove {colour}")
        took = time.monotonic() - start
        if mine:
            # The log lines come before the answer, but through another pipe.
            time.sleep(0.01)
            plan, search = koban.logged()
            ok = clock.spend(took)
            moves.append(
                {
                    "ply": len(record) + 1,
                    "stage": stage,
                    "seconds": round(took, 4),
                    "plan": plan,
                    "search": search,
                    "main_left": round(clock.left, 3) if clock.count == 0 else 0.0,
                }
            )
            if not ok:
                result = ("W" if colour == "b" else "B") + "+Time"
                break
        else:
            opponent_seconds += took
        if mv.lower() == "resign":
            result = ("W" if colour == "b" else "B") + "+Resign"
            break
        record.append((colour, mv))
        other.ask(f"play {colour} {mv}")
        passes = passes + 1 if mv.lower() == "pass" else 0
        if passes == 2:
            break
        colour = "w" if colour == "b" else "b"
    if result is None and passes == 2:
        for c in setup:
            referee.ask(c)
        for c, mv in record:
            referee.ask(f"play {c} {mv}")
        result = referee.ask("final_score")
    elif result is None:
        result = "?+Moves"
    koban.close()
    opponent.close()
    over = [m["seconds"] for m in moves if m["stage"] == "overtime"]
    excess = [m["seconds"] - m["plan"] for m in moves if m["plan"] is not None]
    # Time outside koban's search: decision, GTP, pipes, scheduling.
    outside = [m["seconds"] - m["search"] for m in moves if m["search"] is not None]
    main_used = 1.0 if args.main == 0 else min(
        1.0, (args.main - (clock.left if clock.count == 0 else 0.0)) / args.main
    )
    winner = result[:1].lower()
    return {
        "game": index,
        "koban": koban_colour,
        "result": result,
        "koban_won": winner == koban_colour,
        "plies": len(record),
        "koban_moves": len(moves),
        "main_used": round(main_used, 3),
        "main_moves": sum(1 for m in moves if m["stage"] == "main"),
        "overtime_moves": len(over),
        "overtime_min": round(min(over), 3) if over else None,
        "overtime_median": round(statistics.median(over), 3) if over else None,
        "overtime_max": round(max(over), 3) if over else None,
        "periods_lost": clock.periods_lost,
        "time_loss": result.endswith("+Time"),
        "max_excess_over_plan": round(max(excess), 3) if excess else None,
        "median_excess_over_plan": round(statistics.median(excess), 3) if excess else None,
        "max_outside_search": round(max(outside), 3) if outside else None,
        "median_outside_search": round(statistics.median(outside), 3) if outside else None,
        "koban_seconds": round(sum(m["seconds"] for m in moves), 2),
        "opponent_seconds": round(opponent_seconds, 2),
        "moves": moves,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--koban", default="target/release/koban --threads 1")
    ap.add_argument(
        "--opponent", default=f"{GNUGO} --mode gtp --level 1 --chinese-rules"
    )
    ap.add_argument("--referee", default=f"{GNUGO} --mode gtp --chinese-rules")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.0)
    ap.add_argument("--main", type=float, default=10.0, help="main time, seconds")
    ap.add_argument("--byoyomi", type=float, help="byo-yomi period, seconds")
    ap.add_argument("--periods", type=int, default=1)
    ap.add_argument("--canadian", type=float, help="Canadian block, seconds")
    ap.add_argument("--stones", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1, help="koban's seed in game 0")
    ap.add_argument("--maxmoves", type=int, default=600)
    ap.add_argument("--no-alternate", dest="alternate", action="store_false")
    ap.add_argument("--json", help="write every game with its moves here")
    args = ap.parse_args()
    if args.byoyomi and args.canadian:
        ap.error("--byoyomi and --canadian exclude each other")
    referee = Gtp(shlex.split(args.referee))
    games = []
    try:
        for i in range(args.games):
            g = play_game(args, i, referee)
            games.append(g)
            summary = {k: v for k, v in g.items() if k != "moves"}
            print(json.dumps(summary), flush=True)
    finally:
        referee.close()
        if args.json:
            with open(args.json, "w") as f:
                json.dump(games, f, indent=1)
    wins = sum(g["koban_won"] for g in games)
    losses = sum(g["time_loss"] for g in games)
    print(
        f"koban won {wins} of {len(games)}; time losses {losses}; "
        f"periods lost {sum(g['periods_lost'] for g in games)}; "
        f"main time used {', '.join(str(g['main_used']) for g in games)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
