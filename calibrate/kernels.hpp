// The device code simtrain-calibrate needs besides cuBLAS: an empty kernel (launch period), a
// spin kernel (fills the stream's queue before the launch test), a vectorised copy (HBM
// bandwidth) and a deterministic fill (GEMM operands). Defined in kernels.cu, compiled by nvcc
// as C++17; declared here for the C++20 host code. Every launcher returns the launch's error
// (cudaGetLastError), so the caller checks it like any other CUDA call.
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

namespace simtrain::calibrate {

enum class ElemType { f32, f16, bf16 };

// `n` back-to-back launches of an empty kernel (one block of 32 threads) on `stream`.
cudaError_t launch_empty(cudaStream_t stream, int n);

// One kernel that busy-waits `ns` nanoseconds of wall time (the GPU's global timer, so the
// length does not depend on the SM clock).
cudaError_t launch_spin(cudaStream_t stream, unsigned long long ns);

// Copies `bytes` (a multiple of 16) from `src` to `dst` with 16-byte loads and stores, in a
// grid of `blocks` x 256 threads striding over the buffer.
cudaError_t launch_copy(const void* src, void* dst, std::size_t bytes, int blocks, cudaStream_t stream);

// Fills `count` elements of type `type` with deterministic values of magnitude in
// [scale/4, scale/2) and a pseudo-random sign (a hash of the index and `seed`): no zeros,
// denormals, infinities or NaNs, whatever the element type.
cudaError_t launch_fill(void* dst, std::size_t count, ElemType type, unsigned seed, float scale, cudaStream_t stream);

}  // namespace simtrain::calibrate
