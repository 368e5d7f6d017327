"""Span-by-span regression check of the tagger over every labelled set (a development tool).

Aggregate scores hide trades: a change can find ten spans and lose three. This tool records,
for every gold span of the dev documents, the held-out sets and the template documents, how
much of it the tagger found, and every false positive; ``diff`` then lists the spans that got
better or worse between two runs.

    .venv/bin/python scripts/tagger_regress.py run /tmp/before.json          # all sets
    .venv/bin/python scripts/tagger_regress.py run /tmp/x.json --sets 40 41   # some sets
    .venv/bin/python scripts/tagger_regress.py diff /tmp/before.json /tmp/after.json [-v]
    .venv/bin/python scripts/tagger_regress.py show /tmp/after.json 41 --tier PoII
    .venv/bin/python scripts/tagger_regress.py pool /tmp/after.json [--sets 1-37]

A set is named ``dev`` (hand-labelled dev documents), ``tpl`` (400 template documents) or the
number of a held-out set (``1`` is ``tagger_holdout``). The JSON holds gold texts: keep it out
of the repository. A span's status is the share of its tokens tagged in its own tier.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "privtext" / "data"


def _all_set_names() -> list[str]:
    nums = sorted(
        int(p.name.removeprefix("tagger_holdout") or "1")
        for p in DATA.glob("tagger_holdout*")
        if p.is_dir()
    )
    return ["dev", "tpl"] + [str(n) for n in nums]


def _parse_sets(specs: list[str] | None) -> list[str]:
    if not specs:
        return _all_set_names()
    out: list[str] = []
    for s in specs:
        if "-" in s:
            lo, hi = s.split("-")
            out += [str(n) for n in range(int(lo), int(hi) + 1)]
        else:
            out.append(s)
    return out


def _load_set(name: str) -> list[Any]:
    from privtext.tagging.devset import generate_templates, load_realistic

    if name == "dev":
        return load_realistic()
    if name == "tpl":
        return generate_templates(400)
    folder = "tagger_holdout" if name == "1" else f"tagger_holdout{name}"
    return load_realistic(DATA / folder)


def cmd_run(a: argparse.Namespace) -> int:
    from privtext.config import build_config
    from privtext.tagging.eval_tagger import predict
    from privtext.tagging.evaluate import _token_mask
    from privtext.tagging.policy import TierPolicy
    from privtext.tagging.registry import build_tagger
    from privtext.tokenizer import tokenize

    spec = build_config(None, {}).tagging.tagger_spec()
    tagger = build_tagger(spec)
    policy = TierPolicy.load(spec.policy_path)
    result: dict[str, Any] = {}
    for name in _parse_sets(a.sets):
        docs = _load_set(name)
        preds = predict(tagger, policy, docs)
        out_docs = []
        for d in docs:
            toks = tokenize(d.text)
            starts, ends = toks.starts, toks.ends
            p = preds.get(d.id, [])
            spans = []
            for s in d.spans:
                own = _token_mask(starts, ends, [s])
                mine = _token_mask(starts, ends, [x for x in p if x.tier == s.tier])
                n = int(own.sum())
                found = float((own & mine).sum() / n) if n else 0.0
                spans.append([s.start, s.end, s.tier, s.label, round(found, 3)])
            fps = []
            for x in p:
                g = _token_mask(starts, ends, [s for s in d.spans if s.tier == x.tier])
                own = _token_mask(starts, ends, [x])
                if not (own & g).any():
                    fps.append([x.start, x.end, x.tier, x.label])
            out_docs.append({"id": d.id, "text": d.text, "spans": spans, "fps": fps})
        result[name] = out_docs
        n_sp = sum(len(d["spans"]) for d in out_docs)
        print(f"set {name}: {len(docs)} documents, {n_sp} gold spans", file=sys.stderr)
    Path(a.out).write_text(json.dumps(result), encoding="utf-8")
    return 0


def _ctx(text: str, a: int, b: int, w: int = 45) -> str:
    s = f"{text[max(0, a - w) : a]}⟦{text[a:b]}⟧{text[b : b + w]}"
    return s.replace("\n", "⏎")


def cmd_diff(a: argparse.Namespace) -> int:
    A = json.loads(Path(a.a).read_text(encoding="utf-8"))
    B = json.loads(Path(a.b).read_text(encoding="utf-8"))
    better = worse = 0
    fp_a = fp_b = 0
    for name in A:
        if name not in B:
            continue
        for da, db in zip(A[name], B[name], strict=True):
            for sa, sb in zip(da["spans"], db["spans"], strict=True):
                if sa[4] == sb[4]:
                    continue
                up = sb[4] > sa[4]
                better += up
                worse += not up
                if a.verbose or not up:
                    tag = "BETTER" if up else "WORSE "
                    print(
                        f"{tag} {name} {da['id']} {sa[2]}/{sa[3]} {sa[4]}->{sb[4]}: "
                        + _ctx(da["text"], sa[0], sa[1])
                    )
            fa = {tuple(x) for x in da["fps"]}
            fb = {tuple(x) for x in db["fps"]}
            fp_a += len(fa)
            fp_b += len(fb)
            if a.verbose:
                for sign, xs in (("+", fb - fa), ("-", fa - fb)):
                    for x in sorted(xs):
                        where = f"{name} {da['id']} {x[2]}/{x[3]}"
                        print(f"FP{sign}    {where}: " + _ctx(da["text"], x[0], x[1]))
    print(f"better {better}, worse {worse}; false positives {fp_a} -> {fp_b}")
    return 0


def cmd_show(a: argparse.Namespace) -> int:
    R = json.loads(Path(a.res).read_text(encoding="utf-8"))
    for d in R[a.set]:
        for s in d["spans"]:
            if s[4] < 1.0 and (a.tier is None or s[2] == a.tier):
                print(f"MISS {s[4]:.2f} {d['id']} {s[2]}/{s[3]}: " + _ctx(d["text"], s[0], s[1]))
        if a.fps:
            for x in d["fps"]:
                if a.tier is None or x[2] == a.tier:
                    print(f"FP   {d['id']} {x[2]}/{x[3]}: " + _ctx(d["text"], x[0], x[1]))
    return 0


def cmd_pool(a: argparse.Namespace) -> int:
    """Span-level recall per tier (the share of gold spans fully or partly found)."""
    R = json.loads(Path(a.res).read_text(encoding="utf-8"))
    names = _parse_sets(a.sets) if a.sets else list(R)
    for tier in ("PII", "PoII"):
        tot = full = part = fps = 0
        for name in names:
            for d in R.get(name, []):
                for s in d["spans"]:
                    if s[2] == tier:
                        tot += 1
                        full += s[4] >= 1.0
                        part += s[4] > 0
                fps += sum(x[2] == tier for x in d["fps"])
        if tot:
            print(
                f"{tier}: {tot} gold spans, fully found {full / tot:.4f}, "
                f"touched {part / tot:.4f}, false positive spans {fps}"
            )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(required=True)
    r = sub.add_parser("run", help="tag every set and record each gold span's status")
    r.add_argument("out")
    r.add_argument("--sets", nargs="*", help="dev, tpl, N or N-M (default: all)")
    r.set_defaults(func=cmd_run)
    d = sub.add_parser("diff", help="spans better or worse between two runs")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("-v", "--verbose", action="store_true", help="list better spans and FPs too")
    d.set_defaults(func=cmd_diff)
    s = sub.add_parser("show", help="missed spans (and false positives) of one set")
    s.add_argument("res")
    s.add_argument("set")
    s.add_argument("--tier", choices=("PII", "PoII"))
    s.add_argument("--fps", action="store_true")
    s.set_defaults(func=cmd_show)
    p = sub.add_parser("pool", help="span-level figures over several sets")
    p.add_argument("res")
    p.add_argument("--sets", nargs="*")
    p.set_defaults(func=cmd_pool)
    a = ap.parse_args(argv)
    return int(a.func(a))


if __name__ == "__main__":
    raise SystemExit(main())
