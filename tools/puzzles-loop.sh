#!/bin/bash
# Grows the puzzle starter set (docs/puzzles.md): one self-play game a run, each run
# cut at 900 s (what it confirmed by then is kept), seeds from START on, the variants
# in turn; a variant is skipped once DIR/done-VARIANT exists, and the loop stops when
# DIR/stop does. Each run's figures go to DIR/NAME.log.
#   usage: LEVELS=1-1 DIR=/var/tmp/pz tools/puzzles-loop.sh NAME START VARIANT...
name=$1; seed=$2; shift 2
dir=${DIR:-/var/tmp/pz}
arcana=${ARCANA:-target/release/arcana}
mkdir -p "$dir"
while true; do
  any=0
  for v in "$@"; do
    [ -e "$dir/stop" ] && exit 0
    [ -e "$dir/done-$v" ] && continue
    any=1
    echo "$(date +%T) $v $seed" >> "$dir/$name.log"
    timeout 900 "$arcana" puzzles generate --variant "$v" --self-play 1 --seed "$seed" \
      --levels "${LEVELS:-1-3}" --out "$dir/$v-$name.csv" >> "$dir/$name.log" 2>&1
    echo "$(date +%T) rc $?" >> "$dir/$name.log"
  done
  [ $any = 0 ] && exit 0
  seed=$((seed+1))
done
