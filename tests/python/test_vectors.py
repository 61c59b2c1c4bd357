"""The Python module `tilelab` (bindings/python) against the conformance vectors: every case of
every play vector, its events against `tilelab apply --json`, a game saved halfway and restored;
each sample level's analysis and estimate against the command line's; the module's errors.
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
    # Saved as text halfway and read back against the level read anew, it plays on the same.
    half = len(events) // 2
    halfway = level.new_game()
    for move in case["moves"][:half]:
        assert halfway.play(move)
    restored = tilelab.Level.parse(json.dumps(case["level"])).restore_game(halfway.save())
    assert restored.board == halfway.board and restored.moves == half
    for move in case["moves"][half: len(events)]:
        assert restored.play(move)
    assert restored.board == game.board and restored.score == game.score


SAMPLES = sorted((SOURCE / "levels" / "samples").glob("*/*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_analysis_and_estimate_are_the_command_lines(path):
    level = tilelab.Level.load(str(path))
    cli = subprocess.run([CLI, "analyze", str(path), "--json", "--budget-ms", "2000"], capture_output=True, text=True)
    assert level.analyze(budget_ms=2000) == json.loads(cli.stdout)
    if level.kind == "lines":  # a solver's verdict instead of bots
        with pytest.raises(tilelab.LevelError) as error:
            level.estimate(runs=10)
        assert error.value.status == "unsupported"
        return
    cli = subprocess.run([CLI, "estimate", str(path), "--json", "--runs", "30", "--seed", "5", "--threads", "2"],
                         capture_output=True, text=True)
    assert level.estimate(runs=30, seed=5, threads=2) == json.loads(cli.stdout)


def test_an_estimate_stops_when_its_progress_says_so():
    level = tilelab.Level.load(str(SOURCE / "levels" / "samples" / "match3" / "02-jelly.json"))
    seen = []
    # Stopped at the first report after some runs finished (one thread: they finish in order).
    result = level.estimate(runs=1_000_000, threads=1, progress=lambda done: seen.append(done) or done == 0)
    assert result["cancelled"] is True and 0 < result["runs"] < 1_000_000 and seen[-1] > 0
    assert all(0 <= d <= 1 for d in seen) and seen == sorted(seen)

    def fails(done):
        raise KeyError("from the callback")
    with pytest.raises(KeyError):
        level.estimate(runs=1_000_000, progress=fails)
    with pytest.raises(tilelab.LevelError) as error:
        level.estimate(runs=0)
    assert error.value.status == "argument" and '"runs"' in str(error.value)


def test_a_saved_game_that_is_not_one_is_refused():
    level = tilelab.Level.load(str(SOURCE / "levels" / "samples" / "slide" / "02-walls.json"))
    text = level.new_game().save()
    state = json.loads(text)
    assert state["format"] == "tilelab.state" and state["level"] == "slide-walls-02" and isinstance(state["rng"], str)
    for broken, status, place in ((text[:40], "json", "not JSON"),
                                  (text.replace('"version":1', '"version":2'), "version", "/version"),
                                  (text.replace('"slide-walls-02"', '"other"'), "invalid", "/level")):
        with pytest.raises(tilelab.LevelError) as error:
            level.restore_game(broken)
        assert error.value.status == status and place in str(error.value)


def test_load_names_the_file_and_every_problem(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "tilelab.level", "version": 2, "kind": "slide", "id": "x", "name": "x", '
                    '"width": 3, "height": 2, "seed": 1, "board": [". . .", ". ."], "goal": {"target": 8}}')
    with pytest.raises(tilelab.LevelError) as error:
        tilelab.Level.load(str(path))
    assert str(path) + ": error: /board/1: " in str(error.value) and error.value.status == "invalid"
    assert isinstance(error.value, ValueError)
    for text, status in (('{"format": "tilelab.level", "version": 9}', "version"), ('{"format": ', "json")):
        with pytest.raises(tilelab.LevelError) as error:
            tilelab.Level.parse(text)
        assert error.value.status == status
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
