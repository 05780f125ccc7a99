// Fuzz entry points: one function per input loader, shared by the libFuzzer targets
// (fuzz/libfuzzer_entry.cpp, the `fuzz` preset, ASan+UBSan) and the plain replay driver
// (fuzz/replay_main.cpp, built in every build so ctest replays tests/fuzz_regressions/).
//
// Each function feeds the bytes to one loader as a user's file would reach it. A loader's
// answer to bad input is a ScenarioError (or std::invalid_argument from a builder asked
// for the impossible): those are swallowed here, as the CLI reports them and exits. Anything
// else -- another exception type, a crash, a sanitizer report, a hang -- escapes and is a
// finding. Loaders that only take a path get the bytes written to a per-process temporary
// directory, which keeps "next to the input file first, then the shipped data" resolution
// falling through to the shipped topologies/ and models/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace simtrain::fuzz {

using EntryFn = int (*)(const std::uint8_t* data, std::size_t size);

int fuzz_scenario(const std::uint8_t* data, std::size_t size);      // load_scenario
int fuzz_scenario_run(const std::uint8_t* data, std::size_t size);  // load_scenario, then one step (<= 4 nodes)
int fuzz_system(const std::uint8_t* data, std::size_t size);        // topo::load_system_from
int fuzz_catalog(const std::uint8_t* data, std::size_t size);       // topo::Catalog::load, as base and as extension
int fuzz_model(const std::uint8_t* data, std::size_t size);         // work::load_model_doc
int fuzz_cases(const std::uint8_t* data, std::size_t size);         // drive::load_cases
int fuzz_calibration(const std::uint8_t* data, std::size_t size);   // work::apply_calibration_file
int fuzz_topo_import(const std::uint8_t* data, std::size_t size);   // topo::import_topo_matrix
int fuzz_nccl_xml(const std::uint8_t* data, std::size_t size);      // topo::import_nccl_xml
int fuzz_nccl_tests(const std::uint8_t* data, std::size_t size);    // parse_nccl_tests_log
int fuzz_journal(const std::uint8_t* data, std::size_t size);       // drive::read_journal with each search's check, then resealed and merged as a part
int fuzz_chakra(const std::uint8_t* data, std::size_t size);        // chakra::parse_rank_file + link_ranks
int fuzz_profile(const std::uint8_t* data, std::size_t size);       // drive::load_profile_trace + split_trace
int fuzz_net_calibration(const std::uint8_t* data, std::size_t size);  // work::load_network_calibration, applied to a DGX A100

struct Target {
  std::string name;  // "scenario": the libFuzzer binary is fuzz_scenario
  EntryFn fn;
};

// Every target, in the order fuzz/run.sh runs them.
const std::vector<Target>& targets();

}  // namespace simtrain::fuzz
