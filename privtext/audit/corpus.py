"""A corpus where joint-consumption leakage is real: recurring, correlated persons.

Per-word metric DP perturbs every mention of a name independently, so a person named five
times in a document is released five times, and the context (an employer, a city) correlates
with the secret. This generator plants exactly that structure (issue 6):

* a fixed *population* of persons (given name + surname), drawn once per seed; each person
  always works at the same employer, and each employer sits in a fixed city, where its staff
  live (person -> employer -> city: correlated across the corpus);
* every document (3-8 sentences, 60-200 words) has a small cast of one or two persons, each
  mentioned 3-5 times (the full name first, then the full name, ``Mr``/``Ms`` + surname or the
  given name alone), with their employer and city;
* names, employers and cities are single words that are in GloVe 6B (lower-cased) and in the
  tagger's gazetteers, so the sanitize tagger tags them (PERSON -> PII; ORGANIZATION and
  LOCATION -> PoII) and EM perturbs them;
* optionally (``court_every``) long court-style judgments in the layout of the tagging work's
  ECHR documents: an applicant named 6-10 times, the employer that dismissed them, the courts
  of their city and a colleague as a witness (the demo's corpus has one in every ten).

Built only from the word lists below and :class:`random.Random`, so a seed gives the same
corpus on every machine. :func:`generate_leakage_gold` returns the same documents with the
planted mentions (character spans), for the tag-recall test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "EMPLOYERS",
    "FEMALE_NAMES",
    "MALE_NAMES",
    "SURNAMES",
    "Person",
    "generate_leakage_corpus",
    "generate_leakage_gold",
    "make_population",
    "write_leakage_corpus",
]

#: (employer, city): every employer is located in one city (single words, in GloVe 6B and in
#: the tagger's organisation and city lists).
EMPLOYERS: tuple[tuple[str, str], ...] = (
    ("Siemens", "Munich"),
    ("Bosch", "Stuttgart"),
    ("Unilever", "London"),
    ("Philips", "Eindhoven"),
    ("Pfizer", "Boston"),
    ("Boeing", "Seattle"),
    ("Airbus", "Toulouse"),
    ("Oracle", "Austin"),
    ("Deloitte", "Dublin"),
    ("Accenture", "Chicago"),
    ("Bayer", "Cologne"),
    ("Samsung", "Seoul"),
    ("Toyota", "Nagoya"),
    ("Volvo", "Gothenburg"),
    ("Intel", "Portland"),
    ("Honeywell", "Phoenix"),
)

FEMALE_NAMES: tuple[str, ...] = (
    "Sarah", "Emma", "Olivia", "Anna", "Maria", "Laura", "Julia", "Elena", "Fatima", "Priya",
    "Chloe", "Ingrid", "Nadia", "Chiara", "Lucia", "Camille", "Claire", "Hannah", "Rachel",
    "Rebecca", "Emily", "Jessica", "Linda", "Susan", "Karen", "Patricia", "Carmen", "Ines",
    "Helen", "Monica",
)  # fmt: skip
MALE_NAMES: tuple[str, ...] = (
    "James", "John", "Robert", "Michael", "David", "Thomas", "Daniel", "Paul", "Mark",
    "Peter", "Andrew", "Kevin", "Brian", "George", "Edward", "Steven", "Carlos", "Miguel",
    "Ahmed", "Omar", "Ivan", "Sergei", "Hans", "Lars", "Pierre", "Marco", "Luca", "Rahul",
    "Kenji", "Dmitri",
)  # fmt: skip
SURNAMES: tuple[str, ...] = (
    "Smith", "Johnson", "Williams", "Jones", "Garcia", "Miller", "Davis", "Rodriguez",
    "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Taylor", "Moore",
    "Jackson", "Thompson", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
    "Walker", "Allen", "Nguyen", "Kumar", "Singh", "Patel", "Schmidt", "Schneider", "Fischer",
    "Weber", "Rossi", "Russo", "Ferrari", "Bianchi", "Dubois", "Moreau", "Petrov", "Ivanov",
    "Kowalski", "Novak", "Jensen", "Nielsen", "Hansen", "Larsen", "Tanaka", "Suzuki",
    "Yamamoto", "Chen", "Wang", "Zhang", "Kim", "Park", "Silva", "Santos", "Costa", "Murphy",
)  # fmt: skip

_TITLES = ("Mr ", "Ms ")
_ROLES = (
    "engineer", "accountant", "analyst", "designer", "manager", "technician", "consultant",
    "chemist", "planner", "buyer",
)  # fmt: skip

# {p}: a mention of the person; {org}, {city}: their employer and its city; {role}: job.
_INTRO = (
    "{p} works as a senior {role} at {org} in {city} and leads a small team there.",
    "{p} joined {org} as a {role} several years ago and moved to {city} soon after.",
    "According to the file, {p} is employed by {org} as a {role} and lives in {city}.",
)
_MORE = (
    "Colleagues at {org} describe {p} as careful, patient and reliable under pressure.",
    "{p} lives in {city} with a partner and two children, close to the river.",
    "Last month {p} presented the quarterly results to the board of {org}.",
    "Every Monday {p} travels across {city} to the main office of {org}.",
    "{p} said that the new project would start in the spring if the budget allows.",
    "The manager asked {p} to review the supplier contract before the end of the week.",
    "{p} has been with the company for a long time and trains most of the new staff.",
    "In a short interview, {p} praised the people of {city} for their warm welcome.",
    "A spokesperson for {org} confirmed that {p} would attend the conference.",
    "{p} rarely talks about the job, but friends say the work at {org} is demanding.",
)
_PAIR = (
    "{p} and {q} discussed the budget over lunch in {city} on Thursday.",
    "{p} later wrote to {q} to thank everyone for the help with the audit.",
    "Both {p} and {q} signed the letter that was sent to the regional office.",
)
_FILLER = (
    "The meeting was postponed twice because of the weather and the late trains.",
    "Nobody expected the negotiations to take more than a few weeks this time.",
    "The minutes of the meeting were circulated to all members of the committee.",
    "Several questions about the schedule remain open and will be discussed again.",
)


@dataclass(frozen=True)
class Person:
    """One member of the population.

    Attributes:
        first: given name; last: surname; female: for ``Mr``/``Ms``;
        employer: the employer (a key of :data:`EMPLOYERS`); city: the employer's city.
    """

    first: str
    last: str
    female: bool
    employer: str
    city: str

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


def make_population(n_persons: int = 60, seed: int = 0) -> list[Person]:
    """``n_persons`` distinct persons (distinct full names), each with a fixed employer."""
    rng = random.Random(f"population/{seed}")
    seen: set[str] = set()
    out: list[Person] = []
    n_max = len(FEMALE_NAMES + MALE_NAMES) * len(SURNAMES)
    if n_persons > n_max:
        raise ValueError(f"at most {n_max} persons, got {n_persons}")
    while len(out) < n_persons:
        female = rng.random() < 0.5
        first = rng.choice(FEMALE_NAMES if female else MALE_NAMES)
        last = rng.choice(SURNAMES)
        if f"{first} {last}" in seen:
            continue
        seen.add(f"{first} {last}")
        employer, city = EMPLOYERS[rng.randrange(len(EMPLOYERS))]
        out.append(Person(first, last, female, employer, city))
    return out


class _Doc:
    """Accumulates sentences and records the character spans of planted mentions."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.mentions: list[dict[str, Any]] = []

    def add(self, template: str, values: dict[str, tuple[str, str, str]]) -> None:
        """``values``: slot -> (surface, kind, value); kinds person/employer/city. A title
        (``Mr``/``Ms``) leading a person's surface is left out of the mention's span."""
        if self.parts:
            self.parts.append(" ")
            self.length += 1
        pos = 0
        out: list[str] = []
        cur = self.length
        while True:
            i = template.find("{", pos)
            if i < 0:
                out.append(template[pos:])
                break
            j = template.index("}", i)
            lit = template[pos:i]
            out.append(lit)
            cur += len(lit)
            slot = template[i + 1 : j]
            if slot in values:
                surface, kind, value = values[slot]
            else:
                surface, kind, value = slot, "", ""
            if kind:
                skip = len(surface.split(" ", 1)[0]) + 1 if surface.startswith(_TITLES) else 0
                self.mentions.append(
                    {
                        "start": cur + skip,
                        "end": cur + len(surface),
                        "kind": kind,
                        "value": value,
                        "surface": surface[skip:],
                    }  # fmt: skip
                )
            out.append(surface)
            cur += len(surface)
            pos = j + 1
        text = "".join(out)
        self.parts.append(text)
        self.length += len(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def _mention(rng: random.Random, p: Person, first: bool) -> str:
    if first:
        return p.name
    r = rng.random()
    if r < 0.4:
        return p.name
    if r < 0.75:
        return ("Ms " if p.female else "Mr ") + p.last
    return p.first


def _render(rng: random.Random, population: Sequence[Person]) -> tuple[str, list[dict[str, Any]]]:
    cast_size = 1 if rng.random() < 0.6 else 2
    cast = rng.sample(list(population), cast_size)
    while cast_size == 2 and (cast[0].first == cast[1].first or cast[0].last == cast[1].last):
        cast = rng.sample(list(population), cast_size)  # given names alone stay unambiguous
    need = {p.name: rng.randint(3, 5) for p in cast}
    doc = _Doc()
    n_sent = 0

    def values(p: Person, q: Person | None = None) -> dict[str, tuple[str, str, str]]:
        v = {
            "p": (_mention(rng, p, False), "person", p.name),
            "org": (p.employer, "employer", p.employer),
            "city": (p.city, "city", p.city),
            "role": (rng.choice(_ROLES), "", ""),
        }
        if q is not None:
            v["q"] = (_mention(rng, q, False), "person", q.name)
        return v

    order = list(cast)
    for p in order:  # introductions: the full name first
        need[p.name] -= 1
        vals = values(p)
        vals["p"] = (p.name, "person", p.name)
        doc.add(rng.choice(_INTRO), vals)
        n_sent += 1
    if cast_size == 2:
        a, b = order
        while need[a.name] > 0 and need[b.name] > 0 and sum(need.values()) + n_sent > 8:
            doc.add(rng.choice(_PAIR), values(a, b))
            need[a.name] -= 1
            need[b.name] -= 1
            n_sent += 1
    remaining = [p for p in order for _ in range(max(0, need[p.name]))]
    rng.shuffle(remaining)
    mores = rng.sample(_MORE, len(_MORE))
    for i, p in enumerate(remaining):
        doc.add(mores[i % len(mores)], values(p))
        n_sent += 1
    fillers = rng.sample(_FILLER, len(_FILLER))
    k = 0
    while n_sent < 8 and (len(doc.text.split()) < 60 or (n_sent < 3) or rng.random() < 0.3):
        doc.add(fillers[k % len(fillers)], {})
        k += 1
        n_sent += 1
    return doc.text, doc.mentions


# Court-style judgments (ECHR layout): the applicant recurs 6-10 times, with the employer
# that dismissed them and the city of the courts; a colleague of the same employer testifies.
_COURT_OPEN = (
    "PROCEDURE\n\n1. The case originated in an application against the respondent State "
    "lodged with the Court by {p}, a national of that State, who was represented by a "
    "lawyer practising in {city}.\n\nTHE FACTS\n\nI. THE CIRCUMSTANCES OF THE CASE\n\n"
    "2. The applicant, {p}, was born in {year} and lives in {city}."
)
_COURT_FACTS = (
    "3. From {joined} the applicant worked as a {role} at {org}. In the spring of {reported} "
    "{p} reported to the management of {org} that safety records had been altered.",
    "4. Shortly afterwards {org} dismissed {p}, stating that the applicant had disclosed "
    "confidential information to persons outside the company.",
    "5. {p} brought proceedings against {org} before the {city} District Court, claiming "
    "reinstatement and compensation for the loss of salary.",
    "6. At a hearing before the {city} District Court a colleague of the applicant at {org}, "
    "{q}, gave evidence that {p} had raised the matter internally several times.",
    "7. The {city} District Court dismissed the claim. It found that {p} had not exhausted "
    "the internal procedures of {org} before contacting the authorities.",
    "8. {p} appealed. The appeal court upheld the first-instance judgment and endorsed its "
    "reasoning; a further appeal by {p} was declared inadmissible.",
)
_COURT_LAW = (
    "THE LAW\n\nI. ALLEGED VIOLATION OF ARTICLE 10 OF THE CONVENTION\n\n9. The applicant "
    "complained that the dismissal had breached the right to freedom of expression. The "
    "Government contested that argument and submitted that the interference had been "
    "prescribed by law and necessary in a democratic society.",
    "10. The Court reiterates that the signalling by an employee of illegal conduct or "
    "wrongdoing in the workplace should, in certain circumstances, enjoy protection, in "
    "particular where the employee concerned is the only person, or part of a small "
    "category of persons, aware of what is happening at work.",
    "11. In the present case the domestic courts did not examine whether the information "
    "disclosed by {p} was accurate and whether the public interest in it outweighed the "
    "damage suffered by {org}.",
    "12. There has accordingly been a violation of Article 10 of the Convention. The Court "
    "awards the applicant a sum in respect of non-pecuniary damage, plus any tax that may be "
    "chargeable.",
)


def _render_court(
    rng: random.Random, population: Sequence[Person]
) -> tuple[str, list[dict[str, Any]]]:
    """A long judgment-style document (1,500-2,600 characters) about one applicant."""
    p = rng.choice(list(population))
    peers = [q for q in population if q.employer == p.employer and q.name != p.name]
    q = rng.choice(peers) if peers else rng.choice([x for x in population if x is not p])
    born = rng.randint(1958, 1994)
    year, joined = str(born), born + rng.randint(20, 28)
    reported = str(joined + rng.randint(1, 5))
    doc = _Doc()

    def values() -> dict[str, tuple[str, str, str]]:
        return {
            "p": (_mention(rng, p, False), "person", p.name),
            "q": (q.name, "person", q.name),
            "org": (p.employer, "employer", p.employer),
            "city": (p.city, "city", p.city),
            "role": (rng.choice(_ROLES), "", ""),
            "year": (year, "", ""),
            "joined": (str(joined), "", ""),
            "reported": (reported, "", ""),
        }

    first = values()
    first["p"] = (p.name, "person", p.name)
    doc.add(_COURT_OPEN, first)
    facts = list(_COURT_FACTS)
    keep = sorted(rng.sample(range(len(facts)), rng.randint(4, len(facts))))
    for i in keep:
        doc.add("\n\n" + facts[i], values())
    for par in _COURT_LAW:
        doc.add("\n\n" + par, values())
    return doc.text, doc.mentions


def generate_leakage_gold(
    n_docs: int, seed: int = 0, n_persons: int = 60, court_every: int = 0
) -> list[dict[str, Any]]:
    """The documents of :func:`generate_leakage_corpus` with their planted mentions.

    Args:
        n_docs: documents.
        seed: the seed (population and documents).
        n_persons: size of the population.
        court_every: every ``court_every``-th document is a long court-style judgment (an
            applicant named 6-10 times, the employer that dismissed them, the city of the
            courts, a colleague as witness); 0 = none (the short documents only).

    Returns:
        ``{"id", "text", "mentions"}`` rows; each mention is ``{"start", "end", "kind"
        (person|employer|city), "value" (the person's full name, the employer, the city),
        "surface"}``.
    """
    if court_every < 0:
        raise ValueError(f"court_every must be >= 0, got {court_every}")
    population = make_population(n_persons, seed)
    rng = random.Random(f"leakage-corpus/{seed}")
    rows = []
    for i in range(n_docs):
        if court_every and i % court_every == court_every - 1:
            text, mentions = _render_court(rng, population)
        else:
            text, mentions = _render(rng, population)
        rows.append({"id": f"leak-{i:05d}", "text": text, "mentions": mentions})
    return rows


def generate_leakage_corpus(n_docs: int, seed: int = 0, court_every: int = 0) -> list[dict]:
    """``n_docs`` documents ``{"id", "text"}`` with recurring, correlated persons (see module)."""
    rows = generate_leakage_gold(n_docs, seed, court_every=court_every)
    return [{"id": r["id"], "text": r["text"]} for r in rows]


def write_leakage_corpus(
    path: str | Path, n_docs: int, seed: int = 0, court_every: int = 0
) -> Path:
    """Write :func:`generate_leakage_corpus` as JSONL (one ``{"id", "text"}`` per line)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        for row in generate_leakage_corpus(n_docs, seed, court_every):
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    return p
