"""The shipped sounds are exactly what tools/make_sounds.py generates (clean origin)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_sound_is_regenerated_bit_for_bit(tmp_path):
    tool = _load_tool()
    tool.main(tmp_path)
    shipped = sorted(p.name for p in (ROOT / "assets" / "sounds").glob("*.wav"))
    generated = sorted(p.name for p in tmp_path.glob("*.wav"))
    assert shipped == generated, "assets/sounds must hold exactly the generated sounds"
    for name in generated:
        assert (tmp_path / name).read_bytes() == (ROOT / "assets" / "sounds" / name).read_bytes()


def test_the_sounds_the_client_plays_exist():
    for name in ("click", "place", "score", "error", "turn", "fanfare"):
        assert (ROOT / "assets" / "sounds" / f"{name}.wav").is_file()
