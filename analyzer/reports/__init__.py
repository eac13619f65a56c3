"""Reports of a deck analysis: one self-contained, autoescaped HTML file (more formats later).

Everything from the user or the card data (deck, card and file names, notes, Oracle text) is
escaped by Jinja2's autoescaping: a card or deck name holding markup shows as text.
"""

from analyzer.reports.html import render_html_report, write_html_report

__all__ = ["render_html_report", "write_html_report"]
