#include "drive/mpi_runner.hpp"

#include <mpi.h>

#include <chrono>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "scenario/error.hpp"

namespace simtrain::drive {

using nlohmann::json;

namespace {

constexpr int kTagReady = 1;   // worker -> 0: the record of its last point ("" at first)
constexpr int kTagAssign = 2;  // 0 -> worker: the next index, or -1: stop

void check(int rc, const char* call) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw std::runtime_error(std::string("MPI: ") + call + " failed: " + std::string(text, static_cast<std::size_t>(len)));
}

// A record for a point that could not be serialized or run at all.
json failed_record(std::size_t i, const std::string& what) {
  json r = point_record(i);
  r["internal_error"] = what;
  return r;
}

std::string run_to_text(const RunPoint& run_point, std::size_t i) {
  try {
    return run_point(i).dump();
  } catch (const std::exception& e) {
    return failed_record(i, e.what()).dump();
  }
}

}  // namespace

MpiWorld::MpiWorld(int* argc, char*** argv) {
  int provided = 0;
  check(MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  if (provided < MPI_THREAD_FUNNELED) {
    MPI_Finalize();
    throw std::runtime_error("MPI: the library offers no MPI_THREAD_FUNNELED (rank 0 runs points on a thread)");
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiWorld::~MpiWorld() { MPI_Finalize(); }

MpiWorld::Readiness MpiWorld::agree_ready(bool ok) {
  agreed_ = true;
  const int mine = ok ? 1 : 0;
  std::vector<int> all(static_cast<std::size_t>(size_));
  check(MPI_Allgather(&mine, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD), "MPI_Allgather");
  Readiness r;
  r.rank0 = all[0] == 1;
  for (int k = 0; k < size_; ++k)
    if (!all[static_cast<std::size_t>(k)]) {
      r.all = false;
      r.failed.push_back(k);
    }
  return r;
}

int MpiWorld::agree_exit(int rc) {
  int v = rc;
  if (MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS) return rc;
  return v;
}

bool MpiRunner::run(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) {
  const MpiWorld::Readiness ready = world_.agree_ready(true);
  if (!ready.all) {
    if (world_.rank() != 0 || !ready.rank0) return false;  // rank 0 reports its own error
    std::string ranks;
    for (int k : ready.failed) ranks += (ranks.empty() ? "" : ", ") + std::to_string(k);
    throw ScenarioError("mpirun", 0, 0, "", "rank(s) " + ranks +
                                                " could not prepare the search (their errors above): every rank must "
                                                "read the same scenario and files");
  }
  if (world_.rank() == 0) return lead(todo, run_point, done);
  follow(run_point);
  return false;
}

void MpiRunner::follow(const RunPoint& run_point) {
  std::string record;  // the last point's, "" at first
  for (;;) {
    check(MPI_Send(record.data(), static_cast<int>(record.size()), MPI_CHAR, 0, kTagReady, MPI_COMM_WORLD), "MPI_Send");
    long long index = -1;
    check(MPI_Recv(&index, 1, MPI_LONG_LONG, 0, kTagAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
    if (index < 0) return;
    record = run_to_text(run_point, static_cast<std::size_t>(index));
  }
}

bool MpiRunner::lead(const std::vector<std::size_t>& todo, const RunPoint& run_point, const PointDone& done) {
  // The points not handed out yet, shared by the workers' requests and rank 0's own thread.
  std::mutex m;
  std::size_t next = 0;
  bool stopping = false;  // after a failure: hand out nothing more
  auto claim = [&]() -> long long {
    std::lock_guard<std::mutex> lock(m);
    if (stopping || next >= todo.size()) return -1;
    return static_cast<long long>(todo[next++]);
  };
  // Rank 0's own points: run on a thread, their records passed to `done` by the main thread.
  std::deque<std::pair<std::size_t, std::string>> local_done;
  bool local_running = true;  // under m
  std::thread local([&] {
    for (long long i = claim(); i >= 0; i = claim()) {
      std::string r = run_to_text(run_point, static_cast<std::size_t>(i));
      std::lock_guard<std::mutex> lock(m);
      local_done.emplace_back(static_cast<std::size_t>(i), std::move(r));
    }
    std::lock_guard<std::mutex> lock(m);
    local_running = false;
  });

  std::exception_ptr failure;
  auto pass = [&](std::size_t i, const std::string& text) {
    if (failure) return;
    try {
      done(i, json::parse(text));
    } catch (...) {
      failure = std::current_exception();
      std::lock_guard<std::mutex> lock(m);
      stopping = true;
    }
  };
  std::map<int, long long> in_flight;  // worker rank -> its point
  int workers = world_.size() - 1;
  std::string buf;
  auto local_pending = [&] {
    std::lock_guard<std::mutex> lock(m);
    return local_running || !local_done.empty();
  };
  try {
    while (workers > 0 || local_pending()) {
      bool busy = false;
      int flag = 0;
      MPI_Status st;
      check(MPI_Iprobe(MPI_ANY_SOURCE, kTagReady, MPI_COMM_WORLD, &flag, &st), "MPI_Iprobe");
      if (flag) {
        busy = true;
        int len = 0;
        check(MPI_Get_count(&st, MPI_CHAR, &len), "MPI_Get_count");
        buf.resize(static_cast<std::size_t>(len));
        check(MPI_Recv(buf.data(), len, MPI_CHAR, st.MPI_SOURCE, kTagReady, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
        auto it = in_flight.find(st.MPI_SOURCE);
        if (it != in_flight.end()) {
          pass(static_cast<std::size_t>(it->second), buf);
          in_flight.erase(it);
        }
        const long long index = claim();
        check(MPI_Send(&index, 1, MPI_LONG_LONG, st.MPI_SOURCE, kTagAssign, MPI_COMM_WORLD), "MPI_Send");
        if (index >= 0) in_flight[st.MPI_SOURCE] = index;
        else --workers;
      }
      std::deque<std::pair<std::size_t, std::string>> ready;
      {
        std::lock_guard<std::mutex> lock(m);
        ready.swap(local_done);
      }
      for (const auto& [i, text] : ready) pass(i, text);
      busy = busy || !ready.empty();
      if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  } catch (const std::exception& e) {
    // An MPI call failed (a rank gone): the points in flight are not run. Open MPI usually
    // ends the job before this; the journal, when kept, has every record passed so far.
    {
      std::lock_guard<std::mutex> lock(m);
      stopping = true;
    }
    local.join();
    std::string lost;
    for (const auto& [rank, i] : in_flight) lost += (lost.empty() ? "" : ", ") + std::to_string(i) + " (rank " + std::to_string(rank) + ")";
    throw std::runtime_error(std::string(e.what()) + "; points not run: " + (lost.empty() ? "none in flight" : lost) +
                             " and every point not yet handed out; rerun with --resume JOURNAL to finish");
  }
  local.join();
  if (failure) std::rethrow_exception(failure);
  return true;
}

}  // namespace simtrain::drive
