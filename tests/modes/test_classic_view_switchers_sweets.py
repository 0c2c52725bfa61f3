"""What the classic page reads of issue 35's switchers (T.4) and team Friend's third parties (T.5), payload
side — and the payload audit of their private facts: a 盗人's candidates and the role it steals, a false
lover (手玉), a hidden lover (本命) and the chocolates reach their own seat only."""

from __future__ import annotations

import json
from typing import Any

from .test_classic_view_werewolves import table


def payload(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)


def test_a_thief_picks_a_candidate_from_its_form_and_nobody_else_learns_them():
    t = table(["Thief", "Werewolf", "Diviner", "Fox", "Fox", "Fox"])  # only 占い師 may be drawn first
    (steal,) = t.view(0)["legal"]
    assert steal["verb"] == "steal" and steal["arity"] == 0 and steal["required"]
    assert steal["params"] == [{"key": "role", "kind": "role", "values": [
        {"id": "Diviner", "ja": "占い師", "en": "Seer"}, {"id": "Human", "ja": "村人", "en": "Villager"}]}]
    assert "Annが選択可能な役職は占い師,村人です。" in payload(t.view(0))
    t.act(0, {"act": "steal", "role": "Diviner"})
    me = t.view(0)["me"]
    assert me["role"]["id"] == "Diviner" and "Annは占い師になりました。" in payload(t.view(0))
    for seat in range(1, 6):
        text = payload(t.view(seat))
        assert "選択可能な役職" not in text and "may become" not in text and "占い師になりました" not in text


def test_a_plaything_is_shown_as_the_bad_ladys_lover_and_nobody_else_sees_it():
    t = table(["BadLady", "Werewolf", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "pair", "targets": ["Cat", "Dan"]})
    for seat in (2, 3):  # 本命 and 手玉 alike
        me = t.view(seat)["me"]
        assert [s["id"] for s in me["subs"]] == ["Lovers"] and me["team"]["id"] == "Friend"
        assert "手玉" not in payload(t.view(seat)) and "本命" not in payload(t.view(seat))
    lady = payload(t.view(0))
    assert "AnnはCatを本命の相手に選びました。" in lady and "AnnはDanを手玉に取りました。" in lady
    for seat in (1, 4, 5):
        text = payload(t.view(seat))
        assert "求愛" not in text and "手玉" not in text and all(s["subs"] == [] for s in t.view(seat)["players"])


def test_chocolates_and_the_hidden_lover_stay_with_their_seats():
    t = table(["Patissiere", "Werewolf", "Human", "Human", "Human", "Human"])
    t.act(0, {"act": "pair", "targets": ["Cat"]})
    t.act(1, {"act": "attack", "targets": ["Dan"]})
    t.deadline()
    cat = t.view(2)["me"]
    assert cat["team"]["id"] == "Human" and [s["id"] for s in cat["subs"]] == ["Chocolate"] and cat["known"] == []
    assert "Catにチョコレートが届きました。" in payload(t.view(2)) and "Ann" not in json.dumps(cat["known"])
    for seat in (1, 4, 5):  # each is told of its own chocolate, never of another's nor of the 本命
        text = payload(t.view(seat))
        assert "Catにチョコレート" not in text and "本命でした" not in text and "Catと恋人" not in text
    assert "AnnはCatと恋人になりました。" in payload(t.view(0))


def test_a_room_draws_the_thiefs_candidates_before_dealing_and_publishes_the_list_before_the_exchange():
    from .test_classic_mode import Table

    t = Table({"players": 6, "cast": "fixed", "rules": {"scapegoat": "off"},
               "roles": {"Thief": 1, "Werewolf": 1, "Diviner": 1, "Guard": 1, "Human": 2}}, humans=range(6))
    kind, cast = t.events[0]
    assert kind == "outcome" and cast["draws"][0]["draw"] == "thief candidates"
    pair = cast["draws"][0]["value"]
    assert set(pair) <= {"Diviner", "Guard", "Human"}
    dealt = cast["cast"]
    assert sorted(dealt).count("Human") == 2 + sum(r != "Human" for r in pair)  # each copy drawn left for a 村人
    assert all(r not in dealt for r in pair if r != "Human")
    published = {r["id"]: r["count"] for r in cast["published"]["roles"]} if isinstance(
        cast["published"].get("roles"), list) else cast["published"]["roles"]
    assert published.get("Diviner") == 1 and published.get("Guard") == 1  # the list before the exchange
    t.refold()  # the room comes back from its events: the candidates are given, not drawn again
