// Kernels of simtrain-calibrate (see kernels.hpp). nvcc, C++17: CMake 3.25 has no C++20
// dialect for CUDA, so this file keeps to C++17 and includes nothing of the simulator.
#include "kernels.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

namespace simtrain::calibrate {

namespace {

__global__ void empty_kernel() {}

__device__ unsigned long long global_timer_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void spin_kernel(unsigned long long ns) {
  const unsigned long long start = global_timer_ns();
  while (global_timer_ns() - start < ns) {
  }
}

__global__ void copy_kernel(const float4* __restrict__ src, float4* __restrict__ dst, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    dst[i] = src[i];
}

// splitmix64 of the index: a fixed, well-mixed pseudo-random value per element.
__device__ float hashed_value(std::size_t i, unsigned seed, float scale) {
  unsigned long long x = static_cast<unsigned long long>(i) * 0x9E3779B97F4A7C15ull + seed;
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  const float u = static_cast<float>(x >> 40) * (1.0f / 16777216.0f);  // [0, 1), 24 bits
  const float magnitude = scale * (0.25f + 0.25f * u);
  return (x & 1ull) ? -magnitude : magnitude;
}

template <typename T>
__global__ void fill_kernel(T* dst, std::size_t n, unsigned seed, float scale) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const float v = hashed_value(i, seed, scale);
    if constexpr (std::is_same_v<T, __half>) dst[i] = __float2half(v);
    else if constexpr (std::is_same_v<T, __nv_bfloat16>) dst[i] = __float2bfloat16(v);
    else dst[i] = v;
  }
}

}  // namespace

cudaError_t launch_empty(cudaStream_t stream, int n) {
  for (int i = 0; i < n; ++i) empty_kernel<<<1, 32, 0, stream>>>();
  return cudaGetLastError();
}

cudaError_t launch_spin(cudaStream_t stream, unsigned long long ns) {
  spin_kernel<<<1, 1, 0, stream>>>(ns);
  return cudaGetLastError();
}

cudaError_t launch_copy(const void* src, void* dst, std::size_t bytes, int blocks, cudaStream_t stream) {
  copy_kernel<<<blocks, 256, 0, stream>>>(static_cast<const float4*>(src), static_cast<float4*>(dst), bytes / 16);
  return cudaGetLastError();
}

cudaError_t launch_fill(void* dst, std::size_t count, ElemType type, unsigned seed, float scale, cudaStream_t stream) {
  const int threads = 256, blocks = 1024;  // grid-stride: any count
  switch (type) {
    case ElemType::f32: fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<float*>(dst), count, seed, scale); break;
    case ElemType::f16: fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<__half*>(dst), count, seed, scale); break;
    case ElemType::bf16:
      fill_kernel<<<blocks, threads, 0, stream>>>(static_cast<__nv_bfloat16*>(dst), count, seed, scale);
      break;
  }
  return cudaGetLastError();
}

}  // namespace simtrain::calibrate
