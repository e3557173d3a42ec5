#!/usr/bin/env bash
# Whole-process seconds of a join whose right side is a directory of many three-line files
# (docs/results/join.md, "Many small files"): `join --explain` (planning only) and the join
# itself, with the file: scheme as bloomkit installs it in local mode (nio: permissions through
# java.nio) and as Hadoop's own (hadoop: -D bloomkit.local.fs.nio=false, a forked ls -ld per
# listed file without Hadoop's native library); small files packed into combined splits (nio, the
# default) or a map task per file (split: -D bloomkit.input.combine=false). The left side is 100 keys; file i of the right
# side holds keys i, i+1, i+2 (mod 1,000), so the output is known: every right line whose key is
# below 100 matches once. Alternating runs (the variants' order rotates each round), medians over
# --reps rounds; a run longer than --timeout seconds is stopped and reported as ">T".
#   scripts/bench-small-files.sh [--files N[,N...]] [--reps R] [--timeout S] [--variants nio,hadoop,split]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

files="1000" reps=3 timeout=600 variants="nio,hadoop"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --files) files="$2"; shift ;;
    --reps) reps="$2"; shift ;;
    --timeout) timeout="$2"; shift ;;
    --variants) variants="$2"; shift ;;
    *) echo "usage: scripts/bench-small-files.sh [--files N[,N...]] [--reps R] [--timeout S] [--variants nio,hadoop,split]" >&2; exit 2 ;;
  esac
  shift
done

res=target/bench-small-files
rm -rf "$res"
mkdir -p "$res"
scripts/bloomkit join --help > /dev/null 2>&1 || true  # builds the jar, resolves the class path
seq 0 99 | sed 's/$/,left/' > "$res/left.csv"
IFS=, read -r -a vs <<<"$variants"
IFS=, read -r -a ns <<<"$files"

# one run: prints seconds (or >timeout) and checks the output's line count
run() { # variant n mode
  local v="$1" n="$2" mode="$3" out="$res/out-$v-$n-$mode" d=()
  rm -rf "$out"
  [[ "$v" == hadoop ]] && d=(-D bloomkit.local.fs.nio=false)
  [[ "$v" == split ]] && d=(-D bloomkit.input.combine=false)
  local extra=()
  [[ "$mode" == explain ]] && extra=(--explain)
  local s e rc=0
  s=$(date +%s.%N)
  timeout "$timeout" scripts/bloomkit join ${d[@]+"${d[@]}"} --left "$res/left.csv" --left-key 0 \
    --right "$res/right-$n" --right-key 0 --delimiter , --output "$out" --quiet ${extra[@]+"${extra[@]}"} \
    > "$res/log-$v-$n-$mode" 2>&1 || rc=$?
  e=$(date +%s.%N)
  if [[ $rc -eq 124 ]]; then echo ">$timeout"; return; fi
  if [[ $rc -ne 0 ]]; then echo "failed($rc)"; return; fi
  if [[ "$mode" == join ]]; then
    local got want
    got=$(cat "$out"/part-* 2>/dev/null | wc -l)
    want=$(cat "$res/right-$n"/* | cut -d, -f1 | awk '$1 < 100' | wc -l)
    [[ "$got" == "$want" ]] || { echo "wrong($got/$want)"; return; }
    echo "$(python3 -c "print(round($e-$s,1))")/$(ls "$out" | grep -c '^part-' || true)"
    return
  fi
  python3 -c "print(round($e-$s,1))"
}

load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
for n in "${ns[@]}"; do
  mkdir -p "$res/right-$n"
  for ((i = 0; i < n; i++)); do
    printf '%d,r%d\n%d,r%d\n%d,r%d\n' $((i % 1000)) "$i" $(((i + 1) % 1000)) "$i" $(((i + 2) % 1000)) "$i" \
      > "$res/right-$n/part-$i.csv"
  done
  for ((r = 0; r < reps; r++)); do
    for ((k = 0; k < ${#vs[@]}; k++)); do
      v="${vs[$(((k + r) % ${#vs[@]}))]}"
      for mode in explain join; do
        t="$(run "$v" "$n" "$mode")"
        echo "$n $v $mode $r $t" >> "$res/runs.txt"
        echo "files=$n variant=$v $mode round=$r: $t" >&2
      done
    done
  done
done
load_end="$(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$res/runs.txt" "$load_start" "$load_end" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
parts = {}
for line in open(sys.argv[1]):
    n, v, mode, r, t = line.split()
    secs, _, p = t.partition("/")
    if p:
        parts[(n, v)] = p
    runs[(int(n), v, mode)].append(secs)
def med(xs):
    nums = [float(x) for x in xs if x.replace(".", "", 1).isdigit()]
    if len(nums) < len(xs):
        return xs[0] if not nums else "%s (%d of %d runs failed or timed out)" % (statistics.median(nums), len(xs) - len(nums), len(xs))
    return "%.1f" % statistics.median(nums)
print("| files | variant | `--explain` s | join s | part files |")
print("|---|---|---|---|---|")
for (n, v, mode) in sorted(k for k in runs if k[2] == "join"):
    print("| %s | %s | %s | %s | %s |" % (format(n, ","), v, med(runs[(n, v, "explain")]), med(runs[(n, v, "join")]), parts.get((str(n), v), "-")))
print()
print("load average %s at the start, %s at the end; medians of %d rounds" % (sys.argv[2], sys.argv[3], max(len(x) for x in runs.values())))
PY
