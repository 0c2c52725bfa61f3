"""One name per role in each language, the catalog's, in every output that names a role (issue 40,
point 6): the CLI's tables (``yaminabe cast`` and ``stats``, ``classic roles``, ``simulate``,
``play`` and ``replay``), the bots' claims and chat lines, the replay's summary, the online view's
JSON and the docs. Each output is scanned for another name of a role — its id where that is not its
name (``Diviner``, ``WolfCub``), the id in words (``Human``, ``Guard``, ``Curse Wolf``) or an alias
people may type (``Possessed``) — which would name it a second way. Typed, all of them are still
accepted, and the records keep the ids."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console
from typer.testing import CliRunner

from jinrou.classic.catalog import NAMES_EN, ROLES, Team, UnknownRoleError, id_words
from jinrou.classic.claims import Claim
from jinrou.classic.naming import ALIASES, by_name
from jinrou.classic.roles import PLAYABLE, SUB_ROLES
from jinrou.classic.roles import ROLES as DECLARED
from jinrou.cli import app

ROOT = Path(__file__).parents[1]
runner = CliRunner()
WIDE = {"COLUMNS": "400"}  # a table cell never wraps a name onto two lines


def _other_names() -> dict[str, str]:
    """Every name of a role that is not its one English name, to the role's id."""
    other = {name: role.id for role in ROLES.values() for name in (role.id, id_words(role.id)) if name != role.name_en}
    other.update((alias, role_id) for alias, role_id in ALIASES.items() if alias != "Wolf")  # prose's wolves are many
    return other


OTHER_NAMES = _other_names()
_NAMES = sorted({r.name_en for r in ROLES.values()} | {s.name_en for s in SUB_ROLES.values()}, key=len, reverse=True)
_NAME = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, _NAMES)) + r")(?![\w'])")
_OTHER = re.compile(r"(?<![\w'])(" + "|".join(map(re.escape, sorted(OTHER_NAMES, key=len, reverse=True))) + r")(?![\w'])")
TERMS = re.compile(r"\b[Pp]sychic results?\b|GM psychic|\bteams? (?:" + "|".join(t.value for t in Team) + r")\b")
"""Words of the game that are not a role's name: 霊能結果 is a psychic result, whoever reads it; a team
named by its id after the word (the rules' ``team Human``) is a team."""


def stray_names(text: str, ids_shown: bool = False) -> list[str]:
    """Each other name of a role in ``text`` (its whitespace joined, so a name wrapped over two lines
    reads whole), with what surrounds it; the names (Wolf Cub, Cursed Wolf) are taken out first, so
    the words inside them are not found again. ``ids_shown``: an id right after its role's name in
    brackets (``Seer (Diviner)``), as ``classic roles`` shows what may be typed, is allowed."""
    text = TERMS.sub("§", " ".join(text.split()))
    if ids_shown:
        for role in ROLES.values():
            text = text.replace(f"{role.name_en} ({role.id})", "§")
    text = _NAME.sub("§", text)
    return [f"{m[1]!r} in …{text[max(0, m.start() - 50):m.end() + 30]}…" for m in _OTHER.finditer(text)]


def _cli(*args: str) -> str:
    result = runner.invoke(app, list(args), env=WIDE)
    assert result.exit_code == 0, result.output
    return result.stdout


def _groups(size: int = 9) -> list[list[str]]:
    """Every playable role in a cast of some: the roles in catalog order, ``size`` at a time, with a
    人狼 (a game needs one) and villagers — enough for a room's 6 seats when the last group is short."""
    order = sorted(PLAYABLE, key=lambda r: ROLES[r].row)
    return [[*order[i:i + size], "Werewolf", "Human", "Human", *["Human"] * (3 - len(order[i:i + size]))]
            for i in range(0, len(order), size)]


# ---------------------------------------------------------------------- the names and the parsers


def test_each_role_has_one_name_per_language_the_catalogs():
    """A declaration's names are its catalog row's; no two roles share one; NAMES_EN names catalog ids
    and differs from the id in words (else it would say nothing)."""
    assert all((d.name_en, d.name_ja) == (ROLES[d.id].name_en, ROLES[d.id].name_ja) for d in DECLARED.values())
    for lang in ("name_en", "name_ja"):
        names = [getattr(r, lang).casefold() for r in ROLES.values()]
        assert len(set(names)) == len(names), lang
    assert all(role_id in ROLES and name != id_words(role_id) for role_id, name in NAMES_EN.items())
    assert [ROLES[r].name_en for r in ("Human", "Diviner", "Psychic", "Guard", "Couple", "WolfCub")] == [
        "Villager", "Seer", "Medium", "Bodyguard", "Mason", "Wolf Cub"]


def test_a_role_that_declares_its_own_english_name_is_refused_and_nothing_is_registered():
    from jinrou.classic.role import Role, role

    class SpaceWerewolfObserver(Role):  # a 宇宙人狼 role: never declared
        name_en = "Thug"

    with pytest.raises(ValueError, match=r"^role 'SpaceWerewolfObserver' declares its English name: a role's names are the "
                                         r"catalog's \(jinrou.classic.catalog.NAMES_EN\), one per language$"):
        role(SpaceWerewolfObserver)
    assert "SpaceWerewolfObserver" not in DECLARED


@pytest.mark.parametrize("role_id", sorted(ROLES))
def test_a_role_is_read_by_its_id_its_names_and_its_id_in_words_in_any_case(role_id):
    role = ROLES[role_id]
    for typed in (role.id, role.name_en, role.name_ja, id_words(role.id), role.name_en.upper(), role.id.lower()):
        assert by_name(typed) is role, typed


def test_the_names_other_games_give_are_read_too_and_a_bad_name_says_what_is_allowed():
    assert [by_name(a).id for a in ("wolf", "POSSESSED", "Freemason", "bodyguard")] == [
        "Werewolf", "Madman", "Couple", "Guard"]
    with pytest.raises(UnknownRoleError, match=r"^unknown role 'Sear': give its id \(Diviner\), English name "
                                               r"\(Seer\) or Japanese name \(占い師\)"):
        by_name("Sear")


def test_a_claim_is_typed_by_any_name_recorded_by_id_and_shown_by_the_one_name():
    names = ["A", "B"]
    for typed in ("CO Diviner", "CO seer", "CO 占い師", "co SEER"):
        claim = Claim.parse(typed, names)
        assert (claim.notation(names), claim.shown(names)) == ("CO Diviner", "CO Seer")
        assert (claim.render(names, "en"), claim.render(names, "ja")) == ("I am the Seer.", "占い師CO")
    assert Claim.parse("CO Seer", names).shown(names, "ja") == "CO 占い師"
    assert Claim.parse("IDENTIFIED B human", names).render(names, "en") == "Psychic result: B was human."


def test_the_scan_finds_every_other_name_and_only_those():
    """The test's own instrument: what it must find, and what it must leave."""
    found = stray_names("I am the Diviner. Human 3, Curse Wolf 1, WolfCub, the Possessed, the Lone Wolf (LoneWolf)")
    assert [f.split(" in ")[0] for f in found] == ["'Diviner'", "'Human'", "'Curse Wolf'", "'WolfCub'",
                                                   "'Possessed'", "'LoneWolf'"]
    assert stray_names("I am the Seer. Villager 3, Cursed Wolf 1, Crafty \n Wolf 1, Wolf Cub, Seer kit, "
                       "psychic result, Psychic results, human, werewolves, team Human, teams LoneWolf") == []
    assert stray_names("占い師 Seer (Diviner)", ids_shown=True) == [] and stray_names("占い師 Seer (Diviner)")


# ---------------------------------------------------------------------- the outputs


def test_yaminabe_tables_and_lists_name_each_role_once():
    outputs = {f"cast {n} {seed}": _cli("yaminabe", "cast", "--players", str(n), "--seed", str(seed))
               for n in (8, 16, 30) for seed in range(4)}
    outputs["cast --fix"] = _cli("yaminabe", "cast", "--players", "12", "--seed", "2", "--fix", "seer=1", "--fix",
                                 "Medium=1", "--fix", "狩人=1", "--exclude", "Human")
    outputs["stats"] = _cli("yaminabe", "stats", "--players", "16", "--castings", "300", "--seed", "1")
    for seed, fixed in enumerate((["--players", "30"], ["--players", "12", "--fix", "seer=1", "--exclude", "村人"])):
        cast = json.loads(_cli("yaminabe", "cast", "--seed", str(seed), *fixed, "--json"))
        outputs[f"cast --json {seed}"] = f"{cast['published']['en']}; {cast['announcement']['en']}"
    assert "Seer 1" in outputs["cast --fix"] and "partial yaminabe: Seer 1; excluded: Villager" in outputs["cast --json 1"]
    assert {k: stray_names(v) for k, v in outputs.items() if stray_names(v)} == {}


def test_classic_roles_names_each_role_once_and_shows_the_id_to_type_beside_it():
    text = _cli("classic", "roles")
    assert "占い師 Seer (Diviner) · 村人陣営 village" in text
    assert stray_names(text, ids_shown=True) == []
    rows = json.loads(_cli("classic", "roles", "--json"))
    assert all((r["name_en"], r["name_ja"]) == (ROLES[r["id"]].name_en, ROLES[r["id"]].name_ja) for r in rows)


def test_every_english_text_the_roles_declare_names_each_role_once():
    """What a game may say, whether or not the games above said it: every message's English template
    and words, every cause, every verb's label and parameter words, every card and shown name."""
    from jinrou.classic.actions import Verb
    from jinrou.classic.model import Cause, Message
    from jinrou.classic.texts import role_rule

    texts = {f"message {key}": " / ".join([t.en, *(en for words in t.words.values() for _, en in words.values())])
             for key, t in Message._declared.items()}
    texts |= {f"cause {c.value}": f"{c.name_en} / {c.died[1] if c.died else ''}" for c in Cause}
    texts |= {f"verb {v.value}": " / ".join([v.label[1] if v.label else "", *(en for p in v.params for _, en in p.names)])
              for v in Verb._declared.values()}
    texts |= {f"card {r}": role_rule(r, "en") for r in [*DECLARED, *SUB_ROLES]}
    texts |= {f"shown {r.id}": r.shown_with[1] for r in SUB_ROLES.values() if r.shown_with}
    assert len(texts) > 400
    assert {k: stray_names(v) for k, v in texts.items() if stray_names(v)} == {}


@pytest.fixture(scope="module")
def bot_games(tmp_path_factory) -> dict[str, str]:
    """``classic simulate`` of casts that hold every playable role, its table, and ``classic replay`` of
    each record it wrote (every message, private ones too, with the summary)."""
    folder = tmp_path_factory.mktemp("records")
    outputs = {}
    for i, group in enumerate(_groups()):
        outputs[f"simulate {i}"] = _cli("classic", "simulate", "--games", "2", "--seed", str(i), "--roles",
                                        ",".join(group), "--record-dir", str(folder / str(i)))
    for path in sorted(folder.glob("*/*.json")):
        outputs[f"replay {path.parent.name}/{path.name}"] = _cli("classic", "replay", str(path))
    return outputs


def test_bot_games_their_claims_chat_lines_and_replays_name_each_role_once(bot_games):
    assert {k: stray_names(v) for k, v in bot_games.items() if stray_names(v)} == {}
    said = " ".join(bot_games.values())
    assert "I am the Seer." in said and "占い師CO" in said and "I am the Diviner" not in said


def test_a_replay_says_which_team_won_as_a_team(bot_games):
    ends = {re.search(r"record verified: (.*)\.", " ".join(text.split()))[1]
            for name, text in bot_games.items() if name.startswith("replay")}
    assert ends and all(re.fullmatch(r"game over, (the [\w ]+ won \(\S+の勝利\)|a draw \(引き分け\))", e) for e in ends), ends
    assert all("won by" not in text for text in bot_games.values())


def test_classic_play_its_table_claims_and_lines_name_each_role_once():
    """The terminal game, every seat a bot, on casts that hold every playable role: its lines in both
    languages, the players' table with the claims column (``CO Seer``), the roles shown at the end."""
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.game import Game
    from jinrou.terminal.classic import TerminalPlay

    shown = {}
    for i, group in enumerate(_groups()):
        names = [f"P{s}" for s in range(len(group))]
        game = Game.new(names, group, {"scapegoat": "off"}, np.random.default_rng(i))
        out = io.StringIO()
        TerminalPlay(game, [HeuristicAgent() for _ in names], np.random.default_rng(i),
                     Console(file=out, width=400), ask=lambda prompt, **_: "").run()
        shown[f"play {i}"] = out.getvalue()
    assert {k: stray_names(v) for k, v in shown.items() if stray_names(v)} == {}
    assert any("CO Seer" in text for text in shown.values())


def test_a_person_in_classic_play_is_offered_a_kit_by_its_name_and_types_it_by_any_name():
    """商人 at the terminal: its prompt names the kits (``Seer 占いセット``), not their ids, and
    ``kit B seer`` sends the seer kit (the record keeps its id, ``Diviner``)."""
    from jinrou.agents.classic import HeuristicAgent
    from jinrou.classic.game import Game
    from jinrou.terminal.classic import TerminalPlay

    names = ["A", "B", "C", "D", "E", "F", "G"]
    game = Game.new(names, ["Merchant", "Human", "Human", "Werewolf", "Human", "Human", "Human"],
                    {"scapegoat": "off"}, np.random.default_rng(1))
    prompts = []

    def person(prompt: str, **_: Any) -> str:
        prompts.append(prompt)
        if prompt.startswith("発送"):
            return "B seer" if "B" in prompt.rsplit(" of ", 1)[1] else f"{prompt.rsplit(' of ', 1)[1].split(', ')[0]} 占い師"
        if "vote NAME" in prompt:
            return "vote " + re.search(r"vote NAME \(([^)]*)\)", prompt)[1].split(", ")[0]
        return "skip"

    out = io.StringIO()
    played = TerminalPlay(game, [None, *(HeuristicAgent() for _ in names[1:])], np.random.default_rng(1),
                          Console(file=out, width=200), ask=person).run()
    [kit_prompt] = [p for p in prompts if p.startswith("発送")][:1]
    assert "a kit (Seer 占いセット, Medium 霊能セット, Bodyguard 狩人セット)" in kit_prompt and "Diviner" not in kit_prompt
    [sent] = [e.action for e in played.entries if type(e).__name__ == "Acted" and e.action.verb.value == "kit"]
    assert sent.kit == "Diviner" and "You sent a seer kit" in out.getvalue()


def _named(value: Any) -> Iterator[dict[str, Any]]:
    """Every object of a view that names something in both languages."""
    if isinstance(value, dict):
        if {"ja", "en"} <= value.keys():
            yield value
        for item in value.values():
            yield from _named(item)
    elif isinstance(value, list):
        for item in value:
            yield from _named(item)


def test_the_online_views_name_each_role_by_the_catalogs_names():
    """Every view of rooms whose casts hold every playable role, each seat's and a spectator's at each
    day and at the end: a role object (``{"id", "ja", "en"}``) carries the catalog's names, and no
    English text (log lines, cards, claims, the published list) names a role another way."""
    from jinrou.modes.classic_settings import schema
    from jinrou.modes.classic_view import GROUPS
    from tests.modes.test_classic_mode import Table

    objects, texts = [], []
    for i, group in enumerate(_groups()):
        table = Table({"players": len(group), "rules": {"scapegoat": "off"}}, humans=(), seed=i, roles=group)
        for seat in (None, *range(len(group))):
            view = table.view(seat)
            objects += list(_named(view))
    objects += list(_named(schema().to_json()))
    for named in objects:
        role = ROLES.get(str(named.get("id")))
        sub = SUB_ROLES.get(str(named.get("id")))
        if named.get("id") in TEAMS and named["en"] == Team(named["id"]).name_en:
            continue  # a team (一匹狼's shares its role's id and Japanese name: the lone wolf)
        if named.get("id") in GROUPS and (named["ja"], named["en"]) == GROUPS[named["id"]]:
            continue  # a group a seat is known by (your lover, a wolf), not a role
        if role is not None:
            assert (named["ja"], named["en"]) == (role.name_ja, role.name_en), named
        elif sub is not None:
            assert (named["ja"], named["en"]) == (sub.name_ja, sub.name_en), named
        if isinstance(named["en"], str):
            texts.append(named["en"])
    assert sum(1 for n in objects if n.get("id") in PLAYABLE) > 100
    assert [found for text in texts for found in stray_names(text)] == []


TEAMS = {t.value for t in Team}
_CODE = re.compile(r"```.*?```|``.+?``|`[^`]+`", re.DOTALL)
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")
                             if p.name.startswith(("classic", "yaminabe", "modes")))]
"""The pages that name 月下人狼's roles (the quantum games' seer and wolves are other games' roles)."""


@pytest.mark.parametrize("page", PAGES)
def test_the_docs_name_each_role_once(page):
    """The README and docs/*.md, outside code (where an id is what a record or a command holds)."""
    text = _CODE.sub("§", (ROOT / page).read_text(encoding="utf-8"))
    assert stray_names(text) == []


def test_no_japanese_card_names_a_room_setting_by_its_key():
    """The Japanese card of 占い師 read 「初日白通知（firstnightdivine=auto）では」 on /roles and in the
    room: a Japanese reader knows the setting by its label in the lobby's form, not by its key."""
    from jinrou.classic.rolesheet import rows
    from jinrou.classic.texts import role_rule

    keyed = {r.id: found for r in rows() if (found := re.findall(r"[a-z_]{3,}=[a-z]+", role_rule(r.id, "ja")))}
    assert keyed == {}
    assert "「初日白通知」" in role_rule("Diviner", "ja")
