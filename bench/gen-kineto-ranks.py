#!/usr/bin/env python3
# gen-kineto-ranks.py: synthetic PyTorch/Kineto traces of the ranks of a job
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: gen-kineto-ranks.py N_EVENTS N_RANKS OUT_DIR
#
# Writes OUT_DIR/rank-R.json for R in 0..N_RANKS-1: copies of one trace
# of about N_EVENTS events whose "distributedInfo" names rank R.  The
# trace has 20 ProfilerStep#N slices on the main thread, each holding
# operators (with a child op and a kernel launch) whose kernels run on
# GPU stream 7, all-reduces with NCCL kernels on stream 20 overlapping
# them, memcpys, and ac2g flows from launches to kernels, as Kineto
# writes them.  Deterministic (fixed seed).

import os
import random
import sys

OPS = ["aten::conv2d", "aten::addmm", "aten::add_", "aten::batch_norm", "aten::relu_",
       "aten::linear", "aten::max_pool2d", "aten::copy_", "aten::mul"]
KERNELS = ["volta_sgemm_128x64_nn",
           "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, at::detail::Array<char*, 3> >(int, at::native::AddFunctor<float>, at::detail::Array<char*, 3>)",
           "void at::native::batch_norm_collect_statistics_kernel<at::native::InvWelford, float, float, float, int>(at::GenericPackedTensorAccessor<float, 3, at::RestrictPtrTraits, int>)",
           "void cudnn::detail::implicit_convolve_sgemm<float, float, 1024, 5, 5, 3, 3, 3, 1, true, false, true>(int, int, int, float const*, int, float*, float const*)"]
NCCL = "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"
STEPS = 20


def write_trace(n, out):
    rnd = random.Random(42)
    w = out.write
    pid, gpu, main = 1234, 0, 100
    w('{"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 8},\n'
      '"deviceProperties": [{"id": 0, "name": "Synthetic GPU"}],\n"traceEvents": [\n')
    w('{"name": "process_name", "ph": "M", "pid": %d, "tid": 0, "args": {"name": "python"}},\n' % pid)
    w('{"name": "process_name", "ph": "M", "pid": %d, "tid": 0, "args": {"name": "GPU 0"}},\n' % gpu)
    for s in (7, 20):
        w('{"name": "thread_name", "ph": "M", "pid": %d, "tid": %d, "args": {"name": "stream %d"}},\n' % (gpu, s, s))
    per_step = n // STEPS
    t = 1700000000000000
    stream = {7: t, 20: t}
    ext = flow = 0
    for step in range(STEPS):
        events = []
        step_start = t
        written = 0
        while written < per_step:
            ext += 1
            flow += 1
            op_ts = t + rnd.randrange(1, 10)
            dur = rnd.randrange(20, 300)
            comm = ext % 40 == 0
            memcpy = ext % 97 == 0
            name = "nccl:all_reduce" if comm else "aten::copy_" if memcpy else rnd.choice(OPS)
            sid = 20 if comm else 7
            kernel = NCCL if comm else "Memcpy HtoD (Pinned -> Device)" if memcpy else rnd.choice(KERNELS)
            k = max(op_ts + 2 + rnd.randrange(5, 50), stream[sid] + 1)
            kdur = rnd.randrange(800, 3000) if comm else rnd.randrange(2, 200)
            stream[sid] = k + kdur
            events.append('{"ph": "X", "cat": "cpu_op", "name": "%s", "pid": %d, "tid": %d, "ts": %d, "dur": %d, '
                          '"args": {"External id": %d, "Input Dims": [[32, 64], [64, 64]]}}'
                          % (name, pid, main, op_ts, dur, ext))
            events.append('{"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": %d, "tid": %d, "ts": %d, "dur": 1, '
                          '"args": {"External id": %d}}' % (pid, main, op_ts + 1, ext))
            events.append('{"ph": "X", "cat": "cuda_runtime", "name": "%s", "pid": %d, "tid": %d, "ts": %d, "dur": 4, '
                          '"args": {"External id": %d, "correlation": %d}}'
                          % ("cudaMemcpyAsync" if memcpy else "cudaLaunchKernel", pid, main, op_ts + 2, ext, flow))
            events.append('{"ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %d, "cat": "ac2g", "name": "ac2g"}'
                          % (flow, pid, main, op_ts + 2))
            events.append('{"ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d, "ts": %d, "dur": %d, '
                          '"args": {"device": 0, "stream": %d, "correlation": %d, "External id": %d}}'
                          % ("gpu_memcpy" if memcpy else "kernel", kernel, gpu, sid, k, kdur, sid, flow, ext))
            events.append('{"ph": "f", "id": %d, "pid": %d, "tid": %d, "ts": %d, "cat": "ac2g", "name": "ac2g", "bp": "e"}'
                          % (flow, gpu, sid, k))
            written += 6
            t = op_ts + dur + 1
        t += 10
        w('{"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d", "pid": %d, "tid": %d, "ts": %d, "dur": %d, '
          '"args": {"External id": %d}},\n' % (step, pid, main, step_start, t - step_start, ext))
        w(",\n".join(events))
        w(",\n")
    w('{"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": %d}\n' % (t + 100))
    w('],\n"displayTimeUnit": "ms", "traceName": "synthetic"}\n')


def main():
    n, ranks, out_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    os.makedirs(out_dir, exist_ok=True)
    first = os.path.join(out_dir, "rank-0.json")
    with open(first, "w", buffering=1 << 22) as out:
        write_trace(n, out)
    # The other ranks: the same events, their own rank in the first line.
    for r in range(1, ranks):
        with open(first, "rb") as src, open(os.path.join(out_dir, "rank-%d.json" % r), "wb") as dst:
            dst.write(src.readline().replace(b'"rank": 0,', b'"rank": %d,' % r))
            while True:
                block = src.read(1 << 22)
                if not block:
                    break
                dst.write(block)


if __name__ == "__main__":
    main()
