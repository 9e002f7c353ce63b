"""What to do about characters no font of the kit has: grouped by script, with the fix.

``deckforge check`` gives one line per group (all the Chinese characters of a
theme are one problem with one fix: add a CJK font), not one line per character.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

# the first word of a character's Unicode name, for the scripts a classroom may use
SCRIPTS = frozenset(
    [
        "ARABIC",
        "ARMENIAN",
        "BENGALI",
        "DEVANAGARI",
        "ETHIOPIC",
        "GEORGIAN",
        "GUJARATI",
        "GURMUKHI",
        "HEBREW",
        "KANNADA",
        "KHMER",
        "LAO",
        "MALAYALAM",
        "MYANMAR",
        "ORIYA",
        "SINHALA",
        "SYRIAC",
        "TAMIL",
        "TELUGU",
        "THAANA",
        "THAI",
        "TIBETAN",
    ]
)
CJK_WORDS = frozenset(
    [
        "BOPOMOFO",
        "CJK",
        "FULLWIDTH",
        "HALFWIDTH",
        "HANGUL",
        "HIRAGANA",
        "IDEOGRAPHIC",
        "KATAKANA",
        "KANGXI",
    ]
)
BUNDLED_FOR = {"Arabic": "NotoSansArabic", "Hebrew": "NotoSansHebrew"}
# where a TrueType font of a script is found: Debian package and file, then Windows's
# own font (docs/designer-guide.md, Fonts, has the same table)
NIRMALA = "on Windows C:/Windows/Fonts/Nirmala.ttf"
RECIPES = {
    "Devanagari": (
        "fonts-lohit-deva",
        "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf",
    ),
    "Bengali": (
        "fonts-lohit-beng-bengali",
        "/usr/share/fonts/truetype/lohit-bengali/Lohit-Bengali.ttf",
    ),
    "Tamil": ("fonts-lohit-taml", "/usr/share/fonts/truetype/lohit-tamil/Lohit-Tamil.ttf"),
    "Gujarati": ("fonts-lohit-gujr", "/usr/share/fonts/truetype/lohit-gujarati/Lohit-Gujarati.ttf"),
    "Gurmukhi": ("fonts-lohit-guru", "/usr/share/fonts/truetype/lohit-punjabi/Lohit-Gurmukhi.ttf"),
    "Telugu": ("fonts-lohit-telu", "/usr/share/fonts/truetype/lohit-telugu/Lohit-Telugu.ttf"),
    "Kannada": ("fonts-lohit-knda", "/usr/share/fonts/truetype/lohit-kannada/Lohit-Kannada.ttf"),
    "Malayalam": (
        "fonts-lohit-mlym",
        "/usr/share/fonts/truetype/lohit-malayalam/Lohit-Malayalam.ttf",
    ),
    "Thai": ("fonts-tlwg-garuda-ttf", "/usr/share/fonts/truetype/tlwg/Garuda.ttf"),
}
WINDOWS = {"Thai": "on Windows C:/Windows/Fonts/tahoma.ttf"}
# macOS's own font of a script (Font Book shows its file), where it has one
MACOS = {
    "Devanagari": "Kohinoor Devanagari",
    "Bengali": "Bangla Sangam MN",
    "Tamil": "Tamil Sangam MN",
    "Thai": "Thonburi",
}
CJK_FONTS = (
    "wqy-microhei.ttc from the fonts-wqy-microhei package, on Windows "
    "C:/Windows/Fonts/simhei.ttf (Chinese) or msgothic.ttc (Japanese), on macOS PingFang SC "
    "or Hiragino Sans (Font Book shows the file)"
)
CJK = "Chinese, Japanese or Korean"
SHOWN = 8  # characters listed in a message; the rest are counted


def script_of(char: str) -> str:
    """ "Arabic", "Chinese, Japanese or Korean", "Devanagari" ... or "" for another character."""
    first = unicodedata.name(char, "").split(" ")[0]
    if first in CJK_WORDS:
        return CJK
    return first.title() if first in SCRIPTS else ""


def fix_for(script: str, count: int = 1) -> str:
    """What to add to ``print.fonts`` for ``count`` characters of ``script``."""
    if script in BUNDLED_FOR:
        return f"add the bundled font {BUNDLED_FOR[script]} to print.fonts"
    if script == CJK:
        return (
            f"add a CJK font file to print.fonts, e.g. {CJK_FONTS} "
            "(see docs/designer-guide.md, Fonts)"
        )
    if script in RECIPES:
        package, path = RECIPES[script]
        windows = WINDOWS.get(script, NIRMALA)
        macos = f"on macOS {MACOS[script]} (Font Book shows its file), " if script in MACOS else ""
        return (
            f"add a .ttf font with {script} letters to print.fonts, e.g. {path} from "
            f"Debian's {package} package, {windows}, {macos}or Noto Sans {script} "
            "(see docs/designer-guide.md, Fonts)"
        )
    if script:
        return f"add a .ttf font with {script} letters to print.fonts, e.g. Noto Sans {script}"
    it = "it" if count == 1 else "them"
    return f"add a .ttf font that has {it} to print.fonts, or write {it} differently"


@dataclass
class MissingGroup:
    """Characters of one script missing from the fonts, and where they are first used."""

    script: str
    first_where: str  # path:line:col of the first use
    first_what: str  # e.g. "card Red 1 (text)"
    inherited: str = ""  # " (inherited: ...)" when that text comes from the parent theme
    characters: dict[str, None] = field(default_factory=dict)
    fonts: dict[str, None] = field(default_factory=dict)
    texts: dict[str, None] = field(default_factory=dict)

    def message(self) -> str:
        chars = list(self.characters)
        kind = "Chinese/Japanese/Korean " if self.script == CJK else f"{self.script} ".lstrip()
        shown = " ".join(repr(c) for c in chars[:SHOWN])
        if len(chars) == 1:
            listed = f"{kind}character {shown} (U+{ord(chars[0]):04X}) is"
        else:
            more = f" and {len(chars) - SHOWN} more" if len(chars) > SHOWN else ""
            listed = f"{len(chars)} {kind}characters ({shown}{more}) are"
        others = len(self.texts) - 1
        used = self.first_what + (
            f" and {others} other text{'s' if others > 1 else ''}" if others else ""
        )
        names = ", ".join(self.fonts)
        return (
            f"{self.first_where}: {used}: {listed} in no font of the kit ({names}); "
            f"{fix_for(self.script, len(chars))}{self.inherited}"
        )
