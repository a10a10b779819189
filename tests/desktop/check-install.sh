#!/bin/sh
# `meson install` into a temporary DESTDIR gives a working install: the
# files are where the desktop looks for them, the installed stepscope
# starts with the installed schema and keeps running, and test-installed
# (the same app classes) finds the icons, the schema, the desktop file and
# the zh_CN translations under that prefix.  Runs under Xvfb.
#
#   check-install.sh BUILD_ROOT MESON PREFIX BINDIR DATADIR LOCALEDIR APP_ID
#                    GLIB_COMPILE_SCHEMAS TEST_INSTALLED SAMPLE
set -eu

build=$1 meson=$2 prefix=$3 bindir=$4 datadir=$5 localedir=$6 app_id=$7
compile_schemas=$8 test_installed=$9
shift 9
sample=$1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

under_prefix () {
  case "$1" in
    /*) echo "$tmp$1" ;;
    *) echo "$tmp$prefix/$1" ;;
  esac
}

"$meson" install -C "$build" --no-rebuild --quiet --destdir "$tmp" >"$tmp.log" 2>&1 || {
  cat "$tmp.log"; rm -f "$tmp.log"; echo "meson install failed"; exit 1
}
rm -f "$tmp.log"

bin=$(under_prefix "$bindir")
data=$(under_prefix "$datadir")
locale=$(under_prefix "$localedir")

status=0
for f in \
  "$bin/stepscope" \
  "$bin/stepscope-cli" \
  "$data/applications/$app_id.desktop" \
  "$data/metainfo/$app_id.metainfo.xml" \
  "$data/mime/packages/$app_id.xml" \
  "$data/icons/hicolor/scalable/apps/$app_id.svg" \
  "$data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
  "$data/glib-2.0/schemas/$app_id.gschema.xml" \
  "$locale/zh_CN/LC_MESSAGES/stepscope.mo"
do
  if [ ! -s "$f" ]; then
    echo "not installed: ${f#"$tmp"}"
    status=1
  fi
done
[ "$status" -eq 0 ] || exit 1
echo "installed files in place under $prefix"

# What gnome.post_install does when there is no DESTDIR.
"$compile_schemas" --strict "$data/glib-2.0/schemas"

# The installed binary, with only the installed schema: it must start and
# still run after a few seconds (a missing schema aborts at once).
export PATH="$bin:$PATH"
export XDG_DATA_DIRS="$data:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
export GSETTINGS_SCHEMA_DIR="$data/glib-2.0/schemas"
export GSETTINGS_BACKEND=memory
export DBUS_SESSION_BUS_ADDRESS=disabled:
export GDK_BACKEND=x11 GTK_A11Y=none NO_AT_BRIDGE=1
export G_DEBUG=fatal-criticals

set +e
timeout 6 "$bin/stepscope" "$sample" >"$tmp/app.out" 2>"$tmp/app.err"
rc=$?
set -e
if [ "$rc" -ne 124 ]; then
  echo "the installed stepscope exited with status $rc instead of running:"
  cat "$tmp/app.out" "$tmp/app.err"
  exit 1
fi
if grep -E 'CRITICAL|WARNING|[Ss]chema' "$tmp/app.err"; then
  echo "the installed stepscope complained (above)"
  exit 1
fi
echo "the installed stepscope ran for 6 s on $(basename "$sample")"

LANGUAGE=zh_CN LANG=C.UTF-8 LC_ALL= STP_INSTALLED_DATADIR="$data" STP_INSTALLED_LOCALEDIR="$locale" \
  "$test_installed"
