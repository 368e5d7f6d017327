"""privtext: engine-agnostic domain library (no pyspark import anywhere in this package)."""

__version__ = "0.1.0"
