// Which GPU a measured input ran on, against the GPU a command simulates (an H200
// nccl-tests log fitted on dgx_a100 wrote an "A100" network calibration from H200 figures; a
// profiler trace of one GPU held against a scenario of another compared two machines).
//
// The rule: two GPUs are the same when their families are (gpu_family: "NVIDIA A100-SXM4-80GB"
// and "NVIDIA A100 80GB PCIe" are both A100; H100 and H200 are not). Where the input's name
// gives no family, its compute capability decides ("sm_90" against the catalog's arch); where
// it gives neither, nothing is checked and the caller says so. A different family is refused
// at the input's line (ScenarioError, exit 2) unless the command was given --force-device; then
// the sentence saying what was forced goes into the output. Within one family a variant with
// another SM count (H100 PCIe's 114 against H100 SXM's 132) passes, with a note: its kernels run
// at another rate, which the comparison does not correct.
#pragma once

#include <string>

namespace simtrain {

// The GPU family of a device name: vendor words dropped, words up to the first with a digit,
// each cut at '-' or '(' ("NVIDIA A100-SXM4-80GB" -> "A100", "NVIDIA H100 80GB HBM3" -> "H100",
// "NVIDIA GeForce RTX 4090" -> "RTX 4090"), upper case; "" for a name of vendor words only.
std::string gpu_family(const std::string& name);

// A GPU as a measured input names it.
struct MeasuredDevice {
  std::string name;           // "NVIDIA H100 80GB HBM3"; "" when the input names none
  std::string arch;           // "sm_90" from a compute capability; "" when not given
  int sms = 0;                // streaming multiprocessors; 0 when not given
  double memory_bytes = 0;    // 0 when not given
  std::string path;           // the input file
  int line = 0, col = 0;      // where the name is (1-based; 0: not known)
  std::string where;          // for the message: "line 18", "deviceProperties, id 0"
  std::string context;        // the input's line there, for the caret ("" for none)
};

// The GPU a command simulates.
struct SimulatedGpu {
  std::string name;    // "NVIDIA A100-SXM4-40GB"
  std::string arch;    // "sm_80" ("" when the catalog gives none)
  int sms = 0;
  std::string holder;  // who has it, for the message: "the system DGX A100 (8x A100-SXM4-40GB)"
};

enum class DeviceMatch { same, other, unknown };
DeviceMatch match_device(const MeasuredDevice& d, const SimulatedGpu& g);

// What an input is and what a mismatch would do, for the message.
struct DeviceCheckText {
  std::string input;        // "the log", "the trace"
  std::string key;          // the error's key: "--system", "deviceProperties"
  std::string consequence;  // "a fit or comparison would credit one GPU's network with another's figures"
  std::string remedy;       // "use a system of the log's GPU"
};

// The measured GPU against the simulated one: "" when they match or nothing can be checked;
// another family is a ScenarioError at d's line unless `force`, which returns the sentence
// "INPUT ran on NAME (WHERE); HOLDER has GPU (--force-device)".
std::string check_device(const MeasuredDevice& d, const SimulatedGpu& g, const DeviceCheckText& text, bool force);

// "sm_90, 132 SMs, 79.6 GiB": what the input gives of the device besides its name ("" if nothing).
std::string device_details(const MeasuredDevice& d);

}  // namespace simtrain
