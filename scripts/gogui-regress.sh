#!/usr/bin/env bash
# Runs gtp-tests/*.tst under GoGui's gogui-regress against the release binary,
# with the engine options tests/gtp_regress.rs uses (seeded search on one
# thread, fixed playouts), so both runners see the same answers.
#
#   scripts/gogui-regress.sh GOGUI [OUTPUT_DIR]
#
# GOGUI is either a GoGui installation (its lib/gogui.jar is used) or a folder
# of compiled GoGui classes (net/sf/gogui/tools/regress/Main.class inside).
# OUTPUT_DIR (default target/gogui-regress) gets the HTML report and
# summary.dat. Prints one line per unexpected result and the summary; exits
# with gogui-regress's status (0: no unexpected failure).
set -euo pipefail
cd "$(dirname "$0")/.."
gogui="${1:?usage: scripts/gogui-regress.sh GOGUI [OUTPUT_DIR]}"
out="${2:-target/gogui-regress}"
if [[ -f "$gogui/lib/gogui.jar" ]]; then
    classpath="$gogui/lib/gogui.jar"
elif [[ -f "$gogui/net/sf/gogui/tools/regress/Main.class" ]]; then
    classpath="$gogui"
else
    echo "no gogui.jar nor GoGui classes under $gogui" >&2
    exit 2
fi
cargo build --release --quiet
engine="$PWD/target/release/koban --seed 1 --threads 1 --playouts 1000"
mkdir -p "$out"
status=0
java -cp "$classpath" net.sf.gogui.tools.regress.Main -long -output "$out" \
    "$engine" gtp-tests/*.tst >"$out/regress.log" || status=$?
# -long prints every test; show all but the expected passes, then the totals.
grep -v ' passed$' "$out/regress.log" || true
echo "totals ($out/summary.dat):"
cat "$out/summary.dat"
exit "$status"
