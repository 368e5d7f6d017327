"""The register a text is written in, as far as tagging cares: chat or not.

Where people write in lower case ("pay bridget not me", "im at my nans in wollongong"), names
and places are in lower case too, and recognizers that wait for a capital miss them. A text
is in chat register when at least a third of its line and sentence starts (after a chat
speaker's ``name:`` or a time stamp) are lower-case letters, over at least three starts.
"""

from __future__ import annotations

import re

# A chat export's stamp before the speaker: "03/02/24, 20:18 - ", "[14/09/2023, 18:02:11] "
_STAMP = (
    r"(?:\[?[0-9]{1,4}[/.\-][0-9]{1,2}[/.\-][0-9]{2,4},?[ \t]+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
    r"(?:[ \t]?[AaPp]\.?[Mm]\.?)?\]?[ \t]*(?:[-\u2013][ \t]*)?)"
)
_STARTS = re.compile(
    r"(?:^|[.!?][ \t]+)(?:[^\w\n]{0,3}[ \t]*)?"
    + _STAMP
    + r"?(?:[\w.\-]{1,30}:[ \t]+|(?<=[-\u2013\]] )[^\n:]{1,30}?:[ \t]+)?([^\W\d_])",
    re.M,
)


def chat_register(text: str) -> bool:
    """Whether ``text`` is written in chat register (see the module docstring)."""
    starts = [m.group(1) for m in _STARTS.finditer(text)]
    return len(starts) >= 3 and sum(c.islower() for c in starts) * 3 >= len(starts)
