"""The Python module `tilelab` (bindings/python) against the conformance vectors: every case of
every play vector, its events against `tilelab apply --json`, and the module's errors.
Run by ctest as `python3 -m pytest tests/python` with PYTHONPATH=BUILD/python and TILELAB_CLI."""
import json
import os
import pathlib
import subprocess

import pytest
import tilelab

SOURCE = pathlib.Path(__file__).resolve().parents[2]
VECTORS = SOURCE / "tests" / "data" / "vectors"
CLI = os.environ.get("TILELAB_CLI", "tilelab")


def cases(name):
    with open(VECTORS / f"{name}.json") as f:
        return [pytest.param(c, id=f"{name}-{i}") for i, c in enumerate(json.load(f)["cases"])]


PLAY = cases("match3_play") + cases("match3v2_play") + cases("slide_play")


def bundled(case):
    """The case's level read from a bundle that holds it among others."""
    others = [c.values[0]["level"] for c in PLAY[:3]]
    bundle = tilelab.Bundle.parse(json.dumps({"format": "tilelab.bundle", "version": 1, "name": "B",
                                              "levels": others + [case["level"]]}))
    assert bundle.name == "B" and len(bundle.levels) == 4 and bundle.summary(3) is None
    return bundle.levels[3]


@pytest.mark.parametrize("case", PLAY)
def test_play_vector(case, tmp_path, request):
    # Odd cases take their level from a bundle, even ones from its own text.
    odd = int(request.node.callspec.id.rsplit("-", 1)[1]) % 2
    level = bundled(case) if odd else tilelab.Level.parse(json.dumps(case["level"]))
    assert level.kind == case["level"]["kind"]
    game = level.new_game()
    expect = case["expect"]
    if "start_board" in expect:
        assert game.board == expect["start_board"]
    saved = game.copy()
    events = []
    illegal = None
    for i, move in enumerate(case["moves"]):
        if not game.play(move):
            illegal = i
            assert game.why
            break
        events.append(game.events)
    assert game.board == expect["board"]
    assert game.score == expect["score"]
    assert illegal == expect["illegal"]
    # Each move's events are those `tilelab apply --json` prints for it.
    path = tmp_path / "level.json"
    path.write_text(json.dumps(case["level"]))
    applied = json.loads(subprocess.run([CLI, "apply", str(path), *case["moves"], "--json"],
                                        capture_output=True, text=True).stdout)
    for i, got in enumerate(events):
        want = [{k: v for k, v in e.items() if k != "move"} for e in applied["events"] if e["move"] == i]
        assert got == want, f"move {i}"
    # The copy is a saved state: still the start, and the same moves reach the same board.
    if "start_board" in expect:
        assert saved.board == expect["start_board"]
    for move in case["moves"][: len(events)]:
        assert saved.play(move)
    assert saved.board == game.board and saved.score == game.score


def test_load_names_the_file_and_every_problem(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tilelab.level", "version": 2, "kind": "slide", "id": "x", "name": "x", '
                    '"width": 3, "height": 2, "seed": 1, "board": [". . .", ". ."], "goal": {"target": 8}}')
    with pytest.raises(ValueError) as error:
        tilelab.Level.load(str(path))
    assert str(path) + ": error: /board/1: " in str(error.value)
    with pytest.raises(OSError):
        tilelab.Level.load(str(tmp_path / "missing.json"))
    path.write_text('{"format": "tilelab.bundle", "version": 1, "name": "B", "levels": [7]}')
    with pytest.raises(ValueError) as error:
        tilelab.Bundle.load(str(path))
    assert str(path) + ": error: /levels/0" in str(error.value)


def test_a_sample_level_plays_as_the_minimal_surface_says():
    level = tilelab.Level.load(str(SOURCE / "levels" / "samples" / "match3" / "01-intro.json"))
    game = level.new_game()
    moves = game.legal_moves
    assert moves and all(isinstance(m, str) for m in moves)
    assert game.play(moves[0]) is True
    assert game.moves == 1 and isinstance(game.score, int) and game.events
    assert len(game.board) == level.height
    with pytest.raises(ValueError):
        game.play("sideways")
    assert tilelab.__version__.count(".") == 2
