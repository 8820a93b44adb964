#!/usr/bin/env bash
# `arcana local`'s work per input line as its channels grow (issue 53): N games, each
# in a channel of its own (challenge, accept, e4, e5: `tools/moves_input.py --channels`),
# typed into one run on a fresh sled store, for each N given; prints the seconds per
# thousand lines. Constant per line means the same figure at every N.
#   tools/local-per-line.sh 1000 5000        (ARCANA_BIN: another build, for a before)
set -euo pipefail
cd "$(dirname "$0")/.."
arcana=${ARCANA_BIN:-$PWD/target/release/arcana}
for n in "${@:-1000 5000}"; do
  work=$(mktemp -d /tmp/arcana-lines.XXXXXX)
  python3 tools/moves_input.py --channels "$n" > "$work/lines.txt"
  lines=$(wc -l < "$work/lines.txt")
  start=$(date +%s.%N)
  "$arcana" local --data "$work/data" --out "$work/out" --no-images < "$work/lines.txt" > /dev/null 2>&1
  end=$(date +%s.%N)
  echo "$n games, $lines lines: $(echo "($end - $start) * 1000 / $lines" | bc -l | cut -c1-6) s per thousand lines"
  rm -rf "$work"
done
