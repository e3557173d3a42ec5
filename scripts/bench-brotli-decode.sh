#!/usr/bin/env bash
# Decode speed of Parquet brotli pages: org.brotli:dec (pure Java, in the job jar) and brotli4j
# (native), against zstd-jni on the zstd pages of the same table; both files written by DuckDB
# (scripts/BrotliDecodeBench.java; docs/tools.md, "Codecs").
# Usage: scripts/bench-brotli-decode.sh [runs] [rows]
set -euo pipefail
cd "$(dirname "$0")/.."
m2="${M2_REPO:-$HOME/.m2/repository}"
b4j="$m2/com/aayushatharva/brotli4j"
cp_file="$(mktemp)"
trap 'rm -f "$cp_file"' EXIT
mvn -B -o -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file"
cp="$(cat "$cp_file"):$b4j/brotli4j/1.18.0/brotli4j-1.18.0.jar:$b4j/service/1.18.0/service-1.18.0.jar"
cp="$cp:$b4j/native-linux-x86_64/1.18.0/native-linux-x86_64-1.18.0.jar"
exec "${JAVA:-java}" -Xmx2g -cp "$cp" scripts/BrotliDecodeBench.java "${1:-7}" "${2:-2000000}"
