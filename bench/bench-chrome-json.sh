#!/bin/sh
# bench-chrome-json.sh: Chrome JSON loading against Python's json.load
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: bench/bench-chrome-json.sh [BUILD_DIR]   (default: build)
#   RUNS=3 (each measurement; the median is shown, then every run)  SIZES="1000000 10000000"
#   (SIZES="" runs the corpus alone)
#   CORPUS=../shared/corpus  KEEP=1 keeps the generated traces in bench/out/
#
# For each input: the full load by `bench-load` (parse, model, lanes,
# flow binding) beside `/usr/bin/python3 -c 'import json; json.load(open(F))'`,
# on the same uncompressed file.  Both are timed as a user meets them:
# the whole process, from before it starts to after it exits (stp_s,
# py_s), with peak RSS from /usr/bin/time; load_s is the load alone, as
# bench-load times it inside its process.  Prints MB/s, the speed ratio
# and Stepscope's peak RSS as a fraction of the file size.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-"$here/../build"}
runs=${RUNS:-3}
sizes=${SIZES-"1000000 10000000"}
corpus=${CORPUS:-"$here/../../shared/corpus"}
loader="$build/bench/bench-load"
out="$here/out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -x "$loader" ] || { echo "build first: $loader is missing" >&2; exit 1; }
mkdir -p "$out"
export BENCH_QUIET=1

median () { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# Column COL of every line of FILE, on one line.
runs () { awk -v c="$2" '{ printf "%s%.3f", (NR > 1 ? " " : ""), $c }' "$1"; }

# Wall seconds of a command, whole process, and its peak RSS in bytes:
# "seconds peak_rss_bytes"; its output goes to $tmp/out.
timed () {
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$tmp/time" "$@" > "$tmp/out"
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000 )) $(tail -n 1 "$tmp/time")" | awk '{ print $1 / 1e6, $2 * 1024 }'
}

# one run of the loader: "seconds peak_rss_bytes load_seconds"
stp_run () {
  whole=$(timed "$loader" "$1")
  load=$(awk '/seconds=/ { for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "seconds") print kv[2] } }' "$tmp/out")
  echo "$whole $load"
}

# one run of Python: "seconds peak_rss_bytes"
py_run () {
  timed /usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1"
}

# The process's own footprint (code, GLib, the 4 MiB read window), from
# loading a one-event trace: the model's share is the peak above it.
echo '[{"ph":"X","pid":1,"tid":1,"ts":0,"dur":1,"name":"x"}]' > "$tmp/tiny.json"
base=$(stp_run "$tmp/tiny.json" | cut -d' ' -f2)

printf '%-40s %7s %7s %7s %8s %6s %7s %6s %8s %8s %9s %8s\n' input MB stp_s load_s stp_MB/s py_s py_MB/s ratio rss_MB rss/size model/size py_rss_MB
bench_one () {
  label=$1 plain=$2
  bytes=$(stat -c %s "$plain")
  : > "$tmp/stp"; : > "$tmp/py"
  i=0
  while [ $i -lt "$runs" ]; do
    stp_run "$plain" >> "$tmp/stp"
    py_run "$plain" >> "$tmp/py"
    i=$((i + 1))
  done
  st=$(cut -d' ' -f1 "$tmp/stp" | median); sr=$(cut -d' ' -f2 "$tmp/stp" | median)
  sl=$(cut -d' ' -f3 "$tmp/stp" | median)
  pt=$(cut -d' ' -f1 "$tmp/py" | median); pr=$(cut -d' ' -f2 "$tmp/py" | median)
  awk -v l="$label" -v b="$bytes" -v st="$st" -v sl="$sl" -v sr="$sr" -v pt="$pt" -v pr="$pr" -v base="$base" 'BEGIN {
    mb = b / 1e6
    printf "%-40s %7.1f %7.3f %7.3f %8.0f %6.2f %7.0f %6.1f %8.0f %8.2f %9.2f %8.0f\n",
           l, mb, st, sl, mb / st, pt, mb / pt, pt / st, sr / 1e6, sr / b, (sr - base) / b, pr / 1e6 }'
  # Every run, in the order they ran (each Stepscope run before a Python one).
  echo "  runs: stepscope $(runs "$tmp/stp" 1) (load $(runs "$tmp/stp" 3)); python $(runs "$tmp/py" 1)"
}

# Two generators: Kineto-shaped (repeated args) and every event unique
# (args, 10% flows, 6% counters).
for n in $sizes; do
  for gen in chrome unique; do
    case $gen in
      chrome) script=gen-chrome-trace.py; label="generated $n events" ;;
      unique) script=gen-chrome-unique.py; label="unique args $n events" ;;
    esac
    f="$out/$gen-$n.json"
    if [ ! -f "$f" ]; then
      echo "generating $f" >&2
      /usr/bin/python3 "$here/$script" "$n" "$f"
    fi
    bench_one "$label" "$f"
    [ -n "${KEEP:-}" ] || rm -f "$f"
  done
done

# The largest real traces of the corpus, uncompressed for both sides.
if [ -d "$corpus" ]; then
  for f in kineto/tb_plugin/samples/resnet50_num_workers_4/worker0.1623212756351.pt.trace.json.gz \
           kineto/tb_plugin/samples/resnet50_autograd_api_num_workers_0/worker0.pt.trace.json.gz \
           hta/tests/data/trace_diff/control/control.json.gz \
           catapult/tracing/test_data/lthi_cats.json.gz; do
    [ -f "$corpus/$f" ] || continue
    plain="$tmp/$(basename "$f" .gz)"
    gzip -dc "$corpus/$f" > "$plain"
    bench_one "$(basename "$f" .gz)" "$plain"
    rm -f "$plain"
  done
fi
