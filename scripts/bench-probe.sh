#!/usr/bin/env bash
# The star-join pre-filter (issue 14, section 2) on TPC-DS, in local mode: store_sales probed by
# filters of three dimension selections (date_dim rows of one month -> d_date_sk, item rows of one
# category -> i_item_sk, store rows of one state -> s_store_sk) and then joined with the month,
# against the same join of the whole store_sales without pre-filtering (--filter-type none) and
# with the default filtered join (acbf, built by the join). Runs alternate over the three
# pipelines, REPS times each; the section reports records and bytes shuffled (map output of every
# job that shuffles), the probe's per-filter counts, and medians of the whole-process seconds, and
# is written between the "probe" markers of docs/results/join.md.
#
#   scripts/bench-probe.sh                # SF 1, 3 runs each
#   scripts/bench-probe.sh --reps 1       # SF 1, one run each
#   scripts/bench-probe.sh --quick        # SF 0.1, 1 run each, for a look
#   scripts/bench-probe.sh --scale 0.3    # another scale
#
# Raw JSON of every job stays in target/bench-probe/. BENCH_NOTE="; ..." appends a sentence to the
# method note (e.g. what else ran on the machine).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
scale=1 reps=3
year=2001 month=11 category=Music state=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) scale=0.1 reps=1 ;;
    --reps) reps="$2"; shift ;;
    --scale) scale="$2"; shift ;;
    *) echo "usage: scripts/bench-probe.sh [--quick] [--reps N] [--scale S]" >&2; exit 2 ;;
  esac
  shift
done

mvn -B -q -DskipTests package >&2
bk() { local tool=$1; shift; scripts/bloomkit "$tool" -D mapreduce.local.map.tasks.maximum=2 "$@" --quiet; }
data=target/bench-data/tpcds-$scale
res=target/bench-probe
rm -rf "$res"; mkdir -p "$res"

if [[ ! -f "$data/.done" ]]; then
  rm -rf "$data"
  echo "bench-probe: generate tpcds --scale $scale --parts 4 --out $data" >&2
  scripts/bloomkit generate tpcds --scale "$scale" --parts 4 --out "$data" > "$res/generate.json"
  touch "$data/.done"
fi
sales="$data/store_sales"

# the dimension selections, as text tables of whole dimension rows (dsdgen's '|' lines; fields are
# 1-based here: d_year 7, d_moy 9; i_category 13; s_state 25)
dims="$res/dims"
mkdir -p "$dims/date" "$dims/item" "$dims/store"
awk -F'|' -v y="$year" -v m="$month" '$7 == y && $9 == m' "$data"/date_dim/part-* > "$dims/date/part-00000"
awk -F'|' -v c="$category" '$13 == c' "$data"/item/part-* > "$dims/item/part-00000"
if [[ -z "$state" ]]; then # the state with the fewest stores (a real selection where stores
  # are in several states; up to SF 1 dsdgen puts every store in TN)
  state=$(awk -F'|' '$25 != "" {n[$25]++} END {for (s in n) print n[s], s}' "$data"/store/part-* \
    | sort -n | head -1 | cut -d' ' -f2)
fi
awk -F'|' -v s="$state" '$25 == s' "$data"/store/part-* > "$dims/store/part-00000"

# the exact star join, by awk: store_sales rows whose date, item and store are all selected
read -r exact_star exact_month < <(awk -F'|' '
  FILENAME ~ /dims\/date\// {d[$1] = 1; next}
  FILENAME ~ /dims\/item\// {i[$1] = 1; next}
  FILENAME ~ /dims\/store\// {s[$1] = 1; next}
  ($1 in d) {month++; if (($3 in i) && ($8 in s)) star++}
  END {print star + 0, month + 0}' "$dims/date/part-00000" "$dims/item/part-00000" \
  "$dims/store/part-00000" "$sales"/part-*)
sales_rows=$(cat "$sales"/part-* | wc -l)
sales_bytes=$(cat "$sales"/part-* | wc -c)
printf '{"scale":"%s","reps":%s,"year":%s,"month":%s,"category":"%s","state":"%s","dateRows":%s,"itemRows":%s,"storeRows":%s,"storesTotal":%s,"salesRows":%s,"salesBytes":%s,"exactStar":%s,"exactMonth":%s}\n' \
  "$scale" "$reps" "$year" "$month" "$category" "$state" \
  "$(wc -l < "$dims/date/part-00000")" "$(wc -l < "$dims/item/part-00000")" \
  "$(wc -l < "$dims/store/part-00000")" "$(cat "$data"/store/part-* | wc -l)" "$sales_rows" \
  "$sales_bytes" "$exact_star" "$exact_month" > "$res/dataset.json"
cat "$res/dataset.json" >&2

common=(--delimiter '|' --empty-is-null)
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.3f\n", b - a}'; }

# the three pipelines; each writes its jobs' JSON and its whole-process seconds into DIR
run_none() { # join the month with all of store_sales, no filter
  local dir=$1 t; t=$(now)
  bk join --left "$dims/date" --left-key 0 --right "$sales" --right-key 0 "${common[@]}" \
    --filter-type none --reducers 2 --output "$dir/out" --json > "$dir/join.json"
  elapsed "$t" > "$dir/seconds"
}
run_acbf() { # the default filtered join: the join builds an acbf filter of the month, then joins
  local dir=$1 t; t=$(now)
  bk join --left "$dims/date" --left-key 0 --right "$sales" --right-key 0 "${common[@]}" \
    --reducers 2 --output "$dir/out" --json > "$dir/join.json"
  elapsed "$t" > "$dir/seconds"
}
run_probe() { # build three filters, probe store_sales by all of them, join the probed rows
  local dir=$1 t; t=$(now)
  for d in date item store; do
    bk build --input "$dims/$d" --key-field 0 "${common[@]}" --output "$dir/$d.bkf" \
      --json > "$dir/build-$d.json"
  done
  bk probe --input "$sales" --output "$dir/probed" --filter "$dir/date.bkf:0" \
    --filter "$dir/item.bkf:2" --filter "$dir/store.bkf:7" --all "${common[@]}" \
    --json > "$dir/probe.json"
  bk join --left "$dims/date" --left-key 0 --right "$dir/probed" --right-key 0 "${common[@]}" \
    --filter-type none --reducers 2 --output "$dir/out" --json > "$dir/join.json"
  elapsed "$t" > "$dir/seconds"
}

# warm-up: the page cache holds store_sales for every measured run
cat "$sales"/part-* > /dev/null
for rep in $(seq 1 "$reps"); do
  for p in none acbf probe; do
    dir="$res/$p/$rep"; rm -rf "$dir"; mkdir -p "$dir"
    echo "bench-probe: $p run $rep" >&2
    "run_$p" "$dir"
    rm -rf "$dir/out" "$dir/probed"
  done
done
python3 scripts/render_probe.py "$res" docs/results/join.md
echo "bench-probe: wrote the probe section of docs/results/join.md" >&2
