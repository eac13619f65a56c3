"""Edit ▸ Settings… and the remembered layout: the typed settings model, the database test
and switch against the real card database, the card source, the theme (light and dark
screenshots), the keyboard shortcuts (conflicts refused, saved, re-applied at start), and the
layout (tab, splitters, docks) restored at the next start and reset by View ▸ Reset Layout."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import save_copies
from ui.settings import DEFAULTS, AppSettings, Theme
from ui.theme import apply_theme, is_dark
from ui.widgets.settings_dialog import SettingsDialog

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def messages(monkeypatch) -> list[tuple[str, str]]:
    """Message boxes are recorded instead of shown (a modal box would block the test)."""
    from PySide6.QtWidgets import QMessageBox

    calls: list[tuple[str, str]] = []

    def record(parent, title, text, *args, **kwargs):
        calls.append((title, text))
        return QMessageBox.StandardButton.Ok

    for name in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(QMessageBox, name, record)
    return calls


@pytest.fixture(autouse=True)
def _private_recovery(monkeypatch, tmp_path):
    """No recovery file of another run may pop a "Restore unsaved changes?" box up."""
    monkeypatch.setenv("SPELLWEB_RECOVERY_DIR", str(tmp_path / "recovery"))

PROJECT = Path(__file__).resolve().parents[2]
STARTER = PROJECT / "data" / "starter_cards.json"
DECK_TIMEOUT = 120_000


@pytest.fixture(autouse=True)
def _light_again(qapp):
    """Every test ends light, whatever theme it chose (the palette is application-wide)."""
    yield
    apply_theme(Theme.LIGHT)
    QApplication.processEvents()


@pytest.fixture
def no_env_db(monkeypatch):
    monkeypatch.delenv("SPELLWEB_DB", raising=False)


@pytest.fixture
def starter_db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'starter.sqlite'}"


def starter_card_count() -> int:
    """Cards in data/starter_cards.json, counted from the file itself."""
    return len(json.loads(STARTER.read_text(encoding="utf-8"))["data"])


def settings_dialog(window) -> SettingsDialog:
    dialog = window.open_settings()
    assert dialog is window.settings_dialog
    return dialog


class TestAppSettings:
    def test_defaults_in_one_place(self, settings):
        s = AppSettings(settings)
        assert s.db_url == DEFAULTS["db_url"] == ""
        assert s.card_source == ""
        assert s.theme is Theme.SYSTEM
        assert s.current_view == "deck"
        assert s.shortcuts() == {}
        assert s.geometry is None and s.state is None
        assert s.splitter_sizes("x") is None and s.dock_visible("x") is None

    def test_values_round_trip_through_the_file(self, tmp_path):
        path = str(tmp_path / "s.ini")
        s = AppSettings(QSettings(path, QSettings.Format.IniFormat))
        s.db_url = "  postgresql+psycopg://me@db/spellweb "
        s.card_source = "/data/AtomicCards.json.xz"
        s.theme = Theme.DARK
        s.set_shortcuts({"open_deck": QKeySequence("Ctrl+Alt+O"), "quit": ""})
        s.set_splitter_sizes("combos", [300, 500])
        s.set_dock_visible("inspectorDock", False)
        s.store.sync()
        again = AppSettings(QSettings(path, QSettings.Format.IniFormat))
        assert again.db_url == "postgresql+psycopg://me@db/spellweb"
        assert again.card_source == "/data/AtomicCards.json.xz"
        assert again.theme is Theme.DARK
        assert again.shortcuts() == {"open_deck": "Ctrl+Alt+O", "quit": ""}
        assert again.splitter_sizes("combos") == [300, 500]
        assert again.dock_visible("inspectorDock") is False

    def test_hand_edited_garbage_reads_as_the_default(self, tmp_path):
        path = tmp_path / "s.ini"
        path.write_text("[appearance]\ntheme=purple\n[window]\nsplitters\\combos=a,b\n"
                        "currentView=@Variant(garbage)\n", encoding="utf-8")
        s = AppSettings(QSettings(str(path), QSettings.Format.IniFormat))
        assert s.theme is Theme.SYSTEM
        assert s.splitter_sizes("combos") is None


class TestDatabase:
    def test_test_connection_reports_the_real_card_count(self, make_window, starter_db_url,
                                                         card_db_url, shared, qtbot):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        qtbot.addWidget(dialog)
        dialog.db_edit.setText(card_db_url)
        with qtbot.waitSignal(window.controller.job_started, timeout=5000) as started:
            dialog.test_button.click()
        worker = started.args[0]
        with qtbot.waitSignal(worker.finished, timeout=30_000):
            pass
        with gzip.open(shared / "data" / "AtomicCards.json.gz", "rt", encoding="utf-8") as f:
            # placeholder entries (";Manifest") are no cards: the import leaves them out
            cards = sum(1 for name in json.load(f)["data"] if not name.startswith(";"))
        text = dialog.test_result.text()
        assert f"{cards:,} cards" in text, text
        assert "schema" in text and "AtomicCards" in text
        # the database in use did not change
        assert window.controller.db is not None
        assert window.controller.db.url == starter_db_url

    @pytest.mark.parametrize("url, words", [
        ("postgresql+nosuchdriver://me@localhost/x", "Failed"),
        ("/no/such/folder/cards.sqlite", "does not exist"),
        ("not a url://", "Failed"),
    ])
    def test_test_connection_says_what_is_wrong(self, make_window, starter_db_url, qtbot,
                                                url, words):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        qtbot.addWidget(dialog)
        dialog.db_edit.setText(url)
        worker = dialog.test_database()
        assert worker is not None and not dialog.test_button.isEnabled()
        with qtbot.waitSignal(worker.finished, timeout=30_000):
            pass
        assert words in dialog.test_result.text()
        assert dialog.test_result.text().startswith("Failed")
        assert dialog.test_button.isEnabled()
        assert not Path("/no/such/folder").exists()

    def test_ok_reopens_the_database_and_the_next_start_uses_it(
            self, make_window, starter_db_url, card_db_url, settings, qtbot, no_env_db):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        dialog.db_edit.setText(card_db_url)
        with qtbot.waitSignal(window.controller.database_changed, timeout=30_000) as changed:
            dialog.accept()
        info = changed.args[0]
        assert info is not None and info.cards > 20_000
        assert window.controller.db.url == card_db_url
        assert f"{info.cards:,} cards" in window.db_label.text()
        assert AppSettings(settings).db_url == card_db_url
        # the next window (no --db) opens the saved database
        again = make_window(None)
        assert again.controller.db is not None and again.controller.db.url == card_db_url



BAD_PORT = "postgresql+psycopg://alice:S3cretPW@127.0.0.1:notaport/x"


class TestDatabaseSafety:
    """A URL that does not open is never saved, never crashes a start, and its password is
    never shown or stored; Test Connection writes nothing."""

    def test_a_bad_saved_url_is_a_warning_not_a_crash(self, make_window, settings, no_env_db,
                                                      messages):
        AppSettings(settings).db_url = BAD_PORT
        window = make_window(None)
        assert window.controller.db is None
        assert "No card database" in window.db_label.text()
        text = "\n".join(f"{title}: {body}" for title, body in messages)
        assert "'notaport'" in text and "port" in text
        assert "S3cretPW" not in text

    def test_ok_with_a_bad_url_keeps_the_old_database_and_saves_nothing(
            self, make_window, starter_db_url, settings, no_env_db, messages):
        AppSettings(settings).db_url = starter_db_url
        window = make_window(None)
        dialog = settings_dialog(window)
        dialog.db_edit.setText(BAD_PORT)
        dialog.accept()
        assert AppSettings(settings).db_url == starter_db_url
        assert window.controller.db is not None
        assert window.controller.db.url == starter_db_url
        text = "\n".join(body for _title, body in messages)
        assert "'notaport'" in text and "S3cretPW" not in text
        settings.sync()
        assert "S3cretPW" not in Path(settings.fileName()).read_text(encoding="utf-8")

    def test_the_password_is_masked_while_testing(self, make_window, starter_db_url, qtbot):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        dialog.db_edit.setText(BAD_PORT)
        worker = dialog.test_database()
        assert "S3cretPW" not in dialog.test_result.text()
        assert "alice:***@" in dialog.test_result.text()
        if worker is not None:
            qtbot.waitUntil(dialog.test_button.isEnabled, timeout=30_000)
        assert dialog.test_result.text().startswith("Failed")
        assert "S3cretPW" not in dialog.test_result.text()

    def test_the_password_is_not_stored(self, make_window, starter_db_url, settings,
                                        no_env_db, messages, monkeypatch):
        window = make_window(starter_db_url)
        url = "postgresql+psycopg://alice:S3cretPW@db.example.org/spellweb"
        # the server is not reachable here: the switch is taken as succeeded
        monkeypatch.setattr(window.controller, "set_database_url", lambda _url: True)
        dialog = settings_dialog(window)
        dialog.db_edit.setText(url)
        dialog.accept()
        assert AppSettings(settings).db_url == "postgresql+psycopg://alice@db.example.org/spellweb"
        settings.sync()
        assert "S3cretPW" not in Path(settings.fileName()).read_text(encoding="utf-8")
        assert any(".pgpass" in body and "PGPASSWORD" in body for _t, body in messages)
        again = settings_dialog(window)
        assert "S3cretPW" not in again.db_edit.text()

    def test_test_connection_creates_no_file(self, make_window, starter_db_url, tmp_path,
                                             qtbot):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        target = tmp_path / "typo_cardz.sqlite"
        dialog.db_edit.setText(str(target))
        worker = dialog.test_database()
        assert worker is not None
        with qtbot.waitSignal(worker.finished, timeout=30_000):
            pass
        assert "no such database file" in dialog.test_result.text()
        assert "OK will create it" in dialog.test_result.text()
        assert not target.exists()

    def test_test_connection_does_not_upgrade(self, make_window, starter_db_url, tmp_path,
                                              qtbot):
        from sqlalchemy import create_engine, text

        from tests.cards.test_migrations import _write_schema_1

        url = f"sqlite:///{tmp_path / 'old.sqlite'}"
        _write_schema_1(url)
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        dialog.db_edit.setText(url)
        worker = dialog.test_database()
        with qtbot.waitSignal(worker.finished, timeout=30_000):
            pass
        result = dialog.test_result.text()
        assert "2 cards" in result and "0001" in result and "upgrade" in result, result
        engine = create_engine(url)
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")) \
                .scalar() == "0001"
        engine.dispose()

    def test_ok_with_the_same_url_retries_a_failed_database(
            self, make_window, tmp_path, settings, no_env_db):
        folder = tmp_path / "later"
        url = f"sqlite:///{folder / 'cards.sqlite'}"
        AppSettings(settings).db_url = url
        window = make_window(None)
        assert window.controller.db is None      # its folder does not exist yet
        folder.mkdir()
        dialog = settings_dialog(window)
        assert dialog.db_edit.text() == url
        dialog.accept()
        assert window.controller.db is not None and window.controller.db.url == url

    @pytest.mark.parametrize("how", ["--db", "$SPELLWEB_DB", ""])
    def test_the_dialog_says_which_database_is_in_use_and_why(
            self, make_window, starter_db_url, monkeypatch, how):
        monkeypatch.delenv("SPELLWEB_DB", raising=False)
        if how == "$SPELLWEB_DB":
            monkeypatch.setenv("SPELLWEB_DB", starter_db_url)
        window = make_window(starter_db_url if how == "--db" else None)
        in_use = settings_dialog(window).db_in_use.text()
        if how:
            assert f"overridden by {how}" in in_use, in_use
            assert starter_db_url in in_use
        else:
            assert "overridden" not in in_use and "In use:" in in_use

    def test_switching_the_database_reanalyses_the_open_deck(
            self, make_window, card_db_url, starter_db_url, splinter_deck, qtbot):
        window = make_window(card_db_url)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.open_deck(splinter_deck)
        unknown_before = [e for e in window.loaded.analysis.deck.entries if e.card is None]
        assert unknown_before == []
        dialog = settings_dialog(window)
        dialog.db_edit.setText(starter_db_url)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            dialog.accept()
        # the 144 starter cards do not hold most of the deck: read again, names unknown
        unknown = [e for e in window.loaded.analysis.deck.entries if e.card is None]
        assert len(unknown) > 20
        qtbot.waitUntil(lambda: window.report_preview.report is not None
                        and window.loaded is not None, timeout=60_000)
        qtbot.waitUntil(lambda: not window.controller.busy, timeout=120_000)

class TestCardSource:
    def test_a_local_file_is_imported_instead_of_downloaded(self, make_window, tmp_path,
                                                            qtbot, settings, messages):
        window = make_window(f"sqlite:///{tmp_path / 'empty.sqlite'}")
        dialog = settings_dialog(window)
        dialog.pages.setCurrentIndex(1)
        dialog.source_edit.setText(str(STARTER))
        dialog.accept()
        assert AppSettings(settings).card_source == str(STARTER)
        assert window.controller.card_data_file == STARTER
        with qtbot.waitSignal(window.controller.cards_imported, timeout=60_000) as imported:
            worker = window.controller.download_cards()
            assert worker is not None and worker.title == f"Importing {STARTER.name}"
        assert not messages, messages
        assert imported.args[0].cards == starter_card_count()
        # the profiles are compiled after an import: let that job end too
        qtbot.waitUntil(lambda: not window.controller.busy, timeout=120_000)

    def test_a_url_stays_a_download(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        window.apply_settings(settings_dialog(window).choice().__class__(
            db_url="", card_source="https://example.org/AtomicCards.json.xz",
            theme=Theme.SYSTEM, shortcuts={}))
        assert window.controller.card_data_file is None
        assert window.controller.card_data_url == "https://example.org/AtomicCards.json.xz"


class TestTheme:
    def test_dark_and_light_with_screenshots(self, make_window, card_db_url, splinter_deck,
                                             settings, qtbot, screenshot_dirs):
        window = make_window(card_db_url)
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.open_deck(splinter_deck)
        for theme in (Theme.DARK, Theme.LIGHT):
            dialog = settings_dialog(window)
            dialog.pages.setCurrentIndex(2)
            dialog.theme_box.setCurrentIndex(dialog.theme_box.findData(theme))
            dialog.accept()
            QApplication.processEvents()
            assert AppSettings(settings).theme is theme
            assert is_dark() is (theme is Theme.DARK)
            palette = window.palette()
            # text stays readable: strong contrast between text and its background
            text, base = palette.text().color(), palette.base().color()
            assert abs(text.lightness() - base.lightness()) > 150
            window.tabs.setCurrentIndex(0)
            qtbot.wait(50)
            shot = screenshot_dirs[0] / f"settings_theme_{theme.value}.png"
            assert window.grab().save(str(shot))
            image = window.grab().toImage()
            # the deck tree's background follows the theme
            tree = window.deck_panel.tree.viewport()
            centre = tree.mapTo(window, tree.rect().center())
            pixel = image.pixelColor(centre.x() * image.width() // window.width(),
                                     centre.y() * image.height() // window.height())
            assert (pixel.lightness() < 128) is (theme is Theme.DARK)
            save_copies(shot, screenshot_dirs)
        # the next start applies the saved theme
        AppSettings(settings).theme = Theme.DARK
        make_window(card_db_url)
        assert is_dark()

    def test_system_follows_the_style_hints(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        window.apply_settings(window.open_settings().choice().__class__(
            db_url="", card_source="", theme=Theme.SYSTEM, shortcuts={}))
        hints = QApplication.styleHints()
        assert is_dark() is (hints.colorScheme() == Qt.ColorScheme.Dark)


    def test_live_switch_reaches_styled_widgets_and_the_graph(self, make_window,
                                                              starter_db_url, qtbot):
        from ui.theme import muted_color

        window = make_window(starter_db_url)
        window.show()
        window.tabs.setCurrentIndex(window.view_index("graph"))
        qtbot.waitExposed(window)
        for theme in (Theme.DARK, Theme.LIGHT, Theme.DARK):
            window.apply_settings(window.open_settings().choice().__class__(
                db_url="", card_source="", theme=theme, shortcuts={}))
            QApplication.processEvents()
            dark = theme is Theme.DARK
            edit = window.graph_panel.search_edit   # under the side column's style sheet
            image = edit.grab().toImage()
            pixel = image.pixelColor(image.width() // 2, image.height() // 2)
            assert (pixel.lightness() < 128) is dark, (theme, pixel.name())
            canvas = window.graph_view.backgroundBrush().color()
            assert (canvas.lightness() < 128) is dark, (theme, canvas.name())
            hint = window.graph_panel.hint.palette().windowText().color()
            assert hint.name() == muted_color().name(), (theme, hint.name())

class TestShortcuts:
    def test_every_action_is_listed_with_its_shortcut(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        editor = settings_dialog(window).shortcuts_editor
        labels = [editor.table.item(r, 0).text() for r in range(editor.table.rowCount())]
        for action in (window.open_action, window.report_action, window.settings_action,
                       window.reset_layout_action, window.focus_inspector_action,
                       *window.tab_actions):
            label = action.text().replace("&", "").rstrip("…")
            assert label in labels
            row = labels.index(label)
            assert editor.table.item(row, 1).text() == action.shortcut().toString(
                QKeySequence.SequenceFormat.NativeText)
        assert "Settings" in labels and "Report" in labels

    def test_a_conflict_is_refused(self, make_window, starter_db_url, qtbot):
        window = make_window(starter_db_url)
        editor = settings_dialog(window).shortcuts_editor
        with qtbot.waitSignal(editor.conflict) as refused:
            assert not editor.set_shortcut("export_report", "Ctrl+O")
        assert "Open Deck" in refused.args[0]
        assert editor.shortcut("export_report") == QKeySequence("Ctrl+E")
        assert editor.chosen() == {}

    def test_typed_shortcut_is_saved_and_reapplied_at_start(self, make_window, starter_db_url,
                                                            settings, qtbot):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        editor = dialog.shortcuts_editor
        row = next(r for r, e in enumerate(editor.entries) if e.id == "export_report")
        editor.table.selectRow(row)
        editor.key_edit.setFocus()
        with qtbot.waitSignal(editor.key_edit.editingFinished, timeout=3000):
            QTest.keyClick(editor.key_edit, Qt.Key.Key_R,
                           Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
        assert editor.shortcut("export_report") == QKeySequence("Ctrl+Alt+R")
        assert editor.chosen() == {"export_report": "Ctrl+Alt+R"}
        dialog.accept()
        assert window.report_action.shortcut() == QKeySequence("Ctrl+Alt+R")
        assert "(Ctrl+Alt+R)" in window.report_action.toolTip()
        assert AppSettings(settings).shortcuts() == {"export_report": "Ctrl+Alt+R"}
        again = make_window(starter_db_url)
        assert again.report_action.shortcut() == QKeySequence("Ctrl+Alt+R")
        # restore all: back to the default, and nothing saved
        dialog = settings_dialog(again)
        dialog.shortcuts_editor.restore_all()
        dialog.accept()
        assert again.report_action.shortcut() == QKeySequence("Ctrl+E")
        assert AppSettings(settings).shortcuts() == {}

    def test_no_shortcut_is_kept_as_none(self, make_window, starter_db_url, settings):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        assert dialog.shortcuts_editor.set_shortcut("quit", "")
        dialog.accept()
        assert window.quit_action.shortcut().isEmpty()
        assert make_window(starter_db_url).quit_action.shortcut().isEmpty()


class TestShortcutSafety:
    def test_the_clear_button_clears_the_shortcut(self, make_window, starter_db_url, qtbot):
        from PySide6.QtWidgets import QLineEdit, QToolButton

        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        editor = dialog.shortcuts_editor
        row = next(r for r, e in enumerate(editor.entries) if e.id == "export_report")
        editor.table.selectRow(row)
        dialog.show()
        dialog.pages.setCurrentWidget(editor)
        clear = editor.key_edit.findChild(QLineEdit).findChild(QToolButton)   # the ✕
        qtbot.waitUntil(clear.isVisible)
        clear.click()
        assert editor.shortcut("export_report").isEmpty()
        assert editor.chosen() == {"export_report": ""}
        assert editor.table.item(row, 1).text() == ""

    @pytest.mark.parametrize("keys, words", [
        ("Ctrl+C", "Copy"), ("Ctrl+V", "Paste"), ("Ctrl+Z", "Undo"), ("Esc", "Esc"),
        ("R", "typing"), ("Shift+R", "typing"), ("Alt+F", "File menu"),
    ])
    def test_risky_keys_are_refused(self, make_window, starter_db_url, qtbot, keys, words):
        window = make_window(starter_db_url)
        editor = settings_dialog(window).shortcuts_editor
        with qtbot.waitSignal(editor.conflict) as refused:
            assert not editor.set_shortcut("export_report", keys)
        assert words in refused.args[0], refused.args[0]
        assert editor.shortcut("export_report") == QKeySequence("Ctrl+E")
        assert editor.set_shortcut("export_report", "Ctrl+Alt+R")   # a safe one is taken

    def test_corrupt_stored_shortcuts_read_as_the_default(self, make_window, starter_db_url,
                                                          tmp_path, settings):
        path = Path(settings.fileName())
        settings.sync()
        path.write_text("[shortcuts]\nexport_report=Ctrl+Garbage\nquit=a, b\n"
                        "open_deck=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x10)\n"
                        "find_combos=\n", encoding="utf-8")
        settings.sync()
        stored = AppSettings(settings).shortcuts()
        assert "export_report" not in stored and "quit" not in stored
        assert "open_deck" not in stored
        assert stored["find_combos"] == ""       # explicitly none stays none
        window = make_window(starter_db_url)
        assert window.report_action.shortcut() == QKeySequence("Ctrl+E")
        assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
        assert window.open_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
        assert window.combos_action.shortcut().isEmpty()

    def test_duplicates_at_load_keep_the_first(self, make_window, starter_db_url, settings,
                                               capsys):
        AppSettings(settings).set_shortcuts({"export_report": "Ctrl+Alt+X",
                                             "export_graph": "Ctrl+Alt+X",
                                             "find_combos": "Ctrl+O"})
        window = make_window(starter_db_url)
        assert window.report_action.shortcut() == QKeySequence("Ctrl+Alt+X")
        assert window.graph_action.shortcut() == QKeySequence("Ctrl+Shift+E")   # default
        # Ctrl+O is Open Deck's default: the chosen duplicate goes back to its default
        assert window.combos_action.shortcut() == QKeySequence("Ctrl+Shift+C")
        assert window.open_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
        err = capsys.readouterr().err
        assert "Ctrl+Alt+X" in err and "Export Graph" in err and "Find Combos" in err

    def test_tooltips_and_hints_name_the_current_shortcut(self, make_window, starter_db_url):
        window = make_window(starter_db_url)
        dialog = settings_dialog(window)
        editor = dialog.shortcuts_editor
        deck_tab = next(e.id for e in editor.entries if e.action is window.tab_actions[0])
        assert editor.set_shortcut("export_report", "Ctrl+Alt+R")
        assert editor.set_shortcut("find_combos", "Ctrl+Alt+C")
        assert editor.set_shortcut(deck_tab, "Ctrl+Alt+1")
        assert editor.set_shortcut("open_deck", "")
        dialog.accept()
        assert window.tabs.tabToolTip(0).endswith("(Ctrl+Alt+1)"), window.tabs.tabToolTip(0)
        assert window.tabs.tabToolTip(1).endswith("(Ctrl+2)")
        export_tip = window.report_preview.export_button.toolTip()
        assert "Ctrl+Alt+R" in export_tip and "Ctrl+E" not in export_tip
        run_tip = window.combo_panel.run_button.toolTip()
        assert "Ctrl+Alt+C" in run_tip and "Ctrl+Shift+C" not in run_tip
        assert "Ctrl+Alt+C" in window.combos_action.toolTip()
        assert "Ctrl+O" not in window.open_action.toolTip()
        assert "Ctrl+Alt+C" in window.combos_hint("runs it again")

class TestLayout:
    def test_tab_splitter_and_dock_come_back_and_reset_layout(
            self, make_window, starter_db_url, settings, qtbot):
        window = make_window(starter_db_url)
        window.resize(1200, 800)
        window.show()
        qtbot.waitExposed(window)
        window.tabs.setCurrentIndex(window.view_index("combos"))
        splitter = window.combo_panel.splitter
        qtbot.wait(20)
        total = sum(splitter.sizes())
        splitter.setSizes([total // 4, total - total // 4])
        wanted = splitter.sizes()
        window.inspector_dock.hide()
        window.close()
        assert AppSettings(settings).current_view == "combos"

        again = make_window(starter_db_url)
        again.show()
        qtbot.waitExposed(again)
        assert again.tabs.currentIndex() == again.view_index("combos")
        assert again.inspector_dock.isHidden()
        # the same share (the splitter's total follows the restored window's size)
        sizes = again.combo_panel.splitter.sizes()
        assert abs(sizes[0] / sum(sizes) - wanted[0] / sum(wanted)) < 0.02, (sizes, wanted)

        again.reset_layout_action.trigger()
        qtbot.wait(20)
        assert again.tabs.currentIndex() == 0
        assert not again.inspector_dock.isHidden()
        sizes = again.combo_panel.splitter.sizes()
        assert abs(sizes[0] / sum(sizes) - wanted[0] / sum(wanted)) > 0.05, (sizes, wanted)
        assert AppSettings(settings).current_view == "deck"    # forgotten: the default
        assert AppSettings(settings).splitter_sizes(next(iter(
            again.layout_keeper.splitters()))) is None


    def test_first_start_and_reset_layout_fit_the_screen(self, make_window, starter_db_url,
                                                         qtbot):
        window = make_window(starter_db_url)
        available = window.screen().availableGeometry()
        assert window.width() <= available.width() and window.height() <= available.height()
        window.show()
        qtbot.waitExposed(window)
        window.resize(available.width() * 2, available.height() * 2)
        window.reset_layout_action.trigger()
        # Qt keeps a shown window at least its minimum size (the views' own minimums)
        least = window.minimumSizeHint()
        assert window.width() <= max(available.width(), least.width())
        assert window.height() <= max(available.height(), least.height())
        assert window.height() >= min(available.height(), 900) * 0.8

    def test_corrupt_dock_value_reads_as_the_default(self, make_window, starter_db_url,
                                                     settings):
        settings.setValue("window/docks/inspectorDock", "garbage")
        assert AppSettings(settings).dock_visible("inspectorDock") is None
        settings.setValue("window/docks/inspectorDock", ["a", "b"])
        assert AppSettings(settings).dock_visible("inspectorDock") is None
        settings.setValue("window/docks/inspectorDock", "false")
        assert AppSettings(settings).dock_visible("inspectorDock") is False
        settings.setValue("window/docks/inspectorDock", "nonsense")
        window = make_window(starter_db_url)
        assert not window.inspector_dock.isHidden()
