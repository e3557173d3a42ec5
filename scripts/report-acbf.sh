#!/usr/bin/env bash
# Reproduces section 3.3 of the ACBF paper and writes docs/results/README.md with its plots.
#   scripts/report-acbf.sh                 # the paper's size: 100K items, 1M queries, 10 trials
#   scripts/report-acbf.sh --items 20000 --queries 200000 --trials 1   # a quick look
# Extra arguments go to `bloomkit simulate acbf`. The join section is added from the last
# scripts/bench-join.sh run (target/bench-join) when it exists.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
out=docs/results
mkdir -p "$out" target
source scripts/lib/report.sh
render_only=""
if [[ "${1:-}" == --render-only ]]; then
  shift   # only re-render the report from the last simulation and bench-join results
  render_only=1
  report_compile
else
  mvn -B -q -DskipTests package >&2   # the jar scripts/bloomkit runs must hold this checkout's code
  args=(--hashes 3,best,cbf-best "$@")
  echo "report-acbf: simulate acbf ${args[*]}" >&2
  scripts/bloomkit simulate acbf "${args[@]}" --csv "$out/acbf-simulation.csv" > "$out/acbf-simulation.jsonl"
  echo "$*" > "$out/acbf-simulation.args"
fi
sim_args="$(cat "$out/acbf-simulation.args" 2>/dev/null || true)"

if [[ -n "${render_only:-}" && -f "$out/README.md" ]]; then
  # the numbers are the last simulation's: keep its "Measured on" line, say when it was re-rendered
  note="$(sed -n 's/^\(Measured on .*\)$/\1/p' "$out/README.md" | head -1) Re-rendered $(date -u '+%Y-%m-%d') at commit $(git rev-parse --short HEAD) (\`--render-only\`).
Reproduce: \`scripts/report-acbf.sh $sim_args\` (simulation) and \`scripts/bench-join.sh\` (joins)."
else
  note="$(report_note)
Reproduce: \`scripts/report-acbf.sh $sim_args\` (simulation) and \`scripts/bench-join.sh\` (joins)."
fi
joins=""
[[ -d target/bench-join ]] && joins=target/bench-join
scale=""
[[ -d target/bench-join-scale ]] && scale=target/bench-join-scale
report_java io.bloomkit.report.AcbfReport \
  "$out" "$out/acbf-simulation.csv" "$joins" "$note" "$scale"
echo "report-acbf: wrote $out/README.md" >&2
