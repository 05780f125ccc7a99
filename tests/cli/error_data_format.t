$ simtrain tests/data/bad_data_format.yaml
# exit 2
tests/data/bad_data_format.yaml:6:65: error: 'data.dataset.format': unknown value 'tfrecords'; expected one of: files, lmdb, shards, ram
      dataset: {samples: 1281167, bytes_per_sample: 110 KB, format: tfrecords}
                                                                    ^
