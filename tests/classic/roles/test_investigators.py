"""Batch 3, group I: 法医学者 遺品整理士 闇の霊媒師 共感覚者 イタコ パン屋 (``roles/village_seers.py``, the block headed
"group I"; shared/spec/classic-roles-village-2.md V2.2, mechanics V2.1.12 attributes, V2.1.13 cause ``ghost``,
V2.1.14 contacts and redirection).

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import Category
from jinrou.classic.events import Targeted
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.role import ROLES
from jinrou.classic.texts import render
from jinrou.errors import IllegalActionError

from ..helpers import action, alive, bot_game_replays, close, dead, legal_verbs, new, night, snapshot, told, vote


def same_replay(g) -> None:  # type: ignore[no-untyped-def]
    record = write(g)
    assert write(replay(record))["events"][: len(record["events"]) - 1] == record["events"][:-1]


def lines(g, key: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [render(m, g.names) for _, m in g.messages if m.key == key]


# ---------------------------------------------------------------------- V2.1.12 attributes

WOLVES = sorted(r for r, d in ROLES.items() if d.category is Category.WEREWOLF)
# the spec's lists (V2.1.12), by id, where the role is declared today; every 人狼系 role counts (狂人狼 too)
DEATH_RESISTANCE = {*WOLVES, "MadWolf", "Guard", "WanderingGuard", "Fox", "Noble", "Fugitive", "Devil", "ToughGuy",
                    "Cursed", "Priest", "Prince", "Vampire", "Dog", "Trapper", "Miko", "Acrobat",
                    "Dreamer",  # 胡蝶 (batch 3, group C)
                    # not declared yet: コスプレイヤー 狐憑き 雪女 竜騎士 侍 精霊使い 人身御供 在宅者 鬼 サンタクロース
                    "Cosplayer", "SnowLover", "DragonKnight", "Samurai", "Elementaler", "Sacrifice", "RemoteWorker",
                    "Oni", "GoldOni", "FrontOni", "BackOni", "SantaClaus",
                    "Trickster", "NightRabbit", "VariationFox", "XianFox", "Actress"}  # T.1.16: the 5 妖狐系 of wave 3
DEADLY_WEAPON = {*WOLVES, "Poisoner", "Cat", "QueenSpectator", "Vampire", "Witch", "Dog", "Trapper", "PsychoKiller",
                 "Bomber", "MadDog", "Hunter", "MadHunter", "BlackCat", "Assassin", "DarkPsychic",
                 # not declared yet: デスノート 血まみれのメアリー サンタクロース パティシエール 狂愛者 暴徒 暴動者 竜騎士 侍 精霊使い
                 # ローレライ 鬼
                 "Light", "BloodyMary", "SantaClaus", "Patissiere", "LunaticLover", "Rowdy", "Rioter", "DragonKnight",
                 "Samurai", "Elementaler", "Lorelei", "Oni", "GoldOni", "FrontOni", "BackOni",
                 # the spec's list omits 狂人狼, but the reference's MadWolf extends Werewolf (L4529), whose
                 # hasDeadlyWeapon is true (L3813): followed here, as its death resistance (L3812) the spec lists
                 "MadWolf",
                 "Hooligan"}  # 暴徒 (T.1.16; its 暴動者 sub-role is ``HooliganAttacker``)
GUARD_ROLE = {"Guard", "Cosplayer", "WanderingGuard", "Samurai", "Trapper", "DragonKnight", "Elementaler"}


@pytest.mark.parametrize(("name", "spec"), [("death_resistance", DEATH_RESISTANCE),
                                             ("deadly_weapon", DEADLY_WEAPON), ("guard_role", GUARD_ROLE)])
def test_each_attributes_holders_among_the_declared_roles_are_the_specs(name, spec):
    """V2.1.12: the flag of every declared role says whether the spec lists it (ids of roles not declared yet
    are listed too, and drop out here; those whose ids differ are the other groups' to declare)."""
    holders = {r for r, d in ROLES.items() if getattr(d, name)}
    assert holders == spec & set(ROLES)


def test_an_attribute_comes_from_a_kit_and_a_mark_but_a_guard_role_only_from_the_role():
    g = new(["Werewolf", "Merchant", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack F")
    vote(g, "AE BE CE DE EA GE")
    g.apply(action(g, "B kit C Guard"))
    ctx, c = g.ctx, g.identity(2)
    assert c.attribute(ctx, "death_resistance") and not c.attribute(ctx, "death_resistance", main_only=True)
    assert c.attribute(ctx, "guard_role") and not c.attribute(ctx, "guard_role", main_only=True)
    assert not g.identity(3).attribute(ctx, "death_resistance")


def test_a_nobles_death_resistance_holds_while_a_slave_lives():
    g = new(["Werewolf", "Noble", "Slave", "Forensic", "Human", "Human", "Human"])
    assert g.identity(1).attribute(g.ctx, "death_resistance")
    night(g, "A attack E")
    vote(g, "AC BC CA DC FC GC")  # the 奴隷 executed
    assert not g.identity(1).attribute(g.ctx, "death_resistance")


# ---------------------------------------------------------------------- 法医学者, 遺品整理士


def test_forensic_reads_death_resistance_of_a_dead_seat_from_night_two():
    g = new(["Werewolf", "Forensic", "Guard", "Human", "Human", "Human", "Human"])
    assert "autopsy" not in legal_verbs(g, "B")
    night(g, "A attack D", "C guard E")
    vote(g, "AE BE CE EA FE GE")
    assert legal_verbs(g, "B")["autopsy"] == ("D", "E")
    assert 1 in g.awaited()  # required while a seat is dead
    night(g, "A attack F", "B autopsy D", "C guard G")
    assert lines(g, "autopsy select") == ["BはDの死体を調べました。"]
    assert lines(g, "autopsy no") == ["Bの調べによると、Dは死亡耐性を持っていませんでした。"]
    g2 = new(["Werewolf", "Werewolf", "Forensic", "Guard", "Human", "Human", "Human", "Human", "Human"])
    night(g2, "A attack E", "D guard F")
    vote(g2, "AD BD CD DA FD GD HD ID")  # the 狩人 executed
    night(g2, "A attack F", "C autopsy D")
    assert told(g2, "autopsy yes", "C") == [{"player": 2, "target": 3}]
    assert lines(g2, "autopsy yes") == ["Cの調べによると、Dは死亡耐性を持っていました。"]
    same_replay(g2)


def test_forensic_is_not_required_while_nobody_is_dead_and_refuses_a_living_seat():
    g = new(["Werewolf", "Forensic", "Guard", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C guard D")  # guarded: nobody dies
    vote(g, "AE BE CE DE EA FE GE")
    assert alive(g) == "ABCDFG" and legal_verbs(g, "B")["autopsy"] == ("E",)
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot autopsy D: allowed are E"):
        g.apply(action(g, "B autopsy D"))
    assert snapshot(g) == before
    g3 = new(["Werewolf", "Forensic", "Guard", "Human", "Human", "Human", "Human"])
    night(g3, "A attack D", "C guard D")
    vote(g3, "AE BE CE DE EA FE GE")
    night(g3, "A attack F", "C guard D", draws=[("announcement", ["B", "F"])])  # no autopsy: sudden death
    assert dead(g3) == {"E": "execution", "B": "sudden", "F": "attack"}


def test_forensic_and_disposer_are_no_divination_an_obstructed_one_still_reads():
    g = new(["Werewolf", "ObstructiveMad", "MementoDisposer", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B obstruct C")
    vote(g, "AE BE CE EA FE GE")
    night(g, "A attack F", "B obstruct C", "C sift D")
    assert lines(g, "sift select") == ["CはDの遺品を整理しました。"]
    assert lines(g, "sift no") == ["Cが整理すると、Dの遺品には怪しい物はありませんでした。"]
    assert told(g, "divination obstructed") == []


def test_memento_disposer_finds_a_wolfs_weapon_and_the_target_is_targeted_at_submission():
    g = new(["Werewolf", "Werewolf", "MementoDisposer", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AB BA CB EB FB GB HB IB")  # a wolf executed
    seen: list[Targeted] = []
    original = g.emit

    def spy(event):  # type: ignore[no-untyped-def]
        if isinstance(event, Targeted):
            seen.append(event)
        original(event)

    g.emit = spy  # type: ignore[method-assign]
    g.apply(action(g, "C sift B"))
    assert seen == [Targeted(1, 2, seen[0].verb)] and seen[0].verb.value == "sift"
    g.emit = original  # type: ignore[method-assign]
    night(g, "A attack E")
    assert lines(g, "sift yes") == ["Cが整理すると、Bの遺品から凶器を発見しました。"]
    assert render(next(m for _, m in g.messages if m.key == "sift yes"), g.names, "en") == \
        "C found a deadly weapon among B's belongings."
    same_replay(g)


# ---------------------------------------------------------------------- 闇の霊媒師 (V2.1.13 ghost)


def test_dark_psychic_executed_kills_every_living_guard_role_the_next_night():
    g = new(["Werewolf", "DarkPsychic", "Guard", "WanderingGuard", "Trapper", "Merchant", "Human", "Human",
             "Human", "Human", "Human"])
    night(g, "A attack G", "C guard D")  # night 1 (scapegoat off): 狩人 guards; 風来狩人 and 罠師 wait
    vote(g, "AB BA CB DB EB FB HB IB JB KB")  # the 闇の霊媒師 executed
    assert dead(g) == {"G": "attack", "B": "execution"}
    g.apply(action(g, "F kit H Guard"))  # a 狩人セット: no guard role (the role only)
    night(g, "A attack I", "C guard D", "D guard E", "E trap C", "H guard J",
          draws=[("order", ["C", "D", "H"]), ("announcement", ["C", "D", "E", "I"])])
    assert dead(g) == {"G": "attack", "B": "execution", "C": "ghost", "D": "ghost", "E": "ghost", "I": "attack"}
    assert lines(g, "died")[-4:] == ["Cは無残な姿で発見されました", "Dは無残な姿で発見されました",
                                      "Eは無残な姿で発見されました", "Iは無残な姿で発見されました"]
    vote(g, "AF FA HF JF KF")
    night(g, "A attack J")  # once: nothing more
    assert "H" in alive(g)
    same_replay(g)


def test_dark_psychic_is_a_medium_and_its_ghost_is_resistible_and_silent_with_sunset_results():
    g = new(["Werewolf", "DarkPsychic", "Guard", "Priest", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C guard D", "D protect C")  # 聖職者's holy protection on the 狩人
    vote(g, "AF BF CF DF FA GF HF")
    night(g, "A attack G", "C guard D")
    assert told(g, "psychic", "B") == [{"target": 5, "result": "human"}]  # 霊能者's result, at dawn
    vote(g, "AB BA CB DB HB")  # executed
    night(g, "A attack H", "C guard D")
    assert "C" in alive(g) and dead(g)["H"] == "attack"  # the holy protection stopped the ghost
    assert told(g, "holy protection used", "C") == [{}]
    s = new(["Werewolf", "DarkPsychic", "Guard", "Human", "Human", "Human", "Human"], {"psychicresult": "sunset"})
    night(s, "A attack E", "C guard D")
    vote(s, "AB BA CB DB FB GB")
    night(s, "A attack F", "C guard D")
    assert "C" in alive(s)  # the ghost never acts


def test_emma_hears_the_ghost():
    g = new(["Werewolf", "DarkPsychic", "Guard", "Emma", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "C guard D")
    vote(g, "AB BA CB DB FB GB HB")
    night(g, "A attack F", "C guard D", draws=[("announcement", ["C", "F"])])
    assert dead(g)["C"] == "ghost"
    assert "Cは亡霊の怨念に殺されたようです。" in lines(g, "emma ghost")


# ---------------------------------------------------------------------- 共感覚者


def test_synesthete_gives_each_team_a_color_drawn_when_first_met():
    g = new(["Werewolf", "Synesthete", "Fox", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert legal_verbs(g, "B") == {"sense": ("A", "C", "D", "E", "F", "G", "H", "I")}  # another seat, from night 1
    night(g, "A attack D", "B sense A", draws=[("synesthete color", "赤色")])
    assert lines(g, "sense select") == ["BはAの色を見ました。"]
    assert lines(g, "sense result") == ["BがAの色を見た結果、赤色でした。"]
    vote(g, "AE BE CE EA FE GE HE IE")
    assert legal_verbs(g, "B")["sense"] == ("A", "C", "D", "E", "F", "G", "H", "I")  # the dead too
    night(g, "A attack F", "B sense D", draws=[("synesthete color", "青色")])  # a new team: Human
    vote(g, "AG BG CG GA HG IG")
    night(g, "A attack H", "B sense E")  # team Human again: no draw
    night_c = [m.args["color"] for _, m in g.messages if m.key == "sense result"]
    assert night_c == ["赤色", "青色", "青色"]
    assert render([m for _, m in g.messages if m.key == "sense result"][-1], g.names, "en") == \
        "B sees E's color: blue."
    same_replay(g)


def test_synesthete_sees_a_lovers_team_and_the_lone_wolfs_own():
    # V2.2 Synesthete: the current team, sub-roles' changes included (恋人: Friend); LoneWolf is its own team
    g = new(["Werewolf", "LoneWolf", "Synesthete", "Cupid", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack E", "D pair F G", "C sense F", draws=[("synesthete color", "桜色")])
    vote(g, "AH BH CH DH FH GH HA IH")
    night(g, "A attack I", "C sense B", draws=[("synesthete color", "灰色")])
    vote(g, "AD BD CD DA FD GD")
    night(g, "B attack G", "C sense A", draws=[("synesthete color", "金色"), ("announcement", ["F", "G"])])
    assert [m["color"] for m in told(g, "sense result", "C")] == ["桜色", "灰色", "金色"]
    assert g.identity(2).main.memory.colors == {"Friend": "桜色", "LoneWolf": "灰色", "Werewolf": "金色"}


def test_synesthete_reads_the_redirected_seat_under_the_chosen_name():
    g = new(["Werewolf", "DecoyWolf", "Synesthete", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "C sense E", draws=[("synesthete color", "緑色")])  # Human
    vote(g, "AF BF CF EF FA GF HF IF")
    night(g, "A attack G", "B decoy E", "C sense E", draws=[("synesthete color", "紫色")])
    assert told(g, "sense result", "C")[-1] == {"player": 2, "target": 4, "color": "紫色"}  # the 囮狼's team


# ---------------------------------------------------------------------- イタコ


def test_itako_listens_once_and_hears_the_role_every_later_night():
    g = new(["Werewolf", "Itako", "Human", "Human", "Human", "Human", "Human", "Human"])
    assert "channel" not in legal_verbs(g, "B")
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD HD")
    assert legal_verbs(g, "B") == {"channel": ("C", "D")}
    assert 1 not in g.awaited()  # optional
    night(g, "A attack E", "B channel D")
    assert lines(g, "channel select") == ["BはDの声に耳を傾けました。"]
    assert lines(g, "channel result") == ["BはDの声を聴きました。Dは村人でした。"]
    assert "channel" not in legal_verbs(g, "B")  # spent
    vote(g, "AF BF FA GF HF")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'channel' tonight"):
        g.apply(action(g, "B channel C"))
    assert snapshot(g) == before
    night(g, "A attack G")
    assert lines(g, "channel result") == ["BはDの声を聴きました。Dは村人でした。"] * 2  # the reference never clears it
    assert render(next(m for _, m in g.messages if m.key == "channel result"), g.names, "en") == \
        "B heard D's voice: D was Villager."
    same_replay(g)


def test_itako_refuses_a_living_seat_and_the_first_night():
    g = new(["Werewolf", "Itako", "Human", "Human", "Human", "Human", "Human"])
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="has no action 'channel' tonight"):
        g.apply(action(g, "B channel C"))
    assert snapshot(g) == before
    night(g, "A attack C")
    vote(g, "AD BD DA ED FD GD")
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="B cannot channel E: allowed are C, D"):
        g.apply(action(g, "B channel E"))
    assert snapshot(g) == before


# ---------------------------------------------------------------------- パン屋


def test_baker_bread_each_dawn_while_one_lives_and_the_end_once():
    g = new(["Werewolf", "Baker", "Baker", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    assert lines(g, "baker bread") == ["パン屋がおいしいパンを焼いてくれたそうです。"]  # day 2, one message for both
    assert told(g, "baker bread", None) == [{}]
    vote(g, "AC CA DC EC FC GC HC IC")  # the other パン屋 executed
    night(g, "A attack D")
    assert lines(g, "baker gone") == ["今日からはもうおいしいパンが食べられません。"]
    assert len(lines(g, "baker bread")) == 1
    vote(g, "AE EA FE GE HE IE")
    night(g, "A attack F")
    assert len(lines(g, "baker gone")) == 1  # once
    same_replay(g)


def test_a_revived_baker_bakes_again_and_is_mourned_anew():
    g = new(["Werewolf", "Baker", "Cat", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack B")
    vote(g, "AD CD DA ED FD GD HD ID")
    assert lines(g, "baker gone") == ["今日からはもうおいしいパンが食べられません。"]
    night(g, "A attack E", "C revive B", draws=[("cat revival", "target")])
    assert "B" in alive(g) and len(lines(g, "baker bread")) == 1  # day 2 had none: B died on night 1
    vote(g, "AB BA CB FB GB HB IB")
    night(g, "A attack F")
    assert len(lines(g, "baker gone")) == 2


# ---------------------------------------------------------------------- bots


@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_a_bot_game_with_the_group_finishes_and_replays(kind):
    cast = ["Werewolf", "Werewolf", "Forensic", "MementoDisposer", "DarkPsychic", "Synesthete", "Itako", "Baker",
            "Guard", "Human", "Human", "Fox"]
    for seed in range(3):
        bot_game_replays((cast, {"scapegoat": "off"}, seed), kind)


def test_a_scapegoat_synesthete_senses_a_drawn_seat_on_night_one():
    g = new(["Synesthete", "Werewolf", "Human", "Human", "Human", "Human", "Human"], {"scapegoat": "on"},
            start=[("scapegoat attacker", "B")])
    assert g.scapegoat == 0
    close(g, [("scapegoat sense", "C"), ("synesthete color", "黄色")])
    assert told(g, "sense result", "A") == [{"player": 0, "target": 2, "color": "黄色"}]
    assert dead(g) == {"A": "attack"}


def test_a_hypnotized_itako_hears_its_result_a_night_late():
    # V2.2 Itako: the choice is never cleared, so the 口寄せ's line comes at the next night it is in A
    g = new(["Werewolf", "Itako", "Hypnotist", "Human", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D")
    vote(g, "AE BE CE EA FE GE HE IE")
    night(g, "A attack F", "B channel D", "C hypnotize B")
    assert lines(g, "channel select") == ["BはDの声に耳を傾けました。"] and lines(g, "channel result") == []
    vote(g, "AG BG CG GA HG IG")
    night(g, "A attack H")
    assert lines(g, "channel result") == ["BはDの声を聴きました。Dは村人でした。"]
    same_replay(g)
