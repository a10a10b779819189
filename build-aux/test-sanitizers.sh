#!/bin/sh
# Builds Stepscope with AddressSanitizer and UndefinedBehaviorSanitizer
# (meson's -Db_sanitize=address,undefined) in its own directory,
# ./build-sanitize unless given, and runs the unit tests there.  Any ASan
# or UBSan report, and any leak (LeakSanitizer) but the system libraries'
# in build-aux/lsan.supp, fails the run.
#
# A new directory is built with clang where it is installed (`apt-get
# install clang libclang-rt-14-dev`; .ci/run does), else gcc, whose
# runtimes come with it on Debian 12; one set up before keeps its
# compiler.  clang's UBSan reports more: an offset applied to a
# null pointer, which gcc's let through in every trace without objects
# (tests/data/regress/README.md, step-stats-no-objects.pb).
#
# Left out: the GUI tests under Xvfb (suite gui: GTK, Mesa and
# fontconfig keep memory for the life of the process that LSan reports,
# and they are the slowest), the large corpus (suite corpus: run it in
# the normal build) and the desktop data checks (suite data: validators
# and installing, none of our code).  The viewer's renderer tests (no
# GTK) run.
#
#   build-aux/test-sanitizers.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build-sanitize}

# clang links its sanitizer runtime into executables only, so meson wants
# links that allow undefined symbols there (b_lundef=false).
options="-Db_sanitize=address,undefined -Dgui=false"
if [ -f "$dir/build.ninja" ]; then
  meson setup --reconfigure "$dir" $options
elif command -v clang > /dev/null; then
  CC=clang meson setup "$dir" $options -Db_lundef=false
else
  meson setup "$dir" $options
fi
meson compile -C "$dir"

export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/build-aux/lsan.supp:print_suppressions=0
# GLib 2.74's slice allocator hides a leaked slice from LeakSanitizer in
# its slabs, and now and then shows its per-thread caches as leaks: with
# malloc, a slice is an allocation like any other (tests/fuzz/README.md).
# Then GIO's modules, loaded by the first GFile and kept for the life of
# the process, look leaked; no test needs them (local files are GIO's
# own), so none are loaded.
export G_SLICE=always-malloc
export GIO_MODULE_DIR=/nonexistent/stepscope-no-gio-modules
# Sanitized code runs ~2-3x slower: give every test three times its timeout.
exec meson test -C "$dir" --no-suite gui --no-suite corpus --no-suite data \
  --timeout-multiplier 3 --print-errorlogs
