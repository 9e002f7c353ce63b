"""The print kit: card sheets, tokens, rules sheet, score sheet and calibration sheet as PDFs.

Entry points: :func:`deckforge.printing.kit.build_kit` (every file as bytes) and
:func:`deckforge.printing.kit.write_kit`; :func:`deckforge.printing.preflight.preflight`
lists a theme's printing problems (``deckforge check`` and ``deckforge print`` use it).
Where things go on a sheet is :mod:`deckforge.printing.geometry` (pure numbers).
"""
