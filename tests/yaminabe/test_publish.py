"""What the room is told: the published list (spec yaminabe.md §5) and the mode announcement."""

from jinrou.classic.catalog import Team
from jinrou.yaminabe import Options, Publication
from jinrou.yaminabe.publish import publish

from .helpers import build

CAST = {"Dreamer": 1, "Oracle": 1, "Human": 1, "Werewolf": 2, "LoneWolf": 1, "Cursed": 1, "Madman": 1, "Fox": 1,
        "Immoral": 1, "Bat": 1, "Neet": 1, "Devil": 1, "Cupid": 1, "Raven": 2, "Lorelei": 1}  # fmt: skip


def test_full_list_by_category_in_fill_order_then_catalog_order():
    published = publish(build(16), CAST)
    assert published.kind is Publication.FULL
    # 胡蝶 and 預言者 believe they are 村人; ローレライ's row is after こうもり's; 呪われた者 (役職変化系)
    # comes after the 第三陣営系, ニート (no category) last
    assert published.text_ja == (
        "出現役職: 村人3 人狼2 一匹狼1 狂人1 妖狐1 背徳者1 キューピッド1 悪魔くん1 鴉2 こうもり1 ローレライ1 呪われた者1 ニート1"
    )
    assert published.text_en == (
        "Roles: Villager 3, Werewolf 2, Lone Wolf 1, Madman 1, Fox 1, Immoral 1, Cupid 1, Devil 1, Raven 2, Bat 1, Lorelei 1,"
        " Cursed 1, NEET 1"
    )
    assert published.roles[0] == ("Human", 3) and published.teams == ()


def test_team_counts_in_the_published_team_order():
    published = publish(build(16, options=Options(publish="team")), CAST)
    assert published.text_ja == (
        "出現陣営情報: 村人陣営4 人狼陣営4 妖狐陣営2 恋人陣営1 悪魔くん陣営1 鴉陣営2 ローレライ陣営1 その他1 ニート1"
    )
    assert published.teams[1] == (Team.WEREWOLF, 4)  # 一匹狼 counts with the wolves
    assert published.text_en.startswith("Teams: village 4, werewolves 4, foxes 2, lovers 1, devil 1, ravens 2")
    assert published.roles == ()


def test_hide_singleton_teams_counts_devil_to_duel_as_others():
    published = publish(build(16, options=Options(publish="team", hide_singleton_teams=True)), CAST)
    assert published.text_ja == "出現陣営情報: 村人陣営4 人狼陣営4 妖狐陣営2 恋人陣営1 ローレライ陣営1 その他4 ニート1"


def test_hidden_list_says_nothing():
    published = publish(build(16, options=Options(publish="hidden")), CAST)
    assert published.text_ja == published.text_en == "" and published.roles == published.teams == ()


def test_announcements_of_the_three_modes():
    assert publish(build(9), CAST).announcement_ja == "闇鍋"
    partial = build(12, mode="partial", fixed={"占い師": 1, "Cat": 1}, fixed_categories={"人狼系": 2}, excluded=["Human", "Madman"])
    published = publish(partial, CAST)
    assert published.announcement_ja == "一部闇鍋: 占い師1 猫又1 人狼系2 除外役職: 村人 狂人"
    assert published.announcement_en == "partial yaminabe: Seer 1, Cat 1, werewolf category 2; excluded: Villager, Madman"
    easy = publish(build(9, mode="easy"), CAST)
    assert easy.announcement_ja == "かんたん闇鍋: 村人3 占い師1 霊能者1 狩人1 人狼2 狂人1"  # 普通1 for 9, before replacement
    assert publish(build(9, mode="partial"), CAST).announcement_ja == "一部闇鍋"
