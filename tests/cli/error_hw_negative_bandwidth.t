$ simtrain scenarios/4xdgx_a100_gpt2_1.5b.yaml --set "catalog.link_kinds.ib_hdr.bandwidth=-200 Gb/s"
# exit 2
--set catalog.link_kinds.ib_hdr.bandwidth=-200 Gb/s: error: 'catalog.link_kinds.ib_hdr.bandwidth': '-200 Gb/s' is negative: expected a non-negative bandwidth
