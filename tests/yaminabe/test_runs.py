"""Running a study: the resumable results file, progress, processes and a real Dask cluster."""

import json
import shutil
import socket
import subprocess
import sys
import time

import pytest

from jinrou.errors import ClusterError, StudyError
from jinrou.yaminabe import runs
from jinrou.yaminabe.runs import RESULTS_FORMAT, run_study
from jinrou.yaminabe.study import Plan, play_plan

PLAN = Plan.build(levels=("low", "middle"), players=(8, 9), games=6, seed=7, chunk=4)  # 8 chunks of 4 or 2 games


@pytest.fixture
def counted(monkeypatch):
    """Counts the chunks played (in this process: workers=1)."""
    played = []

    def play(plan, chunk):
        played.append(chunk.key)
        return real(plan, chunk)

    real = runs.play_chunk
    monkeypatch.setattr(runs, "play_chunk", play)
    return played


def test_results_file_has_a_header_and_a_line_per_chunk(tmp_path, counted):
    path = tmp_path / "study.jsonl"
    seen = []
    result = run_study(PLAN, results=path, progress=seen.append)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"format": RESULTS_FORMAT, "plan": PLAN.to_json()}
    assert len(lines) == 1 + len(PLAN.chunks()) == 9 and len(counted) == 8
    first = json.loads(lines[1])
    assert set(first) == {"level", "players", "start", "games"} and len(first["games"]) == 4
    assert seen[0] == 0 and seen[-1] == PLAN.total == 24 and seen == sorted(seen)
    assert result.rows == play_plan(PLAN).rows


def test_a_rerun_skips_the_finished_chunks(tmp_path, counted):
    path = tmp_path / "study.jsonl"
    whole = run_study(PLAN, results=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:4]) + lines[4][:20])  # interrupted while writing the 4th chunk
    counted.clear()
    seen = []
    resumed = run_study(PLAN, results=path, progress=seen.append)
    assert len(counted) == 5 and seen[0] == 10  # 3 chunks kept (4 + 2 + 4 games), the cut line dropped
    assert resumed.rows == whole.rows
    assert len(path.read_text().splitlines()) == 9
    counted.clear()
    assert run_study(PLAN, results=path).rows == whole.rows and counted == []  # all done: nothing played


def test_a_results_file_of_another_study_is_refused(tmp_path, counted):
    path = tmp_path / "study.jsonl"
    run_study(Plan.build(levels=("low",), players=(8,), games=2, seed=7), results=path)
    before = path.read_text()
    with pytest.raises(StudyError, match=r"holds the games of another study \(levels \['low'\] ≠ \['low', 'middle'\]\)"):
        run_study(PLAN, results=path)
    playable = Plan.build(levels=("low",), players=(8,), games=2, seed=7, pool="playable")
    with pytest.raises(StudyError, match=r"another study \(pool catalog ≠ playable\)"):
        run_study(playable, results=path)
    christmas = Plan.build(levels=("low",), players=(8,), games=2, seed=7, date="12-24")
    with pytest.raises(StudyError, match=r"another study \(date drawn ≠ 12-24\)"):
        run_study(christmas, results=path)
    other = Plan.build(levels=("low",), players=(8,), games=2, seed=8)
    with pytest.raises(StudyError, match="another study \\(seed 7 ≠ 8\\): rerun with the same options, or give another file"):
        run_study(other, results=path)
    assert path.read_text() == before


@pytest.mark.parametrize(("text", "message"), [
    ("hello\n", "is not a study's results file (line 1 should name 'jinrou.yaminabe-study/1')"),
    ("{}\n", "is not a study's results file"),
    ("some notes\nwithout a last newline", "is not a study's results file"),  # left as it was, its last line too
    ('{"format": "jinrou.yaminabe-st', "is not a study's results file"),
])  # fmt: skip
def test_a_file_that_is_no_results_file_is_refused(tmp_path, text, message):
    path = tmp_path / "notes.jsonl"
    path.write_text(text)
    with pytest.raises(StudyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        run_study(PLAN, results=path)
    assert path.read_text() == text


def test_a_damaged_chunk_line_is_named(tmp_path):
    path = tmp_path / "study.jsonl"
    header = json.dumps({"format": RESULTS_FORMAT, "plan": PLAN.to_json()})
    path.write_text(header + '\n{"level": "low", "players": 8, "start": 0, "games": [[1, 2]]}\n')
    with pytest.raises(StudyError, match=r"study.jsonl, line 2: not a chunk of this study \(4 games expected\)"):
        run_study(PLAN, results=path)
    path.write_text(header + '\n{"level": "high", "players": 8, "start": 0, "games": []}\n')
    with pytest.raises(StudyError, match="line 2: not a chunk of this study"):
        run_study(PLAN, results=path)


@pytest.mark.parametrize("workers", [0, -1, 1.5, True])
def test_workers_must_be_a_whole_number(workers):
    with pytest.raises(StudyError, match=f"workers must be a whole number ≥ 1, not {workers!r}"):
        run_study(PLAN, workers=workers)


def test_an_unreachable_cluster_is_one_error_before_the_results_file(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path / "study.jsonl"
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        run_study(PLAN, cluster=f"tcp://127.0.0.1:{port}", results=path)
    assert not path.exists()


@pytest.fixture
def dask_cluster(tmp_path):
    """A real dask scheduler and two single-threaded workers on 127.0.0.1, as separate processes."""
    if shutil.which("dask") is None:  # the test extra installs dask[distributed], as .ci/run does
        pytest.fail("the Dask test needs the dask command: pip install -e '.[test]'")
    file = tmp_path / "scheduler.json"
    common = ["--no-dashboard"]
    scheduler = subprocess.Popen(["dask", "scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(file),
                                  *common], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    processes = [scheduler]
    try:
        for _ in range(300):
            if file.exists() and file.read_text().strip():
                break
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        processes.append(subprocess.Popen(
            ["dask", "worker", address, "--nworkers", "2", "--nthreads", "1", "--host", "127.0.0.1", *common],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))  # fmt: skip
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_study_on_a_real_dask_cluster_gives_the_local_result(dask_cluster, tmp_path):
    from distributed import Client

    with Client(dask_cluster, timeout=30) as client:
        client.wait_for_workers(2, timeout=60)
        workers = client.run(lambda: sys.executable)
        assert len(workers) == 2
    path = tmp_path / "study.jsonl"
    seen = []
    result = run_study(PLAN, cluster=dask_cluster, results=path, progress=seen.append)
    assert result.rows == play_plan(PLAN).rows
    assert seen[-1] == 24 and len(path.read_text().splitlines()) == 9
