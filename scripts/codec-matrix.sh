#!/usr/bin/env bash
# Reads one file of every codec, as other writers make them, with `scripts/bloomkit dedup` and
# checks each output strictly (docs/tools.md, "Codecs": the table's read column). The fixtures
# (io.bloomkit.mapreduce.xengine.CodecFixtures, test scope): Parquet by DuckDB (uncompressed,
# snappy, gzip, zstd, lz4_raw, brotli) and by parquet-hadoop (lz4, Hadoop's framing); ORC by its
# writer (none, zlib, snappy, lz4, lzo, zstd); Avro by its DataFileWriter (null, deflate, snappy,
# bzip2, xz, zstandard); 5,000 rows of id, k (503 distinct keys), v each.
#
# Usage: scripts/codec-matrix.sh [--baseline COMMIT] [--out DIR]
#   --baseline COMMIT  also run COMMIT's bloomkit on the same fixtures: this repository cloned into
#                      a temporary directory (removed at exit), COMMIT checked out, its jar built
#   --out DIR          where everything goes (default target/codec-matrix): fixtures/ (the files,
#                      manifest.tsv, expected-keys.txt), runs/ (each run's output directory, stdout
#                      and stderr), results.tsv, table.md
# Each run: `scripts/bloomkit dedup --input FIXTURE --output OUT --key-field k --quiet` of the
# checkout, one at a time, in the caller's environment (hadoop on PATH, HADOOP_USE_CLIENT_CLASSLOADER
# as set). Correct: exit 0, as many output lines as the file has distinct keys, the output's key
# set equal to expected-keys.txt, and every output row a row of the input (k and v follow from id).
# Output: results.tsv (one line per fixture and checkout) and a markdown table on stdout (fixture |
# writer | baseline | this checkout), each cell `exit N: correct R rows`, or `exit N: ` and what
# went wrong (the first line of stderr, shortened), `, stack trace` when one was printed.
# Environment: MVN_FLAGS (default -o, offline; MAVEN_OFFLINE=1 adds -o to any MVN_FLAGS), JAVA
# (default java). Every Maven call gets MVN_FLAGS, scripts/bloomkit's own too (the jar build and
# the Hadoop classpath it resolves; through a `mvn` on PATH that adds them).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

usage() {
  echo "usage: scripts/codec-matrix.sh [--baseline COMMIT] [--out DIR]" >&2
  exit 2
}
baseline=
out=target/codec-matrix
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) [[ $# -ge 2 ]] || usage; baseline="$2"; shift ;;
    --out) [[ $# -ge 2 ]] || usage; out="$2"; shift ;;
    *) usage ;;
  esac
  shift
done

JAVA="${JAVA:-java}"
MVN_FLAGS="${MVN_FLAGS:--o}"
if [[ "${MAVEN_OFFLINE:-}" == 1 && " $MVN_FLAGS " != *" -o "* ]]; then
  MVN_FLAGS="$MVN_FLAGS -o"
fi
started=$(date +%s)

mkdir -p "$out"
out="$(cd "$out" && pwd)"
fixtures="$out/fixtures"
runs="$out/runs"
rm -rf "$fixtures" "$runs" "$out/results.tsv" "$out/table.md"
mkdir -p "$runs"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/codec-matrix.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
# scripts/bloomkit calls plain `mvn` when its jar or Hadoop classpath is stale: this one on PATH
# adds MVN_FLAGS (offline), so each checkout resolves its own classpath its own way
real_mvn="$(command -v mvn)"
mkdir -p "$tmp/bin"
printf '#!/usr/bin/env bash\nexec %q %s "$@"\n' "$real_mvn" "$MVN_FLAGS" >"$tmp/bin/mvn"
chmod +x "$tmp/bin/mvn"
export PATH="$tmp/bin:$PATH"

# the jar as scripts/bloomkit builds it (when missing or older than its sources), then a first run
# that resolves the Hadoop classpath, so no fixture's stderr or time carries either
prepare() { # prepare TREE
  local tree=$1 version jar
  version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$tree/pom.xml" | head -1)"
  jar="$tree/target/bloomkit-$version.jar"
  if [[ ! -f "$jar" || -n "$(find "$tree/src/main" "$tree/sample-data" "$tree/pom.xml" -newer "$jar" -print -quit 2>/dev/null)" ]]; then
    echo ">> building $jar (mvn -B -q $MVN_FLAGS -DskipTests package)" >&2
    (cd "$tree" && mvn -B -q -Dstyle.color=never -DskipTests package) >&2
  fi
  (cd "$tree" && scripts/bloomkit dedup --help) >/dev/null 2>"$runs/prepare-$(basename "$tree").log" </dev/null || {
    echo "codec-matrix: scripts/bloomkit of $tree does not start:" >&2
    cat "$runs/prepare-$(basename "$tree").log" >&2
    exit 1
  }
}

sides=(this)
trees=("$repo")
commits=("$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src pom.xml scripts 2>/dev/null || echo '+changes')")
if [[ -n "$baseline" ]]; then
  hash="$(git rev-parse --verify --quiet "$baseline^{commit}")" || {
    echo "codec-matrix: $baseline is not a commit of this repository" >&2
    exit 2
  }
  echo ">> cloning $repo at $baseline ($hash) into $tmp/baseline" >&2
  git clone --quiet --no-checkout "$repo" "$tmp/baseline"
  git -C "$tmp/baseline" checkout --quiet --detach "$hash"
  sides=(baseline this)
  trees=("$tmp/baseline" "$repo")
  commits=("$(git rev-parse --short "$hash")" "${commits[0]}")
fi

for tree in "${trees[@]}"; do
  prepare "$tree"
done
echo ">> compiling this checkout's test classes (mvn -B -q $MVN_FLAGS test-compile)" >&2
mvn -B -q -Dstyle.color=never test-compile >&2

echo ">> writing the fixtures into $fixtures" >&2
mvn -B -q -Dstyle.color=never dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/codec-matrix.classpath >/dev/null
"$JAVA" -Xmx1g "-Dlog4j.configuration=file:$repo/conf/log4j.properties" \
  -cp "target/test-classes:target/classes:$(cat target/codec-matrix.classpath)" \
  io.bloomkit.mapreduce.xengine.CodecFixtures "$fixtures" >"$runs/fixtures.log" 2>&1 || {
  echo "codec-matrix: CodecFixtures failed:" >&2
  tail -20 "$runs/fixtures.log" >&2
  exit 1
}

# the outcome of one run, one line: "correct N rows" or what is wrong with its output
check() { # check OUTDIR RC DISTINCT
  local o=$1 rc=$2 distinct=$3 lines keys keyset bad
  if [[ ! -d "$o" ]]; then
    echo "no output"
    return
  fi
  lines=$(cat "$o"/part-* 2>/dev/null | wc -l)
  keys=$(cat "$o"/part-* 2>/dev/null | cut -f2 | sort -u | wc -l)
  keyset=different
  if cat "$o"/part-* 2>/dev/null | cut -f2 | sort -u | cmp -s - "$fixtures/expected-keys.txt"; then
    keyset=same
  fi
  # CodecFixtures' table: k = 'key' || (id * 7919 % 503), v = id * 31 % 10007
  bad=$(cat "$o"/part-* 2>/dev/null | awk -F'\t' \
    '!(NF == 3 && $2 == "key" (($1 * 7919) % 503) && $3 == ($1 * 31) % 10007) {n++} END {print n + 0}')
  if [[ $rc -eq 0 && $lines -eq $distinct && $keys -eq $distinct && $keyset == same && $bad -eq 0 ]]; then
    echo "correct $lines rows"
  else
    echo "WRONG: $lines lines, $keys distinct keys (want $distinct), key set $keyset, $bad rows not in the input"
  fi
}

# the first line of stderr that is not scripts/bloomkit's own note, without the job's name and id
# and the fixtures' directory, at most 110 characters, | escaped for the table
first_error() { # first_error STDERR
  grep -vE '^bloomkit: (building|resolving)' "$1" | sed -n '1{p;q}' |
    sed -e 's/job "[^"]*" ([^)]*) failed: /job failed: /' -e "s#file:$fixtures/##g" -e "s#$fixtures/##g" |
    awk '{ if (length($0) > 110) print substr($0, 1, 107) "..."; else print }' | sed 's/|/\\|/g' ||
    true
}

res="$out/results.tsv"
printf 'fixture\tformat\twriter\tstored_codec\tside\tcommit\texit\tseconds\ttrace\tcheck\tstderr1\n' >"$res"
declare -A cell
tail -n +2 "$fixtures/manifest.tsv" >"$tmp/manifest"
while IFS=$'\t' read -r dir format writer stored _ distinct; do
  for i in "${!sides[@]}"; do
    side=${sides[$i]}
    run="$runs/$dir.$side"
    start=$(date +%s%N)
    rc=0
    (cd "${trees[$i]}" && scripts/bloomkit dedup --input "$fixtures/$dir" --output "$run.out" \
      --key-field k --quiet) >"$run.stdout" 2>"$run.stderr" </dev/null || rc=$?
    secs=$(awk -v ns=$(($(date +%s%N) - start)) 'BEGIN {printf "%.1f", ns / 1e9}')
    trace=no
    if grep -qE '^(	at |Exception in thread)' "$run.stderr"; then trace=yes; fi
    if grep -qE '^bloomkit: (building|resolving)' "$run.stderr"; then trace="$trace, rebuilt"; fi
    result="$(check "$run.out" "$rc" "$distinct")"
    err="$(first_error "$run.stderr")"
    if [[ $result == correct* ]]; then
      text="exit $rc: $result"
    elif [[ $rc -ne 0 ]]; then
      text="exit $rc: ${err:-(nothing on stderr)}"
    else
      text="exit $rc: $result"
    fi
    [[ $trace != yes* ]] || text="$text, stack trace"
    cell[$dir.$side]=$text
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$dir" "$format" "$writer" "$stored" \
      "$side" "${commits[$i]}" "$rc" "$secs" "$trace" "$result" "$(sed -n 1p "$run.stderr" | cut -c1-300)" >>"$res"
    echo ">> $dir ($side): $text (${secs} s)" >&2
  done
done <"$tmp/manifest"

{
  if [[ -n "$baseline" ]]; then
    echo "| fixture | writer | baseline ($baseline = ${commits[0]}) | this checkout (${commits[1]}) |"
    echo "|---|---|---|---|"
  else
    echo "| fixture | writer | this checkout (${commits[0]}) |"
    echo "|---|---|---|"
  fi
  while IFS=$'\t' read -r dir format writer stored _; do
    line="| $dir | $writer ($stored) |"
    for side in "${sides[@]}"; do
      line="$line ${cell[$dir.$side]} |"
    done
    echo "$line"
  done <"$tmp/manifest"
} | tee "$out/table.md"
echo ">> $(( $(date +%s) - started )) s; results in $res" >&2
