"""Terminal play: a person answers the prompts (scripted), bots play the other seats."""

import io
import re

import numpy as np
from rich.console import Console

from jinrou.agents.classic import HeuristicAgent
from jinrou.classic.game import Game
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.terminal.classic import TerminalPlay

ROLES = ["Human", "Diviner", "Werewolf", "Guard", "Human", "Werewolf", "Madman", "Psychic", "Human"]


class Person:
    """Answers every prompt with its first allowed choice, and makes one claim on each day; marks
    in the screen's text where the terminal was passed on."""

    def __init__(self, screen):
        self.prompts = []
        self.claimed = set()
        self.screen = screen

    def __call__(self, prompt, **_):
        self.prompts.append(prompt)
        if prompt.startswith("Pass the terminal"):
            self.screen.write("<<PASSED>>")
            return ""
        if "vote NAME" in prompt:
            first = re.search(r"vote NAME \(([^)]*)\)", prompt).group(1).split(", ")[0]
            if prompt not in self.claimed:
                self.claimed.add(prompt)
                return f"claim VOTE {first}"
            return f"vote {first}"
        choices = prompt.rsplit(" of ", 1)[1].removesuffix(" or skip").split(", ")
        return " ".join(choices[:2] if "two names" in prompt else choices[:1])


def play(humans, seed=4):
    names = ["身代わりくん", *"BCDEFGHI"]
    game = Game.new(names, ROLES, {}, np.random.default_rng(seed))
    people = list(range(1, 1 + humans))
    agents = [None if s == 0 or s in people else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    person = Person(out)
    game = TerminalPlay(game, agents, np.random.default_rng(seed), Console(file=out, width=120), ask=person).run()
    return game, out.getvalue(), person


def test_one_person_plays_a_whole_game_against_bots_and_the_record_replays():
    game, text, person = play(1)
    assert game.is_over
    assert "You are 占い師 (Seer)" in text and "Winners:" in text
    assert any(p.startswith("占い (divine)") for p in person.prompts)
    assert any(seat == 1 and claim.notation(game.names).startswith("VOTE ") for _, seat, claim in game.claims)
    assert write(replay(write(game, 4)), 4) == write(game, 4)


def test_pass_and_play_calls_the_next_player_before_showing_his_role():
    game, text, _ = play(3)
    assert game.is_over
    turns = text.split("<<PASSED>>")
    assert turns[0].count("You are") == 0  # nothing private before the first pass
    assert all(turn.count("You are") <= 1 for turn in turns)  # one player's card per turn


NAMES = ["身代わりくん", *"BCDEFGHI"]


class Typist(Person):
    """Types as people do (issue 26, point 18): asks for help, claims in lower case with the role's
    English name, names players in lower case or by their number in the table."""

    def __init__(self, screen):
        super().__init__(screen)
        self.days = 0

    def __call__(self, prompt, **_):
        self.prompts.append(prompt)
        assert len(self.prompts) < 300, "an answer was refused: the same question came again and again"
        if "vote NAME" in prompt:
            first = re.search(r"vote NAME \(([^)]*)\)", prompt).group(1).split(", ")[0]
            self.days += 1
            script = ["help", "claim co seer", f"claim vote {NAMES.index(first) + 1}", f"vote {first.lower()}"]
            if self.days <= len(script):
                return script[self.days - 1]
            return f"vote {NAMES.index(first) + 1}"
        choices = prompt.rsplit(" of ", 1)[1].removesuffix(" or skip").split(", ")
        chosen = choices[:2] if "two names" in prompt else choices[:1]
        return " ".join(str(NAMES.index(name) + 1) for name in chosen)


def test_players_by_number_or_in_lower_case_roles_by_english_name_and_help_lists_every_claim():
    game = Game.new(NAMES, ROLES, {}, np.random.default_rng(4))
    agents = [None if s in (0, 1) else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    typist = Typist(out)
    game = TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=200), ask=typist).run()
    text = out.getvalue()
    assert game.is_over and "not one of the players" not in text and "unknown" not in text
    said = [claim.notation(game.names) for _, seat, claim in game.claims if seat == 1]
    assert said[:2] == ["CO Diviner", f"VOTE {said[1].split()[1]}"] and said[1] != "VOTE 3"
    for form in ("claim CO ROLE", "claim DIVINED PLAYER human|werewolf", "claim IDENTIFIED PLAYER human|werewolf",
                 "claim VOTE PLAYER", "claim ESTIMATE PLAYER human|werewolf"):
        assert form in text
    assert any(p.startswith("占い (divine)") for p in typist.prompts)  # answered with a number


class Gambler:
    """A 課金者 at the terminal: pulls the normal gacha, then a premium one, then commits; skips the rest, but
    takes the first choice where one is required (the role it drew may have one)."""

    def __init__(self):
        self.prompts = []
        self.answers = iter(["normal", "premium", "yes"])

    def __call__(self, prompt, **_):
        self.prompts.append(prompt)
        if prompt.startswith(("ガチャを引く (gacha)", "引き当てた役職に決める (commit)")):
            return next(self.answers, "skip")
        if "vote NAME" in prompt:
            return "vote " + re.search(r"vote NAME \(([^)]*)\)", prompt).group(1).split(", ")[0]
        if not prompt.endswith("or skip") and " of " in prompt:  # required: the first choice
            choices = prompt.rsplit(" of ", 1)[1].split(", ")
            return " ".join(choices[:2] if "two names" in prompt else choices[:1])
        return "skip"


def test_a_gacha_addict_sees_each_pull_at_once_and_is_asked_again_then_commits():
    roles = ["Human", "GachaAddicted", "Werewolf", "Diviner", "Human", "Human", "Human", "Human", "Human"]
    game = Game.new(["身代わりくん", *"BCDEFGHI"], roles, {}, np.random.default_rng(3))
    agents = [None, None, *[HeuristicAgent() for _ in range(7)]]
    out, person = io.StringIO(), Gambler()
    TerminalPlay(game, agents, np.random.default_rng(3), Console(file=out, width=200), ask=person).run()
    night_one = person.prompts[:3]
    assert night_one[0] == "ガチャを引く (gacha): a kind (normal, premium) or skip"
    assert night_one[1] == "ガチャを引く (gacha): a kind (premium) or skip"  # asked again after the pull
    assert night_one[2] == "引き当てた役職に決める (commit)? yes or skip"
    text = out.getvalue()
    assert "Bはノーマルガチャを引いて" in text and "Bはプレミアムガチャを引いて" in text and "に決めました。" in text
    assert text.index("ノーマルガチャを引いて") < text.index("プレミアムガチャを引いて")  # each shown before the next prompt
    night = next(e for e in write(game, 3)["events"] if e["type"] == "night")
    pulls = [a for a in night["actions"] if a["action"] == "gacha"]
    assert [a["kind"] for a in pulls] == ["normal", "premium"] and all(len(a["draws"]) == 2 for a in pulls)
    assert write(replay(write(game, 3)), 3) == write(game, 3)


def test_an_ability_with_its_own_label_is_prompted_under_it():
    # 通訳's pair is 「通訳する」 (Ability.label), not キューピッド's 「恋人にする」; the person answers two names
    roles = ["Human", "Interpreter", "Werewolf", "Guard", "Human", "Werewolf", "Madman", "Diviner", "Human"]
    game = Game.new(NAMES, roles, {}, np.random.default_rng(4))
    agents = [None if s in (0, 1) else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    person = Person(out)
    game = TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=120), ask=person).run()
    assert any(p.startswith("通訳する (pair): two names of ") for p in person.prompts)
    assert not any("恋人にする" in p for p in person.prompts)
    assert game.is_over


class PoetPerson(Person):
    """A 歌人 at the terminal: answers its poem prompts with a name and a poem in double quotes."""

    def __call__(self, prompt, **kwargs):
        if prompt.startswith("歌を送る (poem):"):
            self.prompts.append(prompt)
            first = prompt.rsplit(" of ", 1)[1].removesuffix(" or skip").split(", ")[0]
            return f'{first} "古池や 蛙飛び込む 水の音"'
        if prompt.startswith("返歌を送る (reply):"):
            self.prompts.append(prompt)
            return '"返歌です"'
        return super().__call__(prompt, **kwargs)


def test_a_poet_writes_its_poem_in_double_quotes_at_the_prompt():
    roles = ["Human", "Poet", "Werewolf", "Guard", "Human", "Werewolf", "Madman", "Diviner", "Human"]
    game = Game.new(NAMES, roles, {}, np.random.default_rng(4))
    agents = [None if s in (0, 1) else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    person = PoetPerson(out)
    game = TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=200), ask=person).run()
    assert person.prompts[0].startswith('歌を送る (poem): a name and a poem in double quotes ("…", 1–4096 characters)')
    poems = [a for e in write(game, 4)["events"] for a in e.get("actions", ()) if a["action"] == "poem"]
    assert poems and poems[0]["player"] == "B" and poems[0]["poem"] == "古池や 蛙飛び込む 水の音"
    assert write(replay(write(game, 4)), 4) == write(game, 4)


def test_a_phantom_may_answer_none_at_the_prompt():
    roles = ["Human", "Phantom", "Werewolf", "Guard", "Human", "Werewolf", "Madman", "Diviner", "Human"]
    game = Game.new(NAMES, roles, {}, np.random.default_rng(4))
    agents = [None if s in (0, 1) else HeuristicAgent() for s in game.seats()]
    out, asked = io.StringIO(), []
    anyone = Person(out)

    def person(prompt, **_):
        asked.append(prompt)
        if prompt.startswith("盗む (swap):"):
            return "none"
        return anyone(prompt)

    game = TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=200), ask=person).run()
    assert asked[0].endswith(", or none (盗まない)")
    night = next(e for e in write(game, 4)["events"] if e["type"] == "night")
    assert {"player": "B", "action": "swap"} in night["actions"] and "Bは役職を盗みませんでした。" in out.getvalue()


class Testator(Person):
    """Writes a will (遺言) at the first prompt of each day, then plays as :class:`Person`."""

    def __init__(self, screen):
        super().__init__(screen)
        self.wrote = set()

    def __call__(self, prompt, **kwargs):
        if "vote NAME" in prompt and prompt not in self.wrote:
            self.wrote.add(prompt)
            self.prompts.append(prompt)
            return "will the seer is D"
        return super().__call__(prompt, **kwargs)


def test_a_person_writes_a_will_at_the_terminal_and_help_says_how():
    names = ["身代わりくん", *"BCDEFGHI"]
    game = Game.new(names, ROLES, {}, np.random.default_rng(4))
    agents = [None if s == 1 else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    game = TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=120), ask=Testator(out)).run()
    assert game.is_over and game.wills == {1: "the seer is D"} and "your will is written (遺言)" in out.getvalue()
    assert replay(write(game)).wills == {1: "the seer is D"}


def test_a_person_sees_each_public_line_once_to_the_end_of_the_game():
    """The end of the game prints the lines not yet shown, not again the day's ballots (a newcomer
    saw a tied vote and its 再投票 twice before the last ballot)."""
    from jinrou.terminal.classic import line

    game, text, _ = play(1, seed=1)  # seats that learn things in secret: the last day's lines came twice
    public = [line(message, game.names).split("  [dim]")[0] for _, message in game.messages if message.to is None]
    for shown in set(public):
        assert text.count(shown) == public.count(shown), shown


def test_a_mistyped_name_at_night_is_told_the_players_to_choose_not_every_seat():
    """A night's one-seat action, like the vote, answers a name it does not know with the seats that
    may be chosen (not the whole table, the dead and oneself included), and asks again."""

    class Mistyper(Person):
        def __call__(self, prompt, **kw):
            if prompt.startswith("占い (divine)") and not any(p.startswith("占い (divine)") for p in self.prompts):
                self.prompts.append(prompt)
                return "zzz"
            return super().__call__(prompt, **kw)

    names = ["身代わりくん", *"BCDEFGHI"]
    game = Game.new(names, ROLES, {}, np.random.default_rng(4))
    agents = [None if s in (0, 1) else HeuristicAgent() for s in game.seats()]
    out = io.StringIO()
    person = Mistyper(out)
    TerminalPlay(game, agents, np.random.default_rng(4), Console(file=out, width=200), ask=person).run()
    asked = [p for p in person.prompts if p.startswith("占い (divine)")]
    assert len(asked) >= 2 and asked[0] == asked[1]  # asked again
    choices = asked[0].rsplit(" of ", 1)[1].split(", ")
    told = ", ".join(f"{names.index(c) + 1} {c}" for c in choices)
    assert f"'zzz' is not one of the players to choose: {told}" in out.getvalue()
