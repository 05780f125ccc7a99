// `--html FILE`: one self-contained page for a run or a sweep, opened offline in any browser
// (inline CSS and SVG from report/html_chart.hpp; no script, no font or image fetched, no
// URL). Every string that came from input is entity-escaped; numbers have fixed formats and
// nothing depends on the clock, so the same run gives the same bytes.
//
// The run page, section by section, and where each figure comes from:
//   header      RunResult's scenario, model, strategy, GPUs, system and the --set overrides
//   figures     step time, throughput, TFLOP/s and MFU, scaling, peak memory, power and energy
//               per step; the cost per step, or "no price given" when RunResult::priced is
//               false (never $0); the verdict's bound
//   step-split  rank 0's compute, exposed communication, data stall and idle time (the
//               pipeline bubble with stages), as shares of the step (train/run_result.hpp)
//   timeline    the measured steps (after the warm-up: the window the figures average), from
//               the kept graph and records (RunResult::graph, ::records;
//               drive::RunOptions::keep_trace): a lane per stream of the first 8 GPUs and per
//               shared communication stream (at most 8 of those), the count of GPUs and
//               streams not shown. With pipeline stages, a group of lanes per stage instead
//               (id "stage-N"; at most 32 stages, evenly spread): the streams of the stage's
//               first rank (StepGraph::stage_memory[s].stream names its compute stream) and
//               the stage's shared streams, so the bubble shows as each stage's gaps. The data
//               loader's worker pools and the host's issue track are left to --trace.
//               Back-to-back tasks of one kind and tasks under a pixel merge, so a lane holds
//               about one rectangle per pixel at most, whatever the run's size.
//   links       RunResult::links: the busiest links' utilization over the measured steps
//   memory      rank 0's live memory over the same window (train::memory_timeline of its
//               memory plan; with pipeline stages, the fullest stage's first rank's), the
//               largest value within each pixel, against the GPU's capacity; and the breakdown
//               at the peak (RunResult::memory_breakdown) as a stacked bar
//
// Colours: one fixed table for every category, bound and memory part (html::category_color),
// so a category added to a page moves no other's colour.
//
// The sweep page: the points' time per sample against their cost (cost.basis) per 1M tokens
// when every point's model has tokens, else per 1M samples (the unit of the text table and
// of its rent/own columns, report/sweep_report.hpp sweep_costs_per_token), with the Pareto
// front marked (id "pareto"; without prices, time per sample alone, id "times"), and the
// ranked table of `simtrain sweep` (id "points").
#pragma once

#include <string>
#include <vector>

#include "report/sweep_report.hpp"
#include "train/run_result.hpp"

namespace simtrain::report {

std::string run_to_html(const train::RunResult& r);
std::string sweep_to_html(const std::vector<SweepPoint>& points, const std::vector<SweepAxis>& axes, RankBy by);

}  // namespace simtrain::report
