"""The Stats and Lines views are built on first show or use (``ui.widgets.lazy_view``): the
window starts without their imports, and a view built late shows the deck, the selection and
the saved layout exactly as one built at the start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QSplitter, QWidget

from analyzer.cards.model import Card
from ui.models.lines_model import CARD_ROLE
from ui.settings import AppSettings
from ui.widgets.lazy_view import LazyView

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
DECK_TIMEOUT = 120_000

START_PROBE = """
import json, sys
from ui.app import create_application
from ui.main_window import MainWindow
app = create_application()
window = MainWindow(sys.argv[1], interactive=False)
window.show(); app.processEvents()
heavy = ["analyzer.simulate.board", "analyzer.simulate.play", "analyzer.rules.game",
         "analyzer.oracle.profile", "analyzer.oracle.compile", "ui.widgets.lines_panel",
         "ui.widgets.stats_panel"]
at_start = [name for name in heavy if name in sys.modules]
steps_before = len(window.step_menu.actions())
window.tabs.setCurrentIndex(window.view_index("lines")); app.processEvents()
window.tabs.setCurrentIndex(window.view_index("stats")); app.processEvents()
print(json.dumps({"at_start": at_start, "after": [n for n in heavy if n in sys.modules],
                  "steps_before": steps_before,
                  "steps_after": [a.text() for a in window.step_menu.actions()]}))
window.controller.shutdown()
"""


class TestLazyView:
    def test_builds_once_on_first_need_and_says_so(self, qtbot):
        made: list[QLabel] = []

        def factory() -> QLabel:
            made.append(QLabel("built"))
            return made[-1]

        view = LazyView(factory, "Test view")
        qtbot.addWidget(view)
        seen: list[QWidget] = []
        view.built.connect(seen.append)
        assert not view.is_built and not made
        view.show()
        qtbot.waitExposed(view)
        assert view.is_built and view.widget() is made[0] and seen == made
        assert made[0].isVisible() and made[0].parentWidget() is view
        view.hide()
        view.show()
        assert len(made) == 1 and len(seen) == 1

    def test_asking_for_it_builds_it_hidden(self, qtbot):
        view = LazyView(lambda: QLabel("x"), "Test view")
        qtbot.addWidget(view)
        label = view.widget()
        assert view.is_built and not label.isVisible() and view.widget() is label

    def test_a_factory_asking_for_its_own_view_is_an_error_not_a_loop(self, qtbot):
        holder: list[LazyView[QLabel]] = []

        def factory() -> QLabel:
            holder[0].widget()
            return QLabel()

        holder.append(LazyView(factory, "Test view"))
        qtbot.addWidget(holder[0])
        with pytest.raises(RuntimeError, match="being built"):
            holder[0].widget()

    def test_prepare_screenshot_reaches_the_view(self, qtbot):
        class Shot(QLabel):
            prepared = 0

            def prepare_screenshot(self) -> None:
                Shot.prepared += 1

        view = LazyView(Shot, "Test view")
        qtbot.addWidget(view)
        view.prepare_screenshot()
        assert view.is_built and Shot.prepared == 1


def test_the_window_starts_without_the_stats_and_rules_imports(tmp_path):
    """A new process: the window shows with no rules core, simulator or statistics loaded;
    opening the Lines and Stats tabs loads them and fills Analyze ▸ Step Through the Line."""
    url = f"sqlite:///{tmp_path / 'starter.sqlite'}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", START_PROBE, url], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["at_start"] == []
    assert found["after"] == ["analyzer.simulate.board", "analyzer.simulate.play",
                              "analyzer.rules.game", "analyzer.oracle.profile",
                              "analyzer.oracle.compile", "ui.widgets.lines_panel",
                              "ui.widgets.stats_panel"]
    assert found["steps_before"] == 0
    assert found["steps_after"] == ["◀ Back", "Forward ▶", "Reset"]


@pytest.mark.shared
def test_views_built_after_the_deck_opened_show_it_and_the_selection(
        make_window, card_db_url, splinter_deck, qtbot):
    window = make_window(card_db_url, interactive=False)
    window.auto_combos = False
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
        window.open_deck(splinter_deck)
    assert window.loaded is not None
    assert not window.lines_view.is_built and not window.stats_view.is_built
    island = next(c for c, _ in window.loaded.analysis.analysed_cards
                  if isinstance(c, Card) and c.name == "Island")
    window.selection.select(island)

    window.tabs.setCurrentIndex(window.view_index("lines"))
    panel = window.lines_panel
    names = {panel.session.deck_model.index(row, 0).data(CARD_ROLE)
             for row in range(panel.session.deck_model.rowCount())}
    assert {"Island", "Command Tower", "Arcane Signet"} <= names
    assert panel.deck_view.currentIndex().data(CARD_ROLE) == "Island"

    window.tabs.setCurrentIndex(window.view_index("stats"))
    stats = window.stats_panel
    assert stats.stats is window.loaded.stats
    current = stats.card_view.currentIndex()
    assert current.isValid()
    assert stats.proxy.mapToSource(current).row() == stats.model.row_of(island.id) >= 0


def test_a_late_view_gets_its_saved_splitter_sizes_and_reset_layout(
        make_window, starter_db_url, settings, qtbot):
    window = make_window(starter_db_url)
    window.resize(1300, 800)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentIndex(window.view_index("lines"))
    splitter = window.lines_panel.findChildren(QSplitter)[0]
    qtbot.wait(20)
    default = splitter.sizes()
    total = sum(default)
    splitter.setSizes([total // 2, total // 4, total - total // 2 - total // 4])
    wanted = splitter.sizes()
    window.tabs.setCurrentIndex(0)
    window.close()
    assert AppSettings(settings).current_view == "deck"

    again = make_window(starter_db_url)
    again.resize(1300, 800)
    again.show()
    qtbot.waitExposed(again)
    assert not again.lines_view.is_built          # not shown: not built
    again.tabs.setCurrentIndex(again.view_index("lines"))
    qtbot.wait(20)
    sizes = again.lines_panel.findChildren(QSplitter)[0].sizes()
    assert abs(sizes[0] / sum(sizes) - wanted[0] / sum(wanted)) < 0.02, (sizes, wanted)

    again.reset_layout_action.trigger()
    qtbot.wait(20)
    sizes = again.lines_panel.findChildren(QSplitter)[0].sizes()
    assert abs(sizes[0] / sum(sizes) - default[0] / sum(default)) < 0.02, (sizes, default)


@pytest.fixture
def starter_db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'starter.sqlite'}"


def test_a_factory_that_failed_is_tried_again(qtbot):
    calls: list[int] = []

    def factory() -> QLabel:
        calls.append(1)
        if len(calls) == 1:
            raise OSError("transient failure")
        return QLabel("second time")

    view = LazyView(factory, "Test view")
    qtbot.addWidget(view)
    with pytest.raises(OSError, match="transient"):
        view.widget()
    assert not view.is_built
    assert view.widget().text() == "second time" and len(calls) == 2


def test_the_lines_splitter_is_saved_under_its_own_name(make_window, starter_db_url):
    """Its key in the settings does not depend on where the view sits (a lazy page)."""
    window = make_window(starter_db_url)
    assert window.lines_panel is not None     # built now
    assert "linesSplitter" in window.layout_keeper.splitters()


def test_the_window_fits_a_1280_pixel_wide_screen(make_window, starter_db_url, qtbot):
    """Every view built and the Inspector docked, the window's minimum width leaves room on
    a 1280-pixel-wide laptop screen (it was 1,324 px: long hint lines and button rows)."""
    window = make_window(starter_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(10)
    assert not window.inspector_dock.isHidden()
    widest = max(view.widget.minimumSizeHint().width() for view in window.views)
    assert window.minimumSizeHint().width() <= 1240, (window.minimumSizeHint(), widest)
