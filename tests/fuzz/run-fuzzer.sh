#!/bin/sh
# Runs one fuzz target for a while:
#   tests/fuzz/run-fuzzer.sh BUILD_DIR TARGET SECONDS [libFuzzer options...]
# e.g. tests/fuzz/run-fuzzer.sh build-fuzz chrome-json 600
# New inputs go to BUILD_DIR/tests/fuzz/corpus/TARGET (kept between runs),
# crashes to BUILD_DIR/tests/fuzz/artifacts/, the log to .../logs/.
# The seeds come from `meson compile -C BUILD_DIR fuzz-seeds`.
set -eu

if [ $# -lt 3 ]; then
  echo "usage: $0 BUILD_DIR TARGET SECONDS [libFuzzer options...]" >&2
  exit 2
fi
build=$1 target=$2 seconds=$3
shift 3
src=$(cd "$(dirname "$0")" && pwd)
dir=$build/tests/fuzz

mkdir -p "$dir/corpus/$target" "$dir/artifacts" "$dir/logs"
dict=
case $target in
  chrome-json|loader|export) dict=-dict=$src/chrome-json.dict ;;
  pbtext) dict=-dict=$src/pbtext.dict ;;
  step-stats|xspace) dict=-dict=$src/protobuf.dict ;;
esac

# Leaks are findings too; UBSan stops at the first report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
# GLib 2.74's slice allocator keeps a cache per thread (2032 bytes,
# from g_private_set_alloc0()), which LeakSanitizer now and then takes
# for a leak when it checks while one of GLib's pool threads makes its
# own: within a minute with two targets running side by side.  With
# malloc there is no such cache, and a slice that really leaks is
# reported like any other allocation rather than hidden in a slab.
export G_SLICE=${G_SLICE:-always-malloc}
# With malloc, GIO's modules, loaded at the first file a target writes
# and kept for the life of the process, look leaked too.  The targets
# need none of them (local files are GIO's own): as in
# build-aux/test-sanitizers.sh, none are loaded.
export GIO_MODULE_DIR=${GIO_MODULE_DIR:-/nonexistent/stepscope-no-gio-modules}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

log=$dir/logs/$target-$(date +%Y%m%d-%H%M%S).log
echo "fuzz-$target for $seconds s, log in $log"
# shellcheck disable=SC2086
exec "$dir/fuzz-$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$dir/artifacts/$target-" $dict "$@" \
  "$dir/corpus/$target" "$dir/seeds/$target" > "$log" 2>&1
