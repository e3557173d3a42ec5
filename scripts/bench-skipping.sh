#!/usr/bin/env bash
# Row-group skipping on the probe side (issue 26 section 4): TPC-H lineitem as Parquet written in
# key order in 32 parts (one row group each), joined (inner, --strategy auto) with 1% of the orders
# as text: the first 1% by key (a narrow key range: all but the row groups holding it are skipped)
# and 1% chosen by generate's --orders-fraction (keys spread over the range: nothing to skip). Runs
# this checkout's jar and a baseline commit's (built in a temporary clone) alternately, a warm-up
# round first, and prints the medians of the whole-process seconds, their ratio, and this
# checkout's rightRowGroupsSkipped and rightRecords (the records read).
#
#   scripts/bench-skipping.sh --baseline COMMIT [--scale 1] [--reps 3] [--data DIR]
#
# Raw JSON of every run stays in DIR/runs/; the table goes to stdout.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

baseline="" scale=1 reps=3 data=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline="$2"; shift ;;
    --scale) scale="$2"; shift ;;
    --reps) reps="$2"; shift ;;
    --data) data="$2"; shift ;;
    *) echo "usage: scripts/bench-skipping.sh --baseline COMMIT [--scale S] [--reps N] [--data DIR]" >&2
      exit 2 ;;
  esac
  shift
done
[[ -n "$baseline" ]] || { echo "bench-skipping: --baseline COMMIT is required" >&2; exit 2; }
data="${data:-$repo/target/bench-skipping}"
mkdir -p "$data/runs"

# the baseline's checkout and jar (scripts/bloomkit builds a jar that is missing or stale)
base="$data/baseline"
if [[ ! -d "$base/.git" ]]; then
  git clone -q "$repo" "$base"
fi
git -C "$base" checkout -q "$baseline"

tool() { # checkout, then the tool's arguments
  local dir="$1"; shift
  (cd "$dir" && scripts/bloomkit "$@")
}

if [[ ! -d "$data/lineitem" ]]; then
  tool "$repo" generate tpch --scale "$scale" --table lineitem --format parquet --parts 32 \
    --out "$data/lineitem" >/dev/null
  tool "$repo" generate tpch --scale "$scale" --table orders --format text --out "$data/orders" \
    >/dev/null
  tool "$repo" generate tpch --scale "$scale" --table orders --orders-fraction 0.01 \
    --format text --out "$data/spread" >/dev/null
  all=$(cat "$data"/orders/part-* | wc -l)
  mkdir -p "$data/first"
  cat "$data"/orders/part-* | head -n $(( all / 100 )) > "$data/first/part-00000"
fi

run() { # checkout name, workload, round
  local dir="$1" name="$2" w="$3" r="$4" out start end
  out="$data/runs/$w.$name.$r"
  rm -rf "$out.out"
  start=$(date +%s.%N)
  tool "$dir" join --left "$data/$w" --left-key 0 --left-key-type long --delimiter '|' \
    --right "$data/lineitem" --right-key l_orderkey --type inner --output "$out.out" --json \
    --quiet > "$out.json"
  end=$(date +%s.%N)
  echo "$end - $start" | bc > "$out.seconds"
}

for w in first spread; do # a warm-up round, not counted
  run "$base" baseline "$w" 0
  run "$repo" this "$w" 0
done
for r in $(seq 1 "$reps"); do
  for w in first spread; do
    if (( r % 2 )); then
      run "$base" baseline "$w" "$r"; run "$repo" this "$w" "$r"
    else
      run "$repo" this "$w" "$r"; run "$base" baseline "$w" "$r"
    fi
  done
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
field() { sed -n "s/.*\"$2\" *: *\([0-9]*\).*/\1/p" "$1" | head -1; }
echo "| left (1% of orders) | baseline s | this s | this / baseline | row groups skipped | right records read | output records |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for w in first spread; do
  b=$(for r in $(seq 1 "$reps"); do cat "$data/runs/$w.baseline.$r.seconds"; done | median)
  t=$(for r in $(seq 1 "$reps"); do cat "$data/runs/$w.this.$r.seconds"; done | median)
  j="$data/runs/$w.this.1.json"
  printf '| %s | %.1f | %.1f | %.2f | %s | %s | %s |\n' "$w" "$b" "$t" "$(echo "$t / $b" | bc -l)" \
    "$(field "$j" rightRowGroupsSkipped)" "$(field "$j" rightRecords)" "$(field "$j" outputRecords)"
done
