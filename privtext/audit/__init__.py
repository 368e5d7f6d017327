"""Audits of joint-consumption leakage (mPL / PBmPL) and the AmPL budget loop (issue 6).

Engine-agnostic: numpy for the estimator (:mod:`~privtext.audit.mpl`), torch for the learned
attackers (:mod:`~privtext.audit.attackers`, imported lazily: the ``audit`` extra), pandas for
the examples (:mod:`~privtext.audit.data`). The Spark jobs build on this API.
"""

from privtext.audit.ampl import VARIANTS, AmplConfig, AmplController, utility_loss_em
from privtext.audit.attackers import ATTACKERS, TrainConfig, TrainedAttacker, train_attacker
from privtext.audit.corpus import (
    generate_leakage_corpus,
    generate_leakage_gold,
    write_leakage_corpus,
)
from privtext.audit.data import (
    AuditExample,
    empirical_log_prior,
    examples_from_tokens,
    perturb_examples,
    perturb_tokens_frame,
    secret_vocabulary,
    tag_documents,
    training_key,
)
from privtext.audit.mpl import (
    AuditStats,
    distance_fn,
    distance_matrix,
    em_log_likelihood,
    em_log_normalisers,
    enumerate_pbmpl,
    estimate_pbmpl,
    exact_em_log_posterior,
    exact_joint_log_posterior,
    hoeffding_log10_bound,
    mpl,
    pairwise_distances64,
    sample_triplets,
)

__all__ = [
    "ATTACKERS",
    "VARIANTS",
    "AmplConfig",
    "AmplController",
    "AuditExample",
    "AuditStats",
    "TrainConfig",
    "TrainedAttacker",
    "distance_fn",
    "distance_matrix",
    "em_log_likelihood",
    "em_log_normalisers",
    "empirical_log_prior",
    "enumerate_pbmpl",
    "estimate_pbmpl",
    "exact_em_log_posterior",
    "exact_joint_log_posterior",
    "examples_from_tokens",
    "generate_leakage_corpus",
    "generate_leakage_gold",
    "hoeffding_log10_bound",
    "mpl",
    "pairwise_distances64",
    "perturb_examples",
    "perturb_tokens_frame",
    "sample_triplets",
    "secret_vocabulary",
    "tag_documents",
    "train_attacker",
    "training_key",
    "utility_loss_em",
    "write_leakage_corpus",
]
