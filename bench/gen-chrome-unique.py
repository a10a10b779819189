#!/usr/bin/env python3
# gen-chrome-unique.py: a synthetic Chrome trace whose every event is new
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: gen-chrome-unique.py N_EVENTS OUT.json
#
# The second shape issue 17 asks for, unlike gen-chrome-trace.py's
# repeated Kineto args: X events whose args are unique to each (an id, a
# distinct label, a shape, byte counts), about 10% of the events s/f flow
# pairs between threads and 6% counter samples, on 8 threads of 2
# processes.  Little is shared, so interning and args storage see their
# worst.  Deterministic (fixed seed).

import random
import sys


def main():
    n = int(sys.argv[1])
    rnd = random.Random(17)
    out = open(sys.argv[2], "w", buffering=1 << 22)
    w = out.write
    w('{"traceEvents": [\n')
    for p in (1, 2):
        w('{"name": "process_name", "ph": "M", "pid": %d, "tid": 0, "args": {"name": "worker %d"}},\n' % (p, p))
    clock = {(p, t): 1000.0 * t for p in (1, 2) for t in range(4)}
    written = flow = 0
    while written < n:
        p, t = rnd.choice(list(clock))
        ts = clock[(p, t)] + rnd.randrange(1, 20) + 0.001 * rnd.randrange(1000)
        r = rnd.random()
        if r < 0.05:
            # a flow from this thread to another, later: s and f are 10%
            flow += 1
            q, u = rnd.choice(list(clock))
            w('{"ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "send", "name": "msg %d"},\n'
              % (flow, p, t, ts, flow))
            w('{"ph": "f", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "send", "name": "msg %d", "bp": "e"},\n'
              % (flow, q, u, max(ts, clock[(q, u)]) + 5, flow))
            written += 2
        elif r < 0.11:
            w('{"ph": "C", "name": "counter %d", "pid": %d, "ts": %.3f, "args": {"value %d": %d}},\n'
              % (rnd.randrange(8), p, ts, rnd.randrange(4), rnd.randrange(1 << 40)))
            written += 1
        else:
            dur = rnd.randrange(1, 500) + 0.001 * rnd.randrange(1000)
            w('{"ph": "X", "cat": "op", "name": "op %d", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, '
              '"args": {"id": %d, "label": "step %d/%08x", "shape": [%d, %d, %d], "bytes": %d, "ok": %s}},\n'
              % (rnd.randrange(5000), p, t, ts, dur, written, written // 1000, rnd.getrandbits(32),
                 rnd.randrange(1, 512), rnd.randrange(1, 512), rnd.randrange(1, 64), rnd.getrandbits(36),
                 "true" if rnd.random() < 0.5 else "false"))
            clock[(p, t)] = ts + dur
            written += 1
    w('{"ph": "i", "s": "g", "name": "end", "pid": 1, "tid": 0, "ts": %.3f}\n' % (max(clock.values()) + 1))
    w(']}\n')
    out.close()


if __name__ == "__main__":
    main()
