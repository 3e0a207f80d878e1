#!/usr/bin/env bash
# Two or more tuning matches played one game each in turn (A, B, A, B ...), so
# that each sees the same stretch of a shared, drifting machine: a candidate
# beside its control, game for game, instead of one after the other.
#
#   scripts/alternate-matches.sh [-games N] NAME...
#
# Each NAME is a match that scripts/tune-match.sh started (matches/tune/NAME/
# with its info.txt and table; `tune-match.sh NAME 1 ...` starts one with a
# single game); it goes on with CONTINUE=1 under the command line, size,
# komi, tracing, sequential test and opponent its info.txt records, one game
# a turn, until it has N games (default: the GAMES its info.txt records) or
# its sequential test has decided. Environment: TIMEOUT and NICE as for
# tune-match.sh (info.txt does not keep them), KOBAN the binary that runs the
# matches (the frozen copy in each directory still plays), DEADLINE a Unix
# time after which no game starts (the game in progress finishes), so that a
# session ends on a game boundary.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
limit=
if [ "${1:-}" = -games ]; then
    limit=${2:?-games needs a number}
    shift 2
fi
[ $# -ge 1 ] || { sed -n '2,17p' "$0"; exit 2; }
for name in "$@"; do
    [ -f "$root/matches/tune/$name/info.txt" ] || {
        echo "alternate-matches.sh: no match $name in matches/tune/ (start it with tune-match.sh)" >&2
        exit 2
    }
done

# Games in NAME's tables so far.
played() {
    cat "$root/matches/tune/$1"/part-*.dat 2>/dev/null | awk -F'\t' '!/^#/ && NF >= 12' | wc -l
}

# Whether NAME's sequential test has accepted a hypothesis.
decided() {
    grep -hsE '^# SPRT_Result: H[01] accepted' "$root/matches/tune/$1"/part-*.dat >/dev/null
}

# One more game of NAME, under what its info.txt records.
one_game() {
    local info=$root/matches/tune/$1/info.txt
    local command env opponent
    command=$(sed -n 's/^command: //p' "$info")
    env=$(sed -n 's/^env: //p' "$info")
    opponent=$(sed -n 's/^opponent: //p' "$info")
    # command: <script> NAME GAMES [koban options...]
    read -r -a words <<<"$command"
    local games=${limit:-${words[2]}} n
    n=$(played "$1")
    if [ "$n" -ge "$games" ] || decided "$1"; then
        return 1
    fi
    # shellcheck disable=SC2086 # env holds NAME=VALUE words.
    env $env CONTINUE=1 OPPONENT="$opponent" \
        "$root/scripts/tune-match.sh" "$1" $((n + 1)) "${words[@]:3}" >/dev/null
}

while :; do
    progress=0
    for name in "$@"; do
        if [ -n "${DEADLINE:-}" ] && [ "$(date +%s)" -ge "$DEADLINE" ]; then
            echo "alternate-matches.sh: deadline reached"
            break 2
        fi
        if one_game "$name"; then
            progress=1
            echo "$name: $(played "$name") games"
        fi
    done
    [ "$progress" = 1 ] || break
done
for name in "$@"; do
    echo "$name: $("$root/scripts/tune-match.sh" -summary "$root/matches/tune/$name"/part-*.dat | head -1)"
done
