"""Classic werewolf in the terminal: you against bots, or pass-and-play for a table of people.

Everything shown to a player comes from his :class:`~jinrou.classic.views.SeatView`. With several
people at one terminal the screen is cleared and the next player called before anything private
is shown. Lines are printed in Japanese with the English beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.table import Table as RichTable

from jinrou.classic.abilities import ParamKind
from jinrou.classic.agent import Agent, act, talk
from jinrou.classic.catalog import UnknownRoleError
from jinrou.classic.claims import FORMS, Claim, ClaimError
from jinrou.classic.game import Game, Legal, Will
from jinrou.classic.model import Action, Message, Stage, Verb, Vote
from jinrou.classic.naming import by_name
from jinrou.classic.texts import pair_name, render, role_name, shown_role, verb_label
from jinrou.classic.views import SeatView
from jinrou.digits import whole_number
from jinrou.errors import JinrouError

VERBS_JA = {
    "attack": "襲撃", "divine": "占い", "guard": "護衛", "pair": "恋人にする", "revive": "蘇生", "protect": "加護",
    "hide": "逃亡", "leave": "村を去る", "kit": "発送", "bite": "吸血", "shoot": "銃撃",
}  # fmt: skip
"""The prompts' names of the first roles' verbs (others: their declared label)."""


def line(message: Message, names: Sequence[str]) -> str:
    """A message in Japanese with its English after it."""
    return f"{render(message, names, 'ja')}  [dim]{escape(render(message, names, 'en'))}[/dim]"


def role_card(view: SeatView) -> str:
    """The seat's role, team, sub-roles and the seats it knows."""
    assert view.role is not None and view.team is not None
    # 「狼の子分（占い師）」; a ケミカル seat's two roles, 「人狼×占い師」
    ja, en = shown_role(view.role, view.subs, "ja", view.pair), shown_role(view.role, view.subs, "en", view.pair)
    text = f"You are [bold]{ja}[/bold] ({en}) — " \
           f"{view.team.name_ja} ({view.team.name_en})"
    for sub in view.subs:
        text += f"; also {role_name(sub, 'en')}"
    if view.known:
        known = ", ".join(f"{view.names[s]} ({role_name(label, 'ja')} {role_name(label, 'en')})" if role_name(label, "ja") != label
                          else f"{view.names[s]} ({label})" for s, label in sorted(view.known.items()))
        text += f"\nYou know: {known}"
    return text


def players_widget(view: SeatView) -> RichTable:
    """Living and dead players with what is public (and every role where the viewer may see it)."""
    table = RichTable(title=f"{view.day}日目 day {view.day} — {view.stage.value}", title_justify="left")
    for column in ("#", "player", "状態 state", "役職 role", "claims"):
        table.add_column(column, justify="right" if column == "#" else "left")
    for seat, name in enumerate(view.names):
        state = "生存 alive" if view.alive[seat] else f"死亡 dead ({view.causes.get(seat) or '?'})"
        role = view.roles.get(seat) or view.known.get(seat) or ""
        claims = "; ".join(c.shown(view.names) for _, s, c in view.claims if s == seat)
        shown = pair_name(role, view.pairs[seat], "ja") if seat in view.pairs else role_name(role, "ja")  # ケミカル: both
        table.add_row(str(seat + 1), name, state, shown, claims,  # a label known (wolves) as it is
                      style="dim" if not view.alive[seat] else None)
    return table


def seat_of(answer: str, names: Sequence[str], allowed: Sequence[int]) -> int:
    """The seat a person means: a name in any case, or the seat's number as the table shows it (1 for
    the first seat). :class:`JinrouError` lists the choices when it is none of ``allowed``."""
    text = answer.strip()
    folded = [name.casefold() for name in names]
    if (number := whole_number(text)) is not None and 1 <= number <= len(names):
        seat = number - 1
    elif text.casefold() in folded:
        seat = folded.index(text.casefold())
    else:
        seat = -1
    if seat not in allowed:
        choices = ", ".join(f"{s + 1} {names[s]}" for s in allowed)
        raise JinrouError(f"{text[:40]!r} is not one of the players to choose: {choices}")
    return seat


CLAIM_HELP = ("come out as a role: its id, English or Japanese name (CO Seer, CO 占い師)",
              "report a divination", "report a psychic result", "say whom you will vote for",
              "say whom you suspect (werewolf) or trust (human)")
"""What each claim of :data:`~jinrou.classic.claims.FORMS` says, in its order."""


def day_help(names: Sequence[str], actions: Sequence[Legal] = ()) -> str:
    """Everything a person may type by day: the vote, the seat's day actions and every kind of claim."""
    lines = ["vote NAME                                  vote (a name in any case, or its number in the table)"]
    lines += [f"{_form(lg, names):<42} {verb_label(lg.verb, 'en', lg.label)} (a day action)" for lg in actions]
    lines += [f"claim {form:<36} {text}" for form, text in zip(FORMS, CLAIM_HELP, strict=True)]
    lines.append(f"{'will TEXT':<42} write your will (遺言): read out to everybody when you die (setting will)")
    lines.append(f"A player is a name or a number: claim VOTE {names[-1]}, claim VOTE {len(names)}. help: this list.")
    return "\n".join(lines)


def _named(claim: str, names: Sequence[str]) -> str:
    """A claim with a seat number in place of a name (``VOTE 3``) written with the name."""
    words = claim.split()
    number = whole_number(words[1]) if len(words) >= 2 else None
    if number is not None and 1 <= number <= len(names):
        words[1] = names[number - 1]
    return " ".join(words)


NO_REQUEST = frozenset({"", "-", "none", "おまかせ"})
"""What a person types for おまかせ (no request) at the 希望役職制 prompt."""


def ask_requests(people: Sequence[str], cast: Sequence[str], console: Console,
                 ask: Callable[..., str] = Prompt.ask) -> dict[str, str]:
    """希望役職制 (``rolerequest``) before the deal: each of ``people`` (names) chooses, privately, a role of
    ``cast`` (role ids, in order) or おまかせ (Enter); a role not in the cast is refused in one line and
    asked again. With several people at the terminal each is called first and the screen cleared after.
    Returns name → role id (おまかせ left out)."""
    roles = list(dict.fromkeys(cast))
    listing = ", ".join(f"{role_name(r, 'ja')} {role_name(r, 'en')}" for r in roles)
    asked: dict[str, str] = {}
    for name in people:
        if len(people) > 1:
            console.clear()
            ask(f"Pass the terminal to [bold]{escape(name)}[/bold] and press Enter", default="", show_default=False)
        console.print(f"希望役職制 (role requests): the cast is {listing}.")
        while True:
            answer = ask(f"{escape(name)}: the role you would like (希望役職), or Enter for おまかせ",
                         default="", show_default=False).strip()
            if answer.casefold() in NO_REQUEST:
                break
            try:
                role = by_name(answer).id
            except UnknownRoleError as error:
                console.print(str(error))
                continue
            if role in roles:
                asked[name] = role
                break
            console.print(f"{role_name(role, 'ja')} ({role}) is not in this cast: choose one of "
                          f"{', '.join(roles)}, or Enter for おまかせ")
        if len(people) > 1:
            console.clear()
    return asked


class TerminalPlay:
    """A game at the terminal: people type their choices, bots play the other seats."""

    def __init__(self, game: Game, agents: Sequence[Agent | None], rng: np.random.Generator, console: Console,
                 ask: Callable[..., str] = Prompt.ask) -> None:
        self.game, self.agents, self.rng, self.console, self.ask = game, list(agents), rng, console, ask
        self.humans = [s for s, a in enumerate(agents) if a is None and s != game.scapegoat]
        self.shown = {s: 0 for s in self.humans}
        """Per person: how many of his view's messages he has been shown."""
        self.read = {s: 0 for s in self.humans}
        """Per person: how many of the game's messages his screen has been brought up to (the end of
        the game prints the public ones after that, once)."""

    def run(self) -> Game:
        while not self.game.is_over:
            talk(self.game, self.agents, self.rng)
            for seat in self.humans:
                if self.game.legal_actions(seat):
                    self._turn(seat)
            act(self.game, self.agents, self.rng)
            self.game.close(self.rng)
        names = self.game.names
        for _, message in self.game.messages[min(self.read.values(), default=0):]:
            if message.to is None:
                self.console.print(line(message, names))
        view = SeatView.of(self.game, None)
        self.console.print(players_widget(view))
        assert self.game.outcome is not None
        winners = ", ".join(names[s] for s in sorted(self.game.outcome.winners)) or "nobody"
        self.console.print(f"Winners: {winners}")
        return self.game

    def _turn(self, seat: int) -> None:
        names = self.game.names
        if len(self.humans) > 1:
            self.console.clear()
            self.ask(f"Pass the terminal to [bold]{names[seat]}[/bold] and press Enter", default="", show_default=False)
        view = SeatView.of(self.game, seat)
        self._news(view)
        self.console.print(role_card(view))
        self.console.print(players_widget(view))
        if view.stage is Stage.DAY:
            self._day(view)
        else:  # each open action once, in turn; one whose outcome is seen at once (課金者's gacha) again
            asked: set[Verb | None] = set()
            while (legal := next((lg for lg in view.legal if lg.verb not in asked), None)) is not None:
                if not self._night(view, legal):
                    asked.add(legal.verb)
                view = SeatView.of(self.game, seat)
                self._news(view)
        if len(self.humans) > 1:
            self.console.clear()

    def _news(self, view: SeatView) -> None:
        """The messages ``view``'s seat has not been shown yet."""
        assert view.seat is not None
        for _, message in view.messages[self.shown[view.seat]:]:
            self.console.print(line(message, view.names))
        self.shown[view.seat] = len(view.messages)
        self.read[view.seat] = len(self.game.messages)

    def _day(self, view: SeatView) -> None:
        """Claims and day actions (W.1.1) as many as wanted, then the vote; a seat that has voted and
        still has a day action may take it or skip."""
        assert view.seat is not None
        vote = next((lg for lg in view.legal if lg.verb is None), None)
        actions = [lg for lg in view.legal if lg.verb is not None]
        targets = [view.names[t] for t in vote.targets] if vote is not None else []
        hint = "claim CO ROLE | claim DIVINED NAME human|werewolf | claim VOTE NAME | … | help"
        while True:
            doing = " | ".join(_form(lg, view.names) for lg in actions)
            ask = f"vote NAME ({', '.join(targets)}) or " if vote is not None else "skip or "
            answer = self.ask(f"{view.names[view.seat]}: {ask}{doing + ' | ' if doing else ''}{hint}").strip()
            word, _, rest = answer.partition(" ")
            word = word.lower()
            try:
                if word == "help":
                    self.console.print(day_help(view.names, actions), highlight=False)
                    continue
                if word == "claim":
                    self.game.claim(view.seat, Claim.parse(_named(rest, view.names), view.names))
                    continue
                if word == "will":  # 遺言: the engine checks it (the setting, a living seat, its length)
                    self.game.apply(Will(view.seat, rest.strip()))
                    self.console.print("your will is written (遺言)")
                    continue
                if word == "vote" and rest and vote is not None:
                    self.game.apply(Vote(view.seat, seat_of(rest, view.names, vote.targets)))
                    return
                if word == "skip" and vote is None:
                    return
                if any(lg.verb is not None and lg.verb.value == word for lg in actions):
                    self.game.apply(Action.parse(answer, view.names, view.seat), self.rng)
                    actions = [lg for lg in self.game.legal_actions(view.seat) if lg.verb is not None]
                    if vote is None and not actions:
                        return
                    continue
                self.console.print(f"[red]say[/red] vote NAME with NAME one of {', '.join(targets)}, or {hint}"
                                   if vote is not None else f"[red]say[/red] skip, or {hint}")
            except (ClaimError, JinrouError) as error:
                self.console.print(f"[red]{escape(str(error))}[/red]")

    def _night(self, view: SeatView, legal: Legal) -> bool:
        """Ask for one night action; True when one was taken whose outcome its seat sees at once (it
        may then choose again: 課金者's gacha)."""
        assert legal.verb is not None and view.seat is not None
        names = [view.names[t] for t in legal.targets]
        ja = legal.label[0] if legal.label else VERBS_JA.get(legal.verb.value) or verb_label(legal.verb, "ja")
        verb = f"{ja} ({legal.verb.value})"
        optional = "" if legal.required else " or skip"
        while True:
            if legal.arity == 0 and not legal.params:
                answer = self.ask(f"{verb}? yes{optional}", default="skip")
                if answer.strip().lower() == "yes":
                    self.game.apply(Action(view.seat, legal.verb), self.rng)
                return False
            wanted = "two names" if legal.arity == 2 else "a name" if legal.arity else ""
            wanted = f"{wanted}{_values(legal)}".removeprefix(" and ")  # no seat: only the values (gacha normal)
            among = f" of {', '.join(names)}" if names else ""
            nobody = f", or none ({legal.or_none[0]})" if legal.or_none else ""  # 怪盗's 「盗まない」
            answer = self.ask(f"{verb}: {wanted}{among}{nobody}{optional}").strip()
            if answer.lower() == "skip" and not legal.required:
                return False
            if legal.or_none and answer.lower() in ("none", legal.or_none[0], legal.or_none[1]):
                self.game.apply(Action(view.seat, legal.verb), self.rng)
                return False
            try:  # the one action codec reads it: names (or numbers), then the parameters' values
                if legal.arity == 1 and not legal.params:  # one seat: a mistyped name is told the choices
                    action = Action(view.seat, legal.verb, (seat_of(answer, view.names, legal.targets),))
                    drew = self.game.draws_at_once(action)
                    self.game.apply(action, self.rng)
                    return drew
                action = Action.parse(f"{legal.verb.value} {_role_typed(answer, legal)}", view.names, view.seat)
                if len(action.targets) != legal.arity:
                    raise JinrouError(f"give {wanted}{among}")
                for target in action.targets:
                    seat_of(view.names[target], view.names, legal.targets)
                drew = self.game.draws_at_once(action)
                self.game.apply(action, self.rng)
                return drew
            except JinrouError as error:
                self.console.print(f"[red]{escape(str(error))}[/red]")


def _values(legal: Legal) -> str:
    """What a prompt asks beyond the seats: each parameter with its allowed values, a role by its
    name (a kit: ``Seer 占いセット``)."""
    out = ""
    for param, values in zip(legal.params, legal.values, strict=True):
        if param.kind is ParamKind.TEXT:  # free text (歌人's poem), in double quotes
            out += f' and a {param.key} in double quotes ("…", 1–{param.limit} characters)'
            continue
        if param.kind is ParamKind.ROLE:
            shown = [f"{role_name(v, 'en')} {param.name(v, 'ja')}" if param.names and v in param.values
                     else role_name(v, "en") for v in values]
        else:
            shown = list(values)
        out += f" and a {param.key} ({', '.join(shown) if len(shown) <= 12 else 'a role'})"
    return out


def _role_typed(answer: str, legal: Legal) -> str:
    """``answer`` with its last parameter, a role, typed by any name (Seer, 占い師, seer) as its id,
    which the action's notation holds; the longest name that ends the answer after its seats."""
    if not legal.params or legal.params[-1].kind is not ParamKind.ROLE:
        return answer
    words = answer.split()
    for k in range(len(words) - legal.arity, 0, -1):
        try:
            role = by_name(" ".join(words[-k:])).id
        except UnknownRoleError:
            continue
        return " ".join([*words[:-k], role])
    return answer


def _form(legal: Legal, names: Sequence[str]) -> str:
    """A day action's form for the prompt: ``bet`` , ``threaten NAME``, ``wager NAME high|low``."""
    assert legal.verb is not None
    seats = " NAME" * legal.arity
    values = "".join(f' "{p.key.upper()}"' if p.kind is ParamKind.TEXT else
                     f" {'|'.join(role_name(w, 'en') for w in v) if p.kind is ParamKind.ROLE else '|'.join(v)}"
                     if len(v) <= 6 else f" {p.key.upper()}" for p, v in zip(legal.params, legal.values, strict=True))
    return f"{legal.verb.value}{seats}{values}"
