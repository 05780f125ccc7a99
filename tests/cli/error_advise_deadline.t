$ simtrain advise scenarios/advise_llama2_13b_50b_tokens.yaml --deadline "2 fortnights"
# exit 2
--deadline: error: '--deadline': bad unit 'fortnights' in '2 fortnights': expected a time, e.g. 2 us, 1.5 ms (ps, ns, us, ms, s, min, h)
