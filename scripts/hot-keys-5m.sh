#!/usr/bin/env bash
# The right-skew test of issue 14 at its full size: HotKeysIT with 5,000,000 right records of one
# key and 1,000 left records of it (right-semi join, two reducers of a 64 MiB heap, on the shared
# MiniCluster). The IT runs 200,000 in `mvn verify` to keep CI short; this runs the 5M case.
#
#   scripts/hot-keys-5m.sh            # 5,000,000 hot right records
#   scripts/hot-keys-5m.sh N          # N hot right records
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
mkdir -p target
records="${1:-5000000}"
if ! [[ "$records" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/hot-keys-5m.sh [RECORDS]" >&2
  exit 2
fi
BLOOMKIT_HOT_RECORDS="$records" mvn -B -o verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=HotKeysIT 2>&1 | tee target/hot-keys-5m.log | grep -E "HotKeysIT|Tests run|BUILD"
