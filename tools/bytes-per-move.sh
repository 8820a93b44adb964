#!/usr/bin/env bash
# Bytes written at the block device per durable move (issue 53): a store on a loop
# device of its own (ext4), the games created by one `arcana local` run, then 1,000
# moves typed through a second run; the device's written sectors (/sys/block/loopN/stat,
# field 7, 512 bytes each) before and after the second run, each read after `sync`,
# divided by the moves. Needs root (losetup, mount), python-chess for the moves
# (`pip install chess`) and a built `target/release/arcana` (or ARCANA_BIN).
#   tools/bytes-per-move.sh sled
#   tools/bytes-per-move.sh postgres      (the PostgreSQL cluster on the loop device)
#   tools/bytes-per-move.sh floor         (the floor: the smallest durable writes)
# `floor` writes no store: 1,000 appends of 100 bytes to one file, each followed by
# fdatasync, then the same written in place into a file allocated beforehand (its size
# and blocks never change, as a store's preallocated log segment).
set -euo pipefail
cd "$(dirname "$0")/.."
backend=${1:-sled}
moves=${MOVES:-1000}
arcana=${ARCANA_BIN:-$PWD/target/release/arcana}
[ -x "$arcana" ] || [ "$backend" = floor ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "needs root (losetup, mount)" >&2; exit 1; }
work=$(mktemp -d /tmp/arcana-bpm.XXXXXX)
chmod 755 "$work"
dev=""
finish() {
  [ -n "$dev" ] && { umount "$work/mnt" 2>/dev/null || true; losetup -d "$dev" || true; }
  rm -rf "$work"
}
trap finish EXIT INT TERM
truncate -s 2G "$work/disk.img"
dev=$(losetup --find --show "$work/disk.img")
mkfs.ext4 -q -E lazy_itable_init=0,lazy_journal_init=0 "$dev"
mkdir -p "$work/mnt"
mount "$dev" "$work/mnt"
chmod 777 "$work/mnt"
# One durable write of 100 bytes, 1,000 times: appended (`append`) or in place
# (`in-place`, into a file written whole and synced beforehand).
writes() {
  python3 - "$1" "$work/mnt/$1" <<'PY'
import os, sys
mode, path = sys.argv[1], sys.argv[2]
if mode == "in-place":
    fd = os.open(path, os.O_WRONLY)
else:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
for i in range(1000):
    if mode == "in-place":
        os.pwrite(fd, b"x" * 100, i * 100)
    else:
        os.write(fd, b"x" * 100)
    os.fdatasync(fd)
os.close(fd)
PY
}
floor() {
  local mode before after
  dd if=/dev/zero of="$work/mnt/in-place" bs=1M count=1 conv=fsync status=none
  for mode in append in-place; do
    before=$(sectors)
    writes "$mode"
    after=$(sectors)
    echo "100 bytes $mode + fdatasync: $(( (after - before) * 512 / 1000 )) bytes per write at the device"
  done
}
python3 tools/moves_input.py --setup "$moves" > "$work/setup.txt"
python3 tools/moves_input.py --moves "$moves" > "$work/moves.txt"
sectors() { sync; awk '{print $7}' "/sys/block/$(basename "$dev")/stat"; }
measure() {
  local store=$1
  run() { "$arcana" local --store "$store" --out "$work/out" --no-images --seed 1 >/dev/null 2>&1; }
  run < "$work/setup.txt"
  local before after
  before=$(sectors)
  run < "$work/moves.txt"
  after=$(sectors)
  echo "$backend: $(( (after - before) * 512 )) bytes written at the device for $moves moves:" \
       "$(( (after - before) * 512 / moves )) bytes per move"
}
case "$backend" in
  floor) floor ;;
  sled) measure "sled:$work/mnt/data" ;;
  postgres)
    export -f measure sectors
    export work dev backend moves arcana
    TMPDIR="$work/mnt" bash .ci/with-postgres bash -c 'measure "$ARCANA_TEST_POSTGRES"' ;;
  *) echo "usage: $0 sled|postgres|floor" >&2; exit 2 ;;
esac
