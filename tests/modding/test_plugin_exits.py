"""A plugin that calls ``sys.exit(3)`` or raises ``KeyboardInterrupt`` (any
``BaseException``) while it is imported is a broken plugin, listed by name: it no longer
ends ``aztec-arcade list`` or ``list_variants()``. A real Ctrl+C from the user while the
plugins load still stops the program.

Both kinds of plugin are tried as a drop-in file in the plugin folder and as an
installed package's entry point.
"""

from __future__ import annotations

import importlib.metadata
import signal
import sys

import pytest

from game import cli
from game.api import broken_variants, list_variants
from game.core.registry import ENTRY_POINT_GROUP, LOAD_ENV, Registry

EXITS = {
    "quitter": ("import sys\nsys.exit(3)\n", "sys.exit(3)"),
    "interrupter": ("raise KeyboardInterrupt\n", "KeyboardInterrupt raised by the plugin"),
    "bailer": ("raise SystemExit('bye')\n", "sys.exit('bye')"),
}


@pytest.fixture
def python_sigint():
    """Python's own SIGINT handler, whatever the test runner was started with (a shell
    may start background jobs with SIGINT ignored); put back afterwards."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def drop_ins(home) -> None:
    for name, (code, _) in EXITS.items():
        (home / "plugins" / f"{name}.py").write_text(code, encoding="utf-8")


def run_list(capsys) -> tuple[int, str, str]:
    code = cli.main(["list"])
    out, err = capsys.readouterr()
    return code, out, err


def test_drop_ins_that_exit_at_import_are_listed_as_broken(home, capsys, python_sigint):
    drop_ins(home)
    code, out, err = run_list(capsys)
    assert code == 0, err
    assert "  mexica " in out and "  tlatelolco-market " in out  # everything else loads
    broken = out.split("Could not be loaded:", 1)[1]
    for name, (_, words) in EXITS.items():
        assert f"plugin {name} ({home / 'plugins' / name}.py)" in broken
        assert words in broken, broken
    assert "Traceback" not in out + err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_list_variants_survives_them_too(home, python_sigint):
    drop_ins(home)
    assert {"mexica", "aztlan"} <= {v["id"] for v in list_variants()}
    failed = {b["name"]: b["message"] for b in broken_variants()}
    assert set(EXITS) <= set(failed)
    assert "SystemExit" in failed["quitter"] and "sys.exit(3)" in failed["quitter"]
    assert "no Ctrl+C was pressed" in failed["interrupter"]
    for name in EXITS:
        assert f"aztec_arcade_dropin_{name}" not in sys.modules


@pytest.fixture
def exiting_packages(tmp_path, monkeypatch):
    """Installed packages (entry points) whose plugin module exits at import."""
    folder = tmp_path / "site"
    folder.mkdir()
    eps = []
    for name, (code, _) in EXITS.items():
        (folder / f"modtest_{name}.py").write_text(code, encoding="utf-8")
        eps.append(importlib.metadata.EntryPoint(name, f"modtest_{name}", ENTRY_POINT_GROUP))
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kwargs: eps)
    monkeypatch.delenv(LOAD_ENV, raising=False)


def test_entry_points_that_exit_at_import_are_listed_as_broken(
        home, exiting_packages, capsys, python_sigint):
    code, out, err = run_list(capsys)
    assert code == 0, err
    assert "  mexica " in out
    broken = out.split("Could not be loaded:", 1)[1]
    for name, (_, words) in EXITS.items():
        assert f"plugin {name} (entry point)" in broken and words in broken, broken
    assert {"mexica", "aztlan"} <= {v["id"] for v in list_variants()}


def test_a_hook_that_exits_is_broken_too(python_sigint):
    import types

    from game.core.hookspecs import hookimpl

    module = types.ModuleType("modtest_hook_exit")

    def register_rules(register):
        sys.exit(5)

    module.register_rules = hookimpl(register_rules)
    registry = Registry(entry_points=False, extra_plugins=(module,))
    [entry] = registry.broken
    assert entry.name == "modtest_hook_exit"
    assert entry.message == ("register_rules raised: SystemExit: the plugin tried to end "
                             "the program (sys.exit(5))")


# ---------------------------------------------------------------------------------------
# a real Ctrl+C still stops the program
# ---------------------------------------------------------------------------------------
CTRL_C = """\
import signal
signal.raise_signal(signal.SIGINT)  # what the terminal does when the user presses Ctrl+C
raise RuntimeError("not reached: the Ctrl+C stops loading first")
"""


def test_a_real_ctrl_c_while_plugins_load_still_stops(home, python_sigint):
    (home / "plugins" / "slow.py").write_text(CTRL_C, encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        Registry(plugin_folder=str(home / "plugins"), entry_points=False)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_real_ctrl_c_ends_list_as_interrupted(home, capsys, python_sigint):
    (home / "plugins" / "slow.py").write_text(CTRL_C, encoding="utf-8")
    code, out, err = run_list(capsys)
    assert code != 0
    assert "interrupted" in err and "Variants:" not in out


def test_ctrl_c_is_ignored_when_the_program_ignores_it(home):
    """Started with SIGINT ignored (a background job): the signal changes nothing and
    loading goes on; the plugin's own error is what is reported."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        (home / "plugins" / "slow.py").write_text(CTRL_C, encoding="utf-8")
        registry = Registry(plugin_folder=str(home / "plugins"), entry_points=False)
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
    [entry] = registry.broken
    assert entry.name == "slow" and "not reached" in entry.message
