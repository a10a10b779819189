#!/usr/bin/env python3
# gen-chrome-trace.py: a synthetic Chrome trace shaped like PyTorch/Kineto
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: gen-chrome-trace.py N_EVENTS OUT.json
#
# Mostly X events with Kineto-like args (call stacks, input dims), on CPU
# threads (nested operators) and GPU streams (string tids, kernels), with
# a share of B/E pairs, s/f flows (bp "e") from launches to kernels,
# counters, thread instants and M metadata.  Deterministic (fixed seed).

import random
import sys

OPS = ["aten::conv2d", "aten::convolution", "aten::_convolution", "aten::cudnn_convolution",
       "aten::add_", "aten::batch_norm", "aten::relu_", "aten::empty", "aten::linear",
       "aten::addmm", "aten::max_pool2d", "aten::view", "aten::copy_", "aten::mul"]
KERNELS = ["void cudnn::detail::implicit_convolve_sgemm<float, float, 1024, 5, 5, 3, 3, 3, 1, true, false, true>(int, int, int, float const*, int, float*, float const*, kernel_conv_params, unsigned long long, int, float, float, int, float const*, float const*, bool, int, int)",
           "volta_sgemm_128x64_nn", "void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<float>, at::detail::Array<char*, 3> >(int, at::native::AddFunctor<float>, at::detail::Array<char*, 3>)",
           "void at::native::batch_norm_collect_statistics_kernel<at::native::InvWelford, float, float, float, int>(at::GenericPackedTensorAccessor<float, 3, at::RestrictPtrTraits, int>)"]
STACK = ";".join("/usr/lib/python3/site-packages/torch/nn/modules/module.py(%d): _call_impl" % (1000 + i) for i in range(6))


def main():
    n = int(sys.argv[1])
    rnd = random.Random(42)
    out = open(sys.argv[2], "w", buffering=1 << 22)
    w = out.write
    w('{"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "Synthetic GPU"}],\n"traceEvents": [\n')
    pid, gpu = 1234, 0
    w('{"name": "process_name", "ph": "M", "pid": %d, "tid": 0, "args": {"name": "python"}},\n' % pid)
    w('{"name": "process_name", "ph": "M", "pid": %d, "tid": 0, "args": {"name": "GPU 0"}},\n' % gpu)
    w('{"name": "process_sort_index", "ph": "M", "pid": %d, "tid": 0, "args": {"sort_index": 5000000}},\n' % gpu)
    for t in range(4):
        w('{"name": "thread_name", "ph": "M", "pid": %d, "tid": %d, "args": {"name": "thread %d"}},\n' % (pid, 100 + t, t))
    for s in (7, 20):
        w('{"name": "thread_name", "ph": "M", "pid": %d, "tid": "stream %d", "args": {"name": "stream %d"}},\n' % (gpu, s, s))
    # Each CPU thread runs operators one after the other (each holding a
    # child op and a kernel launch, properly nested); each GPU stream runs
    # its kernels one after the other, a little after their launches.
    cpu = {100 + t: 1700000000000000.0 + t for t in range(4)}
    stream = {7: 0.0, 20: 0.0}
    ext = 0
    flow = 0
    written = 0
    while written < n:
        tid = 100 + rnd.randrange(4)
        ts = cpu[tid] + rnd.randrange(1, 10) + 0.125 * rnd.randrange(8)
        r = rnd.random()
        ext += 1
        if r < 0.06:
            # a B/E pair with a nested X
            w('{"ph": "B", "cat": "user_annotation", "name": "ProfilerStep#%d", "pid": %d, "tid": %d, "ts": %.3f, "args": {"External id": %d}},\n'
              % (ext, pid, tid, ts, ext))
            w('{"ph": "X", "cat": "cpu_op", "name": "aten::zeros", "pid": %d, "tid": %d, "ts": %.3f, "dur": 3.5, "args": {"External id": %d, "Sequence number": %d}},\n'
              % (pid, tid, ts + 1, ext, ext))
            w('{"ph": "E", "pid": %d, "tid": %d, "ts": %.3f},\n' % (pid, tid, ts + 8))
            cpu[tid] = ts + 8
            written += 3
        elif r < 0.10:
            w('{"ph": "C", "name": "GPU Memory", "pid": %d, "tid": 0, "ts": %.3f, "args": {"allocated": %d, "reserved": %d}},\n'
              % (gpu, ts, rnd.randrange(1 << 30), 1 << 31))
            written += 1
        elif r < 0.12:
            w('{"ph": "i", "s": "t", "name": "Iteration Start: PyTorch Profiler", "pid": %d, "tid": %d, "ts": %.3f},\n'
              % (pid, tid, ts))
            written += 1
        else:
            # an operator with a child op and a launch, and its kernel on the GPU
            op = rnd.choice(OPS)
            dur = rnd.randrange(20, 300)
            w('{"ph": "X", "cat": "cpu_op", "name": "%s", "pid": %d, "tid": %d, "ts": %.3f, "dur": %d.%03d, '
              '"args": {"External id": %d, "Sequence number": %d, "Fwd thread id": 0, "Record function id": 0, '
              '"Input Dims": [[32, 64, 56, 56], [64, 64, 3, 3], [], [], []], "Input type": ["float", "float", "", "", ""], '
              '"Call stack": "%s"}},\n'
              % (op, pid, tid, ts, dur, rnd.randrange(1000), ext, ext, STACK))
            w('{"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": %d, "tid": %d, "ts": %.3f, "dur": 1.5, '
              '"args": {"External id": %d, "Sequence number": %d, "Input Dims": [[], [], [], [], [], []]}},\n'
              % (pid, tid, ts + 0.5, ext, ext))
            flow += 1
            w('{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": %d, "tid": %d, "ts": %.3f, "dur": 4.25, '
              '"args": {"External id": %d, "cbid": 211, "correlation": %d}},\n' % (pid, tid, ts + 2, ext, flow))
            w('{"ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g"},\n'
              % (flow, pid, tid, ts + 2))
            sid = rnd.choice((7, 20))
            k = max(ts + 2 + rnd.randrange(5, 50), stream[sid] + 1)
            kdur = rnd.randrange(2, 200)
            stream[sid] = k + kdur
            w('{"ph": "X", "cat": "kernel", "name": "%s", "pid": %d, "tid": "stream %d", "ts": %.3f, "dur": %d, '
              '"args": {"queued": 0, "device": 0, "context": 1, "stream": %d, "correlation": %d, "registers per thread": 72, '
              '"shared memory": 0, "blocks per SM": 0.1, "warps per SM": 0.4, "grid": [1, 1, 1], "block": [256, 1, 1], '
              '"est. achieved occupancy %%": 0, "External id": %d}},\n'
              % (rnd.choice(KERNELS), gpu, sid, k, kdur, sid, flow, ext))
            w('{"ph": "f", "id": %d, "pid": %d, "tid": "stream %d", "ts": %.3f, "cat": "ac2g", "name": "ac2g", "bp": "e"},\n'
              % (flow, gpu, sid, k))
            cpu[tid] = ts + dur + 1
            written += 6
        ts = max(cpu.values())
    w('{"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": %.3f}\n' % (ts + 100))
    w('],\n"displayTimeUnit": "ms", "traceName": "synthetic"}\n')
    out.close()


if __name__ == "__main__":
    main()
