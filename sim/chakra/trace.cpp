#include "chakra/trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include <google/protobuf/stubs/logging.h>

#include "chakra/et_def.pb.h"
#include "scenario/error.hpp"

namespace simtrain::chakra {

namespace fs = std::filesystem;
namespace pb = ChakraProtoMsg;

const char* coll_type_name(CollType t) { return kCollTypeNames.c_str(t); }

std::string shown_name(std::string_view name) {
  std::string out;
  const std::size_t bad = first_invalid_utf8(name);
  const std::string_view ok = bad == std::string_view::npos ? name : name.substr(0, bad);
  for (char ch : ok.substr(0, 80)) {
    const auto c = static_cast<unsigned char>(ch);
    out.push_back(c < 0x20 || c == 0x7F ? '?' : ch);
  }
  // Do not end inside a UTF-8 sequence cut at 80 bytes.
  while (!out.empty() && !valid_utf8(out)) out.pop_back();
  if (ok.size() > 80 || bad != std::string_view::npos) out += "...";
  return out;
}

namespace {

// Where a record is, for messages: "record 12 at byte 3456".
struct At {
  const std::string& path;
  std::size_t record;
  std::uint64_t offset;
  [[noreturn]] void fail(const std::string& what) const {
    throw ScenarioError(path, 0, 0, "", fmt::format("record {} at byte {}: {}", record, offset, what));
  }
};

std::string node_ref(const EtNode& n) { return fmt::format("node {} '{}'", n.id, shown_name(n.name)); }

// The integer value of an attribute whatever integer type the writer chose (the PyTorch
// converter writes is_cpu_op as int32, ASTRA-sim's feeder reads bool; both are seen in files).
std::optional<long long> int_value(const pb::AttributeProto& a) {
  constexpr auto kMax = static_cast<unsigned long long>(std::numeric_limits<long long>::max());
  auto from_u = [&](unsigned long long v) { return static_cast<long long>(std::min(v, kMax)); };
  switch (a.value_case()) {
    case pb::AttributeProto::kInt32Val: return a.int32_val();
    case pb::AttributeProto::kInt64Val: return a.int64_val();
    case pb::AttributeProto::kUint32Val: return a.uint32_val();
    case pb::AttributeProto::kUint64Val: return from_u(a.uint64_val());
    case pb::AttributeProto::kSint32Val: return a.sint32_val();
    case pb::AttributeProto::kSint64Val: return a.sint64_val();
    case pb::AttributeProto::kFixed32Val: return a.fixed32_val();
    case pb::AttributeProto::kFixed64Val: return from_u(a.fixed64_val());
    case pb::AttributeProto::kSfixed32Val: return a.sfixed32_val();
    case pb::AttributeProto::kSfixed64Val: return a.sfixed64_val();
    case pb::AttributeProto::kBoolVal: return a.bool_val() ? 1 : 0;
    default: return std::nullopt;
  }
}

std::optional<double> number_value(const pb::AttributeProto& a) {
  if (auto v = int_value(a)) return static_cast<double>(*v);
  if (a.value_case() == pb::AttributeProto::kDoubleVal) return a.double_val();
  if (a.value_case() == pb::AttributeProto::kFloatVal) return a.float_val();
  return std::nullopt;
}

long long need_int(const At& at, const EtNode& n, const pb::AttributeProto& a) {
  auto v = int_value(a);
  if (!v) at.fail(node_ref(n) + ": attribute " + a.name() + " is not an integer");
  return *v;
}

double need_size(const At& at, const EtNode& n, const pb::AttributeProto& a, double limit, const char* unit) {
  auto v = number_value(a);
  if (!v) at.fail(node_ref(n) + ": attribute " + a.name() + " is not a number");
  if (!std::isfinite(*v) || *v < 0)
    at.fail(node_ref(n) + ": attribute " + a.name() + " is " + fmt::format("{:g}", *v) + "; expected a count of " + unit +
            " >= 0");
  if (*v > limit)
    at.fail(node_ref(n) + ": attribute " + a.name() + " is " + fmt::format("{:g}", *v) + " " + unit +
            ", more than the " + fmt::format("{:g}", limit) + " one node may take");
  return *v;
}

std::string need_string(const At& at, const EtNode& n, const pb::AttributeProto& a) {
  if (a.value_case() != pb::AttributeProto::kStringVal) at.fail(node_ref(n) + ": attribute " + a.name() + " is not a string");
  if (!valid_utf8(a.string_val()) || a.string_val().size() > 256)
    at.fail(node_ref(n) + ": attribute " + a.name() + " is not UTF-8 text of at most 256 bytes");
  return a.string_val();
}

constexpr double kMaxOps = 1e21;  // FLOPs of one node: 1e21 is ~20 minutes of a 1 PFLOP/s GPU

std::optional<CollType> coll_from_chakra(long long v, std::string& refused) {
  switch (v) {
    case pb::ALL_REDUCE: return CollType::all_reduce;
    case pb::REDUCE_SCATTER: return CollType::reduce_scatter;
    case pb::REDUCE_SCATTER_BLOCK: return CollType::reduce_scatter;
    case pb::ALL_GATHER: return CollType::all_gather;
    case pb::BROADCAST: return CollType::broadcast;
    case pb::ALL_TO_ALL: return CollType::all_to_all;
    case pb::REDUCE: refused = "REDUCE"; return std::nullopt;
    case pb::GATHER: refused = "GATHER"; return std::nullopt;
    case pb::SCATTER: refused = "SCATTER"; return std::nullopt;
    case pb::BARRIER: refused = "BARRIER"; return std::nullopt;
    default: refused = fmt::format("{} (not a CollectiveCommType of schema {})", v, kSchemaVersion); return std::nullopt;
  }
}

// Reads the attributes of a node onto `n`.
struct NodeAttrs {
  std::optional<long long> comm_type, comm_src, comm_dst;
  std::optional<double> comm_size, exact_size;
  std::optional<bool> is_cpu;
};

void read_attrs(const At& at, const pb::Node& msg, EtNode& n, NodeAttrs& got, std::map<std::string, std::uint64_t>& ignored) {
  for (const pb::AttributeProto& a : msg.attr()) {
    const std::string& k = a.name();
    if (k == "is_cpu_op") got.is_cpu = need_int(at, n, a) != 0;
    else if (k == "num_ops") n.num_ops = need_size(at, n, a, kMaxOps, "operations");
    else if (k == "tensor_size") n.tensor_bytes = need_size(at, n, a, kMaxCommBytes, "bytes");
    else if (k == "comm_type") got.comm_type = need_int(at, n, a);
    else if (k == "comm_size") got.comm_size = need_size(at, n, a, kMaxCommBytes, "bytes");
    else if (k == "simtrain_comm_bytes") got.exact_size = need_size(at, n, a, kMaxCommBytes, "bytes");
    else if (k == "comm_src") got.comm_src = need_int(at, n, a);
    else if (k == "comm_dst") got.comm_dst = need_int(at, n, a);
    else if (k == "comm_tag") n.tag = need_int(at, n, a);
    else if (k == "pg_name") n.pg = need_string(at, n, a);
    else if (k == "simtrain_algo") n.algo = need_string(at, n, a);
    else if (k == "simtrain_stream") n.stream = need_string(at, n, a);
    else if (k == "simtrain_calls") {
      const long long c = need_int(at, n, a);
      if (c < 1 || c > 1000000) at.fail(node_ref(n) + ": simtrain_calls is " + std::to_string(c) + "; expected 1 .. 1000000");
      n.calls = static_cast<int>(c);
    } else if (k == "simtrain_duration_ps") {
      const long long d = need_int(at, n, a);
      if (d < 0 || d > kMaxDurationPs)
        at.fail(node_ref(n) + ": simtrain_duration_ps is " + std::to_string(d) + "; expected 0 .. 1e17 (1e5 s)");
      n.duration_ps = d;
    } else {
      // Kept by name, bounded: a hostile file cannot grow the table past 256 names.
      const std::string key = ignored.size() < 256 || ignored.count(shown_name(k)) ? shown_name(k) : "(other names)";
      ++ignored[key];
    }
  }
}

void read_node_kind(const At& at, const pb::Node& msg, EtNode& n, const NodeAttrs& got) {
  const int type = static_cast<int>(msg.type());
  n.cpu = got.is_cpu.value_or(false);
  if (type == pb::MEM_LOAD_NODE || type == pb::MEM_STORE_NODE)
    at.fail(node_ref(n) + ": " + (type == pb::MEM_LOAD_NODE ? "MEM_LOAD_NODE" : "MEM_STORE_NODE") +
            " (ASTRA-sim's remote memory) is not modelled by simtrain; remove the memory nodes or replay with ASTRA-sim");
  if (type == pb::METADATA_NODE || type == pb::INVALID_NODE) {
    n.kind = NodeKind::marker;
    return;
  }
  if (type == pb::COMP_NODE || (n.cpu && (type == pb::COMM_COLL_NODE || type == pb::COMM_SEND_NODE || type == pb::COMM_RECV_NODE))) {
    // ASTRA-sim runs a CPU op as compute whatever its type (the PyTorch converter's c10d:: calls).
    n.kind = NodeKind::compute;
    return;
  }
  auto need_size_attr = [&]() {
    if (!got.comm_size) at.fail(node_ref(n) + ": a communication node without comm_size");
    n.comm_bytes = got.exact_size.value_or(*got.comm_size);
  };
  if (type == pb::COMM_COLL_NODE) {
    n.kind = NodeKind::collective;
    if (!got.comm_type) at.fail(node_ref(n) + ": COMM_COLL_NODE without comm_type");
    std::string refused;
    auto c = coll_from_chakra(*got.comm_type, refused);
    if (!c)
      at.fail(node_ref(n) + ": collective " + refused +
              " is not modelled; simtrain replays ALL_REDUCE, REDUCE_SCATTER(_BLOCK), ALL_GATHER, BROADCAST and ALL_TO_ALL");
    n.coll = *c;
    need_size_attr();
    return;
  }
  if (type == pb::COMM_SEND_NODE || type == pb::COMM_RECV_NODE) {
    const bool send = type == pb::COMM_SEND_NODE;
    n.kind = send ? NodeKind::send : NodeKind::recv;
    const auto& peer = send ? got.comm_dst : got.comm_src;
    if (!peer) at.fail(node_ref(n) + ": " + (send ? "COMM_SEND_NODE without comm_dst" : "COMM_RECV_NODE without comm_src"));
    if (*peer < 0 || *peer >= static_cast<long long>(kMaxRanks))
      at.fail(node_ref(n) + ": " + (send ? "comm_dst " : "comm_src ") + std::to_string(*peer) + " is not a rank");
    n.peer = static_cast<int>(*peer);
    need_size_attr();
    return;
  }
  at.fail(node_ref(n) + fmt::format(": unknown node type {} (schema {} defines 0 .. 7)", type, kSchemaVersion));
}

// Reads a base-128 varint of at most 10 bytes; false when the bytes end inside it.
bool read_varint(std::string_view b, std::size_t& pos, std::uint64_t& out) {
  out = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos >= b.size()) return false;
    const auto c = static_cast<unsigned char>(b[pos++]);
    out |= static_cast<std::uint64_t>(c & 0x7F) << shift;
    if (!(c & 0x80)) return true;
  }
  return false;
}

// The rank's dependencies resolved and checked for cycles (Kahn's algorithm).
void resolve_deps(const std::string& path, RankTrace& rt, const std::vector<std::vector<std::uint64_t>>& raw,
                  const ReadOptions& opt, ReadStats& stats) {
  std::unordered_map<std::uint64_t, std::uint32_t> index;
  index.reserve(rt.nodes.size());
  for (std::uint32_t i = 0; i < rt.nodes.size(); ++i) index.emplace(rt.nodes[i].id, i);
  std::vector<std::vector<std::uint32_t>> children(rt.nodes.size());
  std::vector<std::uint32_t> pending(rt.nodes.size(), 0);
  for (std::uint32_t i = 0; i < rt.nodes.size(); ++i) {
    EtNode& n = rt.nodes[i];
    const At at{path, n.record, n.offset};
    for (std::uint64_t d : raw[i]) {
      auto it = index.find(d);
      if (it == index.end()) {
        if (opt.drop_missing_deps) {
          ++stats.dropped_deps;
          continue;
        }
        at.fail(node_ref(n) + fmt::format(": depends on node {}, which is not in this file (--ignore-missing-deps drops "
                                          "such dependencies and counts them)", d));
      }
      if (it->second == i) {
        if (opt.drop_missing_deps) {
          ++stats.dropped_deps;
          continue;
        }
        at.fail(node_ref(n) + ": depends on itself (--ignore-missing-deps drops such dependencies and counts them)");
      }
      if (std::find(n.deps.begin(), n.deps.end(), it->second) != n.deps.end()) continue;  // ctrl and data dep on one node
      n.deps.push_back(it->second);
      children[it->second].push_back(i);
      ++pending[i];
    }
  }
  std::deque<std::uint32_t> ready;
  for (std::uint32_t i = 0; i < rt.nodes.size(); ++i)
    if (!pending[i]) ready.push_back(i);
  std::size_t done = 0;
  while (!ready.empty()) {
    const std::uint32_t i = ready.front();
    ready.pop_front();
    ++done;
    for (std::uint32_t c : children[i])
      if (--pending[c] == 0) ready.push_back(c);
  }
  if (done == rt.nodes.size()) return;
  // A node on the cycle: follow unfinished dependencies until one repeats.
  std::uint32_t i = 0;
  while (!pending[i]) ++i;
  std::vector<char> seen(rt.nodes.size(), 0);
  while (!seen[i]) {
    seen[i] = 1;
    for (std::uint32_t d : rt.nodes[i].deps)
      if (pending[d]) {
        i = d;
        break;
      }
  }
  const EtNode& n = rt.nodes[i];
  At{path, n.record, n.offset}.fail(node_ref(n) + ": is on a dependency cycle (it waits, through its dependencies, on itself)");
}

}  // namespace

// libprotobuf logs to stderr when a parse fails (a string field that is not UTF-8): the reader
// turns every failure into its own error naming the record, so the library's log is silenced.
static void quiet_protobuf() {
  static const bool once = [] {
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)once;
}

RankTrace parse_rank_file(const std::string& path, int rank, std::string_view bytes, const ReadOptions& opt, ReadStats& stats) {
  quiet_protobuf();
  std::map<std::string, std::uint64_t>& ignored_attrs = stats.ignored_attrs;
  std::uint64_t& zero_time_nodes = stats.zero_time_nodes;
  RankTrace rt;
  rt.rank = rank;
  rt.path = path;
  if (bytes.size() > kMaxFileBytes)
    throw ScenarioError(path, 0, 0, "", fmt::format("{} bytes, more than the {} a trace file may have", bytes.size(), kMaxFileBytes));
  if (bytes.empty()) throw ScenarioError(path, 0, 0, "", "empty file: a Chakra trace starts with its GlobalMetadata record");
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b)
    throw ScenarioError(path, 0, 0, "", "a gzip-compressed file; decompress it first (gunzip) and replay the .et files");
  std::vector<std::vector<std::uint64_t>> raw_deps;
  std::unordered_map<std::uint64_t, std::size_t> ids;
  std::size_t pos = 0;
  for (std::size_t record = 0; pos < bytes.size(); ++record) {
    const At at{path, record, pos};
    std::uint64_t len = 0;
    std::size_t p = pos;
    if (!read_varint(bytes, p, len)) at.fail("the length prefix is cut off or longer than 10 bytes (a truncated or corrupt file)");
    if (len == 0) at.fail("a message of length 0 (Chakra's reader takes it for the end of the file); expected a Node");
    if (len > kMaxRecordBytes) at.fail(fmt::format("a message of {} bytes, more than the {} one record may have", len, kMaxRecordBytes));
    if (len > bytes.size() - p)
      at.fail(fmt::format("the message says {} bytes, only {} remain (a truncated file)", len, bytes.size() - p));
    const char* data = bytes.data() + p;
    const int n = static_cast<int>(len);
    pos = p + static_cast<std::size_t>(len);
    if (record == 0) {
      pb::GlobalMetadata meta;
      if (!meta.ParseFromArray(data, n)) at.fail("not a Chakra GlobalMetadata message (the first record must be one; malformed protobuf, or a string "
                  "that is not UTF-8)");
      rt.version = shown_name(meta.version());
      for (const auto& a : meta.attr())
        if (a.name() == "simtrain_steps") {
          auto v = int_value(a);
          if (!v || *v < 1 || *v > 100000) at.fail("simtrain_steps must be an integer 1 .. 100000");
          rt.steps = *v;
        } else if (a.name() == "simtrain_gpu") {
          if (a.value_case() != pb::AttributeProto::kStringVal || a.string_val().empty())
            at.fail("simtrain_gpu must be a non-empty string (the GPU's name)");
          rt.gpu = shown_name(a.string_val());
        }
      continue;
    }
    pb::Node msg;
    if (!msg.ParseFromArray(data, n)) at.fail("not a Chakra Node message (malformed protobuf, or a string field that is not UTF-8)");
    if (rt.nodes.size() >= kMaxNodes) at.fail(fmt::format("more than {} nodes", kMaxNodes));
    EtNode node;
    node.id = msg.id();
    node.name = msg.name();
    node.record = record;
    node.offset = at.offset;
    if (auto [it, fresh] = ids.emplace(node.id, record); !fresh)
      at.fail(node_ref(node) + fmt::format(": the id is already used by record {}", it->second));
    NodeAttrs got;
    read_attrs(at, msg, node, got, ignored_attrs);
    read_node_kind(at, msg, node, got);
    if (!node.duration_ps && msg.duration_micros() > 0) {
      if (msg.duration_micros() > static_cast<std::uint64_t>(kMaxDurationPs / 1000000))
        at.fail(node_ref(node) + fmt::format(": duration_micros {} is more than 1e5 s", msg.duration_micros()));
      node.duration_ps = static_cast<TimePs>(msg.duration_micros()) * 1000000;
    }
    if (msg.has_inputs()) ++ignored_attrs["(inputs)"];
    if (msg.has_outputs()) ++ignored_attrs["(outputs)"];
    if (node.kind == NodeKind::marker || (node.kind == NodeKind::compute && !node.duration_ps && node.num_ops <= 0))
      ++zero_time_nodes;
    raw_deps.emplace_back(msg.ctrl_deps().begin(), msg.ctrl_deps().end());
    raw_deps.back().insert(raw_deps.back().end(), msg.data_deps().begin(), msg.data_deps().end());
    rt.nodes.push_back(std::move(node));
  }
  resolve_deps(path, rt, raw_deps, opt, stats);
  return rt;
}

namespace {

std::string where(const Trace& t, const Endpoint& e) {
  const EtNode& n = t.ranks[static_cast<std::size_t>(e.rank)].nodes[e.node];
  return fmt::format("{} record {} at byte {}, {}", t.ranks[static_cast<std::size_t>(e.rank)].path, n.record, n.offset,
                     node_ref(n));
}

std::string describe_coll(const EtNode& n) {
  return fmt::format("{} of {:.0f} B{}", coll_type_name(n.coll), n.comm_bytes,
                     n.calls > 1 ? fmt::format(" ({} calls)", n.calls) : std::string());
}

std::string group_label(const std::string& pg) { return pg.empty() ? "the default group (every rank)" : "process group '" + shown_name(pg) + "'"; }

void read_comm_groups(Trace& t, const std::string& path, const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw ScenarioError(path, 0, 0, "", fmt::format("not JSON (byte {}); expected ASTRA-sim's comm group file, "
                                                    "{{\"<pg_name>\": [rank, ...], ...}}", e.byte));
  } catch (const nlohmann::json::out_of_range& e) {
    throw ScenarioError(path, 0, 0, "", fmt::format("a number too large for a double ({}); expected ASTRA-sim's comm "
                                                    "group file, {{\"<pg_name>\": [rank, ...], ...}}", e.what()));
  }
  if (!j.is_object()) throw ScenarioError(path, 0, 0, "", "expected an object {\"<pg_name>\": [rank, ...], ...}");
  const int n = static_cast<int>(t.ranks.size());
  for (const auto& [name, members] : j.items()) {
    if (name.empty() || name.size() > 256) throw ScenarioError(path, 0, 0, shown_name(name), "a group name of 1 .. 256 bytes");
    if (!members.is_array() || members.empty())
      throw ScenarioError(path, 0, 0, shown_name(name), "expected a non-empty list of ranks");
    std::vector<int> ranks;
    std::set<int> seen;
    for (const auto& m : members) {
      if (!m.is_number_integer() || m.get<long long>() < 0 || m.get<long long>() >= n)
        throw ScenarioError(path, 0, 0, shown_name(name),
                            fmt::format("'{}' is not a rank of this trace (0 .. {})", shown_name(m.dump()), n - 1));
      const int r = m.get<int>();
      if (!seen.insert(r).second) throw ScenarioError(path, 0, 0, shown_name(name), fmt::format("rank {} is listed twice", r));
      ranks.push_back(r);
    }
    t.groups[name] = std::move(ranks);
  }
}

void match_collectives(Trace& t, const std::map<std::string, std::vector<int>>& given) {
  const int n = static_cast<int>(t.ranks.size());
  // Per group and rank, the collectives in file order.
  std::map<std::string, std::map<int, std::vector<std::uint32_t>>> calls;
  for (const RankTrace& rt : t.ranks)
    for (std::uint32_t i = 0; i < rt.nodes.size(); ++i)
      if (rt.nodes[i].kind == NodeKind::collective) calls[rt.nodes[i].pg][rt.rank].push_back(i);
  for (auto& [pg, by_rank] : calls) {
    std::vector<int> members;
    if (pg.empty()) {
      for (int r = 0; r < n; ++r) members.push_back(r);
    } else if (auto it = given.find(pg); it != given.end()) {
      members = it->second;
    } else {
      for (const auto& [r, v] : by_rank) members.push_back(r);  // inferred: the ranks that name it
    }
    for (const auto& [r, v] : by_rank)
      if (std::find(members.begin(), members.end(), r) == members.end())
        throw ScenarioError(t.ranks[static_cast<std::size_t>(r)].path, 0, 0, "",
                            fmt::format("record {}: rank {} issues a collective on {}, which comm_group.json does not "
                                        "list it in", t.ranks[static_cast<std::size_t>(r)].nodes[v.front()].record, r,
                                        group_label(pg)));
    t.groups[pg] = members;
    // Every member issues the same calls in the same order.
    const int first = members.front();
    const auto& ref = by_rank[first];
    for (int r : members) {
      const auto& mine = by_rank[r];
      const std::size_t k = std::min(mine.size(), ref.size());
      for (std::size_t c = 0; c < k; ++c) {
        const EtNode& a = t.ranks[static_cast<std::size_t>(first)].nodes[ref[c]];
        const EtNode& b = t.ranks[static_cast<std::size_t>(r)].nodes[mine[c]];
        if (a.coll != b.coll || a.comm_bytes != b.comm_bytes || a.calls != b.calls)
          throw ScenarioError(t.ranks[static_cast<std::size_t>(r)].path, 0, 0, "",
                              fmt::format("record {} at byte {}: collective #{} on {} is {} on rank {} but {} on rank {} ({}); "
                                          "the members of a group must issue the same calls in the same order",
                                          b.record, b.offset, c, group_label(pg), describe_coll(b), r, describe_coll(a),
                                          first, where(t, Endpoint{first, ref[c]})));
      }
      if (mine.size() != ref.size()) {
        const bool more = mine.size() > ref.size();
        const Endpoint extra{more ? r : first, (more ? mine : ref)[k]};
        throw ScenarioError(t.ranks[static_cast<std::size_t>(extra.rank)].path, 0, 0, "",
                            fmt::format("record {}: rank {} issues {} collectives on {}, rank {} issues {}: collective #{} "
                                        "({}) has no partner{}",
                                        t.ranks[static_cast<std::size_t>(extra.rank)].nodes[extra.node].record, r, mine.size(),
                                        group_label(pg), first, ref.size(), k, where(t, extra),
                                        pg.empty() ? " (a collective without pg_name spans every rank)" : ""));
      }
    }
    for (std::size_t c = 0; c < ref.size(); ++c) {
      Collective col;
      col.pg = pg;
      for (int r : members) col.members.push_back(Endpoint{r, by_rank[r][c]});
      t.collectives.push_back(std::move(col));
    }
  }
  for (const auto& [pg, members] : given)
    if (!t.groups.count(pg)) t.groups[pg] = members;
}

void match_p2p(Trace& t) {
  const int n = static_cast<int>(t.ranks.size());
  using Key = std::tuple<int, int, std::int64_t>;  // src, dst, tag
  std::map<Key, std::vector<Endpoint>> sends, recvs;
  for (const RankTrace& rt : t.ranks)
    for (std::uint32_t i = 0; i < rt.nodes.size(); ++i) {
      const EtNode& nd = rt.nodes[i];
      if (nd.kind != NodeKind::send && nd.kind != NodeKind::recv) continue;
      const At at{rt.path, nd.record, nd.offset};
      if (nd.peer >= n) at.fail(node_ref(nd) + fmt::format(": peer rank {} has no file (ranks 0 .. {})", nd.peer, n - 1));
      if (nd.peer == rt.rank) at.fail(node_ref(nd) + ": sends to or receives from its own rank");
      if (nd.kind == NodeKind::send) sends[Key{rt.rank, nd.peer, nd.tag}].push_back(Endpoint{rt.rank, i});
      else recvs[Key{nd.peer, rt.rank, nd.tag}].push_back(Endpoint{rt.rank, i});
    }
  auto unmatched = [&](const Endpoint& e, bool send) {
    const EtNode& nd = t.ranks[static_cast<std::size_t>(e.rank)].nodes[e.node];
    At{t.ranks[static_cast<std::size_t>(e.rank)].path, nd.record, nd.offset}.fail(
        node_ref(nd) + fmt::format(": a {} rank {} (tag {}) that rank {} never {}", send ? "send to" : "receive from",
                                   nd.peer, nd.tag, nd.peer, send ? "receives" : "sends"));
  };
  for (auto& [key, s] : sends) {
    auto& r = recvs[key];
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (k >= r.size()) unmatched(s[k], true);
      const EtNode& a = t.ranks[static_cast<std::size_t>(s[k].rank)].nodes[s[k].node];
      const EtNode& b = t.ranks[static_cast<std::size_t>(r[k].rank)].nodes[r[k].node];
      if (a.comm_bytes != b.comm_bytes)
        At{t.ranks[static_cast<std::size_t>(r[k].rank)].path, b.record, b.offset}.fail(
            node_ref(b) + fmt::format(": receives {:.0f} B but the matching send ({}) sends {:.0f} B", b.comm_bytes,
                                      where(t, s[k]), a.comm_bytes));
      t.p2p.push_back(P2p{s[k], r[k]});
    }
    if (r.size() > s.size()) unmatched(r[s.size()], false);
  }
  for (auto& [key, r] : recvs)
    if (!sends.count(key) && !r.empty()) unmatched(r.front(), false);
}

}  // namespace

void link_ranks(Trace& t, const std::optional<std::pair<std::string, std::string>>& comm_group_json) {
  if (comm_group_json) read_comm_groups(t, comm_group_json->first, comm_group_json->second);
  const auto given = t.groups;
  t.groups.clear();
  match_collectives(t, given);
  match_p2p(t);
}

namespace {

std::string read_bytes(const fs::path& p, std::uint64_t limit) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) throw ScenarioError(p.string(), 0, 0, "", "not a regular file");
  const auto size = fs::file_size(p, ec);
  if (ec) throw ScenarioError(p.string(), 0, 0, "", "cannot read: " + ec.message());
  if (size > limit) throw ScenarioError(p.string(), 0, 0, "", fmt::format("{} bytes, more than the {} it may have", size, limit));
  std::ifstream in(p, std::ios::binary);
  if (!in) throw ScenarioError(p.string(), 0, 0, "", "cannot open for reading");
  std::string s(static_cast<std::size_t>(size), '\0');
  in.read(s.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uint64_t>(in.gcount()) != size) throw ScenarioError(p.string(), 0, 0, "", "cannot read it whole");
  return s;
}

}  // namespace

Trace read_trace_dir(const std::string& dir, const ReadOptions& opt) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw ScenarioError(dir, 0, 0, "", "not a directory; expected a directory of Chakra trace files <prefix>.<rank>.et");
  Trace t;
  t.dir = dir;
  std::map<int, fs::path> files;
  std::string prefix;
  std::vector<fs::path> entries;
  for (const auto& e : fs::directory_iterator(dir, ec)) entries.push_back(e.path());
  if (ec) throw ScenarioError(dir, 0, 0, "", "cannot list: " + ec.message());
  std::sort(entries.begin(), entries.end());
  for (const fs::path& p : entries) {
    const std::string name = p.filename().string();
    if (name.size() < 4 || name.substr(name.size() - 3) != ".et") continue;
    const std::string stem = name.substr(0, name.size() - 3);
    const auto dot = stem.rfind('.');
    const std::string digits = dot == std::string::npos ? "" : stem.substr(dot + 1);
    if (digits.empty() || digits.size() > 6 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw ScenarioError(p.string(), 0, 0, "", "a trace file's name must be <prefix>.<rank>.et (rank: 0, 1, ...)");
    const std::string pre = stem.substr(0, dot);
    if (prefix.empty()) prefix = pre;
    else if (pre != prefix)
      throw ScenarioError(p.string(), 0, 0, "", "prefix '" + shown_name(pre) + "' differs from '" + shown_name(prefix) +
                                                    "': one directory holds the trace files of one job");
    const int rank = std::stoi(digits);
    if (!files.emplace(rank, p).second)
      throw ScenarioError(p.string(), 0, 0, "", fmt::format("rank {} has two files ({} and this)", rank, files[rank].string()));
  }
  if (files.empty()) throw ScenarioError(dir, 0, 0, "", "no Chakra trace files (<prefix>.<rank>.et) in this directory");
  if (files.size() > kMaxRanks) throw ScenarioError(dir, 0, 0, "", fmt::format("more than {} rank files", kMaxRanks));
  int expect = 0;
  for (const auto& [rank, p] : files) {
    if (rank != expect)
      throw ScenarioError(dir, 0, 0, "", fmt::format("rank {}'s file ({}.{}.et) is missing; ranks must run 0 .. n-1", expect,
                                                     shown_name(prefix), expect));
    ++expect;
  }
  std::size_t total = 0;
  for (const auto& [rank, p] : files) {
    t.ranks.push_back(parse_rank_file(p.string(), rank, read_bytes(p, kMaxFileBytes), opt, t.stats));
    total += t.ranks.back().nodes.size();
    if (total > kMaxNodes) throw ScenarioError(p.string(), 0, 0, "", fmt::format("the files hold more than {} nodes together", kMaxNodes));
  }
  std::optional<std::pair<std::string, std::string>> groups;
  const fs::path cg = fs::path(dir) / "comm_group.json";
  if (fs::exists(cg, ec)) groups.emplace(cg.string(), read_bytes(cg, 64ULL << 20));
  link_ranks(t, groups);
  return t;
}

namespace {

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>(0x80 | (v & 0x7F)));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_message(std::string& out, const google::protobuf::MessageLite& m) {
  const std::string s = m.SerializeAsString();
  put_varint(out, s.size());
  out += s;
}

pb::AttributeProto* attr(pb::Node& n, const char* name) {
  pb::AttributeProto* a = n.add_attr();
  a->set_name(name);
  return a;
}

long long chakra_coll(CollType t) {
  switch (t) {
    case CollType::all_reduce: return pb::ALL_REDUCE;
    case CollType::reduce_scatter: return pb::REDUCE_SCATTER;
    case CollType::all_gather: return pb::ALL_GATHER;
    case CollType::broadcast: return pb::BROADCAST;
    case CollType::all_to_all: return pb::ALL_TO_ALL;
  }
  return pb::ALL_REDUCE;
}

}  // namespace

std::string encode_rank_file(const std::vector<OutNode>& nodes, long long steps, const std::string& gpu) {
  std::string out;
  pb::GlobalMetadata meta;
  meta.set_version(kSchemaVersion);
  auto* s = meta.add_attr();
  s->set_name("simtrain_steps");
  s->set_int64_val(steps);
  if (!gpu.empty()) {
    auto* g = meta.add_attr();
    g->set_name("simtrain_gpu");
    g->set_string_val(gpu);
  }
  put_message(out, meta);
  for (const OutNode& o : nodes) {
    pb::Node n;
    n.set_id(o.id);
    n.set_name(o.name);
    for (std::uint64_t d : o.deps) n.add_data_deps(d);
    attr(n, "is_cpu_op")->set_bool_val(o.cpu);
    switch (o.kind) {
      case NodeKind::compute:
        n.set_type(pb::COMP_NODE);
        // Rounded to the nearest microsecond for readers that know only duration_micros (ASTRA-sim).
        n.set_duration_micros(static_cast<std::uint64_t>((o.duration_ps + 500000) / 1000000));
        attr(n, "simtrain_duration_ps")->set_int64_val(o.duration_ps);
        if (o.num_ops > 0) attr(n, "num_ops")->set_int64_val(static_cast<long long>(std::llround(o.num_ops)));
        break;
      case NodeKind::collective:
        n.set_type(pb::COMM_COLL_NODE);
        attr(n, "comm_type")->set_int64_val(chakra_coll(o.coll));
        break;
      case NodeKind::send:
        n.set_type(pb::COMM_SEND_NODE);
        attr(n, "comm_dst")->set_int32_val(o.peer);
        attr(n, "comm_tag")->set_int32_val(0);
        break;
      case NodeKind::recv:
        n.set_type(pb::COMM_RECV_NODE);
        attr(n, "comm_src")->set_int32_val(o.peer);
        attr(n, "comm_tag")->set_int32_val(0);
        break;
      case NodeKind::marker: n.set_type(pb::METADATA_NODE); break;
    }
    if (o.kind == NodeKind::collective || o.kind == NodeKind::send || o.kind == NodeKind::recv) {
      const long long whole = std::llround(o.comm_bytes);
      attr(n, "comm_size")->set_int64_val(whole);
      if (static_cast<double>(whole) != o.comm_bytes) attr(n, "simtrain_comm_bytes")->set_double_val(o.comm_bytes);
      if (!o.pg.empty()) attr(n, "pg_name")->set_string_val(o.pg);
      if (!o.algo.empty()) attr(n, "simtrain_algo")->set_string_val(o.algo);
      if (!o.stream.empty()) attr(n, "simtrain_stream")->set_string_val(o.stream);
      if (o.calls > 1) attr(n, "simtrain_calls")->set_int64_val(o.calls);
    }
    put_message(out, n);
  }
  return out;
}

}  // namespace simtrain::chakra
