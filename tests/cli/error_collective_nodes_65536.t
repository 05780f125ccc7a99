$ simtrain collective dgx_a100 --nodes 65536 -b 1M -e 1M
# exit 2
simtrain: error: '--nodes': 65,536 nodes of DGX A100 (8x A100-SXM4-40GB) would be 524,288 GPUs and about 8.91 M links; simulating 1 size on them (each size's flows cross every link of the job, and the build and the ring and tree searches cost about 4 sizes more) is about 44.6 M link-visits, more than the 12 M a collective may take (about 60 s and 2 GB); at 1 size the most is 17,647 nodes: lower --nodes, or give fewer sizes (-b, -e, -f)
