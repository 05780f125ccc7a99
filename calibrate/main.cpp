// simtrain-calibrate: measures the local GPU and writes a calibration file for simtrain
// (format: sim/work/calibration.hpp; a scenario uses it with `calibration: FILE`).
//
//   simtrain-calibrate -o calibration.yaml [--device N] [--gpu CATALOG_KEY] [--quick] [--catalog PATH]
//
// What it measures, in this order (measure.hpp: how each time is taken):
//   1. GEMM throughput per precision (fp32, tf32, fp16, bf16; FP32 accumulation) with cuBLAS,
//      square shapes from 128 to 8192 and the shapes of transformer linears; the efficiency
//      of each (achieved FLOP/s over the catalog's dense peak) is fitted to the compute
//      model's curve eff(f) = max f / (f + half_size);
//   2. HBM bandwidth: device-to-device copies from 1 MiB to 1 GiB;
//   3. the launch period of back-to-back empty kernels (the GPU's gap between kernels);
//   4. pinned host <-> device copy bandwidth.
// The efficiencies need the GPU's peaks, so the device must match a topologies/devices.yaml
// entry (by name) or be named with --gpu.
//
// Exit codes:
//   0  success
//   1  usage error (bad flags), from CLI11
//   2  bad input: the catalog, --gpu, --device or the output path; a GPU the catalog lacks
//   3  a CUDA or cuBLAS call failed, or the file written does not load back
//   77 no GPU (or no driver): nothing measured ("skipped" for ctest)
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "measure.hpp"
#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "topo/catalog.hpp"
#include "work/calibration.hpp"

namespace {

using namespace simtrain;
using calibrate::GemmShape;

constexpr const char* kTool = "simtrain-calibrate 0.1";

// An input problem (exit 2), printed as "simtrain-calibrate: error: ...".
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The GEMM sweep. Square sizes from 128 (8 MFLOP: a handful of the GPU's SMs busy, the launch
// dominating) to 8192 (1.1 TFLOP: the plateau), dense around the knee, and the linears of
// transformer training (m = tokens of a micro-batch, n = output features, k = input features):
// GPT-2 small with 2 x 1024 tokens, Llama-2-7B and a Llama-70B MLP with 4096 and 8192 tokens,
// and thin ones (256 tokens). The knee of the curve, half_size, lies among them.
std::vector<GemmShape> gemm_shapes(bool quick) {
  std::vector<GemmShape> v;
  const std::vector<long> square = quick ? std::vector<long>{128, 256, 512, 1024, 2048, 4096}
                                         : std::vector<long>{128, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192};
  for (long s : square) v.push_back({s, s, s, fmt::format("square {}", s)});
  if (quick) {
    v.push_back({2048, 3072, 768, "gpt2 mlp-up 2048x3072x768"});
    v.push_back({4096, 11008, 4096, "llama7b mlp-up 4096x11008x4096"});
  } else {
    v.push_back({2048, 2304, 768, "gpt2 qkv 2048x2304x768"});
    v.push_back({2048, 3072, 768, "gpt2 mlp-up 2048x3072x768"});
    v.push_back({2048, 768, 3072, "gpt2 mlp-down 2048x768x3072"});
    v.push_back({2048, 50304, 768, "gpt2 lm-head 2048x50304x768"});
    v.push_back({256, 4096, 4096, "thin 256x4096x4096"});
    v.push_back({4096, 12288, 4096, "llama7b qkv 4096x12288x4096"});
    v.push_back({4096, 11008, 4096, "llama7b mlp-up 4096x11008x4096"});
    v.push_back({4096, 4096, 11008, "llama7b mlp-down 4096x4096x11008"});
    v.push_back({8192, 28672, 8192, "llama70b mlp-up 8192x28672x8192"});
  }
  // Smallest first (ties by label): a fixed order, and the spin-up has already run the largest.
  std::stable_sort(v.begin(), v.end(), [](const GemmShape& a, const GemmShape& b) {
    return a.flops() != b.flops() ? a.flops() < b.flops() : a.label < b.label;
  });
  return v;
}

calibrate::Timing timing(bool quick) {
  calibrate::Timing t;
  if (quick) {
    t.warmup_calls = 2;
    t.repeats = 5;
    t.batch_s = 0.003;
    t.max_batch = 2048;
    t.spin_up_s = 0.1;
  }
  return t;
}

// "NVIDIA A100-SXM4-80GB" -> "a100sxm480gb": lower case, letters and digits only, without a
// leading "nvidia" or "tesla" (older drivers print "A100-SXM4-80GB", some "Tesla T4").
std::string normalised_name(const std::string& name) {
  std::string s;
  for (unsigned char c : name)
    if (std::isalnum(c)) s += static_cast<char>(std::tolower(c));
  for (const std::string prefix : {"nvidia", "tesla"})
    if (s.rfind(prefix, 0) == 0) s.erase(0, prefix.size());
  return s;
}

// The catalog key of a device: the GPU whose `name` is the device's name exactly, else the
// one whose normalised name is equal (an error if several are). Empty when none matches.
std::string match_catalog(const topo::Catalog& cat, const std::string& device_name, std::string& how) {
  for (const auto& [key, g] : cat.gpus())
    if (g.name == device_name) {
      how = "exact name match";
      return key;
    }
  std::vector<std::string> found;
  for (const auto& [key, g] : cat.gpus())
    if (normalised_name(g.name) == normalised_name(device_name)) found.push_back(key);
  if (found.size() > 1)
    throw InputError("'" + device_name + "' matches several catalog GPUs (" + join_names(found) +
                     "); name one with --gpu KEY");
  if (found.size() == 1) how = "name match ignoring case, spaces, punctuation and an NVIDIA/Tesla prefix";
  return found.empty() ? std::string() : found[0];
}

std::string version(int v) { return fmt::format("{}.{}", v / 1000, (v % 1000) / 10); }

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string tflops(double f) { return fmt::format("{:.1f} TFLOPS", f / 1e12); }
std::string gbs(double b) { return fmt::format("{:.1f} GB/s", b / 1e9); }
std::string size_text(double bytes) {
  return bytes >= 1073741824.0 ? fmt::format("{:g} GiB", bytes / 1073741824.0) : fmt::format("{:g} MiB", bytes / 1048576.0);
}

// Writes `content` to `path` through a temporary name in the same directory, checks that the
// simulator loads it, and renames it into place: the output is never half-written, and a file
// that would not load is never left behind.
void write_checked(const std::string& path, const std::string& content, const std::string& key) {
  namespace fs = std::filesystem;
  const std::string tmp = path + ".tmp-simtrain-calibrate";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw InputError("cannot write " + tmp);
    }
  }
  try {
    (void)work::apply_calibration_file(tmp, key, work::ComputeCalibration{});
  } catch (const std::exception& e) {
    std::error_code ec;
    fs::remove(tmp, ec);
    throw std::logic_error(std::string("the calibration file does not load back: ") + e.what());
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw InputError("cannot rename " + tmp + " to " + path + " (" + ec.message() + ")");
  }
}

struct Options {
  std::string output, gpu_key, catalog_path;  // "": topologies/devices.yaml on the data path
  int device = 0;
  bool quick = false, verbose = false;
};

int run(const Options& opt) {
  namespace fs = std::filesystem;
  // Inputs first: a bad catalog, key or output directory is reported before minutes of measuring.
  auto catalog = topo::Catalog::load(opt.catalog_path);
  std::vector<std::string> keys;
  for (const auto& [k, g] : catalog->gpus()) keys.push_back(k);
  if (!opt.gpu_key.empty() && !catalog->gpus().count(opt.gpu_key))
    throw InputError("--gpu: '" + opt.gpu_key + "' is not a GPU of " + opt.catalog_path +
                     did_you_mean(opt.gpu_key, keys) + "; known: " + join_names(keys));
  const fs::path out_dir = fs::path(opt.output).parent_path();
  if (!out_dir.empty() && !fs::is_directory(out_dir))
    throw InputError("-o " + opt.output + ": no directory " + out_dir.string());

  const int devices = calibrate::device_count();  // NoGpu: exit 77
  if (opt.device >= devices)
    throw InputError(fmt::format("--device {}: no such device ({} CUDA device(s), numbered from 0)", opt.device, devices));
  calibrate::Gpu gpu(opt.device);
  const calibrate::DeviceInfo& dev = gpu.info();
  std::string how;
  std::string key = match_catalog(*catalog, dev.name, how);
  if (!opt.gpu_key.empty()) {
    if (key != opt.gpu_key)
      std::cerr << "simtrain-calibrate: warning: device '" << dev.name << "' is not the catalog's '"
                << catalog->gpus().at(opt.gpu_key).name << "'; efficiencies are relative to " << opt.gpu_key
                << "'s peaks, as --gpu asks\n";
    key = opt.gpu_key;
    how = "--gpu";
  }
  if (key.empty())
    throw InputError("device '" + dev.name + "' matches no GPU of " + opt.catalog_path +
                     ": efficiencies need its peak FLOP/s and bandwidth; add it to the catalog or name the "
                     "nearest with --gpu KEY (known: " + join_names(keys) + ")");
  const topo::GpuModel& model = catalog->gpus().at(key);

  std::cout << fmt::format("simtrain-calibrate: {} (device {}, compute capability {}.{}, {} SMs, {:.1f} GiB), "
                           "CUDA runtime {}, driver {}\n",
                           dev.name, dev.ordinal, dev.cc_major, dev.cc_minor, dev.sm_count, dev.total_bytes / 1073741824.0,
                           version(dev.runtime_version), version(dev.driver_version));
  std::cout << fmt::format("catalog: {} ({}), {}\n", key, how, opt.catalog_path);
  std::cout.flush();

  const calibrate::Timing t = timing(opt.quick);
  work::CalibrationData d;
  d.gpu_name = dev.name;
  d.catalog_key = key;
  d.measured.emplace_back("date", utc_now());
  d.measured.emplace_back("tool", kTool);
  d.measured.emplace_back("cuda_runtime", version(dev.runtime_version));
  d.measured.emplace_back("cuda_driver", version(dev.driver_version));
  d.measured.emplace_back("sm_count", std::to_string(dev.sm_count));
  if (dev.sm_clock_mhz > 0) d.measured.emplace_back("sm_clock_mhz", std::to_string(dev.sm_clock_mhz));
  if (dev.memory_clock_mhz > 0) d.measured.emplace_back("memory_clock_mhz", std::to_string(dev.memory_clock_mhz));
  if (dev.memory_bus_bits > 0) d.measured.emplace_back("memory_bus_bits", std::to_string(dev.memory_bus_bits));
  d.measured.emplace_back(
      "note", fmt::format("{} sweep on device {} (compute capability {}.{}); cuBLAS {}.{}.{} cublasGemmEx, TN layout, "
                          "FP32 accumulation; GEMM, copy and launch times with the stream's queue full (median of "
                          "repeats); memory = faster of cudaMemcpyAsync and a copy kernel",
                          opt.quick ? "quick" : "full", dev.ordinal, dev.cc_major, dev.cc_minor,
                          dev.cublas_version / 10000, dev.cublas_version / 100 % 100, dev.cublas_version % 100));

  // Settings that would change what is measured: the timings would not be the card's defaults.
  for (const char* var : {"CUDA_LAUNCH_BLOCKING", "NVIDIA_TF32_OVERRIDE", "CUBLAS_EMULATE_SINGLE_PRECISION"})
    if (const char* v = std::getenv(var))
      std::cerr << "simtrain-calibrate: warning: " << var << "=" << v
                << " is set; it changes the kernels or launches measured\n";

  // The launch period first: the simulator charges it on top of every kernel (t = flops /
  // (peak x eff) + launch, sim/work/cost.hpp), so the GEMM efficiencies below are fitted to the
  // GEMM times without it, or tiny GEMMs would pay the gap twice.
  std::cerr << "measuring kernel launches...\n";
  const calibrate::LaunchPeriod launch = gpu.launch_period(t);
  d.launch_s = launch.queued_s;

  // 1. GEMMs.
  std::vector<std::string> gemm_lines;
  const std::vector<GemmShape> shapes = gemm_shapes(opt.quick);
  for (const std::string prec : {"fp32", "tf32", "fp16", "bf16"}) {
    auto peak = model.peak_flops.find(prec);
    if (peak == model.peak_flops.end() || peak->second <= 0) {
      gemm_lines.push_back(fmt::format("  {:<5} skipped: the catalog has no {} peak for {}", prec, prec, key));
      continue;
    }
    if (!gpu.supports_gemm(prec)) {
      gemm_lines.push_back(fmt::format("  {:<5} skipped: compute capability {}.{} has no {} GEMM", prec, dev.cc_major,
                                       dev.cc_minor, prec));
      continue;
    }
    std::cerr << fmt::format("measuring GEMM {} ({} shapes)...\n", prec, shapes.size());
    std::vector<std::string> skipped;
    const auto points = gpu.gemm_sweep(prec, shapes, t, skipped);
    for (const std::string& s : skipped) std::cerr << "simtrain-calibrate: warning: GEMM " << prec << " " << s << "\n";
    std::vector<std::pair<double, double>> eff;
    double best = 0;
    for (const auto& p : points) {
      const double f = p.shape.flops();
      d.gemm_points[prec].emplace_back(f, p.seconds);
      // The kernel's own time: the measured period less the launch gap (never below half of it).
      const double busy = std::max(p.seconds - d.launch_s, 0.5 * p.seconds);
      eff.emplace_back(f, f / busy / peak->second);
      best = std::max(best, f / p.seconds);
      if (opt.verbose)
        std::cout << fmt::format("    {:<5} {:<36} {:>10.3f} GFLOP {:>11.2f} us {:>8.1f} TFLOPS  eff {:.3f}\n", prec,
                                 p.shape.label, f / 1e9, p.seconds * 1e6, f / p.seconds / 1e12,
                                 f / p.seconds / peak->second);
    }
    if (eff.size() < 2) {
      gemm_lines.push_back(fmt::format("  {:<5} skipped: fewer than two shapes fit in memory", prec));
      d.gemm_points.erase(prec);
      continue;
    }
    if (best > peak->second)
      std::cerr << fmt::format("simtrain-calibrate: warning: GEMM {} reached {}, above the catalog's peak {}: the "
                               "fitted max is capped at 1; check {}'s peak\n",
                               prec, tflops(best), tflops(peak->second), key);
    const work::KindCurve c = work::fit_efficiency_curve(eff);
    d.gemm_by_precision[prec] = c;
    gemm_lines.push_back(fmt::format("  {:<5} peak {:>12}  best {:>12} ({:.3f})  fit: max {:.3f}, half_size {:.3g} GFLOP  "
                                     "({} shapes)",
                                     prec, tflops(peak->second), tflops(best), best / peak->second, c.max,
                                     c.half_flops / 1e9, points.size()));
  }

  // 2. HBM bandwidth. A device-to-device copy reads every byte once and writes it once, so
  // HBM moves 2 x bytes: that is the traffic to compare with the catalog's bandwidth (the
  // simulator's memory-bound time counts bytes read plus bytes written the same way).
  std::cerr << "measuring device memory copies...\n";
  const double copy_cap = std::min(opt.quick ? 268435456.0 : 1073741824.0, gpu.free_bytes() / 4);
  std::vector<double> sizes;
  for (double s = 1048576.0; s <= copy_cap; s *= 2) sizes.push_back(s);
  const auto copies = gpu.copy_sweep(sizes, t);
  double best_copy = 0, best_copy_bytes = 0;
  for (const auto& p : copies) {
    d.memory_copy_points.emplace_back(p.bytes, p.seconds);
    const double rate = 2 * p.bytes / p.seconds;
    if (rate > best_copy) {
      best_copy = rate;
      best_copy_bytes = p.bytes;
    }
    if (opt.verbose)
      std::cout << fmt::format("    copy {:>9}  memcpy {:>9.2f} us ({:>7.1f} GB/s)  kernel {:>9.2f} us ({:>7.1f} GB/s)\n",
                               size_text(p.bytes), p.memcpy_seconds * 1e6, 2 * p.bytes / p.memcpy_seconds / 1e9,
                               p.kernel_seconds * 1e6, 2 * p.bytes / p.kernel_seconds / 1e9);
  }
  if (model.memory_bandwidth_bytes_per_s > 0 && best_copy > 0) {
    d.memory_efficiency = best_copy / model.memory_bandwidth_bytes_per_s;
    if (d.memory_efficiency > 1) {
      std::cerr << fmt::format("simtrain-calibrate: warning: copies reached {}, above the catalog's {}; memory "
                               "efficiency capped at 1\n",
                               gbs(best_copy), gbs(model.memory_bandwidth_bytes_per_s));
      d.memory_efficiency = 1;
    }
  }

  // 3. The launch period was measured first (above).

  // 4. Pinned host copies.
  std::cerr << "measuring pinned host copies...\n";
  const double host_bytes = std::min(opt.quick ? 67108864.0 : 268435456.0, gpu.free_bytes() / 4);
  const calibrate::HostCopy host = gpu.host_copies(static_cast<std::size_t>(host_bytes), t);
  d.h2d_bytes_per_s = host.h2d_bytes_per_s;
  d.d2h_bytes_per_s = host.d2h_bytes_per_s;

  if (gpu.host_limited())
    std::cerr << "simtrain-calibrate: warning: the host did not always queue a batch before the GPU reached it; some "
                 "small-kernel times may include host time (a busy or slow CPU?)\n";

  write_checked(opt.output, work::calibration_to_yaml(d), key);

  std::cout << "GEMM (cuBLAS, FP32 accumulation; efficiency = achieved / catalog dense peak):\n";
  for (const auto& l : gemm_lines) std::cout << l << "\n";
  if (d.memory_efficiency > 0)
    std::cout << fmt::format("memory: {:.4f} of {} (best device copy {} at {}, read + write)\n", d.memory_efficiency,
                             gbs(model.memory_bandwidth_bytes_per_s), gbs(best_copy), size_text(best_copy_bytes));
  std::cout << fmt::format("launch: {:.2f} us per kernel with the queue full ({:.2f} us as the host issues them)\n",
                           launch.queued_s * 1e6, launch.issued_s * 1e6);
  std::cout << fmt::format("host copies (pinned, {}): H2D {}, D2H {}\n", size_text(host.bytes), gbs(host.h2d_bytes_per_s),
                           gbs(host.d2h_bytes_per_s));
  std::cout << fmt::format("wrote {} (use it in a scenario with `calibration: {}`)\n", opt.output, opt.output);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"simtrain-calibrate: measure the local GPU (GEMM throughput per precision, HBM bandwidth, kernel "
               "launch period, pinned host copies) and write a simtrain calibration file\n"
               "  simtrain-calibrate -o calibration.yaml [--device N] [--gpu CATALOG_KEY] [--quick] [--catalog PATH]"};
  app.name("simtrain-calibrate");
  app.set_version_flag("--version", kTool);
  Options opt;
  app.add_option("-o,--output", opt.output, "Calibration file to write (YAML)")->required();
  app.add_option("--device", opt.device, "CUDA device ordinal (default 0)")->check(CLI::NonNegativeNumber);
  app.add_option("--gpu", opt.gpu_key, "Catalog GPU key (topologies/devices.yaml) whose peaks the efficiencies "
                                       "are relative to; default: matched by the device's name");
  app.add_option("--catalog", opt.catalog_path, "Device catalog (default: the shipped topologies/devices.yaml)");
  app.add_flag("--quick", opt.quick, "Fewer, smaller sizes and repeats (seconds, not minutes)");
  app.add_flag("-v,--verbose", opt.verbose, "Print every measured point");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;
  }

  try {
    if (opt.catalog_path.empty()) opt.catalog_path = data_path::require("topologies/devices.yaml");
    return run(opt);
  } catch (const calibrate::NoGpu& e) {
    std::cerr << "simtrain-calibrate: " << e.what() << "; nothing measured\n";
    return 77;
  } catch (const calibrate::GpuError& e) {
    std::cerr << "simtrain-calibrate: error: " << e.what() << "\n";
    return 3;
  } catch (const InputError& e) {
    std::cerr << "simtrain-calibrate: error: " << e.what() << "\n";
    return 2;
  } catch (const ScenarioError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "simtrain-calibrate: error: " << e.what() << "\n";
    return 3;
  }
}
