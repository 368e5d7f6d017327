"""Error types raised by privtext; each message names the field (or object) and the bad value."""


class ConfigError(ValueError):
    """A configuration or policy value is invalid; the message names the field path and value."""


class InputError(ValueError):
    """Input cannot be read as asked (missing column, unknown format); names field and value."""


class ContractError(RuntimeError):
    """An output table failed its data contract (great-expectations suite)."""
