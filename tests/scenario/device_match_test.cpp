// Measured inputs against the simulated GPU (scenario/device_match.hpp): the names are those
// the drivers print (topologies/devices.yaml's `name:`, nvidia-smi and Kineto write the same).
#include <catch2/catch.hpp>

#include "scenario/device_match.hpp"
#include "scenario/error.hpp"

using namespace simtrain;

namespace {

MeasuredDevice named(const std::string& name, const std::string& arch = "") {
  MeasuredDevice d;
  d.name = name;
  d.arch = arch;
  d.path = "trace.json";
  d.line = 5;
  d.col = 16;
  d.where = "deviceProperties, id 0";
  return d;
}

const SimulatedGpu kA100{"NVIDIA A100-SXM4-40GB", "sm_80", 108, "the system DGX A100"};
const DeviceCheckText kText{"the trace", "deviceProperties", "it would compare two GPUs", "use a system of its GPU"};

}  // namespace

TEST_CASE("GPU families of the names drivers print", "[device]") {
  SECTION("the A100's SXM and PCIe parts are one family; so are the H100's") {
    CHECK(gpu_family("NVIDIA A100-SXM4-80GB") == "A100");
    CHECK(gpu_family("NVIDIA A100 80GB PCIe") == "A100");
    CHECK(gpu_family("NVIDIA H100 80GB HBM3") == "H100");
    CHECK(gpu_family("NVIDIA H100 PCIe") == "H100");
  }
  SECTION("H200 is not H100 (another memory, another clock); vendor words are dropped") {
    CHECK(gpu_family("NVIDIA H200") == "H200");
    CHECK(gpu_family("Tesla V100-SXM2-32GB") == "V100");
    CHECK(gpu_family("NVIDIA GeForce RTX 4090") == "RTX 4090");
  }
}

TEST_CASE("a measured GPU against the simulated one", "[device]") {
  SECTION("an A100 80GB PCIe trace on an A100 SXM4 system: same family, nothing to say") {
    CHECK(match_device(named("NVIDIA A100 80GB PCIe"), kA100) == DeviceMatch::same);
    CHECK(check_device(named("NVIDIA A100 80GB PCIe"), kA100, kText, false).empty());
  }
  SECTION("an H100 trace on an A100 system: refused at the trace's line and column, exit 2") {
    try {
      check_device(named("NVIDIA H100 80GB HBM3"), kA100, kText, false);
      FAIL("an H100 trace passed on an A100 system");
    } catch (const ScenarioError& e) {
      CHECK(e.line() == 5);
      CHECK(e.col() == 16);
      CHECK(e.key() == "deviceProperties");
      CHECK_THAT(e.message(), Catch::Contains("the trace ran on NVIDIA H100 80GB HBM3 (deviceProperties, id 0)"));
      CHECK_THAT(e.message(), Catch::EndsWith("or --force-device to go on anyway"));
    }
  }
  SECTION("forced, the same mismatch is a sentence for the report") {
    CHECK(check_device(named("NVIDIA H100 80GB HBM3"), kA100, kText, true) ==
          "the trace ran on NVIDIA H100 80GB HBM3 (deviceProperties, id 0); the system DGX A100 has NVIDIA A100-SXM4-40GB "
          "(--force-device)");
  }
  SECTION("a name of no family: the compute capability decides (sm_90 is not the A100's sm_80)") {
    CHECK(match_device(named("NVIDIA", "sm_90"), kA100) == DeviceMatch::other);
    CHECK(match_device(named("NVIDIA", "sm_80"), kA100) == DeviceMatch::same);
    CHECK(match_device(named("NVIDIA"), kA100) == DeviceMatch::unknown);
  }
  SECTION("what the input says besides the name: sm_90, 132 SMs, 80 GiB") {
    MeasuredDevice d = named("NVIDIA H100 80GB HBM3", "sm_90");
    d.sms = 132;
    d.memory_bytes = 80.0 * 1024 * 1024 * 1024;
    CHECK(device_details(d) == "sm_90, 132 SMs, 80.0 GiB");
  }
}
