#!/usr/bin/env bash
# Runs the bloomkit filter benchmarks (JMH, test scope) against Hadoop and Guava filters at equal
# memory, and renders docs/benchmarks.md from target/jmh.json and target/bench-facts.json.
#
# Usage: scripts/bench-filters.sh [--quick] [--only REGEX] [--no-render] [JMH options...]
#   --quick       smoke mode: 1 warmup x 1 s, 2 x 1 s, n scaled down to 1e5, small facts sizes
#                 (the report is then labelled "quick smoke run, not the reference numbers")
#   --only REGEX  benchmark regex instead of the whole suite (io\.bloomkit\.bench\..*)
#   --no-render   stop after target/jmh.json
#   --no-facts    skip BenchFacts (ACBF bits per counter, false positive rates; ~40 s and -Xmx8g in
#                 full mode) and reuse target/bench-facts.json if present
#   anything else goes to JMH as is and overrides the defaults, e.g. -f 2, -i 10, -p n=1000000,
#   -prof gc. Full-run defaults live in the annotations: 1 fork, 3 x 2 s warmup, 5 x 2 s
#   measurement (bulk build: 2 + 5 single shots); the full suite (21 trials + BenchFacts) takes
#   about 10-12 minutes on a quiet machine and needs ~4-8 GB of heap per fork.
# Environment: MVN_FLAGS (default -o, offline), JAVA (default java), FACTS_HEAP (default -Xmx8g).
set -euo pipefail
cd "$(dirname "$0")/.."

original_args="$*"
quick=0
render=1
facts=1
include='io\.bloomkit\.bench\..*'
jmh_user=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --only) include="$2"; shift ;;
    --no-render) render=0 ;;
    --no-facts) facts=0 ;;
    *) jmh_user+=("$1") ;;
  esac
  shift
done

JAVA="${JAVA:-java}"
MVN_FLAGS="${MVN_FLAGS:--o}"
started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
psi() { head -1 /proc/pressure/cpu 2>/dev/null | sed 's/^some //; s/ total=.*//' || echo -; }
psi_start="$(psi)"

echo ">> compiling (mvn -B -q $MVN_FLAGS test-compile)" >&2
mvn -B -q -Dstyle.color=never $MVN_FLAGS test-compile
mvn -B -q -Dstyle.color=never $MVN_FLAGS dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-cp.txt >/dev/null
if [ ! -s target/test-classes/META-INF/BenchmarkList ]; then
  echo "target/test-classes/META-INF/BenchmarkList is missing: the JMH annotation processor did not run" >&2
  exit 1
fi
CP="target/test-classes:target/classes:$(cat target/bench-cp.txt)"

# JMH accumulates repeated -p values, so the quick default n is dropped when the caller sets n
user_sets_n=0
prev=
for x in "${jmh_user[@]:+${jmh_user[@]}}"; do
  if [ "$prev" = "-p" ] && [ "${x%%=*}" = "n" ]; then user_sets_n=1; fi
  prev="$x"
done
if [ "$quick" = 1 ]; then
  mode=quick
  jmh_defaults=(-f 1 -wi 1 -w 1s -i 2 -r 1s)
  [ "$user_sets_n" = 1 ] || jmh_defaults+=(-p n=100000)
  facts_args=(--acbf-sizes 100000,1000000 --churn 100000 --query-n 100000)
else
  mode=full
  jmh_defaults=()
  facts_args=(--acbf-sizes 100000,10000000 --churn 1000000 --query-n 1000000)
fi

if [ "$facts" = 1 ]; then
  echo ">> facts: ACBF bits per counter, false positive rates" >&2
  rm -f target/bench-facts.json
  "$JAVA" ${FACTS_HEAP:--Xmx8g} -cp "$CP" io.bloomkit.bench.BenchFacts target/bench-facts.json \
    "${facts_args[@]}" > target/bench-facts.log
  shown_facts="java ${FACTS_HEAP:--Xmx8g} -cp ... io.bloomkit.bench.BenchFacts target/bench-facts.json ${facts_args[*]}"
else
  shown_facts="skipped (--no-facts); reused target/bench-facts.json from an earlier run if present"
fi

jmh_cmd=("$JAVA" -cp "$CP" org.openjdk.jmh.Main -rf json -rff target/jmh.json
  "${jmh_defaults[@]}" "${jmh_user[@]}" "$include")
echo ">> ${jmh_cmd[*]/$CP/\$CP}" >&2
rm -f target/jmh.json
"${jmh_cmd[@]}" 2>&1 | tee target/jmh.log
[ -s target/jmh.json ] || { echo "JMH wrote no target/jmh.json" >&2; exit 1; }
# JMH goes on after a benchmark throws (and exits 0); count those so the report can say so
failures="$(grep -c '<failure>' target/jmh.log || true)"
[ "$failures" = 0 ] || echo "WARNING: $failures benchmark(s) failed, see target/jmh.log" >&2

if [ "$render" = 1 ]; then
  shown_jmh="java -cp \"target/test-classes:target/classes:\$(cat target/bench-cp.txt)\" org.openjdk.jmh.Main -rf json -rff target/jmh.json ${jmh_defaults[*]:-} ${jmh_user[*]:-} '$include'"
  python3 scripts/render_benchmarks.py \
    --jmh target/jmh.json --facts target/bench-facts.json --out docs/benchmarks.md \
    --mode "$mode" --user-jmh-args "${jmh_user[*]:-}" --failures "$failures" --started "$started" --load-start "$load_start" \
    --load-end "$(cut -d' ' -f1-3 /proc/loadavg)" --psi-start "$psi_start" --psi-end "$(psi)" \
    --command "scripts/bench-filters.sh${original_args:+ $original_args}" \
    --jmh-command "$shown_jmh" --facts-command "$shown_facts" \
    --java "$("$JAVA" -version 2>&1 | tr '\n' ' ')" \
    --commit "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- src scripts 2>/dev/null || echo ' (with uncommitted changes)')"
  echo ">> wrote docs/benchmarks.md" >&2
fi
