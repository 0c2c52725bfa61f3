"""The classic mode (jinrou.modes.classic) on its own: settings, casts, turns, actions, bots, views,
channels, chance — driven by a miniature of the server's loop whose events, folded again into a
fresh mode, must give the same game (that is what a restart does)."""

from __future__ import annotations

import io
import json
import pickle
import re
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pytest

from jinrou.classic.casting import normal_cast
from jinrou.classic.claims import Claim
from jinrou.classic.draws import Draws
from jinrou.classic.game import Game
from jinrou.classic.published import RoleList
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.settings import SCHEMA as ENGINE
from jinrou.errors import IllegalActionError
from jinrou.modes import get
from jinrou.modes.base import FieldKind, Schema, SettingsError
from jinrou.modes.classic import SCAPEGOAT, ClassicMode, Turn, Village
from jinrou.modes.classic_actions import repeated
from jinrou.modes.classic_settings import NOT_ONLINE, engine_settings, schema
from jinrou.yaminabe.publish import publication_key

SCHEMA = schema()  # the package's roles
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Kim", "Lou", "Max", "Ned", "Oz")


class Table:
    """The server's loop in miniature (``RoomService._progress``): outcomes, bots, closes; every
    event kept as the store would keep it (JSON), so that :meth:`refold` can rebuild the game."""

    def __init__(self, settings: Mapping[str, Any], humans: Iterable[int] = (0,), seed: int = 1,
                 roles: list[str] | None = None, players: tuple[str, ...] | None = None) -> None:
        self.mode = ClassicMode()
        self.settings = self.mode.settings(dict(settings))
        self.players = players or NAMES[: self.settings["players"]]
        self.humans = set(humans)
        self.seed = seed
        self.events: list[tuple[str, Any]] = []
        self.state = self.mode.start(self.players, self.settings)
        if roles is not None:
            self._record("outcome", forced_cast(self.state, roles))
        self.progress()

    def rng(self) -> np.random.Generator:
        return np.random.default_rng([self.seed, len(self.events)])

    def _record(self, kind: str, data: Any) -> None:
        data = json.loads(json.dumps(data))  # as the store keeps it
        self.events.append((kind, data))
        self.state = fold(self.mode, self.state, kind, data)

    def progress(self) -> None:
        mode = self.mode
        while mode.result(self.state) is None:
            outcome = mode.draw(self.state, self.rng)
            if outcome is not None:
                self.events.append(("outcome", json.loads(json.dumps(outcome))))
                self.state = mode.happen(self.state, outcome)
                continue
            waiting = mode.awaited(self.state)
            bots = [s for s in waiting if s not in self.humans]
            if bots:
                for seat in bots:
                    if seat in mode.awaited(self.state):  # as the service: a day action may end the day
                        self._record("action", [seat, mode.bot_action(self.state, seat, self.rng())])
                    if self.state.pending is not None:  # as the service: its outcome is drawn before anything else
                        break
                continue
            if waiting or mode.phase(self.state).timed:  # a timed turn (n秒ルール) runs to its deadline
                return
            self._record("close", None)

    def act(self, seat: int, action: Any) -> None:
        self.state = self.mode.act(self.state, seat, action)
        self.events.append(("action", [seat, json.loads(json.dumps(action))]))
        self.progress()

    def deadline(self) -> None:
        self._record("close", None)
        self.progress()

    @property
    def game(self) -> Game:
        assert self.state.game is not None
        return self.state.game

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.mode.view(self.state, seat)

    def refold(self) -> tuple[ClassicMode, Village]:
        """The events folded again into a fresh mode, as a restarted server does."""
        mode = ClassicMode()
        state = mode.start(self.players, self.settings)
        for kind, data in self.events:
            state = fold(mode, state, kind, data)
        return mode, state

    def restart(self) -> None:
        self.mode, self.state = self.refold()
        self.progress()

    def play_humans(self, limit: int = 400) -> None:
        """The humans take the first legal choice, finish their nights, until the game ends."""
        for _ in range(limit):
            if self.mode.result(self.state) is not None:
                return
            for seat in sorted(self.humans):
                if self.mode.result(self.state) is not None:
                    return
                action = first_choice(self.view(seat))
                if action is not None and seat in self.mode.awaited(self.state):
                    self.act(seat, action)
            if self.mode.awaited(self.state) and not any(
                    first_choice(self.view(s)) for s in self.mode.awaited(self.state)):
                self.deadline()
        raise AssertionError("the game did not end")


def fold(mode: ClassicMode, state: Village, kind: str, data: Any) -> Village:
    if kind == "outcome":
        return mode.happen(state, data)
    if kind == "action":
        return mode.act(state, data[0], data[1])
    return mode.close(state)


def forced_cast(village: Village, roles: list[str]) -> dict[str, Any]:
    """The cast outcome dealing ``roles`` in seat order (身代わりくん's first when it plays)."""
    players = tuple(p for s, p in enumerate(village.players) if s != village.master)  # a game master plays no seat
    names = ((SCAPEGOAT,) if village.offset else ()) + players
    draws = Draws(np.random.default_rng(0))
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    Game.new(names, roles, engine_settings(village.settings), draws)
    return {"cast": roles, "published": RoleList.of(counts).to_json(), "draws": [d.to_json() for d in draws.taken]}


def first_choice(view: dict[str, Any]) -> dict[str, Any] | None:
    game = view
    for legal in game["legal"]:
        if legal["verb"] == "vote":
            return {"vote": legal["targets"][0]}
        if len(legal["targets"]) >= legal["arity"]:
            action: dict[str, Any] = {"act": legal["verb"], "targets": legal["targets"][:legal["arity"]]}
            for param in legal["params"]:  # each typed parameter's first allowed value (a kit, a gacha kind)
                action[param["key"]] = param["values"][0]["id"] if param["values"] else "歌"  # a text: any
            return action
    me = game["me"]
    return {"done": True} if me and me["may_finish"] else None


# ---------------------------------------------------------------------- settings


def test_the_form_offers_every_engine_setting_played_online_and_the_casting():
    keys = {f.key for f in SCHEMA.fields}
    assert set(ENGINE) - NOT_ONLINE <= keys
    assert not NOT_ONLINE & keys
    assert {"players", "cast", "roles", "yaminabe_safety", "categories", "excluded", "yaminabe_hidejobs"} <= keys
    kinds = {f.key: f.kind for f in SCHEMA.fields}
    assert kinds["roles"] is FieldKind.COUNTS and kinds["excluded"] is FieldKind.SET
    assert kinds["wolfsound" if "wolfsound" in kinds else "deadfox"] is FieldKind.BOOLEAN
    roles = next(f for f in SCHEMA.fields if f.key == "roles").to_json()
    werewolf = next(c for c in roles["choices"] if c["value"] == "Werewolf")
    assert {k: werewolf[k] for k in ("value", "en", "ja", "group")} == {
        "value": "Werewolf", "en": "Werewolf", "ja": "人狼", "group": {"en": "werewolf · werewolves", "ja": "人狼系 · 人狼陣営"}}
    assert "balanced" in {c.value for c in next(f for f in SCHEMA.fields if f.key == "yaminabe_safety").choices}
    json.dumps(SCHEMA.to_json())


def test_defaults_are_the_standard_cast_and_the_engine_defaults():
    settings = ClassicMode().settings({})
    assert settings["players"] == 9 and settings["roles"] == normal_cast(10)
    assert engine_settings(settings) == {name: s.default for name, s in ENGINE.items() if name not in NOT_ONLINE}


def test_switches_become_the_engine_words():
    settings = ClassicMode().settings({"rules": {"consecutiveguard": False, "deadfox": True, "scapegoat": "no"}})
    engine = engine_settings(settings)
    assert (engine["consecutiveguard"], engine["deadfox"], engine["scapegoat"]) == ("no", "on", "no")


@pytest.mark.parametrize(("value", "message"), [
    ({"Wolf": 1}, "roles: unknown 'Wolf': allowed are"),
    ({"Werewolf": -1}, "roles: the count of Werewolf must be 0–41, not -1"),
    ({"Werewolf": True}, "roles: the count of Werewolf must be 0–41, not True"),
    ("Werewolf:x", "roles: the count of Werewolf must be a whole number, not 'x'"),
    ([1], 'roles is an object of counts, e.g. {"Human": 1}'),
])
def test_bad_role_counts_are_refused_saying_what_is_allowed(value, message):
    with pytest.raises(SettingsError) as error:
        ClassicMode().settings({"cast": "fixed", "roles": value})
    assert str(error.value).startswith(message)


def test_counts_and_sets_read_json_or_the_forms_text():
    field = next(f for f in SCHEMA.fields if f.key == "roles")
    assert field.check("Werewolf:2, Diviner, Human:0") == {"Diviner": 1, "Werewolf": 2}  # choice order, zeros out
    assert field.check({"Human": 3, "Werewolf": 1}) == {"Human": 3, "Werewolf": 1}
    excluded = next(f for f in SCHEMA.fields if f.key == "excluded")
    assert excluded.check("Fox, Cat, Fox") == ["Cat", "Fox"] == excluded.check(["Fox", "Cat"])
    assert excluded.check("") == [] and field.check("") == {}
    with pytest.raises(SettingsError, match="excluded: unknown 'Nobody'"):
        excluded.check(["Nobody"])
    schema = Schema((field,))
    first, second = schema.validate({}), schema.validate({})
    first["roles"]["Human"] = 1
    assert second["roles"] == {}  # defaults are copied, not shared


@pytest.mark.parametrize(("settings", "message"), [
    ({"players": 5, "rules": {"scapegoat": "off"}}, "a room has at least 6 seats, 身代わりくん included: 5 players are 5"),
    ({"cast": "fixed", "roles": {"Werewolf": 1, "Human": 3}}, "a fixed cast gives every seat a role: 4 roles for 10 seats"),
    ({"cast": "fixed", "roles": {"Werewolf": 1, "Neet": 1, "Human": 8}}, "Neet (ニート) is cast only by 闇鍋"),
    ({"cast": "fixed", "roles": {"Werewolf": 10}}, "身代わりくん may draw no role of this cast"),
    ({"roles": {"Werewolf": 1}}, "roles are for a fixed cast (自由配役) or 一部闇鍋"),
    ({"cast": "yaminabe", "excluded": ["Fox"]}, "categories and excluded roles are for 一部闇鍋"),
    ({"cast": "partial", "excluded": ["Werewolf", "BigWolf", "WolfCub", "WolfDiviner", "LoneWolf", "CurseWolf",
                                      "IntuitionWolf", "SealWolf", "DarkWolf", "NetherWolf", "CautiousWolf",
                                      "TongueWolf", "GreedyWolf", "FascinatingWolf", "CynthiaWolf", "ToughWolf",
                                      "EyesWolf", "DecoyWolf", "SolitudeWolf",
                                      "CraftyWolf", "AbsoluteWolf", "ThreateningWolf", "BloodWolf"]},
     "every 人狼系 (werewolf) role is excluded"),
    ({"cast": "partial", "roles": {"Werewolf": 11}}, "more fixed roles than seats"),
    ({"cast": "preset", "preset": "テーマ配役.女王村", "players": 8}, "女王村 (Queen village) cannot cast 9 seats"),
    ({"cast": "preset", "preset": "その他.spaceWerewolf"}, "preset must be one of"),  # another game's roles
    ({"cast": "preset", "roles": {"Werewolf": 1}}, "roles are for a fixed cast (自由配役) or 一部闇鍋"),
])
def test_settings_that_cannot_be_played_are_refused_at_once(settings, message):
    with pytest.raises(SettingsError) as error:
        ClassicMode().settings(settings)
    assert message in str(error.value)


def test_easy_yaminabe_is_always_cast_at_high_safety():
    assert ClassicMode().settings({"cast": "easy", "yaminabe_safety": "none"})["yaminabe_safety"] == "high"


def test_the_mode_is_registered_by_one_line():
    mode = get("classic")
    assert mode.name == "classic" and mode.script.name == "classic.js" and mode.script.exists()


# ---------------------------------------------------------------------- casts and chance


@pytest.mark.parametrize("publish", ["full", "team", "hidden"])
def test_a_yaminabe_cast_is_drawn_as_an_outcome_and_published_as_the_room_chose(publish):
    table = Table({"players": 12, "cast": "yaminabe", "yaminabe_safety": "middle", "yaminabe_hidejobs": publish},
                  humans=range(12))
    kind, outcome = table.events[0]
    assert kind == "outcome" and len(outcome["cast"]) == 13 and outcome["published"]["kind"] == publish
    assert list(table.game.cast) == outcome["cast"]
    shown = table.view(None)["published"]
    assert shown["kind"] == publish
    if publish == "full":
        assert sum(r["count"] for r in shown["roles"]) == 13 and shown["ja"].startswith("出現役職:")
    elif publish == "team":
        assert sum(t["count"] for t in shown["teams"]) == 13 and not shown["roles"]
    else:
        assert not shown["roles"] and not shown["teams"] and shown["ja"] == ""
    again = ClassicMode().draw(ClassicMode().start(table.players, table.settings),
                               lambda: np.random.default_rng([table.seed, 0]))
    assert again == outcome  # the same seed and event number: the same draw


def test_bots_are_told_the_role_list_only_when_it_was_published():
    for publish, told in (("full", True), ("hidden", False)):
        table = Table({"players": 8, "cast": "yaminabe", "yaminabe_hidejobs": publish}, humans=[0])
        bots = table.state.bots
        assert bots and all((agent.table is not None) is told for agent in bots.values())


def test_a_fixed_cast_deals_the_roles_given_and_publishes_their_counts():
    roles = {"Werewolf": 2, "Diviner": 1, "Guard": 1, "Human": 4}
    table = Table({"players": 8, "cast": "fixed", "roles": roles, "rules": {"scapegoat": "off"}}, humans=range(8))
    assert sorted(table.game.cast) == sorted(r for r, c in roles.items() for _ in range(c))
    shown = [r["id"] for r in table.view(3)["published"]["roles"]]
    assert shown == sorted(roles, key=publication_key)  # published order: 村人系 first, then catalog order


def test_a_preset_room_deals_the_presets_cast_keeps_it_in_its_settings_and_names_it_in_the_lobby():
    from jinrou.classic.presets import cast
    from jinrou.modes.classic_settings import summary

    table = Table({"players": 15, "cast": "preset", "preset": "テーマ配役.女王村"}, humans=range(15))
    assert table.settings["roles"] == cast("女王村", 16)  # 15 players and 身代わりくん
    assert sorted(table.game.cast) == sorted(r for r, c in cast("女王村", 16).items() for _ in range(c))
    assert summary(table.settings) == {"en": "Queen village (女王村)", "ja": "女王村"}
    choices = next(f for f in schema().fields if f.key == "preset").choices
    assert {c.value for c in choices} >= {"普通配役.普通2", "テーマ配役.女王村"}
    assert next(c for c in choices if c.value == "テーマ配役.女王村").group == ("Themes", "テーマ配役")


# ---------------------------------------------------------------------- a whole game and its refold


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_game_with_a_person_refolds_to_the_same_game_and_its_record_replays(seed):
    table = Table({"players": 13, "cast": "yaminabe", "yaminabe_safety": "high", "times": {"night": 60}}, seed=seed)
    table.play_humans()
    result = table.mode.result(table.state)
    assert result is not None
    mode, again = table.refold()
    for seat in [None, *range(13)]:
        assert mode.view(again, seat) == table.view(seat)
    record = mode.record(again, 7)
    assert record == table.mode.record(table.state, 7)
    replayed = replay(json.loads(json.dumps(record)))
    assert write(replayed)["result"] == record["result"]
    assert record["published"]["kind"] == "full"
    assert table.view(None)["result"]["winners"] == [table.players[s] for s in result.winners]


def test_a_restored_bot_never_repeats_a_claim():
    roles = ["Human", "Human", "Diviner", "Psychic", "Werewolf", "Madman", "Guard", "Human", "Human", "Werewolf"]
    table = Table({"players": 9}, seed=4, roles=roles, humans=[0])
    while table.game.day < 3 and table.game.stage.value != "over":
        table.act(0, first_choice(table.view(0)))
    table.restart()  # the bots are made again and read the game from their views
    assert table.state.bots == {} or all(s in table.state.bots for s in table.state.bots)
    table.play_humans()
    lasting = [(s, c) for _, s, c in table.game.claims if c.kind.value in ("CO", "DIVINED", "IDENTIFIED")]
    assert lasting and len(lasting) == len(set(lasting))
    assert repeated(table.game, *lasting[0])

# ---------------------------------------------------------------------- turns, deadlines, sudden death

SEER_GAME = ["Human", "Human", "Diviner", "Werewolf", "Human", "Human", "Guard"]  # 身代わりくん, Ann, Ben, Cat, …


def seer_table(**times: int) -> Table:
    return Table({"players": 6, "times": {"night": 100, **times}}, roles=SEER_GAME, humans=[0, 1, 2])


def test_a_night_lasts_until_everybody_finished_it_villagers_and_the_dead_included():
    table = seer_table()
    assert table.mode.awaited(table.state) == (0, 1, 2)  # the bots finished at once
    table.act(0, {"done": True})  # a villager may finish at once
    with pytest.raises(IllegalActionError, match="first divine: it is required tonight"):
        table.act(1, {"done": True})
    table.act(1, {"act": "divine", "targets": ["Cat"]})
    assert table.view(0)["me"]["ready"] and not table.view(0)["me"]["may_finish"]
    assert table.mode.awaited(table.state) == (1, 2)  # the wolf's attack is fixed by the scapegoat on night 1
    table.act(1, {"done": True})
    table.act(2, {"done": True})
    assert table.game.stage.value == "day" and table.view(0)["phase"] == "2日目 昼 · day 2"


def test_at_the_deadline_a_missing_required_action_gets_the_grace_then_a_sudden_death_that_loses():
    table = seer_table()
    table.act(0, {"done": True})
    table.act(2, {"done": True})
    assert table.mode.seconds(table.state, table.settings, ()) == 100.0
    table.deadline()  # the seer did not divine: grace
    assert table.state.turn is Turn.GRACE and table.mode.awaited(table.state) == (1,)
    assert table.mode.seconds(table.state, table.settings, ()) == 120.0 and "猶予" in table.view(0)["phase"]
    table.deadline()
    ben = table.view(None)["players"][2]
    assert not ben["alive"] and ben["cause"]["id"] == "sudden"
    table.play_humans()
    assert 1 not in table.mode.result(table.state).winners  # a sudden death always loses


def test_a_night_of_length_zero_ends_when_the_required_actions_are_in():
    table = seer_table(night=0)
    assert table.mode.awaited(table.state) == (1,)
    table.act(1, {"act": "divine", "targets": ["Cat"]})
    assert table.game.stage.value == "day"


def test_a_voting_time_follows_the_discussion_and_votes_wait_for_it():
    table = seer_table(voting=30)
    for seat in (1, 0, 2, 1):
        table.act(seat, first_choice(table.view(seat)))  # the seer divines, everybody finishes the night
    assert table.state.turn is Turn.DISCUSSION and table.mode.seconds(table.state, table.settings, ()) == 330.0
    with pytest.raises(IllegalActionError, match="the vote opens after the discussion"):
        table.act(0, {"vote": "Ben"})
    for seat in (0, 1, 2):
        table.act(seat, {"done": True})  # ready to vote
    assert table.state.turn is Turn.MAIN and table.mode.seconds(table.state, table.settings, ()) == 30.0
    assert table.view(0)["phase_label"] == ["day 2 voting", "2日目 昼 投票"]


# ---------------------------------------------------------------------- wolves, proposals, claims

WOLVES = ["Human", "Werewolf", "Werewolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]


def test_bot_wolves_propose_and_a_person_among_them_chooses():
    table = Table({"players": 9, "rules": {"scapegoat": "off"}}, roles=WOLVES[1:], humans=[0, 3])
    proposals = table.view(0)["proposals"]
    assert {p["wolf"] for p in proposals} == {"Ben", "Cat"}
    assert table.view(3)["proposals"] == [] and table.view(None)["proposals"] == []
    table.act(0, {"act": "attack", "targets": ["Eve"]})
    assert table.view(0)["proposals"] == []  # the wolves attacked: nothing is left to propose
    table.act(0, {"done": True})
    table.act(3, {"act": "divine", "targets": ["Ann"]})
    table.act(3, {"done": True})
    assert not table.view(None)["players"][4]["alive"]


def test_proposals_are_made_at_the_nights_end_when_no_wolf_attacks():
    table = Table({"players": 9, "rules": {"scapegoat": "off"}}, roles=WOLVES[1:], humans=[0, 3])
    target = table.view(0)["proposals"][0]["target"]
    table.act(3, {"act": "divine", "targets": ["Ann"]})
    table.act(3, {"done": True})
    table.act(0, {"done": True})  # the proposal counts as the wolves' attack
    assert not next(p for p in table.view(None)["players"] if p["name"] == target)["alive"]


def test_a_person_claims_in_the_bots_language_and_everybody_reads_it():
    table = seer_table()
    for seat in (1, 0, 2):
        table.act(seat, first_choice(table.view(seat)))
        table.act(seat, {"done": True}) if table.view(seat)["me"]["may_finish"] else None
    table.act(1, {"claim": {"kind": "CO", "role": "占い師"}})
    table.act(1, {"claim": {"kind": "DIVINED", "target": "Cat", "result": "werewolf"}})
    for seat in (None, 0, 2, 3):
        claims = [(c["player"], c["kind"], c["en"]) for c in table.view(seat)["claims"] if c["player"] == "Ben"]
        assert ("Ben", "CO", "I am the Seer.") in claims and ("Ben", "DIVINED", "I divined Cat: werewolf.") in claims
    assert Claim.parse("DIVINED Cat werewolf", table.game.names) in [c for _, _, c in table.game.claims]


@pytest.mark.parametrize(("action", "message"), [
    ({"claim": {"kind": "CO"}}, 'a claim is {"kind": "CO", "role": ROLE}'),
    ({"claim": {"kind": "CO", "role": "Pope"}}, "unknown role 'Pope'"),
    ({"claim": {"kind": "VOTE", "target": "Zed"}}, "no player 'Zed'"),
    ({"claim": {"kind": "DIVINED", "target": "Cat", "result": "wolf"}},
     "a divination is human, werewolf, pumpkin or oni, not 'wolf'"),  # かぼちゃ魔's 「かぼちゃ」 (W.1.5), 鬼 (T.1.10)
    ({"claim": {"kind": "IDENTIFIED", "target": "Cat", "result": "pumpkin"}},
     "a psychic result is human, werewolf or oni, not 'pumpkin'"),
    ({"claim": {"kind": "ESTIMATE", "target": "Cat", "result": "oni"}}, "a result is human or werewolf, not 'oni'"),
    ({"vote": "Ann", "extra": 1}, "unknown action ['extra', 'vote']"),
    ({"act": "fly", "targets": []}, "unknown action 'fly'"),
    ({"done": "yes"}, 'say {"done": true}'),
    ({"propose": "attack", "targets": []}, "only a wolf that may attack tonight proposes an attack"),
    ([], "an action is an object"),
])
def test_bad_actions_are_refused_saying_what_is_allowed_and_change_nothing(action, message):
    table = seer_table()
    for seat in (1, 0, 2):
        table.act(seat, first_choice(table.view(seat)))
        table.act(seat, {"done": True}) if table.view(seat)["me"]["may_finish"] else None
    before = [table.view(s) for s in (None, 0, 1, 2)]
    with pytest.raises(IllegalActionError) as error:
        table.act(1, action)
    assert message in str(error.value)
    assert [table.view(s) for s in (None, 0, 1, 2)] == before


def test_claims_are_made_by_day_only():
    table = seer_table()
    with pytest.raises(IllegalActionError, match="claims are made by day, not at the night"):
        table.act(1, {"claim": {"kind": "CO", "role": "Diviner"}})


# ---------------------------------------------------------------------- views and channels


def keys(channels) -> dict[str, bool]:
    """The channels and whether each is open, every seat's own 独り言 aside (its tests are its own)."""
    return {c.key: c.writable for c in channels if not c.key.startswith("monologue-")}


def test_channels_follow_the_chats_the_roles_declare():
    roles = ["Human", "Werewolf", "WhisperingMad", "Fox", "Couple", "Couple", "Human", "Human", "Diviner"]
    table = Table({"players": 8}, roles=roles, humans=range(8))
    mode, state = table.mode, table.state
    assert keys(mode.channels(state, 0)) == {"village": False, "wolves": True}
    assert keys(mode.channels(state, 1)) == {"village": False, "wolves": True}  # 囁き狂人 reads and writes it
    assert keys(mode.channels(state, 2)) == {"village": False, "foxes": True}
    assert keys(mode.channels(state, 3)) == {"village": False, "couples": True}
    assert keys(mode.channels(state, 5)) == keys(mode.channels(state, 7)) == {"village": False}
    assert keys(mode.channels(state, None)) == {"village": False}
    closed = {c.key: c.closed for c in mode.channels(state, 5)}
    assert closed["village"] == "it is night: the village sleeps and nobody talks"
    while table.game.stage.value == "night":
        seat = table.mode.awaited(table.state)[0]
        table.act(seat, first_choice(table.view(seat)))
    assert keys(mode.channels(table.state, 0)) == {"village": True, "wolves": False}  # the wolves talk at night


def test_the_dead_read_heaven_never_write_to_the_living_and_spectators_read_it_if_the_room_says():
    for spectators in (False, True):
        roles = ["Human", "Werewolf", "Human", "Human", "Human", "Human", "Human"]
        table = Table({"players": 6, "heaven_spectators": spectators, "rules": {"heavenview": ""}},
                      roles=roles, humans=range(6))
        # night 1: the scapegoat is attacked; day 2: everybody votes Cat
        for seat in range(6):
            table.act(seat, {"done": True})
        for seat in range(6):
            table.act(seat, {"vote": "Cat" if seat != 2 else "Dan"})
        dead = table.mode.channels(table.state, 2)
        assert keys(dead) == {"village": False, "heaven": True}
        assert {c.key: c.closed for c in dead}["village"].startswith("the dead do not speak to the living")
        assert ("heaven" in keys(table.mode.channels(table.state, None))) is spectators


def test_views_hold_only_what_the_seat_may_see_and_everything_at_the_end():
    roles = ["Human", "Werewolf", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human", "Human"]
    table = Table({"players": 9}, roles=roles, humans=[0, 2])
    wolf, seer, spectator = table.view(0), table.view(2), table.view(None)
    assert wolf["me"]["role"]["id"] == "Werewolf" and wolf["me"]["team"]["id"] == "Werewolf"
    assert [p["name"] for p in wolf["players"] if p["known"]] == ["Ben"]
    assert [p["role"]["id"] for p in wolf["players"] if p["role"]] == ["Werewolf"]  # its own
    assert [p["role"] for p in seer["players"] if p["role"]] == [seer["me"]["role"]]
    assert spectator["me"] is None and all(p["role"] is None and p["known"] == [] for p in spectator["players"])
    assert spectator["legal"] == [] and spectator["proposals"] == []
    assert [lg["verb"] for lg in seer["legal"]] == ["divine"] and seer["legal"][0]["required"]
    assert seer["me"]["abilities"] == [{"verb": "divine", "ja": "占う", "en": "divine", "when": "night", "while_dead": False,
                                      "spent": False}]
    assert wolf["players"][0]["scapegoat"] and wolf["players"][0]["seat"] is None and wolf["players"][1]["seat"] == 0
    table.play_humans()
    end = table.view(None)
    assert all(p["role"] is not None and "won" in p for p in end["players"])
    assert end["winner"]["id"] in ("Human", "Werewolf")
    assert {p["name"] for p in end["players"] if p["won"] and p["seat"] is not None} == set(end["result"]["winners"])


def test_the_card_marks_an_ability_spent_for_good():
    """A once-per-game ability once used stays on the card marked ``spent`` (the page says "(used)"):
    巫女's prayer, spent at its submission; what is open tonight (``legal``) no longer offers it."""
    table = Table({"players": 9}, roles=["Human", "Werewolf", "Werewolf", "Miko", *["Human"] * 6], humans=[0, 2])

    def card(seat: int) -> dict[str, bool]:
        return {a["verb"]: a["spent"] for a in table.view(seat)["me"]["abilities"]}

    assert card(2) == {"pray": False} and card(0) == {"attack": False}
    table.act(2, {"act": "pray"})
    assert card(2) == {"pray": True} and [lg["verb"] for lg in table.view(2)["legal"]] == []


def test_an_ability_with_its_own_label_is_offered_under_it_and_its_verb_keeps_its_name_elsewhere():
    """通訳's ``pair`` is offered as 「通訳する」/"interpret" (``Ability.label``) on its card and in its legal
    action; キューピッド's ``pair`` stays 「恋人にする」/"make lovers"; an action still says ``pair``."""
    roles = ["Human", "Werewolf", "Interpreter", "Cupid", *["Human"] * 6]
    table = Table({"players": 9}, roles=roles, humans=[1, 2])
    interpreter, cupid = table.view(1), table.view(2)
    assert [(lg["verb"], lg["ja"], lg["en"]) for lg in interpreter["legal"]] == [("pair", "通訳する", "interpret")]
    assert [(lg["verb"], lg["ja"], lg["en"]) for lg in cupid["legal"]] == [("pair", "恋人にする", "make lovers")]
    assert [(a["ja"], a["en"]) for a in interpreter["me"]["abilities"]] == [("通訳する", "interpret")]
    assert [(a["ja"], a["en"]) for a in cupid["me"]["abilities"]] == [("恋人にする", "make lovers")]
    with pytest.raises(IllegalActionError) as error:
        table.act(1, {"done": True})  # the required action is named by its own label
    assert error.value.ja == "先に「通訳する」をしてください（今夜は必須です）"
    table.act(1, {"act": "pair", "targets": ["Ben", "Eve"]})
    assert table.view(1)["legal"] == [] and table.view(2)["legal"] == cupid["legal"]  # taken as the verb pair


def test_the_role_card_gives_the_rule_in_both_languages_as_the_role_list_does():
    table = Table({"players": 9}, roles=["Human", "Werewolf", "Werewolf", "Diviner", *["Human"] * 6], humans=[0, 2])
    rule = table.view(2)["me"]["rule"]
    assert rule["en"].startswith("Seer: divines a seat each night (required); a 妖狐 dies of it.")  # its declaration,
    assert rule["ja"].startswith("占い師: 毎晩ひとりを占います（必須）。")  # named in the page's language
    assert table.view(0)["me"]["rule"]["en"] == "Werewolf: attacks a seat each night, with the other wolves."


def test_every_role_and_told_sub_role_has_a_rule_in_japanese_and_in_english():
    from jinrou.classic.roles import ROLES
    from jinrou.classic.texts import role_rule
    from jinrou.classic.views import VISIBLE_SUBS

    for role in [*ROLES, *VISIBLE_SUBS]:
        ja, en = role_rule(role, "ja"), role_rule(role, "en")
        assert re.search("[ぁ-ん]", ja) and re.search("[a-z]{3}", en), role
        # no spec section numbers, no markup, no Japanese broken by the docstring's line ends
        assert not re.search(r"§|\b[WVT]\d?\.\d|`|[ぁ-んァ-ン一-龯] [ぁ-んァ-ン一-龯{]", en), (role, en)


ENGINE_WORDS = re.compile(
    r"[{}]|``|`|:class:|level \d|\bhooks?\b|霊界表示|norevive|firstnightdivine|friendssplit|reference|settled"
    r"|\bA\b|\bP\b|\bk\b|\biff\b|\bdraws? |§|\bV1|\bW\.|\bT\.1|\(\s*\)|\(\W"
)
"""The spec's words, its sets (A, P), draws, levels, hooks and setting keys, placeholders, markup, and the
half phrases its stripped section numbers leave (「('s sick mark」): an engineer's rule, not a player's card."""


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1, "（": 1, "）": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def test_every_english_card_is_written_for_players_and_opens_with_its_english_name():
    """Each declared role, each sub-role a seat is told of and each mark: its English card names it in
    English, then says its rule without the engine's words (the Japanese card exists too); the docstring
    stays the engineers' rule (``docs/classic-roles.md``)."""
    from jinrou.classic.roles import ROLES, SUB_ROLES
    from jinrou.classic.texts import role_rule
    from jinrou.classic.views import VISIBLE_SUBS

    assert VISIBLE_SUBS <= set(SUB_ROLES)
    for role in [*ROLES, *SUB_ROLES]:
        en, ja = role_rule(role, "en"), role_rule(role, "ja")
        name = (ROLES.get(role) or SUB_ROLES[role]).name_en
        assert en.startswith(f"{name}: ") and len(en) > len(name) + 10, (role, en)
        assert not ENGINE_WORDS.search(en), (role, ENGINE_WORDS.search(en), en)
        assert _balanced(en), (role, en)
        assert ja and re.search("[ぁ-んァ-ン一-龯]", ja), role
    for role in [*ROLES, *VISIBLE_SUBS]:
        card = (ROLES.get(role) or SUB_ROLES[role]).card_ja  # written on the declaration, not its docstring
        assert card is not None and role_rule(role, "ja") == card, role


def test_the_cards_name_each_chat_as_its_tab_does():
    """共有者's chat is the tab 「共有者」/"Masons": the 通訳's and 御子's cards say so (not "couple chat")."""
    from jinrou.classic.roles import ROLES, SUB_ROLES
    from jinrou.classic.texts import role_rule
    from jinrou.modes.classic_view import CHANNELS

    tabs = {en for _key, en, _ja in CHANNELS.values()}
    assert {"Masons", "Wolves", "Mad couple", "Village"} <= tabs
    for role in ("Interpreter", "Saint", "Couple", "Interpreted"):
        assert "Masons chat" in role_rule(role, "en"), role
    for role in [*ROLES, *SUB_ROLES]:
        en = role_rule(role, "en")
        assert not re.search(r"(?<!Mad )couple chat|wolf chat|fox chat|day chat|village chat|叫迷狂人's chat", en), en


def test_a_rule_card_drops_the_specs_section_numbers_and_joins_japanese_lines():
    from jinrou.classic.texts import role_rule

    assert role_rule("ObstructiveMad", "en") == (  # (W.1.4: …) keeps what follows its colon
        "Obstructive Madman: each night it must obstruct a living seat, whose divinations that night give no "
        "result and no effect (占い師, 子狐, 人狼占い, 妖術師, サトリ, a 占いセット). When it is cast, divination "
        "results come at dawn, even where they would come at once.")  # (T.1.11) dropped too
    from jinrou.classic.roles import ROLES
    from jinrou.classic.texts import docstring_text

    spy = docstring_text(type(ROLES["Spy2"]))  # the engineers' rule (the card says it without placeholders)
    assert "「{name}の調査報告書が発見されました。」" in spy  # a line end inside it in the source


def test_the_log_comes_in_both_languages_line_by_line_private_lines_marked():
    table = Table({"players": 9}, roles=["Human", "Werewolf", "Werewolf", "Diviner", *["Human"] * 6], humans=[0, 2])
    table.act(2, {"act": "divine", "targets": ["Ben"]})
    log = table.view(2)["log"]
    assert log[0] == {"ja": "1日目の夜になりました。", "en": "Night 1 falls.", "m": 1,
                      "head": {"ja": "1日目 夜", "en": "Night 1"}}  # a section's first line: its header
    assert all({"ja", "en", "m"} <= set(line) for line in log)
    assert [line for line in table.view(None)["log"] if line["ja"].startswith("»") or line.get("private")] == []


def test_the_end_shows_every_role_history_and_nobody_sees_it_before():
    table = Table({"players": 6, "cast": "fixed", "roles": {"Werewolf": 1, "Cursed": 1, "Human": 4},
                   "rules": {"scapegoat": "off"}}, roles=["Werewolf", "Cursed", *["Human"] * 4], humans=range(6))
    table.act(0, {"act": "attack", "targets": ["Ben"]})  # the cursed Ben survives, and turns after the vote
    while table.game.day < 3 and not table.game.is_over:
        for seat in range(6):
            action = first_choice(table.view(seat))
            if action is not None and seat in table.mode.awaited(table.state):
                table.act(seat, action)
    assert table.game.roles_held(1) == ("Cursed", "Werewolf")
    assert all("history" not in p for seat in [None, *range(6)] for p in table.view(seat)["players"])
    table.play_humans()
    for seat in (None, 0, 3):
        history = {p["name"]: [r["ja"] for r in p["history"]] for p in table.view(seat)["players"] if p["history"]}
        assert history == {"Ben": ["呪われた者", "人狼"]}


def test_a_seat_known_under_two_labels_shows_both():
    table = Table({"players": 7, "cast": "fixed", "roles": {"Werewolf": 1, "Fox": 1, "TinyFox": 1, "Cupid": 1, "Human": 3},
                   "rules": {"scapegoat": "off"}},
                  roles=["Werewolf", "Fox", "TinyFox", "Cupid", "Human", "Human", "Human"], humans=range(7))
    table.act(3, {"act": "pair", "targets": ["Ben", "Cat"]})  # Ben the 妖狐 and Cat the 子狐 become lovers
    table.act(0, {"act": "attack", "targets": ["Eve"]})
    table.act(2, {"act": "divine", "targets": ["Eve"]})
    for seat in range(7):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"
    ben = next(p for p in table.view(2)["players"] if p["name"] == "Ben")
    assert [k["ja"] for k in ben["known"]] == ["妖狐", "恋人"]
    assert [(k["name"], k["id"]) for k in table.view(2)["me"]["known"]] == [("Ben", "Fox"), ("Ben", "Lovers")]


def test_a_player_named_like_the_scapegoat_gets_it_renamed():
    players = (SCAPEGOAT, "Ben", "Cat", "Dan", "Eve", "Fay")
    table = Table({"players": 6}, humans=range(6), players=players)
    assert table.game.names[0] == f"{SCAPEGOAT}2" and table.game.names[1:] == players


# ---------------------------------------------------------------------- snapshots


class OnlyJinrou(pickle.Unpickler):
    """Loads jinrou's classes and plain containers only, as the server's snapshots do."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("jinrou.") or module == "copyreg" or (module == "builtins" and name in ("set", "frozenset")):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name}")


def test_a_village_pickled_mid_game_plays_on_as_the_one_that_was_not():
    # the seed's cast changes as roles are declared: a game over before day 3 fails here instead of looping
    table = Table({"players": 12, "cast": "yaminabe", "yaminabe_safety": "high"}, humans=[0, 1], seed=6)
    while table.game.day < 3 and table.game.outcome is None:
        for seat in (0, 1):
            action = first_choice(table.view(seat))
            if action is not None and seat in table.mode.awaited(table.state):
                table.act(seat, action)
    assert table.game.outcome is None, "the game ended before day 3: pick another seed"
    copy = Table.__new__(Table)
    copy.__dict__.update(table.__dict__)
    copy.mode, copy.events = ClassicMode(), list(table.events)
    copy.state = OnlyJinrou(io.BytesIO(pickle.dumps(table.state))).load()
    assert copy.state.bots.keys() == table.state.bots.keys()  # the bots keep what they noted
    assert copy.game.role(1) is table.game.role(1)  # declarations come back as the registered ones
    for seat in [None, *range(12)]:
        assert copy.view(seat) == table.view(seat)
    table.play_humans()
    copy.play_humans()
    assert copy.view(None) == table.view(None) and copy.mode.record(copy.state, 1) == table.mode.record(table.state, 1)


def test_time_fields_say_seconds_in_both_languages_and_levels_their_japanese_name():
    fields = {f.key: f for f in SCHEMA.fields}
    for key in ("day", "night", "remain", "voting", "hunter"):
        assert fields[key].en.endswith("(s)") and fields[key].ja.endswith("(秒)"), key
    middle = next(c for c in fields["yaminabe_safety"].choices if c.value == "middle")
    assert (middle.en, middle.ja) == ("中 (middle)", "中")


@pytest.mark.parametrize(("action", "ja"), [
    ({"vote": "Ann"}, "今は夜なので投票できません"),
    ({"done": True}, "先に「占う」をしてください（今夜は必須です）"),
    ({"act": "attack", "targets": ["Ann"]}, "Benには今夜「襲撃」の行動はありません"),
    ({"act": "divine", "targets": ["Ben"]}, "BenはBenに「占う」できません: 選べるのは"),
    ({"act": "divine", "targets": []}, "「占う」には異なる1人を選んでください"),
    ({"vote": "Zed"}, "'Zed' という参加者はいません"),
])
def test_a_refusal_a_player_can_meet_on_the_page_says_why_in_japanese_too(action, ja):
    table = seer_table()
    with pytest.raises(IllegalActionError) as error:
        table.act(1, action)
    assert ja in error.value.japanese and error.value.ja is not None


def test_a_vote_before_the_voting_time_is_refused_in_both_languages():
    table = seer_table(voting=60)
    for seat in range(3):
        table.act(seat, first_choice(table.view(seat)))
        while table.view(seat)["me"]["may_finish"] and table.game.stage.value == "night":
            table.act(seat, {"done": True})
    assert table.state.turn is Turn.DISCUSSION
    with pytest.raises(IllegalActionError) as error:
        table.act(0, {"vote": "Ben"})
    assert (str(error.value), error.value.ja) == ("the vote opens after the discussion", "投票は議論の後に始まります")


def test_a_living_nether_wolf_reads_heaven_without_writing_there():
    # classic-roles-werewolf W.2 冥狼, W.1.12: reads the 霊界 chat, cannot write it
    roles = ["Human", "NetherWolf", "Human", "Human", "Human", "Human", "Human"]
    table = Table({"players": 6}, roles=roles, humans=range(6))
    channels = table.mode.channels(table.state, 0)
    assert keys(channels) == {"village": False, "wolves": True, "heaven": False}
    assert {c.key: c.closed for c in channels}["heaven"] == "you read the dead but may not write to them"
    assert "heaven" not in keys(table.mode.channels(table.state, 1))  # a living villager does not


def test_a_hearing_madman_reads_the_wolf_talk_without_writing_or_seeing_proposals():
    # classic-roles-werewolf W.3 聴狂人, W.1.12: the wolf chat's talk only, not its notices; cannot write
    roles = ["Human", "HearMadman", "Werewolf", "Human", "Human", "Human", "Human"]
    table = Table({"players": 6}, roles=roles, humans=range(6))
    channels = table.mode.channels(table.state, 0)
    assert keys(channels) == {"village": False, "wolves": False}  # night: the wolves talk, it only reads
    assert {c.key: c.closed for c in channels}["wolves"] == "you read the wolves but may not write to them"
    assert table.mode.view(table.state, 0)["proposals"] == []


def test_divination_madmen_lines_reach_only_those_told_and_their_marks_nobody():
    # classic-roles-werewolf W.1.4, W.1.5: 影法師's line to itself and the wolf chat, かぼちゃ魔's to itself,
    # an obstructed seer's to the seer; the marks (Costumed, Shadow…, Obstructed) are shown to nobody
    roles = ["Human", "Shadow", "Pumpkin", "Werewolf", "Guard", "Diviner", "ObstructiveMad", "Human", "Human"]
    table = Table({"players": 8}, roles=roles, humans=range(8))  # room seat i is game seat i + 1 (Ann, Ben, …)
    shadow, pumpkin, wolf, _, seer, obstructer = range(6)  # the guard (Dan) guards from night 2

    def holders(text: str) -> set[int | None]:
        return {seat for seat in [None, *range(8)] if any(text in line["ja"] for line in table.view(seat)["log"])}

    assert holders("AnnはCatの影を抜きました。") == {shadow}
    assert holders("Catは影を抜かれたようです。") == {wolf}
    table.act(pumpkin, {"act": "costume", "targets": ["Dan"]})
    assert holders("BenがDanをかぼちゃにしました。") == {pumpkin}
    table.act(obstructer, {"act": "obstruct", "targets": ["Eve"]})
    table.act(seer, {"act": "divine", "targets": ["Dan"]})
    for seat in range(8):
        table.act(seat, {"done": True}) if table.view(seat)["me"]["may_finish"] else None
    assert table.game.day == 2
    assert holders("EveがDanを占いましたが、何者かに邪魔されました。") == {seer}
    for seat in [None, *range(8)]:
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert not any(mark in text for mark in ("Costumed", "ShadowBlacked", "ShadowWhited", "Obstructed",
                                                 "かぼちゃの仮装", "影法師の影", "占いの邪魔"))


def test_team_changes_and_charms_reach_only_their_seats_and_show_with_the_role():
    # classic-roles-werewolf W.1.6–W.1.8: 月狂病 is told and shown 「月狂病（{role}）」 with the 叫迷狂人's chat;
    # 魅了 is told to nobody; both stay private until the end, when every seat's told sub-roles are shown
    roles = ["CynthiaWolf", "Diviner", "QueenOfNight", "Guard", "Human", "Human", "Human", "Human"]
    table = Table({"players": 8, "cast": "fixed", "rules": {"scapegoat": "off"},
                   "roles": {"CynthiaWolf": 1, "Diviner": 1, "QueenOfNight": 1, "Guard": 1, "Human": 4}},
                  roles=roles, humans=range(8))
    names = table.players
    table.act(1, {"act": "divine", "targets": [names[0]]})  # the seer divines the 月狼
    table.act(3, {"act": "guard", "targets": [names[2]]})  # the guard protects the 月下美人
    table.act(0, {"act": "attack", "targets": [names[4]]})
    for seat in range(8):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"
    seer, guard = table.view(1), table.view(3)
    assert seer["me"]["shown"] == {"ja": "月狂病（占い師）", "en": "Moon lunacy (Seer)"}
    assert seer["me"]["team"]["id"] == "Werewolf" and [s["id"] for s in seer["me"]["subs"]] == ["MoonPhilia"]
    assert "madcouple" in keys(table.mode.channels(table.state, 1))
    assert any("月のオーラ" in line["ja"] for line in seer["log"])
    assert guard["me"]["shown"]["ja"] == "狩人" and guard["me"]["subs"] == [] and table.game.identity(3).has("Fascinated")
    assert not table.game.alive[4]  # Eve, attacked, reads 霊界 and sees everything (霊界表示)
    for seat in (None, 0, 2, 3, 5, 6, 7):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert "月のオーラ" not in text and "MoonPhilia" not in text and "月狂病（" not in text, seat
    for seat in (None, *range(8)):
        assert "Fascinated" not in json.dumps(table.view(seat), ensure_ascii=False), seat
    table.play_humans()
    end = {p["name"]: p for p in table.view(None)["players"]}
    assert [s["id"] for s in end[names[1]]["subs"]] == ["MoonPhilia"]
    assert end[names[1]]["shown"]["ja"] == "月狂病（占い師）"


def test_a_bomb_and_an_exposure_are_seen_by_nobody_not_even_the_carrier():
    # classic-roles-werewolf W.1.7: marks are invisible to the marked seat unless stated (爆弾魔, 破壊の狂人)
    roles = ["Human", "Bomber", "Werewolf", "Guard", "Human", "Human", "DestroyCraziest", "Human", "Human"]
    table = Table({"players": 8}, roles=roles, humans=[0, 2, 3, 5])
    assert [lg["verb"] for lg in table.view(0)["legal"]] == ["bomb"] and not table.view(0)["legal"][0]["required"]
    table.act(0, {"act": "bomb", "targets": ["Dan"]})
    table.act(5, {"act": "expose", "targets": ["Dan"]})
    views = {seat: json.dumps(table.view(seat), ensure_ascii=False) for seat in (0, 2, 3, 5, None)}
    assert table.game.identity(4).has("Bomb") is False  # placed at resolution, not at submission
    for seat in (0, 2, 3, 5):
        table.act(seat, {"done": True})
    assert table.game.stage.value == "day" and table.game.identity(4).has("Bomb")
    assert table.game.identity(4).has("Exposed")
    for seat in (0, 2, 3, 5, None):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert '"Bomb"' not in text and '"Exposed"' not in text and "護衛無効" not in text, seat
    assert all('"Bomb"' not in text for text in views.values())


def test_a_solitude_wolf_has_no_wolf_channel_nor_the_wolves_notices_and_its_own_notice_is_its_own():
    # classic-roles-werewolf W.2 孤独な狼, W.1.12: outside the pack — no wolf chat, no proposals; the
    # wolves do see it in their list; its own attack notice reaches only itself
    roles = ["Human", "SolitudeWolf", "Werewolf", "Human", "Human", "Human", "Human"]
    table = Table({"players": 6}, roles=roles, humans=range(6))
    assert keys(table.mode.channels(table.state, 0)) == {"village": False}
    assert table.view(0)["proposals"] == []
    assert [k["id"] for k in table.view(0)["players"][2]["known"]] == []
    assert [k["id"] for k in table.view(1)["players"][1]["known"]] == ["wolves"]


def test_every_player_knows_the_absolute_wolf_a_spectator_does_not():
    # classic-roles-werewolf W.1.12 public identity: every seat is told at the start who holds it
    roles = ["Human", "AbsoluteWolf", "Werewolf", "Human", "Human", "Human", "Human"]
    table = Table({"players": 6}, roles=roles, humans=range(6))
    assert [k["id"] for k in table.view(1)["players"][1]["known"]] == ["wolves", "AbsoluteWolf"]
    for seat in (2, 3, 4, 5):
        assert [k["id"] for k in table.view(seat)["players"][1]["known"]] == ["AbsoluteWolf"], seat
    assert table.view(0)["players"][1]["known"] == []  # itself
    assert table.view(None)["players"][1]["known"] == []  # a spectator holds no seat: it is told nothing


def test_a_dead_crafty_wolf_rises_online_and_its_feint_is_told_to_it_alone():
    # classic-roles-werewolf W.2 狡猾な狼, W.1.10: an action while dead, through the same mode
    roles = ["Human", "CraftyWolf", "Werewolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"]
    table = Table({"players": 9}, roles=roles, humans={0})
    table.act(0, {"act": "feign", "targets": []})
    table.act(0, {"done": True})
    game = table.game
    assert game.day == 2 and game.stage.value == "night" and not game.alive[1]
    assert [legal["verb"] for legal in table.view(0)["legal"]] == ["rise"]
    feint = f"{game.names[1]}は死んだふりをしました。"
    assert sum(feint in line["ja"] for line in table.view(0)["log"]) == 1
    assert all(feint not in line["ja"] for seat in range(1, 9) for line in table.view(seat)["log"])
    table.act(0, {"act": "rise", "targets": []})
    table.act(0, {"done": True})
    game = table.game  # the night closed into a new game (ClassicMode.draw)
    assert game.alive[1] or game.is_over
    assert any(f"{game.names[1]}は蘇生しました" in line["ja"] for line in table.view(None)["log"])


def test_seals_and_day_actions_online_reach_only_those_the_rules_name():
    # classic-roles-werewolf W.1.1, W.1.3: 威嚇 told to the wolf, the seal to its target, a bet to the
    # イカサマ師; a sealed seat's night chat is closed; 自爆 and the blood moon are public and end the day
    roles = ["Human", "ThreateningWolf", "Faker", "Hypnotist", "Couple", "Couple", "BloodWolf", "Human"]
    table = Table({"players": 7}, roles=roles, humans=range(7))  # Ann 威嚇する狼, Ben イカサマ師, …, Fay 血狼

    def lines(seat: int) -> list[str]:
        return [line["ja"] for line in table.view(seat)["log"]]

    for seat in range(7):
        table.act(seat, {"done": True})
    assert [lg["verb"] for lg in table.view(0)["legal"]] == ["vote", "threaten"]
    assert [lg["verb"] for lg in table.view(1)["legal"]] == ["vote", "bet"]
    table.act(0, {"act": "threaten", "targets": ["Dan"]})
    table.act(1, {"act": "bet"})
    threat, bet = "» AnnはDanを威嚇しました。", "» Benは賭けに出ました。"
    assert threat in lines(0) and bet in lines(1)
    assert all(threat not in lines(s) for s in range(1, 7)) and all(bet not in lines(s) for s in (0, *range(2, 7)))
    for seat in range(7):
        table.act(seat, {"vote": "Gus" if seat != 6 else "Ann"})
    sealed = "» Danは威嚇されました。今夜は能力が無効化されます。"
    assert sealed in lines(3) and all(sealed not in lines(s) for s in (0, 1, 2, 4, 5, 6))
    assert keys(table.mode.channels(table.state, 3)) == {"village": False}  # the couple's chat is sealed
    assert keys(table.mode.channels(table.state, 4)) == {"village": False, "couples": True}
    table.act(0, {"act": "attack", "targets": ["Eve"]})
    for seat in table.mode.awaited(table.state):
        table.act(seat, {"done": True})
    assert [lg["verb"] for lg in table.view(5)["legal"]] == ["vote", "selfdestruct"]
    table.act(5, {"act": "selfdestruct"})  # the day ends at once, without a vote
    assert table.game.stage.value == "night"
    for seat in range(7):
        assert {"Fayは自らを犠牲に血月の力を引き出します。", "血月の力により村人たちは能力を封印されています。"} <= set(lines(seat))
    day = [e for e in table.mode.record(table.state, 0)["events"] if e["type"] == "day"][-1]
    assert day["actions"] == [{"player": "Fay", "action": "selfdestruct"}] and day["votes"] == {}



def test_vote_weights_online_reach_only_those_the_rules_name():
    # classic-roles-village-1 V1.1.2, V1.1.7: the 秘書's assist is told to the 秘書 only, its 補佐 is not
    # shown to the assisted seat; a ギャンブラー's bet is told to it only
    # (V1.1.3, V1.1.1) a トラブルメーカー's trouble is told to it, the added execution to everyone; a
    # 独裁者's decree is public and ends the day
    roles = ["Human", "Werewolf", "Secretary", "Gambler", "King", "TroubleMaker", "Dictator", "Human"]
    table = Table({"players": 7}, roles=roles, humans=range(7))  # Ann 人狼, Ben 秘書, Cat ギャンブラー, Dan 王様,
    # Eve トラブルメーカー, Fay 独裁者

    def lines(seat: int) -> list[str]:
        return [line["ja"] for line in table.view(seat)["log"]]

    table.act(1, {"act": "assist", "targets": ["Dan"]})
    table.act(4, {"act": "trouble", "targets": []})
    for seat in range(7):
        table.act(seat, {"done": True})
    assisted = "» BenはDanを補佐しました。"
    assert assisted in lines(1) and all(assisted not in lines(s) for s in (0, 2, 3, 4, 5, 6))
    assert "補佐" not in str(table.view(3)) and "Assisted" not in str(table.view(3))
    assert [lg["verb"] for lg in table.view(2)["legal"]] == ["vote", "bet"]
    table.act(2, {"act": "bet"})
    bet = "» Catは賭けに出ました。"
    assert bet in lines(2) and all(bet not in lines(s) for s in (0, 1, 3, 4, 5, 6))
    trouble = "» Eveは村でトラブルを起こしました。"
    assert trouble in lines(4) and all(trouble not in lines(s) for s in (0, 1, 2, 3, 5, 6))
    assert all("トラブルメーカーにより村が混乱しています。今日は2人処刑されます。" in lines(s) for s in range(7))
    table.act(5, {"act": "dictate", "targets": ["Ann"]})
    assert all("独裁者のFayにより、Annの処刑が宣言されました。" in lines(s) for s in range(7))
    assert table.game.is_over


def test_a_monsters_absorption_online_is_told_to_it_only():
    # classic-roles-village-1 V1.1.6: the absorbed role is told to the フランケンシュタインの怪物 alone
    roles = ["Human", "Werewolf", "FrankensteinsMonster", "Diviner", "Human", "Human", "Human", "Human"]
    table = Table({"players": 7, "rules": {"scapegoat": "off"}}, roles=roles[1:], humans=range(7))

    def lines(seat: int) -> list[str]:
        return [line["ja"] for line in table.view(seat)["log"]]

    table.act(0, {"act": "attack", "targets": ["Cat"]})
    table.act(2, {"act": "divine", "targets": ["Dan"]})
    for seat in table.mode.awaited(table.state):
        table.act(seat, {"done": True})
    absorbed = "» BenはCatの死体から占い師の能力を吸収しました。"
    assert absorbed in lines(1) and all(absorbed not in lines(s) for s in (0, 2, 3, 4, 5, 6))


# ---------------------------------------------------------------------- check, store, fold (issue 23 §1)


def test_the_mode_checks_an_action_without_changing_anything():
    """ClassicMode.check refuses what act refuses and changes nothing — every view and the record
    are the same before and after a refused action, and after an accepted one that was only
    checked; act then folds it."""
    table = Table({"players": 6, "rules": {"scapegoat": "off"}}, roles=SEER_GAME[1:], humans=range(6))
    mode, village = table.mode, table.state

    def seen() -> tuple[Any, ...]:
        return (village.version, mode.record(village, 0), [mode.view(village, s) for s in (None, *range(6))],
                mode.awaited(village), sorted(village.ready), list(village.proposals))

    before = seen()
    wolf = next(s for s in range(6) if table.game.role(s).id == "Werewolf")
    human = next(s for s in range(6) if table.game.role(s).id == "Human")
    refused = [
        (human, "text", "an action is an object"),
        (human, {"fly": True}, "unknown action"),
        (human, {"vote": "Ann"}, "cannot vote now"),
        (human, {"act": "attack", "targets": ["Ann"]}, "no action 'attack'"),
        (wolf, {"act": "attack", "targets": [table.players[wolf]]}, "allowed are"),
        (wolf, {"act": "attack", "targets": ["Nobody"]}, "no player"),
        (human, {"propose": "attack", "targets": ["Ann"]}, "only a wolf"),
        (human, {"claim": {"kind": "CO", "role": "Diviner"}}, "claims are made by day"),
        (human, {"done": False}, "when your night"),
        (wolf, {"done": True}, "first attack"),
    ]
    for seat, action, message in refused:
        with pytest.raises(IllegalActionError, match=message):
            mode.check(village, seat, action)
        with pytest.raises(IllegalActionError, match=message):
            mode.act(village, seat, action)
        assert seen() == before, action
    target = next(s for s in range(6) if s != wolf and table.game.role(s).id != "Werewolf")
    attack = {"act": "attack", "targets": [table.players[target]]}
    mode.check(village, wolf, attack)  # allowed, only checked
    assert seen() == before
    mode.act(village, wolf, attack)
    assert seen() != before and not any(lg.verb and lg.verb.value == "attack" for lg in table.game.legal_actions(wolf))


def test_the_online_draw_leaves_the_live_game_unchanged_until_happen():
    table = Table({"players": 6, "rules": {"scapegoat": "off"}}, roles=SEER_GAME[1:], humans=range(6))
    mode, village = table.mode, table.state
    wolf = next(s for s in range(6) if table.game.role(s).id == "Werewolf")
    seer = next(s for s in range(6) if table.game.role(s).id == "Diviner")
    others = [s for s in range(6) if s not in (wolf, seer)]
    table.act(wolf, {"act": "attack", "targets": [table.players[others[0]]]})
    table.act(seer, {"act": "divine", "targets": [table.players[wolf]]})
    while not village.closing:
        village = mode.close(village)
    live = village.game
    assert live is not None
    before = (write(live), [mode.view(village, s) for s in (None, *range(6))], live.stage, list(live.alive))
    outcome = mode.draw(village, lambda: np.random.default_rng(5))
    assert outcome is not None and mode.draw(village, lambda: np.random.default_rng(6)) == outcome  # kept, not redrawn
    assert village.game is live and (write(live), [mode.view(village, s) for s in (None, *range(6))], live.stage,
                                     list(live.alive)) == before
    village = mode.happen(village, outcome)
    assert village.game is not live and village.game.stage.value == "day" and not village.game.alive[others[0]]
    assert live.stage.value == "night" and live.alive[others[0]]  # the old game was never touched
    # a stored outcome folded at a restart (no outcome drawn in this process) closes a copy too
    restarted = mode.start(table.players, table.settings)
    for kind, data in table.events:
        restarted = fold(mode, restarted, kind, data)
    old = restarted.game
    assert old is not None and old.stage.value == "night"
    restarted = mode.happen(restarted, json.loads(json.dumps(outcome)))
    assert restarted.game is not old and write(restarted.game) == write(village.game) and old.stage.value == "night"


def test_fatal_strike_reaches_nobody_online():
    # classic-roles-village-1 V1.1.7, V1.2 一言主神: 痛恨 is a mark for good that nobody is told of
    roles = ["Werewolf", "Hitokotonushinokami", "TinyGhost", "Human", "Human", "Human", "Human"]
    table = Table({"players": 7, "cast": "fixed", "rules": {"scapegoat": "off"},
                   "roles": {"Werewolf": 1, "Hitokotonushinokami": 1, "TinyGhost": 1, "Human": 4}},
                  roles=roles, humans=range(7))
    names = table.players
    table.act(1, {"act": "divine", "targets": [names[2]]})
    table.act(0, {"act": "attack", "targets": [names[4]]})
    for seat in range(7):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day" and table.game.identity(2).has("FatalStrike")
    assert table.view(2)["me"]["subs"] == []
    for seat in (None, *range(7)):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert "FatalStrike" not in text, seat


def test_a_ninjas_scouting_and_emmas_lines_reach_only_them():
    # classic-roles-village-1 V1.2 忍者: its choice and its result are told to it alone; 閻魔's lines likewise
    roles = ["Werewolf", "Ninja", "Emma", "Human", "Human", "Human", "Human"]
    table = Table({"players": 7, "cast": "fixed", "rules": {"scapegoat": "off"},
                   "roles": {"Werewolf": 1, "Ninja": 1, "Emma": 1, "Human": 4}}, roles=roles, humans=range(7))
    names = table.players
    table.act(1, {"act": "scout", "targets": [names[0]]})
    table.act(0, {"act": "attack", "targets": [names[4]]})
    for seat in range(7):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"
    assert any("夜に行動可能でした" in line["ja"] for line in table.view(1)["log"])
    assert any("人狼の餌食になったようです" in line["ja"] for line in table.view(2)["log"])  # 閻魔's line: its own
    for seat in (None, 0, 2, 3, 5, 6):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert "偵察の結果" not in text and "を偵察しました" not in text, seat
    for seat in (None, 0, 1, 3, 5, 6):
        assert "ようです。" not in json.dumps(table.view(seat), ensure_ascii=False), seat


def test_whisper_roles_online_reach_only_those_the_rules_name_and_a_silenced_seat_cannot_speak():
    # classic-roles-village-1 V1.1.15, V1.2: 通訳's pairing told to it and each seat, the interpreted seat
    # writes the couple chat from night 2, the 通訳 only reads it; 嘘つき's and 超常現象研究者's results and
    # 呪いをかける者's choice to themselves, 沈黙 to its seat, whose day chat is closed with one line
    from jinrou.modes.classic_view import SILENCED

    roles = ["Human", "Spellcaster", "Interpreter", "Saint", "Couple", "Werewolf", "Liar", "PI", "Human", "Couple"]
    table = Table({"players": 9}, roles=roles, humans=range(9))  # Ann 呪いをかける者, Ben 通訳, Cat 御子, Dan 共有者,
    # Eve 人狼, Fay 嘘つき, Gus 超常現象研究者, Hal 村人, Ivy 共有者

    def holders(text: str) -> set[int | None]:
        return {seat for seat in [None, *range(9)] if any(text in line["ja"] for line in table.view(seat)["log"])}

    assert keys(table.mode.channels(table.state, 1)) == {"village": False, "couples": False}  # reads, never writes
    assert keys(table.mode.channels(table.state, 2))["couples"] is True  # 御子 writes it
    assert "couples" not in keys(table.mode.channels(table.state, 7))
    table.act(1, {"act": "pair", "targets": ["Gus", "Hal"]})
    table.act(5, {"act": "divine", "targets": ["Eve"]})
    table.act(6, {"act": "divine", "targets": ["Cat"]})
    for seat in table.mode.awaited(table.state):
        table.act(seat, {"done": True})
    assert table.game.day == 2
    assert holders("BenはHalを通訳します。") == {1} and holders("Halは通訳を手配されました。") == {7}
    assert holders("Gusは通訳を手配されました。") == {6}
    assert holders("霊能占いの結果、Eveは") == {5}
    assert holders("GusがCatとその両隣を調査したところ") == {6}
    for seat in [None, *range(9)]:
        assert "Interpreted" not in json.dumps(table.view(seat), ensure_ascii=False)
    for seat in range(9):
        table.act(seat, {"vote": "Hal" if seat != 7 else "Ann"})
    assert keys(table.mode.channels(table.state, 1))["couples"] is False  # night 2: still only reads
    assert keys(table.mode.channels(table.state, 6))["couples"] is True  # the interpreted 超常現象研究者 writes
    assert table.game.alive[8] is False  # Hal (interpreted) was executed
    table.act(0, {"act": "silence", "targets": ["Dan"]})
    assert holders("AnnがDanに呪いをかけました。") == {0}
    table.act(4, {"act": "attack", "targets": ["Ivy"]})
    table.act(5, {"act": "divine", "targets": ["Hal"]})
    for seat in table.mode.awaited(table.state):
        table.act(seat, {"done": True})
    assert table.game.day == 3
    assert holders("Danは呪いをかけられました。昼に発言できません。") == {3}
    assert {c.key: c.closed for c in table.mode.channels(table.state, 3)}["village"] == SILENCED[0]
    assert keys(table.mode.channels(table.state, 2))["village"] is True
    with pytest.raises(IllegalActionError, match="silenced"):
        table.mode.act(table.state, 3, {"claim": {"kind": "comingout", "role": "Diviner"}})
    for seat in [None, *range(9)]:  # the mark itself is shown to nobody (its seat is told a line)
        assert "Silenced" not in json.dumps(table.view(seat), ensure_ascii=False)


def test_a_mikos_prayer_and_protection_are_seen_by_nobody_but_its_told_line():
    # classic-roles-village-1 V1.1.7: 巫女の加護 is a mark, not shown; the 巫女 is told its prayer only
    roles = ["Human", "Miko", "Werewolf", "Human", "Human", "Human", "Human"]
    table = Table({"players": 6}, roles=roles, humans=range(6))
    assert [lg["verb"] for lg in table.view(0)["legal"]] == ["pray"] and not table.view(0)["legal"][0]["required"]
    table.act(0, {"act": "pray"})
    assert table.game.identity(1).has("Prayer")
    for seat in range(6):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day" and table.game.identity(1).has("MikoProtection")
    for seat in (None, *range(6)):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert "MikoProtection" not in text and "巫女の加護" not in text and '"Prayer"' not in text, seat
    assert any("聖なる力で自身を守りました" in line["ja"] for line in table.view(0)["log"])
    assert not any("聖なる力" in line["ja"] for seat in (None, 1, 2) for line in table.view(seat)["log"])


def test_a_dogs_owner_and_a_trap_are_private_to_the_dog_and_the_trapper():
    # classic-roles-village-1 V1.1.7: the 犬's owner is not told; the 罠 is a mark nobody sees
    roles = ["Human", "Trapper", "Werewolf", "Dog", "Human", "Human", "Human", "Human"]
    table = Table({"players": 7}, roles=roles, humans=[0, 2, 3, 4, 5, 6])
    names = table.players
    assert [lg["verb"] for lg in table.view(0)["legal"]] == []  # no trap on night 1
    table.act(2, {"act": "adopt", "targets": [names[4]]})
    for seat in (0, 2, 3, 4, 5, 6):
        if table.view(seat)["me"]["may_finish"]:
            table.act(seat, {"done": True})
    assert table.game.stage.value == "day"
    for seat in (None, 0, 1, 3, 4, 5, 6):
        assert not any("飼い主" in line["ja"] for line in table.view(seat)["log"]), seat
    assert any("飼い主に選びました" in line["ja"] for line in table.view(2)["log"])
    for seat in (0, 2, 3, 4, 5, 6):
        if table.game.alive[seat + 1] and table.game.stage.value == "day":
            table.act(seat, {"vote": names[5] if seat != 5 else names[6]})
    if table.game.stage.value != "night" or not table.game.alive[1]:
        pytest.fail("the game took another turn")
    target = next(n for i, n in enumerate(names) if i not in (0, 1) and table.game.alive[i + 1])
    table.act(0, {"act": "trap", "targets": [target]})
    trapped = names.index(target) + 1
    assert table.game.identity(trapped).has("Trapped") is False  # placed at resolution
    for seat in (None, *range(7)):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert '"Trapped"' not in text, seat
        if seat != 0:
            assert "罠で護衛しました" not in text, seat


def test_seers_mama_and_tarzan_lines_reach_only_their_seats():
    # classic-roles-village-1 V1.2 予言者のママ (its first dusk) and 野生児 (each dawn): told, private
    roles = ["Human", "SeersMama", "Diviner", "Werewolf", "Tarzan", "Human", "Human", "Human", "Human"]
    table = Table({"players": 8}, roles=roles, humans=range(8))  # room seat i is game seat i + 1 (Ann, Ben, …)
    mama, seer, _, tarzan = range(4)

    def holders(text: str) -> set[int | None]:
        return {seat for seat in [None, *range(8)] if any(text in line["ja"] for line in table.view(seat)["log"])}

    assert holders("Annは予言者のママです。占い師はBenです。") == {mama}
    table.act(seer, {"act": "divine", "targets": ["Cat"]})
    for seat in range(8):
        table.act(seat, {"done": True}) if table.view(seat)["me"]["may_finish"] else None
    assert table.game.day == 2
    assert holders("Danは1人の人狼の気配を感じました。") == {tarzan}


def test_a_seat_that_believes_it_is_a_villager_is_never_shown_its_role_before_its_trigger():
    # classic-roles-village-1 V1.1.5: 夢遊病者, 預言者, 運命の子 are told 村人 (name and card) until their trigger
    roles = ["Human", "Sleepwalker", "Oracle", "Werewolf", "Fate", "Human", "Human", "Human", "Human"]
    table = Table({"players": 8}, roles=roles, humans=range(8))
    walker, oracle, fate = 0, 1, 3
    human = table.view(4)["me"]
    for seat in (walker, oracle, fate):
        me = table.view(seat)["me"]
        assert me["role"] == human["role"] and me["rule"] == human["rule"] and me["shown"] == human["shown"]
        # the public role list (the host's, the same for everybody) names the roles in the game; 闇鍋 lists
        # these as 村人 (yaminabe §5)
        text = json.dumps({k: v for k, v in table.view(seat).items() if k != "published"}, ensure_ascii=False)
        assert not any(word in text for word in ("Sleepwalker", "Oracle", "Fate", "夢遊病者", "預言者", "運命の子")), text


def test_counseling_assassination_and_potions_reach_only_their_seats():
    # classic-roles-village-1 V1.2 (group VC): the カウンセラー's, 暗殺者's and 魔女's lines are told to
    # themselves only; 更生者 is told to its seat and shown 「更生者（{role}）」; the カウンセリング mark and
    # the hidden causes (暗殺, 毒薬) reach nobody while the game runs
    roles = ["Werewolf", "Counselor", "Madman", "Assassin", "Witch", "Human", "Human", "Human"]
    table = Table({"players": 8, "cast": "fixed", "rules": {"scapegoat": "off"},
                   "roles": {"Werewolf": 1, "Counselor": 1, "Madman": 1, "Assassin": 1, "Witch": 1, "Human": 3}},
                  roles=roles, humans=range(8))
    names = table.players

    def finish() -> None:
        for seat in range(8):
            if table.view(seat)["me"]["may_finish"]:
                table.act(seat, {"done": True})

    def holders(text: str) -> set[int | None]:
        return {seat for seat in [None, *range(8)] if any(text in line["ja"] for line in table.view(seat)["log"])}

    table.act(0, {"act": "attack", "targets": [names[7]]})
    finish()
    for seat in range(7):
        table.act(seat, {"vote": names[5 if seat == 6 else 6]})
    assert table.game.stage.value == "night" and table.game.day == 2
    table.act(1, {"act": "counsel", "targets": [names[2]]})
    table.act(3, {"act": "assassinate", "targets": [names[5]]})
    table.act(4, {"act": "revive", "targets": [names[7]]})
    table.act(0, {"act": "attack", "targets": [names[4]]})
    assert holders(f"{names[1]}が{names[2]}をカウンセリングしました。") == {1}
    assert holders(f"{names[3]}が{names[5]}を暗殺しました。") == {3}
    assert holders(f"{names[4]}は{names[7]}に蘇生薬を使いました。") == {4}
    finish()
    assert table.game.day == 3 and table.game.alive[7]
    assert holders(f"{names[2]}はカウンセリングされて更生しました。") == {2}
    madman = table.view(2)
    assert madman["me"]["shown"]["ja"] == "更生者（狂人）" and [s["id"] for s in madman["me"]["subs"]] == ["Reformed"]
    for seat in (None, 1, 3):
        text = json.dumps(table.view(seat), ensure_ascii=False)
        assert "更生者（" not in text and "Reformed" not in text and "Counseled" not in text, seat
        assert "蘇生薬を使" not in text and '"cause": "assassinate"' not in text, seat
        assert seat == 3 or "暗殺しました" not in text, seat
    assert holders(f"{names[5]}は無残な姿で発見されました") == {None, *range(8)}


@pytest.mark.parametrize(("data", "ja"), [
    ({"cast": "fixed", "roles": {"Werewolf": 1, "Diviner": 1}}, "自由配役は全席に1役職ずつです: 10席（身代わりくんを含む）に2役職です"),
    ({"players": 5, "rules": {"scapegoat": "off"}}, "部屋は身代わりくんを含めて6席以上です: 参加者5人で5席です"),
])
def test_the_lobby_s_common_refusals_come_in_japanese_too(data, ja):
    """A Japanese lobby showed 'a fixed cast gives every seat a role: 2 roles for 10 seats' in English:
    the refusals a newcomer meets first carry their Japanese."""
    with pytest.raises(SettingsError) as error:
        ClassicMode().settings(data)
    assert error.value.japanese == ja
