#!/usr/bin/env bash
# Filtered reduce-side joins in local mode, every filter, each configuration once after a warm-up;
# writes docs/results/join.md (and refreshes docs/results/README.md) with scripts/report-acbf.sh.
#
#   scripts/bench-join.sh                 # patents at the paper's size, TPC-H SF 1, key scaling
#   scripts/bench-join.sh --quick         # a tenth of the sizes, for a look in a few minutes
#   scripts/bench-join.sh --only patents  # one of: patents, tpch1, tpch10, scale
#
# Raw results (the JSON of every build, inspect and join) stay in target/bench-join/.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

quick=0
only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1 ;;
    --only) only="$2"; shift ;;
    *) echo "usage: scripts/bench-join.sh [--quick] [--only patents|tpch1|tpch10|scale]" >&2; exit 2 ;;
  esac
  shift
done

source scripts/lib/bench-data.sh  # bench_sizes, bk, gen, gen_patents, gen_tpch
bench_sizes "$quick"
scale_keys="100000 1000000 10000000"
if [[ $quick == 1 ]]; then
  scale_keys="10000 100000 1000000"
fi

mvn -B -q -DskipTests package >&2   # the jar must hold this checkout's code
data=$bench_data
res=target/bench-join
mkdir -p "$data"
[[ -z "$only" ]] && rm -rf "$res" "target/bench-join-scale"
mkdir -p "$res"

# run_configs DATASET LEFT LEFT_KEY RIGHT RIGHT_KEY DELIM
run_configs() {
  local ds=$1 left=$2 lkey=$3 right=$4 rkey=$5 delim=$6
  local configs=("none:none:" "bf-8:bf:8" "cbf-8:cbf:8" "acbf-8:acbf:8" "bf-16:bf:16" "cbf-16:cbf:16"
    "acbf-16:acbf:16" "acbf-fpp0.001:acbf:fpp" "exact:exact:")
  local first=1 i=0
  for c in "${configs[@]}"; do
    IFS=: read -r label type bpk <<<"$c"
    i=$((i + 1))
    local dir="$res/$ds/$(printf %02d $i)-$label"
    rm -rf "$dir"; mkdir -p "$dir"
    printf '{"label":"%s","filterType":"%s","bitsPerKey":%s}\n' "$label" "$type" \
      "$( [[ "$bpk" =~ ^[0-9]+$ ]] && echo "$bpk" || echo null)" > "$dir/config.json"
    local filter_args=(--filter-type none)
    if [[ $type != none ]]; then
      local size=()
      [[ "$bpk" =~ ^[0-9]+$ ]] && size=(--bits-per-key "$bpk")
      [[ "$bpk" == fpp ]] && size=(--fpp 0.001)
      bk build --input "$left" --key-field "$lkey" --delimiter "$delim" --filter "$type" \
        ${size[@]+"${size[@]}"} --output "$dir/filter.bkf" --json > "$dir/build.json"
      bk inspect "$dir/filter.bkf" > "$dir/inspect.json"
      filter_args=(--filter "$dir/filter.bkf")
    fi
    if [[ $first == 1 ]]; then  # warm-up: the page cache and the JIT-independent file reads
      bk join --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey" \
        --delimiter "$delim" "${filter_args[@]}" --output "$dir/warmup" --json > /dev/null
      rm -rf "$dir/warmup"
      first=0
    fi
    echo "bench-join: $ds $label" >&2
    bk join --left "$left" --left-key "$lkey" --right "$right" --right-key "$rkey" \
      --delimiter "$delim" "${filter_args[@]}" --reducers 2 --output "$dir/out" --json > "$dir/join.json"
    rm -rf "$dir/out"
    tail -1 "$dir/join.json" >&2
  done
}

if [[ -z "$only" || "$only" == patents ]]; then
  gen_patents
  pd=$patents_dir
  mkdir -p "$res/patents"
  printf '{"title":"Patent citations (the paper'"'"'s experiment in shape): %s key patents joined with %s citations on CITED","command":"bloomkit generate patents --patents %s --citations %s --keys %s --datasets citations,keys --parts 4"}\n' \
    "$keys" "$citations" "$patents" "$citations" "$keys" > "$res/patents/dataset.json"
  run_configs patents "$pd/keys" 0 "$pd/citations" 1 ,
fi

for frac in 1 10; do
  [[ -n "$only" && "$only" != "tpch$frac" ]] && continue
  gen_tpch "$frac"
  f=$(awk "BEGIN{print $frac/100}")
  mkdir -p "$res/tpch$frac"
  printf '{"title":"TPC-H SF %s: lineitem joined with about %s%% of orders (o_orderkey)","command":"bloomkit generate tpch --scale %s --table orders --orders-fraction %s; ... --table lineitem --parts 4"}\n' \
    "$scale" "$frac" "$scale" "$f" > "$res/tpch$frac/dataset.json"
  run_configs "tpch$frac" "$orders_dir" 0 "$lineitem_dir" 0 '|'
done

if [[ -z "$only" || "$only" == scale ]]; then
  # where each filter pays: the same false positive target for exact, ACBF and Bloom filters
  sres=target/bench-join-scale
  rm -rf "$sres"
  for n in $scale_keys; do
    sd="$data/scale-keys-$n"
    gen "$sd" patents --patents $((n + n / 4)) --citations 1000 --keys "$n" --datasets keys
    for type in exact acbf bf; do
      dir="$sres/$n/$type"; mkdir -p "$dir"
      size=(--fpp 0.01); [[ $type == exact ]] && size=()
      echo "bench-join: scale $n $type" >&2
      if bk build --input "$sd/keys" --key-field 0 --delimiter , --filter "$type" ${size[@]+"${size[@]}"} \
          --output "$dir/filter.bkf" --json > "$dir/build.json" 2> "$dir/build.err"; then
        bk inspect "$dir/filter.bkf" > "$dir/inspect.json"
      fi
    done
  done
fi

scripts/report-acbf.sh --render-only
