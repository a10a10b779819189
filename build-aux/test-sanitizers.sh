#!/bin/sh
# Builds Stepscope with AddressSanitizer and UndefinedBehaviorSanitizer
# (meson's -Db_sanitize=address,undefined, gcc; the runtimes come with
# gcc on Debian 12) in its own directory, ./build-sanitize unless given,
# and runs the unit tests there.  Any ASan or UBSan report, and any leak
# (LeakSanitizer) but the system libraries' in build-aux/lsan.supp, fails
# the run.
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

if [ -f "$dir/build.ninja" ]; then
  meson setup --reconfigure "$dir" -Db_sanitize=address,undefined -Dgui=false
else
  meson setup "$dir" -Db_sanitize=address,undefined -Dgui=false
fi
meson compile -C "$dir"

export ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/build-aux/lsan.supp:print_suppressions=0
# Sanitized code runs ~2-3x slower: give every test three times its timeout.
exec meson test -C "$dir" --no-suite gui --no-suite corpus --no-suite data \
  --timeout-multiplier 3 --print-errorlogs
