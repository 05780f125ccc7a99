// What-ifs on the hardware: `--set` and `--sweep` on a value of the scenario's system file or of
// the catalog it resolves, by the key's path in that file.
//
//   system.<path>    a value of the system file (topologies/*.yaml, or the scenario's inline
//                    `system:` mapping): system.fabric.oversubscription=2,
//                    system.fabric.routing=adaptive, system.host_memory=2 TiB,
//                    system.devices.nic0.model=connectx7_ndr, system.links.1.count=6
//   catalog.<path>   a value of the catalog the system resolves (topologies/devices.yaml and the
//                    extensions the scenario or the system name): <section>.<entry>.<key>, e.g.
//                    catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s,
//                    catalog.gpus.a100_sxm4_40gb.memory=80 GiB,
//                    catalog.gpus.a100_sxm4_40gb.peak.bf16=350 TFLOPS,
//                    catalog.storage.samsung_pm1733.read_bandwidth=7 GB/s
//
// The rule is "the path is the key's path in that file": mappings by key, list items by their
// number from 0 (`links.3.count` or `links[3].count`). A path ends at a value: one the file
// gives, or one its loader accepts there and the file leaves at its default (a fabric without
// `oversubscription:` runs at 1; `system.fabric.oversubscription=2` still applies). A block
// (`system.fabric`) or a key the file cannot have is an error naming the --set and listing what
// is there. The value replaces the file's text and is read by the same loader, units and ranges
// included; an error about it names the --set, as a scenario key's does. A catalog entry is
// changed wherever it is used (every link of kind ib_hdr: the NICs' ports and the fabric's
// links), in the base catalog or in the extension that defines it.
//
// What a value cannot do: add a block or a device (a NIC count is the system file's list of
// NICs and their links: a variant file says it). Where they apply: every command that loads a
// scenario (run, memory, plan, sweep, advise, compare, calibrate --profile; topo::
// load_scenario_system) and `collective --set`. In advise, `system=` is each configuration's,
// and a system.* override applies to whichever system that is; a configuration whose system has
// no such key (a single box and system.fabric.*) is not run, with the reason, and the search
// fails only when no configuration can take it. A catalog entry the run does not use changes
// nothing (the override is still echoed).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"

namespace simtrain {

enum class OverrideFile { system, catalog };

struct FileOverride {
  OverrideFile file = OverrideFile::system;
  std::vector<std::string> path;  // inside the file, list items as numbers: {"links", "3", "count"}
  std::string key;                // as given: "system.links[3].count"
  std::string value;              // as given
  // What errors name: "--set system.fabric.oversubscription=2" (a sweep maps it to its value).
  std::string origin() const { return "--set " + key + "=" + value; }
  std::string dotted_path() const;  // "links.3.count"
};

// A scenario's overrides of its system file and catalog, in the order given.
struct HardwareOverrides {
  std::vector<FileOverride> system, catalog;
  bool empty() const { return system.empty() && catalog.empty(); }
};

// Whether a --set or --sweep key addresses the system file or the catalog.
bool is_hardware_key(const std::string& key);
// The override `key=value`; nullopt when `key` is not a hardware key. A path with an empty
// component ("system..x", "catalog.") is a ScenarioError at the --set.
std::optional<FileOverride> parse_hardware_override(const std::string& key, const std::string& value);

// The keys a loader accepts at each place of its file, for the values a file may leave out.
// A place is a generic path: "" the top, "fabric", "devices.*" (an entry of a mapping of
// names), "links.#" (an item of a list).
struct FileSchema {
  std::vector<std::pair<std::string, std::vector<std::string>>> blocks;
  // The keys at `generic`; empty when the schema does not name the place.
  const std::vector<std::string>& keys_at(const std::string& generic) const;
  // "fabric.{topology, switch, ...}", a line per place ("<name>" for an entry, "<n>" for an item).
  std::vector<std::string> describe() const;
};

// Writes `o.value` at o.path[skip...] under `root`, in place (`root` must be of a document no
// one else reads: a fresh load, or a scenario's own tree), as one scalar without a source
// position. `where` names the file in errors ("topologies/dgx_a100.yaml"). Throws a
// ScenarioError naming o.origin() when the path is not a value of the file: a key it has not
// (did you mean, and what is there), an item number out of range, a block, a value inside a value.
void apply_file_override(const Field& root, const FileOverride& o, std::size_t skip, const FileSchema& schema,
                         const std::string& where);

// An error in `file` about the key `o` set (or one inside it) names the override instead: the
// file's line shows a value the run did not use. `skip` as for apply_file_override (the path's
// components above the file's root). Other errors are returned as they are.
ScenarioError attribute_to_file_override(const ScenarioError& e, const std::string& file, const FileOverride& o,
                                         std::size_t skip);

}  // namespace simtrain
