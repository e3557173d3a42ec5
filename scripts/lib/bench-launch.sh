# How the join benchmarks launch the tools, shared by scripts/bench-strategies.sh and
# scripts/calibrate-join.sh: source it after `cd "$repo"` and after scripts/lib/bench-data.sh, with
# the jar built.
#   launch_check MODE       exits 2 unless MODE is direct or script
#   jvm CP CLASS ARGS...    a main class as scripts/bloomkit runs the tools (its JVM flags, logging
#                           and Hadoop classpath, plus CP), without hadoop's RunJar; JVM options
#                           in BENCH_JAVA_OPTS come after the logging's (and override it)
#   baseline ARGS...        the hand-written job (io.bloomkit.bench.HashSetJoin, test code) in local
#                           mode with two map slots, on stock Hadoop's local file system
#   tool MODE TOOL ARGS...  a bloomkit tool in local mode with two map slots, launched as MODE says:
#                           script = through scripts/bloomkit (hadoop's RunJar: what users run),
#                           direct = the jar's driver on the class path (RunJar costs ~1.8 s a run)
launch_check() {
  case "$1" in
    direct|script) ;;
    *) echo "bench: --tool-launch takes direct or script, not \"$1\"" >&2; exit 2 ;;
  esac
}

scripts/bloomkit join --help > /dev/null 2>&1 || true  # resolves target/hadoop-compile.classpath
# scripts/bloomkit's class archive is written by a tool's first run after a build (docs/tools.md,
# "The launcher"): written here by a small join of sample-data, so that no measured run pays for
# writing it and every run maps the same archive, whatever the workloads and their order
prime_dir=$(mktemp -d)
scripts/bloomkit join --left sample-data/keys --left-key 0 --right sample-data/citations --right-key 1 \
  --delimiter , --output "$prime_dir/out" --quiet > /dev/null 2>&1 || true
rm -rf "$prime_dir"

jvm() {
  local cp=$1 cls=$2 opens=()
  shift 2
  read -r -a opens <<<"$(sed -n 's:.*<java17.opens>\(.*\)</java17.opens>.*:\1:p' pom.xml)"
  java ${opens[@]+"${opens[@]}"} "-Dlog4j.configuration=file:$repo/conf/log4j.properties" \
    ${BENCH_JAVA_OPTS:-} -cp "$cp:$(cat target/hadoop-compile.classpath)" "$cls" "$@"
}

tool() {
  local mode=$1
  shift
  if [[ $mode == direct ]]; then
    local t=$1; shift
    jvm "$(ls target/bloomkit-*.jar | grep -v original | head -1)" io.bloomkit.mapreduce.BloomkitDriver \
      "$t" -D mapreduce.local.map.tasks.maximum=2 "$@"
  else
    bk "$@"
  fi
}

# stock Hadoop's local file system, as a hand-written job has (test-classes' core-site.xml names
# the tests' NioLocalFileSystem, which is not on this class path)
baseline() {
  jvm target/test-classes io.bloomkit.bench.HashSetJoin -D mapreduce.local.map.tasks.maximum=2 \
    -D fs.file.impl=org.apache.hadoop.fs.LocalFileSystem "$@"
}
