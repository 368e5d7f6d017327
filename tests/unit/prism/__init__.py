"""Unit tests of privtext.prism (translators, dictionary, PRISM encode/decode)."""
