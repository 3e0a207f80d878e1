#!/usr/bin/env bash
# Long seeded fuzz runs: the GTP fuzzer of tests/gtp_fuzz.rs (COMMANDS fuzzed
# commands over every listed command, framing, id echo and no state change on
# failure checked) and the chaotic play / undo / rule-switch run of
# tests/selfplay_variants.rs (GAMES games under each of the seven ko variants),
# and the SGF fuzzer of tests/sgf_fuzz.rs (FILES mutated records loaded under
# an address-space limit).
# Prints each run's figures; stops at the first failure, whose message names
# the seed and what to replay.
#
#   scripts/fuzz.sh [SEED [COMMANDS [GAMES [FILES]]]]    (defaults: 1 100000 50 2000)
#   timeout 1h scripts/fuzz.sh 7 500000 200
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${1:-1}"
commands="${2:-100000}"
games="${3:-50}"
files="${4:-2000}"
cargo test --quiet --test gtp_fuzz --test selfplay_variants --test sgf_fuzz --no-run
KOBAN_FUZZ_SEED="$seed" KOBAN_FUZZ_COMMANDS="$commands" \
    cargo test --quiet --test gtp_fuzz -- --nocapture
KOBAN_FUZZ_SEED="$seed" KOBAN_CONSISTENCY_GAMES="$games" \
    cargo test --quiet --test selfplay_variants chaotic -- --nocapture
KOBAN_FUZZ_SEED="$seed" KOBAN_SGF_FUZZ_FILES="$files" \
    cargo test --quiet --test sgf_fuzz -- --nocapture
