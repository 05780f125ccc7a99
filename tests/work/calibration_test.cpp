// Calibration files: the curve fit recovers a known curve, files round-trip, a file measured on
// another GPU is refused, and a scenario that names one runs with its figures.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "drive/run.hpp"
#include "scenario/error.hpp"
#include "work/calibration.hpp"

using namespace simtrain;
using namespace simtrain::work;

namespace {
std::string write_temp(const std::string& name, const std::string& text) {
  const auto p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p) << text;
  return p.string();
}

CalibrationData sample(const std::string& key) {
  CalibrationData d;
  d.gpu_name = "NVIDIA A100-SXM4-80GB";
  d.catalog_key = key;
  d.measured = {{"date", "2026-12-02T12:00:00Z"}, {"tool", "test"}};
  d.gemm_by_precision["bf16"] = KindCurve{0.5, 2e9};
  d.memory_efficiency = 0.9;
  d.launch_s = 4e-6;
  d.gemm_points["bf16"] = {{2.0 * 1024 * 1024 * 1024, 3.4e-5}, {2.0 * 8192 * 8192 * 8192, 4.2e-3}};
  d.memory_copy_points = {{1 << 30, 1.2e-3}};
  d.h2d_bytes_per_s = 24e9;
  return d;
}
}  // namespace

TEST_CASE("calibration: the least-squares fit recovers a known efficiency curve", "[calibration]") {
  // eff(f) = 0.85 f / (f + 0.7 GFLOP), sampled from 4 MFLOP to 1.1 TFLOP as a GEMM sweep would.
  std::vector<std::pair<double, double>> pts;
  for (int n = 128; n <= 8192; n *= 2) {
    const double f = 2.0 * n * n * n;
    pts.emplace_back(f, 0.85 * f / (f + 0.7e9));
  }
  const KindCurve k = fit_efficiency_curve(pts);
  CHECK(k.max == Approx(0.85).epsilon(1e-4));
  CHECK(k.half_flops == Approx(0.7e9).epsilon(1e-3));
  // Noise of +-2% moves the fit by a little, deterministically.
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i].second *= i % 2 ? 1.02 : 0.98;
  const KindCurve a = fit_efficiency_curve(pts), b = fit_efficiency_curve(pts);
  CHECK(a.max == b.max);
  CHECK(a.max == Approx(0.85).epsilon(0.03));
  CHECK_THROWS(fit_efficiency_curve({{1e9, 0.5}}));
}

TEST_CASE("calibration: a file round-trips and replaces the shipped figures", "[calibration]") {
  const std::string path = write_temp("simtrain_cal_ok.yaml", calibration_to_yaml(sample("a100_sxm4_80gb")));
  ComputeCalibration base;
  std::string described;
  const ComputeCalibration c = apply_calibration_file(path, "a100_sxm4_80gb", base, &described);
  REQUIRE(c.gemm_by_precision.count("bf16") == 1);
  CHECK(c.gemm_by_precision.at("bf16").max == Approx(0.5));
  CHECK(c.gemm_by_precision.at("bf16").half_flops == Approx(2e9));
  CHECK(c.memory == Approx(0.9));
  CHECK(ps_to_seconds(c.launch_ps) == Approx(4e-6));
  CHECK(c.conv_vs_gemm == base.conv_vs_gemm);  // what the file does not measure stays
  CHECK(described.find("NVIDIA A100-SXM4-80GB, measured 2026-12-02") == 0);
}

TEST_CASE("calibration: files measured elsewhere or with unknown keys are errors at their line", "[calibration][errors]") {
  const std::string other = write_temp("simtrain_cal_h100.yaml", calibration_to_yaml(sample("h100_sxm5")));
  try {
    apply_calibration_file(other, "a100_sxm4_80gb", {});
    FAIL("expected an error");
  } catch (const ScenarioError& e) {
    CHECK(e.key() == "catalog_key");
    CHECK(e.line() == 5);
    CHECK(e.message().find("scenario's GPU is 'a100_sxm4_80gb'") != std::string::npos);
  }
  std::string text = calibration_to_yaml(sample("a100_sxm4_80gb"));
  text.replace(text.find("  memory: 0.9"), 12, "  memroy: 0.9");
  const std::string typo = write_temp("simtrain_cal_typo.yaml", text);
  CHECK_THROWS_WITH(apply_calibration_file(typo, "a100_sxm4_80gb", {}), Catch::Contains("did you mean 'memory'"));
}

TEST_CASE("calibration: a scenario runs with the measured figures", "[calibration]") {
  // Llama-2-7B on A100-80GB in bf16: a card measured at 0.5 of peak on large GEMMs (against the
  // shipped 0.869) takes longer per step, and the report says which file calibrated it.
  const std::string cal = write_temp("simtrain_cal_scen.yaml", calibration_to_yaml(sample("a100_sxm4_80gb")));
  const std::string scen = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_llama2_7b_fsdp.yaml";
  // FlashAttention keeps the step GEMM-bound (eager attention's score passes are memory-bound).
  const train::RunResult shipped = drive::run_scenario(load_scenario(scen, {"steps=1", "flash_attention=true"}), {});
  const train::RunResult measured =
      drive::run_scenario(load_scenario(scen, {"steps=1", "flash_attention=true", "calibration=" + cal}), {});
  CHECK(measured.compute_s > 1.3 * shipped.compute_s);
  CHECK(measured.calibration.find("NVIDIA A100-SXM4-80GB") == 0);
  CHECK(shipped.calibration.empty());
  CHECK_THROWS_WITH(drive::run_scenario(load_scenario(std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/scenarios/8xA100_pcie_switch.yaml",
                                                      {"calibration=" + cal}),
                                        {}),
                    Catch::Contains("a100_pcie_80gb"));
}
