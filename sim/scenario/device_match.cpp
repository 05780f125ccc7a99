#include "scenario/device_match.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <vector>

#include "scenario/error.hpp"

namespace simtrain {

std::string gpu_family(const std::string& name) {
  std::vector<std::string> words;
  std::string w;
  for (char ch : name + " ") {
    if (ch == ' ' || ch == '\t') {
      if (!w.empty()) words.push_back(w);
      w.clear();
    } else {
      w += ch;
    }
  }
  std::string family;
  for (std::string word : words) {
    if (word == "NVIDIA" || word == "Tesla" || word == "GeForce" || word == "AMD") continue;
    const auto cut = word.find_first_of("-(");
    if (cut != std::string::npos) word = word.substr(0, cut);
    if (word.empty()) break;
    family += (family.empty() ? "" : " ") + word;
    if (word.find_first_of("0123456789") != std::string::npos) break;
  }
  for (char& c : family) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return family;
}

DeviceMatch match_device(const MeasuredDevice& d, const SimulatedGpu& g) {
  const std::string ran = gpu_family(d.name), has = gpu_family(g.name);
  if (!ran.empty() && !has.empty()) return ran == has ? DeviceMatch::same : DeviceMatch::other;
  if (!d.arch.empty() && !g.arch.empty()) return d.arch == g.arch ? DeviceMatch::same : DeviceMatch::other;
  return DeviceMatch::unknown;
}

std::string device_details(const MeasuredDevice& d) {
  std::string s = d.arch;
  auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
  if (d.sms > 0) add(std::to_string(d.sms) + " SMs");
  if (d.memory_bytes > 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", d.memory_bytes / (1024.0 * 1024.0 * 1024.0));
    add(buf);
  }
  return s;
}

std::string check_device(const MeasuredDevice& d, const SimulatedGpu& g, const DeviceCheckText& text, bool force) {
  if (match_device(d, g) != DeviceMatch::other) return "";
  const std::string ran = d.name.empty() ? std::string("an unnamed GPU") : d.name;
  const std::string what = text.input + " ran on " + ran + " (" + d.where + "); " + g.holder + " has " + g.name;
  if (!force)
    throw ScenarioError(d.path, d.line, d.col, text.key,
                        what + ": " + text.consequence + "; " + text.remedy + ", or --force-device to go on anyway",
                        d.context);
  return what + " (--force-device)";
}

}  // namespace simtrain
