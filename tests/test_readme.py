"""Every command of the README runs as written, in order, in a folder that holds nothing but the
repository's examples/ (issue 40, deliverable 2): each writes a file of its own name, and each file
it reads was written by an earlier line or ships under examples/.

The Quick start block is not run here (it installs the package and runs this very suite). The four
interactive commands are given no input — Ctrl-D at the first prompt: a quantum, classic or shogi
game ends with exit status 130 (interrupted) and the record of the game so far; the
game master's session (`offline gm`) ends as by `quit` and writes its record at the first change, so
none here. A few commands whose README sizes take minutes run smaller (:data:`SMALLER`);
the README says how long the sizes it shows take."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INTERACTIVE = {"jinrou quantum play ": 130, "jinrou classic play ": 130, "jinrou shogi play": 130, "jinrou offline gm ": 0}
"""Command prefix: the exit status given no input."""
SMALLER = {  # command prefix: (the README's options, the test's)
    "jinrou quantum simulate --players 13": ("--games 1000", "--games 10"),
    "jinrou classic simulate": ("--games 1000", "--games 30"),
    "jinrou solve table": ("--max-players 8", "--max-players 5"),
    "jinrou yaminabe stats": ("--castings 10000", "--castings 300"),
    "jinrou yaminabe study": ("--players 8-20 --games 200", "--players 8-9 --games 2"),
    "jinrou yaminabe tune": ("--players 8-20", "--players 8 --rounds 1 --games 4 --check-games 4 --retries 0"),
}
OUTPUTS = ("--record", "--record-dir", "--output", "--plot", "--results", ">")


def blocks() -> list[list[str]]:
    """The README's ```bash blocks, each a list of its command lines, the Quick start's left out."""
    found = [[line for line in block.splitlines() if line.strip()]
             for block in re.findall(r"```bash\n(.*?)```", README, re.DOTALL)]
    assert found[0][0].startswith("python3 -m venv"), "the first block is the Quick start"
    return found[1:]


def smaller(line: str) -> str:
    for prefix, (theirs, ours) in SMALLER.items():
        if line.startswith(prefix):
            assert theirs in line, (line, theirs)
            return line.replace(theirs, ours)
    return line


def written(line: str) -> list[str]:
    """The files and folders a command line writes."""
    words = shlex.split(line, comments=True)
    return [words[i + 1] for i, word in enumerate(words[:-1]) if word in OUTPUTS]


def test_every_output_of_the_readme_has_a_name_of_its_own():
    outputs = [name for block in blocks() for line in block for name in written(line)]
    assert outputs and len(outputs) == len(set(outputs)), outputs


def test_every_readme_command_runs_in_order_in_an_empty_folder(tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    shell = f'jinrou() {{ {shlex.quote(sys.executable)} -m jinrou.cli "$@"; }}\n'
    env = {**os.environ, "COLUMNS": "120"}
    ran = 0
    for block in blocks():
        for line in block:
            status = next((code for prefix, code in INTERACTIVE.items() if line.startswith(prefix)), 0)
            result = subprocess.run(["bash", "-c", shell + smaller(line)], check=False, cwd=tmp_path, env=env, text=True,
                                    stdin=subprocess.DEVNULL, capture_output=True, timeout=600)
            assert result.returncode == status, (line, result.stdout[-2000:], result.stderr[-2000:])
            assert "Traceback" not in result.stderr, (line, result.stderr[-2000:])
            for name in written(line) if not line.startswith("jinrou offline gm ") else []:
                assert (tmp_path / name).exists(), (line, name)
            ran += 1
    assert ran == sum(map(len, blocks())) >= 28


def test_the_readme_counts_the_classic_roles_the_engine_plays():
    """The README said '144 of its roles so far' while `jinrou classic roles` and /roles showed 182:
    the count a newcomer reads first is the declared roles' own, and so are the teams' counts."""
    from collections import Counter

    from jinrou.classic.catalog import ROLES
    from jinrou.classic.rolesheet import rows

    listed = rows()  # what `jinrou classic roles` and /roles list
    ids = [row.id for row in listed]
    teams = Counter(row.to_json()["team"] for row in listed)
    found = re.search(r"plays it — (\d+) of the (\d+) roles of its catalog .*?the village team's (\d+) .*?"
                      r"the werewolf team's (\d+) .*?the foxes' (\d+) .*?the (\d+) of the other teams", README, re.DOTALL)
    assert found, "the README's count of the classic roles"
    played, catalog, village, wolves, foxes, others = map(int, found.groups())
    assert (played, catalog) == (len(ids), len(ROLES))
    assert (village, wolves, foxes) == (teams["Human"], teams["Werewolf"], teams["Fox"])
    assert others == len(ids) - village - wolves - foxes
