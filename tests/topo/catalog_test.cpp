// Catalog extensions: a scenario's or a system file's `catalog:` adds entries to the
// shipped topologies/devices.yaml; it never replaces one (topo/catalog.hpp).
#include <catch2/catch.hpp>

#include "drive/validate.hpp"
#include "scenario/error.hpp"
#include "topo/cluster.hpp"
#include "train/strategy.hpp"

using namespace simtrain;
using namespace simtrain::topo;

namespace {
const std::string kShipped = std::string(SIMTRAIN_TEST_SOURCE_DIR) + "/topologies/devices.yaml";
const std::string kExt = std::string(SIMTRAIN_TEST_DATA) + "/catalog_ext/";

ScenarioError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError");
  throw std::logic_error("unreachable");
}
}  // namespace

TEST_CASE("a catalog extension adds entries to the shipped catalog", "[topo][catalog]") {
  auto shipped = Catalog::load(kShipped);
  auto cat = Catalog::load(kShipped, {kExt + "whatif_4090_48gb.yaml"});

  SECTION("the what-if GPU is found with its 48 GiB; the shipped 4090 keeps its 24 GiB") {
    REQUIRE(cat->gpus().count("rtx_4090_48gb_whatif"));
    CHECK(cat->gpus().at("rtx_4090_48gb_whatif").memory_bytes == 48.0 * (1ull << 30));
    CHECK(cat->gpus().at("rtx_4090_48gb_whatif").pcie == "pcie4x16");  // a shipped link kind
    CHECK(cat->gpus().at("rtx_4090").memory_bytes == 24.0 * (1ull << 30));
  }
  SECTION("every shipped entry is still there: one GPU more, the other sections alike") {
    CHECK(cat->gpus().size() == shipped->gpus().size() + 1);
    CHECK(cat->link_kinds().size() == shipped->link_kinds().size());
    CHECK(cat->cpus().size() == shipped->cpus().size());
    CHECK(cat->nics().size() == shipped->nics().size());
    CHECK(cat->switches().size() == shipped->switches().size());
    CHECK(cat->storage_models().size() == shipped->storage_models().size());
  }
  SECTION("the catalog's path stays the shipped one, so the defaults beside it do too") {
    CHECK(cat->path() == kShipped);
    CHECK(cat->prices().path == shipped->prices().path);
    CHECK(cat->extensions() == std::vector<std::string>{kExt + "whatif_4090_48gb.yaml"});
  }
  SECTION("the extension prices its GPU ($1599 purchase, $0.50/GPU-h); the shipped prices stay") {
    const GpuPrices* p = cat->prices().gpu("rtx_4090_48gb_whatif");
    REQUIRE(p);
    CHECK(p->purchase->usd == 1599);
    CHECK(p->cloud_gpu_hour->usd == 0.50);
    CHECK(cat->prices().gpus.size() == shipped->prices().gpus.size() + 1);
    CHECK(cat->prices().electricity_per_kwh->usd == shipped->prices().electricity_per_kwh->usd);
  }
  SECTION("each entry knows its file and line: the what-if GPU at line 6, the shipped 4090 at 232") {
    CHECK(cat->defined_at("gpus", "rtx_4090_48gb_whatif") == "tests/data/catalog_ext/whatif_4090_48gb.yaml:6");
    CHECK(cat->defined_at("gpus", "rtx_4090") == "topologies/devices.yaml:232");
  }
  SECTION("an extension named twice is read once") {
    auto twice = Catalog::load(kShipped, {kExt + "whatif_4090_48gb.yaml", kExt + "../catalog_ext/whatif_4090_48gb.yaml"});
    CHECK(twice->gpus().size() == shipped->gpus().size() + 1);
    CHECK(twice->extensions().size() == 1);
  }
}

TEST_CASE("references from an extension resolve against the shipped catalog and other extensions",
          "[topo][catalog]") {
  SECTION("a GPU on an NVLink kind of a later extension, a NIC on shipped ib_ndr / pcie5x16") {
    auto cat = Catalog::load(kShipped, {kExt + "gpu_on_new_nvlink.yaml", kExt + "link_nvlink_whatif.yaml"});
    CHECK(cat->gpus().at("gpu_whatif_nvlink").scale_up->kind == "nvlink_whatif");
    CHECK(cat->gpus().at("gpu_whatif_nvlink").scale_up->links == 18);
    CHECK(cat->gpus().at("gpu_whatif_nvlink").has_nvlink());
    CHECK(cat->nics().at("nic_whatif_ndr").port == "ib_ndr");
    CHECK(cat->link_kinds().at("nvlink_whatif").bandwidth_bytes_per_s == 50e9);
  }
  SECTION("without the extension that defines it, the NVLink kind is an error at its place (line 14, col 20)") {
    ScenarioError e = error_of([] { Catalog::load(kShipped, {kExt + "gpu_on_new_nvlink.yaml"}); });
    CHECK(e.file() == kExt + "gpu_on_new_nvlink.yaml");
    CHECK(e.line() == 14);
    CHECK(e.col() == 20);
    CHECK_THAT(e.message(), Catch::Contains("unknown link kind 'nvlink_whatif'"));
  }
  SECTION("a NIC on a port nobody defines: an error at the port (line 4, col 47)") {
    ScenarioError e = error_of([] { Catalog::load(kShipped, {kExt + "nic_unknown_port.yaml"}); });
    CHECK(e.file() == kExt + "nic_unknown_port.yaml");
    CHECK(e.line() == 4);
    CHECK(e.col() == 47);
    CHECK(e.key() == "nics.connectx9_gdr.port");
    CHECK_THAT(e.message(), Catch::Contains("unknown link kind 'ib_gdr'"));
  }
}

TEST_CASE("an extension never replaces an entry", "[topo][catalog]") {
  SECTION("redefining the shipped rtx_4090: an error at the extension's key naming devices.yaml:232") {
    ScenarioError e = error_of([] { Catalog::load(kShipped, {kExt + "redefine_4090.yaml"}); });
    CHECK(e.file() == kExt + "redefine_4090.yaml");
    CHECK(e.line() == 4);
    CHECK(e.col() == 3);
    CHECK(e.key() == "gpus.rtx_4090");
    CHECK(e.message() ==
          "GPU 'rtx_4090' is already in the shipped catalog (topologies/devices.yaml:232); give yours another name");
  }
  SECTION("two extensions defining one GPU: an error at the second naming the first's file:line") {
    ScenarioError e = error_of([] {
      Catalog::load(kShipped, {kExt + "whatif_4090_48gb.yaml", kExt + "whatif_4090_48gb_again.yaml"});
    });
    CHECK(e.file() == kExt + "whatif_4090_48gb_again.yaml");
    CHECK(e.line() == 4);
    CHECK(e.message() ==
          "GPU 'rtx_4090_48gb_whatif' is already in the catalog extension "
          "(tests/data/catalog_ext/whatif_4090_48gb.yaml:6); give yours another name");
  }
  SECTION("pricing a shipped GPU: an error pointing at the scenario's cost keys") {
    ScenarioError e = error_of([] { Catalog::load(kShipped, {kExt + "price_shipped_gpu.yaml"}); });
    CHECK(e.line() == 4);
    CHECK_THAT(e.message(), Catch::Contains("defined in the shipped catalog (topologies/devices.yaml:232)"));
    CHECK_THAT(e.message(), Catch::Contains("cost.gpu_hour"));
  }
  SECTION("an unknown section is an error with file:line:col, as in the shipped catalog") {
    ScenarioError e = error_of([] { Catalog::load(kShipped, {kExt + "typo_section.yaml"}); });
    CHECK(e.line() == 2);
    CHECK(e.col() == 1);
    CHECK_THAT(e.message(), Catch::Contains("unknown key (did you mean 'gpus'?)"));
  }
}

TEST_CASE("a system file's and a scenario's catalog: extend the catalog their system loads with",
          "[topo][catalog]") {
  SECTION("a system file whose catalog: adds its GPU loads on its own, one 48 GiB GPU") {
    auto c = load_system(kExt + "one_4090_48gb_whatif_system.yaml");
    CHECK(c->gpu_model(0).key == "rtx_4090_48gb_whatif");
    CHECK(c->catalog().path() == kShipped);
  }
  SECTION("a scenario naming the same extension as its system reads it once (no redefinition)") {
    auto c = load_system(kExt + "one_4090_48gb_whatif_system.yaml", 1, "", "", {kExt + "whatif_4090_48gb.yaml"});
    CHECK(c->catalog().extensions().size() == 1);
  }
  SECTION("a system using the what-if GPU without the extension: unknown GPU model at its place") {
    ScenarioError e = error_of([] { load_system(kExt + "workstation_4x4090_48gb_whatif.yaml"); });
    CHECK_THAT(e.message(), Catch::Contains("unknown GPU model 'rtx_4090_48gb_whatif'"));
  }
  SECTION("the scenario's catalog: is resolved next to the scenario") {
    ScenarioSpec s = load_scenario(kExt + "sd_unet_48gb_whatif.yaml", {});
    CHECK(s.catalog_extensions == std::vector<std::string>{kExt + "whatif_4090_48gb.yaml"});
  }
  SECTION("an inline system naming the scenario's extension: read once, gpu0 a 48 GiB what-if") {
    ScenarioSpec s = load_scenario(kExt + "inline_system_whatif.yaml", {});
    REQUIRE(s.system_inline);
    auto c = load_system_from(*s.system_inline, s.path, 1, "", "", s.catalog_extensions);
    CHECK(c->catalog().extensions().size() == 1);
    CHECK(c->gpu_model(0).memory_bytes == 48.0 * (1ull << 30));
    CHECK(c->device(c->gpu(0, 0)).name == "gpu0");  // not "devices.gpu0" (the inline key's path)
  }
  SECTION("validate's scenario cases load the scenario's catalog: too: the card holds 48 GiB") {
    report::ValidationCase c;
    c.id = "catalog-extension-test";
    c.what = "the what-if card's capacity, through a validate scenario case";
    c.measured = 48;
    c.unit = "GiB";
    c.tolerance = 0.001;
    report::ScenarioCase sc;
    sc.file = sc.file_as_written = kExt + "sd_unet_48gb_whatif.yaml";
    sc.set = {"steps=1", "warmup_steps=0"};
    sc.field = "memory.capacity_bytes";
    sc.divide_by = 1024.0 * 1024 * 1024;
    c.scenario = sc;
    CHECK(drive::run_case(c).simulated == 48);
  }
  SECTION("a catalog: file that does not exist is an error at its name") {
    ScenarioError e = error_of([] { load_scenario(kExt + "sd_unet_48gb_whatif.yaml", {"catalog=nope.yaml"}); });
    CHECK(e.file() == "--set catalog=nope.yaml");
    CHECK_THAT(e.message(), Catch::Contains("no catalog file 'nope.yaml'"));
  }
}

TEST_CASE("the shipped MI300X: Infinity Fabric scale-up links, not NVLink, and an AMD arch", "[topo][catalog]") {
  auto cat = Catalog::load(kShipped);
  const GpuModel& g = cat->gpus().at("mi300x");
  REQUIRE(g.scale_up);
  CHECK(g.scale_up->cls == LinkClass::infinity_fabric);
  CHECK(g.scale_up->links == 7);  // AMD: seven Infinity Fabric links, one to each other GPU
  CHECK_FALSE(g.has_nvlink());
  CHECK(g.amd());
  CHECK(gpu_link(cat->link_kinds().at("xgmi_mi300").cls));
  CHECK(std::string(link_class_name(cat->link_kinds().at("xgmi_mi300").cls)) == "infinity_fabric");
}
