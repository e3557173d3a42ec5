#!/usr/bin/env bash
# Concurrent-update benchmark (ConcurrentUpdateBench) in alternating rounds, medians printed.
#
# Usage: scripts/bench-concurrent.sh [ROUNDS] [BASE_COMMIT] [JMH options...]
#   ROUNDS       rounds (default 5); each round runs (odd rounds new t1 first, even rounds old t1
#                first, so a load that drifts during the run does not favour one side):
#                  new t1: this tree, -t 1, mode=plain and mode=concurrent
#                  old t1: BASE_COMMIT's main classes (the one-thread path before the concurrent
#                          mode existed) with this tree's benchmark class, -t 1, mode=plain
#                  new t2: this tree, -t 2, mode=concurrent
#   BASE_COMMIT  the "old path" (default e1f66e4, main before the concurrent mode); "none" skips it
#   JMH options  replace the defaults -f 1 -wi 1 -w 1s -i 3 -r 1s
# Output: target/bench-concurrent/r<round>_<variant>.json and a table of medians (ns/op per thread).
# Environment: MVN_FLAGS (default -o, offline), JAVA (default java).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
base="${2:-e1f66e4}"
shift $(( $# > 2 ? 2 : $# ))
opts=("$@")
[ ${#opts[@]} -gt 0 ] || opts=(-f 1 -wi 1 -w 1s -i 3 -r 1s)
JAVA="${JAVA:-java}"
MVN_FLAGS="${MVN_FLAGS:--o}"
out=target/bench-concurrent
rm -rf "$out" && mkdir -p "$out"

mvn -B -q -Dstyle.color=never $MVN_FLAGS test-compile
mvn -B -q -Dstyle.color=never $MVN_FLAGS dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench-cp.txt >/dev/null
deps="$(cat target/bench-cp.txt)"
new="target/test-classes:target/classes:$deps"
if [ "$base" != none ]; then
  tree="$out/base-src"
  mkdir -p "$tree"
  git archive "$base" | tar -x -C "$tree"
  (cd "$tree" && mvn -B -q -Dstyle.color=never $MVN_FLAGS compile)
  old="target/test-classes:$tree/target/classes:$deps"
fi

jmh() { # variant classpath args...
  local v="$1" cp="$2"; shift 2
  "$JAVA" -cp "$cp" org.openjdk.jmh.Main "${opts[@]}" "$@" -rf json -rff "$out/r${r}_$v.json" \
    ConcurrentUpdateBench > "$out/r${r}_$v.log" 2>&1
}
for r in $(seq 1 "$rounds"); do
  echo ">> round $r $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  if [ $((r % 2)) = 1 ] || [ "$base" = none ]; then # odd rounds new first, even rounds old first
    jmh new_t1 "$new" -t 1
    [ "$base" = none ] || jmh old_t1 "$old" -t 1 -p mode=plain
  else
    jmh old_t1 "$old" -t 1 -p mode=plain
    jmh new_t1 "$new" -t 1
  fi
  jmh new_t2 "$new" -t 2 -p mode=concurrent
done
echo ">> done $(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$out" <<'PY'
import collections, glob, json, re, statistics, sys
res = collections.defaultdict(list)
for f in glob.glob(sys.argv[1] + "/r*_*.json"):
    m = re.match(r".*/r(\d+)_(new|old)_t(\d)\.json$", f)
    for b in json.load(open(f)):
        key = (b["benchmark"].split(".")[-1], m.group(2), b["params"]["mode"], m.group(3))
        res[key].append((int(m.group(1)), b["primaryMetric"]["score"]))
print("| benchmark | code | mode | threads | median ns/op per thread | rounds (ns/op) |")
print("|---|---|---|---|---|---|")
for k in sorted(res):
    v = [s for _, s in sorted(res[k])]
    print("| %s | %s | %s | %s | %.1f | %s |" % (*k, statistics.median(v), " ".join("%.1f" % x for x in v)))
PY
