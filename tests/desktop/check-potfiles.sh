#!/bin/sh
# Fails when a file with strings marked for translation is missing from
# po/POTFILES.in, when POTFILES.in lists a file that does not exist, or
# when a .ui file with translatable strings lacks domain="stepscope".
#
#   check-potfiles.sh SOURCE_ROOT
#
# Marked: _( N_( C_( NC_( Q_( g_dngettext( g_dcgettext( g_dpgettext2(
# ngettext( in C, translatable="yes" in .ui files; data/*.in and the
# GSettings schemas are always translated.
set -eu

root=$1
potfiles="$root/po/POTFILES.in"
status=0

listed=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$potfiles" | sort -u)

for f in $listed; do
  if [ ! -f "$root/$f" ]; then
    echo "po/POTFILES.in lists $f, which does not exist"
    status=1
  fi
done

cd "$root"
marked=$(
  {
    find src -name '*.c' -o -name '*.h' | sort | while read -r f; do
      if grep -Eq '(^|[^A-Za-z0-9_])(_|N_|C_|NC_|Q_|g_dngettext|g_dcgettext|g_dpgettext2|ngettext)[[:space:]]*\(' "$f"; then
        echo "$f"
      fi
    done
    find src -name '*.ui' | sort | while read -r f; do
      if grep -Eq 'translatable="(yes|true|1)"' "$f"; then
        echo "$f"
      fi
    done
    find data -maxdepth 1 \( -name '*.in' -o -name '*.gschema.xml' \) | sort
  } | sort -u
)

for f in $marked; do
  if ! echo "$listed" | grep -Fqx "$f"; then
    echo "$f has strings marked for translation but is not in po/POTFILES.in: add it there"
    status=1
  fi
done

# A .ui file loaded from the GResource translates through the builder's
# domain; without one it would use whatever textdomain() was last set.
for f in $(find src -name '*.ui' | sort); do
  if grep -Eq 'translatable="(yes|true|1)"' "$f" && ! grep -q '<interface domain="stepscope"' "$f"; then
    echo "$f has translatable strings but no <interface domain=\"stepscope\">"
    status=1
  fi
done

if [ "$status" -eq 0 ]; then
  echo "po/POTFILES.in lists all $(echo "$marked" | wc -l) files with translatable strings"
fi
exit "$status"
