#!/usr/bin/env bash
# Reproduces the stream duplicate-detection results (RSBF paper Tables 2-5 and Figs. 2-8 at reduced
# size, IBF paper section IV on synthetic importance streams) and writes
# docs/results/stream-filters.md with its plots in docs/results/stream-filters/.
#   scripts/report-stream-filters.sh            # the committed report (a few minutes on 2 cores)
#   scripts/report-stream-filters.sh --quick    # shorter streams, for a look while developing
# Every number comes from `simulate dedup` runs (io.bloomkit.stable.DedupSimulation), made in-process
# by io.bloomkit.report.StreamFiltersReport.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
out=docs/results
mkdir -p "$out" target
source scripts/lib/report.sh
report_compile
note="$(report_note)
Reproduce: \`scripts/report-stream-filters.sh $*\`."
report_java io.bloomkit.report.StreamFiltersReport "$out" "$note" "$@"
echo "report-stream-filters: wrote $out/stream-filters.md" >&2
