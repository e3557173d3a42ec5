#!/usr/bin/env bash
# Where a join's seconds go before its first task starts, and after (issue 26, section 3): TPC-H
# lineitem joined with a fraction of orders (the workload of scripts/bench-strategies.sh), run
# through scripts/bloomkit (as users run it) in local mode with two map slots, the hand-written
# baseline alongside (io.bloomkit.bench.HashSetJoin --mode semi). Each round runs every variant once,
# the order rotating (a warm-up round first, not counted); the table gives medians over --reps
# rounds of, from the shell's clock and the log's millisecond times of LocalJobRunner's task lines
# (for the baseline too):
#   process              the whole process, as the shell sees it
#   before the first task  the process's start to the last job's first map task starting
#   tasks                that task's start to the job's last task's end
#   after                the last task's end to the process's end (commit, checks, report, exit)
# and, for bloomkit, the parts of "before the first task" from its JSON (plan.actual):
#   to the tool          the script, the JVM's start and class loading (process - seconds; the
#                        JVM's exit is in it too): launchSeconds of it from the JVM's start
#   planning reads       sizingSeconds, sampleSeconds, splitSeconds, leftKeysSeconds
#   planning, rest       planSeconds less the reads (options, schemas, format detection, the model)
#   build                the filter build (client or job): buildSeconds
#   submit               the rest: the join job's submission until its first task starts
#
#   scripts/bench-fixed-costs.sh                  # SF 1, 1% of orders, 5 rounds
#   scripts/bench-fixed-costs.sh --reps 3 --frac 10 --variants auto,map-side,baseline
#
# Raw output stays in target/bench-fixed-costs/VARIANT/REP/; the table goes to stdout.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

reps=5 frac=1 quick=0 variants="baseline,auto,map-side,reduce-bf"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --reps) reps="$2"; shift ;;
    --frac) frac="$2"; shift ;;
    --quick) quick=1 ;;
    --variants) variants="$2"; shift ;;
    *) echo "usage: scripts/bench-fixed-costs.sh [--reps N] [--frac 1|10] [--quick] [--variants V[,V]] (V: baseline, auto, map-side, reduce-bf; baseline-parallel-gc, map-side-g1, map-side-no-archive, map-side-blocks)" >&2
      exit 2 ;;
  esac
  shift
done

source scripts/lib/bench-data.sh  # bench_sizes, bk, gen, gen_tpch
bench_sizes "$quick"
mvn -B -q -DskipTests package >&2
mvn -B -q -o test-compile >&2      # the baseline is benchmark (test) code
source scripts/lib/bench-launch.sh  # jvm, baseline
gen_tpch "$frac"
res=target/bench-fixed-costs
rm -rf "$res"
mkdir -p "$res"
logconf="$repo/$res/log4j.properties"
cat > "$logconf" <<'EOF'
log4j.rootLogger=WARN,stderr
log4j.logger.org.apache.hadoop.util.NativeCodeLoader=ERROR
log4j.logger.org.apache.hadoop.mapred.LocalJobRunner=INFO
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=%d{yyyy-MM-dd HH:mm:ss,SSS} %c{1}: %m%n
EOF
printf '{"reps":%s,"frac":%s,"scale":%s,"load":"%s"}\n' "$reps" "$frac" "$scale" \
  "$(cut -d' ' -f1-3 /proc/loadavg)" > "$res/run.json"
IFS=, read -r -a VARIANTS <<<"$variants"

run() {
  local v=$1 dir=$2
  rm -rf "$dir"; mkdir -p "$dir"
  local join=(join -D mapreduce.local.map.tasks.maximum=2 --left "$orders_dir" --left-key 0
    --right "$lineitem_dir" --right-key 0 --delimiter '|' --output "$dir/out" --json --quiet)
  local cmd
  case "$v" in
    baseline|baseline-parallel-gc) cmd=(baseline --left "$orders_dir" --left-key 0
      --right "$lineitem_dir" --right-key 0 --delimiter '|' --output "$dir/out" --mode semi) ;;
    auto) cmd=(scripts/bloomkit "${join[@]}") ;;
    map-side|map-side-g1|map-side-no-archive|map-side-blocks) cmd=(scripts/bloomkit "${join[@]}"
      --strategy map-side) ;;
    reduce-bf) cmd=(scripts/bloomkit "${join[@]}" --strategy reduce-side --reducers 2
      --filter-type bf --bits-per-key 16) ;;
    *) echo "bench-fixed-costs: unknown variant $v" >&2; exit 2 ;;
  esac
  local t0 t1 code=0
  t0=$(date +%s%N)
  # the variants that take one of the launcher's or the planner's choices back (what each buys)
  local bk_opts="" bench_opts="" archive=true
  case "$v" in
    baseline-parallel-gc) bench_opts=-XX:+UseParallelGC ;;
    map-side-g1) bk_opts=-XX:+UseG1GC ;;
    map-side-no-archive) archive=false ;;
    map-side-blocks) cmd=("${cmd[@]:0:2}" -D bloomkit.input.split.bytes=0 "${cmd[@]:2}") ;;
  esac
  BLOOMKIT_JAVA_OPTS="-Dlog4j.configuration=file:$logconf $bk_opts" BLOOMKIT_CLASS_ARCHIVE=$archive \
    BENCH_JAVA_OPTS="-Dlog4j.configuration=file:$logconf $bench_opts" "${cmd[@]}" \
    > "$dir/result.json" 2> "$dir/log" || code=$?
  t1=$(date +%s%N)
  echo "$code" > "$dir/exit"
  echo "$(( t0 / 1000000 ))" > "$dir/start-millis"
  echo "$(( (t1 - t0) / 1000000 ))" > "$dir/process-millis"
  rm -rf "$dir/out"
  echo "bench-fixed-costs: $v $(( (t1 - t0) / 1000000 )) ms (exit $code)" >&2
}

for v in "${VARIANTS[@]}"; do
  run "$v" "$res/warmup/$v"
done
rm -rf "$res/warmup"
n=${#VARIANTS[@]}
for ((rep = 1; rep <= reps; rep++)); do
  for ((i = 0; i < n; i++)); do
    v=${VARIANTS[(i + rep - 1) % n]}
    run "$v" "$res/$v/$rep"
  done
done
python3 scripts/render_fixed_costs.py "$res" | tee "$res/table.md"
