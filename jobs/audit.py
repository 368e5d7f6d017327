"""spark-submit entry point of `privtext audit`.

    spark-submit jobs/audit.py --help

takes exactly the options of ``privtext audit`` (see ``--help``) and runs the same pipeline.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jobs.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["audit", *sys.argv[1:]]))
