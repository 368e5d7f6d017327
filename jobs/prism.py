"""spark-submit entry point of the PRISM jobs.

    spark-submit jobs/prism.py build-dictionary --corpus corpus.jsonl --vocab 1000 \
        --samples 200 --translator libretranslate --translator-url http://host:5000 --output dict/
    spark-submit jobs/prism.py translate --input docs.jsonl --method prism-r --ratio 0.3 \
        --dictionary dict/ --translator-url http://host:5000 --output out/

takes exactly the options of ``privtext prism ...`` (see ``--help``) and runs the same pipelines.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jobs.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(["prism", *sys.argv[1:]]))
