#!/usr/bin/env python3
"""Writes a small torch.profiler-shaped (Kineto Chrome-trace) JSON for simtrain's tests.

Not a measurement: a synthetic step with known kernel times per kind, so that
`simtrain compare --profile` must recover them and `simtrain calibrate --profile` must fit
them. Usage: make_trace.py OUT.json GEMM_MS ATTENTION_MS OTHER_MS NCCL_MS IDLE_MS [STEPS]
Each step: kernels of every kind in slices of 40 (GEMMs, attention, other alternating), one
NCCL kernel overlapping the second half of the step's GEMMs, then IDLE_MS without kernels;
ProfilerStep#N as gpu_user_annotation ranges and as CPU user_annotation ranges, kernels
launched from cudaLaunchKernel events with matching correlation ids.
"""
import json
import sys


def main():
    out = sys.argv[1]
    gemm, att, other, nccl, idle = (float(x) * 1000 for x in sys.argv[2:7])  # us
    steps = int(sys.argv[7]) if len(sys.argv) > 7 else 3
    ev = [{"ph": "M", "name": "process_name", "pid": 0, "args": {"name": "GPU 0"}}]
    t = 1000.0
    corr = 1
    slices = 40
    for s in range(steps):
        start = t
        cpu = t - 500.0
        nccl_start = None
        for i in range(slices):
            for kind, total, name in (("gemm", gemm, "ampere_fp16_s16816gemm_fp16_256x128_ldg8_f2f_stages_64x3_tn"),
                                      ("att", att, "fmha_cutlassF_f16_aligned_64x64_rf_sm80"),
                                      ("other", other, "void at::native::vectorized_elementwise_kernel<4>")):
                d = total / slices
                if d <= 0:
                    continue
                if kind == "gemm" and i == slices // 2 and nccl > 0:
                    nccl_start = t
                ev.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 1,
                           "ts": round(cpu, 3), "dur": 4, "args": {"correlation": corr}})
                ev.append({"ph": "X", "cat": "kernel", "name": name, "pid": 0, "tid": 7, "ts": round(t, 3),
                           "dur": round(d, 3), "args": {"device": 0, "stream": 7, "correlation": corr}})
                corr += 1
                cpu += 5.0
                t += d
        if nccl_start is not None:
            ev.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 1,
                       "ts": round(cpu, 3), "dur": 4, "args": {"correlation": corr}})
            ev.append({"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_half", "pid": 0,
                       "tid": 20, "ts": round(nccl_start, 3), "dur": round(nccl, 3),
                       "args": {"device": 0, "stream": 20, "correlation": corr}})
            corr += 1
            t = max(t, nccl_start + nccl)
        t += idle
        ev.append({"ph": "X", "cat": "gpu_user_annotation", "name": "ProfilerStep#%d" % s, "pid": 0, "tid": 7,
                   "ts": round(start, 3), "dur": round(t - start, 3), "args": {"device": 0}})
        ev.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % s, "pid": 100, "tid": 1,
                   "ts": round(start - 500.0, 3), "dur": round(t - start, 3)})
    json.dump({"schemaVersion": 1, "traceEvents": ev}, open(out, "w"), indent=0)


main()
