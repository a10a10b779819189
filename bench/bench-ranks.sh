#!/bin/sh
# bench-ranks.sh: steps and compare over the ranks of a job
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bench/bench-ranks.sh [N_EVENTS] [N_RANKS]   (default 1000000 8)
#
# Generates N_RANKS copies of an N_EVENTS Kineto-like trace
# (bench/gen-kineto-ranks.py; kept in bench/out/ranks-N/ for the next
# run) and times, with /usr/bin/time (whole process: wall time, CPU time
# user + system, peak RSS), STP_RUNS runs (default 3) of each command,
# printing every run.  Needs bc.  Then the same for the viewer's way
# with several files (bench-load --merge: load each in turn, merge, step
# table), on the generated ranks and on the corpus Kineto trace opened
# 8 times.

set -eu

N=${1:-1000000}
RANKS=${2:-8}
BUILD=${BUILD:-build}
RUNS=${STP_RUNS:-3}
CLI=$BUILD/src/cli/stepscope-cli
DIR=bench/out/ranks-$N
TIME_FILE=$(mktemp)
trap 'rm -f "$TIME_FILE"' EXIT

[ -x "$CLI" ] || { echo "no $CLI: meson compile -C $BUILD first" >&2; exit 1; }

if [ ! -f "$DIR/rank-$((RANKS - 1)).json" ]; then
  echo "generating $RANKS ranks of $N events in $DIR ..."
  rm -rf "$DIR"
  python3 bench/gen-kineto-ranks.py "$N" "$RANKS" "$DIR"
fi

echo "input: $RANKS x $(du -m "$DIR/rank-0.json" | cut -f1) MB ($DIR)"
echo "machine: $(nproc) cores, $(uname -r), load average $(cut -d' ' -f1-3 /proc/loadavg)"

measure () {
  label=$1
  shift
  i=1
  while [ "$i" -le "$RUNS" ]; do
    /usr/bin/time -f '%e %U %S %M' -o "$TIME_FILE" "$@" > /dev/null
    read -r secs user sys kb < "$TIME_FILE"
    printf '%-40s run %d: %6.2f s wall, %6.2f s CPU, peak RSS %4d MB\n' \
      "$label" "$i" "$secs" "$(echo "$user + $sys" | bc)" $((kb / 1024))
    i=$((i + 1))
  done
}

measure "info rank-0 (load one rank)"         "$CLI" info "$DIR/rank-0.json"
measure "steps, $RANKS ranks (folder)"        "$CLI" steps "$DIR"
measure "steps, one input at a time"          env STEPSCOPE_CLI_THREADS=1 "$CLI" steps "$DIR"
measure "steps --json, $RANKS ranks"          "$CLI" steps --json "$DIR"
measure "compare rank-0 rank-1 (by op)"       "$CLI" compare "$DIR/rank-0.json" "$DIR/rank-1.json"
measure "compare --by kernel"                 "$CLI" compare --by kernel "$DIR/rank-0.json" "$DIR/rank-1.json"
measure "compare --steps (per-step medians)"  "$CLI" compare --steps "$DIR/rank-0.json" "$DIR/rank-1.json"
measure "summary --json, $RANKS ranks"        "$CLI" summary --json "$DIR"

# Side by side in the viewer: one rank against all of them merged.
LOAD=$BUILD/bench/bench-load
measure "load one rank (bench-load)"          env BENCH_QUIET=1 "$LOAD" "$DIR/rank-0.json"
measure "load $RANKS ranks, merge, step table" "$LOAD" --merge $(ls "$DIR"/rank-*.json)

KINETO=${KINETO:-../shared/corpus/kineto/tb_plugin/samples/resnet50_num_workers_4/worker0.1623212756351.pt.trace.json.gz}
if [ -f "$KINETO" ]; then
  measure "corpus Kineto trace, once"           env BENCH_QUIET=1 "$LOAD" "$KINETO"
  measure "corpus Kineto trace x$RANKS, merged" "$LOAD" --merge $(i=0; while [ $i -lt "$RANKS" ]; do echo "$KINETO"; i=$((i + 1)); done)
fi
