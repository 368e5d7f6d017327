"""The schema of every table privtext writes, in one place.

Each table is a tuple of :class:`Column`; :func:`struct_type` turns it into a Spark
``StructType`` (pipelines write with it, tests compare against it) and
``pipelines/contracts.py`` builds the great-expectations suites from the same definitions
(non-null columns, allowed values, uniqueness).

Sensitivity: ``tokens``, ``tags`` and ``quarantine`` hold ORIGINAL text and are as sensitive as
the input. ``documents``, ``ledger`` and ``manifest`` hold no original text of a replaced unit;
the ledger's and manifest's rank counts are computed from the original words (operator-side
records, not for publication with the corpus).
"""

from __future__ import annotations

from dataclasses import dataclass

TIER_VALUES = ("PII", "PoII", "none")
OPERATOR_VALUES = ("mechanism", "surrogate", "mask", "hash", "keep")
# the ledger's mechanism names (privtext.engine.mechanism_label): the mechanism, then
# "+one-draw-per-word" (perturb.consistent_mentions), then "+remap" (EM only)
MECHANISM_VALUES = tuple(
    base + one + remap
    for base in ("em", "laplace-nn", "laplace-nn+rank-fix")
    for one in ("", "+one-draw-per-word")
    for remap in (("", "+remap") if base == "em" else ("",))
)


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str  # Spark SQL type name: string, int, long, double, boolean, timestamp
    nullable: bool = False
    allowed: tuple[str, ...] | None = None
    description: str = ""


DOCUMENTS = (
    Column("id", "string", description="document id from the input"),
    Column("text", "string", description="sanitized text"),
    Column("n_tokens", "int", description="word tokens in the document"),
    Column("n_spans", "int", description="tagged spans the policy acted on"),
    Column("n_perturbed_pii", "int", description="PII word tokens perturbed by the mechanism"),
    Column("n_perturbed_poii", "int", description="PoII word tokens perturbed by the mechanism"),
    Column("n_spans_replaced", "int", description="pattern spans replaced (surrogate/mask/hash)"),
    Column("kept_by_mechanism", "int", description="perturbed tokens whose draw was the original"),
    Column(
        "pii_surrogate_leaks", "int", description="PII pattern originals still present: must be 0"
    ),
    Column("run_id", "string"),
)

TOKENS = (
    Column("doc_id", "string"),
    Column("position", "int", description="token index in the document"),
    Column("start", "int", description="start character offset (inclusive)"),
    Column("end", "int", description="end character offset (exclusive)"),
    Column("original", "string", description="ORIGINAL text (sensitive)"),
    Column("replacement", "string"),
    Column("tier", "string", allowed=TIER_VALUES),
    Column("entity_type", "string", nullable=True),
    Column("operator", "string", allowed=OPERATOR_VALUES),
    Column("run_id", "string"),
)

TAGS = (
    Column("doc_id", "string"),
    Column("start", "int"),
    Column("end", "int"),
    Column("entity_type", "string"),
    Column("tier", "string", allowed=TIER_VALUES),
    Column("source", "string", description="recognizer that found the span"),
    Column("score", "double"),
    Column("applied", "boolean", description="the policy acted on it (tier, min score)"),
    Column("run_id", "string"),
)

LEDGER = (
    Column("doc_id", "string"),
    Column("tier", "string", allowed=("PII", "PoII")),
    Column("mechanism", "string", allowed=MECHANISM_VALUES),
    Column("tokens_perturbed", "int"),
    Column("spans_replaced", "int"),
    Column("operators", "string", description="operators used in this tier, comma-separated"),
    Column("epsilon_per_token", "double", description="eps_l = alpha_l * eps"),
    Column("epsilon_sum", "double", description="tokens_perturbed * eps_l"),
    # Rank of each released word among the original's neighbours in C (privtext.sanitize
    # .rank_bands); the five add up to tokens_perturbed. Computed from the ORIGINAL words:
    # an operator-side record, like the whole ledger.
    Column("rank_original", "int", description="released word = original"),
    Column("rank_1_10", "int", description="released word among the original's 10 nearest"),
    Column("rank_11_100", "int", description="released word at neighbour rank 11-100"),
    Column("rank_over_100", "int", description="released word beyond neighbour rank 100"),
    Column("rank_no_embedding", "int", description="original without embedding (uniform draw)"),
    Column("run_id", "string"),
)

QUARANTINE = (
    Column("id", "string", nullable=True, description="id as read, if any"),
    Column("reason", "string"),
    Column("raw", "string", nullable=True, description="the input row as JSON (sensitive)"),
    Column("source_file", "string", nullable=True),
    Column("run_id", "string"),
)

MANIFEST = (
    Column("run_id", "string"),
    Column("status", "string", allowed=("succeeded",)),
    Column("started_at", "string"),
    Column("finished_at", "string"),
    Column("config_json", "string", description="the effective configuration (no key)"),
    Column("versions_json", "string"),
    Column("counts_json", "string"),
    Column("durations_json", "string"),
    Column("candidates_fingerprint", "string", nullable=True),
    Column(
        "mechanism_json",
        "string",
        nullable=True,
        description="sanitize: per tier mechanism, eps_l, remap tables, rank distribution",
    ),
)

TABLES: dict[str, tuple[Column, ...]] = {
    "documents": DOCUMENTS,
    "tokens": TOKENS,
    "tags": TAGS,
    "ledger": LEDGER,
    "quarantine": QUARANTINE,
    "manifest": MANIFEST,
}

# -- PRISM (pipelines/prism.py) ----------------------------------------------------------------

PRISM_METHOD_VALUES = ("prism-r", "prism-star")

TRANSLATION_CACHE = (
    Column("key", "string", description="sha256 of (engine, source, target, text): cache_key"),
    Column("engine", "string", description="translator engine id"),
    Column("source_lang", "string"),
    Column("target_lang", "string"),
    Column("translation", "string", description="the translator's output"),
    Column("run_id", "string", description="run that paid for the translation"),
    Column("created_at", "string"),
)

PRISM_DICTIONARY = (
    Column("source_word", "string", description="source word w (lower case)"),
    Column("pos", "string", nullable=True, description="Universal POS tag (PRISM*), or null"),
    Column("target_word", "string", description="target word v"),
    Column("rank", "int", description="1-based position in L(w)"),
    Column("p_ratio", "double", description="Pr[v in R_w] / Pr[v in R] (add-one smoothed)"),
    Column("confidence", "double", description="share of R_w containing v; c(w) at rank 1"),
    Column("samples", "int", description="variant sentences |S_w| behind the estimate"),
    Column("run_id", "string"),
)

PRISM_DOCUMENTS = (
    Column("id", "string", description="document id from the input"),
    Column("x_pub", "string", description="the encoded text sent to the translator"),
    Column("y_pub", "string", description="the translator's output for x_pub"),
    Column("y_pri", "string", description="the decoded translation"),
    Column("n_content_words", "int", description="content words of the input"),
    Column("n_replaced", "int", description="words replaced by the encoder"),
    Column("n_decoded", "int", description="replaced words found and restored in y_pub"),
    Column("method", "string", allowed=PRISM_METHOD_VALUES),
    Column("ratio", "double", description="r"),
    Column(
        "epsilon_per_word",
        "double",
        nullable=True,
        description="PRISM-R: ln(1 + N (1 - r) / r) per content word; null for PRISM*",
    ),
    Column("dictionary_size", "int", description="N, distinct dictionary words"),
    Column("run_id", "string"),
)

PRISM_HISTORY = (
    Column("doc_id", "string"),
    Column("position", "int", description="token index in the input"),
    Column("word", "string", description="ORIGINAL word (sensitive)"),
    Column("substitute", "string"),
    Column("pos", "string", nullable=True),
    Column("run_id", "string"),
)

PRISM_TABLES: dict[str, tuple[Column, ...]] = {
    "translation_cache": TRANSLATION_CACHE,
    "prism_dictionary": PRISM_DICTIONARY,
    "prism_documents": PRISM_DOCUMENTS,
    "prism_history": PRISM_HISTORY,
}
TABLES.update(PRISM_TABLES)

# -- Audits and AmPL (pipelines/audit.py, pipelines/ampl.py; issue 6) --------------------------

AUDIT_ATTACKER_VALUES = ("rnn", "lstm", "transformer", "exact-em", "exact-linked")
AUDIT_PRIOR_VALUES = ("base-rate", "context")

AUDIT = (
    Column("run_id", "string", description="audit run id"),
    Column("release_run_id", "string", description="run id of the audited sanitize release"),
    Column("tier", "string", allowed=("PII", "PoII")),
    Column("attacker", "string", allowed=AUDIT_ATTACKER_VALUES),
    Column(
        "prior",
        "string",
        allowed=AUDIT_PRIOR_VALUES,
        description="pi of PL: base-rate (training split; public for exact attackers) or "
        "context (the attacker's belief with the released words hidden)",
    ),
    Column("samples", "int", description="S, triplets (x_i, x_j, y) sampled"),
    Column("target_eps", "double", description="eps_l^target the mPL is compared with"),
    Column("delta", "double", description="PBmPL delta of Pr[mPL > target] <= delta"),
    Column("violations", "int", description="sampled triplets with mPL > target"),
    Column("violation_ratio", "double", description="p_hat = violations / samples"),
    Column(
        "log10_bound",
        "double",
        nullable=True,
        description="log10 of the Hoeffding bound on Pr[p > delta]; null when p_hat >= delta",
    ),
    Column("top1_accuracy", "double", description="attacker's top-1 reconstruction accuracy"),
    Column("n_positions", "int", description="audited perturbed positions (released words y)"),
    Column("mpl_p50", "double"),
    Column("mpl_p90", "double"),
    Column("mpl_p99", "double"),
    Column("mpl_max", "double"),
    Column("ece_before", "double", nullable=True, description="calibration error, raw attacker"),
    Column("ece_after", "double", nullable=True, description="after temperature scaling"),
    Column("train_seconds", "double"),
    Column("audit_seconds", "double"),
    Column("created_at", "string"),
)

AMPL_ROUNDS = (
    Column("round", "int", description="0 = the EM baseline, alpha = 1 for both tiers"),
    Column("tier", "string", allowed=("PII", "PoII")),
    Column("alpha", "double", description="alpha_l of this round"),
    Column("epsilon_tier", "double", description="eps_l = alpha_l * eps"),
    Column("violation_ratio", "double", description="p_hat of the round's audit"),
    Column("log10_bound", "double", nullable=True),
    Column("utility_loss", "double", description="U(alpha): exact expected EM distance"),
    Column(
        "mean_distance",
        "double",
        nullable=True,
        description="measured mean embedding distance released vs original (perturbed words)",
    ),
    Column("top1_accuracy", "double"),
    Column("duration_s", "double", description="sanitize + train + audit seconds of the round"),
    Column("run_id", "string", description="the round's sanitize run id"),
    Column("audit_run_id", "string"),
)

AUDIT_TABLES: dict[str, tuple[Column, ...]] = {"audit": AUDIT, "ampl_rounds": AMPL_ROUNDS}
TABLES.update(AUDIT_TABLES)

# Tables holding original text; written only with keep_intermediates (tokens, tags) or always
# (quarantine: rows that could not be processed must not be lost).
SENSITIVE_TABLES = ("tokens", "tags", "quarantine")
INTERMEDIATE_TABLES = ("tokens", "tags")

# Keys that identify a row uniquely.
UNIQUE_KEYS: dict[str, tuple[str, ...]] = {
    "documents": ("id",),
    "tokens": ("doc_id", "start"),
    "tags": ("doc_id", "start", "end"),
    "ledger": ("doc_id", "tier"),
    "manifest": ("run_id",),
    "audit": ("run_id", "tier"),
    "ampl_rounds": ("round", "tier"),
}


def ddl(table: str) -> str:
    """Spark DDL string of a table's schema."""
    cols = TABLES[table]
    return ", ".join(f"`{c.name}` {c.type}" + ("" if c.nullable else " NOT NULL") for c in cols)


def struct_type(table: str):  # -> pyspark.sql.types.StructType
    """Spark ``StructType`` for a table (imports pyspark lazily)."""
    from pyspark.sql import types as T

    mapping = {
        "string": T.StringType(),
        "int": T.IntegerType(),
        "long": T.LongType(),
        "double": T.DoubleType(),
        "boolean": T.BooleanType(),
    }
    return T.StructType([T.StructField(c.name, mapping[c.type], c.nullable) for c in TABLES[table]])
