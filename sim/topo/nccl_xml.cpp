#include "topo/nccl_xml.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <queue>
#include <regex>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "scenario/error.hpp"
#include "scenario/yaml_doc.hpp"
#include "topo/catalog.hpp"

namespace simtrain::topo {

const std::string* XmlElement::attr(const std::string& key) const {
  for (const auto& [k, v] : attrs)
    if (k == key) return &v;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// The XML reader.

namespace {

constexpr int kMaxDepth = 64;  // NCCL nests cpu > pci (a few bridges) > gpu > nvlink

class XmlReader {
 public:
  XmlReader(const std::string& text, std::string source) : t_(text), src_(std::move(source)) {}

  XmlElement document() {
    skip_misc();
    if (at_end()) throw error("no element: expected NCCL's topology XML (<system version=\"1\"> ...)");
    XmlElement root = element(0);
    skip_misc();
    if (!at_end()) throw error("text after the root element </" + root.name + ">");
    return root;
  }

 private:
  const std::string& t_;
  std::string src_;
  std::size_t i_ = 0;
  int line_ = 1, col_ = 1;

  bool at_end() const { return i_ >= t_.size(); }
  char peek(std::size_t k = 0) const { return i_ + k < t_.size() ? t_[i_ + k] : '\0'; }
  bool starts(const char* s) const { return t_.compare(i_, std::char_traits<char>::length(s), s) == 0; }
  void advance(std::size_t n = 1) {
    for (std::size_t k = 0; k < n && i_ < t_.size(); ++k, ++i_) {
      if (t_[i_] == '\n') ++line_, col_ = 1;
      else ++col_;
    }
  }
  ScenarioError error(const std::string& msg) const { return ScenarioError(src_, line_, col_, "xml", msg); }
  void skip_ws() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) advance();
  }
  void skip_until(const char* end, const char* what) {
    const std::size_t at = t_.find(end, i_);
    if (at == std::string::npos) throw error(std::string("unterminated ") + what);
    advance(at - i_ + std::char_traits<char>::length(end));
  }
  // Whitespace, text, comments, declarations: everything between elements.
  void skip_misc() {
    for (;;) {
      while (!at_end() && peek() != '<') advance();
      if (starts("<!--")) skip_until("-->", "comment");
      else if (starts("<?")) skip_until("?>", "declaration");
      else if (starts("<!")) skip_until(">", "declaration");
      else return;
    }
  }
  static bool name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':';
  }
  std::string name() {
    const std::size_t start = i_;
    while (!at_end() && name_char(peek())) advance();
    if (i_ == start) throw error("expected a name");
    return t_.substr(start, i_ - start);
  }
  std::string value() {
    const char q = peek();
    if (q != '"' && q != '\'') throw error("expected a quoted attribute value");
    advance();
    std::string v;
    while (!at_end() && peek() != q) {
      if (peek() == '<') throw error("'<' in an attribute value");
      if (peek() == '&') {
        static const std::pair<const char*, char> ents[] = {{"&quot;", '"'}, {"&apos;", '\''}, {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}};
        bool done = false;
        for (const auto& [e, c] : ents)
          if (starts(e)) {
            v += c;
            advance(std::char_traits<char>::length(e));
            done = true;
            break;
          }
        if (!done) throw error("unknown entity (expected &quot; &apos; &amp; &lt; &gt;)");
        continue;
      }
      v += peek();
      advance();
    }
    if (at_end()) throw error("unterminated attribute value");
    advance();
    return v;
  }
  XmlElement element(int depth) {
    if (depth > kMaxDepth) throw error(fmt::format("elements nested deeper than {}", kMaxDepth));
    XmlElement e;
    e.line = line_;
    e.column = col_;
    if (peek() != '<') throw error("expected '<'");
    advance();
    e.name = name();
    std::unordered_set<std::string> seen;  // the attributes so far: a duplicate found in O(1), not O(n)
    for (;;) {
      skip_ws();
      if (starts("/>")) {
        advance(2);
        return e;
      }
      if (peek() == '>') {
        advance();
        break;
      }
      if (at_end()) throw error("unterminated <" + e.name + ">");
      std::string k = name();
      skip_ws();
      if (peek() != '=') throw error("expected '=' after attribute " + k);
      advance();
      skip_ws();
      if (!seen.insert(k).second) throw error("attribute " + k + " given twice");
      e.attrs.emplace_back(k, value());
    }
    for (;;) {
      skip_misc();
      if (at_end()) throw ScenarioError(src_, e.line, e.column, "xml", "<" + e.name + "> is never closed (the file ends)");
      if (starts("</")) {
        advance(2);
        const std::string closing = name();
        if (closing != e.name)
          throw error("</" + closing + "> closes <" + e.name + "> (opened at line " + std::to_string(e.line) + ")");
        skip_ws();
        if (peek() != '>') throw error("expected '>'");
        advance();
        return e;
      }
      e.children.push_back(element(depth + 1));
    }
  }
};

}  // namespace

XmlElement parse_xml(const std::string& text, const std::string& source) { return XmlReader(text, source).document(); }

// ---------------------------------------------------------------------------------------------
// Import.

namespace {

ScenarioError at(const std::string& source, const XmlElement& e, const std::string& msg) {
  return ScenarioError(source, e.line, e.column, "<" + e.name + ">", msg);
}

// "16.0 GT/s PCIe" -> 4 (the generation whose per-lane rate it is), 0 if unknown. Parsed by
// hand: attribute values are the user's bytes, of any length.
int pcie_generation(const std::string& speed) {
  std::size_t i = 0;
  while (i < speed.size() && speed[i] == ' ') ++i;
  const std::size_t start = i;
  while (i < speed.size() && (std::isdigit(static_cast<unsigned char>(speed[i])) || speed[i] == '.')) ++i;
  if (i == start || i - start > 6 || speed.compare(i, 5, " GT/s") != 0) return 0;
  double gts = 0;
  try {
    gts = std::stod(speed.substr(start, i - start));
  } catch (const std::exception&) {
    return 0;
  }
  static const std::pair<double, int> gens[] = {{2.5, 1}, {5, 2}, {8, 3}, {16, 4}, {32, 5}, {64, 6}};
  for (const auto& [rate, gen] : gens)
    if (std::fabs(gts - rate) < 0.01) return gen;
  return 0;
}

// A name that goes into the system file as it is: letters, digits, _ . : - (NCCL's net and
// bus names are of this form); anything else could change the YAML's meaning.
bool plain_name(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' || c == '-';
  });
}

enum class Kind { cpu, switch_, gpu, nic };

// GPUs and NICs one file may hold: NCCL's own bound on the devices of one kind in a node's
// topology, NCCL_TOPO_MAX_NODES (src/include/graph.h: 640, "up to 576 GPUs (e.g., NVLD144)
// with headroom"; 256 in older releases). NCCL cannot write a file with more, and `simtrain topo`'s
// matrix is quadratic in GPUs (4,096 GPUs took 23 s; 640 take about half a second).
constexpr std::size_t kMaxDevicesOfAKind = 640;

struct Part {
  Kind kind = Kind::switch_;
  std::string name, model, label;
  int parent = -1;        // index into parts
  std::string link;       // link kind to the parent
  int dev = -1;           // GPU: NCCL's dev
  std::string busid;
};

struct NvTarget {
  int gpu = 0;  // part index
  std::string target, tclass;
  int count = 0;
  const XmlElement* where = nullptr;
};

class Importer {
 public:
  Importer(const std::string& source, const TopoImportOptions& opt, const Catalog& cat)
      : src_(source), opt_(opt), cat_(cat), gpu_(cat.gpus().at(opt.gpu_model)) {}

  NcclXmlImportResult run(const XmlElement& root) {
    if (root.name != "system") throw at(src_, root, "expected <system> as the root element (NCCL's topology XML)");
    for (const XmlElement& c : root.children) {
      if (c.name != "cpu") {
        res_.notes.push_back(fmt::format("line {}: <{}> under <system> skipped (not part of one node's topology)", c.line, c.name.substr(0, 64)));
        continue;
      }
      const int cpu = add({Kind::cpu, "cpu" + std::to_string(cpus_++), opt_.cpu_model, "", -1, "", -1, ""});
      for (const XmlElement& k : c.children) walk(k, cpu);
    }
    if (cpus_ == 0) throw at(src_, root, "no <cpu> element: nothing to build a node from");
    if (gpus_.empty()) throw at(src_, root, "no GPU (<pci> with a <gpu> child) in the file");
    return emit();
  }

 private:
  const std::string& src_;
  const TopoImportOptions& opt_;
  const Catalog& cat_;
  const GpuModel& gpu_;
  std::vector<Part> parts_;
  std::vector<int> gpus_, nics_;
  std::vector<NvTarget> nvlinks_;
  std::set<std::string> net_names_;
  int cpus_ = 0;
  NcclXmlImportResult res_;

  int add(Part p) {
    parts_.push_back(std::move(p));
    return static_cast<int>(parts_.size()) - 1;
  }

  // The link kind of a <pci> element's upstream link, or `fallback` when NCCL printed none.
  std::string pcie_kind(const XmlElement& e, const std::string& fallback, const std::string& what) {
    const std::string* speed = e.attr("link_speed");
    const std::string* width = e.attr("link_width");
    const int gen = speed ? pcie_generation(*speed) : 0;
    int lanes = 0;
    if (width && !width->empty() && width->size() <= 3 && std::all_of(width->begin(), width->end(), ::isdigit))
      lanes = std::stoi(*width);
    if (gen == 0 || lanes == 0) {
      res_.notes.push_back(fmt::format("line {}: {} has no readable link speed/width (\"{}\" x{}): {} assumed", e.line, what,
                                       speed ? speed->substr(0, 32) : "", width ? width->substr(0, 8) : "", fallback));
      return fallback;
    }
    const std::string kind = fmt::format("pcie{}x{}", gen, lanes);
    if (!cat_.link_kinds().count(kind))
      throw at(src_, e, fmt::format("link Gen{} x{} ({}): the catalog has no link kind {} (add it with a catalog "
                                    "extension, topologies/devices.yaml link_kinds)", gen, lanes, what, kind));
    return kind;
  }

  static std::string class_prefix(const XmlElement& e) {
    const std::string* c = e.attr("class");
    return c && c->size() >= 6 ? c->substr(0, 6) : "";
  }

  // A <pci> or <nic> element under part `parent`. Returns whether a GPU or NIC is below it.
  bool walk(const XmlElement& e, int parent) {
    if (e.name == "nic") return add_nics(e, parent, "");
    if (e.name != "pci") {
      res_.notes.push_back(fmt::format("line {}: <{}> skipped (not a PCI device NCCL describes)", e.line, e.name.substr(0, 64)));
      return false;
    }
    const std::string cls = class_prefix(e);
    std::string busid = e.attr("busid") ? *e.attr("busid") : "";
    if (!plain_name(busid)) busid = "?";  // only shown in comments and notes
    const XmlElement* gpu = nullptr;
    const XmlElement* nic = nullptr;
    for (const XmlElement& c : e.children) {
      if (c.name == "gpu") gpu = &c;
      if (c.name == "nic") nic = &c;
    }
    if (gpu) return add_gpu(e, *gpu, parent, busid);
    if (nic) return add_nics(*nic, parent, pcie_kind(e, nic_host(), "NIC " + busid));
    if (cls == "0x0604") {  // a bridge: a PCIe switch port, or a root port
      const std::size_t mark = parts_.size();
      const std::string kind = pcie_kind(e, gpu_.pcie, "bridge " + busid);
      const int sw = add({Kind::switch_, "", pcie_switch_model(kind), "", parent, kind, -1, busid});
      bool any = false;
      for (const XmlElement& c : e.children) any = walk(c, sw) || any;
      if (!any) {
        parts_.resize(mark);  // nothing modelled below it
        res_.notes.push_back(fmt::format("line {}: bridge {} has no GPU or NIC below it: left out", e.line, busid));
      }
      return any;
    }
    if (cls == "0x0680") return false;  // an NVSwitch's own PCI function: reached over NVLink
    res_.notes.push_back(fmt::format("line {}: PCI device {} of class {} skipped (neither GPU, NIC nor bridge)", e.line,
                                     busid, e.attr("class") ? e.attr("class")->substr(0, 16) : "?"));
    return false;
  }

  std::string nic_host() const {
    return opt_.nic_model.empty() || !cat_.nics().count(opt_.nic_model) ? gpu_.pcie : cat_.nics().at(opt_.nic_model).host;
  }

  bool add_gpu(const XmlElement& pci, const XmlElement& g, int parent, const std::string& busid) {
    const std::string* sm = g.attr("sm");
    const std::string want = gpu_.arch.rfind("sm_", 0) == 0 ? gpu_.arch.substr(3) : gpu_.arch;
    if (sm && *sm != want)
      throw at(src_, g, "sm=\"" + *sm + "\" but --gpu " + opt_.gpu_model + " is " + gpu_.arch + ": give the catalog's model of this GPU");
    int dev = static_cast<int>(gpus_.size());
    if (const std::string* d = g.attr("dev"); d && !d->empty() && d->size() <= 4 && std::all_of(d->begin(), d->end(), ::isdigit))
      dev = std::stoi(*d);
    if (gpus_.size() >= kMaxDevicesOfAKind)
      throw at(src_, g, fmt::format("a GPU beyond the {} one node's topology may hold (NCCL_TOPO_MAX_NODES, NCCL's bound "
                                    "on the devices of one kind; a dump of one node has at most that many)",
                                    kMaxDevicesOfAKind));
    for (int other : gpus_)
      if (parts_[static_cast<std::size_t>(other)].dev == dev)
        throw at(src_, g, "dev=\"" + std::to_string(dev) + "\" appears twice (one GPU a dev)");
    const int p = add({Kind::gpu, "", opt_.gpu_model, "", parent, pcie_kind(pci, gpu_.pcie, "GPU " + busid), dev, busid});
    gpus_.push_back(p);
    for (const XmlElement& c : g.children) {
      if (c.name == "nvlink") {
        NvTarget t;
        t.gpu = p;
        t.target = c.attr("target") ? *c.attr("target") : "";
        t.tclass = c.attr("tclass") ? *c.attr("tclass") : "";
        const std::string* n = c.attr("count");
        if (!n || n->empty() || n->size() > 3 || !std::all_of(n->begin(), n->end(), ::isdigit) || std::stoi(*n) < 1)
          throw at(src_, c, "expected count=\"N\" (NVLinks to the target, 1 to 999)");
        t.count = std::stoi(*n);
        t.where = &c;
        nvlinks_.push_back(t);
      } else if (c.name == "c2c") {
        res_.notes.push_back(fmt::format("line {}: GPU {} has an NVLink-C2C link to its CPU (Grace): not modelled, its "
                                         "PCIe path is used", c.line, busid));
      }
    }
    return true;
  }

  bool add_nics(const XmlElement& nic, int parent, const std::string& kind) {
    bool any = false;
    for (const XmlElement& net : nic.children) {
      if (net.name != "net") continue;
      const std::string name = net.attr("name") ? *net.attr("name") : "net" + std::to_string(nics_.size());
      if (!plain_name(name))
        throw at(src_, net, "NIC name \"" + name.substr(0, 64) + "\": expected letters, digits, _ . : - (at most 64)");
      if (!net_names_.insert(name).second) continue;  // NCCL lists a socket NIC under every CPU
      if (nics_.size() >= kMaxDevicesOfAKind)
        throw at(src_, net, fmt::format("a NIC beyond the {} one node's topology may hold (NCCL_TOPO_MAX_NODES)",
                                        kMaxDevicesOfAKind));
      if (opt_.nic_model.empty()) {
        std::vector<std::string> keys;
        for (const auto& [k, v] : cat_.nics()) keys.push_back(k);
        throw ScenarioError("", 0, 0, "--nic", "required: the file has NICs (" + name + " at line " + std::to_string(net.line) +
                                                   "); the catalog's NIC model (" + join_names(keys) + ")");
      }
      const NicModel& m = cat_.nics().at(opt_.nic_model);
      if (const std::string* sp = net.attr("speed"); sp && !sp->empty() && sp->size() <= 9 && std::all_of(sp->begin(), sp->end(), ::isdigit)) {
        const double mbps = std::stod(*sp);
        const double model_mbps = cat_.link_kind(m.port).bandwidth_bytes_per_s * 8 / 1e6;
        if (std::fabs(mbps - model_mbps) > 0.01 * model_mbps)
          res_.notes.push_back(fmt::format("line {}: NIC {} runs at {:g} Gb/s, --nic {} at {:g} Gb/s: the model's speed is used",
                                           net.line, name, mbps / 1000, opt_.nic_model, model_mbps / 1000));
      }
      const int p = add({Kind::nic, "", opt_.nic_model, name, parent, kind.empty() ? m.host : kind, -1, ""});
      nics_.push_back(p);
      any = true;
    }
    return any;
  }

  NcclXmlImportResult emit() {
    // Names: GPUs by NCCL's dev (CUDA's order), NICs and switches in file order.
    std::vector<int> gpu_order = gpus_;
    std::sort(gpu_order.begin(), gpu_order.end(),
              [&](int a, int b) { return parts_[static_cast<std::size_t>(a)].dev < parts_[static_cast<std::size_t>(b)].dev; });
    for (std::size_t i = 0; i < gpu_order.size(); ++i) parts_[static_cast<std::size_t>(gpu_order[i])].name = "gpu" + std::to_string(i);
    for (std::size_t i = 0; i < nics_.size(); ++i) parts_[static_cast<std::size_t>(nics_[i])].name = "nic" + std::to_string(i);
    int sw = 0;
    for (Part& p : parts_)
      if (p.kind == Kind::switch_) p.name = "sw" + std::to_string(sw++);

    // NVLinks: GPU pairs by bus id; every NVSwitch target summed per GPU.
    std::map<std::string, int> gpu_by_bus;
    for (int g : gpus_) gpu_by_bus[parts_[static_cast<std::size_t>(g)].busid] = g;
    std::map<std::pair<int, int>, int> pair_links;
    std::map<int, int> switch_links;
    for (const NvTarget& t : nvlinks_) {
      if (t.tclass.rfind("0x0680", 0) == 0) {
        switch_links[t.gpu] += t.count;
        continue;
      }
      auto it = gpu_by_bus.find(t.target);
      if (it == gpu_by_bus.end()) {
        res_.notes.push_back(fmt::format("line {}: NVLink to {} (class {}), which is not a GPU of the file: left out",
                                         t.where->line, t.target.substr(0, 64), t.tclass.substr(0, 16)));
        continue;
      }
      const std::pair<int, int> key{std::min(t.gpu, it->second), std::max(t.gpu, it->second)};
      pair_links[key] = std::max(pair_links[key], t.count);
    }
    if ((!pair_links.empty() || !switch_links.empty()) && !gpu_.has_nvlink())
      throw ScenarioError(src_, nvlinks_.front().where->line, nvlinks_.front().where->column, "--gpu",
                          "the file shows NVLink, but the catalog's " + opt_.gpu_model + " has none");
    std::string nvs_model;
    if (!switch_links.empty()) {
      const std::string& kind = gpu_.scale_up->kind;
      nvs_model = nvswitch_model(cat_, kind);
      if (nvs_model.empty())
        throw ScenarioError(src_, 0, 0, "--gpu", "the file shows an NVSwitch, and the catalog has no NVSwitch model for " + kind);
    }

    const SocketLink link = socket_link(opt_.cpu_model);
    const std::string& socket_kind = link.kind;
    const int socket_count = link.count;
    std::string name = opt_.name;
    if (name.empty()) name = std::filesystem::path(src_).stem().string() + " (imported)";
    auto pname = [&](int i) -> const std::string& { return parts_[static_cast<std::size_t>(i)].name; };
    std::string y;
    y += "# Imported by `simtrain topo --import-nccl-xml` from " + src_ + " (NCCL's topology XML).\n";
    y += "# Known: the PCIe tree (bridges as PCIe switches), each link's speed and width, NVLink counts,\n";
    y += "# NIC names. Models as given: GPU " + opt_.gpu_model + ", CPU " + opt_.cpu_model +
         (nics_.empty() ? "" : ", NIC " + opt_.nic_model) + ".\n";
    y += fmt::format("# Assumptions (sim/topo/nccl_xml.hpp): one CPU vertex per NUMA node, joined by {} {} links;\n", socket_count, socket_kind);
    y += "# no storage, no fabric (add a `fabric:` block to join several nodes).\n";
    y += "name: " + name + "\n";
    y += "source: \"NCCL topology dump " + src_ + ", imported by simtrain topo --import-nccl-xml\"\n";
    y += "devices:\n";
    for (std::size_t i = 0; i < parts_.size(); ++i)
      if (parts_[i].kind == Kind::cpu) y += fmt::format("  {}: {{type: cpu, model: {}}}\n", parts_[i].name, parts_[i].model);
    if (!nvs_model.empty()) y += "  nvswitch: {type: switch, model: " + nvs_model + "}\n";
    for (const Part& p : parts_)
      if (p.kind == Kind::switch_) y += fmt::format("  {}: {{type: switch, model: {}}}   # bridge {}\n", p.name, p.model, p.busid);
    for (int g : gpu_order)
      y += fmt::format("  {}: {{type: gpu, model: {}}}   # {}\n", pname(g), opt_.gpu_model, parts_[static_cast<std::size_t>(g)].busid);
    for (int n : nics_)
      y += fmt::format("  {}: {{type: nic, model: {}, label: {}}}\n", pname(n), opt_.nic_model, parts_[static_cast<std::size_t>(n)].label);
    y += "links:\n";
    for (int a = 0; a < cpus_; ++a)
      for (int b = a + 1; b < cpus_; ++b)
        y += fmt::format("  - {{a: cpu{}, b: cpu{}, kind: {}, count: {}}}\n", a, b, socket_kind, socket_count);
    for (int g : gpu_order)
      if (switch_links.count(g))
        y += fmt::format("  - {{a: {}, b: nvswitch, kind: {}, count: {}}}\n", pname(g), gpu_.scale_up->kind, switch_links[g]);
    for (const auto& [p, c] : pair_links)
      y += fmt::format("  - {{a: {}, b: {}, kind: {}, count: {}}}\n", pname(p.first), pname(p.second), gpu_.scale_up->kind, c);
    for (const Part& p : parts_)
      if (p.parent >= 0) y += fmt::format("  - {{a: {}, b: {}, kind: {}}}\n", p.name, pname(p.parent), p.link);
    res_.yaml = y;
    res_.gpus = static_cast<int>(gpus_.size());
    res_.nics = static_cast<int>(nics_.size());
    res_.cpus = cpus_;
    res_.switches = sw;
    return res_;
  }
};

}  // namespace

NcclXmlImportResult import_nccl_xml(const std::string& text, const std::string& source, const TopoImportOptions& opt) {
  const auto [catalog_path, catalog] = open_import_catalog(opt);
  require_model("--nic", opt.nic_model, catalog->nics(), "NIC", false);
  const XmlElement root = parse_xml(text, source);
  NcclXmlImportResult res = Importer(source, opt, *catalog).run(root);
  // What was written must load: a system the simulator cannot read is a fault here, not later.
  auto doc = YamlDoc::parse(res.yaml, source + " (imported)");
  load_system_from(root_field(doc), catalog_path, 1, catalog_path);
  return res;
}

// ---------------------------------------------------------------------------------------------
// Export.

namespace {

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '"': o += "&quot;"; break;
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      default: o += c;
    }
  }
  return o;
}

// "pcie4x16" -> (" 16.0 GT/s PCIe", 16).
std::pair<std::string, int> pcie_attrs(const std::string& kind) {
  static const std::regex re("pcie([1-6])x([0-9]+)");
  std::smatch m;
  if (!std::regex_match(kind, m, re)) return {"", 0};
  static const char* rates[] = {"", "2.5", "5.0", "8.0", "16.0", "32.0", "64.0"};
  return {std::string(rates[std::stoi(m[1].str())]) + " GT/s PCIe", std::stoi(m[2].str())};
}

}  // namespace

std::string export_nccl_xml(const Cluster& c) {
  const Graph& g = c.graph();
  // Two kinds of GPU the XML cannot hold, each refused rather than written without its links:
  // Infinity Fabric (xGMI) GPU links (NCCL's XML has <nvlink> elements only; RCCL writes xGMI its
  // own way), and a GPU on its CPU's NVLink-C2C (Grace) and on no PCIe link (NCCL writes that
  // link as a <c2c> element the export does not write, nor the import read).
  for (Vertex v : boost::make_iterator_range(boost::vertices(g))) {
    if (g[v].node != 0 || g[v].type != DeviceType::gpu) continue;
    if (c.catalog().gpus().at(g[v].model).has_infinity_fabric())
      throw std::invalid_argument("NCCL's topology XML has no element for AMD Infinity Fabric (xGMI) GPU links: " +
                                  c.name() + " cannot be written as one");
    bool pcie = false;
    for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) pcie = pcie || g[e].cls == LinkClass::pcie;
    if (!pcie)
      throw std::invalid_argument(g[v].name + " of " + c.name() +
                                  " reaches its CPU by NVLink-C2C, not PCIe: the NCCL topology XML export writes PCIe-attached GPUs only");
  }
  // Node 0's devices and the PCIe tree under its CPUs (breadth first, in vertex order; GPUs,
  // NICs and storage are leaves: they forward nothing).
  std::vector<Vertex> cpus;
  for (Vertex v : boost::make_iterator_range(boost::vertices(g)))
    if (g[v].node == 0 && g[v].type == DeviceType::cpu) cpus.push_back(v);
  std::map<Vertex, Vertex> parent;
  std::map<Vertex, std::string> up_kind;
  std::map<Vertex, std::vector<Vertex>> kids;
  std::queue<Vertex> q;
  std::set<Vertex> seen(cpus.begin(), cpus.end());
  for (Vertex v : cpus) q.push(v);
  while (!q.empty()) {
    const Vertex v = q.front();
    q.pop();
    std::vector<std::pair<Vertex, std::string>> next;
    for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) {
      const Link& l = g[e];
      if (l.cls != LinkClass::pcie) continue;
      const Vertex w = boost::target(e, g);
      if (seen.count(w) || g[w].node != 0) continue;
      const Device& d = g[w];
      if (d.type == DeviceType::storage || d.type == DeviceType::cpu) continue;
      if (d.type == DeviceType::switch_ && d.switch_class != SwitchClass::pcie) continue;
      next.emplace_back(w, l.kind);
    }
    std::sort(next.begin(), next.end());
    for (const auto& [w, kind] : next) {
      seen.insert(w);
      parent[w] = v;
      up_kind[w] = kind;
      kids[v].push_back(w);
      if (g[w].type == DeviceType::switch_) q.push(w);
    }
  }
  // Bus ids in depth-first order, so a GPU's NVLink targets can name their peers.
  std::map<Vertex, std::string> bus;
  int next_bus = 1;
  std::function<void(Vertex)> number = [&](Vertex v) {
    for (Vertex w : kids[v]) {
      bus[w] = fmt::format("0000:{:02x}:00.0", next_bus++);
      number(w);
    }
  };
  for (Vertex v : cpus) number(v);

  std::string o = "<system version=\"1\">\n";
  std::function<void(Vertex, int)> dump = [&](Vertex v, int depth) {
    const std::string pad(static_cast<std::size_t>(2 * depth), ' ');
    const Device& d = g[v];
    const auto [speed, width] = pcie_attrs(up_kind[v]);
    const std::string link = fmt::format(" link_speed=\"{}\" link_width=\"{}\"", speed, width);
    if (d.type == DeviceType::switch_) {
      o += fmt::format("{}<pci busid=\"{}\" class=\"0x060400\"{}>\n", pad, bus[v], link);
      for (Vertex w : kids[v]) dump(w, depth + 1);
      o += pad + "</pci>\n";
    } else if (d.type == DeviceType::gpu) {
      const GpuModel& m = c.catalog().gpus().at(d.model);
      const std::string sm = m.arch.rfind("sm_", 0) == 0 ? m.arch.substr(3) : m.arch;
      o += fmt::format("{}<pci busid=\"{}\" class=\"0x030200\"{}>\n", pad, bus[v], link);
      o += fmt::format("{}  <gpu dev=\"{}\" sm=\"{}\" rank=\"{}\" gdr=\"1\">\n", pad, d.local, sm, d.local);
      for (auto e : boost::make_iterator_range(boost::out_edges(v, g))) {
        const Link& l = g[e];
        if (l.cls != LinkClass::nvlink) continue;
        const Vertex w = boost::target(e, g);
        if (g[w].type == DeviceType::gpu)
          o += fmt::format("{}    <nvlink target=\"{}\" count=\"{}\" tclass=\"0x030200\"/>\n", pad, bus[w], l.count);
        else  // an NVSwitch: NCCL's collapsed form, one target for the whole switch fabric
          o += fmt::format("{}    <nvlink target=\"fffffff:ff:ff.0\" count=\"{}\" tclass=\"0x068000\"/>\n", pad, l.count);
      }
      o += pad + "  </gpu>\n" + pad + "</pci>\n";
    } else if (d.type == DeviceType::nic) {
      const NicModel& m = c.catalog().nics().at(d.model);
      const LinkKind& port = c.catalog().link_kind(m.port);
      const bool socket = port.transport == LinkKind::Transport::socket;
      const bool ib = port.transport == LinkKind::Transport::ib;
      const long long mbps = std::llround(port.bandwidth_bytes_per_s * 8 / 1e6);
      o += fmt::format("{}<pci busid=\"{}\" class=\"{}\"{}>\n", pad, bus[v], ib ? "0x020700" : "0x020000", link);
      o += fmt::format("{}  <nic>\n{}    <net name=\"{}\" dev=\"{}\" speed=\"{}\" port=\"1\" gdr=\"{}\"/>\n{}  </nic>\n", pad, pad,
                       xml_escape(d.label.empty() ? local_name(d.name) : d.label), d.local, mbps, socket ? 0 : 1, pad);
      o += pad + "</pci>\n";
    }
  };
  for (std::size_t i = 0; i < cpus.size(); ++i) {
    const Device& d = g[cpus[i]];
    const bool amd = d.model.rfind("amd", 0) == 0;
    o += fmt::format("  <cpu numaid=\"{}\" arch=\"x86_64\" vendor=\"{}\">\n", i, amd ? "AuthenticAMD" : "GenuineIntel");
    for (Vertex w : kids[cpus[i]]) dump(w, 2);
    o += "  </cpu>\n";
  }
  o += "</system>\n";
  return o;
}

}  // namespace simtrain::topo
