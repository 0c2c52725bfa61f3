"""Views: the only way private data leaves the engine. Random games, every view checked."""

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from jinrou.classic.game import Game
from jinrou.classic.model import Action, Cause, Count, Stage, Verb, Vote
from jinrou.classic.roles import PLAYABLE, SUB_ROLES
from jinrou.classic.roles.common import FoxKind
from jinrou.classic.views import SeatView, heaven_sees_all


def true_label_fits(game: Game, seat: int, viewer: int, label: str) -> bool:
    """What a view may say it knows of ``seat`` must be true of it."""
    if label == "wolves":
        return game.counts(seat) is Count.WOLF or game.identity(seat).appears_as_wolf  # 暗躍者 (W.1.12)
    if label == "Lovers":
        # a hidden lover (本命) is one for every rule; a false lover (手玉) is told it is one (T.1.7)
        return game.identity(seat).lover and (game.identity(viewer).lover or "Lovers" in game.identity(viewer).told_layers())
    if label == "Fox":  # the fox list (T.2): a listed 妖狐系 kind or 狐憑き
        return any(isinstance(layer.role, FoxKind) and layer.role.fox_listed for layer in game.identity(seat).layers)
    if label == "Bond":  # 絆 (T.1.5): the two are bound to each other
        return game.has_sub(seat, "Bond") and game.has_sub(viewer, "Bond")
    if label == "target":  # a 金鬼's targets (T.1.9): seats just before it
        return game.role(viewer).id == "GoldOni" and seat < viewer
    if label == "Fan":  # an アイドル knows its fans (issue 34)
        return game.has_sub(seat, "Fan")
    if label in SUB_ROLES:  # a seat known by a sub-role or mark it holds (カルト信者, 暴動者, 宿敵, 吸血 …)
        return game.has_sub(seat, label)
    # its role, or a role it holds beside it (a フランケンシュタインの怪物's absorbed アイドル is its fans' idol)
    return any(layer.role.id == label for layer in game.identity(seat).layers)


def check_view(game: Game, seat: int | None) -> None:
    view = SeatView.of(game, seat)
    everything = game.is_over or (seat is not None and not game.alive[seat] and heaven_sees_all(game))
    # roles: only one's own, unless the viewer may see all
    if not everything:
        assert set(view.roles) <= ({seat} if seat is not None else set())
    # private messages: only those addressed to the viewer
    for _, message in view.messages:
        assert message.to is None or (seat is not None and seat in message.to)
    # what it knows of others is true, and never more than its role and sub-roles entitle it to
    for other, label in view.known.items():
        assert other != seat and true_label_fits(game, other, seat, label)
    # hidden causes stay hidden
    if not everything:
        for other, cause in view.causes.items():
            assert cause in {None, *(c.value for c in Cause if c.public)}, cause  # 老衰 (infirm) is public too
            assert cause not in ("attack", "curse", "poison", "witch", "assassinate", "dog", "trap", "hooligan",
                                 "lorelei"), cause
    # chats only at night, only for the living
    if view.chats_read:
        assert seat is not None and game.alive[seat] and game.stage is Stage.NIGHT
    # a spectator or another seat never sees who the 決定者/権力者 are
    assert not {"Decider", "Authority"} & set(view.subs)
    assert view.outcome is None or game.is_over


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 16), heaven=st.sampled_from(["norevive", "view", ""]))
@example(seed=244, n=11, heaven="norevive")  # a fan knows its idol: a monster that absorbed the アイドル
def test_no_view_holds_another_seats_private_data(seed, n, heaven):
    rng = np.random.default_rng(seed)
    roles = [str(r) for r in rng.choice(sorted(PLAYABLE), n)]
    roles[0] = "Werewolf"
    game = Game.new([f"P{i}" for i in range(n)], roles,
                    {"scapegoat": "off", "heavenview": heaven, "decider": "on", "authority": "on"}, rng)
    while not game.is_over:
        for seat in [None, *game.seats()]:
            check_view(game, seat)
        for seat in game.seats():
            for legal in game.legal_actions(seat):
                if legal not in game.legal_actions(seat):
                    continue
                if legal.verb is None:
                    game.apply(Vote(seat, int(rng.choice(legal.targets))))
                elif legal.targets or not legal.arity:
                    targets = tuple(int(t) for t in rng.choice(legal.targets, legal.arity, replace=False))
                    game.apply(Action(seat, legal.verb, targets, legal.example()), rng)
        game.close(rng)
    for seat in [None, *game.seats()]:
        check_view(game, seat)
        assert SeatView.of(game, seat).roles == {s: game.role(s).id for s in game.seats()}


def test_wolves_know_each_other_and_the_mad_wolf_but_not_the_fanatic():
    game = Game.new("ABCDEFGH", ["Werewolf", "Werewolf", "MadWolf", "Fanatic", "Human", "Diviner", "Human", "Human"],
                    {"scapegoat": "off"})
    assert SeatView.of(game, 0).known == {1: "wolves", 2: "wolves"}
    assert SeatView.of(game, 3).known == {0: "wolves", 1: "wolves", 2: "wolves"}
    assert SeatView.of(game, 4).known == {}
    assert SeatView.of(game, 0).chats_write == frozenset({"wolf"}) == SeatView.of(game, 2).chats_write
    assert SeatView.of(game, 3).chats_write == frozenset()


def test_queen_is_known_to_the_village_only():
    game = Game.new("ABCDE", ["Werewolf", "QueenSpectator", "Human", "Madman", "Fox"], {"scapegoat": "off"})
    assert SeatView.of(game, 2).known == {1: "QueenSpectator"}
    assert SeatView.of(game, 3).known == {} and SeatView.of(game, 4).known == {}


def test_the_dead_see_every_role_unless_a_revival_is_possible():
    game = Game.new("ABCDE", ["Werewolf", "Human", "Human", "Human", "Cat"], {"scapegoat": "off"})
    game.apply(Action(0, Verb.ATTACK, (1,)))
    game.close(np.random.default_rng(0))
    assert not game.alive[1]
    assert SeatView.of(game, 1).roles == {1: "Human"}  # a 猫又 is in the game: heaven stays closed
    game.settings = type(game.settings).parse({**game.settings.values, "heavenview": "view"})
    assert len(SeatView.of(game, 1).roles) == 5


def test_a_tiny_fox_that_is_the_foxs_lover_knows_it_under_both_labels():
    game = Game.new("ABCDEF", ["Werewolf", "Fox", "TinyFox", "Cupid", "Human", "Human"], {"scapegoat": "off"})
    game.apply(Action(3, Verb.PAIR, (1, 2)))
    game.apply(Action(0, Verb.ATTACK, (4,)))
    game.close(np.random.default_rng(0))
    view = SeatView.of(game, 2)
    assert view.labels == {1: ("Fox", "Lovers")}
    assert SeatView.of(game, 1).labels == {2: ("Lovers",)}  # the 妖狐 does not know its 子狐 as one


def test_the_role_history_is_shown_to_everybody_at_the_end_and_to_nobody_before():
    game = Game.new("ABCDEF", ["Werewolf", "Cursed", "Human", "Human", "Human", "Diviner"], {"scapegoat": "off"})
    game.apply(Action(0, Verb.ATTACK, (1,)))
    game.apply(Action(5, Verb.DIVINE, (2,)))
    game.close(np.random.default_rng(0))
    assert game.alive[1]
    for voter in game.living():  # the village executes the diviner: the cursed one turns at this burial
        game.apply(Vote(voter, 5 if voter != 5 else 2))
    game.close(np.random.default_rng(0))
    assert game.role(1).id == "Werewolf" and game.roles_held(1) == ("Cursed", "Werewolf")
    assert all(SeatView.of(game, seat).history == {} for seat in [None, *game.seats()])
    while not game.is_over:  # the two wolves eat the village
        for seat in game.living():
            for legal in game.legal_actions(seat):
                if legal.verb is None:
                    game.apply(Vote(seat, legal.targets[0]))
                elif legal.verb is Verb.ATTACK and game.done(0, Verb.ATTACK) + game.done(1, Verb.ATTACK) == 0:
                    game.apply(Action(seat, Verb.ATTACK, (legal.targets[0],)))
        game.close(np.random.default_rng(1))
    assert all(SeatView.of(game, seat).history == {1: ("Cursed", "Werewolf")} for seat in [None, *game.seats()])


def test_a_cults_members_a_riots_and_the_bitten_are_private_facts():
    """T.7, T.6: only the cult's leaders know its members (a member knows no other), only the 暴徒 the rioters,
    only the ドラキュラ the bitten (the bitten seat is not told), and only a seat's own view shows what it holds."""
    from .helpers import new, night, seat, vote

    g = new(["Werewolf", "CultLeader", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "B recruit C", "A attack I")
    vote(g, "AH BH CH DH EH FH GH HA")
    night(g, "B recruit D", "A attack G")
    c, d, e = (SeatView.of(g, seat(g, x)) for x in "CDE")
    leader = SeatView.of(g, seat(g, "B"))
    assert leader.known == {2: "CultMember", 3: "CultMember"}
    assert c.known == {} and d.known == {} and e.known == {} and SeatView.of(g, None).known == {}
    assert c.subs == ("CultMember",) and e.subs == () and "CultMember" not in SeatView.of(g, None).subs
    for viewer in (None, *g.seats()):
        check_view(g, viewer)
    g = new(["Werewolf", "Dracula", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    vote(g, "AH BH CH DH EH FH GH HA")
    night(g, "B bite C", "A attack G")
    assert SeatView.of(g, seat(g, "B")).known == {2: "DraculaBitten"}
    assert SeatView.of(g, seat(g, "C")).subs == () and not [m for _, m in SeatView.of(g, seat(g, "C")).messages
                                                            if m.to is not None and "dracula" in m.key]
    for viewer in (None, *g.seats()):
        check_view(g, viewer)


def test_a_view_built_at_once_holds_every_field_and_equals_the_constructors():
    """SeatView.of sets the fields at once (speed): every field is there, and the view is what the
    dataclass' own constructor would make of them."""
    import dataclasses

    g = Game.new("ABCDE", ["Werewolf", "Diviner", "Human", "Human", "Human"], {"scapegoat": "off"})
    for seat in (0, 1, None):
        view = SeatView.of(g, seat)
        names = {f.name for f in dataclasses.fields(SeatView)}
        assert set(vars(view)) == names
        assert view == SeatView(**{name: getattr(view, name) for name in names})
