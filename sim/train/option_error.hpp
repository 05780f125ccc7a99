// A bad strategy option found while building a step (a degree that does not divide the GPUs,
// a shard group that does not divide them, an algorithm the topology cannot run), with the
// dotted scenario key it belongs to ("parallel.pp", "fsdp.shard_group_size"): the caller turns
// it into a file:line:col error at that key (or at the `--set` that gave it).
#pragma once

#include <stdexcept>
#include <string>

namespace simtrain::train {

class OptionError : public std::invalid_argument {
 public:
  OptionError(std::string key, const std::string& message) : std::invalid_argument(message), key_(std::move(key)) {}
  const std::string& key() const { return key_; }

 private:
  std::string key_;
};

}  // namespace simtrain::train
