$ simtrain tests/data/attack/name_bad_utf8.yaml
# exit 2
tests/data/attack/name_bad_utf8.yaml:2:7: error: 'name': this text is not valid UTF-8 (byte 5 of the value); save the file as UTF-8
    name: bad ? name
          ^
