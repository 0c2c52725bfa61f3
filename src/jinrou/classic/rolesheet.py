"""The role list, generated from the declarations: for `jinrou classic roles` and
``docs/classic-roles.md`` (a test checks the document is up to date)."""

from __future__ import annotations

import inspect
from dataclasses import dataclass

from jinrou.classic.role import Ability, Role
from jinrou.classic.roles import ROLES
from jinrou.classic.texts import docstring_text


def _doc(obj: object) -> str:
    return docstring_text(obj)


@dataclass(frozen=True)
class RoleRow:
    """One role as the role list shows it."""

    id: str
    name_ja: str
    name_en: str
    team: str
    team_ja: str
    team_en: str
    category_ja: str
    fortune: str
    psychic: str
    counts: str
    actions: tuple[str, ...]
    rule: str

    def to_json(self) -> dict[str, object]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.__dict__.items()}


def _action(ability: Ability) -> str:
    when = "at once" if ability.level is None else f"level {ability.level}"
    need = "required" if ability.required else "optional"
    return f"{ability.verb.value} ({when}, {need}): {_doc(ability)}"


def row(role: Role) -> RoleRow:
    return RoleRow(
        id=role.id,
        name_ja=role.name_ja,
        name_en=role.name_en,
        team=role.team.value,
        team_ja=role.team.name_ja,
        team_en=role.team.name_en,
        category_ja=role.category.name_ja,
        fortune=role.fortune.name_ja,
        psychic=role.psychic.name_ja,
        counts=role.counts.value,
        actions=(*(_action(a) for a in role.abilities),
                 *(f"level {h.level} hook (no action): {_doc(h)}" for h in role.level_hooks)),
        rule=_doc(type(role)),
    )


def rows() -> list[RoleRow]:
    """Every declared role, in catalog order."""
    return [row(r) for r in sorted(ROLES.values(), key=lambda r: r.catalog.row)]


HEADER = """# Classic werewolf: the roles

Generated from the role declarations (`jinrou classic roles --markdown`); do not edit by hand.
Each role is one class in `src/jinrou/classic/roles/`; its names, team and category come from the
catalog (`src/jinrou/classic/data/gekka-roles.tsv`; the English name is the id in words unless
`jinrou.classic.catalog.NAMES_EN` gives the one players know: `Diviner` is the Seer). Every output
names a role by these two names; the id is what records, settings and notations hold, and what
`--roles`, `--cast`, `--fix` and claims accept beside the names. 占 = divination result, 霊 = psychic
result, counts = how it counts in the victory checks (human / wolf / vampire / none).

## Adding a role

A new role touches these places, and no other:

- its **declaration** in the module of its catalog category (`src/jinrou/classic/roles/`, table below),
  with everything that is its own beside it: its card (ja, en), its verbs, its causes of death, its
  messages;
- its **bot play**, when it has verbs or claims of its own, in the bots' module of its group
  (`src/jinrou/agents/classic/`);
- its **tests** (`tests/classic/roles/`), and this page, regenerated.

The engine, the texts, the online mode, the server, the page and the bots' main loop are not edited.
`tests/classic/test_new_role.py` holds it: a role declared in a test file only
(`tests/classic/ambush_role.py`: card, verb, cause, message, win rule, bot play) plays in
`jinrou classic simulate`, in an online room (its card in the view, its action through the API, its
bots' policy) and through the record, and no file of the package names it.

A role is one declaration in the module of its catalog category, in the words of the game: its data,
its card, its abilities, the events it reacts to, the answers it changes, the causes it kills by and
the messages it tells. Its names, team and category come from the catalog row of its id (the TSV's
`id` column; its English name from `NAMES_EN` where it is not the id in words). It reads and acts only through the `Context` it is handed (`ctx`) and its own
layer (`me.seat`, `me.memory`); it asks other seats through their identity (`ctx.identity(s).counts()`,
`.is_a(Divining)`, `.holds(Divining)`, `.vampire_role()`), never by comparing ids, and imports only the
vocabulary (`model`, `actions`, `abilities`, `events`, `identity`, `role`, `phase`, `context`, `catalog`) and
`roles/common` — never the engine, never another role module (`tests/test_imports.py` holds it).

| 系 (catalog category) | module in `src/jinrou/classic/roles/` |
|---|---|
| 村人系 | `village.py` (§8's first roles, 商人's kits, 聖職者's protection, 御子, 通訳 …), `village_seers.py` (who learn), `village_guards.py` (who protect or withstand), `village_ballots.py` (votes, executions, the day), `village_remedies.py` (who kill or cure), `village_tricks.py` (tricks on the wolves' bite), `village_nights.py` (closed nights, fans, poems, 霊界's voice: 花火師, アイドル, 歌人, 悪霊憑き), `village_masks.py` (behind a mask: 在宅者; and two 役職変化系, 血まみれのメアリー, 怪盗), `village_gifts.py` (presents and leaving: サンタクロース, トナカイ, 帰省者), `village_crowds.py` (デスノート, 花見客 and the 酔っ払い, 配信者 and its listeners) |
| 役職変化系 | `switching.py` (村人陣営), `village_masks.py` (血まみれのメアリー, 怪盗), `switchers.py` (team Others: ストーカー, コピー, ドッペルゲンガー, 盗人, 二重人格) |
| 人狼系 | `werewolves.py` |
| 狂人系 | `madmen.py`, `madmen_marks.py` (those that mark a seat) |
| 妖狐系, 背徳者系 | `foxes.py` (§8), `foxes_kinds.py` (wave 3: 悪戯妖精 … 冒涜者, 絆, 狐憑き) |
| 第三陣営系 | `lovers.py` (恋人陣営), `lovers_sweets.py` (悪女, 狂愛者, 雪女, パティシエール and her chocolates), `others.py` (the single teams and the others), `vampires.py` (ドラキュラ, 吸血鬼の眷属), `single_teams.py` (the cult, the ravens, the hooligans, the duelists, Lorelei), `others_oni.py` (wave 3 without a team: ならず者, the 鬼 kinds, 闇道化, 天邪鬼, 獅子舞, 地縛霊) |
| sub-roles several roles give | `subroles.py` (狼の子分, 月狂病, 決定者, 権力者) |
| parts several roles share or ask about | `common.py` (`Divining`: "holds a 占い師", `Mediumship`, `Bodyguarding`, `LastShot`, `Villager`, `Absolute`, `Divination`, `Protection`, `Gamble`, the foxes' defaults and list `FoxKind`, `fox_list`, the parts 冒涜者 and *alive for the win* ask about `BlasphemyProof`, the *robbed* mark's part `Stolen` (`shown_if_stolen`), `Haunting`, `alive_for_win`, the shared causes `poison`, `trap`, `dog`, `oni`, the memories of the wolves' attack several modules set or read — `NextNight`, `Trick`, `Lunged`, `AttackFailures` — the seal `Sealed`, and messages `divined`, `psychic`, `wolves sick` …) |

```python
{example}```

1. Decorate the class with `@role`; under its docstring (the engineers' rule, with the spec's
   references) write its card for players, `card_ja` and `card_en` (without them the docstring is the
   card); then set only what differs from `jinrou.classic.role.Role`: `fortune`, `psychic`,
   `counts`, `judge_team`, flags (`attacks`, `immune_to_wolf_attack`, `cursed_by_divination`,
   `steals_victory`, `must_vote`, `closes_heaven`, `shown`, `first_divination_spares`), the attributes
   later roles read (V1.1.13: `death_resistance`, `deadly_weapon`, `guard_role`), `Memory` (what its
   instance on a seat keeps). What its mechanic keeps for the whole table (an effect on the next
   night, tonight's trick) is a `Shared` dataclass declared beside it (`kept = Kept.NIGHT`, or
   `Kept.BURIAL`; the game by default), read and written through `ctx.memory(Kind)` and
   `ctx.recall(Kind)` — never a field of the game; its `dusk(ctx)` runs when a night opens.
2. Actions are `Ability` subclasses (`jinrou.classic.abilities`) in `abilities`. An ability declares
   its verb beside it — `Verb.declare("steal", Param("role", ParamKind.ROLE), label=("盗む", "steal"))`:
   the record's word and its typed parameters (a role id, or a choice among declared words such as
   `Param("kind", ParamKind.CHOICE, ("normal", "premium"))`; a parameter's words for players are
   `Param(…, names=((ja, en), …))`, as 商人's kits), one declaration per verb, its name for players in
   `label=` (an ability reusing a verb under other words sets its own `label`: 通訳's `pair` is
   「通訳する」, not キューピッド's 「恋人にする」) — then when it is open: `when` (`When.NIGHT`,
   or `When.DAY` for a day action, W.1.1: optional, any time of the day while alive), `first` (the
   first night or day), `once` (`Once.GAME` or `Once.DAY`), `while_dead`; `required`, `level` (None:
   at once), `arity` (seats), and the hooks `available`, `targets`, `values` (each parameter's values
   allowed now), `note` (what its form says beside it: 課金者's premium pulls left), `check`, `submit` for
   effects at once, `resolve` for effects at its level, each given
   `(ctx, me)`, and `spent` (it can never be used again: the role card marks it used; by default a
   `Once.GAME` ability once used, overridden where the uses are counted in memory, as 魔女's potions); an
   ability whose `submit` draws (`ctx.draw`: the player sees the outcome at once, as
   課金者's gacha) sets `draws_on_submit`, and its outcomes travel with the action. A choice's words
   for players are `Param(…, names=((ja, en), …))`. The engine offers it, checks it and records it; the online page, `classic play` and the bots read its parameters from
   the legal actions. Reactions are methods marked `@on(Event)`; answers are `resist` (§5.2),
   `vote_weight`, `vote_priority`, `knows`, `chats`, `speaks_in_heaven`, `wins`.
3. A death of its own kind is a cause it declares beside it, as verbs are:
   `GREEDY_DEATH = Cause.declare("greedy", "強欲の報い", "paid for its greed")` — the record's word and
   its names in Japanese and English (`public=True` and `died=(ja, en)` for a cause announced as such
   while the game runs, as 老人's 老衰); the rules' own causes are `Cause.ATTACK`, `Cause.EXECUTION` ….
4. A sub-role, extra role (a kit) or mark is declared the same way with `@sub_role(name_en, name_ja)`
   or `@mark(…, until=Expiry.DUSK)`, with its card, and given to a seat with `ctx.grant(seat, id)`; a
   team, win rule, count or result overlay it declares prevails over the role's (the most recent on
   top); one shown around the role says how (`shown_with = ("狼の子分（{{role}}）", "Wolf minion ({{role}})")`).
   A sub-role that only adds a way to win ("wins also if …") asks the rule below it
   (`ctx.identity(me.seat).wins_below(ctx, me, result)`: カルト信者, 暴動者); a survival clause asks
   `ctx.alive_for_win(seat)` (T.1.4). A team's own victory check is a flag the judgement reads
   (`victory.py`: `swaps_results`, `lone_survivor`, `steals_after_lovers`, `majority`, `sweeps`), never a
   new function there.
5. What it tells players is a message it declares beside it, as causes are:
   `CHARGED = Message.declare("charged", "てるてる坊主の準備が整いました", "You are ready: …")`, then
   `ctx.tell(seat, CHARGED, player=…)` — the key and its Japanese and English templates (`{{player}}`,
   `{{target}}` … are seats' names, `{{role}}` a role's name, `{{result}}` a result, `{{seats}}` a list of
   seats); an argument whose values are words of their own gives their words in both languages
   (`words={{"color": {{"赤色": ("赤色", "red"), …}}}}`: 共感覚者's colors). A death is announced by its
   cause's `died` line, not by a message; the rules' own messages are `jinrou.classic.texts.TEMPLATES`.
6. Its bot play, when it has verbs or claims of its own, is one `Play` in the bots' module of its
   group (`src/jinrou/agents/classic/`: `village.py` 村人系, `werewolves.py` 人狼系, `madmen.py` 狂人系,
   `others.py` 第三陣営系, `switching.py` 役職変化系; a group without one gets a module, imported by the
   package's `__init__`): `plays.declare(Play("Id", policies={{STEAL: _steal}}, …))`, a policy per
   verb it declares — `(bot, view, assessment, legal, noise, rng) → Action | None` — and what it
   says or how the others read its claim (`reports`, `claims_as`, `comes_out`, `bait`, `power`,
   `targeted`, …: `jinrou.agents.classic.plays`), and how a bot notes its messages where what they say
   weighs in the main loop's reading of the table (`reads={{"seers mama": _seers_told}}`: the seats
   予言者のママ is told hold 占い師; a bait or policy that only asks whether its seat was told a message
   reads `bot.notes.heard`). The vocabulary's verbs (divine, guard, attack,
   pair, revive, bite, shoot) play by their defaults (`agents/classic/common.py`) without one; a
   verb with no policy gets uniform legal targets when required and is skipped when optional.
7. Write its tests in `tests/classic/roles/test_<group>.py` (its rule with known values and each
   interaction), then regenerate this page (`jinrou classic roles --markdown > docs/classic-roles.md`).
   Declared in the package (its module imported by `roles/__init__.py`), the role joins the `playable`
   pool of 闇鍋 casting and `jinrou classic roles`, and the room settings offer it. A role declared
   elsewhere — a test's, registered when its module is imported — plays in fixed casts, in rooms
   (offered while it is declared; restored from their events, as its classes are not the package's
   to unpickle) and in `classic simulate` run in that process, but not in 闇鍋's pool; its
   registrations are undone with `Verb.forget`, `Cause.forget`, `Message.forget`, `plays.forget` and
   `del ROLES[id]`.

## The roles

| id | 役職 | role | 陣営 team | 系 | 占 | 霊 | counts | night action | rule |
|---|---|---|---|---|---|---|---|---|---|
"""


def _example() -> str:
    """てるてる坊主's declaration as the source has it, its message with it: the how-to's example cannot
    drift from the code."""
    from jinrou.classic.roles import others
    from jinrou.classic.roles.others import Teruteru, TeruteruMemory

    message = next(line for line in inspect.getsource(others).splitlines() if line.startswith("CHARGED = "))
    return f"{inspect.getsource(TeruteruMemory)}\n\n{message}\n\n\n{inspect.getsource(Teruteru)}"


def markdown() -> str:
    """The role list as the Markdown page ``docs/classic-roles.md``."""
    lines = [HEADER.format(example=_example()).rstrip("\n")]
    for r in rows():
        actions = "<br>".join(r.actions) or "—"
        lines.append(
            f"| `{r.id}` | {r.name_ja} | {r.name_en} | {r.team_ja} ({r.team_en}) | {r.category_ja} | {r.fortune} "
            f"| {r.psychic} | {r.counts} | {actions} | {r.rule} |"
        )
    return "\n".join(lines) + "\n"
