"""PRISM: privacy-aware translation through a word dictionary built by mass translation.

Modules:
    translators: the ``Translator`` interface and its backends (LibreTranslate HTTP API,
        OpenAI-compatible chat completions, a local Hugging Face seq2seq model), with batching,
        bounded concurrency, retries, a rate limit and a translation cache.
    dictionary: the mass-translation dictionary ``L(w)`` with ratios ``p_{w,v}`` and confidences.
    pos: part-of-speech taggers for PRISM* (a spaCy implementation and a lexicon one).
    translate: PRISM-R and PRISM* encode / decode and the PRISM-R privacy cost.

Nothing here imports pyspark; the Spark jobs wrap these functions.
"""
