#!/usr/bin/env bash
# Tuning matches: koban (a frozen copy of the binary) against GNU Go, split over
# JOBS parallel `koban match` processes (each koban should run with --threads 1),
# then one combined win rate with its 95% Wilson interval.
#
#   scripts/tune-match.sh NAME GAMES [koban options...]
#   scripts/tune-match.sh -summary FILE.dat...
#
# Example (the issue-8 figure at 10,000 playouts per move):
#   scripts/tune-match.sh heavy10k 100 --threads 1 --playouts 10000
#
# Environment: SIZE (9), KOMI (7.5), LEVEL (10), JOBS (2), NICE (5),
# KOBAN (binary to copy, default target/release/koban), OPPONENT (full command
# of the second engine; default GNU Go at LEVEL with Chinese rules and
# --capture-all-dead), TIMEOUT (per reply, default 120 s).
# SPRT=ELO0,ELO1 (with SPRT_ALPHA, SPRT_BETA, default 0.05 each) stops the run
# as soon as a sequential probability ratio test accepts H0 (koban is ELO0 Elo
# stronger than the opponent) or H1 (ELO1 stronger); GAMES is then the most to
# play. A sequential test needs its results in order, so it runs one match
# process (JOBS is ignored): run two tunings side by side to use both cores.
# TRACE=1 keeps each engine's stderr in the SGF move comments (-debugtocomment)
# and has koban log its search a move (RUST_LOG=koban::mcts::player=info).
# CONTINUE=1 goes on with an existing NAME (same GAMES, JOBS and options):
# each part's table keeps its games, which count toward GAMES and the SPRT.
# Output: matches/tune/NAME/part-J.dat and part-J-N.sgf; the binary used is kept
# as matches/tune/NAME/koban.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
gnugo=/usr/games/gnugo
[ -x "$gnugo" ] || gnugo=$(command -v gnugo || true)

# Combined tally of gogui-twogtp tables: the referee's result (RES_R), else the
# engines' when they agree; B = first engine won, W = lost, 0 = draw. Also
# each engine's wall seconds a move (TIME_B is koban's, TIME_W the opponent's).
summary() {
    awk -F'\t' '
        /^#/ || NF < 12 { next }
        {
            r = $4
            if (r == "?" || r == "") { r = ($2 == $3) ? $2 : "?" }
            n++
            if (r ~ /^B/) w++
            else if (r ~ /^W/) l++
            else if (r ~ /^0/) d++
            else u++
            if ($12 == 1) e++
            moves += $7; tk += $8; to += $9
            # ALT 0: koban played Black. Decided games by colour.
            if (r ~ /^[BW0]/) { cn[$5]++; if (r ~ /^B/) cw[$5]++ }
        }
        END {
            dec = w + l + d
            if (dec == 0) { printf "no decided game (%d unknown)\n", u; exit }
            p = (w + 0.5 * d) / dec; z = 1.96; z2 = z * z
            den = 1 + z2 / dec; c = (p + z2 / (2 * dec)) / den
            h = z / den * sqrt(p * (1 - p) / dec + z2 / (4 * dec * dec))
            lo = c - h; if (lo < 0) lo = 0; hi = c + h; if (hi > 1) hi = 1
            printf "games %d: %d wins, %d losses, %d draws, %d unknown, %d with errors; win rate %.1f%% (95%% Wilson %.1f%% to %.1f%%)\n",
                n, w, l, d, u, e + 0, 100 * p, 100 * lo, 100 * hi
            # Each engine plays half the moves; timed runs name both figures.
            if (moves > 0)
                printf "  seconds a move: koban %.2f, opponent %.2f (%d moves)\n",
                    tk / (moves / 2), to / (moves / 2), moves
            printf "  koban with Black: %d of %d won; with White: %d of %d\n", cw[0], cn[0], cw[1], cn[1]
        }' "$@"
    # A sequential test's verdict, LLR and bounds, from each table's header.
    grep -h '^# SPRT' "$@" | sed 's/^# /  /' || true
}

if [ "${1:-}" = -summary ]; then
    shift
    summary "$@"
    exit 0
fi
[ $# -ge 2 ] || { sed -n '2,22p' "$0"; exit 2; }
name=$1 games=$2
shift 2
size=${SIZE:-9} komi=${KOMI:-7.5} level=${LEVEL:-10} jobs=${JOBS:-2} nice=${NICE:-5}
timeout=${TIMEOUT:-120}
sprt=()
if [ -n "${SPRT:-}" ]; then
    jobs=1
    sprt=(-sprt "$SPRT" -alpha "${SPRT_ALPHA:-0.05}" -beta "${SPRT_BETA:-0.05}")
fi
opponent=${OPPONENT:-"$gnugo --mode gtp --level $level --chinese-rules --capture-all-dead"}
referee="$gnugo --mode gtp --chinese-rules"
dir=$root/matches/tune/$name
koban_cmd="$dir/koban $*"
runner=$dir/koban
if [ -e "$dir" ]; then
    # Continuing: the same frozen binary and command line, so that each
    # part's table is the same match and koban match goes on with it.
    [ -n "${CONTINUE:-}" ] || {
        echo "tune-match.sh: $dir exists (CONTINUE=1 goes on with its games)" >&2
        exit 2
    }
    [ -x "$dir/koban" ] || { echo "tune-match.sh: $dir has no koban binary" >&2; exit 2; }
    echo "continued: $(date -u +%FT%TZ) ($0 $name $games $*)" >>"$dir/info.txt"
    # The frozen binary still plays; the current one runs the match, since
    # binaries before koban match could continue a table refuse to.
    runner=${KOBAN:-$root/target/release/koban}
else
    mkdir -p "$dir"
    cp "${KOBAN:-$root/target/release/koban}" "$dir/koban"
    {
        echo "command: $0 $name $games $*"
        echo "env: SIZE=$size KOMI=$komi LEVEL=$level JOBS=$jobs${TRACE:+ TRACE=$TRACE}${SPRT:+ SPRT=$SPRT SPRT_ALPHA=${SPRT_ALPHA:-0.05} SPRT_BETA=${SPRT_BETA:-0.05}}"
        echo "koban: $koban_cmd"
        echo "opponent: $opponent"
        echo "commit: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo -dirty)"
        echo "started: $(date -u +%FT%TZ)"
    } >"$dir/info.txt"
fi
trace=()
if [ "${TRACE:-0}" = 1 ]; then
    trace=(-debugtocomment)
    export RUST_LOG=koban::mcts::player=info
fi
pids=()
for ((j = 0; j < jobs; j++)); do
    n=$(((games + jobs - 1 - j) / jobs))
    [ "$n" -gt 0 ] || continue
    nice -n "$nice" "$runner" match -black "$koban_cmd" -white "$opponent" \
        -size "$size" -komi "$komi" -games "$n" -alternate -timeout "$timeout" \
        -referee "$referee" "${sprt[@]}" "${trace[@]}" -sgffile "$dir/part-$j" >>"$dir/part-$j.out" 2>&1 &
    pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || true; done
echo "finished: $(date -u +%FT%TZ)" >>"$dir/info.txt"
result="$name: $(summary "$dir"/part-*.dat)"
echo "$result" | tee -a "$dir/info.txt"
