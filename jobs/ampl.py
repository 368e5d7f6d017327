"""spark-submit entry point of `privtext ampl`.

    spark-submit jobs/ampl.py --help

takes exactly the options of ``privtext ampl`` (see ``--help``) and runs the same pipeline.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jobs.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["ampl", *sys.argv[1:]]))
