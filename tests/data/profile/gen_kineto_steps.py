# Writes a Chrome/Kineto trace of N ProfilerStep windows (gpu_user_annotation), each 10 us with
# 10 GEMM kernels of 0.5 us on GPU 0, to OUT. From the reliability campaign's turn-3 generator
# (shared/reliability/turn3/gen_kineto_steps.py), with the output path as an argument.
# Usage: python3 gen_kineto_steps.py N OUT        (N = 10000: 11 MB)
import json, sys
n, out = int(sys.argv[1]), sys.argv[2]
ev, t = [], 0.0
for s in range(n):
    ev.append({"ph": "X", "cat": "gpu_user_annotation", "name": "ProfilerStep#%d" % s, "pid": 0, "tid": 7, "ts": t, "dur": 10.0})
    for k in range(10):
        ev.append({"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": t + k, "dur": 0.5, "args": {"device": 0}})
    t += 10
open(out, "w").write(json.dumps({"traceEvents": ev}, separators=(",", ":")))
