$ simtrain validate
# exit 2
/work/lead/validation/cases.yaml:649:176: error: YAML syntax error: illegal map value
      note: Lambda's H100 and A100 runs sit 36-38% below NVIDIA-class figures for the same code; what the model lacks to explain it is the run's own host and clocks (not published: CPU, driver, power limit), so it is kept as a known gap rather than fitted
                                                                                                                                                                                   ^
