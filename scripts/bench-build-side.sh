#!/usr/bin/env bash
# The big side named as the left (issue 26, sections 1 and 6): TPC-H lineitem joined with 1% of
# orders on the order key, named both ways, in local mode with two map slots (scripts/lib/bench-data.sh):
#   small-left    join --left orders --right lineitem --type inner|right-semi   (auto)
#   big-left      join --left lineitem --right orders --type inner|left-semi    (auto: may build on the right)
#   big-left-old  the same with --build-side left (what auto did before: always build on the left)
# Each round runs the variants of a type once, the order rotating by one per round (alternating;
# a warm-up round first, not counted). The table gives medians over --reps rounds of the
# whole-process seconds and x small-left's, the map output records (JSON mapOutputRecords) and x
# the ideal (orders records + lineitem records whose key is an order's, counted by awk), the
# output records, and the plan (strategy, build side). Raw JSON in target/bench-build-side/.
#   scripts/bench-build-side.sh [--quick] [--reps N]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
quick=0 reps=3
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1 ;;
    --reps) reps="$2"; shift ;;
    *) echo "usage: scripts/bench-build-side.sh [--quick] [--reps N]" >&2; exit 2 ;;
  esac
  shift
done
# shellcheck source=lib/bench-data.sh
source scripts/lib/bench-data.sh
bench_sizes "$quick"
res=target/bench-build-side
rm -rf "$res"; mkdir -p "$res"
scripts/bloomkit join --help > /dev/null 2>&1 || true  # builds the jar
gen_tpch 1

files() { find "$1" -type f ! -name '.*' ! -name '_*' | sort; }
# shellcheck disable=SC2046  # generated names have no spaces
ideal=$(awk -F'|' 'side == 0 {keys[$1] = 1; left++; next} ($1 in keys) {matched++}
  END {print left + matched}' side=0 $(files "$orders_dir") side=1 $(files "$lineitem_dir"))

# run VARIANT TYPE REP
run() {
  local v=$1 type=$2 rep=$3 dir="$res/$1-$2/$3" args
  rm -rf "$dir"; mkdir -p "$dir"
  case "$v" in
    small-left) args=(--left "$orders_dir" --right "$lineitem_dir" --type "$type") ;;
    big-left) args=(--left "$lineitem_dir" --right "$orders_dir" --type "$type") ;;
    big-left-old) args=(--left "$lineitem_dir" --right "$orders_dir" --type "$type" --build-side left) ;;
  esac
  local t0 t1 code=0
  t0=$(date +%s.%N)
  bk join "${args[@]}" --left-key 0 --right-key 0 --delimiter '|' --output "$dir/out" --json --quiet \
    > "$dir/result.json" 2> "$dir/stderr" || code=$?
  t1=$(date +%s.%N)
  [[ $code == 0 ]] || { echo "bench-build-side: $v $type FAILED ($code), see $dir/stderr" >&2; rm -f "$dir/result.json"; }
  awk "BEGIN{printf \"%.3f\\n\", $t1 - $t0}" > "$dir/seconds"
  rm -rf "$dir/out"
  echo "bench-build-side: $v $type rep $rep: $(cat "$dir/seconds") s" >&2
}

for pair in "inner inner" "right-semi left-semi"; do
  read -r small big <<<"$pair"
  variants=("small-left $small" "big-left $big" "big-left-old $big")
  for v in "${variants[@]}"; do run ${v% *} ${v#* } 0; done  # warm-up
  for ((rep = 1; rep <= reps; rep++)); do
    for ((i = 0; i < 3; i++)); do
      v=${variants[(i + rep - 1) % 3]}
      run ${v% *} ${v#* } "$rep"
    done
  done
done

python3 - "$res" "$ideal" "$reps" <<'PY'
import json, os, statistics, sys
res, ideal, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def runs(name):
    out = []
    for rep in range(1, reps + 1):
        d = os.path.join(res, name, str(rep))
        secs = float(open(os.path.join(d, "seconds")).read())
        p = os.path.join(d, "result.json")
        j = json.loads(open(p).read().strip().splitlines()[-1]) if os.path.exists(p) else None
        out.append((secs, j))
    return out
print("| variant | type | seconds (median) | x small-left | map output records | x ideal | output records | plan |")
print("|---|---|---|---|---|---|---|---|")
for small, big in (("inner", "inner"), ("right-semi", "left-semi")):
    base = statistics.median(s for s, _ in runs("small-left-" + small))
    for v, t in (("small-left", small), ("big-left", big), ("big-left-old", big)):
        rs = runs(v + "-" + t)
        ok = [j for _, j in rs if j]
        med = statistics.median(s for s, _ in rs)
        mor = ok[0]["mapOutputRecords"] if ok else None
        plan = ok[0]["plan"] if ok else {}
        print("| %s | %s | %.2f | %.2f | %s | %s | %s | %s, built on the %s |" % (
            v, t, med, med / base, format(mor, ",") if mor is not None else "-",
            "%.2f" % (mor / ideal) if mor is not None else "-",
            format(ok[0]["outputRecords"], ",") if ok else "-",
            plan.get("strategy"), plan.get("buildSide")))
print()
print("ideal map output records (orders + matching lineitem records): %s; medians of %d rounds" % (format(ideal, ","), reps))
PY
