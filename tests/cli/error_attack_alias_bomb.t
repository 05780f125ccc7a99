$ simtrain tests/data/attack/alias_bomb.yaml
# exit 2
tests/data/attack/alias_bomb.yaml:7:35: error: 'f[9]': with this alias expanded, the document has more than 1000000 nodes (an alias bomb?); no input needs that many
    f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]
                                      ^
