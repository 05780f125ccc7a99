// The measurements of simtrain-calibrate on one GPU, through the CUDA runtime and cuBLAS.
// This header names no CUDA type, so main.cpp (C++20, the simulator's headers) stays apart
// from the CUDA headers; measure.cpp holds the calls.
//
// How a time is taken (every measurement):
//   - work is enqueued on one non-blocking stream and timed by a pair of cudaEvents around it,
//     so the time is the GPU's, not the host's;
//   - untimed warm-up calls come first (module loading, cuBLAS's heuristic and workspace, the
//     clocks leaving idle);
//   - a short operation is timed in batches of back-to-back calls, long enough that the
//     events' ~0.5 us resolution does not matter, and divided by the batch size;
//   - GEMMs, device copies and the launch period are timed with the stream's queue full (the
//     batch is enqueued behind a spin kernel), so they are the GPU's times, as in a GPU-bound
//     training step, not the host's pace at issuing calls;
//   - the batch is repeated and the MEDIAN per-call time kept: the minimum would report a
//     lucky boost-clock moment, the mean would take in the odd outlier (a clock change, the
//     OS preempting the host thread); the median is what the card does most of the time.
// Everything runs in a fixed order with fixed sizes and fixed operand values, so two runs on
// the same card differ only by the card's own variation.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace simtrain::calibrate {

// A failed CUDA or cuBLAS call: "<what> (<CUDA error string>)".
class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// No usable GPU (none present, or no driver): the program exits 77 ("skipped").
class NoGpu : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Number of CUDA devices; throws NoGpu when there is none or no driver to find them.
int device_count();

struct DeviceInfo {
  int ordinal = 0;
  std::string name;  // cudaDeviceProp::name, as nvidia-smi prints it
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  int max_threads_per_sm = 0;
  int sm_clock_mhz = 0, memory_clock_mhz = 0, memory_bus_bits = 0;  // 0: the driver does not report it
  double total_bytes = 0;
  int runtime_version = 0, driver_version = 0;  // 13000 = 13.0
  int cublas_version = 0;                       // 130100 = 13.1.0
};

struct Timing {
  int warmup_calls = 3;    // untimed calls before the first timed batch
  int repeats = 11;        // timed batches; the median is kept (odd, so it is one of them)
  double batch_s = 0.01;   // a timed batch lasts at least this long
  int max_batch = 4096;    // calls per batch at most
  double spin_up_s = 0.5;  // before a GEMM sweep, the largest GEMM runs this long untimed
};

// A GEMM C[m x n] = A[m x k] B[k x n] of 2 m n k FLOPs. For the transformer shapes m is the
// micro-batch's tokens, n the layer's output features, k its input features.
struct GemmShape {
  long m = 0, n = 0, k = 0;
  std::string label;
  double flops() const { return 2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k); }
};

struct GemmPoint {
  GemmShape shape;
  double seconds = 0;  // per GEMM, median of the repeats
};

struct CopyPoint {
  double bytes = 0;
  double seconds = 0;                    // the faster of the two below
  double memcpy_seconds = 0, kernel_seconds = 0;
};

struct LaunchPeriod {
  double queued_s = 0;  // per kernel when the stream's queue is already full (the GPU's own gap)
  double issued_s = 0;  // per kernel when the host issues them as fast as it can
};

struct HostCopy {
  double bytes = 0;
  double h2d_bytes_per_s = 0, d2h_bytes_per_s = 0;
};

// One GPU, opened for measuring: its context, a stream, two events and a cuBLAS handle.
class Gpu {
 public:
  // Selects device `ordinal` and creates its context; throws GpuError (also when the program
  // has no kernel image for the device's architecture) or NoGpu.
  explicit Gpu(int ordinal);
  ~Gpu();
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;

  const DeviceInfo& info() const;
  double free_bytes() const;
  // Whether a GPU-side timing (GEMMs, device copies, the queue-full launch period) may include
  // host time: the host had not queued a batch before the GPU reached it (measure.cpp).
  bool host_limited() const;

  // Whether this program can run a GEMM in `precision` (fp32, tf32, fp16, bf16) on the device:
  // tf32 and bf16 need compute capability 8.0. fp8 is not measured (it needs cuBLASLt's
  // scaled-operand API and a TN-only layout).
  bool supports_gemm(const std::string& precision) const;

  // Times each shape (in the given order) with cuBLAS in `precision`. A shape whose operands do
  // not fit in free memory is left out and named in `skipped`.
  std::vector<GemmPoint> gemm_sweep(const std::string& precision, const std::vector<GemmShape>& shapes, const Timing& t,
                                    std::vector<std::string>& skipped);

  // Device-to-device copies of each size (bytes, multiples of 16), with cudaMemcpyAsync and
  // with a copy kernel.
  std::vector<CopyPoint> copy_sweep(const std::vector<double>& sizes, const Timing& t);

  LaunchPeriod launch_period(const Timing& t);

  // Pinned host memory <-> device, `bytes` each way.
  HostCopy host_copies(std::size_t bytes, const Timing& t);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace simtrain::calibrate
