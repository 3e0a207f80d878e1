#!/usr/bin/env bash
# Builds the release binary and runs `koban bench` RUNS times (default 5), then
# prints the median of each measurement's playouts per second. The machine is
# shared and noisy: compare medians, and ratios within one run.
#
#   scripts/bench.sh            # full benchmark, 5 runs
#   RUNS=3 scripts/bench.sh --quick
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
cargo build --release --quiet
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for i in $(seq 1 "$runs"); do
    echo "# run $i of $runs" >&2
    ./target/release/koban bench "$@" | tee -a "$out" >&2
done
# Median pps per "KIND size threads"; the signatures must all agree.
awk '
/^bench / {
    key = $2 " " $3 " " $4
    split($7, kv, "="); v = kv[2]
    n[key]++; vals[key, n[key]] = v
    if (!(key in order)) { order[key] = ++keys; names[keys] = key }
}
/^Bench: / { sig[$2] = 1 }
END {
    for (k = 1; k <= keys; k++) {
        key = names[k]; m = n[key]
        for (i = 1; i <= m; i++) a[i] = vals[key, i]
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
        printf "median %s pps=%.0f (%d runs, min %.0f max %.0f)\n", key, med, m, a[1], a[m]
    }
    s = 0; for (x in sig) { s++; last = x }
    if (s == 1) print "Bench: " last; else print "Bench: signatures differ between runs!"
}' "$out"
