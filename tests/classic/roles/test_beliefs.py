"""Wave 3's village, part 1, group VD (``roles/village.py``; shared/spec/classic-roles-village-1.md V1.2):
予言者のママ, 野生児.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.events import PhaseOpened
from jinrou.classic.model import Moment
from jinrou.classic.record import replay, write
from jinrou.classic.roles.village import SeersMama
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView

from ..helpers import dead, new, night, told, vote


def _lines(g, letter: str) -> list[str]:
    view = SeatView.of(g, g.names.index(letter))
    return [render(m, g.names) for _, m in view.messages]


# ---------------------------------------------------------------------------------------- 予言者のママ


def test_seers_mama_is_told_the_seers_at_its_first_dusk_in_seat_order_kits_included():
    g = new(["Werewolf", "SeersMama", "Diviner", "Human", "Diviner", "Human"])
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [2, 4]}]
    assert told(g, "seers mama", "C") == []  # private
    assert "Bは予言者のママです。占い師はC,Eです。" in _lines(g, "B")
    night(g, "A attack D", "C divine A", "E divine A", draws=[("order", ["C", "E"])])
    vote(g, "AB BA CA EA FA")
    assert len(told(g, "seers mama", "B")) == 1  # once


def test_seers_mama_without_a_seer_is_told_there_is_none():
    g = new(["Werewolf", "SeersMama", "Human", "Human", "Human"])
    assert told(g, "seers mama none", "B") == [{"player": 1}]
    assert "Bは予言者のママです。占い師はいません。" in _lines(g, "B")
    assert told(g, "seers mama") == []


def test_seers_mama_names_only_seers_not_an_apprentice_or_a_wolf_diviner():
    g = new(["WolfDiviner", "SeersMama", "ApprenticeSeer", "Diviner", "Human", "Human"])
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [3]}]
    assert "Bは予言者のママです。占い師はDです。" in _lines(g, "B")


def test_seers_mama_counts_a_seer_kit_as_a_seer():
    # V1.1.6: a 占いセット holds 占い師 (a seat given one before the mama's first dusk, as a cast would)
    g = new(["Werewolf", "SeersMama", "Human", "Human", "Human"])
    g.ctx.grant(3, "DivinerKit")
    layer = next(lay for lay in g.identity(1).layers if lay.role.id == "SeersMama")
    layer.memory.used = False
    SeersMama.declaration.seers(g.ctx, layer, PhaseOpened(Moment.DUSK))
    assert told(g, "seers mama", "B") == [{"player": 1, "seats": [3]}]


# ---------------------------------------------------------------------------------------- 野生児


def test_tarzan_counts_living_wolf_roles_at_each_dawn_after_the_nights_deaths():
    # V1.1.13: 人狼系 and 狂人狼 (not 狂人, not 妖狐)
    g = new(["Werewolf", "Werewolf", "MadWolf", "Madman", "Fox", "Tarzan", "Human", "Human", "Human"])
    assert told(g, "tarzan") == []  # nothing at the first dusk
    night(g, "A attack G")
    assert told(g, "tarzan", "F") == [{"player": 5, "count": 3}]
    assert told(g, "tarzan", "A") == []  # private
    assert "Fは3人の人狼の気配を感じました。" in _lines(g, "F")
    vote(g, "AB BA CB DB EB FB HB IB")  # B executed
    assert dead(g) == {"G": "attack", "B": "execution"}
    night(g, "A attack H")
    assert told(g, "tarzan", "F")[-1] == {"player": 5, "count": 2}


def test_tarzan_dead_is_told_nothing():
    g = new(["Werewolf", "Tarzan", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert dead(g) == {"B": "attack"} and told(g, "tarzan") == []


def test_seers_mama_and_tarzan_round_trip():
    g = new(["Werewolf", "SeersMama", "Tarzan", "Diviner", "Human", "Human"])
    night(g, "A attack E", "D divine A")
    vote(g, "AB BA CA DA FA")
    doc = write(g)
    again = replay(doc)
    assert write(again) == doc and again.messages == g.messages
