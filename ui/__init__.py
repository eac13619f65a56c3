"""Spellweb's desktop application (PySide6): item models over analyzer results, views,
one generic background worker, and the main window. Start it with :func:`ui.app.run_gui`.

Nothing here decides anything about Magic: every use case goes through
:mod:`analyzer.services` (see :mod:`ui.controllers`).
"""
