#!/usr/bin/env bash
# Regenerates docs/results/distributed-filters.md and its plots (docs/results/distributed-filters/):
# Figures 1, 5, 9-12 and Table 1 of "One is Enough" and Figures 5-7 of the icebergs (LCBF) paper,
# from the window, slices, tree, lcbf and gossip simulations run in-process on seeded generated data.
# Takes about a minute on two cores. Usage: scripts/report-distributed-filters.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
out=docs/results
mkdir -p "$out" target
source scripts/lib/report.sh
report_compile
note="$(report_note)
Reproduce: \`scripts/report-distributed-filters.sh\` (commit $(git rev-parse --short HEAD)); single runs: \`scripts/bloomkit simulate window|slices|tree|lcbf|gossip --help\`."
report_java io.bloomkit.report.DistributedFiltersReport "$out" "$note"
echo "report-distributed-filters: wrote $out/distributed-filters.md" >&2
