"""Write ``bundled_summaries.json`` again: ``python -m deckforge.referee.write_summaries``.

Run it after changing a bundled theme, the theme schema or deckforge's version
(``tests/referee/test_referee_first_page.py`` fails until then). Every bundled
theme is loaded and checked first; an invalid one stops it with its problems,
and the file is left as it was.
"""

from __future__ import annotations

import json

from deckforge.referee.theme_summaries import BUNDLED_SUMMARIES, bundled_document


def main() -> None:
    text = bundled_document()
    BUNDLED_SUMMARIES.write_bytes(text.encode("utf-8"))  # the same bytes on every system
    print(f"{BUNDLED_SUMMARIES}: {len(json.loads(text)['themes'])} bundled themes checked")


if __name__ == "__main__":
    main()
