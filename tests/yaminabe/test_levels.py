"""Safety levels: values, labels and the switch table of spec yaminabe.md §3."""

import pytest

from jinrou.errors import CastingError
from jinrou.yaminabe import Flags, Safety

# spec §3: value, label, switches (jingais, ppcheck, teams, jobs, strength, reverse); balanced is this
# project's (issue 19): 中 with its team counts from the tuned table
TABLE = [
    ("none", "なし", ""),
    ("low", "低", "jingais"),
    ("lowlow", "低+", "jingais ppcheck"),
    ("middle", "中", "jingais teams"),
    ("high", "高", "jingais teams jobs"),
    ("super", "超", "jingais teams jobs strength"),
    ("supersuper", "走召", "jobs strength"),
    ("reverse", "逆", "jingais strength reverse"),
    ("balanced", "バランス", "jingais teams tuned"),
]


@pytest.mark.parametrize(("value", "label", "switches"), TABLE)
def test_each_level_turns_on_the_switches_of_the_spec_table(value, label, switches):
    level = Safety(value)
    assert level.label == label
    assert level.flags == Flags(**{name: True for name in switches.split()})
    assert Safety.parse(value) is Safety.parse(label) is Safety.parse(f" {value.upper()} ") is level


def test_the_reference_shown_labels_are_read_too():
    assert Safety.parse("超(β2)") is Safety.SUPER
    assert Safety.parse("走召(α2)") is Safety.SUPERSUPER
    assert Safety.parse("逆(α)") is Safety.REVERSE


@pytest.mark.parametrize("text", ["medium", "", "超超", 3, None])
def test_an_unknown_level_names_the_levels(text):
    with pytest.raises(CastingError) as caught:
        Safety.parse(text)
    message = str(caught.value)
    assert message.startswith(f"unknown safety level {text!r}: levels are none, low, lowlow, middle")
    assert "なし, 低, 低+, 中, 高, 超, 走召, 逆, バランス" in message
