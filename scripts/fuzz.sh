#!/usr/bin/env bash
# Fuzzes every deserializer with Jazzer (the @FuzzTest methods of the test suite), one target
# after the other, each for a bounded time, and writes what it finds. See docs/fuzzing.md.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS   fuzzing time per target (default 60)
#   TARGET    Class#method, e.g. io.bloomkit.registry.FilterReadersFuzzTest#read (default: all)
# Environment: MVN_FLAGS (default -o, offline), JAVA (default java), FUZZ_HEAP (default -Xmx1g: a
#   claimed size allocated for real fails at once as an OutOfMemoryError finding), FUZZ_TIMEOUT
#   (seconds one input may take before it counts as a hang, default 10).
# Output, under target/fuzz/: corpus/<Class>/<method>/ (inputs the fuzzer kept, reused by the next
#   run), findings/<Class>/<method>/crash-* or timeout-* (the input of each finding), logs/*.log.
#   Exit status 1 if any target found something. A finding becomes a regression input once fixed:
#   copy it to src/test/resources/<package>/<Class>Inputs/<method>/ under a telling name; plain
#   `mvn test` then replays it on every build.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(
    io.bloomkit.registry.FilterReadersFuzzTest#read
    io.bloomkit.registry.FilterReadersFuzzTest#readQueryView
    io.bloomkit.registry.FilterReadersFuzzTest#readShape
    io.bloomkit.registry.StreamFiltersFuzzTest#read
    io.bloomkit.registry.StreamFiltersFuzzTest#readWindow
    io.bloomkit.lcbf.LcbfReadFuzzTest#read
    io.bloomkit.mapreduce.inspect.InspectFuzzTest#inspect
    io.bloomkit.mapreduce.table.TextRowFuzzTest#encode
  )
fi
JAVA=${JAVA:-java}
MVN_FLAGS=${MVN_FLAGS:--o}
FUZZ_HEAP=${FUZZ_HEAP:--Xmx1g}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-10}
out=target/fuzz
mkdir -p "$out/logs"

# shellcheck disable=SC2086
mvn -B -q $MVN_FLAGS test-compile dependency:build-classpath \
  -Dmdep.outputFile="$out/classpath.txt" -Dmdep.includeScope=test >"$out/logs/build.log" 2>&1 \
  || { cat "$out/logs/build.log"; exit 1; }
cp="target/test-classes:target/classes:$(cat "$out/classpath.txt")"
opens=$(sed -n 's:.*<java17.opens>\(.*\)</java17.opens>.*:\1:p' pom.xml)

found=0
for t in "${targets[@]}"; do
  class=${t%#*}
  method=${t#*#}
  corpus="$out/corpus/$class/$method"
  findings="$out/findings/$class/$method"
  inputs="src/test/resources/$(echo "${class%.*}" | tr . /)/${class##*.}Inputs/$method"
  mkdir -p "$corpus" "$findings"
  log="$out/logs/$class.$method.log"
  mark="$out/logs/.$class.$method.start" # findings newer than this mark are this run's
  touch "$mark"
  echo "fuzzing $t for ${seconds}s (log $log)"
  seeds=()
  [ -d "$inputs" ] && seeds=("$inputs")
  # shellcheck disable=SC2086
  if "$JAVA" $FUZZ_HEAP $opens -cp "$cp" com.code_intelligence.jazzer.Jazzer \
      --target_class="$class" --target_method="$method" \
      --instrumentation_includes='io.bloomkit.**' --custom_hook_includes='io.bloomkit.**' \
      -max_total_time="$seconds" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=0 \
      -artifact_prefix="$findings/" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    echo "  no finding: $(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1)"
  else
    found=1
    echo "  FINDING:"
    grep -E '^(== Java Exception|java\.|Caused by|	at io\.bloomkit)' "$log" | head -8 | sed 's/^/    /'
    find "$findings" -type f -newer "$mark" | sed 's/^/    input: /'
  fi
done
exit $found
