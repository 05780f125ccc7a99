$ simtrain serve scenarios/serve_8b_1xl4.yaml --set serve.arrival.rate=0.00001
# exit 2
--set serve.arrival.rate=0.00001: error: 'serve.arrival.rate': requests.count / rate = 40000000 s of arrivals, more than the 1e6 s (11.6 days) a run simulates: raise the rate or send fewer requests
