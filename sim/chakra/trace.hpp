// Chakra execution traces (ET), read into a validated in-memory graph and written back.
//
// Format: MLCommons Chakra ET schema 0.0.4 (chakra/et_def.proto, with the tag and commit it was
// written from). Read: files whose GlobalMetadata says any version (the schema's field numbers
// have not changed across 0.0.x; the PyTorch converter writes its own "schema" attribute, e.g.
// 1.0.1, which is reported, not checked). A directory holds one file per rank, named
// <prefix>.<rank>.et with one prefix (ASTRA-sim's naming); ranks must run 0 .. n-1 without gaps.
// A file `comm_group.json` beside them (ASTRA-sim's --comm-group-configuration: {"<pg_name>":
// [ranks...]}) gives the process groups' members in ring order; without it a group's members
// are the ranks whose files name it, and a collective without pg_name spans every rank.
//
// What a node becomes (ASTRA-sim's Workload::issue, as the issue asks):
//   COMP_NODE (and any node with is_cpu_op true)  compute for duration_micros on the rank's CPU
//       thread (is_cpu_op true) or GPU stream (false or absent), one at a time each, as
//       ASTRA-sim's HardwareResource admits one CPU and one GPU op per rank; with no duration but
//       num_ops (FLOPs) [and tensor_size (bytes)], the cost model's roofline for the GPU
//       (drive/replay.hpp); with neither, zero time (ASTRA-sim's skip_invalid) and counted.
//   COMM_COLL_NODE  comm_type ALL_REDUCE, REDUCE_SCATTER (REDUCE_SCATTER_BLOCK: the same traffic),
//       ALL_GATHER, BROADCAST, ALL_TO_ALL of comm_size bytes (nccl-tests' size: the buffer each
//       rank reduces / the gathered output / the bytes each rank sends to all), among the ranks
//       of pg_name. REDUCE, GATHER, SCATTER and BARRIER are refused: simtrain has no model of them.
//       The k-th collective of a group in one rank's file is the k-th in every member's (NCCL's
//       rule: a communicator's calls are issued in the same order on every rank); they must
//       agree on type and size.
//   COMM_SEND_NODE / COMM_RECV_NODE  a point-to-point transfer of comm_size bytes to comm_dst /
//       from comm_src with comm_tag; the k-th send from a to b with a tag matches the k-th
//       receive on b from a with that tag.
//   METADATA_NODE, INVALID_NODE  zero time, counted (ASTRA-sim marks them done).
//   MEM_LOAD_NODE, MEM_STORE_NODE  refused: simtrain does not model ASTRA-sim's remote memory.
// Dependencies: ctrl_deps and data_deps alike (ids in the same file; one on an id the file does
// not hold or on the node itself is an error, or with ReadOptions::drop_missing_deps dropped
// and counted). Attributes simtrain does
// not use (rf_id, op_schema, involved_dim, ...) are counted per name in `ignored_attrs`, never
// silently taken for time. Attributes simtrain writes and reads besides Chakra's own (ASTRA-sim
// keeps unknown attributes aside): simtrain_duration_ps (int64: the exact duration, which
// duration_micros rounds), simtrain_algo (string: the NCCL algorithm the collective ran),
// simtrain_stream (string: the stream it ran on, "-" for none), simtrain_comm_bytes (double:
// the exact size where comm_size, an integer, rounds it), simtrain_calls (int64: a
// collective of k calls back to back, comm_size their total), and in the GlobalMetadata
// simtrain_steps (int64: the training steps the trace holds) and simtrain_gpu (string: the GPU
// whose compute times the trace carries, e.g. "NVIDIA A100-SXM4-40GB"; Chakra's schema has no
// field for the device, so a trace from elsewhere does not say which GPU it was timed on).
//
// Every error names the file, the record index (0: the GlobalMetadata) and its byte offset, and
// the node id where there is one; nothing is replayed from a directory with an error.
// Limits against hostile input: kMaxFileBytes per file, kMaxRecordBytes per message,
// kMaxNodes in all, kMaxRanks files, sizes up to kMaxCommBytes, durations up to kMaxDurationPs.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/enum_names.hpp"
#include "base/time.hpp"

namespace simtrain::chakra {

inline constexpr std::uint64_t kMaxFileBytes = 1ULL << 30;       // 1 GiB: a 3 MB real trace holds 3,665 nodes
inline constexpr std::uint64_t kMaxRecordBytes = 64ULL << 20;    // one node or metadata message
inline constexpr std::size_t kMaxNodes = 20'000'000;             // all files together
inline constexpr std::size_t kMaxRanks = 65536;
inline constexpr double kMaxCommBytes = 1125899906842624.0;      // 1 PiB in one call: past it, absurd
inline constexpr TimePs kMaxDurationPs = 100000LL * 1000000000000LL;  // 1e5 s for one node
inline constexpr const char* kSchemaVersion = "0.0.4";

enum class NodeKind { compute, collective, send, recv, marker };
enum class CollType { all_reduce, reduce_scatter, all_gather, broadcast, all_to_all };
// Chakra's spelling (its CollectiveCommType).
inline constexpr auto kCollTypeNames = enum_names<CollType>({{CollType::all_reduce, "ALL_REDUCE"},
                                                             {CollType::reduce_scatter, "REDUCE_SCATTER"},
                                                             {CollType::all_gather, "ALL_GATHER"},
                                                             {CollType::broadcast, "BROADCAST"},
                                                             {CollType::all_to_all, "ALL_TO_ALL"}});
const char* coll_type_name(CollType t);

struct EtNode {
  std::uint64_t id = 0;
  std::string name;
  NodeKind kind = NodeKind::marker;
  bool cpu = false;  // is_cpu_op
  // compute: the time as given (duration_ps >= 0), else from num_ops / tensor_bytes
  std::optional<TimePs> duration_ps;
  double num_ops = 0, tensor_bytes = 0;
  // communication
  CollType coll = CollType::all_reduce;
  double comm_bytes = 0;
  int calls = 1;          // simtrain_calls
  std::string pg;         // pg_name ("": every rank)
  int peer = -1;          // send: comm_dst, recv: comm_src
  std::int64_t tag = 0;   // comm_tag
  std::string algo;       // simtrain_algo ("": the planner's choice)
  std::string stream;     // simtrain_stream ("": one stream per process group or pair)
  std::vector<std::uint32_t> deps;  // indices into the rank's nodes
  std::size_t record = 0;
  std::uint64_t offset = 0;
};

struct RankTrace {
  int rank = 0;
  std::string path;
  std::string version;  // GlobalMetadata.version
  long long steps = 0;  // simtrain_steps (0: not given)
  std::string gpu;      // simtrain_gpu ("": not given)
  std::vector<EtNode> nodes;
};

struct Endpoint {
  int rank = 0;
  std::uint32_t node = 0;  // index into the rank's nodes
};
// One collective call as every member issued it (members in the group's ring order).
struct Collective {
  std::string pg;
  std::vector<Endpoint> members;
};
// A send and the receive it matched.
struct P2p {
  Endpoint send, recv;
};

// How to read. drop_missing_deps: a dependency on an id the file does not hold, or on the node
// itself, is dropped and counted instead of refused (the PyTorch converter's traces have both:
// parents it did not convert, and nodes listed among their own data_deps).
struct ReadOptions {
  bool drop_missing_deps = false;
};

// What was read but not simulated.
struct ReadStats {
  std::map<std::string, std::uint64_t> ignored_attrs;  // name -> nodes that carried it
  std::uint64_t zero_time_nodes = 0;  // markers and compute nodes with neither time nor FLOPs
  std::uint64_t dropped_deps = 0;     // ReadOptions::drop_missing_deps
};

struct Trace {
  std::string dir;
  std::vector<RankTrace> ranks;                    // rank r at index r
  std::map<std::string, std::vector<int>> groups;  // pg_name -> member ranks in ring order
  ReadStats stats;
  std::vector<Collective> collectives;  // by group, then call order (link_ranks)
  std::vector<P2p> p2p;
};

// One rank's file, from its bytes (fuzzed directly). Throws ScenarioError.
RankTrace parse_rank_file(const std::string& path, int rank, std::string_view bytes, const ReadOptions& opt, ReadStats& stats);
// Cross-rank checks and the groups: every pg's members, collectives matched and agreeing, sends
// matched with receives. `comm_group_json`: the file's text and path, when there is one.
void link_ranks(Trace& trace, const std::optional<std::pair<std::string, std::string>>& comm_group_json);
// A directory of <prefix>.<rank>.et files (and comm_group.json). Throws ScenarioError.
Trace read_trace_dir(const std::string& dir, const ReadOptions& opt = {});

// --- writing ---
struct OutNode {
  std::uint64_t id = 0;
  std::string name;
  NodeKind kind = NodeKind::compute;
  bool cpu = false;
  TimePs duration_ps = 0;
  double num_ops = 0;
  CollType coll = CollType::all_reduce;
  double comm_bytes = 0;
  int calls = 1;
  std::string pg, algo, stream;
  int peer = -1;
  std::vector<std::uint64_t> deps;
};
// One rank's file: the GlobalMetadata (version 0.0.4, simtrain_steps, simtrain_gpu unless `gpu`
// is "") and the nodes, framed.
std::string encode_rank_file(const std::vector<OutNode>& nodes, long long steps, const std::string& gpu = "");
// "name" for a message: printable, at most 80 bytes.
std::string shown_name(std::string_view name);

}  // namespace simtrain::chakra
