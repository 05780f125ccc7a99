# The package from the checkout (python/), against the binary the ctest names in SIMTRAIN_BIN;
# commands run from the project root, where the scenarios' relative paths hold.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.chdir(ROOT)
