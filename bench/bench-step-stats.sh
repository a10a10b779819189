#!/bin/bash
# bench-step-stats.sh: Stepscope's StepStats conversion against timeline.py
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/bench-step-stats.sh [N]          (N defaults to 1000000 nodes)
#
# Environment:
#   BUILD=dir      meson build directory (default: build)
#   ROWS="..."     rows to run, any of: default show-memory (default: both)
#   SAVE_INPUT=1   generate the input into bench/out/ and keep it there
#   FORCE=1        run timeline.py even if memory looks too short for it
#   STP_RUNS=n     stepscope-cli runs per row, median reported (default: 3)
#   SHAPE=serving  a CPU serving step instead of a 4-GPU training one
#                  (bench/gen-step-stats.py --shape; input step-stats-serving-N.pb)
#
# Uses bench/out/step-stats[-serving]-N.pb if present, otherwise generates it with
# bench/gen-step-stats.py into a temporary directory.  For each row, times
# TensorFlow's timeline.py (bench/run-timeline-py.py) and
# `stepscope-cli convert` with /usr/bin/time (wall seconds, peak RSS), then
# compares their traceEvents event by event (bench/compare-traces.py).
# Stepscope's time is the median of STP_RUNS runs, its memory the
# largest peak.
# Targets: Stepscope at least 50x faster than timeline.py, peak RSS at
# most 3x the input file.  Exit status: 0 if every step ran and the outputs are
# identical (targets are reported, not enforced), 1 if a step failed or the
# outputs differ, 3 if a timeline.py run was skipped for lack of memory.

set -u

N=${1:-1000000}
case $N in
  ''|*[!0-9]*) echo "usage: $0 [N]" >&2; exit 2 ;;
esac

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
  /*) ;;
  *) BUILD=$top/$BUILD ;;
esac
CLI=$BUILD/src/cli/stepscope-cli
PY=/usr/bin/python3
TIME=/usr/bin/time
ROWS=${ROWS:-default show-memory}
STP_RUNS=${STP_RUNS:-3}
SHAPE=${SHAPE:-training}
case $SHAPE in
  training) name=step-stats-$N ;;
  serving) name=step-stats-serving-$N ;;
  *) echo "SHAPE must be training or serving" >&2; exit 2 ;;
esac
case $STP_RUNS in
  ""|*[!0-9]*|0) echo "STP_RUNS must be a positive number" >&2; exit 2 ;;
esac

# timeline.py's peak RSS per node, measured at 200k nodes; used to skip a
# run that would push the machine into the OOM killer.
py_kb_per_node() {
  case $SHAPE-$1 in
    training-show-memory) echo 20 ;;
    training-*) echo 10 ;;
    serving-show-memory) echo 36 ;;   # measured at 100k nodes
    serving-*) echo 16 ;;
  esac
}

row_flags() {
  case $1 in
    default) echo "" ;;
    show-memory) echo "--show-memory" ;;
    *) echo "unknown row: $1" >&2; return 1 ;;
  esac
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/stepscope-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

status=0
fail() {
  echo "FAILED: $*" >&2
  status=1
}

# --- input ---------------------------------------------------------------

input=$top/bench/out/$name.pb
if [ -f "$input" ]; then
  echo "input: reusing $input"
else
  if [ "${SAVE_INPUT:-0}" = 1 ]; then
    mkdir -p "$top/bench/out"
  else
    input=$tmp/$name.pb
  fi
  echo "input: generating $N nodes into $input"
  if ! $TIME -f '%e %M' -o "$tmp/gen.time" \
      $PY "$top/bench/gen-step-stats.py" --shape "$SHAPE" "$N" "$input"; then
    fail "bench/gen-step-stats.py"
    exit 1
  fi
  read -r s kb < "$tmp/gen.time"
  echo "input: generated in $s s"
fi
input_bytes=$(stat -c %s "$input")
printf 'input: %d nodes, %.1f MB\n' "$N" "$(echo "$input_bytes / 1000000" | bc -l)"

if [ ! -x "$CLI" ]; then
  fail "$CLI is not built (meson compile -C $BUILD)"
fi

# run_timed LABEL COMMAND...: runs COMMAND under /usr/bin/time, output in
# $tmp/LABEL.log, "seconds peak_kb" in $tmp/LABEL.time.  The wall time is
# the whole process's, to the millisecond (/usr/bin/time's %e has 10 ms
# steps, too coarse for a 30 ms conversion).
run_timed() {
  local label=$1 t0 t1 kb
  shift
  t0=$(date +%s%N)
  if ! $TIME -f '%M' -o "$tmp/$label.kb" "$@" > "$tmp/$label.log" 2>&1; then
    fail "$label: $* (see below)"
    tail -n 20 "$tmp/$label.log" >&2
    tail -n 2 "$tmp/$label.kb" >&2
    return 1
  fi
  t1=$(date +%s%N)
  kb=$(tail -n 1 "$tmp/$label.kb")
  printf '%.3f %s\n' "$(echo "($t1 - $t0) / 1000000000" | bc -l)" "$kb" > "$tmp/$label.time"
}

mem_available_kb() {
  awk '/^MemAvailable:/ { print $2 }' /proc/meminfo
}

# --- runs ----------------------------------------------------------------

for row in $ROWS; do
  flags=$(row_flags "$row") || exit 2
  need=$(( N * $(py_kb_per_node "$row") ))
  avail=$(mem_available_kb)
  if [ "${FORCE:-0}" != 1 ] && [ "$need" -gt "$avail" ]; then
    echo "$row: SKIPPING timeline.py: needs ~$((need / 1048576)) GB," \
         "$((avail / 1048576)) GB available (FORCE=1 to run anyway)" >&2
    [ $status = 0 ] && status=3
  else
    echo "$row: timeline.py ..."
    run_timed "py-$row" $PY "$top/bench/run-timeline-py.py" $flags \
      "$input" "$tmp/py-$row.json"
  fi
  if [ -x "$CLI" ]; then
    # Three runs, straight after timeline.py's: the median time and the
    # largest peak RSS are reported (one run can be off by 20% on a VM).
    echo "$row: stepscope-cli convert x$STP_RUNS ..."
    for k in $(seq "$STP_RUNS"); do
      rm -f "$tmp/stp-$row.json"
      run_timed "stp-$row-$k" "$CLI" convert $flags -o "$tmp/stp-$row.json" "$input" || break
    done
    if ls "$tmp"/stp-"$row"-*.time > /dev/null 2>&1; then
      echo "$row: stepscope-cli runs (s):" $(cut -d' ' -f1 "$tmp"/stp-"$row"-*.time)
      sort -n "$tmp"/stp-"$row"-*.time | awk -v n="$STP_RUNS" '
        { s[NR] = $1; if ($2 > kb) kb = $2 }
        END { if (NR == n) print s[int((NR + 1) / 2)], kb }' > "$tmp/stp-$row.time"
      [ -s "$tmp/stp-$row.time" ] || rm -f "$tmp/stp-$row.time"
    fi
  fi
done

# --- report --------------------------------------------------------------

echo
printf 'input: %s, %d nodes, %.1f MB\n' "$(basename "$input")" "$N" \
  "$(echo "$input_bytes / 1000000" | bc -l)"
printf '%-12s %14s %14s %9s %12s %12s %14s\n' row "timeline.py s" \
  "stepscope s" speedup "py RSS MB" "stp RSS MB" "stp RSS/input"
for row in $ROWS; do
  py_s=- py_mb=- stp_s=- stp_mb=- speedup=- ratio=-
  if [ -f "$tmp/py-$row.time" ]; then
    read -r py_s py_kb < "$tmp/py-$row.time"
    py_mb=$(( py_kb / 1024 ))
  fi
  if [ -f "$tmp/stp-$row.time" ]; then
    read -r stp_s stp_kb < "$tmp/stp-$row.time"
    stp_mb=$(( stp_kb / 1024 ))
    ratio=$(printf '%.2fx' "$(echo "$stp_kb * 1024 / $input_bytes" | bc -l)")
    if [ "$py_s" != - ]; then
      speedup=$(printf '%.1fx' "$(echo "$py_s / $stp_s" | bc -l)")
    fi
  fi
  printf '%-12s %14s %14s %9s %12s %12s %14s\n' "$row" "$py_s" "$stp_s" \
    "$speedup" "$py_mb" "$stp_mb" "$ratio"
done
echo "targets: speedup >= 50x, stepscope peak RSS <= 3x the input"
for row in $ROWS; do
  [ -f "$tmp/stp-$row.time" ] || continue
  read -r stp_s stp_kb < "$tmp/stp-$row.time"
  if [ "$(echo "$stp_kb * 1024 > 3 * $input_bytes" | bc)" = 1 ]; then
    echo "  $row: MISSED memory target"
  fi
  if [ -f "$tmp/py-$row.time" ]; then
    read -r py_s py_kb < "$tmp/py-$row.time"
    if [ "$(echo "$py_s < 50 * $stp_s" | bc)" = 1 ]; then
      echo "  $row: MISSED speed target"
    fi
  fi
done

# --- correctness ---------------------------------------------------------

echo
for row in $ROWS; do
  if [ -f "$tmp/py-$row.json" ] && [ -f "$tmp/stp-$row.json" ]; then
    echo "$row: comparing traceEvents (timeline.py vs stepscope-cli)"
    # The trace files can be gigabytes: drop what is no longer needed.
    rm -f "$tmp/py-$row.log" "$tmp/stp-$row.log"
    if ! $PY "$top/bench/compare-traces.py" "$tmp/py-$row.json" \
        "$tmp/stp-$row.json"; then
      fail "$row: outputs differ"
    fi
  fi
  rm -f "$tmp/py-$row.json" "$tmp/stp-$row.json"
done

exit $status
