#include "data/data_spec.hpp"
#include "scenario/limits.hpp"

namespace simtrain::data {

const char* format_name(Format f) { return kFormatNames.c_str(f); }

DataSpec parse_data(const Field& data) {
  DataSpec d;
  d.enabled = true;
  d.where = data;
  if (!data.is_map()) throw data.error("expected a mapping: data: {dataset: ..., storage: ..., loader: ...}");
  data.check_keys({"dataset", "storage", "loader", "epochs", "page_cache"});

  Field ds = data.at("dataset");
  ds.check_keys({"samples", "bytes_per_sample", "tensor_bytes_per_sample", "format"});
  d.samples_field = ds.at("samples");
  d.samples = ds.at("samples").as_int();
  if (d.samples < 1) throw ds.at("samples").error("a dataset needs at least one sample");
  d.samples = ds.at("samples").as_int_in(1, limits::max_dataset_samples);
  d.bytes_per_sample = ds.at("bytes_per_sample").as_quantity(Dimension::bytes);
  if (!(d.bytes_per_sample > 0)) throw ds.at("bytes_per_sample").error("expected a size > 0 (e.g. 110 KB)");
  if (d.bytes_per_sample > limits::max_sample_bytes)
    throw ds.at("bytes_per_sample").error("expected at most 64 GiB a sample (more than a GPU holds)");
  if (auto f = ds.get("tensor_bytes_per_sample")) {
    d.tensor_bytes_per_sample = f->as_quantity(Dimension::bytes);
    if (!(d.tensor_bytes_per_sample > 0)) throw f->error("expected a size > 0 (e.g. 150528 B)");
    if (d.tensor_bytes_per_sample > limits::max_sample_bytes)
      throw f->error("expected at most 64 GiB a sample (more than a GPU holds)");
  }
  if (auto f = ds.get("format")) d.format = f->as_enum(kFormatNames);

  if (auto st = data.get("storage")) {
    if (st->is_scalar()) {
      d.storage_kind = "";  // taken from the device's catalog kind
      d.storage_devices.push_back(st->as_string());
      d.storage_fields.push_back(*st);
    } else {
      st->check_keys({"kind", "devices", "device"});
      d.storage_kind = st->at("kind").as_choice({"nvme", "nfs", "lustre", "gpfs", "ram"});
      if (auto one = st->get("device")) {
        d.storage_devices.push_back(one->as_string());
        d.storage_fields.push_back(*one);
      }
      if (auto many = st->get("devices")) {
        if (!many->is_sequence()) throw many->error("expected a list of storage devices, e.g. [nvme0, nvme1]");
        for (const Field& x : many->items()) {
          d.storage_devices.push_back(x.as_string());
          d.storage_fields.push_back(x);
        }
      }
      if (d.storage_kind != "ram" && d.storage_devices.empty())
        throw st->error("name the storage: `device: nvme0` or `devices: [nvme0, nvme1]` (devices of the system file)");
    }
  } else if (d.format != Format::ram) {
    throw data.key_error("the dataset needs `storage:` (a storage device of the system, e.g. nvme0), or format: ram");
  }
  if (d.storage_kind == "ram") d.format = Format::ram;

  if (auto ld = data.get("loader")) {
    ld->check_keys({"num_workers", "prefetch_factor", "pin_memory", "decode", "cpu_cores"});
    if (auto f = ld->get("num_workers")) {
      d.workers_field = *f;
      d.num_workers = static_cast<int>(f->as_int_in(0, limits::max_workers));
    }
    if (auto f = ld->get("prefetch_factor")) d.prefetch_factor = static_cast<int>(f->as_int_in(1, limits::max_prefetch));
    if (auto f = ld->get("pin_memory")) d.pin_memory = f->as_bool();
    if (auto f = ld->get("cpu_cores")) {
      d.cores_field = *f;
      d.cpu_cores = static_cast<int>(f->as_int_in(0, limits::max_units));
      if (d.cpu_cores == 0) throw f->error("0 CPU cores leave nothing to run the loader's workers on");
    }
    if (auto dec = ld->get("decode")) {
      dec->check_keys({"cpu_ms_per_sample", "decode_gbps", "gpu_ms_per_sample"});
      if (dec->has("cpu_ms_per_sample") && dec->has("decode_gbps"))
        throw dec->at("decode_gbps").key_error("give the CPU decode cost once: cpu_ms_per_sample or decode_gbps");
      if (auto f = dec->get("cpu_ms_per_sample")) {
        const double ms = f->as_number();
        if (ms < 0) throw f->error("expected a time per sample >= 0 (milliseconds)");
        d.cpu_s_per_sample = ms * 1e-3;
      }
      if (auto f = dec->get("decode_gbps")) {
        const double gbps = f->as_number();
        if (!(gbps > 0)) throw f->error("expected a decode rate > 0 (GB/s of stored bytes per core)");
        d.cpu_s_per_sample = d.bytes_per_sample / (gbps * 1e9);
      }
      if (auto f = dec->get("gpu_ms_per_sample")) {
        const double ms = f->as_number();
        if (ms < 0) throw f->error("expected a time per sample >= 0 (milliseconds)");
        d.gpu_s_per_sample = ms * 1e-3;
      }
    }
  }
  if (auto f = data.get("epochs")) d.epochs = f->as_int_in(1, limits::max_epochs);
  if (auto f = data.get("page_cache")) d.page_cache_bytes = f->as_quantity(Dimension::bytes);
  return d;
}

}  // namespace simtrain::data
