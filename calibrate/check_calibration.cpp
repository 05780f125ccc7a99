// simtrain-calibration-check: loads a calibration file as a scenario's `calibration: FILE`
// does (work::apply_calibration_file over topologies/compute.yaml's figures for the GPU) and
// prints the compute figures it yields next to compute.yaml's. Host code only: it runs (and
// the calibrate.run_quick test uses it) without a GPU.
//
//   simtrain-calibration-check FILE [--gpu KEY]
//
// KEY defaults to the file's catalog_key. Exit codes: 0 the file loads and is complete; 1
// usage; 2 the file does not load (file:line:col error); 3 it loads but lacks a measured
// figure (gemm_by_precision, memory, launch) or one is out of range.
#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <iostream>
#include <string>

#include "scenario/data_path.hpp"
#include "scenario/error.hpp"
#include "work/calibration.hpp"

namespace {

using namespace simtrain;

std::string curve_text(const work::KindCurve& c) {
  return fmt::format("max {:.4f}, half_size {:.4g} GFLOP", c.max, c.half_flops / 1e9);
}

int check(const std::string& path, std::string key) {
  // The raw document, for the catalog_key and for what the file itself sets (the merged
  // figures cannot tell a measured value from compute.yaml's).
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    std::cerr << path << ": error: " << e.what() << "\n";
    return 2;
  }
  if (key.empty()) {
    if (!root.IsMap() || !root["catalog_key"] || !root["catalog_key"].IsScalar()) {
      std::cerr << path << ": error: no catalog_key in the file; pass --gpu KEY\n";
      return 2;
    }
    key = root["catalog_key"].as<std::string>();
  }

  const work::ComputeCalibration base =
      work::load_calibration(data_path::require("topologies/compute.yaml"), key);
  std::string described;
  const work::ComputeCalibration cal = work::apply_calibration_file(path, key, base, &described);

  std::cout << "calibration: " << described << "\n";
  std::cout << "gpu key: " << key << "\n";
  int problems = 0;
  auto problem = [&](const std::string& what) {
    std::cout << "  PROBLEM: " << what << "\n";
    ++problems;
  };
  const YAML::Node compute = root["compute"];
  std::cout << fmt::format("  gemm (compute.yaml): {}\n", curve_text(base.gemm));
  if (!compute["gemm_by_precision"] || cal.gemm_by_precision.empty()) problem("no gemm_by_precision curve");
  for (const auto& [prec, c] : cal.gemm_by_precision) {
    std::cout << fmt::format("  gemm {:<5} measured: {}\n", prec, curve_text(c));
    if (!(c.max > 0 && c.max <= 1)) problem("gemm " + prec + ": max outside (0, 1]");
    if (!(c.half_flops > 0)) problem("gemm " + prec + ": half_size is not positive");
  }
  std::cout << fmt::format("  memory: {:.4f} (compute.yaml {:.4f})\n", cal.memory, base.memory);
  if (!compute["memory"]) problem("no memory efficiency");
  else if (!(cal.memory > 0 && cal.memory <= 1)) problem("memory efficiency outside (0, 1]");
  std::cout << fmt::format("  launch: {:.3f} us (compute.yaml {:.3f} us)\n", ps_to_us(cal.launch_ps),
                           ps_to_us(base.launch_ps));
  if (!compute["launch"]) problem("no launch period");
  else if (!(cal.launch_ps > 0)) problem("launch period is not positive");
  const YAML::Node points = root["points"];
  for (const char* k : {"h2d_bytes_per_s", "d2h_bytes_per_s"})
    if (points && points[k]) std::cout << fmt::format("  {}: {:.2f} GB/s\n", k, points[k].as<double>() / 1e9);
  if (problems) {
    std::cout << problems << " problem(s)\n";
    return 3;
  }
  std::cout << "ok\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string path, key;
  bool usage = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--gpu" && i + 1 < argc) key = argv[++i];
    else if (path.empty() && !a.empty() && a[0] != '-') path = a;
    else usage = true;
  }
  if (usage || path.empty()) {
    std::cerr << "usage: simtrain-calibration-check FILE [--gpu KEY]\n";
    return 1;
  }
  try {
    return check(path, key);
  } catch (const ScenarioError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "simtrain-calibration-check: error: " << e.what() << "\n";
    return 2;
  }
}
