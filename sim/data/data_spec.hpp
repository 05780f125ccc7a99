// The `data:` block of a scenario: the dataset, where it is stored, and how PyTorch's
// DataLoader reads it. Parsed once at the edge (units, choices, ranges) into DataSpec; every
// mistake is a ScenarioError at the offending key's file:line:col. The keys are listed with
// their meaning and defaults in the scenario key table (scenario.cpp, block `data.*`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/enum_names.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain::data {

// files: one file per sample (each read costs an IOPS slot and a queue-depth-1 access);
// lmdb / shards: packed, read sequentially (memory-mapped LMDB, WebDataset/TFRecord shards);
// ram: the dataset lives in the training process's memory (no storage reads at all).
enum class Format { files, lmdb, shards, ram };
inline constexpr auto kFormatNames = enum_names<Format>(
    {{Format::files, "files"}, {Format::lmdb, "lmdb"}, {Format::shards, "shards"}, {Format::ram, "ram"}});
const char* format_name(Format f);

struct DataSpec {
  bool enabled = false;
  // dataset
  long long samples = 0;
  double bytes_per_sample = 0;         // as stored (encoded JPEG, video clip, packed record)
  double tensor_bytes_per_sample = 0;  // what is copied to the GPU (0: derived from the model)
  Format format = Format::files;
  // storage: device names of the system (a RAID0 of several stripes every read over all)
  std::string storage_kind;  // nvme | nfs | lustre | gpfs | ram
  std::vector<std::string> storage_devices;
  std::vector<Field> storage_fields;  // where each name was given, for errors
  // loader
  int num_workers = 4;
  int prefetch_factor = 2;
  bool pin_memory = true;
  double cpu_s_per_sample = 0;    // decode + augment + collate on one core
  double gpu_s_per_sample = 0;    // DALI-style decode on the GPU's compute stream
  int cpu_cores = 0;              // cores of a node given to the job (0: all of the node's)
  double page_cache_bytes = -1;   // page cache of a node (-1: host_memory minus processes)
  long long epochs = 1;
  std::optional<Field> where, samples_field, cores_field, workers_field;
};

// Parses the `data:` mapping (already checked against the scenario key table).
DataSpec parse_data(const Field& data);

}  // namespace simtrain::data
