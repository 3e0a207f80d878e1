#!/usr/bin/env bash
# Compares koban's final_score with GNU Go's on finished games.
#
#   scripts/score-agreement.sh [-koban CMD] [-gnugo CMD] FILE.sgf...
#
# Each SGF file is loaded into a fresh koban and a fresh GNU Go (`loadsgf`),
# and both are asked `final_score` and `final_status_list dead`. Files whose
# RE is a resignation, a forfeit or a loss on time are skipped (nothing to
# count). When the file was written by `koban match` and koban played in it,
# the final_score koban gave at the end of the game itself (from the root
# comment) is shown too, and compared as well.
#
# Prints one line per game (file, in-game koban result, replayed koban result,
# GNU Go result, agreement), the dead stones of every disagreement, and the
# agreement rates. The default koban is target/release/koban; GNU Go scores
# with Chinese rules (`--chinese-rules`), komi from the file.
set -euo pipefail

koban="target/release/koban"
gnugo="/usr/games/gnugo --mode gtp --chinese-rules"
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        -koban) koban="$2"; shift 2 ;;
        -gnugo) gnugo="$2"; shift 2 ;;
        -h|-help|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) files+=("$1"); shift ;;
    esac
done
[ ${#files[@]} -gt 0 ] || { echo "usage: $0 [-koban CMD] [-gnugo CMD] FILE.sgf..." >&2; exit 2; }

# The answers of one engine to the GTP commands on stdin, one per line, with
# the lines of a multi-line answer joined by " | ".
answers() {
    # shellcheck disable=SC2086
    $1 2>/dev/null | awk 'BEGIN { RS = ""; FS = "\n" } {
        line = $1; sub(/^[=?][0-9]* ?/, "", line)
        for (i = 2; i <= NF; i++) line = line " | " $i
        print line
    }'
}

# A result as a signed number (Black positive), or the text if it is none.
margin() {
    case "$1" in
        B+*) echo "${1#B+}" | awk '{ printf "%g\n", $1 }' ;;
        W+*) echo "${1#W+}" | awk '{ printf "%g\n", -$1 }' ;;
        0|0.0) echo 0 ;;
        *) echo "$1" ;;
    esac
}

total=0 agree=0 ingame_total=0 ingame_agree=0
for f in "${files[@]}"; do
    re=$(grep -o 'RE\[[^]]*\]' "$f" | head -1 | sed 's/RE\[\(.*\)\]/\1/' || true)
    case "$re" in *+R*|*+F*|*+T*) continue ;; esac
    mapfile -t k < <(printf 'loadsgf %s\nfinal_score\nfinal_status_list dead\n' "$f" | answers "$koban")
    mapfile -t g < <(printf 'loadsgf %s\nfinal_score\nfinal_status_list dead\n' "$f" | answers "$gnugo")
    kr=$(margin "${k[1]:-?}") gr=$(margin "${g[1]:-?}")
    # koban's own answer during the game, if the file records one.
    ingame="-"
    if grep -q 'AP\[koban-match' "$f"; then
        for side in Black White; do
            if grep -q "$side command: .*koban" "$f"; then
                ingame=$(grep -o "Result\[$side\\\\\]: [^ ]*" "$f" | head -1 | sed 's/.*: //')
            fi
        done
    fi
    verdict="agree"
    [ "$kr" = "$gr" ] || verdict="DIFFER"
    total=$((total + 1))
    [ "$verdict" = agree ] && agree=$((agree + 1))
    if [ "$ingame" != "-" ]; then
        ingame_total=$((ingame_total + 1))
        [ "$(margin "$ingame")" = "$gr" ] && ingame_agree=$((ingame_agree + 1))
    fi
    printf '%s\tin-game %s\tkoban %s\tgnugo %s\t%s\n' "$f" "$ingame" "${k[1]:-?}" "${g[1]:-?}" "$verdict"
    if [ "$verdict" != agree ]; then
        printf '    koban dead: %s\n    gnugo dead: %s\n' "${k[2]:-}" "${g[2]:-}"
    fi
done
echo "replayed: koban agrees with GNU Go on $agree of $total games"
if [ "$ingame_total" -gt 0 ]; then
    echo "in-game: koban's own final_score agrees on $ingame_agree of $ingame_total games"
fi
