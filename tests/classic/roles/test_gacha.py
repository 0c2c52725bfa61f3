"""課金者 (GachaAddicted, classic-roles-village-1.md V1.2): pulls whose outcomes are drawn when they are
submitted — the player sees the role at once and may pull again or commit the same night — so the
draws travel with the action (the record writes them beside it; a server draws them before it folds
the action). Reference: 月下人狼's server L10008–10197 (the role), L13337–13349 (its 課金 mark)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from jinrou.classic import rules
from jinrou.classic.model import Action
from jinrou.classic.record import dumps, write
from jinrou.classic.replay import replay
from jinrou.classic.roles import ROLES
from jinrou.classic.roles.village_ballots import GACHA, GACHA_ODDS, GACHA_ROLES
from jinrou.classic.texts import render
from jinrou.errors import IllegalActionError, ImpossibleOutcomeError

from ..helpers import Recorder, action, cast, dead, given, legal_verbs, new, night, seat, snapshot, told, vote

CAST = ["Werewolf", "GachaAddicted", "Diviner", "Human", "Human", "Human", "Human", "Human"]


def pull(g, text: str, rarity: int, role: str) -> None:
    """``text`` (``B gacha normal``) with its outcomes forced: every one taken, no other drawn."""
    d = given([("gacha rarity", rarity), ("gacha role", role)])
    g.apply(action(g, text), d)
    assert not d.leftover()


def kinds(g, letter: str) -> tuple[str, ...]:
    legal = next((lg for lg in g.legal_actions(seat(g, letter)) if lg.verb is GACHA), None)
    return () if legal is None else legal.values[0]


def lines(g, letter: str) -> list[str]:
    return [render(m, g.names, "ja") for _, m in g.messages if m.to is not None and seat(g, letter) in m.to]


def test_a_normal_pull_is_seen_at_once_and_a_commit_becomes_the_role_at_level_122():
    g = new(CAST)
    assert legal_verbs(g, "B") == {"gacha": ()} and kinds(g, "B") == ("normal", "premium")
    pull(g, "B gacha normal", 2, "Guard")
    assert lines(g, "B")[-1] == "Bはノーマルガチャを引いて★★【狩人】を獲得しました。"  # told at once, the night goes on
    assert kinds(g, "B") == ("premium",) and "commit" in legal_verbs(g, "B")
    g.apply(action(g, "B commit"))
    assert lines(g, "B")[-1] == "Bは引き当てた【狩人】に決めました。"
    assert legal_verbs(g, "B") == {}  # committed: no more pulls tonight
    assert g.role(1).id == "GachaAddicted"  # not before level 122
    night(g, "A attack D", "C divine A")
    assert g.role(1).id == "Guard" and told(g, "role changed", "B") == [{"role": "Guard"}]
    assert g.identity(1).vote_weight(g.ctx) == 1  # a normal pull costs nothing
    vote(g, "AE BA CA EA FA GA HA")  # A executed: the village wins
    assert g.is_over and write(g)["result"]["roles"]["B"] == "Guard"


def test_the_changed_role_acts_from_the_next_night():
    g = new(CAST)
    pull(g, "B gacha normal", 2, "Guard")
    night(g, "B commit", "A attack D", "C divine A")
    vote(g, "AE BE CE EA FE GE HE")
    assert legal_verbs(g, "B") == {"guard": ("A", "C", "F", "G", "H")}


def test_pulls_draw_the_rarity_with_the_reference_odds_then_a_uniform_role_of_it():
    g = new(CAST)
    rec = Recorder([("gacha rarity", 1), ("gacha role", "Lycan"), ("gacha rarity", 3), ("gacha role", "Saint")])
    g.apply(action(g, "B gacha normal"), rec)
    g.apply(action(g, "B gacha premium"), rec)
    (k1, rarities1, odds1), (k2, roles1, w2), (k3, rarities3, odds3), (k4, roles3, w4) = rec.asked
    assert (k1, rarities1, odds1) == ("gacha rarity", [1, 2, 3, 4, 5], [500, 400, 90, 7, 3])  # ★1 .5 … ★5 .003
    assert (k3, rarities3, odds3) == ("gacha rarity", [3, 4, 5, 6], [900, 80, 18, 2])  # ★3 .9 … ★6 .002
    assert (k2, w2, k4, w4) == ("gacha role", None, "gacha role", None)
    assert roles1 == [r for r in GACHA_ROLES[1] if r in ROLES] and "Human" in roles1 and "Lycan" in roles1
    assert roles3 == [r for r in GACHA_ROLES[3] if r in ROLES] and "GachaAddicted" in roles3  # itself possible
    assert kinds(g, "B") == ()  # night 1: one premium pull (P = 1) and the normal one


def test_the_lists_are_the_reference_s_of_catalog_roles_and_only_declared_ones_are_drawn():
    from jinrou.classic.catalog import ROLES as CATALOG

    listed = [r for rarity in GACHA_ROLES.values() for r in rarity]
    assert len(listed) == len(set(listed)) == 87 and set(listed) <= set(CATALOG)
    assert "Helper" not in listed and "Watching" not in listed  # the reference's ★6 GM-mode seats (settled here)
    assert {r: len(GACHA_ROLES[r]) for r in GACHA_ROLES} == {1: 12, 2: 17, 3: 24, 4: 24, 5: 9, 6: 1}
    assert set(GACHA_ODDS) == {"normal", "premium"} and all(sum(w) == 1000 for _, w in GACHA_ODDS.values())
    g = new(CAST)
    before = snapshot(g)
    undeclared = next(((k, r) for k in range(1, 6) for r in GACHA_ROLES[k] if r not in ROLES), None)
    if undeclared is not None:  # every listed role is declared once the catalog is whole
        with pytest.raises(ImpossibleOutcomeError, match="gacha role cannot be"):
            pull(g, "B gacha normal", *undeclared)
    with pytest.raises(ImpossibleOutcomeError, match="gacha role cannot be 'Guard'"):  # Guard is ★2
        pull(g, "B gacha normal", 1, "Guard")
    with pytest.raises(ImpossibleOutcomeError, match="gacha rarity cannot be 6"):  # no ★6 from a normal pull
        pull(g, "B gacha normal", 6, "Neet")
    assert snapshot(g) == before  # an impossible outcome changes nothing (checked on a copy first)


def test_premium_pulls_are_bounded_by_the_last_vote_s_weight_and_cost_the_next_day_s_votes():
    # 秘書 D assists B on night 1: B's vote of day 2 weighs 2, so on night 2 B may pull premium twice
    g = new(["Werewolf", "GachaAddicted", "Diviner", "Secretary", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C divine A", "D assist B", draws=[("order", ["C", "D"])])
    vote(g, "AF BF CF DF FA GF HF IF")
    assert kinds(g, "B") == ("normal", "premium")
    gacha = next(lg for lg in g.legal_actions(1) if lg.verb is GACHA)
    assert gacha.note == ("プレミアムガチャはあと2回", "premium pulls left: 2")  # the form says P
    pull(g, "B gacha premium", 3, "Prince")
    pull(g, "B gacha premium", 4, "Witch")
    assert kinds(g, "B") == ("normal",)  # P = 2 spent
    with pytest.raises(IllegalActionError, match="the kind must be one of normal, not 'premium'"):
        g.apply(action(g, "B gacha premium"), np.random.default_rng(0))
    pull(g, "B gacha normal", 1, "Human")
    assert legal_verbs(g, "B") == {"commit": ()}
    night(g, "A attack G", "C divine B")
    assert g.role(1).id == "GachaAddicted" and g.identity(1).vote_weight(g.ctx) == -1  # 1 − 2 (V1.1.2: it may be < 1)
    cast(g, "BA")
    assert g.ballot.weights[1] == -1
    vote(g, "AH CH DH HA IH")
    # night 3: P = that vote's weight with its own 課金 given back (−1 + 2 = 1); the mark ended at dusk
    assert kinds(g, "B") == ("normal", "premium") and g.identity(1).vote_weight(g.ctx) == 1
    pull(g, "B gacha premium", 3, "Ninja")
    assert kinds(g, "B") == ("normal",)


def test_a_held_role_is_dropped_at_the_next_dusk_and_the_dead_do_not_change():
    g = new(CAST)
    pull(g, "B gacha normal", 5, "King")
    night(g, "A attack D", "C divine A")  # not committed
    vote(g, "AE BE CE EA FE GE HE")
    assert "commit" not in legal_verbs(g, "B") and g.role(1).id == "GachaAddicted"
    pull(g, "B gacha normal", 4, "Witch")
    g.apply(action(g, "B commit"))
    night(g, "A attack B", "C divine F")  # killed before level 122: it stays a 課金者
    assert dead(g)["B"] == "attack" and g.role(1).id == "GachaAddicted"


def test_commit_needs_a_pull_and_refusals_name_what_is_allowed():
    g = new(CAST)
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'commit' tonight"):
        g.apply(action(g, "B commit"))
    with pytest.raises(IllegalActionError, match="the kind must be one of normal, premium, not None"):
        g.apply(Action(1, GACHA), np.random.default_rng(0))
    assert snapshot(g) == before
    pull(g, "B gacha normal", 1, "Human")
    with pytest.raises(IllegalActionError, match="the kind must be one of premium, not 'normal'"):  # once a night
        g.apply(action(g, "B gacha normal"), np.random.default_rng(0))


def test_without_a_source_of_outcomes_a_pull_is_refused_and_nothing_changes():
    g = new(CAST)
    before = snapshot(g)
    assert rules.draws_at_once(g, action(g, "B gacha normal")) and not rules.draws_at_once(g, action(g, "A attack D"))
    with pytest.raises(ImpossibleOutcomeError, match="no outcome is given and there is no seed"):
        rules.fold(g, action(g, "B gacha normal"))
    assert snapshot(g) == before


def test_a_hypnotized_gacha_addict_neither_changes_nor_pays():
    # W.1.3: its level hook resolves to nothing (the reference skips a hypnotized seat's midnight)
    g = new(["Werewolf", "GachaAddicted", "Hypnotist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE")
    pull(g, "B gacha premium", 3, "Prince")
    g.apply(action(g, "B commit"))
    night(g, "A attack F", "C hypnotize B")
    assert g.role(1).id == "GachaAddicted" and g.identity(1).vote_weight(g.ctx) == 1


def test_a_sealed_gacha_addict_may_not_pull():
    g = new(["ThreateningWolf", "GachaAddicted", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    g.apply(action(g, "A threaten B"))
    vote(g, "AE BE CE EA FE GE HE")
    assert legal_verbs(g, "B") == {}
    with pytest.raises(IllegalActionError):
        g.apply(action(g, "B gacha normal"), np.random.default_rng(0))


def test_the_record_writes_a_pull_s_outcomes_beside_it_and_replays_them():
    g = new(CAST)
    pull(g, "B gacha normal", 2, "Dog")
    pull(g, "B gacha premium", 4, "Dictator")
    g.apply(action(g, "B commit"))
    night(g, "A attack D", "C divine A")
    record = write(g)
    actions = record["events"][0]["actions"]
    assert actions[:3] == [
        {"player": "B", "action": "gacha", "kind": "normal",
         "draws": [{"draw": "gacha rarity", "value": 2}, {"draw": "gacha role", "value": "Dog"}]},
        {"player": "B", "action": "gacha", "kind": "premium",
         "draws": [{"draw": "gacha rarity", "value": 4}, {"draw": "gacha role", "value": "Dictator"}]},
        {"player": "B", "action": "commit"},
    ]
    again = replay(json.loads(dumps(record)))
    assert write(again) == record and again.role(1).id == "Dictator"
    # an input record may leave a pull's outcomes out (the reference's games do): they are drawn
    bare = json.loads(dumps(record))
    for a in bare["events"][0]["actions"]:
        a.pop("draws", None)
    for event in bare["events"]:
        event.pop("learned", None)
    assert replay(bare).role(1).id in ROLES
    # outcomes the rules cannot draw are an error naming the event
    wrong = json.loads(dumps(record))
    wrong["events"][0]["actions"][0]["draws"][1]["value"] = "Dictator"  # not ★2
    with pytest.raises(Exception, match="event 1: gacha role cannot be 'Dictator'"):
        replay(wrong)
    extra = json.loads(dumps(record))
    extra["events"][0]["actions"][3]["draws"] = [{"draw": "gacha rarity", "value": 1}]  # the attack draws nothing
    with pytest.raises(Exception, match="event 1: the record gives outcomes the rules do not draw: 'gacha rarity'"):
        replay(extra)


def test_a_bot_gacha_addict_pulls_again_after_a_poor_pull_and_commits_to_a_rare_role_of_its_team():
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.agent import act

    g = new(CAST)
    bots = [None, HeuristicAgent(), *([None] * 6)]
    forced = given([("gacha rarity", 1), ("gacha role", "Human"), ("gacha rarity", 4), ("gacha role", "Witch")])
    act(g, bots, np.random.default_rng(0), forced)  # asked again after each pull: it sees what it drew
    assert not forced.leftover()
    assert [m["role"] for m in told(g, "gacha normal", "B")] == ["Human"]
    assert [m["role"] for m in told(g, "gacha premium", "B")] == ["Witch"]
    assert told(g, "gacha commit", "B") == [{"player": 1, "role": "Witch"}] and legal_verbs(g, "B") == {}
    g = new(CAST)
    forced = given([("gacha rarity", 1), ("gacha role", "Lycan"),  # ★1: not kept
                    ("gacha rarity", 3), ("gacha role", "GachaAddicted")])  # itself again: not kept either
    act(g, bots, np.random.default_rng(0), forced)
    assert not forced.leftover() and told(g, "gacha commit", "B") == []  # one premium pull a night, no more
    assert [m["role"] for m in told(g, "gacha premium", "B")] == ["GachaAddicted"]
