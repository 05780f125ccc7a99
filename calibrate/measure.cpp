// The measurements (measure.hpp): CUDA runtime and cuBLAS calls from host C++20; the kernels
// are in kernels.cu. Every call is checked; a failure throws GpuError "<what> (<reason>)".
#include "measure.hpp"

#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <string_view>

#include "kernels.hpp"

namespace simtrain::calibrate {

namespace {

void check(cudaError_t e, std::string_view what) {
  if (e != cudaSuccess) throw GpuError(std::string(what) + " (" + cudaGetErrorString(e) + ")");
}

void check(cublasStatus_t s, std::string_view what) {
  if (s != CUBLAS_STATUS_SUCCESS) throw GpuError(std::string(what) + " (" + cublasGetStatusString(s) + ")");
}

std::string mib(double bytes) { return std::to_string(static_cast<long long>(bytes / 1048576.0)) + " MiB"; }

// Device memory, freed when it goes out of scope (errors on free are ignored: the program is
// either done or already reporting an error).
class DeviceBuffer {
 public:
  DeviceBuffer(std::size_t bytes, std::string_view what) {
    check(cudaMalloc(&p_, bytes), "cudaMalloc " + mib(static_cast<double>(bytes)) + " for " + std::string(what));
  }
  ~DeviceBuffer() { cudaFree(p_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return p_; }

 private:
  void* p_ = nullptr;
};

class PinnedBuffer {
 public:
  explicit PinnedBuffer(std::size_t bytes) {
    check(cudaMallocHost(&p_, bytes), "cudaMallocHost " + mib(static_cast<double>(bytes)) + " (pinned host memory)");
  }
  ~PinnedBuffer() { cudaFreeHost(p_); }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void* get() const { return p_; }

 private:
  void* p_ = nullptr;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// A device attribute, or 0 when this driver does not report it.
int attribute(cudaDeviceAttr a, int dev) {
  int v = 0;
  if (cudaDeviceGetAttribute(&v, a, dev) != cudaSuccess) {
    (void)cudaGetLastError();  // clear it: an unreported attribute is not an error
    return 0;
  }
  return v;
}

// cuBLAS types of one precision. All accumulate in FP32 (CUBLAS_COMPUTE_32F): that is what
// PyTorch (autocast, and plain fp16/bf16 matmuls) and Megatron run, and what the catalog's
// peaks are for (on GeForce cards FP16 with FP16 accumulation runs twice as fast; the catalog
// lists the FP32-accumulate rate). Outputs are in the input type, as in PyTorch.
struct GemmTypes {
  cudaDataType_t data = CUDA_R_32F;
  cublasComputeType_t compute = CUBLAS_COMPUTE_32F;
  ElemType fill = ElemType::f32;
  std::size_t elem_bytes = 4;
};

bool gemm_types(const std::string& precision, GemmTypes& t) {
  if (precision == "fp32") {
    // Plain SGEMM on the CUDA cores: CUBLAS_COMPUTE_32F with the handle's default math mode
    // never uses TF32 tensor cores (nor the BF16x9 FP32 emulation, which is opt-in).
    t = {CUDA_R_32F, CUBLAS_COMPUTE_32F, ElemType::f32, 4};
  } else if (precision == "tf32") {
    t = {CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, ElemType::f32, 4};
  } else if (precision == "fp16") {
    t = {CUDA_R_16F, CUBLAS_COMPUTE_32F, ElemType::f16, 2};
  } else if (precision == "bf16") {
    t = {CUDA_R_16BF, CUBLAS_COMPUTE_32F, ElemType::bf16, 2};
  } else {
    return false;
  }
  return true;
}

}  // namespace

int device_count() {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e == cudaErrorNoDevice) throw NoGpu(std::string("no CUDA GPU found (") + cudaGetErrorString(e) + ")");
  if (e == cudaErrorInsufficientDriver)  // also what the runtime says when there is no driver at all
    throw NoGpu(std::string("no usable CUDA driver: none is installed, or it is older than this CUDA runtime (") +
                cudaGetErrorString(e) + ")");
  check(e, "cudaGetDeviceCount");
  if (n == 0) throw NoGpu("no CUDA GPU found (the driver reports 0 devices)");
  return n;
}

struct Gpu::Impl {
  DeviceInfo info;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  cublasHandle_t blas = nullptr;

  ~Impl() {
    if (blas) cublasDestroy(blas);
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
    if (stream) cudaStreamDestroy(stream);
  }

  void sync(std::string_view what) { check(cudaStreamSynchronize(stream), what); }

  // GPU seconds of `enqueue(n)`, between two events on the stream; `queued` runs once all is
  // enqueued, before waiting for it.
  double time_batch(const std::function<void(int)>& enqueue, int n, const std::function<void()>& queued = {}) {
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    enqueue(n);
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    if (queued) queued();
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms * 1e-3;
  }

  // Median per-call seconds of an operation; `enqueue(n)` enqueues n back-to-back calls.
  // Warm-up, then one call sizes the batch (at least t.batch_s per batch), then t.repeats
  // batches (measure.hpp explains the median).
  //
  // With `queue_full`, each batch is queued behind a spin kernel: the host has enqueued the
  // whole batch before the GPU starts it, so the events time the GPU running the calls back to
  // back, as it does when a training step is GPU-bound, whatever the host's speed at issuing
  // them (cuBLAS spends microseconds of CPU per call, as long as a small GEMM runs). A batch
  // is then at most kQueuedBatch calls, below the driver's queue depth (assumption: about a
  // thousand launches, not documented) past which the host would block and set the pace
  // again; a batch not fully queued before its spin ended is flagged (host_limited).
  static constexpr int kQueuedBatch = 256;
  bool host_limited = false;  // some queued batch was not fully enqueued before its spin ended

  double per_call(const std::function<void(int)>& enqueue, const Timing& t, bool queue_full) {
    enqueue(t.warmup_calls);
    sync("warm-up");
    // The host's pace at enqueuing calls, now that loading and heuristics are done.
    const auto host_start = std::chrono::steady_clock::now();
    enqueue(2);
    const std::chrono::duration<double> host_two = std::chrono::steady_clock::now() - host_start;
    sync("warm-up");
    const double one = time_batch(enqueue, 1);
    const double want = std::ceil(t.batch_s / std::max(one, 1e-7));
    const int max_batch = queue_full ? std::min(t.max_batch, kQueuedBatch) : t.max_batch;
    const int batch = static_cast<int>(std::clamp(want, 1.0, static_cast<double>(max_batch)));
    // Spin long enough for the host to enqueue the batch at twice that pace's time, 1 to 100 ms.
    const double host_per_call = host_two.count() / 2;
    const double spin_s = std::clamp(2.0 * batch * host_per_call, 1e-3, 0.1);
    const auto spin_ns = static_cast<unsigned long long>(spin_s * 1e9);
    std::vector<double> v;
    for (int r = 0; r < t.repeats; ++r) {
      if (!queue_full) {
        v.push_back(time_batch(enqueue, batch) / batch);
        continue;
      }
      check(launch_spin(stream, spin_ns), "launching the spin kernel");
      const auto queued_start = std::chrono::steady_clock::now();
      const double s = time_batch(enqueue, batch, [&] {
        const std::chrono::duration<double> queued = std::chrono::steady_clock::now() - queued_start;
        if (queued.count() * 1e9 >= static_cast<double>(spin_ns)) host_limited = true;
      });
      v.push_back(s / batch);
    }
    return median(v);
  }
};

Gpu::Gpu(int ordinal) : impl_(std::make_unique<Impl>()) {
  const int count = device_count();
  if (ordinal < 0 || ordinal >= count)
    throw GpuError("--device " + std::to_string(ordinal) + ": no such device (" + std::to_string(count) +
                   " CUDA device(s), numbered from 0)");
  DeviceInfo& d = impl_->info;
  d.ordinal = ordinal;
  check(cudaSetDevice(ordinal), "cudaSetDevice " + std::to_string(ordinal));
  check(cudaFree(nullptr), "creating the CUDA context on device " + std::to_string(ordinal));
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, ordinal), "cudaGetDeviceProperties");
  d.name = prop.name;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  d.sm_count = prop.multiProcessorCount;
  d.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  d.total_bytes = static_cast<double>(prop.totalGlobalMem);
  // Clocks: cudaDeviceProp lost clockRate and memoryClockRate in CUDA 13; the attributes stay.
  d.sm_clock_mhz = attribute(cudaDevAttrClockRate, ordinal) / 1000;
  d.memory_clock_mhz = attribute(cudaDevAttrMemoryClockRate, ordinal) / 1000;
  d.memory_bus_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, ordinal);
  check(cudaRuntimeGetVersion(&d.runtime_version), "cudaRuntimeGetVersion");
  check(cudaDriverGetVersion(&d.driver_version), "cudaDriverGetVersion");

  check(cudaStreamCreateWithFlags(&impl_->stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  check(cudaEventCreate(&impl_->start), "cudaEventCreate");
  check(cudaEventCreate(&impl_->stop), "cudaEventCreate");
  check(cublasCreate(&impl_->blas), "cublasCreate");
  check(cublasSetStream(impl_->blas, impl_->stream), "cublasSetStream");
  check(cublasSetMathMode(impl_->blas, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
  check(cublasGetVersion(impl_->blas, &d.cublas_version), "cublasGetVersion");

  // One kernel now: a binary built without this architecture fails here, with a hint,
  // rather than in the middle of the measurements.
  const cudaError_t e = launch_empty(impl_->stream, 1);
  if (e == cudaErrorNoKernelImageForDevice || e == cudaErrorUnsupportedPtxVersion)
    throw GpuError("launching a kernel on " + d.name + " (compute capability " + std::to_string(d.cc_major) + "." +
                   std::to_string(d.cc_minor) + "): " + cudaGetErrorString(e) +
                   "; rebuild with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(d.cc_major * 10 + d.cc_minor));
  check(e, "launching a kernel");
  impl_->sync("cudaStreamSynchronize after the first kernel");
}

Gpu::~Gpu() = default;

const DeviceInfo& Gpu::info() const { return impl_->info; }

bool Gpu::host_limited() const { return impl_->host_limited; }

double Gpu::free_bytes() const {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return static_cast<double>(free);
}

bool Gpu::supports_gemm(const std::string& precision) const {
  GemmTypes t;
  if (!gemm_types(precision, t)) return false;
  if (precision == "tf32" || precision == "bf16") return impl_->info.cc_major >= 8;
  return true;
}

std::vector<GemmPoint> Gpu::gemm_sweep(const std::string& precision, const std::vector<GemmShape>& shapes,
                                       const Timing& t, std::vector<std::string>& skipped) {
  GemmTypes ty;
  if (!gemm_types(precision, ty)) throw GpuError("GEMM in " + precision + " (not measured by this program)");
  const double e = static_cast<double>(ty.elem_bytes);

  // Operand buffers sized for the largest shapes, within 80% of the free memory; a shape too
  // large for that is left out (reported), largest first, until the rest fit together.
  const double budget = 0.8 * free_bytes();
  std::vector<GemmShape> kept(shapes);
  double a_elems = 0, w_elems = 0, c_elems = 0;
  while (true) {
    a_elems = w_elems = c_elems = 0;
    for (const GemmShape& s : kept) {
      a_elems = std::max(a_elems, static_cast<double>(s.m) * static_cast<double>(s.k));
      w_elems = std::max(w_elems, static_cast<double>(s.n) * static_cast<double>(s.k));
      c_elems = std::max(c_elems, static_cast<double>(s.m) * static_cast<double>(s.n));
    }
    if (kept.empty() || (a_elems + w_elems + c_elems) * e <= budget) break;
    auto largest = std::max_element(kept.begin(), kept.end(), [&](const GemmShape& x, const GemmShape& y) {
      return (x.m * x.k + x.n * x.k + x.m * x.n) < (y.m * y.k + y.n * y.k + y.m * y.n);
    });
    skipped.push_back(largest->label + " (operands do not fit in free memory)");
    kept.erase(largest);
  }
  std::vector<GemmPoint> points;
  if (kept.empty()) return points;

  DeviceBuffer a(static_cast<std::size_t>(a_elems * e), "GEMM operand A");
  DeviceBuffer w(static_cast<std::size_t>(w_elems * e), "GEMM operand B");
  DeviceBuffer c(static_cast<std::size_t>(c_elems * e), "GEMM result");
  // Small values of either sign (kernels.hpp): timing does not depend on them, but denormals,
  // infinities or NaNs could slow some units down, and overflowing fp16 sums would.
  check(launch_fill(a.get(), static_cast<std::size_t>(a_elems), ty.fill, 1, 1.0f, impl_->stream), "filling GEMM operand A");
  check(launch_fill(w.get(), static_cast<std::size_t>(w_elems), ty.fill, 2, 1.0f, impl_->stream), "filling GEMM operand B");
  impl_->sync("filling GEMM operands");

  const float alpha = 1.0f, beta = 0.0f;
  // The layout of torch.nn.Linear's forward, Y[tokens x out] = X[tokens x in] W^T in row major:
  // in cuBLAS's column major that is Y^T = op_T(W) X^T, so m_blas = n (out), n_blas = m
  // (tokens), k_blas = k (in), transa = T, transb = N, lda = ldb = k, ldc = n.
  auto enqueue_for = [&](const GemmShape& s) {
    return [&, s](int calls) {
      for (int i = 0; i < calls; ++i) {
        const cublasStatus_t st =
            cublasGemmEx(impl_->blas, CUBLAS_OP_T, CUBLAS_OP_N, static_cast<int>(s.n), static_cast<int>(s.m),
                         static_cast<int>(s.k), &alpha, w.get(), ty.data, static_cast<int>(s.k), a.get(), ty.data,
                         static_cast<int>(s.k), &beta, c.get(), ty.data, static_cast<int>(s.n), ty.compute,
                         CUBLAS_GEMM_DEFAULT);
        if (st != CUBLAS_STATUS_SUCCESS) check(st, "cublasGemmEx " + precision + " " + s.label);
      }
    };
  };

  // Spin-up: the largest shape, untimed, for t.spin_up_s, so the clocks have left idle and
  // settled under load before the first (small) shape is timed.
  const GemmShape& big = *std::max_element(kept.begin(), kept.end(), [](const GemmShape& x, const GemmShape& y) {
    return x.flops() < y.flops();
  });
  auto run_big = enqueue_for(big);
  run_big(1);
  impl_->sync("GEMM spin-up");
  const double one = impl_->time_batch(run_big, 1);
  run_big(static_cast<int>(std::clamp(std::ceil(t.spin_up_s / std::max(one, 1e-7)), 0.0, 100000.0)));
  impl_->sync("GEMM spin-up");

  for (const GemmShape& s : kept) points.push_back({s, impl_->per_call(enqueue_for(s), t, true)});
  return points;
}

std::vector<CopyPoint> Gpu::copy_sweep(const std::vector<double>& sizes, const Timing& t) {
  std::vector<CopyPoint> points;
  if (sizes.empty()) return points;
  const double largest = *std::max_element(sizes.begin(), sizes.end());
  DeviceBuffer src(static_cast<std::size_t>(largest), "copy source");
  DeviceBuffer dst(static_cast<std::size_t>(largest), "copy destination");
  check(cudaMemsetAsync(src.get(), 0, static_cast<std::size_t>(largest), impl_->stream), "cudaMemsetAsync");
  // Enough 256-thread blocks to fill every SM: the copy is limited by memory, not by threads.
  const int blocks = impl_->info.sm_count * std::max(1, impl_->info.max_threads_per_sm / 256);
  for (double size : sizes) {
    const auto bytes = static_cast<std::size_t>(size);
    CopyPoint p;
    p.bytes = size;
    p.memcpy_seconds = impl_->per_call(
        [&](int n) {
          for (int i = 0; i < n; ++i) {
            const cudaError_t e = cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice, impl_->stream);
            if (e != cudaSuccess) check(e, "cudaMemcpyAsync device to device " + mib(size));
          }
        },
        t, true);
    p.kernel_seconds = impl_->per_call(
        [&](int n) {
          for (int i = 0; i < n; ++i) {
            const cudaError_t e = launch_copy(src.get(), dst.get(), bytes, blocks, impl_->stream);
            if (e != cudaSuccess) check(e, "copy kernel " + mib(size));
          }
        },
        t, true);
    p.seconds = std::min(p.memcpy_seconds, p.kernel_seconds);
    points.push_back(p);
  }
  return points;
}

LaunchPeriod Gpu::launch_period(const Timing& t) {
  LaunchPeriod r;
  auto empties = [&](int n) { check(launch_empty(impl_->stream, n), "launching empty kernels"); };
  // As the host issues them: the slower of the host's launch call and the GPU.
  r.issued_s = impl_->per_call(empties, t, false);
  // The GPU's own gap between kernels, with the queue full (Impl::per_call).
  r.queued_s = impl_->per_call(empties, t, true);
  return r;
}

HostCopy Gpu::host_copies(std::size_t bytes, const Timing& t) {
  HostCopy r;
  r.bytes = static_cast<double>(bytes);
  PinnedBuffer host(bytes);
  DeviceBuffer dev(bytes, "host copy");
  std::fill_n(static_cast<unsigned char*>(host.get()), bytes, static_cast<unsigned char>(0));
  const std::string size = mib(r.bytes);
  const double h2d = impl_->per_call(
      [&](int n) {
        for (int i = 0; i < n; ++i)
          check(cudaMemcpyAsync(dev.get(), host.get(), bytes, cudaMemcpyHostToDevice, impl_->stream),
                "cudaMemcpyAsync host to device " + size);
      },
      t, false);
  const double d2h = impl_->per_call(
      [&](int n) {
        for (int i = 0; i < n; ++i)
          check(cudaMemcpyAsync(host.get(), dev.get(), bytes, cudaMemcpyDeviceToHost, impl_->stream),
                "cudaMemcpyAsync device to host " + size);
      },
      t, false);
  r.h2d_bytes_per_s = r.bytes / h2d;
  r.d2h_bytes_per_s = r.bytes / d2h;
  return r;
}

}  // namespace simtrain::calibrate
