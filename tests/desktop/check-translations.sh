#!/bin/sh
# Checks every translation in po/LINGUAS against the strings in the
# sources now: the .po compiles with msgfmt --check (format strings,
# header, plural forms), and, merged with a template extracted from the
# files in po/POTFILES.in, has no untranslated and no fuzzy entries.
#
#   check-translations.sh SOURCE_ROOT PACKAGE XGETTEXT MSGMERGE MSGATTRIB MSGFMT [XGETTEXT ARGS...]
#
# The xgettext arguments are po/meson.build's, so the template is the one
# `meson compile -C build stepscope-pot` writes.
set -eu

root=$1 package=$2 xgettext=$3 msgmerge=$4 msgattrib=$5 msgfmt=$6
shift 6

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fix="Run \`meson compile -C build $package-update-po\`, translate the new and fuzzy entries in the .po file (and remove their #, fuzzy lines), then run the tests again."

# The same call as meson's `$package-pot` target.
(cd "$root" && "$xgettext" --package-name="$package" -f po/POTFILES.in -D "$root" -k_ \
  -o "$tmp/$package.pot" "$@") 2>"$tmp/xgettext.err"
# A macro inside _() (G_GINT64_FORMAT) cuts the msgid short: xgettext warns,
# and the string is never translated.  PRId64 and friends are understood.
if [ -s "$tmp/xgettext.err" ]; then
  cat "$tmp/xgettext.err"
  echo "xgettext warned (above): fix the marked strings (for 64-bit integers use PRId64 from <inttypes.h>, which gettext understands, not G_GINT64_FORMAT)."
  exit 1
fi
if ! grep -q '^msgid "..*"' "$tmp/$package.pot"; then
  echo "xgettext found no strings in the files of po/POTFILES.in"
  exit 1
fi
count=$(grep -c '^msgid ' "$tmp/$package.pot")
echo "template: $((count - 1)) strings"

status=0
for lang in $(sed -e 's/#.*//' "$root/po/LINGUAS"); do
  po="$root/po/$lang.po"
  if [ ! -f "$po" ]; then
    echo "po/LINGUAS lists $lang but po/$lang.po does not exist"
    status=1
    continue
  fi

  if ! "$msgfmt" --check --check-accelerators=_ --statistics -o "$tmp/$lang.mo" "$po"; then
    echo "po/$lang.po has errors (msgfmt --check)"
    status=1
    continue
  fi

  "$msgmerge" --quiet --previous -o "$tmp/$lang.po" "$po" "$tmp/$package.pot"
  # "105 translated messages, 2 fuzzy translations, 3 untranslated messages."
  stats=$(LC_ALL=C "$msgfmt" --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
  echo "po/$lang.po against the sources: $stats"
  case "$stats" in
    *fuzzy*|*untranslated*)
      for kind in untranslated only-fuzzy; do
        "$msgattrib" --$kind --no-obsolete --no-wrap "$tmp/$lang.po" |
          awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 1'  # the header first
      done
      echo "po/$lang.po has untranslated or fuzzy entries (above)."
      echo "$fix"
      status=1
      ;;
  esac
done
exit "$status"
