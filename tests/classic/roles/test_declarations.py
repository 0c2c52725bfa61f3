"""Every declaration of classic-werewolf §8 against the catalog and the spec's results and counts; a
copied game shares the declarations and nothing else.

Conventions: the package docstring (``tests/classic/roles/__init__.py``).
"""

from __future__ import annotations

import pytest

from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Category, Team
from jinrou.classic.model import Count, Fortune, PsychicResult, Stage
from jinrou.classic.roles import PLAYABLE, ROLES

from ..helpers import (
    alive,
    new,
    night,
    vote,
)

# The 42 roles of §8, in the spec's order.
SPEC_ROLES = ["Werewolf", "BigWolf", "WolfCub", "WolfDiviner", "LoneWolf", "Madman", "Fanatic", "WhisperingMad", "MadCouple", "Spy", "Human", "Diviner", "Psychic", "Guard", "WanderingGuard", "Couple", "Twin", "Poisoner", "Cat", "Hunter", "Noble", "Slave", "ApprenticeSeer", "Priest", "Fugitive", "Magician", "Merchant", "QueenSpectator", "Prince", "MadWolf", "Cursed", "Fox", "TinyFox", "Immoral", "Cupid", "Lover", "Devil", "Vampire", "Bat", "Tanner", "Teruteru", "Neet"]

# Wave 3 roles declared so far (shared/spec/classic-roles-werewolf.md W.2)
WAVE3_ROLES = ["CurseWolf", "IntuitionWolf", "SealWolf", "DarkWolf", "NetherWolf", "CautiousWolf", "TongueWolf",
               "GreedyWolf", "LurkingMad", "HearMadman", "Spy2", "Acrobat", "BlackCat", "WolfBoy",
               "ObstructiveMad", "RainyBoy", "Sorcerer", "Pumpkin", "Shadow", "Satori", "Ushinotokimairi"]
WAVE3_ROLES += ["FascinatingWolf", "CynthiaWolf", "QueenOfNight", "MadScientist", "AttractiveWoman"]  # group T
WAVE3_ROLES += ["ToughWolf", "EyesWolf", "DecoyWolf", "Bomber", "DestroyCraziest", "PsychoKiller"]  # group A
WAVE3_ROLES += ["SolitudeWolf", "CraftyWolf", "AbsoluteWolf", "MadDog", "MadHunter"]  # group L
WAVE3_ROLES += ["ThreateningWolf", "BloodWolf", "Hypnotist", "Faker"]  # group S
WAVE3_ROLES += ["King", "Gambler", "Secretary", "TroubleMaker", "Dictator", "FrankensteinsMonster"]  # group VA
WAVE3_ROLES += ["TinyGhost", "Hitokotonushinokami", "Ninja", "Emma"]  # issue 24, group VF
WAVE3_ROLES += ["Liar", "PI", "Spellcaster", "Saint", "Interpreter"]  # group VE (issue 24)
WAVE3_ROLES += ["Diseased", "Oldman", "Assassin", "Witch", "Counselor"]  # group VC (issue 24)
WAVE3_ROLES += ["Lycan", "ToughGuy", "Miko", "Dog", "Trapper"]  # group VB
WAVE3_ROLES += ["SeersMama", "Tarzan", "Sleepwalker", "Oracle", "Fate", "GachaAddicted"]  # group VD
WAVE3_ROLES += ["OccultMania", "Dreamer", "Disguised", "HolyMarked", "Reincarnator"]  # batch 3, group C
WAVE3_ROLES += ["Cosplayer", "Samurai", "Elementaler", "DragonKnight", "Sacrifice"]  # group G (village part 2)
WAVE3_ROLES += ["Forensic", "MementoDisposer", "DarkPsychic", "Synesthete", "Itako", "Baker"]  # batch 3, group I
WAVE3_ROLES += ["Illusionist", "StraySheep", "RedHood", "DrawGirl", "HouseKeeper"]  # batch 3, group T (tricks)
WAVE3_ROLES += ["RemoteWorker", "BloodyMary", "Phantom"]  # issue 34, masks (roles/village_masks.py)
WAVE3_ROLES += ["Pyrotechnist", "Idol", "Poet", "SpiritPossessed"]  # issue 34, nights (roles/village_nights.py)
WAVE3_ROLES += ["Trickster", "NightRabbit", "VariationFox", "XianFox", "Actress", "Blasphemy"]  # batch 4, T.2 (foxes)
WAVE3_ROLES += ["Hoodlum", "Oni", "GoldOni", "FrontOni", "BackOni", "DarkClown", "Amanojaku", "Shishimai",
                "ResidualHaunting"]  # batch 4, T.3
WAVE3_ROLES += ["Stalker", "Copier", "Doppleganger", "Thief", "DualPersonality"]  # issue 35, T.4 (switchers)
WAVE3_ROLES += ["BadLady", "LunaticLover", "SnowLover", "Patissiere"]  # issue 35, T.5 (lovers and sweets)
WAVE3_ROLES += ["Dracula", "VampireClan", "CultLeader", "Hierarch", "Raven", "Ascetic", "Hooligan", "Duelist",
                "Lorelei"]  # issue 35, T.6–T.7 (vampires, single teams)
WAVE3_ROLES += ["SantaClaus", "Reindeer", "HomeComer"]  # issue 34: gifts and leaving (roles/village_gifts.py)
WAVE3_ROLES += ["Light", "Hanami", "Streamer"]  # issue 34: crowds (roles/village_crowds.py)
WAVE3_ROLES += ["MinionSelector"]  # issue 36: the room option 狼の子分 (roles/subroles.py), the last catalog row
# Static columns the spec overrides explicitly: 慎重な狼 reads 人狼 (W.2 "settled here": as the reference's code;
# the catalog's divined_black 0 comes from the reference's prize list, which omits it)
DIVINED_BLACK_OVERRIDES = {"CautiousWolf": True}


# ---------------------------------------------------------------------------------------------- static data


def test_the_declared_roles_are_the_42_of_the_spec_and_the_wave3_ones_declared_so_far():
    assert sorted(PLAYABLE) == sorted(SPEC_ROLES + WAVE3_ROLES) and len(PLAYABLE) == 42 + len(WAVE3_ROLES)


@pytest.mark.parametrize("role_id", sorted(PLAYABLE))
def test_declaration_agrees_with_the_catalog(role_id):
    declared, row = ROLES[role_id], CATALOG[role_id]
    assert declared.catalog == row  # every static column (strength, non-human, hidden, …) is the catalog's
    assert declared.id == row.id and declared.name_ja == row.name_ja and declared.category is row.category
    # LoneWolf judges apart (§8: "judge team LoneWolf (catalog: Werewolf)"); every other team is the catalog's
    assert declared.team is (Team.LONE_WOLF if role_id == "LoneWolf" else row.team)
    assert declared.catalog.team is row.team
    # 占い結果 人狼 iff the catalog's divined_black; ヴァンパイア reads ヴァンパイア (§8)
    if role_id in ("Vampire", "Dracula"):  # ドラキュラ: T.6
        assert declared.fortune is Fortune.VAMPIRE and not row.divined_black
    else:
        assert (declared.fortune is Fortune.WEREWOLF) == DIVINED_BLACK_OVERRIDES.get(role_id, row.divined_black)


# §8 results and §1 counts, written out from the spec
SPEC_PSYCHIC = {"BigWolf": PsychicResult.BIG_WOLF, "TinyFox": PsychicResult.TINY_FOX, "Devil": PsychicResult.WEREWOLF,
                "MadWolf": PsychicResult.WEREWOLF, "MadDog": PsychicResult.WEREWOLF}  # 狂犬: W.3
SPEC_PSYCHIC["Dog"] = PsychicResult.WEREWOLF  # 犬: V1.2 (group VB)
SPEC_PSYCHIC["Cosplayer"] = PsychicResult.WEREWOLF  # コスプレイヤー: V2.2 (group G)
SPEC_PSYCHIC.update(dict.fromkeys(["Oni", "GoldOni", "FrontOni", "BackOni"], PsychicResult.ONI))  # T.1.10 「鬼」
SPEC_COUNTS = {"MadWolf": Count.WOLF, "Vampire": Count.VAMPIRE, "Fox": Count.NONE, "TinyFox": Count.NONE,
               "TinyGhost": Count.NONE}  # V1.2 おばけ
SPEC_COUNTS["RemoteWorker"] = Count.NONE  # 在宅者: V2.2 (issue 34)
SPEC_COUNTS.update(dict.fromkeys(["Trickster", "NightRabbit", "VariationFox", "XianFox", "Actress"], Count.NONE))  # T.1.3
SPEC_COUNTS["Copier"] = Count.NONE  # T.1.3: コピー before it copies
SPEC_COUNTS.update({"Dracula": Count.VAMPIRE, "Lorelei": Count.NONE})  # T.1.3


@pytest.mark.parametrize("role_id", sorted(PLAYABLE))
def test_psychic_result_and_count_are_the_specs(role_id):
    declared = ROLES[role_id]
    wolf = declared.category is Category.WEREWOLF
    psychic = SPEC_PSYCHIC.get(role_id, PsychicResult.WEREWOLF if wolf else PsychicResult.HUMAN)
    counts = SPEC_COUNTS.get(role_id, Count.WOLF if wolf else Count.HUMAN)
    assert declared.psychic is psychic and declared.counts is counts
    assert declared.attacks == (wolf and role_id != "MadWolf")
    assert declared.immune_to_wolf_attack == (wolf or role_id in ("MadWolf", "Vampire"))


# ---------------------------------------------------------------------------------------------- copies


def test_a_copied_game_plays_on_independently():
    g = new(["Werewolf", "Priest", "Human", "Human", "Human", "Human", "Human"])
    night(g, "A attack D", "B protect C")
    copy = g.copy()
    vote(copy, "AE BE CE EA FE GE")
    night(copy, "A attack C")  # the protection is used up on the copy only
    assert "C" in alive(copy) and not copy.has_sub(2, "HolyProtection")
    assert g.has_sub(2, "HolyProtection") and g.stage is Stage.DAY and g.day == 2
    assert g.settings is copy.settings and g.role(0) is copy.role(0)
