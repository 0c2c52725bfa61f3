"""Seals, hypnosis and day actions (shared/spec/classic-roles-werewolf.md W.1.1, W.1.3, W.1.11a): 威嚇する狼,
血狼 (``roles/werewolves.py``), 催眠術師, イカサマ師 (``roles/madmen.py``).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

from jinrou.classic.game import Game
from jinrou.classic.model import Stage, Vote
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import Chat
from jinrou.classic.texts import render
from jinrou.classic.views import SeatView

from ..helpers import (
    action,
    alive,
    cast,
    chats,
    close,
    dead,
    legal_verbs,
    line,
    new,
    night,
    refused,
    result,
    seat,
    told,
    vote,
)


def sealed(g: Game) -> str:
    return "".join(g.names[s] for s in g.seats() if g.identity(s).sealed)


def hypnotized(g: Game) -> str:
    return "".join(g.names[s] for s in g.seats() if g.identity(s).hypnotized)




# ---------------------------------------------------------------------------------------------- 威嚇する狼


def threatened_game(roles: list[str], target: str, settings: dict | None = None) -> Game:
    """Night 1 A attacks the last seat; on day 2 A (a 威嚇する狼) threatens ``target``; nobody is
    executed that day (everybody votes for the seat before last, who is a 村人)."""
    g = new(roles, settings)
    last = g.names[-1]
    night(g, f"A attack {last}")
    g.apply(action(g, f"A threaten {target}"))
    return g


def test_threatening_wolf_seals_its_target_at_dusk_told_and_only_that_night():
    g = new(["ThreateningWolf", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G", "B divine C")
    assert "threaten" in legal_verbs(g, "A") and "threaten" not in legal_verbs(g, "B")
    g.apply(action(g, "A threaten B"))
    assert told(g, "threatened", "A") == [{"player": 0, "target": 1}] and told(g, "threatened", "B") == []
    assert line(g, "threatened") == "AはBを威嚇しました。"
    assert sealed(g) == ""  # only from dusk
    vote(g, "AF BF CF DF EF FC")
    assert sealed(g) == "B"
    assert told(g, "sealed", "B") == [{"player": 1}]
    assert line(g, "sealed") == "Bは威嚇されました。今夜は能力が無効化されます。"
    assert legal_verbs(g, "B") == {}  # no divination, and none required: no sudden death
    night(g, "A attack E")
    assert dead(g) == {"G": "attack", "F": "execution", "E": "attack"}
    assert told(g, "divined", "B") == [{"target": 2, "result": "human"}]  # night 1's only
    assert sealed(g) == ""  # ends at the dawn it lives
    assert "divine" not in legal_verbs(g, "B")  # by day
    vote(g, "AC BC CD DC")
    assert "divine" in legal_verbs(g, "B")


def test_threat_is_once_per_game_by_day_only_and_refused_when_spent():
    g = threatened_game(["ThreateningWolf", "Human", "Human", "Human", "Human", "Human", "Human"], "B")
    assert "threaten" not in legal_verbs(g, "A")
    error = refused(g, action(g, "A threaten C"), "A .Threatening Wolf. has no action 'threaten' today")
    assert error.ja == "Aには今日「威嚇」の行動はありません"
    vote(g, "AF BF CF DF EF FC")
    refused(g, action(g, "A threaten C"), "A .Threatening Wolf. has no action 'threaten' tonight")
    night(g, "A attack E")
    assert "threaten" not in legal_verbs(g, "A")  # once per game
    refused(g, action(g, "A threaten C"), "A .Threatening Wolf. has no action 'threaten' today")


def test_threat_needs_a_living_target_and_comes_to_nothing_if_either_died_by_dusk():
    g = new(["ThreateningWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    refused(g, action(g, "A threaten H"), "A cannot threaten H: allowed are B, C, D, E, F, G")
    g.apply(action(g, "A threaten C"))
    vote(g, "AC BC CD DC EC FC GC")  # the target is executed
    assert sealed(g) == "" and told(g, "sealed") == []
    g = new(["ThreateningWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "A threaten C"))
    vote(g, "AB BA CA DA EA FA GA")  # the 威嚇する狼 is executed
    assert sealed(g) == "" and told(g, "sealed") == []


def test_a_threatened_wolf_has_no_attack_the_pack_attacks_through_the_others_and_it_still_counts():
    g = new(["ThreateningWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "A threaten B"))  # a fellow wolf
    vote(g, "AC BC CD DC EC FC GC")
    assert sealed(g) == "B" and legal_verbs(g, "B") == {}
    assert chats(g, "B") == set() and chats(g, "A") == {Chat.WOLF}
    assert sorted(g.attackers()) == [0, 1]  # still an attacking wolf for the counts (孤独な狼's check)
    night(g, "A attack D")
    assert dead(g)["D"] == "attack"


def test_a_sealed_seat_reads_and_writes_no_night_chat():
    # W.1.3: only its monologue at night — no wolf, fox or couple chat; back by day
    g = new(["ThreateningWolf", "Couple", "Couple", "Fox", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    g.apply(action(g, "A threaten B"))
    vote(g, "AH BH CH DH EH FH GH HG")
    assert chats(g, "B") == set() and chats(g, "C") == {Chat.COUPLE}
    view = SeatView.of(g, seat(g, "B"))
    assert Chat.COUPLE not in view.reads and Chat.COUPLE not in view.writes
    assert Chat.COUPLE in SeatView.of(g, seat(g, "C")).writes
    assert g.ctx.chat_members(Chat.COUPLE) == [2]


# ---------------------------------------------------------------------------------------------- what a seal voids


def test_sealed_hunter_is_not_armed_and_sealed_poisoner_poisons_nobody():
    # W.1.3: its on-death hooks do nothing (no armed hunter, no poison)
    g = new(["ThreateningWolf", "Hunter", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "A attack B")
    assert dead(g)["B"] == "attack" and g.stage is Stage.DAY and g.armed == []
    g = new(["ThreateningWolf", "Poisoner", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "A attack B")
    assert dead(g) == {"H": "attack", "G": "execution", "B": "attack"}  # the wolf lives


def test_sealed_fox_is_not_cursed_but_keeps_its_resistance_and_sealed_curse_wolf_curses_nobody():
    # W.1.3: its divined hooks do nothing (the fox curse is one), its resistances stay
    g = new(["ThreateningWolf", "Fox", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine D")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "A attack B", "C divine B")
    assert "B" in alive(g)  # neither cursed nor killed by the attack
    g = new(["ThreateningWolf", "CurseWolf", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine D")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "A attack D", "C divine B")
    assert "C" in alive(g) and told(g, "divined", "C")[-1] == {"target": 1, "result": "werewolf"}


def test_a_dusk_hook_is_skipped_under_a_seal_placed_before_every_dusk_hook():
    """Settled here (W.2 威嚇する狼): the seal comes before all dusk hooks — the reference places it in the
    wolf's own dusk hook, in random order, so the target's hook may run first there. 狼少年's frame
    lasts until the seat's next dusk hook, so a sealed seat keeps it (W.1.5)."""
    g = new(["ThreateningWolf", "Human", "WolfBoy", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C frame B", "D divine E")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    assert g.identity(1).fortune().value == "werewolf" and g.identity(1).has("Framed")
    night(g, "A attack F", "D divine B")
    assert told(g, "divined", "D")[-1] == {"target": 1, "result": "werewolf"}


# ---------------------------------------------------------------------------------------------- 血狼


def blood_game() -> Game:
    """7 seats: 血狼 A, 人狼 B, 霊能者 C, 狩人 D, 村人 E F G; night 1 the wolves kill G."""
    g = new(["BloodWolf", "Werewolf", "Psychic", "Guard", "Human", "Human", "Human"])
    night(g, "A attack G", "D guard E")
    return g


def test_blood_wolf_self_destructs_at_once_the_day_ends_without_a_vote_and_the_blood_moon_seals():
    g = blood_game()
    cast(g, "EB FB")
    g.apply(action(g, "A selfdestruct"))
    assert told(g, "self-destruct", None) == [{"player": 0}]
    assert line(g, "self-destruct") == "Aは自らを犠牲に血月の力を引き出します。"
    assert dead(g)["A"] == "selfdestruct" and g.stage is Stage.DAY
    assert g.ballot is not None and g.ballot.votes == {}  # the votes cast are void
    assert all(g.legal_actions(s) == [] for s in g.seats()) and g.awaited() == []
    refused(g, Vote(seat(g, "C"), seat(g, "B")), "the day ended without a vote")
    close(g)
    assert g.stage is Stage.NIGHT and g.executions == [] and "B" in alive(g)
    assert told(g, "blood moon", None) == [{}]
    assert line(g, "blood moon") == "血月の力により村人たちは能力を封印されています。"
    assert sealed(g) == "CDEFG"  # every seat not counting as wolf, the dead G too
    assert legal_verbs(g, "D") == {} and "attack" in legal_verbs(g, "B")
    night(g, "B attack E")
    assert dead(g)["E"] == "attack"  # the guard was sealed
    assert told(g, "psychic", "C") == []  # no 霊能 result for a self-destruction
    assert sealed(g) == "EG"  # the dead keep it until they revive and see a dawn
    assert render(next(m for _, m in g.messages if m.key == "died" and m.args["player"] == 0), g.names) == \
        "Aは無残な姿で発見されました"


def test_a_dead_sealed_seat_keeps_its_seal_until_it_revives_and_sees_a_dawn():
    g = blood_game()
    g.apply(action(g, "A selfdestruct"))
    close(g)
    night(g, "B attack E")
    assert sealed(g) == "EG"  # both dead, both sealed; the living saw the dawn
    g.revive(6)  # G comes back by day: still sealed until a dawn it sees alive
    assert g.identity(6).sealed
    vote(g, "BF CF DF FC GF")
    night(g, "B attack D")
    assert "G" in alive(g) and not g.identity(6).sealed and g.identity(4).sealed  # E died sealed


def test_blood_wolf_self_destruction_ends_the_game_as_after_an_execution():
    g = new(["BloodWolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack E")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert result(g) == "Human"


def test_blood_wolf_self_destruction_resisted_still_ends_the_day_but_calls_no_blood_moon():
    g = new(["BloodWolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack G", "B protect A")
    g.apply(action(g, "A selfdestruct"))
    assert "A" in alive(g) and g.ballot is not None and g.ballot.ended
    close(g)
    assert g.stage is Stage.NIGHT and told(g, "blood moon") == [] and sealed(g) == ""
    assert "selfdestruct" not in legal_verbs(g, "A")


def test_self_destruction_is_by_day_only():
    g = new(["BloodWolf", "Human", "Human", "Human", "Human"])
    refused(g, action(g, "A selfdestruct"), "A .Blood Wolf. has no action 'selfdestruct' tonight")
    night(g, "A attack E")
    refused(g, action(g, "A selfdestruct B"), "A's selfdestruct takes no target")


def test_self_destruction_buries_gives_the_hunter_phase_and_checks_the_win_before_dusk():
    # W.2 血狼: burial, hunter phase and win check as after an execution — its lover, a ハンター, follows
    # it at the burial and shoots before the dusk
    g = new(["BloodWolf", "Werewolf", "Hunter", "Cupid", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "D pair A C")
    g.apply(action(g, "A selfdestruct"))
    assert dead(g) == {"H": "attack", "A": "selfdestruct"}  # the lover follows at the burial, on close
    close(g, [("announcement", ["A", "C"])])
    assert dead(g)["C"] == "suicide" and g.stage is Stage.HUNTER
    g.apply(action(g, "C shoot B"))
    close(g)
    assert dead(g)["B"] == "hunter" and result(g) == "Human"  # no wolf left: the village wins


# ---------------------------------------------------------------------------------------------- 催眠術師


def test_hypnotist_from_night_2_once_told_and_a_hypnotized_wolf_cancels_every_attack():
    g = new(["Werewolf", "Hypnotist", "Human", "Human", "Human", "Human", "Human"])
    assert "hypnotize" not in legal_verbs(g, "B")
    refused(g, action(g, "B hypnotize A"), "B .Hypnotist. has no action 'hypnotize' tonight")
    night(g, "A attack G")
    vote(g, "AF BF CF DF EF FE")
    assert legal_verbs(g, "B")["hypnotize"] == ("A", "C", "D", "E")
    g.apply(action(g, "B hypnotize A"))
    assert told(g, "hypnotized", "B") == [{"player": 1, "target": 0}]
    assert line(g, "hypnotized") == "BがAに催眠術をかけました。"
    assert "hypnotize" not in legal_verbs(g, "B")  # spent at submission
    g.apply(action(g, "A attack C"))
    close(g)
    assert "C" in alive(g) and hypnotized(g) == ""  # no attack; the hypnosis ended at dawn
    vote(g, "AE BE CE DE EC")
    assert "hypnotize" not in legal_verbs(g, "B")  # once per game


def test_a_hypnotized_guard_protects_nobody_and_a_hypnotized_fox_loses_its_resistance():
    g = new(["Werewolf", "Hypnotist", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C guard D")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "C guard D", "A attack D")
    assert dead(g)["D"] == "attack"  # its action resolved to nothing
    g = new(["Werewolf", "Hypnotist", "Fox", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "A attack C")
    assert dead(g)["C"] == "attack"


def test_hypnosis_voids_protections_held_before_level_50_not_those_placed_after():
    # a 聖職者's protection from an earlier night is void; one placed tonight (level 69) works, and so
    # does a 狩人's (level 80)
    def game() -> Game:
        g = new(["Werewolf", "Hypnotist", "Priest", "Guard", "Human", "Human", "Human", "Human", "Human"])
        night(g, "A attack I", "D guard F")
        vote(g, "AH BH CH DH EH FH GH HG")
        return g

    g = game()
    night(g, "A attack F", "C protect E", "D guard F")
    assert g.identity(4).has("HolyProtection")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize E", "A attack E", "D guard F")
    assert dead(g)["E"] == "attack"
    g = game()
    night(g, "B hypnotize E", "C protect E", "A attack E", "D guard F")
    assert "E" in alive(g) and told(g, "holy protection used", "E")
    g = game()
    night(g, "B hypnotize E", "D guard E", "A attack E")
    assert "E" in alive(g)


def test_a_hypnotized_poisoner_hunter_and_diviner_have_no_effect():
    # W.1.3: on-death hooks (poison, arming) and divined effects (the fox curse) do nothing
    g = new(["Werewolf", "Hypnotist", "Poisoner", "Hunter", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "A attack C")
    assert dead(g) == {"H": "attack", "G": "execution", "C": "attack"}
    g = new(["Werewolf", "Hypnotist", "Diviner", "Fox", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine E")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "C divine D", "A attack E")
    assert "D" in alive(g) and told(g, "divined", "C") == [{"target": 4, "result": "human"}]
    g = new(["Werewolf", "Hypnotist", "Hunter", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "A attack C")
    assert dead(g)["C"] == "attack" and g.stage is Stage.DAY and g.armed == []


def test_a_hypnotized_fox_divined_is_not_cursed_and_a_hypnotized_curse_wolf_curses_nobody():
    g = new(["Werewolf", "Hypnotist", "Diviner", "Fox", "CurseWolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack I", "C divine F")
    vote(g, "AH BH CH DH EH FH GH HG")
    night(g, "B hypnotize D", "C divine D", "A attack G")
    assert "D" in alive(g)
    g = new(["Werewolf", "Hypnotist", "Diviner", "CurseWolf", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine F")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize D", "C divine D", "A attack F")
    assert "C" in alive(g) and "F" in alive(g)  # no curse; hypnotizing a wolf cancelled the attack


# ---------------------------------------------------------------------------------------------- イカサマ師


def test_faker_votes_weigh_0_then_its_whole_stock_once_it_bets_and_the_stock_empties_at_dusk():
    g = new(["Werewolf", "Faker", "Human", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack I")
    assert g.identity(1).layers[0].memory.stock == 1  # 1 on day 2
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 0
    vote(g, "AD CD DC EH FH GH HC")
    assert dead(g)["H"] == "execution"  # D 2, H 3, C 2 (B's vote weighs nothing)
    night(g, "A attack G")
    assert g.identity(1).layers[0].memory.stock == 2
    g.apply(action(g, "B bet"))
    assert told(g, "bet", "B") == [{"player": 1}] and line(g, "bet") == "Bは賭けに出ました。"
    assert "bet" not in legal_verbs(g, "B")
    refused(g, action(g, "B bet"), "B .Faker. has no action 'bet' today")  # once a day
    vote(g, "BC AD CD DC EC FD")  # C: 2 + 1 + 1 = 4, D: 3
    assert dead(g)["C"] == "execution"
    assert g.identity(1).layers[0].memory.stock == 0  # a day it bet ends with stock 0
    night(g, "A attack F")
    assert g.identity(1).layers[0].memory.stock == 1


def test_faker_bet_is_refused_once_it_has_voted_in_the_ballot_and_carries_to_the_revote():
    """Settled here (W.3 イカサマ師): the reference takes a bet after the vote, gives that vote 0 and
    still empties the stock; jinrou refuses it, saying why."""
    g = new(["Werewolf", "Faker", "Human", "Human", "Human", "Human", "Human"], {"runoff": "no",
                                                                              "drawvote": "revote"})
    night(g, "A attack G")
    cast(g, "BC")
    assert "bet" not in legal_verbs(g, "B")
    error = refused(g, action(g, "B bet"), "B cannot bet: it has voted in this ballot already")
    assert "この投票ではもう投票しました" in error.ja
    vote(g, "AC CD DC EF FE")  # C 2, D 1, F 1, E 1 — C executed
    assert dead(g)["C"] == "execution"
    g = new(["Werewolf", "Faker", "Human", "Human", "Human", "Human", "Human"], {"runoff": "no",
                                                                              "drawvote": "revote"})
    night(g, "A attack G")
    g.apply(action(g, "B bet"))
    vote(g, "BC AD CD DC EF FE")  # C 1 + 1, D 2: a tie, the ballot is taken again
    assert g.stage is Stage.DAY and "bet" not in legal_verbs(g, "B")  # once a day
    cast(g, "BC")
    assert g.ballot is not None and g.ballot.weights[1] == 1  # still the whole stock


def test_scapegoat_faker_votes_with_weight_0_and_scapegoat_wolves_take_no_day_action():
    # W.1 Scapegoat: never an optional or day action; an イカサマ師 scapegoat votes with weight 0
    g = new(["Faker", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    close(g)
    assert dead(g) == {"A": "attack"}
    g.revive(0)  # only to see its vote: a Faker scapegoat is attacked on night 1
    cast(g, "BC CD DC EC FC GD")
    close(g, [("scapegoat vote", "D")])
    assert g.ballot is not None and g.ballot.weights[0] == 0
    assert dead(g)["C"] == "execution"  # C 4, D 2 + the scapegoat's 0
    for role_id in ("ThreateningWolf", "BloodWolf"):
        g = new([role_id, "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"})
        close(g)  # night 1 with 身代わりくん a wolf: no attack
        cast(g, "BD CD DC EC FC GC")
        close(g, [("scapegoat vote", "D")])
        day = [e for e in write(g)["events"] if e["type"] == "day"]
        assert all("actions" not in e for e in day) and "A" in alive(g) and g.identity(0).sealed is False


# ---------------------------------------------------------------------------------------------- records


def test_record_round_trip_of_threaten_selfdestruct_hypnotize_and_bet():
    g = new(["ThreateningWolf", "BloodWolf", "Hypnotist", "Faker", "Diviner", "Human", "Human", "Human",
             "Human", "Human"])
    night(g, "A attack J", "E divine F")
    g.apply(action(g, "A threaten E"))
    g.apply(action(g, "D bet"))
    vote(g, "DI AI BI CI EI FI GI HI IH")
    night(g, "C hypnotize F", "A attack H")
    g.apply(action(g, "B selfdestruct"))
    close(g)
    full = write(g)
    # the record replays through the same rules (replay closes the open night too)
    assert write(replay(full))["events"][:-1] == full["events"][:-1]
    day = [e for e in full["events"] if e["type"] == "day"]
    assert day[0]["actions"] == [{"player": "A", "action": "threaten", "target": "E"},
                                 {"player": "D", "action": "bet"}]
    assert day[1]["actions"] == [{"player": "B", "action": "selfdestruct"}] and day[1]["votes"] == {}
    assert day[1]["deaths"] == [{"player": "B", "cause": "selfdestruct"}]


def test_a_day_ended_by_self_destruction_replays_from_a_record_without_votes():
    # the wave-3 reference games write it so: {"type": "day", "actions": [{"player": "H", "action": "selfdestruct"}]}
    record = {"format": "jinrou.classic/1", "players": list("ABCDEFG"),
              "roles": dict(zip("ABCDEFG", ["BloodWolf", "Werewolf", "Human", "Human", "Human", "Human", "Human"])),
              "settings": {"scapegoat": "off"},
              "events": [{"type": "night", "actions": [{"player": "A", "action": "attack", "target": "G"}]},
                         {"type": "day", "actions": [{"player": "A", "action": "selfdestruct"}]},
                         {"type": "night", "actions": [{"player": "B", "action": "attack", "target": "F"}]}]}
    g = replay(record)
    assert dead(g) == {"G": "attack", "A": "selfdestruct", "F": "attack"} and g.stage is Stage.DAY
    assert sealed(g) == "FG"  # the dead keep the blood moon's seal


def test_an_ability_that_resolves_under_seal_is_not_voided_by_hypnosis(monkeypatch):
    # the generic opt-out of W.1.3 for T.1.13 (ドラキュラ's bite, 暴動者's assault), shown on the guard
    from jinrou.classic.roles.common import Protection

    monkeypatch.setattr(Protection, "resolves_under_seal", True)
    g = new(["Werewolf", "Hypnotist", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C guard D")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "C guard D", "A attack D")
    assert "D" in alive(g) and hypnotized(g) == ""


# ---------------------------------------------------------------------------------------------- with group T's roles


def test_a_sealed_cynthia_wolf_and_a_hypnotized_queen_of_night_have_no_level_122_effect():
    # W.1.3: "no 122 effect of 月狼/月下美人" — their level hooks are voided like actions
    g = new(["ThreateningWolf", "CynthiaWolf", "Diviner", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "C divine E", "D guard E")
    g.apply(action(g, "A threaten B"))
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "C divine B", "D guard B", "A attack F")
    assert not g.identity(2).has("MoonPhilia") and not g.identity(3).has("MoonPhilia")
    g = new(["Werewolf", "Hypnotist", "QueenOfNight", "Diviner", "Human", "Human", "Human", "Human"])
    night(g, "A attack H", "D divine E")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "D divine C", "A attack F")
    assert not g.identity(3).has("Fascinated")


def test_a_hypnotized_mad_scientist_revives_nobody_and_the_blood_moon_seals_a_seat_of_the_wolves_by_a_sub_role():
    g = new(["Werewolf", "Hypnotist", "MadScientist", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "B hypnotize C", "C revive H", "A attack F")
    assert "H" not in alive(g) and "revive" not in legal_verbs(g, "C")  # voided, and spent at submission
    # 月狂病 changes the team, not the count: a seat not counting as wolf, so the blood moon seals it
    g = new(["BloodWolf", "CynthiaWolf", "Diviner", "Human", "Human", "Human", "Human", "Human"])
    night(g, "C divine B", "A attack H")
    assert g.identity(2).has("MoonPhilia")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "C" in sealed(g) and "B" not in sealed(g)


# ---------------------------------------------------------------------------------------------- with group A's roles


def test_hypnotizing_a_decoyed_seat_hypnotizes_the_decoy_wolf_and_cancels_the_attacks():
    # W.2 囮狼: "a 催眠 of it cancels tonight's attacks" — the hypnosis reads its target through the map
    g = new(["DecoyWolf", "Hypnotist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    vote(g, "AG BG CG DG EG FG GF")
    night(g, "A decoy C", "B hypnotize C", "A attack D")
    assert "D" in alive(g) and told(g, "hypnotized", "B") == [{"player": 1, "target": 2}]  # the chosen name


def test_a_psycho_killer_sealed_by_the_blood_moon_kills_nobody_who_targets_it():
    # W.1.3: its targeted hook and its level hook at 104 do nothing; the attack at 105 still kills it
    g = new(["BloodWolf", "Werewolf", "PsychoKiller", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack H")
    g.apply(action(g, "A selfdestruct"))
    close(g)
    assert "C" in sealed(g)
    night(g, "B attack C")
    assert dead(g)["C"] == "attack" and "B" in alive(g)


# ---------------------------------------------------------------------------------------------- with group L's roles


def test_a_hypnotized_absolute_wolf_loses_its_own_resistance_for_the_night():
    # W.1.3: "its role's own resistances ... are void for the night"; hypnotizing a wolf also cancels the attacks
    def game() -> Game:
        g = new(["AbsoluteWolf", "Werewolf", "Hypnotist", "MadDog", "Human", "Human", "Human", "Human", "Human"])
        night(g, "B attack I")
        vote(g, "AH BH CH DH EH FH GH HG")
        return g

    g = game()
    night(g, "D bite A", "B attack E")
    assert "A" in alive(g)  # its own resistance (another wolf lives)
    g = game()
    night(g, "C hypnotize A", "D bite A", "B attack E")
    assert dead(g)["A"] == "dog" and "E" in alive(g)
