// A search's points over the ranks of an MPI job (built with SIMTRAIN_WITH_MPI; the seam is
// drive/search.hpp). `mpirun -n N simtrain sweep|advise|plan|validate ...` writes the same
// table, JSON and CSV as one process, byte for byte, whatever N.
//
// Work is handed out on request, since points differ in cost by orders of magnitude: each
// worker rank sends rank 0 a READY message carrying the record of the point it has just run
// (empty the first time) and receives the index of its next point, or -1: stop. Rank 0's
// main thread does all of rank 0's MPI calls (MPI_THREAD_FUNNELED): it answers requests,
// passes each record to the search (journal, progress) and meanwhile runs points itself on
// one more thread, so N ranks run N points at once. Only rank 0 holds the results and writes
// output; worker ranks print nothing.
//
// Failures. A point that fails on a rank travels as its record (its reason, as with threads).
// If rank 0 fails while handing out (say the journal's disk is full) it answers every further
// request with stop, waits for the points in flight and then fails. Before the first point,
// every rank reports whether it could prepare the search (a collective): when one could not,
// rank 0 says which ranks and none runs a point. A rank that dies: Open MPI 4.1 (no ULFM) has
// mpirun end the whole job when a rank exits abnormally, so no rank can re-run the dead one's
// point; MPI_ERRORS_RETURN is set so that an error an MPI call does return makes rank 0 fail
// naming the points in flight as not run. What survives is the journal: with --journal or
// --resume FILE rank 0 has appended every record it received, and the same command with
// --resume FILE re-runs only the points missing from it.
#pragma once

#include <string>
#include <vector>

#include "drive/search.hpp"

namespace simtrain::drive {

// MPI_Init_thread (FUNNELED) on construction, MPI_Finalize on destruction.
class MpiWorld {
 public:
  MpiWorld(int* argc, char*** argv);
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Collective, once: whether every rank could prepare the search (`ok` is this rank's). On
  // rank 0 the ranks that could not; elsewhere whether rank 0 could.
  struct Readiness {
    bool all = true, rank0 = true;
    std::vector<int> failed;
  };
  Readiness agree_ready(bool ok);
  bool agreed() const { return agreed_; }
  // Collective, at the end: rank 0's exit status, on every rank.
  int agree_exit(int rc);

 private:
  int rank_ = 0, size_ = 1;
  bool agreed_ = false;
};

class MpiRunner : public PointRunner {
 public:
  explicit MpiRunner(MpiWorld& world) : world_(world) {}
  bool holds_results() const override { return world_.rank() == 0; }
  bool run(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) override;

 private:
  bool lead(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done);
  void follow(const RunPoint& run_point);
  MpiWorld& world_;
};

}  // namespace simtrain::drive
