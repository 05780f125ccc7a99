// Internal to sim/work: the op builder the model generators share, and the generators.
//
// Per-element FLOP and traffic constants for the memory-bound ops (forward, per element):
//   LayerNorm/RMSNorm 5 FLOPs, reads its input once and writes once (fused kernels);
//   BatchNorm (training) 5 FLOPs, reads its input twice (statistics, then normalize);
//   ReLU / residual add 1 FLOP; GELU 8 (tanh form); SiLU*up 5; softmax 5; bilinear resize 4;
//   cross-entropy (log-softmax + NLL) 5 per logit and keeps the log-probabilities.
// Dropout: only the transformer generator's `dropout` flag adds it (transformer_gen.cpp).
#pragma once

#include <string>
#include <utility>

#include "scenario/yaml_doc.hpp"
#include "work/model.hpp"

namespace simtrain::work::detail {

struct Hw {
  long long h = 0, w = 0;
  double area() const { return static_cast<double>(h) * static_cast<double>(w); }
};

class OpBuilder {
 public:
  explicit OpBuilder(Model& m) : m_(m) {}
  int block = 0;

  Op& add(Op op);
  // A linear layer over `tokens` rows per sample; saves its input when `save_input`.
  Op& linear(const std::string& name, double tokens, long long in, long long out, bool bias,
             bool save_input = true);
  // A 2-D convolution; returns the output size. Output = floor((H + 2p - d(k-1) - 1)/s) + 1.
  Hw conv(const std::string& name, long long cin, long long cout, Hw in, long long kernel,
          long long stride, long long padding, long long dilation, long long groups, bool bias,
          bool save_input, double* out_elems = nullptr);
  // A normalization over features x positions; params_per_feature 2 (affine) or 1 (RMSNorm).
  Op& norm(const std::string& name, long long features, double positions, int params_per_feature,
           bool batchnorm, bool save_input = true);
  Op& elementwise(const std::string& name, double elems_out, double flops_per_elem, int inputs,
                  double saved);
  Op& loss(const std::string& name, double logits);

 private:
  Model& m_;
};

Hw conv_out(Hw in, long long kernel, long long stride, long long padding, long long dilation);

void build_transformer(Model& m, const Field& spec);
void build_vit(Model& m, const Field& spec);
void build_resnet(Model& m, const Field& spec);
void build_layers(Model& m, const Field& list);

}  // namespace simtrain::work::detail
