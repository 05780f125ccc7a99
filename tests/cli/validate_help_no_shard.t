$ simtrain validate --help
# exit 0
The simulator against public measurements, case by case, with the error of each
Usage: simtrain validate [OPTIONS]

Options:
  -h,--help                   Print this help message and exit
  --cases TEXT                Cases file (default: the project's validation/cases.yaml)
  --only TEXT ...             Run only these cases (an id, or id/case)
  --json                      Print one JSON object (its rows under "rows") instead of the table
  --strict                    Exit with status 5 when a case lies outside its tolerance
  --bands                     Print the error bands (YAML of validation/error_bands.yaml) instead of the table
  --cross-validate            After the table, leave each source out in turn and print how many of its cases the other sources' bands cover (per category and GPU generation)
  --check-bands TEXT          After the table, check this bands file against the results; exit with status 6 when it differs
  --journal TEXT              Append each point's result to this new file as it ends (a part file with --shard)
  --resume TEXT               Continue the journal in this file: skip the points it holds, append the rest (starts it when absent)
  --progress                  Draw the progress line on stderr even when it is not a terminal (mpirun)
  --no-progress               Never draw the progress line
