// A measured nccl-tests run read back: the output of all_reduce_perf, all_gather_perf,
// reduce_scatter_perf, broadcast_perf, reduce_perf, alltoall_perf or sendrecv_perf
// (NVIDIA/nccl-tests 2.x), for `simtrain collective --compare LOG`.
//
// The format, as nccl-tests prints it (read in NVIDIA/nccl-tests v2.0.0, v2.10.0, v2.13.8 and
// v2.19.6; src/common.cu, from 2.19 src/util.cu):
//   # nThread 1 nGpus 8 minBytes 32768 maxBytes 17179869184 step: 2(factor) ...
//   #  Rank  0 Group  0 Pid  12345 on     host-a device  0 [0x07] NVIDIA A100-SXM4-80GB
//      (one device line per rank: -g/-t runs list their GPUs, MPI runs every process's;
//      before 2.13 "#   Rank  0 Pid ..." without the group; from 2.17 the bus id as
//      [0000:07:00]; counting them gives the ranks)
//   #                                 out-of-place                       in-place
//   #       size   count   type  redop  root   time  algbw  busbw #wrong   time  algbw  busbw #wrong
//   #        (B) (elements)                    (us) (GB/s) (GB/s)          (us) (GB/s) (GB/s)
//          32768     8192  float   sum    -1  44.51   0.74   1.29      0  43.96   0.75   1.31      0
//   # Out of bounds values : 0 OK
//   # Avg bus bandwidth    : 123.4
// Before 2.13 each binary printed its own leading columns (all_reduce: redop; all_gather and
// sendrecv: none; broadcast: root; reduce: redop and root) and called #wrong "error"; from
// 2.13 every binary prints redop and root. #wrong is N/A when the run did not check results
// (-c 0); 2.19 may add per-iteration columns (i_min i_max i_p99 i_cv%) to each half, and a
// timestamp at the end. An in-place half that is N/A or absent is read as not measured.
//
// The printed size is max(send, receive) bytes and count the elements of nccl-tests' count
// argument, so for the sharded collectives (all_gather, reduce_scatter, alltoall) size =
// count x ranks x element size, for the rest size = count x element size. algbw = size / time
// and busbw = algbw x 2(n-1)/n for all_reduce, (n-1)/n for all_gather, reduce_scatter and
// alltoall, 1 for broadcast, reduce and sendrecv (src/<binary>.cu, GetBw).
//
// The header does not name the binary before 2.19 ("# Collective test starting:
// all_reduce_perf"), so the binaries whose rows these could be are inferred from the columns,
// redop, root, size/count and busbw/algbw (`candidates`); at some rank counts two binaries
// print the same shape (all_gather and alltoall always; all_reduce and sendrecv on 2 ranks),
// and the caller asks the user to say which.
//
// A malformed log is a ScenarioError at its file:line:col: a row cut short or with a field that
// is not a number, no data rows, sizes not increasing (several sweeps in one file), no device
// lines, a rank listed twice.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/enum_names.hpp"

namespace simtrain {

enum class NcclTestsBinary { all_reduce, all_gather, reduce_scatter, broadcast, reduce, alltoall, sendrecv };
// The binary's name without _perf ("all_reduce_perf"), in the order a log's candidates are listed.
inline constexpr auto kNcclTestsBinaryNames = enum_names<NcclTestsBinary>({{NcclTestsBinary::all_reduce, "all_reduce"},
                                                                           {NcclTestsBinary::all_gather, "all_gather"},
                                                                           {NcclTestsBinary::reduce_scatter, "reduce_scatter"},
                                                                           {NcclTestsBinary::broadcast, "broadcast"},
                                                                           {NcclTestsBinary::reduce, "reduce"},
                                                                           {NcclTestsBinary::alltoall, "alltoall"},
                                                                           {NcclTestsBinary::sendrecv, "sendrecv"}});

const char* nccl_tests_binary_name(NcclTestsBinary b);
// nccl-tests' busbw/algbw factor of a binary on n ranks.
double nccl_tests_busbw_factor(NcclTestsBinary b, int ranks);
// Bytes per element of an nccl-tests type name (int8 ... f8e5m2, and the old char and int);
// 0 when unknown.
int nccl_tests_type_bytes(const std::string& type);

struct NcclTestsFigures {
  double time_us = 0, algbw_gbps = 0, busbw_gbps = 0;
};

struct NcclTestsRow {
  int line = 0;                 // 1-based line in the log
  long long size_bytes = 0;     // as printed: max(send, receive) bytes
  long long count = 0;          // elements, as printed
  std::string type, redop;      // redop "" when the binary's columns have none
  std::optional<int> root;      // when the columns have one
  NcclTestsFigures out_of_place;
  std::optional<NcclTestsFigures> in_place;  // absent or N/A in the log
  std::optional<long long> wrong;            // out-of-place #wrong (none: N/A, not checked, or the
                                             // older "error" column, a deviation rather than a count)
};

struct NcclTestsLog {
  std::string path;
  int ranks = 0;                       // device lines
  std::string device;                  // the GPU named on the first device line ("NVIDIA H200"), or ""
  int device_line = 0;                 // that line
  int hosts = 0;                       // distinct host names on them
  std::string program;                 // "all_reduce_perf" when the log names it (2.19+), else ""
  bool has_redop_column = false, has_root_column = false;
  bool complete = false;               // the footer (# Avg bus bandwidth) was found
  int first_row_line = 0;
  std::vector<NcclTestsRow> rows;
  // The binaries whose output these rows can be, in NcclTestsBinary order; never empty (a log
  // that fits none is an error), one element when the shape is unambiguous or the log names it.
  std::vector<NcclTestsBinary> candidates;
  // The shape the inference read, for messages: "redop sum, root -1, size = count x 4 B,
  // busbw = 1.75 x algbw".
  std::string shape;
};

// Parses the text of a log (named `path` in errors). Throws ScenarioError.
NcclTestsLog parse_nccl_tests_log(const std::string& text, const std::string& path);
// read_input_file (a regular file of bounded size) and parse_nccl_tests_log.
NcclTestsLog read_nccl_tests_log(const std::string& path);

}  // namespace simtrain
