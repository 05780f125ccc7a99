// The bounds every count and size read from input is checked against, in one place.
//
// Why bounds at all: values travel from YAML into int fields and into products (GPUs x batch x
// accumulation, layers x hidden^2) that must not wrap, and into task graphs whose size is what
// a run costs. Each bound is far above anything a real system or model has (the largest shipped
// run is 16,384 GPUs: 2,048 nodes of 8), so no honest input meets one, and far enough below
// INT_MAX that the products the simulator forms of them stay exact in int64 and double.
// A value outside its range is an error naming the key, its line and column, the value and the
// range (Field::as_int_in); the README's "Errors" section lists the table.
#pragma once

#include <cstddef>
#include <cstdint>

namespace simtrain::limits {

// --- Scenario --------------------------------------------------------------------------
// 65,536 nodes of 8 is 4x the largest cluster a published run used (Llama 3: 16,384 GPUs).
inline constexpr long long max_nodes = 65536;
// No node holds more than a few dozen GPUs (NVL72 racks are 72); 4,096 covers any system file.
inline constexpr long long max_gpus_per_node = 4096;
// A per-GPU batch of 2^24 samples; the activation memory alone is far past any GPU.
inline constexpr long long max_batch_per_gpu = 1LL << 24;
// Micro-batches per optimizer step; published recipes use at most a few thousand.
inline constexpr long long max_grad_accumulation = 65536;
// Simulated steps and warm-up steps: the averages settle within a few (the CLI's --steps cap).
inline constexpr long long max_steps = 10000;
// Parallel degrees (tp, pp, dp, cp, ep, shard groups): at most the GPUs of the largest cluster.
inline constexpr long long max_parallel_degree = max_nodes * 16;

// --- Systems and the catalog -------------------------------------------------------------
// Parallel links between two devices (an H100 has 18 NVLinks), drives, fabric storage targets.
inline constexpr long long max_link_count = 4096;
// Streaming multiprocessors, CPU cores, switch ports.
inline constexpr long long max_units = 65536;

// --- Models ------------------------------------------------------------------------------
inline constexpr long long max_layers = 16384;            // 100x the deepest published LLM
inline constexpr long long max_hidden = 1LL << 20;        // 1,048,576; GPT-4-class is ~16k
inline constexpr long long max_heads = 65536;
inline constexpr long long max_ffn_hidden = 1LL << 24;    // 16,777,216
inline constexpr long long max_vocab = 1LL << 24;         // 16,777,216; byte-level to 256k today
inline constexpr long long max_seq_len = 1LL << 24;       // 16M tokens; the longest contexts are ~10M
inline constexpr long long max_experts = 65536;
inline constexpr long long max_image = 65536;             // pixels on a side
inline constexpr long long max_channels = 65536;
inline constexpr long long max_classes = 1LL << 24;

// --- Data pipeline -----------------------------------------------------------------------
inline constexpr long long max_workers = 4096;            // DataLoader workers per rank
inline constexpr long long max_prefetch = 4096;           // batches prefetched per worker
inline constexpr long long max_epochs = 1000000;
inline constexpr long long max_dataset_samples = 1000000000000000LL;  // 10^15 samples

// --- Text --------------------------------------------------------------------------------
// A name or label (scenario, system, model, device, case id): one line of valid UTF-8.
inline constexpr std::size_t max_name_bytes = 256;
// An input file: the largest shipped one (validation/cases.yaml) is under 200 KB; 64 MiB leaves
// room for generated systems of thousands of devices and keeps a hostile file (or /dev/zero
// named as one) from being read forever.
inline constexpr std::uintmax_t max_input_file_bytes = 64ULL << 20;
// Any mapping key in any file (keys are names too: device keys, catalog entries).
inline constexpr std::size_t max_key_bytes = 256;

// --- Documents ---------------------------------------------------------------------------
// Nodes a document may have with its aliases expanded. The shipped files have a few thousand;
// an alias bomb ("billion laughs") expands to 10^9 and more and is refused at this count.
inline constexpr std::uint64_t max_expanded_nodes = 1000000;

// --- A run's size ------------------------------------------------------------------------
// Engine events a single run may be estimated to take before it is refused up front
// (drive/run.cpp states the estimate). The largest shipped run is about 2 M.
inline constexpr double max_estimated_events = 50e6;
// Engine tasks a whole search (sweep, advise) may be estimated to take, its points' run-size
// estimates summed, before it is refused unless --max-total-seconds bounds it (drive/
// search_budget.hpp): 20 runs at the run budget. The largest shipped run (16,384 GPUs, about
// 9 M tasks by the estimate) takes 17 s on one core of the development machine, so 1 G is
// about half an hour of one core, minutes on a workstation's.
inline constexpr double max_search_tasks = 1e9;
// Engine tasks the layouts a `plan` simulates may be estimated to take together (drive/plan.hpp),
// one layout included: about 20 s of simulating at the pace measured on the 16,384-GPU Llama 3
// layouts (a 16.8 M-task estimate, tp8 cp4 pp8 m32 v2, took 35 s of one core and 2.7 GB), so
// that a plan stays within a minute and 4 GB with its closed forms (12 s for 30,072 layouts).
inline constexpr double max_plan_estimated_events = 10e6;

// The bytes a run's trace files may take (--trace's Chrome JSON; --chakra's ET files), estimated
// before the simulation from a one-step graph (drive/run.cpp, check_trace_size). The writers
// stream to disk, so this is not their memory: it is what a trace is for. Perfetto's UI, in a
// browser, has about 2 GB at run time, 2-4x the trace's size (perfetto.dev/docs/visualization/
// large-traces); a 900 MB JSON trace crashed it (google/perfetto issue 99); chrome://tracing
// stops at 256 MB. Past 1 GB a trace opens in no viewer, and the run keeps a record of every
// task for it (~250 bytes a task: ~2.5 GB at this size). A trace needs a few steps.
inline constexpr double max_trace_bytes = 1e9;

// --- Measurement files ------------------------------------------------------------------
// An nccl-tests log compared size by size (`collective --compare`): nccl-tests' doubling sweeps
// print ~35 sizes from 1 B to 16 GiB; a linear -i sweep a few hundred; each row is a simulation.
inline constexpr std::size_t max_nccl_tests_rows = 1024;

// --- Data pipeline ----------------------------------------------------------------------
// Bytes of one sample, as stored and as the tensor the GPU receives: 64 GiB is more than a GPU's
// memory holds for one sample (the largest are video clips of a few GB). Above it, a batch's
// transfer (up to 2^24 samples) overflows the picosecond clock and read as a link with no
// bandwidth (the hostile-input run's 1e23-byte tensor).
inline constexpr double max_sample_bytes = 68719476736.0;  // 64 GiB

// --- Quantities with units (scenario/units.cpp) -------------------------------------------
// An amount of money: $1e12 is more than any cluster has cost (the largest announced AI
// data-centre projects are ~$1e11), so a price, a rate or a budget above it is a typo; below it,
// the products a cost report forms (GPUs x hours x $/GPU-h) stay finite and print as figures,
// not $inf ('$1e308' once printed a 300-digit rent and $inf a step).
inline constexpr double max_money_usd = 1e12;
// A power: 1 GW is a whole data-centre campus; a device or node above it is a typo (1e308 W
// printed a 300-digit power and inf kWh).
inline constexpr double max_power_w = 1e9;

}  // namespace simtrain::limits
