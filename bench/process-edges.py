#!/usr/bin/env python3
# process-edges.py: what a command spends outside its own debug marks
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   bench/process-edges.py [-n RUNS] COMMAND...
#
# Runs COMMAND with G_MESSAGES_DEBUG=all and compares the times GLib
# prints on its debug messages with the parent's clock: from the
# process's start to its first message (loading, GLib and GIO, options,
# opening the input) and from its last message to its exit (closing,
# freeing).  If COMMAND has "-o FILE", FILE is removed before each run,
# as the StepStats bench does.  Prints one line a run.

import datetime
import os
import re
import subprocess
import sys
import time

MARK = re.compile(r'DEBUG: (\d\d:\d\d:\d\d\.\d+): (.*)')


def marks(text):
    day = datetime.date.today().isoformat()
    for line in text.splitlines():
        m = MARK.search(line)
        if m:
            when = datetime.datetime.fromisoformat(day + 'T' + m.group(1)).timestamp()
            yield when, m.group(2).split(' in ')[0]


def main(argv):
    runs = 5
    if len(argv) > 2 and argv[0] == '-n':
        runs = int(argv[1])
        argv = argv[2:]
    if not argv:
        sys.exit('usage: process-edges.py [-n RUNS] COMMAND...')
    out = argv[argv.index('-o') + 1] if '-o' in argv else None
    env = dict(os.environ, G_MESSAGES_DEBUG='all')
    for _ in range(runs):
        if out and os.path.exists(out):
            os.unlink(out)
        start = time.time()
        done = subprocess.run(argv, env=env, capture_output=True, text=True)
        end = time.time()
        found = list(marks(done.stdout + done.stderr))
        if done.returncode != 0 or not found:
            sys.exit('%s: exit %d, %d debug messages' % (argv[0], done.returncode, len(found)))
        print('start to first mark %.0f ms, last mark to exit %.0f ms, whole %.0f ms'
              % ((found[0][0] - start) * 1000, (end - found[-1][0]) * 1000, (end - start) * 1000))


if __name__ == '__main__':
    main(sys.argv[1:])
