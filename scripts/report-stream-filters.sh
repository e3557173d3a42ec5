#!/usr/bin/env bash
# Reproduces the stream duplicate-detection results (RSBF paper Tables 2-5 and Figs. 6-7 at reduced
# size, IBF paper section IV on synthetic importance streams) and writes
# docs/results/stream-filters.md with its plots in docs/results/stream-filters/.
#   scripts/report-stream-filters.sh            # the committed report (a few minutes on 2 cores)
#   scripts/report-stream-filters.sh --quick    # shorter streams, for a look while developing
# Every number comes from `simulate dedup` runs (io.bloomkit.sim.DedupSimulation), made in-process
# by io.bloomkit.report.StreamFiltersReport.
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
note="Measured on $(nproc) cores ($cpu), $(free -g | awk '/Mem:/{print $2}') GiB, $(java -version 2>&1 | head -1), $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+changes').
Reproduce: \`scripts/report-stream-filters.sh $*\`."
java -Xmx2g -cp "target/test-classes:target/classes:$(cat "$cp_file")" io.bloomkit.report.StreamFiltersReport \
  "$out" "$note" "$@"
echo "report-stream-filters: wrote $out/stream-filters.md" >&2
