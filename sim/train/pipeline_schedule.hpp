// Pipeline schedules: the order in which each pipeline stage runs the forward and backward
// passes of the micro-batches of one step (docs/model/parallelism.md).
//
// p stages, m micro-batches, v model chunks per stage (virtual stages; v = 1 without
// interleaving). Chunk c of stage s holds the layers of virtual stage c p + s, so a
// micro-batch's forward visits (c=0, s=0), (0, 1), ..., (0, p-1), (1, 0), ... and its
// backward the reverse. A stage runs its list in order; a pass starts when the stage is free
// and the pass it depends on (the previous virtual stage's forward, the next one's backward)
// has delivered its tensor. The schedules, as Megatron-LM runs them
// (megatron/core/pipeline_parallel/schedules.py):
//   GPipe: all m forwards, then all m backwards (in the same micro-batch order).
//   1F1B (PipeDream-flush, Narayanan et al. 2021 §2.2): stage s runs w = min(p - s - 1, m)
//     warm-up forwards, then alternates one forward and one backward for the remaining
//     m - w forwards, then the w last backwards. At most p - s micro-batches are in flight
//     on stage s (their activations held), against m for GPipe.
//   Interleaved 1F1B (Narayanan et al. 2021 §2.2, v > 1, m a multiple of p): the m v
//     forward passes of a stage are taken in groups of p micro-batches per chunk: the k-th
//     forward runs chunk (k / p) mod v on micro-batch (k / (p v)) p + k mod p; the k-th
//     backward runs chunk v - 1 - (k / p) mod v on the same micro-batch formula. Warm-up:
//     min((p - s - 1) 2 + (v - 1) p, m v) forwards, then one forward and one backward
//     alternately, then the remaining backwards.
// With uniform stages of forward time f and backward time b per micro-batch and no
// communication time, the step takes (m + p - 1)(f + b) under GPipe and 1F1B, so the idle
// share of a stage (the bubble) is (p - 1) / (m + p - 1); interleaving divides the bubble's
// time by v: (p - 1)(f + b)/v against m (f + b) of work. Tests check these closed forms.
#pragma once

#include <string>
#include <vector>

#include "base/enum_names.hpp"

namespace simtrain::train {

enum class PipeSchedule { gpipe, one_f_one_b, interleaved };
inline constexpr auto kPipeScheduleNames = enum_names<PipeSchedule>(
    {{PipeSchedule::gpipe, "gpipe"}, {PipeSchedule::one_f_one_b, "1f1b"}, {PipeSchedule::interleaved, "interleaved"}});
const char* pipe_schedule_name(PipeSchedule s);
bool parse_pipe_schedule(const std::string& s, PipeSchedule& out);

struct PipePass {
  bool forward = true;
  int micro_batch = 0;
  int chunk = 0;  // model chunk on this stage (0 .. v-1)
};

// The passes stage `s` runs in one step, in order. Throws std::invalid_argument when the
// schedule cannot run the shape (interleaved with m not a multiple of p, v < 1, ...).
std::vector<PipePass> pipe_order(PipeSchedule sched, int p, int s, int m, int v);

// The virtual stage of (chunk, stage): chunk * p + stage.
inline int virtual_stage(int chunk, int stage, int p) { return chunk * p + stage; }

// Closed forms for uniform stages (no communication): the bubble's share of a stage's step.
double bubble_share(PipeSchedule sched, int p, int m, int v);

// The fewest micro-batches whose step reaches the same peak memory as m (what the memory
// search simulates: a step of 3,000 micro-batches holds no more at its peak than one of a few).
// What a stage holds rises while its warm-up forwards run and is periodic after the first
// backward: 1F1B holds at most p - s micro-batches (its warm-up p - s - 1 forwards and one),
// so m' = p + 1 takes every stage past its warm-up into one forward after a backward, with the
// gradients the first backward allocated still held (p = 1, the data-parallel strategies:
// m' = 2, the accumulated gradients beside the second micro-batch's activations). Interleaved:
// the warm-up is at most 2 (p - 1) + (v - 1) p of the m v chunk passes, so m' = 3 p (a multiple
// of p) runs past it for every v >= 1. GPipe holds all m micro-batches at its peak: m' = m.
int peak_memory_micro_batches(PipeSchedule sched, int p, int m, int v);

}  // namespace simtrain::train
