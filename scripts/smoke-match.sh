#!/usr/bin/env bash
# CI smoke test of the match runner: two short 9x9 games, koban against GNU Go
# (level 1), scored by GNU Go as referee. Builds nothing. Fails unless both
# games finish with a result and no game recorded an error (illegal move, error
# reply, crash, timeout, move cap).
#   usage: scripts/smoke-match.sh [KOBAN_BINARY]   (default target/release/koban)
#   KOBAN_ARGS: extra koban flags, e.g. a small playout budget for the search.
set -euo pipefail

koban=${1:-target/release/koban}
[ -x "$koban" ] || { echo "smoke-match: no koban binary at $koban" >&2; exit 1; }
gnugo=$(command -v gnugo || true)
if [ -z "$gnugo" ] && [ -x /usr/games/gnugo ]; then gnugo=/usr/games/gnugo; fi
[ -n "$gnugo" ] || { echo "smoke-match: GNU Go not found (apt-get install -y gnugo)" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
prefix=$out/smoke
games=2

# `timeout` is a backstop: the runner itself bounds every engine reply.
status=0
timeout 300 "$koban" match \
    -black "$(printf '%q' "$koban") ${KOBAN_ARGS:-}" \
    -white "$gnugo --mode gtp --level 1 --chinese-rules" \
    -referee "$gnugo --mode gtp --chinese-rules" \
    -size 9 -komi 7 -games $games -alternate -timeout 60 \
    -sgffile "$prefix" || status=$?
if [ $status -ne 0 ]; then
    echo "smoke-match: koban match exited with status $status" >&2
    [ -f "$prefix.dat" ] && cat "$prefix.dat" >&2
    exit 1
fi

# Columns: 1 GAME, 4 RES_R, 7 LEN, 12 ERR, 13 ERR_MSG.
bad=$(awk -F'\t' '!/^#/ {
        rows++
        if ($4 !~ /^[BW]\+/ && $4 != "0") print "game " $1 ": no result (RES_R=" $4 ")"
        if ($12 != "0") print "game " $1 ": error: " $13
    }
    END { if (rows != '$games') print rows+0 " rows, expected '$games'" }' "$prefix.dat")
for i in $(seq 0 $((games - 1))); do
    grep -q 'RE\[' "$prefix-$i.sgf" 2>/dev/null || bad+=$'\n'"game $i: no SGF with RE[] at $prefix-$i.sgf"
done
cat "$prefix.dat"
if [ -n "${bad//[$'\n ']/}" ]; then
    echo "smoke-match: FAILED" >&2
    echo "$bad" >&2
    exit 1
fi
echo "smoke-match: $games games finished with results, no errors"
