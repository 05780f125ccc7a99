// The ResNet generator: torchvision's ResNet v1.5 (torchvision/models/resnet.py), whose
// bottleneck puts the stride in the 3x3 conv, plus torchvision's DeepLabV3 head
// (torchvision/models/segmentation/deeplabv3.py) for a segmentation-sized CNN.
//
// Every conv is bias-free and followed by BatchNorm (weight + bias: 2*C params) and, except the
// last of a block, ReLU. A stage's first block gets a 1x1 conv + BN downsample when its stride
// or channel count changes. replace_stride_with_dilation turns a stage's stride into dilation
// (output stride 8 for DeepLabV3), keeping the feature maps large: that is where its
// hundreds of GFLOPs come from.
//
// Saved for backward, each tensor once: BN keeps its input (the conv output), ReLU its output
// (which the next conv and the residual also use), max-pool its indices; a conv keeps its
// input only where no earlier op already keeps it (the image, the max-pool output, a concat).
#include "work/model_build.hpp"
#include "scenario/limits.hpp"

namespace simtrain::work::detail {
namespace {

struct Act {
  long long c = 0;
  Hw hw;
  double elems() const { return static_cast<double>(c) * hw.area(); }
};

// conv + BN (+ ReLU); returns the output activation.
Act conv_bn(OpBuilder& b, const std::string& conv_name, const std::string& bn_name, Act in,
            long long cout, long long k, long long stride, long long pad, long long dil,
            bool save_input, bool relu, const std::string& relu_name) {
  double out_elems = 0;
  Hw hw = b.conv(conv_name, in.c, cout, in.hw, k, stride, pad, dil, 1, false, save_input,
                 &out_elems);
  b.norm(bn_name, cout, hw.area(), 2, true);
  if (relu) b.elementwise(relu_name, out_elems, 1, 1, out_elems);
  return {cout, hw};
}

}  // namespace

void build_resnet(Model& m, const Field& f) {
  f.check_keys({"blocks", "bottleneck", "width", "image", "classes", "channels", "dilate", "head",
                "aux_classifier"});
  std::vector<long long> blocks;
  for (const Field& it : f.at("blocks").items()) blocks.push_back(it.as_int_in(1, limits::max_layers));
  if (blocks.empty()) throw f.at("blocks").error("expected at least one stage");
  bool bottleneck = true;
  if (auto v = f.get("bottleneck")) bottleneck = v->as_bool();
  long long width = 64, image = 224, classes = 1000, channels = 3;
  if (auto v = f.get("width")) width = v->as_int_in(1, limits::max_channels);
  if (auto v = f.get("image")) image = v->as_int_in(32, limits::max_image);
  if (auto v = f.get("classes")) classes = v->as_int_in(1, limits::max_classes);
  if (auto v = f.get("channels")) channels = v->as_int_in(1, limits::max_channels);
  std::vector<bool> dilate(blocks.size(), false);
  if (auto v = f.get("dilate")) {
    auto items = v->items();
    if (items.size() + 1 != blocks.size())
      throw v->error("expected one true/false per stage after the first (" +
                     std::to_string(blocks.size() - 1) + ")");
    for (size_t i = 0; i < items.size(); ++i) dilate[i + 1] = items[i].as_bool();
    if (!bottleneck)
      for (size_t i = 0; i < items.size(); ++i)
        if (dilate[i + 1]) throw items[i].error("dilation needs bottleneck blocks (as torchvision)");
  }
  bool deeplab = false, aux = false;
  if (auto v = f.get("head")) deeplab = v->as_choice({"classifier", "deeplabv3"}) == "deeplabv3";
  if (auto v = f.get("aux_classifier")) {
    if (!deeplab) throw v->key_error("aux_classifier is for head: deeplabv3");
    aux = v->as_bool();
    if (aux && blocks.size() < 2) throw v->error("the auxiliary head reads the next-to-last stage");
  }

  m.family = "cnn";
  m.image_size = image;
  OpBuilder b(m);
  const long long expansion = bottleneck ? 4 : 1;

  // Stem: block 0.
  b.block = 0;
  Act x = conv_bn(b, "conv1", "bn1", {channels, {image, image}}, width, 7, 2, 3, 1, true, true,
                  "relu");
  {
    Hw hw = conv_out(x.hw, 3, 2, 1, 1);
    const double out = static_cast<double>(x.c) * hw.area();
    Op& p = b.add({"maxpool", OpKind::pool});
    p.fwd_flops = out * 9;
    p.fwd_elems_moved = x.elems() + out;
    p.act_elems_saved = out;  // indices; the input is the ReLU output, already kept
    x.hw = hw;
  }
  bool input_saved = false;  // the max-pool output is kept by the first conv that reads it

  long long inplanes = width, dilation = 1;
  int idx = 1;
  Act stage3_out;
  for (size_t st = 0; st < blocks.size(); ++st) {
    const long long planes = width << st;
    long long stride = st == 0 ? 1 : 2;
    const long long prev_dilation = dilation;
    if (dilate[st]) {
      dilation *= stride;
      stride = 1;
    }
    for (long long j = 0; j < blocks[st]; ++j, ++idx) {
      b.block = idx;
      const std::string p = "layer" + std::to_string(st + 1) + "." + std::to_string(j) + ".";
      const long long s = j == 0 ? stride : 1;
      const long long d = j == 0 ? prev_dilation : dilation;
      const bool save_in = !input_saved;
      Act in = x;
      Act y;
      if (bottleneck) {
        y = conv_bn(b, p + "conv1", p + "bn1", in, planes, 1, 1, 0, 1, save_in, true, p + "relu1");
        y = conv_bn(b, p + "conv2", p + "bn2", y, planes, 3, s, d, d, false, true, p + "relu2");
        y = conv_bn(b, p + "conv3", p + "bn3", y, planes * expansion, 1, 1, 0, 1, false, false, "");
      } else {
        y = conv_bn(b, p + "conv1", p + "bn1", in, planes, 3, s, 1, 1, save_in, true, p + "relu1");
        y = conv_bn(b, p + "conv2", p + "bn2", y, planes, 3, 1, 1, 1, false, false, "");
      }
      if (j == 0 && (s != 1 || inplanes != planes * expansion)) {
        conv_bn(b, p + "downsample.0", p + "downsample.1", in, planes * expansion, 1, s, 0, 1,
                false, false, "");
      }
      b.elementwise(p + "residual", y.elems(), 1, 2, 0);
      b.elementwise(p + "relu3", y.elems(), 1, 1, y.elems());
      input_saved = true;
      inplanes = planes * expansion;
      x = y;
    }
    if (st + 2 == blocks.size()) stage3_out = x;
  }

  // Output end: the last block index.
  b.block = idx;
  if (!deeplab) {
    Op& p = b.add({"avgpool", OpKind::pool});
    p.fwd_flops = x.elems();
    p.fwd_elems_moved = x.elems() + static_cast<double>(x.c);
    b.linear("fc", 1, x.c, classes, true);
    b.loss("loss", static_cast<double>(classes));
    return;
  }
  // DeepLabV3 head: ASPP(2048, rates 12/24/36) -> 3x3 conv -> 1x1 classifier, then bilinear
  // upsampling to the input and a per-pixel cross-entropy.
  const long long aspp_c = 256;
  const double pixels = static_cast<double>(image) * static_cast<double>(image);
  conv_bn(b, "aspp.0.conv", "aspp.0.bn", x, aspp_c, 1, 1, 0, 1, false, true, "aspp.0.relu");
  int r = 1;
  for (long long rate : {12, 24, 36}) {
    const std::string p = "aspp." + std::to_string(r++) + ".";
    conv_bn(b, p + "conv", p + "bn", x, aspp_c, 3, 1, rate, rate, false, true, p + "relu");
  }
  {
    Op& p = b.add({"aspp.4.pool", OpKind::pool});
    p.fwd_flops = x.elems();
    p.fwd_elems_moved = x.elems() + static_cast<double>(x.c);
    Act pooled = conv_bn(b, "aspp.4.conv", "aspp.4.bn", {x.c, {1, 1}}, aspp_c, 1, 1, 0, 1, true,
                         true, "aspp.4.relu");
    const double up = static_cast<double>(aspp_c) * x.hw.area();
    b.elementwise("aspp.4.upsample", up, 1, 1, 0).fwd_elems_moved = up + pooled.elems();
  }
  const double cat = static_cast<double>(5 * aspp_c) * x.hw.area();
  b.elementwise("aspp.concat", cat, 0, 1, 0);
  Act y = conv_bn(b, "aspp.project.conv", "aspp.project.bn", {5 * aspp_c, x.hw}, aspp_c, 1, 1, 0,
                  1, true, true, "aspp.project.relu");
  y = conv_bn(b, "classifier.1", "classifier.2", y, aspp_c, 3, 1, 1, 1, false, true,
              "classifier.3");
  b.conv("classifier.4", aspp_c, classes, y.hw, 1, 1, 0, 1, 1, true, false);
  const double logits = static_cast<double>(classes) * pixels;
  b.elementwise("upsample", logits, 4, 1, 0).fwd_elems_moved =
      logits + static_cast<double>(classes) * y.hw.area();
  b.loss("loss", logits);
  if (aux) {
    // FCNHead(1024): 3x3 conv + BN + ReLU + 1x1 classifier on the next-to-last stage.
    Act a = conv_bn(b, "aux_classifier.0", "aux_classifier.1", stage3_out, aspp_c, 3, 1, 1, 1,
                    false, true, "aux_classifier.2");
    b.conv("aux_classifier.4", aspp_c, classes, a.hw, 1, 1, 0, 1, 1, true, false);
    b.elementwise("aux_upsample", logits, 4, 1, 0).fwd_elems_moved =
        logits + static_cast<double>(classes) * a.hw.area();
    b.loss("aux_loss", logits);
  }
}

}  // namespace simtrain::work::detail
