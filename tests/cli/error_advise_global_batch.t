$ simtrain advise tests/data/advise/bad_global_batch.yaml
# exit 2
tests/data/advise/bad_global_batch.yaml:11:33: error: 'advise.global_batch.max': expected max >= min (512)
      global_batch: {min: 512, max: 256}
                                    ^
