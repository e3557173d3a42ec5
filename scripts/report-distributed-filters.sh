#!/usr/bin/env bash
# Regenerates docs/results/distributed-filters.md and its plots (docs/results/distributed-filters/):
# Figures 1, 5, 9-12 and Table 1 of "One is Enough" and Figures 5-7 of the icebergs (LCBF) paper,
# from the window, slices, tree and lcbf simulations run in-process on seeded generated data.
# Takes about a minute on two cores. Usage: scripts/report-distributed-filters.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
out=docs/results
mkdir -p "$out" target
mvn -B -q test-compile >&2
cp_file=target/test.classpath
if [[ ! -s "$cp_file" || pom.xml -nt "$cp_file" ]]; then
  mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file" >&2
fi
cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
note="Measured on $(nproc) cores (${cpu:-unknown CPU}), $(free -g | awk '/Mem:/{print $2}') GiB, $(java -version 2>&1 | head -1), $(date -u '+%Y-%m-%d %H:%M UTC').
Reproduce: \`scripts/report-distributed-filters.sh\` (commit $(git rev-parse --short HEAD)); single runs: \`scripts/bloomkit simulate window|slices|tree|lcbf --help\`."
java -Xmx2g -cp "target/test-classes:target/classes:$(cat "$cp_file")" io.bloomkit.report.DistributedFiltersReport "$out" "$note"
echo "report-distributed-filters: wrote $out/distributed-filters.md" >&2
