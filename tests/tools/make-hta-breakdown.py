#!/usr/bin/env python3
# make-hta-breakdown.py: the expected GPU time breakdown of Kineto traces,
# computed as Holistic Trace Analysis computes it, without pandas.
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Follows, step for step, hta/analyzers/breakdown_analysis.py
# (get_temporal_breakdown, _get_idle_time_for_kernels,
# _get_gpu_kernel_type_time with memory kernels included),
# hta/analyzers/communication_analysis.py (get_comm_comp_overlap),
# hta/utils/utils.py (merge_kernel_intervals, get_kernel_type) and the
# patterns of hta/common/types.py, at HolisticTraceAnalysis f4d0062.
# Kernels are HTA's "stream != -1" events: those with args.stream.
#
# Usage: tests/tools/make-hta-breakdown.py TRACE.json.gz... > tests/data/steps/hta-breakdown.json

import gzip
import json
import os
import re
import sys

COMM = re.compile(r"(^nccl.*)|(^hip)|(^hccl)|(.*ncclKernel.*)")
MEMORY = re.compile(r"(^(hip)?Memcpy)|(^(hip)?Memset)|(^dma)")
NOT_COMPUTE = re.compile(
    r"(^nccl)|(.*Memcpy)|(.*Memset)|(.*dma)|(^.*Sync)|(^Stream Wait Event)|(cuda.*LaunchKernel)"
    r"|(^runFunction)|(^hip)|(^job_exe)|(^packet)|(^pe_exe)|(^cpum_exe_subgraph)|(^hccl)"
    r"|(^collective_subgraph_execution)")
TYPES = ["COMPUTATION", "COMMUNICATION", "MEMORY"]


def kernel_type(name):
    if COMM.match(name):
        return "COMMUNICATION"
    if MEMORY.match(name):
        return "MEMORY"
    if not NOT_COMPUTE.match(name):
        return "COMPUTATION"
    return "OTHER"


def merge(intervals):
    """merge_kernel_intervals: a new group starts when ts > the running max end."""
    merged = []
    for ts, end in sorted(intervals):
        if merged and not ts > merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([ts, end])
    return merged


def breakdown(path):
    with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
        trace = json.load(f)
    kernels = [(e["ts"], e["ts"] + e.get("dur", 0), e["name"])
               for e in trace["traceEvents"]
               if e.get("ph") == "X" and "stream" in (e.get("args") or {})]

    everything = merge([(ts, end) for ts, end, _ in kernels])
    kernel_time = everything[-1][1] - everything[0][0]
    idle = kernel_time - sum(end - ts for ts, end in everything)

    by_type = {t: merge([(ts, end) for ts, end, n in kernels if kernel_type(n) == t]) for t in TYPES}
    compute = sum(end - ts for ts, end in by_type["COMPUTATION"])
    non_compute = kernel_time - compute - idle

    # _get_gpu_kernel_type_time: +bit at a merged start, -bit at its end.
    edges = []
    for i, t in enumerate(TYPES):
        for ts, end in by_type[t]:
            edges.append((ts, 1 << i))
            edges.append((end, -(1 << i)))
    edges.sort(key=lambda e: e[0])
    running = 0
    type_time = {}
    for i, (time, status) in enumerate(edges):
        running += status
        if running > 0 and i + 1 < len(edges):
            name = " overlapping ".join(t for j, t in enumerate(TYPES) if running & (1 << j))
            type_time[name] = type_time.get(name, 0) + edges[i + 1][0] - time

    comm = sum(end - ts for ts, end in by_type["COMMUNICATION"])
    overlap = 0
    status_edges = sorted([(ts, 1) for ts, _ in by_type["COMMUNICATION"]] +
                          [(end, -1) for _, end in by_type["COMMUNICATION"]] +
                          [(ts, 2) for ts, _ in by_type["COMPUTATION"]] +
                          [(end, -2) for _, end in by_type["COMPUTATION"]], key=lambda e: e[0])
    running = 0
    for i, (time, status) in enumerate(status_edges):
        running += status
        if running == 3 and i + 1 < len(status_edges):
            overlap += status_edges[i + 1][0] - time

    return {
        "file": os.path.basename(path),
        "rank": trace.get("distributedInfo", {}).get("rank"),
        "kernels": len(kernels),
        "idle_time_us": idle,
        "compute_time_us": compute,
        "non_compute_time_us": non_compute,
        "kernel_time_us": kernel_time,
        "idle_time_pctg": round(100 * idle / kernel_time, 2),
        "compute_time_pctg": round(100 * compute / kernel_time, 2),
        "non_compute_time_pctg": round(100 * non_compute / kernel_time, 2),
        "comp_comm_overlap_pctg": round(100 * overlap / comm, 2) if comm else None,
        "kernel_type_us": type_time,
    }


print(json.dumps([breakdown(p) for p in sys.argv[1:]], indent=1, sort_keys=True))
