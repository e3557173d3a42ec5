#!/usr/bin/env bash
# Measures the join planner's four constants (docs/planner.md, "The constants and how to calibrate
# them"; io.bloomkit.mapreduce.join.plan.CostModel.Constants) on this machine, in local mode with
# two map slots, on TPC-H lineitem (text, '|') as scripts/lib/bench-data.sh generates it:
#
#   jobSeconds, mapRecordSeconds  `probe --input LINEITEM/D --filter TINY:0`, a map-only job that
#                                 reads and keys every record and writes almost nothing (TINY: a bf
#                                 of one order key), on 1, 1/4 and 1/16 of lineitem (the first
#                                 lines of each of its 4 files); least-squares fit of the seconds
#                                 against the records read: intercept jobSeconds, slope
#                                 mapRecordSeconds
#   shuffleByteSeconds            `join --strategy reduce-side --filter-type none` (1% of orders,
#                                 2 reducers) on the same three sizes, minus the probe's seconds at
#                                 that size; fit against the join's mapOutputBytes: the slope (the
#                                 intercept is the reduce phase's fixed cost)
#   loadByteSeconds               `join --strategy reduce-side --filter BF` over 1/16 of lineitem,
#                                 with bf filters of the same left side (bits per key 10, sized by
#                                 `build --items N` so the bytes span two orders of magnitude and
#                                 the false positives stay ~0: only the bytes change); fit against
#                                 filter bytes x filter loads (the join counts every map task's
#                                 load, left and right). Also `join --strategy map-side` over left
#                                 sides of growing size (1% of orders plus synthetic rows whose
#                                 keys no lineitem has, so the output stays the same), fit against
#                                 left bytes x table loads (tableByteSeconds; the shuffle fit's
#                                 intercept is reduceSeconds); the summary says whether one constant serves
#                                 both
#
# Each round runs every measurement once per tool launch (--tool-launch: script = through
# scripts/bloomkit, what users run and what the constants to paste describe; direct = the jar's
# driver without RunJar; both, the default), the order rotating by one per round (alternating
# runs); medians over --reps rounds (default 3); the 1-minute load average is kept with each run.
#
#   scripts/calibrate-join.sh --quick            # TPC-H SF 0.1, smaller filters and tables
#   scripts/calibrate-join.sh --reps 5           # SF 1
#   scripts/calibrate-join.sh --tool-launch script
#
# Runs stay in target/calibrate-join/runs/LAUNCH/POINT/REP/ (result.json, seconds, load, stderr);
# the fit goes to target/calibrate-join/summary.json and summary.md (also on stdout), with the
# `-D bloomkit.plan.*` flags and the BloomkitConfig defaults to paste. BENCH_NOTE="..." adds a
# sentence to the summary (e.g. what else ran on the machine).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

quick=0 reps=3 launches="script direct"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1 ;;
    --reps) reps="$2"; shift ;;
    --tool-launch) [[ "$2" == both ]] && launches="script direct" || launches="$2"; shift ;;
    *) echo "usage: scripts/calibrate-join.sh [--quick] [--reps N] [--tool-launch direct|script|both]" >&2
      exit 2 ;;
  esac
  shift
done
[[ "$reps" =~ ^[1-9][0-9]*$ ]] || { echo "calibrate-join: --reps takes a positive number" >&2; exit 2; }

source scripts/lib/bench-data.sh  # bench_sizes, bk, gen, gen_tpch
bench_sizes "$quick"
mvn -B -q -DskipTests package >&2  # the jar must hold this checkout's code
source scripts/lib/bench-launch.sh  # launch_check, tool
for l in $launches; do launch_check "$l"; done

# sizes: fractions of lineitem; filter MiB (bits per key 10); synthetic left rows for map-side
fractions="1 4 16" filter_mib="1 16 64 256" extra_rows="0 150000 1000000"
if [[ $quick == 1 ]]; then
  filter_mib="0.5 8 64" extra_rows="0 20000 150000"
fi
bits_per_key=10

res=target/calibrate-join
data=$res/data
rm -rf "$res/runs"
mkdir -p "$res/runs" "$data"
gen_tpch 1  # lineitem_dir, orders_dir (1% of orders)

# the inputs, derived once per scale (data/.done-SCALE)
if [[ ! -f "$data/.done-$scale" ]]; then
  rm -rf "$data"; mkdir -p "$data"
  for d in $fractions; do
    mkdir -p "$data/lineitem-$d"
    for f in "$lineitem_dir"/part-*; do
      head -n "$(( $(wc -l < "$f") / d ))" "$f" > "$data/lineitem-$d/$(basename "$f")"
    done
  done
  mkdir -p "$data/one-key"
  awk -F'|' 'NR == 1 {print $1; exit}' "$orders_dir"/part-* > "$data/one-key/part-00000"
  bk build --input "$data/one-key" --filter bf --output "$data/tiny.bkf" --quiet > /dev/null
  for mib in $filter_mib; do
    items=$(awk -v m="$mib" -v b="$bits_per_key" 'BEGIN {printf "%d", m * 1048576 * 8 / b}')
    bk build --input "$orders_dir" --key-field 0 --delimiter '|' --filter bf \
      --bits-per-key "$bits_per_key" --items "$items" --output "$data/bf-$mib.bkf" --quiet > /dev/null
  done
  for n in $extra_rows; do  # 1% of orders plus n rows cycled from it, keys beyond lineitem's
    mkdir -p "$data/left-$n"
    cat "$orders_dir"/part-* > "$data/left-$n/part-00000"
    awk -F'|' -v OFS='|' -v n="$n" '{row[NR] = $0} END {
        for (i = 0; i < n; i++) {$0 = row[i % NR + 1]; $1 = 2000000000 + i; print}}' \
      "$orders_dir"/part-* >> "$data/left-$n/part-00000"
  done
  touch "$data/.done-$scale"
fi

# the measurements, POINT:KIND:ARG
points=()
for d in $fractions; do points+=("probe-$d:probe:$d"); done
for d in $fractions; do points+=("none-$d:none:$d"); done
for mib in $filter_mib; do points+=("filter-$mib:filter:$mib"); done
for n in $extra_rows; do points+=("mapside-$n:mapside:$n"); done

left_tasks=$(ls "$orders_dir"/part-* | wc -l)  # orders-1: small files, one split each
printf '{"quick":%s,"reps":%s,"scale":%s,"launches":"%s","bitsPerKey":%s,"leftTasks":%s,"load":"%s","nproc":%s,"note":"%s"}\n' \
  "$quick" "$reps" "$scale" "$launches" "$bits_per_key" "$left_tasks" \
  "$(cut -d' ' -f1-3 /proc/loadavg)" "$(nproc)" "${BENCH_NOTE:-}" > "$res/run.json"

# run LAUNCH POINT REP: one run into runs/LAUNCH/POINT/REP
run() {
  local launch=$1 point=$2 rep=$3 name kind arg
  IFS=: read -r name kind arg <<<"$point"
  local dir="$res/runs/$launch/$name/$rep"
  rm -rf "$dir"; mkdir -p "$dir"
  local join=(join --left "$orders_dir" --left-key 0 --right-key 0 --delimiter '|'
    --output "$dir/out" --json --quiet)
  local cmd
  case "$kind" in
    probe) cmd=(probe --input "$data/lineitem-$arg" --filter "$data/tiny.bkf:0" --delimiter '|'
      --output "$dir/out" --json --quiet) ;;
    none) cmd=("${join[@]}" --right "$data/lineitem-$arg" --strategy reduce-side --reducers 2
      --filter-type none) ;;
    filter) cmd=("${join[@]}" --right "$data/lineitem-16" --strategy reduce-side --reducers 2
      --filter "$data/bf-$arg.bkf")
      stat -c %s "$data/bf-$arg.bkf" > "$dir/filter-bytes" ;;
    mapside) cmd=(join --left "$data/left-$arg" --left-key 0 --right "$data/lineitem-16"
      --right-key 0 --delimiter '|' --output "$dir/out" --json --quiet --strategy map-side) ;;
  esac
  cut -d' ' -f1 /proc/loadavg > "$dir/load"
  local code=0 t0 t1
  t0=$(date +%s.%N)
  tool "$launch" "${cmd[@]}" > "$dir/result.json" 2> "$dir/stderr" || code=$?
  t1=$(date +%s.%N)
  echo "$code" > "$dir/exit"
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f\n", b - a}' > "$dir/seconds"
  rm -rf "$dir/out"
  if [[ $code != 0 ]]; then  # kept out of the fit; the summary counts failed runs
    echo "calibrate-join: $launch $name FAILED (exit $code), see $dir/stderr" >&2
    rm -f "$dir/result.json"
  else
    echo "calibrate-join: $launch $name run $rep $(cat "$dir/seconds") s (load $(cat "$dir/load"))" >&2
  fi
}

cat "$data"/lineitem-1/part-* "$data"/left-*/part-* > /dev/null  # warm-up: the page cache
for l in $launches; do  # and one run per launch, not counted
  run "$l" "${points[0]}" warmup
  rm -rf "$res/runs/$l/${points[0]%%:*}/warmup"
done
all=()
for l in $launches; do for p in "${points[@]}"; do all+=("$l $p"); done; done
n=${#all[@]}
for ((rep = 1; rep <= reps; rep++)); do
  for ((i = 0; i < n; i++)); do
    read -r l p <<<"${all[(i + rep - 1) % n]}"
    run "$l" "$p" "$rep"
  done
done

python3 scripts/calibrate_fit.py "$res" | tee "$res/summary.md"
