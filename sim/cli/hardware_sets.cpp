#include "cli/hardware_sets.hpp"

#include "topo/catalog.hpp"
#include "topo/cluster.hpp"

namespace simtrain::cli {

HardwareOverrides hardware_sets(const std::vector<std::string>& sets) {
  HardwareOverrides hw;
  for (const std::string& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) throw ScenarioError("--set", 0, 0, s, "expected key.path=value");
    const std::string key = s.substr(0, eq);
    const std::optional<FileOverride> o = parse_hardware_override(key, s.substr(eq + 1));
    if (!o)
      throw ScenarioError("--set", 0, 0, key,
                          "this command has no scenario: it takes system.<path>=value (a value of the system file) "
                          "and catalog.<section>.<entry>.<key>=value (a value of the catalog); `simtrain describe` "
                          "lists their keys");
    (o->file == OverrideFile::system ? hw.system : hw.catalog).push_back(*o);
  }
  return hw;
}

void describe_hardware_keys(std::ostream& out) {
  out << "\nSystem file and catalog values (--set, --sweep and sweep: reach them by their key path in that file):\n\n";
  out << "  system.<path>\n"
         "      a value of the scenario's system file (topologies/*.yaml, or its inline system: mapping), by its key\n"
         "      path there, list items by number from 0 (links.3.count or links[3].count); read by the system loader as\n"
         "      if written in the file (units, ranges), so an error names the --set. A value the file leaves at its\n"
         "      default may be set (fabric.oversubscription); a block cannot be added (a system without fabric: has\n"
         "      no fabric.*). E.g. system.fabric.oversubscription=2, system.fabric.routing=adaptive,\n"
         "      system.host_memory=2 TiB, system.devices.nic0.model=connectx7_ndr. In advise it applies to every\n"
         "      configuration's system; one whose system lacks the key is not run, with the reason.\n"
         "      keys:\n";
  for (const std::string& line : topo::system_file_schema().describe()) out << "        " << line << "\n";
  out << "      default: the file's\n";
  out << "  catalog.<section>.<entry>.<key>\n"
         "      a value of the catalog the system resolves (topologies/devices.yaml and the extensions the scenario\n"
         "      or the system names), in the file that defines the entry, read as if written there; the entry is\n"
         "      changed wherever it is used. E.g. catalog.link_kinds.ib_hdr.bandwidth=400 Gb/s (every NIC port and\n"
         "      fabric link of kind ib_hdr), catalog.gpus.a100_sxm4_40gb.memory=80 GiB,\n"
         "      catalog.gpus.a100_sxm4_40gb.peak.bf16=350 TFLOPS (a GPU's clock: its peaks scale with it),\n"
         "      catalog.storage.samsung_pm1733.read_bandwidth=3.5 GB/s\n"
         "      keys:\n";
  for (const std::string& line : topo::catalog_file_schema().describe()) out << "        " << line << "\n";
  out << "      default: the catalog's\n";
}

}  // namespace simtrain::cli
