"""The one reader of the files people give (records, rule files, word lists): each failure in one line of the
error kind its caller asks for, naming the file and what to give instead."""

import pytest

from jinrou.errors import JinrouError, RecordError
from jinrou.jsontext import read_text


def test_a_file_is_read_as_utf8_text(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("人狼\nwolf\n", encoding="utf-8")
    assert read_text(path) == read_text(str(path)) == "人狼\nwolf\n"


def test_each_failure_is_one_line_of_the_callers_kind(tmp_path):
    missing, folder, latin = tmp_path / "gone.json", tmp_path, tmp_path / "latin.json"
    latin.write_bytes(b"caf\xe9")
    with pytest.raises(RecordError, match=f"^{missing} does not exist$"):
        read_text(missing, RecordError)
    with pytest.raises(JinrouError, match="^the list does not exist: give a file of words$"):
        read_text(missing, name="the list", give="a file of words")
    with pytest.raises(JinrouError, match=f"^{folder} is a folder: give a file$"):
        read_text(folder)
    with pytest.raises(JinrouError, match="^the list is a folder: give a file of words$"):
        read_text(folder, name="the list", give="a file of words")
    with pytest.raises(RecordError, match=f"^{latin} is not JSON: the text is not UTF-8$"):
        read_text(latin, RecordError, not_text="is not JSON: the text is not UTF-8")
    with pytest.raises(JinrouError, match=f"^{latin} is not UTF-8 text$"):
        read_text(latin)
