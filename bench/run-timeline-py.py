#!/usr/bin/python3
# run-timeline-py.py: convert a StepStats with TensorFlow's timeline.py
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/run-timeline-py.py [--show-memory] [--no-dataflow]
#                            [--op-time=schedule|gpu|all]
#                            [--format=run_metadata|step_stats] INPUT OUT.json
#
# The reference side of bench/bench-step-stats.sh: the same options as
# `stepscope-cli convert`.  Parses INPUT with the Python protobuf bindings,
# runs Timeline(step_stats).generate_chrome_trace_format(...) from the seed
# (see tests/tools/timeline_ref.py) and writes the JSON it returns.

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'tests', 'tools'))
sys.dont_write_bytecode = True
import timeline_ref  # noqa: E402


def main():
  ap = argparse.ArgumentParser(
      description="Converts a StepStats with TensorFlow's timeline.py.")
  ap.add_argument('--show-memory', action='store_true')
  ap.add_argument('--no-dataflow', action='store_true')
  ap.add_argument('--op-time', default='schedule',
                  choices=('schedule', 'gpu', 'all'))
  ap.add_argument('--format', default='run_metadata',
                  choices=('run_metadata', 'step_stats', 'run_metadata_text',
                           'step_stats_text'))
  ap.add_argument('input')
  ap.add_argument('output')
  args = ap.parse_args()

  timeline, _ = timeline_ref.load()
  with open(args.input, 'rb') as f:
    data = f.read()
  step_stats = timeline_ref.parse_step_stats(data, args.format)
  del data
  text = timeline.Timeline(step_stats).generate_chrome_trace_format(
      show_dataflow=not args.no_dataflow, show_memory=args.show_memory,
      op_time=args.op_time)
  with open(args.output, 'w') as f:
    f.write(text)


if __name__ == '__main__':
  main()
