"""A seat's identity settles its answers when its layers change, and only then: the answers worked
out for a seat holding its role alone are those of the general path, and every change of the layers
(a role change, a sub-role or mark gained or lost, a mark's expiry, a copy, a pickle) is seen at once."""

from __future__ import annotations

import pickle

import pytest

from jinrou.classic.catalog import Team
from jinrou.classic.identity import Expiry, Identity, Layer, LayerKind
from jinrou.classic.model import Count, Fortune
from jinrou.classic.roles import ROLES, SUB_ROLES

from .helpers import new, night

SETTLED = [name for name in Identity.__slots__ if name not in ("seat", "layers")]


def settled(identity: Identity) -> dict[str, object]:
    return {name: getattr(identity, name) for name in SETTLED}


@pytest.mark.parametrize("role_id", sorted(ROLES))
def test_a_role_alone_is_settled_as_the_general_path_settles_it(role_id):
    alone = Identity(3, [Layer.of(ROLES[role_id], LayerKind.ROLE, 3)])
    general = Identity(3, alone.layers)
    general._settle_stack(general.layers, general.main, general.role)
    assert settled(alone) == settled(general)


def test_answers_follow_each_change_of_the_layers():
    g = new(["Werewolf", "Cursed", "Human", "Human", "Human"])
    me = g.identity(2)
    assert (me.team(), me.lover, me.chats(g.ctx), me.reactions) == (Team.HUMAN, False, frozenset(), {})
    lovers = g.grant(2, "Lovers")
    assert me.team() is Team.FRIEND and me.lover and me.has("Lovers") and me.told_layers() == ("Lovers",)
    assert me.win_layer() is lovers and me.reactions and me.layers == (me.main, lovers)
    protection = g.grant(2, "HolyProtection", source=1)
    assert me.extras() == (lovers, protection) and me.acting() == (me.main, lovers)
    g.remove(lovers)
    assert me.team() is Team.HUMAN and not me.lover and me.win_layer() is me.main and me.extras() == (protection,)
    g.change_role(2, "Werewolf")
    assert me.role is ROLES["Werewolf"] and me.counts() is Count.WOLF and me.fortune() is Fortune.WEREWOLF
    assert me.attacks and me.extras() == (protection,)


def test_a_mark_that_ends_at_dawn_leaves_and_its_answers_with_it():
    g = new(["Werewolf", "Human", "Human", "Human", "Human"])
    me = g.identity(1)
    mark = Layer.of(SUB_ROLES["HolyProtection"], LayerKind.MARK, 1, Expiry.DAWN)
    me.gain(mark)
    assert me.has("HolyProtection") and me.extras() == (mark,)
    night(g, "A attack C")
    assert not me.has("HolyProtection") and me.layers == (me.main,) and settled(me) == settled(Identity(1, me.layers))


def test_a_copy_and_a_pickle_settle_their_answers_again():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B protect C")
    for again in (g.copy(), pickle.loads(pickle.dumps(g))):
        them, me = again.identity(2), g.identity(2)
        assert them == me and them is not me and them.layers[1] is not me.layers[1]
        assert them.reactions.keys() == me.reactions.keys() and them.has("HolyProtection")
        bound = them._resisting  # the protection's layer
        assert bound and all(any(layer is mine for mine in them.layers) for layer in bound)  # the copy's layers
