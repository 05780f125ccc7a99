#include "train/pipeline_schedule.hpp"

#include <algorithm>
#include <stdexcept>

namespace simtrain::train {

const char* pipe_schedule_name(PipeSchedule s) { return kPipeScheduleNames.c_str(s); }
bool parse_pipe_schedule(const std::string& s, PipeSchedule& out) { return kPipeScheduleNames.parse(s, out); }

namespace {

PipePass interleaved_pass(bool forward, int k, int p, int v) {
  PipePass x;
  x.forward = forward;
  const int in_group = (k / p) % v;
  x.chunk = forward ? in_group : v - 1 - in_group;
  x.micro_batch = (k / (p * v)) * p + k % p;
  return x;
}

}  // namespace

std::vector<PipePass> pipe_order(PipeSchedule sched, int p, int s, int m, int v) {
  if (p < 1 || m < 1 || v < 1 || s < 0 || s >= p) throw std::invalid_argument("pipeline shape out of range");
  std::vector<PipePass> out;
  if (sched == PipeSchedule::gpipe || (sched == PipeSchedule::one_f_one_b && v == 1)) {
    if (v != 1) throw std::invalid_argument("gpipe runs one model chunk per stage (virtual_stages: 1)");
    if (sched == PipeSchedule::gpipe) {
      for (int i = 0; i < m; ++i) out.push_back({true, i, 0});
      for (int i = 0; i < m; ++i) out.push_back({false, i, 0});
      return out;
    }
    const int warm = std::min(p - s - 1, m);
    int f = 0, b = 0;
    for (; f < warm; ++f) out.push_back({true, f, 0});
    while (f < m) {
      out.push_back({true, f++, 0});
      out.push_back({false, b++, 0});
    }
    while (b < m) out.push_back({false, b++, 0});
    return out;
  }
  if (sched == PipeSchedule::one_f_one_b)
    throw std::invalid_argument("1f1b with virtual stages is the interleaved schedule (schedule: interleaved)");
  // Interleaved 1F1B.
  if (v < 2) throw std::invalid_argument("the interleaved schedule needs virtual_stages of at least 2");
  if (m % p != 0)
    throw std::invalid_argument("the interleaved schedule needs the micro-batches (" + std::to_string(m) +
                                ") to be a multiple of the pipeline stages (" + std::to_string(p) + ")");
  const int total = m * v;
  const int warm = std::min((p - s - 1) * 2 + (v - 1) * p, total);
  int f = 0, b = 0;
  for (; f < warm; ++f) out.push_back(interleaved_pass(true, f, p, v));
  while (f < total) {
    out.push_back(interleaved_pass(true, f++, p, v));
    out.push_back(interleaved_pass(false, b++, p, v));
  }
  while (b < total) out.push_back(interleaved_pass(false, b++, p, v));
  return out;
}

double bubble_share(PipeSchedule sched, int p, int m, int v) {
  const double bubble = static_cast<double>(p - 1) / (sched == PipeSchedule::interleaved ? v : 1);
  return bubble / (static_cast<double>(m) + bubble);
}

int peak_memory_micro_batches(PipeSchedule sched, int p, int m, int v) {
  (void)v;  // the interleaved bound 3p holds for every v (header)
  if (p <= 1) return std::min(m, 2);
  switch (sched) {
    case PipeSchedule::gpipe: return m;
    case PipeSchedule::one_f_one_b: return std::min(m, p + 1);
    case PipeSchedule::interleaved: return std::min(m, 3 * p);
  }
  return m;
}

}  // namespace simtrain::train
