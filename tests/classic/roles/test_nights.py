"""Batch 3 (village part 2, issue 34): 花火師 アイドル 歌人 悪霊憑き (``roles/village_nights.py``;
shared/spec/classic-roles-village-2.md V2.2, mechanics V2.1.5 closed nights, V2.1.8 private channels,
V2.1.11 received priority).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jinrou.classic.identity import LayerKind
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES, SUB_ROLES
from jinrou.classic.texts import render, role_rule
from jinrou.errors import IllegalActionError

from ..helpers import (
    action,
    bot_game_replays,
    chats,
    close,
    dead,
    knows,
    legal_verbs,
    new,
    night,
    seat,
    snapshot,
    told,
    vote,
)

NIGHTS = ["Pyrotechnist", "Idol", "Poet", "SpiritPossessed"]


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def lines(g, key: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [render(m, g.names) for _, m in g.messages if m.key == key]


# ---------------------------------------------------------------------- 花火師 (V2.1.5)


def test_fireworks_close_the_next_night_for_every_seat_even_after_the_pyrotechnists_death():
    g = new(["Werewolf", "Werewolf", "Pyrotechnist", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    assert "launch" not in legal_verbs(g, "C")
    with pytest.raises(IllegalActionError, match="has no action 'launch' tonight"):
        g.apply(action(g, "C launch"))
    night(g, "A attack F", "D divine A", "E guard G")
    assert "launch" in legal_verbs(g, "C")
    g.apply(action(g, "C launch"))
    assert lines(g, "launch") == ["Cは花火を打ち上げる準備をしています。"] and told(g, "launch", "D") == []
    assert "launch" not in legal_verbs(g, "C")  # once
    vote(g, "AC BC CA DC EC GC HC IC")  # the 花火師 is executed: its fireworks still go up
    assert dead(g)["C"] == "execution"
    assert lines(g, "fireworks") == ["きれいな花火が打ち上がりました。今夜は能力を使用できません。"]
    assert told(g, "fireworks", None) == [{}]
    for letter in "ABDEGHI":
        assert legal_verbs(g, letter) == {}
    assert g.awaited() == [] and "wolf" in chats(g, "A")  # nothing required; the chats stay
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="A's night is closed"):
        g.apply(action(g, "A attack D"))
    assert snapshot(g) == before
    close(g)
    assert set(dead(g)) == {"F", "C"}  # no attack, no sudden death
    vote(g, "AD BD DA ED GD HD ID")
    assert legal_verbs(g, "A")["attack"] and legal_verbs(g, "E")["guard"]  # the next night is open again
    same_replay(g)


def test_a_closed_night_keeps_the_hooks_that_need_no_submission():
    # タフガイ bitten on night 1 dies at level 100 of night 2 even though that night is closed
    g = new(["Werewolf", "Pyrotechnist", "ToughGuy", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack C")
    assert "C" not in dead(g)
    g.apply(action(g, "B launch"))
    vote(g, "AD BD CD DA ED FD GD HD")
    close(g)
    assert dead(g)["C"] == "attack"


def test_fireworks_spend_a_blood_moon_due_the_same_dusk():
    g = new(["Werewolf", "BloodWolf", "Pyrotechnist", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "D divine A")
    g.apply(action(g, "C launch"))
    g.apply(action(g, "B selfdestruct"))
    close(g)
    assert told(g, "fireworks", None) == [{}] and told(g, "blood moon") == []
    assert not any(g.has_sub(s, "Sealed") for s in g.seats())


# ---------------------------------------------------------------------- アイドル (V2.1.5, V2.1.11)


def test_idol_makes_a_fan_on_its_first_night_both_know_and_it_counts_the_village_each_dawn():
    g = new(["Werewolf", "Idol", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["captivate"] == tuple("ACDEFGH") and seat(g, "B") in g.awaited()
    g.apply(action(g, "B captivate D"))
    assert lines(g, "captivate") == ["BはDをファンにしました。"]
    night(g, "A attack E")
    assert lines(g, "fan") == ["DはBのファンになりました。"]
    assert told(g, "fan", "B") == told(g, "fan", "D") == [{"player": 1, "target": 3}]
    assert knows(g, "B") == {"D": "Fan"} and knows(g, "D") == {"B": "Idol"}
    assert lines(g, "idol count") == ["Bの観察の結果、現在の村人陣営の人数は6人でした。"]
    vote(g, "AF BF CF DF FA GF HF")
    assert "captivate" not in legal_verbs(g, "B")  # its first night only
    same_replay(g)


def test_idol_gets_a_second_fan_from_night_four_and_its_fans_lose_a_night_when_it_dies():
    g = new(["Werewolf", "Idol", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human", "Human",
             "Human", "Human"], {"drawvote": "random"})
    night(g, "B captivate C", "A attack E", "C divine D")
    vote(g, "AF BF CF DF FA GF HF IF JF KF LF")
    night(g, "A attack G", "C divine H")
    vote(g, "AI BI CI DI HI IA JI KI LI")
    assert told(g, "fan", "B") == [{"player": 1, "target": 2}]
    night(g, "A attack J", "C divine K")  # night 3: nothing yet
    vote(g, "AK BK CK DK HK KA LK")
    night(g, "A attack L", "C divine D", draws=[("second fan", "D")])  # night 4: D joins
    assert knows(g, "B") == {"C": "Fan", "D": "Fan"} and knows(g, "D") == {"B": "Idol"}
    vote(g, "AB CB DB HB BA")  # the アイドル is executed
    assert dead(g)["B"] == "execution"
    assert lines(g, "fan shock") == ["アイドルが死亡したショックでCは今夜能力を使えなくなりました。",
                                    "アイドルが死亡したショックでDは今夜能力を使えなくなりました。"]
    assert legal_verbs(g, "C") == {} and knows(g, "C") == {}  # no longer a fan
    assert legal_verbs(g, "A")["attack"]
    same_replay(g)


def test_idol_is_first_fan_attacked_before_night_four_means_no_second_fan():
    g = new(["Werewolf", "Idol", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B captivate C", "A attack C")
    assert dead(g) == {"C": "attack"} and lines(g, "idol count") == []  # no fan lives: not told
    vote(g, "AD BD DA ED FD GD HD ID JD")
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF IF JF")
    night(g, "A attack G")
    vote(g, "AH BH HA IH JH")
    night(g, "A attack I")  # night 4: no fan lives, nothing drawn
    assert told(g, "fan", "B") == [{"player": 1, "target": 2}]


def _day_five(fan_lives: bool):  # type: ignore[no-untyped-def]
    """Day 5 with A (wolf), B (アイドル) and three villagers alive; its fan J alive (and K drawn as its second
    fan on night 4) or attacked on night 3."""
    g = new(["Werewolf", "Idol", "Human", "Human", "Human", "Human", "Human", "Human", "Human", "Human",
             "Human", "Human"], {"runoff": "no", "drawvote": "random"})
    night(g, "B captivate J", "A attack C")
    vote(g, "AD BD DA ED FD GD HD ID JD KD LD")
    night(g, "A attack E")
    vote(g, "AF BF FA GF HF IF JF KF LF")
    night(g, "A attack G" if fan_lives else "A attack J")
    vote(g, "AH BH HA IH KH LH " + ("JH" if fan_lives else "GH"))
    night(g, "A attack I" if fan_lives else "A attack G", draws=[("second fan", "K")] if fan_lives else [])
    return g


def test_idol_without_a_fan_from_day_five_loses_every_tie():
    g = _day_five(fan_lives=False)
    assert sorted(g.names[s] for s in g.living()) == ["A", "B", "I", "K", "L"]
    vote(g, "AI BI IB KB LA")  # B 2, I 2: the tie goes against the アイドル
    assert dead(g)["B"] == "execution"
    g = _day_five(fan_lives=True)
    assert sorted(g.names[s] for s in g.living()) == ["A", "B", "J", "K", "L"]
    vote(g, "AJ BJ JB KB LA", draws=[("tie break", "J")])  # a fan lives: an ordinary tie, drawn  # a fan lives: an ordinary tie
    assert dead(g)["J"] == "execution"


# ---------------------------------------------------------------------- 歌人 (V2.1.7, V2.1.8a)

HAIKU = "古池や 蛙飛び込む 水の音"


def test_poet_sends_a_poem_its_receiver_alone_reads_and_the_pair_replies_in_turn():
    g = new(["Werewolf", "Poet", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B")["poem"] == tuple("ACDEFGH") and seat(g, "B") not in g.awaited()  # optional
    (legal,) = [lg for lg in g.legal_actions(1) if lg.verb.value == "poem"]
    assert legal.values == ((),) and legal.params[0].limit == 4096
    g.apply(action(g, f'B poem C "{HAIKU}"'))
    assert lines(g, "poem sent") == ["BはCに歌を送りました。"]
    night(g, "A attack D")
    assert lines(g, "poem came") == [f"CにBからの歌が届きました。「{HAIKU}」"]
    assert told(g, "poem came", "C") == [{"player": 1, "target": 2, "poem": HAIKU}]
    assert [m for _, m in g.messages if m.key == "poem came" and m.to != frozenset({2})] == []  # C alone
    assert lines(g, "poet paired") == ["CはBからの歌を受け取って歌人になりました。"]
    vote(g, "AE BE CE EA FE GE HE")
    assert "poem" not in legal_verbs(g, "B") and "reply" not in legal_verbs(g, "B")  # paired; its poem came last
    assert legal_verbs(g, "C") == {"reply": ()}  # the extra role: a poem only, to its partner
    g.apply(action(g, 'C reply "返歌"'))
    assert lines(g, "poem sent")[-1] == "CはBに歌を送りました。"
    night(g, "A attack F")
    assert told(g, "poem came", "B") == [{"player": 2, "target": 1, "poem": "返歌"}]
    vote(g, "AG BG CG GA HG")
    assert legal_verbs(g, "B") == {"reply": ()} and "reply" not in legal_verbs(g, "C")
    record = write(g)
    night_two = [e for e in record["events"] if e["type"] == "night"][1]
    assert {"player": "C", "action": "reply", "poem": "返歌"} in night_two["actions"]
    same_replay(g)


def test_a_poem_goes_to_a_dead_receiver_and_no_reply_to_a_dead_partner():
    g = new(["Werewolf", "Poet", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, f'B poem C "{HAIKU}"', "A attack C")  # C dies at 105, after the poem at 100
    assert told(g, "poem came", "C") and "C" in dead(g)
    vote(g, "AD BD DA ED FD GD HD")
    assert legal_verbs(g, "B") == {}  # paired; it waits for C, dead


def test_a_poem_is_one_to_4096_characters_and_a_refused_one_changes_nothing():
    g = new(["Werewolf", "Poet", "Human", "Human", "Human", "Human", "Human", "Human"])
    for text, message in (('B poem C ""', "text of 1–4096 characters, not 0"),
                          ("B poem C", 'poem takes its seats, then "POEM" in double quotes'),
                          ('B reply "x"', "has no action 'reply' tonight")):
        before = snapshot(g)
        with pytest.raises(Exception, match=message):
            g.apply(action(g, text))
        assert snapshot(g) == before
    from jinrou.classic.model import Action, Verb

    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="the poem is a text of 1–4096 characters, not 4097"):
        g.apply(Action(1, Verb("poem"), (2,), ("あ" * 4097,)))
    assert snapshot(g) == before
    g.apply(Action(1, Verb("poem"), (2,), ("あ" * 4096,)))


# ---------------------------------------------------------------------- 悪霊憑き (V2.2, V2.1.10)


def test_the_possessed_voice_is_a_living_possessed_able_to_speak_and_a_reviver_while_alive():
    from jinrou.classic.views import heaven_sees_all
    from tests.modes.test_classic_mode import Table

    roles = ["Human", "SpiritPossessed", "Werewolf", "Diviner", "Human", "Human", "Spellcaster"]
    table = Table({"players": 6, "times": {"night": 100, "voting": 60}, "rules": {"heavenview": "norevive"}},
                  roles=roles, humans=range(6))
    mode, village, game = table.mode, table.state, table.game
    assert mode.voices(village, 3, "heaven") == ()  # at night nothing is said aloud
    assert not heaven_sees_all(game)  # a living 悪霊憑き is a reviver (霊界表示 norevive)
    table.act(2, {"act": "divine", "targets": ["Ben"]})
    for _ in range(3):
        if table.game.stage.value != "day":
            table.deadline()
    game = table.game
    assert game.stage.value == "day" and str(table.state.turn) == "discussion"
    assert mode.voices(table.state, 3, "heaven") == (0,)  # Ann, the 悪霊憑き (room seat 0)
    assert mode.voices(table.state, 3, "village") == ()
    assert not mode.reads_veiled(table.state, 3) and not mode.reads_veiled(table.state, None)
    game.identity(1).gain(game.identity(1).layers[0].__class__.of(SUB_ROLES["Silenced"], LayerKind.MARK, 1))
    assert mode.voices(table.state, 3, "heaven") == ()  # 沈黙: it cannot speak in the day chat


# ---------------------------------------------------------------------- refusals, cards, bots


def test_the_cards_name_each_role_for_players():
    for role in NIGHTS:
        if role in ROLES:
            assert role_rule(role, "ja").startswith(ROLES[role].name_ja)
            assert role_rule(role, "en").startswith(ROLES[role].name_en + ":")


@st.composite
def night_setups(draw):
    """8–13 seats: 1–2 wolves, 1–4 of this group's roles, a 占い師 and a 狩人 sometimes, the rest 村人."""
    roles = draw(st.lists(st.sampled_from([r for r in NIGHTS if r in ROLES]), min_size=1, max_size=4))
    wolves = ["Werewolf", *draw(st.lists(st.sampled_from(["Werewolf", "WolfCub", "Madman"]), max_size=1))]
    extra = draw(st.lists(st.sampled_from(["Diviner", "Guard", "Witch", "Fox", "ToughGuy"]), max_size=2))
    cast = draw(st.permutations([*wolves, *roles, *extra, "Human", "Human", "Human"]))
    room = {"scapegoat": draw(st.sampled_from(["on", "off"]))}
    return cast, room, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(night_setups(), st.sampled_from(["heuristic", "random"]))
def test_bot_games_with_the_night_roles_end_and_replay_from_their_records(setup, kind):
    bot_game_replays(setup, kind)
