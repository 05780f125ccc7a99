$ simtrain validate
# exit 2
/work/lead/validation/cases.yaml:744:51: error: YAML syntax error: illegal map value
      note: slow because the model lacks kernel fusion: NVIDIA's BERT fuses the softmax, GELU, LayerNorm and dropout passes (and runs fused multi-head attention), the model runs each as its own memory-bound kernel
                                                      ^
