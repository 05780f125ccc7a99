// One libFuzzer target: compiled once per loader with SIMTRAIN_FUZZ_ENTRY naming its entry
// point in fuzz/targets.hpp (fuzz/CMakeLists.txt), linked with -fsanitize=fuzzer.
#include <cstddef>
#include <cstdint>

#include "targets.hpp"

#ifndef SIMTRAIN_FUZZ_ENTRY
#error "SIMTRAIN_FUZZ_ENTRY must name an entry point of fuzz/targets.hpp"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return simtrain::fuzz::SIMTRAIN_FUZZ_ENTRY(data, size);
}
