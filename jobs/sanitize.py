"""spark-submit entry point of the sanitize job.

    spark-submit jobs/sanitize.py --input corpus.jsonl --output out/ --epsilon 10

takes exactly the options of ``privtext sanitize`` (see ``--help``) and runs the same pipeline.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jobs.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["sanitize", *sys.argv[1:]]))
