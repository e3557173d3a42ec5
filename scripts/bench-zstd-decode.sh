#!/usr/bin/env bash
# Decode speed of zstd-jni (native) against aircompressor (pure Java) on the same zstd pages
# (scripts/ZstdDecodeBench.java; docs/tools.md, "Codecs"). Usage: scripts/bench-zstd-decode.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
m2="${M2_REPO:-$HOME/.m2/repository}"
jni="$m2/com/github/luben/zstd-jni/1.5.6-6/zstd-jni-1.5.6-6.jar"
air="$m2/io/airlift/aircompressor/2.0.2/aircompressor-2.0.2.jar"
exec "${JAVA:-java}" -Xmx1g -cp "$jni:$air" scripts/ZstdDecodeBench.java "${1:-7}"
