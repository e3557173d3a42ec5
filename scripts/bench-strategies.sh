#!/usr/bin/env bash
# Every join strategy x workload (issue 14, section 6), in local mode with two map slots: the
# hand-written baseline (io.bloomkit.bench.HashSetJoin, one map-only job whose mappers hold the left
# keys in a hash table: --mode semi writes the matching right lines, --mode join the pairs), plain
# `join` (auto: the planner's choice, run only when `join --help` lists --strategy auto), `join
# --strategy map-side`, and `join --strategy reduce-side` with --filter-type acbf, bf (--bits-per-key
# 16, built by the join) and none (2 reducers). Workloads as scripts/bench-join.sh generates them:
# TPC-H lineitem joined with 1% and 10% of orders, and the patents data. Each round runs every
# strategy once, the order rotating by one per round (alternating runs; a warm-up round first, not
# counted); the table gives medians over --reps rounds of the whole-process seconds and x the
# baseline semijoin's, the join's map output records (JSON mapOutputRecords; the map-only strategies
# shuffle nothing, their map output is their output) and x the ideal: left records + matching right
# records, counted by awk from the data (no tool, no filter) and checked against the baseline's
# count; and whether auto is within 10% of the best forced strategy (map-side, reduce-*). The
# baseline-pgc row is the baseline semijoin given -XX:+UseParallelGC, the collector scripts/bloomkit
# runs the tools with (docs/tools.md, "The launcher"): what of a ratio is the launcher's.
#
#   scripts/bench-strategies.sh                        # full sizes, 3 rounds
#   scripts/bench-strategies.sh --quick                # a tenth of the sizes
#   scripts/bench-strategies.sh --reps 5 --only tpch1  # some of: patents, tpch1, tpch10,
#                                                      # tpch1-big, tpch10-big (comma-separated)
#   scripts/bench-strategies.sh --tool-launch direct   # the tools without hadoop's RunJar
#                                                      # (default script: scripts/bloomkit, as users run them)
#   scripts/bench-strategies.sh --scale 10 --data /big/dir --only tpch1,tpch10 --skip reduce-none
#                                                      # TPC-H SF 10 (about 8 GB, generated once
#                                                      # into --data), a strategy left out
#   scripts/bench-strategies.sh --no-warmup ...        # no warm-up round (data just written
#                                                      # is in the page cache already)
#
# tpch1-big and tpch10-big name the large side (lineitem) as the left input, as a user may: the
# tools get the inputs that way round (the forced strategies with --build-side right, the build
# side a user forcing a strategy would name; auto as it is), the baselines the small side first
# (hand-written for it); the ideal is the same.
#
# Raw JSON and seconds of every run stay in target/bench-strategies/WORKLOAD/STRATEGY/REP/; the
# markdown table goes to stdout (and target/bench-strategies/table.md).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

quick=0 reps=3 only="" launch=script scale_arg="" data="" skip="" warmup=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1 ;;
    --reps) reps="$2"; shift ;;
    --only) only="$2"; shift ;;
    --tool-launch) launch="$2"; shift ;;
    --scale) scale_arg="$2"; shift ;;
    --data) data="$2"; shift ;;
    --skip) skip="$2"; shift ;;
    --no-warmup) warmup=0 ;;
    *) echo "usage: scripts/bench-strategies.sh [--quick] [--reps N] [--only W[,W]] [--tool-launch direct|script] [--scale S] [--data DIR] [--skip S[,S]] [--no-warmup]" >&2
      exit 2 ;;
  esac
  shift
done
wanted() { [[ -z "$only" || ",$only," == *",$1,"* ]]; }

source scripts/lib/bench-data.sh  # bench_sizes, bk, gen, gen_patents, gen_tpch
bench_sizes "$quick"
[[ -n "$scale_arg" ]] && scale=$scale_arg
[[ -n "$data" ]] && bench_data=$data
mvn -B -q -DskipTests package >&2  # the jar must hold this checkout's code
mvn -B -q -o test-compile >&2      # the baseline is benchmark (test) code
source scripts/lib/bench-launch.sh  # launch_check, jvm, tool, baseline
launch_check "$launch"
res=target/bench-strategies
[[ -n "$scale_arg" ]] && res=target/bench-strategies-sf$scale
[[ -z "$only" ]] && rm -rf "$res"
mkdir -p "$res"

# auto: plain `join`, once the planner is in (its --strategy option lists auto)
auto=0
if tool "$launch" join --help 2>&1 | awk '/^ +--strategy /{on = 1; print; next}
    on && match($0, /[^ ]/) && RSTART <= 7 && substr($0, RSTART, 1) == "-" {exit} on' \
    | grep -qw auto; then
  auto=1
fi
printf '{"quick":%s,"reps":%s,"launch":"%s","auto":%s,"scale":%s,"warmup":%s,"load":"%s"}\n' "$quick" \
  "$reps" "$launch" "$auto" "$scale" "$warmup" "$(cut -d' ' -f1-3 /proc/loadavg)" > "$res/run.json"

STRATEGIES=()
for s in baseline-semi baseline-join baseline-pgc map-side reduce-acbf reduce-bf reduce-none; do
  [[ ",$skip," == *",$s,"* ]] || STRATEGIES+=("$s")
done
if [[ $auto == 1 ]]; then
  STRATEGIES+=(auto)
else
  echo "bench-strategies: join --help lists no --strategy auto: auto left out" >&2
fi

baseline_pgc() { BENCH_JAVA_OPTS="${BENCH_JAVA_OPTS:-} -XX:+UseParallelGC" baseline "$@"; }

# run WORKLOAD STRATEGY DIR LEFT LEFT_KEY RIGHT RIGHT_KEY DELIM: one run, JSON and seconds into DIR
# (LEFT is the small side; a WORKLOAD named *-big gives the tools the large side as the left)
run() {
  local ds=$1 s=$2 dir=$3 left=$4 lkey=$5 right=$6 rkey=$7 delim=$8
  rm -rf "$dir"; mkdir -p "$dir"
  local t0 t1
  local join=(join --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey"
    --delimiter "$delim" --output "$dir/out" --json --quiet)
  local side=()
  if [[ $ds == *-big ]]; then
    join=(join --left "$right" --left-key "$rkey" --right "$left" --right-key "$lkey"
      --delimiter "$delim" --output "$dir/out" --json --quiet)
    side=(--build-side right)
  fi
  local cmd
  case "$s" in
    baseline-semi|baseline-join)
      cmd=(baseline --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey"
        --delimiter "$delim" --output "$dir/out" --mode "${s#baseline-}") ;;
    baseline-pgc)  # the semijoin with the collector scripts/bloomkit gives the tools
      cmd=(baseline_pgc --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey"
        --delimiter "$delim" --output "$dir/out" --mode semi) ;;
    auto) cmd=(tool "$launch" "${join[@]}") ;;
    map-side) cmd=(tool "$launch" "${join[@]}" --strategy map-side ${side[@]+"${side[@]}"}) ;;
    reduce-acbf|reduce-bf) cmd=(tool "$launch" "${join[@]}" --strategy reduce-side --reducers 2
      --filter-type "${s#reduce-}" --bits-per-key 16 ${side[@]+"${side[@]}"}) ;;
    reduce-none) cmd=(tool "$launch" "${join[@]}" --strategy reduce-side --reducers 2 --filter-type none
      ${side[@]+"${side[@]}"}) ;;
  esac
  local code=0
  t0=$(date +%s.%N)
  "${cmd[@]}" > "$dir/result.json" 2> "$dir/stderr" || code=$?
  t1=$(date +%s.%N)
  echo "$code" > "$dir/exit"
  if [[ $code != 0 ]]; then  # kept out of the medians; the table says how many runs failed
    echo "bench-strategies: $ds $s FAILED (exit $code), see $dir/stderr" >&2
    rm -f "$dir/result.json"
  fi
  awk "BEGIN{printf \"%.3f\\n\", $t1 - $t0}" > "$dir/seconds"
  rm -rf "$dir/out"
  echo "bench-strategies: $ds $s $(cat "$dir/seconds") s" >&2
}

# ideal NAME LEFT LEFT_KEY RIGHT RIGHT_KEY DELIM: the ideal map output counted by awk from the data
# (left records + right records whose key field is a left key; no tool, no filter) into NAME-ideal.json
ideal() {
  local ds=$1 left=$2 lkey=$3 right=$4 rkey=$5 delim=$6
  files() { find "$1" -type f ! -name '.*' ! -name '_*' | sort; }
  # shellcheck disable=SC2046  # the generated files' names have no spaces
  awk -F"$delim" -v l=$((lkey + 1)) -v r=$((rkey + 1)) '
    side == 0 {keys[$l] = 1; left++; next}
    ($r in keys) {matched++}
    END {printf "{\"leftRecords\":%d,\"rightMatched\":%d,\"ideal\":%d}\n", left, matched, left + matched}' \
    side=0 $(files "$left") side=1 $(files "$right") > "$res/$ds-ideal.json"
}

# workload NAME LEFT LEFT_KEY RIGHT RIGHT_KEY DELIM
workload() {
  local ds=$1; shift
  ideal "$ds" "$@"
  local n=${#STRATEGIES[@]} rep i
  for s in "${STRATEGIES[@]}"; do  # warm-up: the page cache
    [[ $warmup == 1 ]] && run "$ds" "$s" "$res/$ds/warmup/$s" "$@"
  done
  rm -rf "$res/$ds/warmup"
  for ((rep = 1; rep <= reps; rep++)); do
    for ((i = 0; i < n; i++)); do
      local s=${STRATEGIES[(i + rep - 1) % n]}
      run "$ds" "$s" "$res/$ds/$s/$rep" "$@"
    done
  done
}

for frac in 1 10; do
  for ds in "tpch$frac" "tpch$frac-big"; do
    wanted "$ds" || continue
    gen_tpch "$frac"
    if [[ $ds == *-big ]]; then
      printf '{"title":"TPC-H SF %s: lineitem named as the left input, joined with %s%% of orders"}\n' \
        "$scale" "$frac" > "$res/$ds.json"
    else
      printf '{"title":"TPC-H SF %s: lineitem joined with %s%% of orders on o_orderkey"}\n' "$scale" \
        "$frac" > "$res/$ds.json"
    fi
    workload "$ds" "$orders_dir" 0 "$lineitem_dir" 0 '|'
  done
done
if wanted patents; then
  gen_patents
  printf '{"title":"patents: %s key patents joined with %s citations on CITED"}\n' "$keys" \
    "$citations" > "$res/patents.json"
  workload patents "$patents_dir/keys" 0 "$patents_dir/citations" 1 ,
fi

python3 scripts/render_strategies.py "$res" | tee "$res/table.md"
