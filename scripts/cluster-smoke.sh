#!/usr/bin/env bash
# scripts/cluster-smoke.sh [--keep]
#
# Runs bloomkit's build and join on a real Hadoop cluster: a MiniHadoopClusterManager process
# (HDFS NameNode + DataNode, YARN ResourceManager + NodeManager, JobHistory server) on loopback,
# started from Maven's test classpath, with jobs submitted exactly as `hadoop jar` submits them
# (org.apache.hadoop.util.RunJar target/bloomkit-*.jar ... -fs hdfs://localhost:NN -jt localhost:RM).
#
#   1. starts the cluster in the background on free ports and waits until HDFS and YARN answer
#   2. uploads sample-data/ to HDFS
#   3. build: an ACBF (16 bits per key) of sample-data/keys on field 0
#   4. join:  keys (field 0) with citations (field 1, CITED) through that filter
#   5. checks that the HDFS output has exactly the rows of a naive local join of sample-data
#      (sorted line for line)
# The cluster is always stopped (trap), and its files live in a temporary directory that is
# removed (kept with --keep). Needs: Java 11+ (17 tested), Maven with the project's dependencies.
# Exit code 0 when the check passes.
set -euo pipefail

keep=0
[[ "${1:-}" == "--keep" ]] && keep=1

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)"
jar="$repo/target/bloomkit-$version.jar"
log() { printf '[smoke %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }

if [[ ! -f "$jar" ]]; then
  log "building $jar"
  mvn -B -q -DskipTests package
fi
cp_file="$repo/target/test.classpath"
if [[ ! -s "$cp_file" || pom.xml -nt "$cp_file" ]]; then
  log "resolving the test classpath (hadoop-minicluster) into $cp_file"
  mvn -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
fi
cp="$(cat "$cp_file")"

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
opens=()
major="$("$java_bin" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)"
if [[ -n "$major" && "$major" -ge 17 ]]; then
  read -r -a opens <<<"$(sed -n 's:.*<java17.opens>\(.*\)</java17.opens>.*:\1:p' pom.xml)"
fi
java_cmd=("$java_bin" ${opens[@]+"${opens[@]}"})

# a free loopback port: the kernel picks one, we release it immediately
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

work="$(mktemp -d "${TMPDIR:-/tmp}/bloomkit-smoke.XXXXXX")"
cluster_pid=""
cleanup() {
  local code=$?
  if [[ -n "$cluster_pid" ]] && kill -0 "$cluster_pid" 2>/dev/null; then
    log "stopping the cluster (pid $cluster_pid)"
    kill "$cluster_pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$cluster_pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$cluster_pid" 2>/dev/null || true
    wait "$cluster_pid" 2>/dev/null || true
  fi
  if [[ $keep -eq 1 ]]; then
    log "kept $work"
  else
    rm -rf "$work"
  fi
  if [[ $code -eq 0 ]]; then log "PASSED"; else log "FAILED (exit $code)"; fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

nn="$(free_port)"
rm_port="$(free_port)"
jhs="$(free_port)"
while [[ "$rm_port" == "$nn" ]]; do rm_port="$(free_port)"; done
while [[ "$jhs" == "$nn" || "$jhs" == "$rm_port" ]]; do jhs="$(free_port)"; done

log "starting MiniHadoopClusterManager: namenode port $nn, resourcemanager port $rm_port, jobhistory port $jhs"
(
  cd "$work"
  exec "${java_cmd[@]}" -Xmx2g -Dtest.build.data="$work/dfs" -Dhadoop.tmp.dir="$work/tmp" \
    -cp "$cp" org.apache.hadoop.mapreduce.MiniHadoopClusterManager \
    -format -nnport "$nn" -rmport "$rm_port" -jhsport "$jhs" -writeConfig "$work/cluster.xml"
) >"$work/cluster.log" 2>&1 &
cluster_pid=$!

deadline=$((SECONDS + 300))
until [[ -s "$work/cluster.xml" ]] && port_open "$nn" && port_open "$rm_port"; do
  if ! kill -0 "$cluster_pid" 2>/dev/null; then
    log "the cluster process died; last lines of its log:"
    tail -30 "$work/cluster.log"
    exit 1
  fi
  if ((SECONDS > deadline)); then
    log "the cluster did not come up in 300 s"
    tail -30 "$work/cluster.log"
    exit 1
  fi
  sleep 2
done
log "cluster up after ${SECONDS}s (config written to cluster.xml)"

# The mini cluster's history server reads job histories below a staging directory of its own
# choosing (a random name, logged at start); the application masters write them below the
# client's staging directory, so the clients use the same one. Without it the job counters, which
# the client reads from the history server once a job is done, are not found.
staging=""
for _ in $(seq 1 30); do
  staging="$(sed -n 's/.*MiniMRYarnCluster.*mkdir: hdfs:\/\/[^/]*\(\/[^ ]*apps_staging_dir\).*/\1/p' \
    "$work/cluster.log" | head -1)"
  [[ -n "$staging" ]] && break
  sleep 1
done
[[ -n "$staging" ]] || { log "no staging directory in the cluster log"; exit 1; }

# -fs and -jt as for any Hadoop tool. With no mapred-site.xml on the client, the framework and the
# history server are named too (a Hadoop install has them in its site files), and
# yarn.is.minicluster makes the client hand its own classpath to the containers (a Hadoop install
# has the MapReduce jars on every node instead).
generic=(-fs "hdfs://localhost:$nn" -jt "localhost:$rm_port"
  -D mapreduce.framework.name=yarn -D "mapreduce.jobhistory.address=localhost:$jhs"
  -D yarn.is.minicluster=true -D "yarn.app.mapreduce.am.staging-dir=$staging")
# The clients' conf directory (like $HADOOP_CONF_DIR): an empty core-site.xml, which FsShell
# (`hdfs dfs`) insists on finding (the file system comes from -fs), and logging to stderr.
mkdir -p "$work/client-conf"
printf '<?xml version="1.0"?>\n<configuration/>\n' >"$work/client-conf/core-site.xml"
cat >"$work/client-conf/log4j.properties" <<'LOG4J'
log4j.rootLogger=INFO,stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=%d{HH:mm:ss} %p %c{1}: %m%n
log4j.logger.org.apache.hadoop.util.NativeCodeLoader=ERROR
LOG4J
fs_shell() {
  "${java_cmd[@]}" -cp "$work/client-conf:$cp" org.apache.hadoop.fs.FsShell "${generic[@]:0:2}" "$@" \
    2>>"$work/client.log"
}
hadoop_jar() {
  "${java_cmd[@]}" -cp "$work/client-conf:$cp" org.apache.hadoop.util.RunJar "$jar" "$@"
}

log "uploading sample-data to hdfs://localhost:$nn/smoke/data"
fs_shell -mkdir -p /smoke
fs_shell -put "$repo/sample-data" /smoke/data
fs_shell -ls -R /smoke/data | grep -v README || true

log "bloomkit build (ACBF, 16 bits per key) on YARN"
hadoop_jar build "${generic[@]}" --input /smoke/data/keys --output /smoke/keys.acbf \
  --key-field 0 --delimiter , --filter acbf --bits-per-key 16 --json 2>"$work/build.log" \
  | tee "$work/build.out" || { tail -40 "$work/build.log"; exit 1; }

log "bloomkit join (inner, keys.CITED) through the filter on YARN"
hadoop_jar join "${generic[@]}" --left /smoke/data/keys --left-key 0 \
  --right /smoke/data/citations --right-key 1 --output /smoke/join --type inner \
  --delimiter , --filter /smoke/keys.acbf --reducers 2 --json 2>"$work/join.log" \
  | tee "$work/join.out" || { tail -40 "$work/join.log"; exit 1; }

# the jobs must have run on the cluster, not in a LocalJobRunner
for step in build join; do
  app="$(grep -o 'Submitted application application_[0-9_]*' "$work/$step.log" | head -3 | awk '{print $3}' | paste -sd, -)"
  if [[ -z "$app" ]] || grep -q 'job_local' "$work/$step.log"; then
    log "$step did not run on YARN"; tail -40 "$work/$step.log"; exit 1
  fi
  log "$step ran on YARN as $app"
done

log "checking the output against a naive local join of sample-data"
fs_shell -ls /smoke/join
fs_shell -cat '/smoke/join/part-*' | LC_ALL=C sort >"$work/actual.txt"
# naive join: every (key line, citation line) pair with key.PATENT == citation.CITED
awk -F, 'NR == FNR { keys[$1] = keys[$1] ? keys[$1] "\n" $0 : $0; next }
         ($2 in keys) { n = split(keys[$2], k, "\n"); for (i = 1; i <= n; i++) print k[i] "\t" $0 }' \
  <(cat "$repo"/sample-data/keys/part-*) <(cat "$repo"/sample-data/citations/part-*) \
  | LC_ALL=C sort >"$work/expected.txt"
actual_n=$(wc -l <"$work/actual.txt")
expected_n=$(wc -l <"$work/expected.txt")
log "output records: $actual_n on HDFS, $expected_n in the local naive join"
if ! cmp -s "$work/actual.txt" "$work/expected.txt"; then
  log "MISMATCH; first differences (< HDFS, > naive):"
  diff "$work/actual.txt" "$work/expected.txt" | head -10
  exit 1
fi
log "the HDFS join output equals the naive join, record for record"
