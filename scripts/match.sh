#!/usr/bin/env bash
# Plays koban against GNU Go (or any two GTP engines) for N games with
# alternating colours, through gogui-twogtp when it is installed and can express
# the request, otherwise through koban's own runner (`koban match`). Both write
# PREFIX-0.sgf, PREFIX-1.sgf, ... and the results table PREFIX.dat; the first
# engine's win rate with a 95% Wilson interval is printed at the end.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: scripts/match.sh [options]
  -black CMD      first engine (default: the koban release binary)
  -white CMD      second engine (default: GNU Go, Chinese rules)
  -games N        number of games, colours alternate (default 10)
  -size N         board size (default 9)
  -komi K         komi (default 7)
  -time SECONDS   main time per side (default: none)
  -timeout SEC    koban runner only: limit for one engine reply (default 60)
  -maxmoves N     move cap per game (default 1000)
  -referee CMD    scorer for games ending by two passes; 'none' for none
                  (default: GNU Go with Chinese rules, if installed)
  -sgffile PREFIX output prefix (default: matches/YYYYmmdd-HHMMSS)
  -runner NAME    auto (default), gogui (gogui-twogtp) or koban (koban match)
  -force          overwrite an existing PREFIX.dat
Environment: KOBAN (koban binary; default target/release/koban, built if
missing), KOBAN_MATCH_RUNNER (default for -runner).
TEXT
}

die() { echo "match.sh: $*" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
koban=${KOBAN:-$root/target/release/koban}
gnugo=$(command -v gnugo || true)
if [ -z "$gnugo" ] && [ -x /usr/games/gnugo ]; then gnugo=/usr/games/gnugo; fi

black="" white="" games=10 size=9 komi=7 time="" timeout="" maxmoves=""
referee="" prefix="" force=0 runner=${KOBAN_MATCH_RUNNER:-auto}
while [ $# -gt 0 ]; do
    opt=${1#-}; opt=${opt#-}
    case "$opt" in
        help|h) usage; exit 0 ;;
        force) force=1; shift; continue ;;
        black|white|games|size|komi|time|timeout|maxmoves|referee|sgffile|runner)
            [ $# -ge 2 ] || die "-$opt needs a value" ;;
        *) die "unknown option '$1' (see scripts/match.sh -help)" ;;
    esac
    case "$opt" in
        black) black=$2 ;; white) white=$2 ;; games) games=$2 ;; size) size=$2 ;;
        komi) komi=$2 ;; time) time=$2 ;; timeout) timeout=$2 ;; maxmoves) maxmoves=$2 ;;
        referee) referee=$2 ;; sgffile) prefix=$2 ;; runner) runner=$2 ;;
    esac
    shift 2
done

if [ -z "$black" ]; then
    if [ ! -x "$koban" ]; then
        echo "match.sh: building koban (cargo build --release)" >&2
        (cd "$root" && cargo build --release)
    fi
    black=$koban
fi
if [ -z "$white" ]; then
    [ -n "$gnugo" ] || die "GNU Go not found: apt-get install -y gnugo, or give -white CMD"
    white="$gnugo --mode gtp --chinese-rules"
fi
if [ -z "$referee" ]; then
    if [ -n "$gnugo" ]; then referee="$gnugo --mode gtp --chinese-rules"; else referee=none; fi
fi
[ -n "$prefix" ] || prefix="matches/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$(dirname "$prefix")"
[ -x "$koban" ] || [ "$runner" = gogui ] || die "no koban binary at $koban (set KOBAN)"

# gogui-twogtp takes -time in whole minutes and has no per-reply limit.
gogui_can=1
if [ -n "$time" ] && { ! [[ "$time" =~ ^[0-9]+$ ]] || [ $((time % 60)) -ne 0 ] || [ "$time" -eq 0 ]; }; then
    gogui_can=0
fi
[ -z "$timeout" ] || gogui_can=0
case "$runner" in
    auto)
        if command -v gogui-twogtp >/dev/null && [ $gogui_can = 1 ]; then runner=gogui; else runner=koban; fi ;;
    gogui)
        command -v gogui-twogtp >/dev/null || die "gogui-twogtp is not installed"
        [ $gogui_can = 1 ] || die "gogui-twogtp needs -time in whole minutes and has no -timeout" ;;
    koban) ;;
    *) die "-runner: auto, gogui or koban" ;;
esac

if [ "$runner" = gogui ]; then
    args=(-black "$black" -white "$white" -size "$size" -komi "$komi" -games "$games"
          -alternate -auto -sgffile "$prefix")
    [ "$referee" = none ] || args+=(-referee "$referee")
    [ -z "$time" ] || args+=(-time "$((time / 60))")
    [ -z "$maxmoves" ] || args+=(-maxmoves "$maxmoves")
    [ $force = 0 ] || args+=(-force)
    echo "match.sh: gogui-twogtp $(printf '%q ' "${args[@]}")" >&2
    gogui-twogtp "${args[@]}"
    if [ -x "$koban" ]; then
        "$koban" match -summary "$prefix.dat"
    else
        echo "match.sh: results in $prefix.dat (no koban binary for the summary)" >&2
    fi
else
    args=(match -black "$black" -white "$white" -size "$size" -komi "$komi" -games "$games"
          -alternate -sgffile "$prefix" -referee "$referee")
    [ -z "$time" ] || args+=(-time "$time")
    [ -z "$timeout" ] || args+=(-timeout "$timeout")
    [ -z "$maxmoves" ] || args+=(-maxmoves "$maxmoves")
    [ $force = 0 ] || args+=(-force)
    echo "match.sh: $(printf '%q ' "$koban" "${args[@]}")" >&2
    exec "$koban" "${args[@]}"
fi
