$ simtrain validate
# exit 0
