#!/usr/bin/env bash
# Line and branch coverage of main code from JaCoCo's CSV (after `mvn -B verify`, with or without -Pfull).
# usage: scripts/coverage-summary.sh [target/site/jacoco/jacoco.csv]
set -euo pipefail
csv="${1:-target/site/jacoco/jacoco.csv}"
[ -f "$csv" ] || { echo "coverage-summary: no $csv (run mvn -B verify first)" >&2; exit 1; }
awk -F, 'NR > 1 { bm += $6; bc += $7; lm += $8; lc += $9 }
  END { printf "lines    %6.2f%% (%d of %d)\nbranches %6.2f%% (%d of %d)\n",
        100 * lc / (lm + lc), lc, lm + lc, 100 * bc / (bm + bc), bc, bm + bc }' "$csv"
