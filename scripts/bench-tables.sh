#!/usr/bin/env bash
# Filtered joins on columnar tables against the same join on text (issue 13), in local mode:
# TPC-H lineitem (Parquet, ORC) joined with about 1% and 10% of orders (ORC, Parquet) by column
# name, and the text tables by field number; filters none, bf, acbf, exact. Runs alternate over
# the three table pairs, REPS times each; the section reports medians and writes the block
# between the "tables" markers of docs/results/join.md.
#
#   scripts/bench-tables.sh              # SF 1, 3 runs each
#   scripts/bench-tables.sh --reps 1     # SF 1, one run each
#   scripts/bench-tables.sh --quick      # SF 0.1, 1 run each, for a look
#
# Raw JSON of every build and join stays in target/bench-tables/. BENCH_NOTE="; ..." appends a
# sentence to the method note (e.g. what else ran on the machine).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
scale=1 reps=3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) scale=0.1 reps=1 ;;
    --reps) reps="$2"; shift ;;
    *) echo "usage: scripts/bench-tables.sh [--quick] [--reps N]" >&2; exit 2 ;;
  esac
  shift
done

mvn -B -q -DskipTests package >&2
bk() { local tool=$1; shift; scripts/bloomkit "$tool" -D mapreduce.local.map.tasks.maximum=2 "$@" --quiet; }
data=target/bench-data/tables-$scale
res=target/bench-tables
rm -rf "$res"; mkdir -p "$data" "$res"

gen() { # gen DIR ARGS...
  local dir=$1; shift
  if [[ ! -f "$dir/.done" ]]; then
    rm -rf "$dir"
    echo "bench-tables: generate $* --out $dir" >&2
    scripts/bloomkit generate "$@" --out "$dir" >/dev/null
    touch "$dir/.done"
  fi
}
for fmt in text parquet orc; do
  gen "$data/lineitem-$fmt" tpch --scale "$scale" --table lineitem --parts 4 --format "$fmt"
  for frac in 1 10; do
    f=$(awk "BEGIN{print $frac/100}")
    gen "$data/orders-$frac-$fmt" tpch --scale "$scale" --table orders --orders-fraction "$f" --format "$fmt"
  done
done

# pair name, lineitem format, orders format, left key, right key, delimiter
pairs=("text:text:text:0:0:|" "parquet-orc:parquet:orc:o_orderkey:l_orderkey:|" "orc-parquet:orc:parquet:o_orderkey:l_orderkey:|")
for frac in 1 10; do
  for filter in none bf acbf exact; do
    for rep in $(seq 1 "$reps"); do
      for p in "${pairs[@]}"; do
        IFS=: read -r name lfmt ofmt lkey rkey delim <<<"$p"
        dir="$res/tpch$frac/$filter/$name/$rep"; mkdir -p "$dir"
        left="$data/orders-$frac-$ofmt" right="$data/lineitem-$lfmt"
        fargs=(--filter-type none)
        if [[ $filter != none ]]; then
          size=(--fpp 0.01); [[ $filter == exact ]] && size=()
          bk build --input "$left" --key-field "$lkey" --delimiter "$delim" --filter "$filter" \
            ${size[@]+"${size[@]}"} --output "$dir/filter.bkf" --json > "$dir/build.json"
          if [[ $lfmt != text && $rep == 1 ]]; then # the same build reading every column
            bk build -D bloomkit.input.projection=false --input "$left" --key-field "$lkey" \
              --delimiter "$delim" --filter "$filter" ${size[@]+"${size[@]}"} \
              --output "$dir/filter-full.bkf" --json > "$dir/build-full.json"
          fi
          fargs=(--filter "$dir/filter.bkf")
        fi
        echo "bench-tables: tpch$frac $filter $name run $rep" >&2
        bk join --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey" \
          --delimiter "$delim" "${fargs[@]}" --reducers 2 --output "$dir/out" --json > "$dir/join.json"
        # the output rows as (o_orderkey, l_orderkey, l_linenumber) triples: count and digest,
        # equal across formats (dbgen's text prints l_quantity as 15 where the decimal column
        # renders 15.00, so whole lines differ in text)
        cat "$dir"/out/part-* | awk -F'\t' '{split($1, a, "|"); split($2, b, "|"); print a[1] "|" b[1] "|" b[4]}' \
          | LC_ALL=C sort | tee >(wc -l > "$dir/rows") | md5sum | cut -d' ' -f1 > "$dir/digest"
        rm -rf "$dir/out"
      done
    done
  done
done
python3 scripts/render_tables.py "$res" "$scale" "$reps" docs/results/join.md
echo "bench-tables: wrote the tables section of docs/results/join.md" >&2
