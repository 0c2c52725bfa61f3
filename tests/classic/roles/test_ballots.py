"""Vote weights and the roles of group VA (shared/spec/classic-roles-village-1.md V1.1.2, V1.2): 王様,
ギャンブラー, 秘書 (``roles/village.py``).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.abilities import Action
from jinrou.classic.game import Game
from jinrou.classic.model import Vote
from jinrou.classic.record import replay, write
from jinrou.classic.roles import ROLES
from jinrou.classic.texts import RULES_JA, render
from jinrou.errors import IllegalActionError

from ..helpers import action, cast, close, dead, legal_verbs, new, night, snapshot, told, vote


def refused(g: Game, choice: Action | Vote, match: str) -> IllegalActionError:
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match=match) as caught:
        g.apply(choice)
    assert snapshot(g) == before
    assert caught.value.ja  # the one-line refusal in both languages
    return caught.value


def line(g: Game, key: str, lang: str = "ja") -> str:
    return render(next(m for _, m in g.messages if m.key == key), g.names, lang)


def test_the_roles_of_group_va_declared_so_far_have_cards():
    for role_id in ("King", "Gambler", "Secretary", "Assisted"):
        assert RULES_JA[role_id]
    assert ROLES["King"].team.value == "Human" and ROLES["Gambler"].team.value == "Human"


# ---------------------------------------------------------------------------------------------- 王様


def test_king_votes_weigh_2_and_with_authority_3():
    g = new(["Werewolf", "King", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 2
    vote(g, "AD CD DC EF FE")  # C 2 + 1 = 3, D 2: the 王様's vote decides
    assert dead(g)["C"] == "execution"
    g = new(["Werewolf", "King", "Human", "Human", "Human", "Human", "Human"], {"authority": "on"},
            start=[("authority", "B")])
    night(g, "A attack G")
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 3  # 1 + 王様's 1 + 権力者's 1


# ---------------------------------------------------------------------------------------------- ギャンブラー


def test_gambler_shares_the_faker_mechanic_with_team_human():
    """ギャンブラー is W.3's イカサマ師 of team Human (one class, :class:`Gamble`)."""
    from jinrou.classic.roles.common import Gamble
    assert isinstance(ROLES["Gambler"], Gamble) and isinstance(ROLES["Faker"], Gamble)
    g = new(["Werewolf", "Gambler", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    assert g.identity(1).layers[0].memory.stock == 1  # 1 on day 2
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 0  # a weight 0 vote still names its candidate
    vote(g, "AD CD DC EH FH GH HC")
    assert dead(g)["H"] == "execution"
    night(g, "A attack G")
    g.apply(action(g, "B bet"))
    assert told(g, "bet", "B") == [{"player": 1}] and line(g, "bet") == "Bは賭けに出ました。"
    refused(g, action(g, "B bet"), "B .Gambler. has no action 'bet' today")
    vote(g, "BC AD CD DC EC FD")  # C: 2 + 1 + 1 = 4, D: 3
    assert dead(g)["C"] == "execution"
    assert g.identity(1).layers[0].memory.stock == 0


def test_gambler_bet_is_refused_once_it_has_voted():
    g = new(["Werewolf", "Gambler", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G")
    cast(g, "BC")
    assert "bet" not in legal_verbs(g, "B")
    error = refused(g, action(g, "B bet"), "B cannot bet: it has voted in this ballot already")
    assert "この投票ではもう投票しました" in error.ja


def test_scapegoat_gambler_votes_with_weight_0():
    # V1.1 Scapegoat: never an optional or day action; a ギャンブラー scapegoat votes with weight 0
    g = new(["Gambler", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}
    g.revive(0)  # only to see its vote: the scapegoat is attacked on night 1
    cast(g, "BC CD DC EC FC GD")
    close(g, [("scapegoat vote", "D")])
    assert g.ballot is not None and g.ballot.weights[0] == 0
    assert dead(g)["C"] == "execution"  # C 4, D 2 + the scapegoat's 0

# ---------------------------------------------------------------------------------------------- 秘書


def test_secretary_assists_a_seat_whose_votes_weigh_1_more_the_next_day():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["assist"] == tuple("ACDEFGH")  # another living seat
    night(g, "A attack H", "B assist C")
    assert told(g, "assisted", "B") == [{"player": 1, "target": 2}]
    assert line(g, "assisted") == "BはCを補佐しました。"
    assert told(g, "assisted", "C") == []  # not told
    cast(g, "CD")
    assert g.ballot is not None and g.ballot.weights[2] == 2
    vote(g, "AE BE DC EC FD GA")  # D 2 + 1 = 3, E 2, C 2: the assisted vote decides
    assert dead(g)["D"] == "execution"


def test_secretary_mark_ends_at_dusk_and_is_optional():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B assist C")
    vote(g, "CD AD BD DE EF FG GA")  # D 2 + … executed
    assert dead(g)["D"] == "execution"
    assert not any(layer.role.id == "Assisted" for layer in g.identity(2).layers)  # gone at dusk
    night(g, "A attack G")  # the 秘書 may skip (optional: no sudden death)
    assert "B" not in dead(g)
    cast(g, "CE")
    assert g.ballot is not None and g.ballot.weights[2] == 1


def test_secretary_refuses_itself():
    g = new(["Werewolf", "Secretary", "Human", "Human", "Human", "Human", "Human", "Human"])
    error = refused(g, action(g, "B assist B"), "B")
    assert error.ja


# ---------------------------------------------------------------------------------------------- records, bots


def test_record_round_trip_of_assist_and_a_gambler_bet():
    g = new(["Werewolf", "Secretary", "Gambler", "King", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "B assist C")
    g.apply(action(g, "C bet"))
    vote(g, "CD AD BD DE EF FG GA")
    full = write(g)
    assert write(replay(full))["events"][:-1] == full["events"][:-1]
    assert full["events"][0]["actions"][1] == {"player": "B", "action": "assist", "target": "C"}

