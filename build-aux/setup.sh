#!/bin/sh
# Configures (once) and builds Stepscope in ./build.
set -eu
cd "$(dirname "$0")/.."

if [ -f build/build.ninja ]; then
  meson setup --reconfigure build "$@"
else
  meson setup build "$@"
fi
meson compile -C build
