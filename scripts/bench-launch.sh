#!/usr/bin/env bash
# Whole-process seconds of a bloomkit run by each way of launching it (docs/benchmarks.md, "Launch
# cost"): `scripts/bloomkit demo` and a tiny join (sample-data: 300 keys x 18,000 citations),
#   unjar   hadoop's RunJar unpacking the job jar into a temporary directory first (what
#           scripts/bloomkit did before: HADOOP_CLIENT_SKIP_UNJAR=false)
#   skip    scripts/bloomkit as it is (RunJar without unpacking: HADOOP_CLIENT_SKIP_UNJAR=true)
#   direct  the jar's driver on the class path, no RunJar (scripts/bloomkit's JVM flags)
# Each round runs every variant once, the order rotating by one per round (alternating runs, one
# warm-up round first, not counted); medians over --reps rounds (default 5). The markdown table
# goes to stdout, the seconds of every run to target/bench-launch/.
#   scripts/bench-launch.sh [--reps N] [--only demo|join]
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

reps=5 only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --reps) reps="$2"; shift ;;
    --only) only="$2"; shift ;;
    *) echo "usage: scripts/bench-launch.sh [--reps N] [--only demo|join]" >&2; exit 2 ;;
  esac
  shift
done

res=target/bench-launch
rm -rf "$res"
mkdir -p "$res"
scripts/bloomkit join --help > /dev/null 2>&1 || true  # builds the jar, resolves the class path
jar="$(ls target/bloomkit-*.jar | grep -v original | head -1)"
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"

direct() {
  local opens=()
  read -r -a opens <<<"$(sed -n 's:.*<java17.opens>\(.*\)</java17.opens>.*:\1:p' pom.xml)"
  java ${opens[@]+"${opens[@]}"} "-Dlog4j.configuration=file:$repo/conf/log4j.properties" \
    -Dbloomkit.stderr.terminal=false -cp "$jar:$(cat target/hadoop-compile.classpath)" \
    io.bloomkit.mapreduce.BloomkitDriver "$@"
}

# launch VARIANT TOOL ARGS...
launch() {
  local v=$1; shift
  case "$v" in
    unjar) HADOOP_CLIENT_SKIP_UNJAR=false scripts/bloomkit "$@" ;;
    skip) HADOOP_CLIENT_SKIP_UNJAR=true scripts/bloomkit "$@" ;;
    direct) direct "$@" ;;
  esac
}

VARIANTS=(unjar skip direct)
# run WORKLOAD VARIANT FILE: one run, its seconds appended to FILE
run() {
  local w=$1 v=$2 out="$res/out" t0 t1
  rm -rf "$out"
  local args
  case "$w" in
    demo) args=(demo) ;;
    join) args=(join --left sample-data/keys --left-key 0 --right sample-data/citations
      --right-key 1 --delimiter , --output "$out" --json --quiet) ;;
  esac
  t0=$(date +%s.%N)
  launch "$v" "${args[@]}" > "$res/stdout" 2> "$res/stderr" \
    || { echo "bench-launch: $w $v failed, see $res/stderr" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk "BEGIN{printf \"%.3f\\n\", $t1 - $t0}" >> "$3"
}

median() { sort -n "$1" | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "| workload | variant | median s | runs (s) |"
echo "|---|---|---|---|"
for w in demo join; do
  [[ -n "$only" && "$only" != "$w" ]] && continue
  for v in "${VARIANTS[@]}"; do run "$w" "$v" /dev/null; done  # warm-up round
  n=${#VARIANTS[@]}
  for ((rep = 1; rep <= reps; rep++)); do
    for ((i = 0; i < n; i++)); do
      v=${VARIANTS[(i + rep - 1) % n]}
      run "$w" "$v" "$res/$w-$v.txt"
    done
  done
  for v in "${VARIANTS[@]}"; do
    echo "| $w | $v | $(median "$res/$w-$v.txt") | $(paste -sd' ' "$res/$w-$v.txt") |"
  done
done
echo
echo "load average (1/5/15 min): start $load_start, end $(cut -d' ' -f1-3 /proc/loadavg); nproc $(nproc)"
