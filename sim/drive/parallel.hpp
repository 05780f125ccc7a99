// The worker threads of the searches (`sweep`, `advise`): run body(i) for every i in [0, n)
// on `jobs` threads (0: the machine's cores), each thread claiming the next index; progress
// (done, n) is called after each, serialized. An exception that escapes body(i) does not stop
// the others; after the join the one of the lowest index is rethrown. Results depend only on
// what body(i) writes at index i, so they are the same whatever the thread count.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace simtrain::drive {

inline void for_each_index(std::size_t n, unsigned jobs, const std::function<void(std::size_t)>& body,
                           const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<std::exception_ptr> failures(n);
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex progress_mutex;
  auto worker = [&] {
    for (std::size_t i = next++; i < n; i = next++) {
      try {
        body(i);
      } catch (...) {
        failures[i] = std::current_exception();
      }
      const std::size_t k = ++done;
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        progress(k, n);
      }
    }
  };
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(1, n)));
  {
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
    worker();
    for (std::thread& t : threads) t.join();
  }
  for (const std::exception_ptr& f : failures)
    if (f) std::rethrow_exception(f);
}

}  // namespace simtrain::drive
