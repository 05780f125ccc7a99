$ simtrain scenarios/serve_8b_1xh100.yaml
# exit 2
scenarios/serve_8b_1xh100.yaml:6:1: error: 'serve': a serving scenario (it has a serve: block): run it with `simtrain serve scenarios/serve_8b_1xh100.yaml`
    serve:
    ^
