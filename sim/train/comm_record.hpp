// A communication task of a step graph as the strategy asked for it: the graph's tasks of its
// phases (first .. last, chained) and the call (coll::Plan::Call: operation, bytes, calls,
// groups), the algorithm the planner chose and the stream it ran on. Kept by the StepBuilder
// for trace writers (drive/chakra_export.hpp), which need the collective, not its flows.
#pragma once

#include "coll/collective.hpp"
#include "engine/task_graph.hpp"

namespace simtrain::train {

struct CommRecord {
  engine::TaskId first = 0, last = 0;
  coll::Plan::Call call;
  coll::Algo algo = coll::Algo::ring;
  engine::ServerId stream = engine::kNoServer;
};

}  // namespace simtrain::train
