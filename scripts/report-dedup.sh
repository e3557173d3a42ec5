#!/usr/bin/env bash
# Runs dedup and icebergs in local mode on generated click logs and writes docs/results/dedup.md
# with its plots (docs/results/dedup/):
#   1. exact vs counting vs stream: shuffle records/bytes and time, on logs with 10%, 50% and 90%
#      re-sent clicks and on the 50% log with a 24-hour window;
#   2. every stream filter at 1/4 and 1 bit per distinct click, measured (--evaluate) and predicted
#      by `simulate dedup --stream clicks` on the same key sequence (run in-process by the report);
#   3. icebergs (heavy ads by cost, 100,000 ads, 16 splits): exact, counting and lcbf, counting's
#      candidates vs its sketch's bits per ad and rows, lcbf's hit ratio and error rate vs entries
#      per key (m/n) and k, its shipped filter bytes vs shipping every (ad, local total).
#
#   scripts/report-dedup.sh            # 2,000,000-record logs (about 15 minutes on two cores)
#   scripts/report-dedup.sh --quick    # 200,000-record logs, for a look in a few minutes
#
# Raw results (every tool's JSON line, wrapped with its configuration) stay in target/report-dedup/.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

records=2000000
if [[ "${1:-}" == --quick ]]; then
  records=200000
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/report-dedup.sh [--quick]" >&2
  exit 2
fi
slices=2
window=86400          # 24 hours of the log's seconds
ice_parts=16          # map tasks = "nodes" of the icebergs algorithm
ice_threshold=$((records * 46 / 10000))  # about the 100 heaviest of 100,000 Zipf(1) ads by cost

source scripts/lib/report.sh
mvn -B -q -DskipTests package >&2   # the jar must hold this checkout's code
report_compile
bk() {
  local tool=$1; shift
  scripts/bloomkit "$tool" -D mapreduce.local.map.tasks.maximum=2 \
    -D mapreduce.local.reduce.tasks.maximum=2 "$@"
}
data=target/report-dedup-data
res=target/report-dedup
rm -rf "$res"
mkdir -p "$data" "$res"
runs="$res/runs.jsonl"

gen() { # gen NAME ARGS...: a click log, generated once per size and arguments
  local dir="$data/$1-$records-$(echo "$*" | md5sum | cut -c1-8)"; shift
  if [[ ! -f "$dir/.done" ]]; then
    rm -rf "$dir"
    echo "report-dedup: generate clicks --records $records $*" >&2
    bk generate clicks --records "$records" "$@" --out "$dir" --json | tail -1 > "$dir.json"
    touch "$dir/.done"
  fi
  echo "$dir"
}

# record SECTION LOG LABEL JSON-LINE: one line of runs.jsonl
record() {
  printf '{"section":"%s","log":"%s","label":"%s","result":%s}\n' "$1" "$2" "$3" "$4" >> "$runs"
}

# dedup_run SECTION LOG DIR LABEL ARGS...: one dedup run, its output removed afterwards
dedup_run() {
  local section=$1 log=$2 dir=$3 label=$4; shift 4
  local out="$res/out-$log-${label//[:\/]/_}"
  echo "report-dedup: dedup $log $label" >&2
  local json
  json="$(bk dedup --input "$dir" --output "$out" --key-field 1 --time-field 0 --delimiter , \
    --reducers "$slices" "$@" --json | tail -1)"
  record "$section" "$log" "$label" "$json"
  rm -rf "$out"
}

declare -A logs
for share in 10 50 90; do
  logs[$share]="$(gen "dup$share" --duplicate-share "0.$share" --parts 4)"
  printf '{"log":"dup%s","generate":%s}\n' "$share" "$(cat "${logs[$share]}.json")" >> "$res/logs.jsonl"
done

# warm-up (page cache, first jar load)
bk dedup --input "${logs[50]}" --output "$res/warmup" --key-field 1 --time-field 0 --delimiter , \
  --reducers "$slices" > /dev/null
rm -rf "$res/warmup"

# 1. methods: shuffle and time
for share in 10 50 90; do
  dir="${logs[$share]}"
  distinct=$((records - records * share / 100))
  dedup_run methods "dup$share" "$dir" exact --method exact
  dedup_run methods "dup$share" "$dir" counting --method counting --items "$distinct"
  dedup_run methods "dup$share" "$dir" stream-sbf-1 --method stream --filter sbf \
    --memory-bits "$distinct" --slices "$slices"
  dedup_run methods "dup$share" "$dir" stream-sbf-1-local-exact --method stream --filter sbf \
    --memory-bits "$distinct" --slices "$slices" --local-filter exact
done
dir="${logs[50]}"
distinct=$((records / 2))
dedup_run methods dup50-24h "$dir" exact --method exact --window "$window"
dedup_run methods dup50-24h "$dir" counting --method counting --items "$distinct" --window "$window"
for bpk in 1 8; do
  dedup_run methods dup50-24h "$dir" "stream-timer-$bpk" --method stream --filter timer \
    --window "$window" --memory-bits $((distinct * bpk)) --slices "$slices" --evaluate
  dedup_run methods dup50-24h "$dir" "stream-timer-$bpk-ticks600" --method stream --filter timer \
    --window "$window" --memory-bits $((distinct * bpk)) --slices "$slices" --evaluate \
    --timer-resolution 600
done

# 2. stream filters, measured (the report adds the simulations)
for share in 10 50 90; do
  dir="${logs[$share]}"
  distinct=$((records - records * share / 100))
  for f in bf sbf rsbf ibf-2c ibf-mc ibf-h; do
    for q in 4 1; do  # 1/q bits per distinct click
      bits=$((distinct / q))
      dedup_run filters "dup$share" "$dir" "$f:1/$q" --method stream --filter "$f" \
        --memory-bits "$bits" --slices "$slices" --importance-field 4 --evaluate
    done
  done
done

# the map-side leaf's effect on the reducers' SBF (dup50, 1 bit per distinct click), evaluated
dir="${logs[50]}"
distinct=$((records / 2))
for leaf in exact bloom; do
  dedup_run leaf dup50 "$dir" "sbf:1/1+$leaf" --method stream --filter sbf --memory-bits "$distinct" \
    --slices "$slices" --importance-field 4 --evaluate --local-filter "$leaf"
done

# 3. icebergs: heavy ads by cost, on a log of $ice_parts files (one map task each)
ice="$(gen ads --duplicate-share 0.5 --ads 100000 --parts "$ice_parts")"
ice_run() { # ice_run LABEL ARGS...
  local label=$1; shift
  local out="$res/ice-$label"
  echo "report-dedup: icebergs $label" >&2
  local json
  json="$(bk icebergs --input "$ice" --output "$out" --key-field 2 --weight-field 3 \
    --delimiter , --threshold "$ice_threshold" "$@" --json | tail -1)"
  record icebergs ads "$label" "$json"
  rm -rf "$out"
}
ice_run exact --method exact
ice_run counting --method counting --verify --evaluate --items 100000
for bpk in 8 16 32; do  # the sketch of totals: memory per ad and rows
  for k in 1 2 4 8; do
    ice_run "counting-$bpk-$k" --method counting --verify --evaluate --items 100000 \
      --bits-per-key "$bpk" --num-hashes "$k"
  done
done
for mn in 2 5 10 15; do
  for k in 1 2 3 4 5 6; do
    ice_run "lcbf-$mn-$k" --method lcbf --entries-per-key "$mn" --num-hashes "$k" --evaluate
  done
done
ice_run lcbf-10-3-verify --method lcbf --entries-per-key 10 --num-hashes 3 --verify --evaluate

note="$(report_note)
Reproduce: \`scripts/report-dedup.sh\` ($records-record logs; raw JSON in target/report-dedup/)."
report_java io.bloomkit.report.DedupReport "$res" docs/results "$note" "$records" "$ice_threshold"
echo "report-dedup: wrote docs/results/dedup.md" >&2
