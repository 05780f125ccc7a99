$ simtrain --data-dir tests/data/data_path describe data-path
# exit 0
Shipped data (systems and catalogs in topologies/, models/, scenarios/, validation/) is looked up in this order, first match wins:
  1. next to the input file that names it (a system next to its scenario, devices.yaml next to its system)
  2. the current folder, for a name or path given by you (not for catalogs)
  3. tests/data/data_path  (--data-dir)
  4. .  (source tree, development build)
The data path is --data-dir DIR (repeatable), then SIMTRAIN_DATA_PATH (folders separated by ':'), then <prefix>/share/simtrain beside the installed executable, then the source tree of a development build.
