# Shared by the report scripts: source it after `cd "$repo"`.
#   report_compile          compile main and test classes
#   report_note             "Measured on ..." (machine, JDK, date, commit) for the report header
#   report_java CLASS ARGS  run a test-scope main (report generators) on the test classpath

report_compile() {
  mvn -B -q test-compile >&2
}

report_classpath() {
  local cp_file=target/test.classpath
  if [[ ! -s "$cp_file" || pom.xml -nt "$cp_file" ]]; then
    mvn -B -q dependency:build-classpath -DincludeScope=test -Dmdep.outputFile="$cp_file" >&2
  fi
  echo "target/test-classes:target/classes:$(cat "$cp_file")"
}

report_note() {
  local cpu
  cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "Measured on $(nproc) cores (${cpu:-unknown CPU}), $(free -g | awk '/Mem:/{print $2}') GiB, $(java -version 2>&1 | head -1), $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- src 2>/dev/null || echo '+changes')."
}

report_java() {
  local cls=$1; shift
  java -Xmx2g -cp "$(report_classpath)" "$cls" "$@"
}
