$ simtrain --version
# exit 0
simtrain 0.1.0
