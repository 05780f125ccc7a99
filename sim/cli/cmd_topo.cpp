// `simtrain topo`: a system's GPU/NIC matrix as `nvidia-smi topo -m` prints it, its graph as
// DOT or NCCL's topology XML, or a system file built from a real matrix or XML dump.
#include <sys/stat.h>
#include <unistd.h>

#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/flag_checks.hpp"
#include "cli/output_file.hpp"
#include "scenario/command_files.hpp"
#include "scenario/error.hpp"
#include "scenario/files.hpp"
#include "scenario/limits.hpp"
#include "topo/cluster.hpp"
#include "topo/nccl_xml.hpp"
#include "topo/topo_import.hpp"
#include "topo/topo_matrix.hpp"

namespace simtrain::cli {

namespace {

// Standard input read whole (topo --import -); a regular file redirected there is one of the
// command's inputs like a named one (`-o t.xml < t.xml` is refused).
std::string read_stdin() {
  struct stat st {};
  if (::fstat(0, &st) == 0 && S_ISREG(st.st_mode)) command_files::note_input("stdin", st.st_dev, st.st_ino);
  std::ostringstream ss;
  ss << std::cin.rdbuf();
  return ss.str();
}

std::string read_import(const std::string& file) { return file != "-" ? read_input_file(file) : read_stdin(); }

struct TopoFlags {
  std::string system, dot, import, out, import_xml, export_xml;
  int nodes = 1;
  topo::TopoImportOptions imp;
};

// --import-nccl-xml: a system file from NCCL's topology dump.
int import_nccl_xml(const TopoFlags& f) {
  if (!f.system.empty() || !f.dot.empty() || !f.export_xml.empty())
    throw ScenarioError("", 0, 0, "--import-nccl-xml", "reads NCCL's XML and writes a system file: give no system, --dot or --export-nccl-xml with it");
  if (f.imp.sockets > 0) throw ScenarioError("", 0, 0, "--sockets", "goes with --import; NCCL's XML names its CPUs");
  if (!f.out.empty()) check_output_path("-o", f.out);
  const std::string text = read_import(f.import_xml);
  const topo::NcclXmlImportResult res =
      topo::import_nccl_xml(text, f.import_xml == "-" ? std::string("stdin") : f.import_xml, f.imp);
  if (f.out.empty()) std::cout << res.yaml << std::flush;  // before the summary on stderr
  else write_file_atomic(f.out, res.yaml);
  std::cerr << "simtrain topo --import-nccl-xml: " << res.gpus << " GPUs, " << res.nics << " NICs, " << res.cpus
            << " CPUs (NUMA nodes), " << res.switches << " PCIe bridges as switches\n";
  for (const std::string& n : res.notes) std::cerr << "  note: " << printable(n) << "\n";
  return 0;
}

// --import: a system file from `nvidia-smi topo -m`'s matrix.
int import_matrix(const TopoFlags& f) {
  if (!f.system.empty() || !f.dot.empty())
    throw ScenarioError("", 0, 0, "--import", "reads a matrix and writes a system file: give no system and no --dot with it");
  if (!f.out.empty()) check_output_path("-o", f.out);
  const std::string text = read_import(f.import);
  const topo::TopoImportResult res = topo::import_topo_matrix(text, f.import == "-" ? std::string("stdin") : f.import, f.imp);
  if (f.out.empty()) std::cout << res.yaml << std::flush;  // before the summary on stderr
  else write_file_atomic(f.out, res.yaml);
  std::cerr << "simtrain topo --import: " << res.reproduced << " of " << res.relations << " relations reproduced exactly";
  if (res.node_as_phb > 0) std::cerr << ", " << res.node_as_phb << " NODE shown as PHB";
  if (res.sys_as_phb > 0) std::cerr << ", " << res.sys_as_phb << " SYS within a socket shown as PHB";
  std::cerr << (res.node_as_phb + res.sys_as_phb > 0 ? " (one CPU vertex per socket)" : "") << "\n";
  for (const std::string& mm : res.mismatches) std::cerr << "  warning: not reproduced: " << mm << "\n";
  return 0;
}

// A shipped or given system: its matrix, DOT or NCCL XML.
int show_system(const TopoFlags& f) {
  if (f.system.empty()) throw ScenarioError("", 0, 0, "system", "required: a system file or a shipped system's name (or --import, --import-nccl-xml)");
  for (const auto* flag : {&f.imp.gpu_model, &f.imp.cpu_model, &f.imp.nic_model, &f.imp.name, &f.out})
    if (!flag->empty()) throw ScenarioError("", 0, 0, "--import", "--gpu, --cpu, --nic, --name and -o go with --import");
  if (!f.dot.empty() && f.dot != "-") check_output_path("--dot", f.dot);
  if (!f.export_xml.empty() && f.export_xml != "-") check_output_path("--export-nccl-xml", f.export_xml);
  auto cluster = topo::load_system(resolve_system(f.system), f.nodes);
  if (!f.export_xml.empty()) {
    if (!f.dot.empty()) throw ScenarioError("", 0, 0, "--export-nccl-xml", "give one of --dot and --export-nccl-xml");
    const std::string xml = topo::export_nccl_xml(*cluster);
    if (f.export_xml == "-") std::cout << xml;
    else write_file_atomic(f.export_xml, xml);
    return 0;
  }
  if (!f.dot.empty()) {
    std::ostringstream dot;
    topo::write_dot(*cluster, dot);
    if (f.dot == "-") std::cout << dot.str();
    else write_file_atomic(f.dot, dot.str());
    if (f.dot == "-") return 0;
  }
  std::cout << topo::topo_matrix(*cluster, 0);
  return 0;
}

int run_topo(const TopoFlags& f) {
  if (!f.import.empty() && !f.import_xml.empty())
    throw ScenarioError("", 0, 0, "--import-nccl-xml", "give one of --import (nvidia-smi topo -m) and --import-nccl-xml");
  if (!f.import_xml.empty()) return import_nccl_xml(f);
  if (!f.import.empty()) return import_matrix(f);
  return show_system(f);
}

}  // namespace

Subcommand add_topo_command(CLI::App& app) {
  auto f = std::make_shared<TopoFlags>();
  auto* cmd = app.add_subcommand("topo", "Print the GPU/NIC matrix as nvidia-smi topo -m does");
  cmd->add_option("system", f->system, "System file or a shipped system's name");
  cmd->add_option("--nodes", f->nodes, "Number of nodes (for --dot)")->check(whole_number(1, limits::max_nodes));
  cmd->add_option("--dot", f->dot, "Write Graphviz DOT of the whole graph to this file ('-' for stdout)");
  cmd->add_option("--import", f->import, "Build a system file from a real `nvidia-smi topo -m` output (this file; '-' for stdin)");
  cmd->add_option("--import-nccl-xml", f->import_xml, "Build a system file from NCCL's topology dump (NCCL_TOPO_DUMP_FILE; '-' for stdin): the PCIe tree, link widths, NVLink counts, NICs");
  cmd->add_option("--export-nccl-xml", f->export_xml, "Write the system's node as NCCL's topology XML to this file ('-' for stdout)");
  cmd->add_option("--gpu", f->imp.gpu_model, "--import: the catalog's GPU model (topologies/devices.yaml key)");
  cmd->add_option("--cpu", f->imp.cpu_model, "--import: the catalog's CPU model");
  cmd->add_option("--nic", f->imp.nic_model, "--import: the catalog's NIC model (when the matrix has NICs)");
  cmd->add_option("--sockets", f->imp.sockets, "--import: CPU sockets (default: 2 when the matrix shows SYS, else 1)")->check(whole_number(1, 8));
  cmd->add_option("--name", f->imp.name, "--import: the system's name");
  cmd->add_option("-o,--output", f->out, "--import: write the system file here (default: stdout)");
  return {cmd, [f](Context&) { return run_topo(*f); }};
}

}  // namespace simtrain::cli
