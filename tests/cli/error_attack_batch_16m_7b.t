$ simtrain tests/data/attack/batch_16m_7b.yaml
# exit 2
tests/data/attack/batch_16m_7b.yaml:5:16: error: 'batch_per_gpu': the simulated steps would span at least 4.07e+07 s of GPU time (4 steps, warm-up included, x 1 micro-batch(es) x 16777216 samples x 189 TFLOP per sample at a100_sxm4_80gb's 312 TFLOP/s peak), more than the 100000 s a run may simulate; lower batch_per_gpu or grad_accumulation
    batch_per_gpu: 16777216
                   ^
