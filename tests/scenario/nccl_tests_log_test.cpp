// nccl-tests logs read back for `simtrain collective --compare` (scenario/nccl_tests_log.hpp):
// every binary's row shape, the old and new column sets, in-place N/A or absent, MPI device
// lines, and each class of bad file as an error at its line and column.
#include <catch2/catch.hpp>

#include <functional>

#include "drive/collective.hpp"
#include "report/collective_report.hpp"
#include "scenario/error.hpp"
#include "scenario/nccl_tests_log.hpp"

using namespace simtrain;

namespace {

ScenarioError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}

// Device lines as nccl-tests 2.13+ prints them: `per_host` ranks on each of `hosts` hosts.
std::string devices(int ranks, int hosts = 1) {
  std::string s = "# nThread 1 nGpus 1 minBytes 8 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n# Using devices\n";
  const int per_host = ranks / hosts;
  for (int r = 0; r < ranks; ++r) {
    char line[160];
    std::snprintf(line, sizeof line, "#  Rank %2d Group  0 Pid %6d on %10s device %2d [0x%02x] NVIDIA A100-SXM4-80GB\n", r,
                  1000 + r, (std::string("node") + std::to_string(r / per_host)).c_str(), r % per_host, r);
    s += line;
  }
  return s + "#\n";
}

const std::string kHeader =
    "#                                                              out-of-place                       in-place          \n"
    "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
    "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       \n";
const std::string kFooter = "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 100.5 \n#\n";

std::vector<NcclTestsBinary> cands(const NcclTestsLog& log) { return log.candidates; }

}  // namespace

TEST_CASE("every binary's rows (nccl-tests 2.13+) name the binary, or the few it could be", "[nccl_log]") {
  SECTION("all_reduce_perf on 8 ranks: sum, root -1, size = count x 4 B, busbw = 1.75 x algbw -> all_reduce") {
    const auto log = parse_nccl_tests_log(devices(8) + kHeader +
                                              "    33554432       8388608     float     sum      -1    424.0   79.14  138.49      0    423.1   79.31  138.79      0\n"
                                              "  1073741824     268435456     float     sum      -1   8204.0  130.88  229.04      0   8200.1  130.94  229.15      0\n" +
                                              kFooter,
                                          "ar.log");
    CHECK(log.ranks == 8);
    CHECK(log.hosts == 1);
    CHECK(log.complete);
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_reduce});
    REQUIRE(log.rows.size() == 2);
    CHECK(log.rows[1].size_bytes == 1073741824);
    CHECK(log.rows[1].count == 268435456);
    CHECK(log.rows[1].out_of_place.time_us == 8204.0);
    CHECK(log.rows[1].out_of_place.busbw_gbps == 229.04);
    REQUIRE(log.rows[1].in_place);
    CHECK(log.rows[1].in_place->busbw_gbps == 229.15);
    REQUIRE(log.rows[1].wrong);
    CHECK(*log.rows[1].wrong == 0);
    CHECK(log.rows[0].line == 16);
    CHECK(log.first_row_line == 16);
  }
  SECTION("reduce_scatter_perf on 8 ranks: sum, root -1, size = count x 8 ranks x 4 B, 0.875 x algbw -> reduce_scatter") {
    const auto log = parse_nccl_tests_log(devices(8) + kHeader +
                                              "  1073741824      33554432     float     sum      -1   5301.2  202.55  177.23      0   5290.0  202.98  177.61      0\n" +
                                              kFooter,
                                          "rs.log");
    CHECK(cands(log) == std::vector{NcclTestsBinary::reduce_scatter});
  }
  SECTION("all_gather_perf on 8 ranks: none, root -1, sharded, 0.875 -> all_gather or alltoall (their rows are the same)") {
    const auto log = parse_nccl_tests_log(devices(8) + kHeader +
                                              "  1073741824      33554432     float    none      -1   5301.2  202.55  177.23      0   5290.0  202.98  177.61      0\n" +
                                              kFooter,
                                          "ag.log");
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_gather, NcclTestsBinary::alltoall});
  }
  SECTION("an alltoall_perf log of nccl-tests 2.19+ names its program: alltoall only") {
    const auto log = parse_nccl_tests_log("# nccl-tests version 2.19.6 nccl-headers=22807 nccl-library=22807\n"
                                          "# Collective test starting: alltoall_perf\n" +
                                              devices(8) + kHeader +
                                              "  1073741824      33554432     float    none      -1   5301.2  202.55  177.23      0   5290.0  202.98  177.61      0\n" +
                                              kFooter,
                                          "a2a.log");
    CHECK(log.program == "alltoall_perf");
    CHECK(cands(log) == std::vector{NcclTestsBinary::alltoall});
  }
  SECTION("broadcast_perf: none, root 0, busbw = algbw -> broadcast; reduce_perf: sum, root 0 -> reduce") {
    const auto bc = parse_nccl_tests_log(devices(8) + kHeader +
                                             "  1073741824     268435456     float    none       0   5000.0  214.75  214.75      0   4990.0  215.18  215.18      0\n" +
                                             kFooter,
                                         "bc.log");
    CHECK(cands(bc) == std::vector{NcclTestsBinary::broadcast});
    REQUIRE(bc.rows[0].root);
    CHECK(*bc.rows[0].root == 0);
    const auto rd = parse_nccl_tests_log(devices(8) + kHeader +
                                             "  1073741824     268435456     float     sum       0   5000.0  214.75  214.75      0   4990.0  215.18  215.18      0\n" +
                                             kFooter,
                                         "rd.log");
    CHECK(cands(rd) == std::vector{NcclTestsBinary::reduce});
  }
  SECTION("sendrecv_perf on 8 ranks: sum, root -1, busbw = algbw -> sendrecv; on 2 ranks all_reduce prints the same") {
    const std::string row =
        "   134217728      33554432     float     sum      -1   1211.2  110.81  110.81      0   1210.0  110.92  110.92      0\n";
    CHECK(cands(parse_nccl_tests_log(devices(8) + kHeader + row + kFooter, "sr.log")) ==
          std::vector{NcclTestsBinary::sendrecv});
    CHECK(cands(parse_nccl_tests_log(devices(2) + kHeader + row + kFooter, "sr2.log")) ==
          std::vector{NcclTestsBinary::all_reduce, NcclTestsBinary::sendrecv});
  }
}

TEST_CASE("older nccl-tests (before 2.13) print each binary's own columns and an 'error' column", "[nccl_log]") {
  const std::string old_devices =
      "# nThread 1 nGpus 4 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1 \n#\n"
      "# Using devices\n"
      "#   Rank  0 Pid   1234 on   host-a device  0 [0x07] Tesla V100-SXM2-32GB\n"
      "#   Rank  1 Pid   1234 on   host-a device  1 [0x0a] Tesla V100-SXM2-32GB\n"
      "#   Rank  2 Pid   1234 on   host-a device  2 [0x47] Tesla V100-SXM2-32GB\n"
      "#   Rank  3 Pid   1234 on   host-a device  3 [0x4d] Tesla V100-SXM2-32GB\n#\n";
  SECTION("all_gather_perf 2.10: size count type, then time algbw busbw error; 0e+00 errors -> all_gather") {
    const auto log = parse_nccl_tests_log(
        old_devices +
            "#                                             out-of-place                       in-place          \n"
            "#       size         count      type     time   algbw   busbw  error     time   algbw   busbw  error\n"
            "#        (B)    (elements)               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       \n"
            "   134217728       8388608     float   1500.0   89.48   67.11  0e+00   1490.0   90.08   67.56  0e+00\n" +
            kFooter,
        "ag_old.log");
    CHECK_FALSE(log.has_redop_column);
    CHECK_FALSE(log.has_root_column);
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_gather});
    CHECK_FALSE(log.rows[0].wrong);  // "error" was the largest deviation, not a count of wrong elements
  }
  SECTION("all_reduce_perf 2.10: size count type redop -> all_reduce (1.5 x algbw at 4 ranks)") {
    const auto log = parse_nccl_tests_log(
        old_devices +
            "#                                                     out-of-place                       in-place          \n"
            "#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n"
            "#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       \n"
            "   134217728      33554432     float     sum   1500.0   89.48  134.22  2e-07   1490.0   90.08  135.12  2e-07\n" +
            kFooter,
        "ar_old.log");
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_reduce});
  }
}

TEST_CASE("in-place figures N/A or absent, #wrong N/A, NCCL's debug lines and a cut footer", "[nccl_log]") {
  SECTION("-c 0 prints #wrong as N/A; an in-place half of N/A is not measured; a row may stop after out-of-place") {
    const auto log = parse_nccl_tests_log(devices(8) + kHeader +
                                              "    33554432       8388608     float     sum      -1    424.0   79.14  138.49    N/A    423.1   79.31  138.79    N/A\n"
                                              "    67108864      16777216     float     sum      -1    684.6   98.03  171.54    N/A      N/A     N/A     N/A    N/A\n"
                                              "   134217728      33554432     float     sum      -1   1327.6  101.10  176.92    N/A\n" +
                                              kFooter,
                                          "na.log");
    REQUIRE(log.rows.size() == 3);
    CHECK(log.rows[0].in_place);
    CHECK_FALSE(log.rows[0].wrong);
    CHECK_FALSE(log.rows[1].in_place);
    CHECK_FALSE(log.rows[2].in_place);
    CHECK(log.rows[2].out_of_place.busbw_gbps == 176.92);
  }
  SECTION("NCCL INFO lines between the rows are NCCL's, not the table's; a log without its footer is read, marked") {
    const auto log = parse_nccl_tests_log(devices(8) + "node0:1234:1234 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n" +
                                              kHeader +
                                              "    33554432       8388608     float     sum      -1    424.0   79.14  138.49      0    423.1   79.31  138.79      0\n"
                                              "node0:1234:1250 [3] NCCL INFO comm 0x55 rank 3 nranks 8 - Init COMPLETE\n"
                                              "    67108864      16777216     float     sum      -1    684.6   98.03  171.54      0    680.0   98.69  172.70      0\n",
                                          "info.log");
    CHECK(log.rows.size() == 2);
    CHECK_FALSE(log.complete);
  }
  SECTION("an MPI run over 2 nodes prints every process's device line: 16 ranks on 2 hosts") {
    const auto log = parse_nccl_tests_log(devices(16, 2) + kHeader +
                                              "  1073741824     268435456     float     sum      -1   11265.   95.31  178.71      0   11260.   95.36  178.80      0\n" +
                                              kFooter,
                                          "mpi.log");
    CHECK(log.ranks == 16);
    CHECK(log.hosts == 2);
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_reduce});  // 2 x 15/16 = 1.875
  }
  SECTION("the shipped excerpt of a real 2.20 log (DGX Spark pair, MPI over 2 hosts) parses") {
    const auto log = read_nccl_tests_log(std::string(SIMTRAIN_TEST_DATA) + "/nccl_tests/dgx_spark_2node_all_reduce_excerpt.log");
    CHECK(log.program == "all_reduce_perf");
    CHECK(log.ranks == 2);
    CHECK(log.hosts == 2);
    CHECK(log.rows.size() == 4);
    CHECK_FALSE(log.complete);
    CHECK(cands(log) == std::vector{NcclTestsBinary::all_reduce});  // named by the log, which 2 ranks could not tell
  }
}

TEST_CASE("a bad log is an error at its file, line and column", "[nccl_log]") {
  const std::string head = devices(8) + kHeader;  // the table's first row is line 16
  SECTION("a row cut short: at the end of the line, with the columns expected") {
    const auto e = error_of([&] {
      parse_nccl_tests_log(head + "    33554432       8388608     float     sum      -1    424.0   79.14\n", "cut.log");
    });
    CHECK(e.file() == "cut.log");
    CHECK(e.line() == 16);
    CHECK(e.col() == 70);
    CHECK_THAT(e.what(), Catch::Contains("truncated or garbled row"));
  }
  SECTION("a field that is not a number: at its column") {
    const auto e = error_of([&] {
      parse_nccl_tests_log(head + "    33554432       8388608     float     sum      -1    424.0   79.1x  138.49      0    423.1   79.31  138.79      0\n",
                           "nan.log");
    });
    CHECK(e.line() == 16);
    CHECK(e.col() == 65);
    CHECK_THAT(e.what(), Catch::Contains("out-of-place algbw: expected a number >= 0, got '79.1x'"));
  }
  SECTION("a size that is not a whole number, an unknown type") {
    CHECK(error_of([&] {
            parse_nccl_tests_log(head + "    3355443x       8388608     float     sum      -1    424.0   79.14  138.49      0\n", "s.log");
          }).col() == 5);
    CHECK_THAT(error_of([&] {
                 parse_nccl_tests_log(head + "    33554432       8388608     fp128     sum      -1    424.0   79.14  138.49      0\n", "t.log");
               }).what(),
               Catch::Contains("'fp128' is not an nccl-tests type"));
  }
  SECTION("no data rows after the header") {
    const auto e = error_of([&] { parse_nccl_tests_log(head + kFooter, "empty.log"); });
    CHECK(e.line() == 14);
    CHECK_THAT(e.what(), Catch::Contains("no data rows"));
  }
  SECTION("no column header at all: not an nccl-tests log") {
    CHECK_THAT(error_of([&] { parse_nccl_tests_log("hello\nworld\n", "x.log"); }).what(),
               Catch::Contains("not an nccl-tests log"));
  }
  SECTION("sizes not increasing: two sweeps in one file") {
    const auto e = error_of([&] {
      parse_nccl_tests_log(head +
                               "    67108864      16777216     float     sum      -1    684.6   98.03  171.54      0    680.0   98.69  172.70      0\n"
                               "    33554432       8388608     float     sum      -1    424.0   79.14  138.49      0    423.1   79.31  138.79      0\n",
                           "twice.log");
    });
    CHECK(e.line() == 17);
    CHECK(e.col() == 5);
    CHECK_THAT(e.what(), Catch::Contains("sizes must increase down the log: 33554432 after 67108864 (line 16)"));
  }
  SECTION("no device lines: the ranks are unknown") {
    CHECK_THAT(error_of([&] {
                 parse_nccl_tests_log(kHeader + "    33554432       8388608     float     sum      -1    424.0   79.14  138.49      0\n", "nodev.log");
               }).what(),
               Catch::Contains("no device lines"));
  }
  SECTION("rank 0 listed twice (mpirun starting an nccl-tests build without MPI)") {
    const auto e = error_of([&] { parse_nccl_tests_log(devices(1) + devices(1) + kHeader, "dup.log"); });
    CHECK(e.line() == 9);
    CHECK_THAT(e.what(), Catch::Contains("rank 0 is listed twice (first at line 4)"));
  }
  SECTION("a second column header after rows: two runs in one file") {
    const auto e = error_of([&] {
      parse_nccl_tests_log(head + "    33554432       8388608     float     sum      -1    424.0   79.14  138.49      0\n" + kHeader, "two.log");
    });
    CHECK(e.line() == 18);
    CHECK_THAT(e.what(), Catch::Contains("more than one run"));
  }
  SECTION("rows that fit no binary at the log's ranks (busbw = 1.3 x algbw on 8 ranks)") {
    CHECK_THAT(error_of([&] {
                 parse_nccl_tests_log(head + "    33554432       8388608     float     sum      -1    424.0   79.14  102.88      0\n", "odd.log");
               }).what(),
               Catch::Contains("the rows fit no nccl-tests binary at 8 ranks"));
  }
}

TEST_CASE("the log's operation against --op, and its ranks against the command's", "[nccl_log][compare]") {
  const std::string head = devices(8) + kHeader;
  const auto rs = parse_nccl_tests_log(head +
                                           "  1073741824      33554432     float     sum      -1   5301.2  202.55  177.23      0   5290.0  202.98  177.61      0\n" +
                                           kFooter,
                                       "rs.log");
  SECTION("a reduce_scatter log: --op all_reduce is refused, --op reduce_scatter or none is the reduce_scatter") {
    const auto e = error_of([&] { drive::log_operation(rs, coll::Op::all_reduce); });
    CHECK(e.line() == 16);
    CHECK_THAT(e.what(), Catch::Contains("the log is a reduce_scatter run, --op asked all_reduce"));
    CHECK(drive::log_operation(rs, coll::Op::reduce_scatter) == coll::Op::reduce_scatter);
    CHECK(drive::log_operation(rs, std::nullopt) == coll::Op::reduce_scatter);
  }
  SECTION("an all_gather-or-alltoall log needs --op; with --op all_gather it is the all_gather") {
    const auto ag = parse_nccl_tests_log(head +
                                             "  1073741824      33554432     float    none      -1   5301.2  202.55  177.23      0\n" + kFooter,
                                         "ag.log");
    CHECK_THAT(error_of([&] { drive::log_operation(ag, std::nullopt); }).what(),
               Catch::Contains("the log could be an all_gather or alltoall run"));
    CHECK(drive::log_operation(ag, coll::Op::all_gather) == coll::Op::all_gather);
  }
  SECTION("a sendrecv log is one simtrain does not simulate") {
    const auto sr = parse_nccl_tests_log(head +
                                             "   134217728      33554432     float     sum      -1   1211.2  110.81  110.81      0\n" + kFooter,
                                         "sr.log");
    CHECK_THAT(error_of([&] { drive::log_operation(sr, std::nullopt); }).what(),
               Catch::Contains("simulates all_reduce, all_gather, reduce_scatter and broadcast, not sendrecv"));
  }
  SECTION("8 ranks in the log, 16 simulated: both numbers and the flag") {
    CHECK_NOTHROW(drive::check_log_ranks(rs, 1, 8, 8));
    CHECK_THAT(error_of([&] { drive::check_log_ranks(rs, 2, 8, 8); }).what(),
               Catch::Contains("the log ran 8 ranks (8 device lines on 1 host) but the command simulates 16 (2 nodes x 8 GPUs): give --nodes 1"));
    CHECK_THAT(error_of([&] { drive::check_log_ranks(rs, 1, 4, 8); }).what(),
               Catch::Contains("simulates 4 (1 node x 4 GPUs): give --nodes 1"));
  }
  SECTION("16 ranks on 2 hosts against 1 node: --nodes 2") {
    const auto mpi = parse_nccl_tests_log(devices(16, 2) + kHeader +
                                              "  1073741824     268435456     float     sum      -1   11265.   95.31  178.71      0\n" + kFooter,
                                          "mpi.log");
    CHECK_THAT(error_of([&] { drive::check_log_ranks(mpi, 1, 8, 8); }).what(), Catch::EndsWith("give --nodes 2"));
  }
}

TEST_CASE("nccl-tests 2.19's per-iteration columns (-I 1) and a timestamp column are read past", "[nccl_log]") {
  const std::string header =
      "#       size         count      type   redop    root     time   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%"
      "     time   algbw   busbw  #wrong    i_min    i_max    i_p99    i_cv%  timestamp\n";
  const auto log = parse_nccl_tests_log(
      devices(8) + header +
          "    33554432       8388608     float     sum      -1    424.0   79.14  138.49       0   420.10   430.00   429.50     0.61"
          "    423.1   79.31  138.79       0   420.00   428.00   427.90     0.55  2025-06-01 10:00:00\n" +
          kFooter,
      "iter.log");
  REQUIRE(log.rows.size() == 1);
  CHECK(log.rows[0].out_of_place.busbw_gbps == 138.49);
  REQUIRE(log.rows[0].in_place);
  CHECK(log.rows[0].in_place->busbw_gbps == 138.79);
  CHECK(cands(log) == std::vector{NcclTestsBinary::all_reduce});
}

TEST_CASE("the --compare summary: median |error| and the worst, by size range", "[nccl_log][compare]") {
  std::vector<report::CompareRow> rows(5);
  const long long sizes[] = {1 << 20, 2 << 20, 64 << 20, 128 << 20, 256 << 20};
  const double errors[] = {0.10, -0.30, 0.02, -0.04, 0.06};
  for (int i = 0; i < 5; ++i) {
    rows[static_cast<std::size_t>(i)].size_bytes = sizes[i];
    rows[static_cast<std::size_t>(i)].busbw_error = errors[i];
  }
  rows.push_back({});
  rows.back().size_bytes = 512 << 20;  // busbw 0.00 in the log: no error, not counted
  SECTION("below 64 MiB: 2 sizes, median of 10% and 30% is 20%, worst -30% at 2 MiB") {
    const auto s = report::summarize_compare(rows, 0, 64.0 * (1 << 20));
    CHECK(s.compared == 2);
    CHECK(s.median_abs_error == Approx(0.20));
    CHECK(s.worst_error == Approx(-0.30));
    CHECK(s.worst_size_bytes == 2 << 20);
  }
  SECTION("from 64 MiB: 3 sizes (64 MiB counts as bandwidth-bound), median 4%, worst +6% at 256 MiB") {
    const auto s = report::summarize_compare(rows, 64.0 * (1 << 20), 1e300);
    CHECK(s.compared == 3);
    CHECK(s.median_abs_error == Approx(0.04));
    CHECK(s.worst_error == Approx(0.06));
    CHECK(s.worst_size_bytes == 256 << 20);
  }
}

TEST_CASE("the flags a rank mismatch suggests", "[nccl_log][compare]") {
  SECTION("4 ranks on one host against a DGX's 8: --gpus 4") {
    const auto log = parse_nccl_tests_log(devices(4) + kHeader +
                                              "   134217728      33554432     float     sum      -1   1211.2  110.81  166.22      0\n" + kFooter,
                                          "four.log");
    CHECK_THAT(error_of([&] { drive::check_log_ranks(log, 1, 8, 8); }).what(), Catch::EndsWith("give --nodes 1 --gpus 4"));
  }
  SECTION("32 ranks on one host name (containers sharing it) against 8-GPU nodes: --nodes 4") {
    const auto log = parse_nccl_tests_log(devices(32) + kHeader +
                                              "   134217728      33554432     float     sum      -1   1211.2  110.81  214.69      0\n" + kFooter,
                                          "thirtytwo.log");
    CHECK_THAT(error_of([&] { drive::check_log_ranks(log, 2, 8, 8); }).what(), Catch::EndsWith("give --nodes 4"));
  }
}
