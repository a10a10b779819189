#!/usr/bin/python3
# compare-traces.py: compare the traceEvents of two Chrome trace JSON files
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/compare-traces.py EXPECTED.json ACTUAL.json
#
# Compares event i of one with event i of the other, as parsed JSON (key
# order, whitespace and 1 vs 1.0 do not matter), prints the first
# difference and the number of differing events; exits 1 if any differ.
# Other top-level members (displayTimeUnit, metadata...) are ignored.
# Holds one file's parsed events at a time, the other as compact strings,
# so that million-event traces fit in memory.

import json
import sys


def canonical(event):
  return json.dumps(event, sort_keys=True, separators=(',', ':'),
                    ensure_ascii=False)


def load_events(path):
  with open(path, 'rb') as f:
    doc = json.load(f)
  if isinstance(doc, list):
    return doc
  return doc['traceEvents']


def main():
  if len(sys.argv) != 3:
    sys.exit('usage: compare-traces.py EXPECTED.json ACTUAL.json')
  expected_path, actual_path = sys.argv[1:]
  expected = [canonical(e) for e in load_events(expected_path)]
  actual = load_events(actual_path)

  differ = 0
  first = None
  for i, (want, got) in enumerate(zip(expected, actual)):
    got_text = canonical(got)
    if got_text == want or json.loads(want) == got:
      continue
    differ += 1
    if first is None:
      first = (i, want, got_text)
  if first is not None:
    i, want, got_text = first
    print('first difference at event %d:' % i)
    print('  expected: %s' % want)
    print('  actual:   %s' % got_text)
    w, g = json.loads(want), json.loads(got_text)
    if isinstance(w, dict) and isinstance(g, dict):
      keys = sorted(k for k in set(w) | set(g) if w.get(k) != g.get(k))
      print('  differing keys: %s' % ', '.join(keys))
  if len(expected) != len(actual):
    print('event counts differ: expected %d, actual %d'
          % (len(expected), len(actual)))
    if first is None:
      print('  first extra event (index %d): %s' % (
          min(len(expected), len(actual)),
          expected[len(actual)] if len(expected) > len(actual)
          else canonical(actual[len(expected)])))
  if differ or len(expected) != len(actual):
    print('%d of %d events differ' % (differ, min(len(expected),
                                                   len(actual))))
    return 1
  print('identical: %d events' % len(expected))
  return 0


if __name__ == '__main__':
  sys.exit(main())
