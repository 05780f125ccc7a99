$ simtrain tests/data/bad_fabric_transport.yaml
# exit 2
tests/data/bad_fabric_transport_system.yaml:103:9: error: 'fabric.link': the fabric's links are eth_100g (TCP sockets) but node0/nic0 is a ConnectX-6 Dx 200GbE with a roce_200g port (RoCE verbs), which cannot run on them; use NICs of the fabric's kind and rate (catalog nics) or a fabric link of the NICs' transport (an Ethernet NIC also runs TCP on an eth_ fabric of its rate)
      link: eth_100g
            ^
