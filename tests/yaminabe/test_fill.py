"""Step 7, the fill loop: the rejection rules of spec yaminabe.md §4.1, partners, the class order,
leftovers, the strength trials and the catalog weighting — with scripted uniform numbers."""

import numpy as np
import pytest

from jinrou.errors import CastingError
from jinrou.yaminabe import Options, cast
from jinrou.yaminabe import fill as fill_module
from jinrou.yaminabe.draft import CATEGORY_OF, CATEGORY_ROLES, Draft
from jinrou.yaminabe.fill import fill, run_trial, strength_score
from jinrou.yaminabe.rules import rejects

from .helpers import HIGH, WAVE2, Script, build, draft


def at_fill(safety="high", n=16, *, placed=None, cat=None, team=None, slots=0, script=(), **kwargs) -> Draft:
    """A draft after step 6 (every earlier U HIGH) whose counts and slots are then set as given."""
    d = draft(build(n, safety, **kwargs), then=HIGH)
    d.placed = dict(placed or {})
    d.by_category = dict.fromkeys(d.by_category, 0)
    for role, count in d.placed.items():
        d.by_category[CATEGORY_OF[role]] += count
    d.cat = {key: (cat or {}).get(key, 0) for key in d.cat}
    d.team = {key: (team or {}).get(key, 0) for key in d.team}
    d.slots = slots
    d.u = Script(script)
    return d


# ----- PP


@pytest.mark.parametrize(("safety", "role", "class_slot", "wolfteam", "refused"), [
    ("lowlow", "Madman", False, 3, True),  # n=8: 3 + 1 ≥ ⌈8/2⌉
    ("lowlow", "Madman", False, 2, False),
    ("lowlow", "Madman", True, 3, False),  # category slots are exempt
    ("middle", "Werewolf", False, 3, True),
    ("middle", "Human", False, 3, False),
    ("low", "Madman", False, 3, False),  # no teams, no ppcheck
])  # fmt: skip
def test_pp_rule(safety, role, class_slot, wolfteam, refused):
    d = at_fill(safety, 8)
    assert rejects(d, role, class_slot, wolfteam) is refused


# ----- jobs rules


def test_psychic_and_red_hood_need_more_than_one_wolf():
    for role in ("Psychic", "RedHood"):
        assert rejects(at_fill(placed={"Werewolf": 1}), role, False, 0)
        assert not rejects(at_fill(placed={"Werewolf": 1}, cat={"Werewolf": 1}), role, False, 0)  # a pending wolf counts
        assert not rejects(at_fill("middle", placed={"Werewolf": 1}), role, False, 0)  # jobs only


@pytest.mark.parametrize("role", ["Couple", "Twin"])
def test_a_lone_pair_role_brings_its_partner_into_a_village_slot(role):
    d = at_fill(cat={"Human": 1}, team={"Human": 1}, slots=1)
    assert not rejects(d, role, False, 0)
    assert d.count(role) == 1 and d.cat["Human"] == 0 and d.team["Human"] == 1 and d.slots == 1
    d = at_fill(team={"Human": 1}, slots=1)
    assert not rejects(d, role, False, 0) and d.team["Human"] == 0
    d = at_fill(slots=1)
    assert not rejects(d, role, False, 0) and d.slots == 0
    d = at_fill()
    assert rejects(d, role, False, 0) and d.count(role) == 0  # no slot for the partner
    d = at_fill(placed={role: 1})
    assert not rejects(d, role, False, 0) and d.count(role) == 1  # already a pair member: alone is fine


def test_mad_couple_partner_takes_a_madman_slot_then_a_wolf_team_slot():
    d = at_fill(cat={"Madman": 1}, team={"Werewolf": 1})
    assert not rejects(d, "MadCouple", True, 0) and d.cat["Madman"] == 0 and d.team["Werewolf"] == 1
    d = at_fill(team={"Werewolf": 1})
    assert not rejects(d, "MadCouple", True, 0) and d.team["Werewolf"] == 0


def test_noble_and_slave_bring_each_other():
    d = at_fill(slots=1)
    assert not rejects(d, "Noble", False, 0) and d.count("Slave") == 1
    d = at_fill(slots=1)
    assert not rejects(d, "Slave", False, 0) and d.count("Noble") == 1
    assert not rejects(at_fill(placed={"Slave": 1}), "Noble", False, 0)
    assert rejects(at_fill(), "Slave", False, 0)


def test_faithful_partners_must_be_in_the_free_pool():
    # defect 2: at 高 the free pool has no village roles left, so the reference never casts a 共有者
    d = at_fill(slots=1, options=Options(faithful=True))
    assert "Couple" not in d.P and rejects(d, "Couple", False, 0)
    d = at_fill(slots=1, options=Options(faithful=True, ushi=True))  # 2陣営戦 keeps them in the pool
    assert not rejects(d, "Couple", False, 0)


def test_occult_mania_without_a_seer_half_the_time():
    assert rejects(at_fill(script=[0.49]), "OccultMania", False, 0)
    assert not rejects(at_fill(script=[0.5]), "OccultMania", False, 0)
    d = at_fill(placed={"Diviner": 1})
    assert not rejects(d, "OccultMania", False, 0) and d.u.used == 0


@pytest.mark.parametrize("other", ["QueenSpectator", "Spy2", "BloodyMary"])
def test_queen_spectator_never_with_another_queen_spy2_or_bloody_mary(other):
    d = at_fill(placed={other: 1, "Guard": 1})
    assert rejects(d, "QueenSpectator", False, 0) and d.u.used == 0


def test_queen_spectator_is_rare_and_needs_a_protector():
    assert rejects(at_fill(placed={"Guard": 1}, script=[0.1]), "QueenSpectator", False, 0)  # refused w.p. .9
    d = at_fill(placed={"Trapper": 1}, script=[0.09])
    assert not rejects(d, "QueenSpectator", False, 0) and d.u.used == 1
    d = at_fill(slots=1, script=[0.09, 0.39])  # a 狩人 with her (U < .4)
    assert not rejects(d, "QueenSpectator", False, 0) and d.count("Guard") == 1
    d = at_fill(slots=1, script=[0.09, 0.4, 0.49])  # else a 聖職者 (U < .5)
    assert not rejects(d, "QueenSpectator", False, 0) and d.count("Priest") == 1
    d = at_fill(slots=1, script=[0.09, 0.4, 0.5])  # else a 罠師
    assert not rejects(d, "QueenSpectator", False, 0) and d.count("Trapper") == 1
    d = at_fill(script=[0.09, 0.39, 0.49])  # no slot for any of them
    assert rejects(d, "QueenSpectator", False, 0) and d.placed == {}


def test_faithful_priest_skips_team_slots():
    # only a village slot is pending: ours gives it to the 聖職者; the reference's 聖職者 skips it, and
    # the 罠師 (which does not) takes it
    ours = at_fill(team={"Human": 1}, script=[0.09, 0.4, 0.49], options=Options(ushi=True))
    assert not rejects(ours, "QueenSpectator", False, 0) and ours.count("Priest") == 1
    faithful = at_fill(team={"Human": 1}, script=[0.09, 0.4, 0.49], options=Options(ushi=True, faithful=True))
    assert not rejects(faithful, "QueenSpectator", False, 0) and faithful.count("Trapper") == 1


def test_spy2_and_mad_wolf_are_rare():
    assert rejects(at_fill(script=[0.1]), "Spy2", False, 0)
    assert not rejects(at_fill(script=[0.09]), "Spy2", False, 0)
    assert rejects(at_fill(placed={"QueenSpectator": 1}), "Spy2", False, 0)
    assert rejects(at_fill(placed={"Spy2": 1}), "Spy2", False, 0)
    assert rejects(at_fill(script=[0.1]), "MadWolf", False, 0)
    assert not rejects(at_fill(script=[0.09]), "MadWolf", False, 0)


@pytest.mark.parametrize("role", ["Lycan", "SeersMama", "Sorcerer", "WolfBoy", "ObstructiveMad", "Satori", "Fate"])
def test_seer_companions_need_a_seer_kind(role):
    assert rejects(at_fill(), role, False, 0)
    for seer in ("Diviner", "ApprenticeSeer", "PI"):
        assert not rejects(at_fill(placed={seer: 1}), role, False, 0)


@pytest.mark.parametrize("role", ["LoneWolf", "FascinatingWolf", "ToughWolf", "WolfCub", "BigWolf"])
def test_wolves_that_need_another_wolf(role):
    assert rejects(at_fill(), role, True, 0)
    assert not rejects(at_fill(placed={"Werewolf": 1}, script=[0.0]), role, True, 0)


def test_big_wolf_usually_brings_a_psychic():
    d = at_fill(placed={"Werewolf": 1}, script=[0.14])
    assert not rejects(d, "BigWolf", True, 0) and d.count("Psychic") == 0
    d = at_fill(placed={"Werewolf": 1}, slots=1, script=[0.15])
    assert not rejects(d, "BigWolf", True, 0) and d.count("Psychic") == 1
    d = at_fill(placed={"Werewolf": 1}, script=[0.15])
    assert rejects(d, "BigWolf", True, 0)


def test_bloody_mary_needs_two_wolves_and_no_queen():
    assert rejects(at_fill(placed={"Werewolf": 1}), "BloodyMary", False, 0)
    assert not rejects(at_fill(placed={"Werewolf": 2}), "BloodyMary", False, 0)
    assert rejects(at_fill(placed={"Werewolf": 2, "QueenSpectator": 1}), "BloodyMary", False, 0)


def test_spirit_possessed_only_once():
    assert not rejects(at_fill(), "SpiritPossessed", False, 0)
    assert rejects(at_fill(placed={"SpiritPossessed": 1}), "SpiritPossessed", False, 0)


def test_ravens_come_in_twos_and_threes_from_16_seats():
    d = at_fill(n=16, cat={"Others": 1}, team={"Raven": 1}, slots=1)
    assert not rejects(d, "Raven", False, 0) and d.count("Raven") == 2  # the partner and a third
    assert d.cat["Others"] == 0 and d.team["Raven"] == 0 and d.slots == 1
    d = at_fill(n=16, slots=1)
    assert not rejects(d, "Raven", False, 0) and d.count("Raven") == 1  # no slot for the third: ignored
    d = at_fill(n=15, slots=2)
    assert not rejects(d, "Raven", False, 0) and d.count("Raven") == 1 and d.slots == 1
    assert rejects(at_fill(n=15), "Raven", False, 0)
    assert rejects(at_fill(), "Ascetic", False, 0)
    assert not rejects(at_fill(placed={"Raven": 2}), "Ascetic", False, 0)


# ----- always


@pytest.mark.parametrize(("placed", "cat", "refused"), [
    ({}, {}, True),  # no other wolf
    ({"AbsoluteWolf": 1}, {}, True),  # only 絶対狼 would be left
    ({"Werewolf": 1}, {}, False),
    ({}, {"Werewolf": 1}, False),  # a pending wolf slot
    ({"Werewolf": 1, "LoneWolf": 1}, {}, True),
])  # fmt: skip
def test_absolute_wolf_at_every_level(placed, cat, refused):
    assert rejects(at_fill("none", placed=placed, cat=cat), "AbsoluteWolf", True, 0) is refused


def test_lone_wolf_reindeer_and_lorelei_at_every_level():
    assert rejects(at_fill("none", placed={"AbsoluteWolf": 1}), "LoneWolf", True, 0)
    assert not rejects(at_fill("none"), "LoneWolf", True, 0)
    assert rejects(at_fill("none"), "Reindeer", False, 0)
    assert not rejects(at_fill("none", placed={"SantaClaus": 1}), "Reindeer", False, 0)
    assert rejects(at_fill("none", 12), "Lorelei", False, 0)
    assert not rejects(at_fill("none", 13), "Lorelei", False, 0)


# ----- the loop


def test_category_slots_then_team_slots_then_free_slots():
    # n=6 at なし: 3 村人 fixed, one 狂人系 slot, one wolf slot (step 2), one free slot
    request = build(6, "none", mode="partial", fixed={"Human": 3}, fixed_categories={"Madman": 1},
                    pool=["Human", "Werewolf", "Madman", "Fanatic"])  # fmt: skip
    d = draft(request, then=HIGH)
    assert d.cat["Werewolf"] == 1 and d.cat["Madman"] == 1 and d.slots == 1
    d.u = Script([0.2, 0.9, 0.99])  # wolf slot: 人狼; 狂人系: (狂人, 狂信者)[1]; free: P[3] = 狂信者
    assert fill(d) == {"Human": 3, "Werewolf": 1, "Fanatic": 2}


def test_a_class_without_candidates_frees_its_slots():
    # the wave-2 pool has no 冒涜者, and with no fox 背徳者 is barred: the 背徳者系 slot becomes free
    request = build(8, mode="partial", fixed_categories={"Immoral": 1}, pool=WAVE2)
    d = draft(request, then=HIGH)
    assert d.cat["Immoral"] == 1 and "Immoral" in d.C
    d.u = Script(then=0.0)
    counts = fill(d)
    assert sum(counts.values()) == 8 and "Immoral" not in counts


def test_a_refused_draw_gives_its_slot_back():
    # 絶対狼 first (refused: no other wolf), then 人狼
    request = build(6, "none", pool=["Human", "Werewolf", "AbsoluteWolf"])
    d = draft(request, then=HIGH)
    d.u = Script([0.99, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])  # wolf slot: 絶対狼 refused, then 人狼; five free 村人
    assert fill(d) == {"Werewolf": 1, "Human": 5}
    assert d.u.left == 0


def test_mad_wolf_is_cast_once_and_leaves_the_pool_and_class_slots():
    request = build(6, "none", pool=["Human", "MadWolf", "Werewolf"])
    d = draft(request, then=HIGH)
    t = d.fork()
    t.u = Script([0.0, 0.5, 0.5, 0.0, 0.0, 0.0])  # 人狼; free P = (村人, 狂人狼, 人狼): 狂人狼; then P = (村人, 人狼)
    run_trial(t)
    assert t.placed == {"Werewolf": 2, "MadWolf": 1, "Human": 3}
    assert "MadWolf" in t.C and "MadWolf" not in t.P and "MadWolf" in d.P  # the draft itself keeps it


@pytest.mark.parametrize("faithful", [False, True])
def test_trials_start_afresh_unless_faithful(faithful):
    # 走召 (40 trials): the one 第三陣営系 slot can only be ローレライ, which each trial bars after casting it
    request = build(13, "supersuper", mode="partial", fixed_categories={"Others": 1}, pool=["Human", "Werewolf", "Lorelei"],
                    options=Options(faithful=faithful))  # fmt: skip
    d = draft(request, then=HIGH)
    d.u = Script(then=0.5)
    fill(d)
    assert ("Lorelei" in d.C) is faithful  # the reference's later trials inherit the removal


def test_leftover_slots_after_300_draws_get_plain_roles():
    # 1000 seats with 400 狂人系 slots: the 300 draws end among them (after the wolves); the rest get
    # 狂人, and the village slots 村人
    madmen = {"fixed_categories": {"Madman": 400}, "mode": "partial"}
    casting = cast(1000, "中", rng=np.random.default_rng(1), **madmen)
    assert len(casting.roles) == 1000 and casting.counts["Madman"] > 90 and casting.counts["Human"] > 300
    with pytest.raises(CastingError, match=r"the reference's casting fails here \(faithful\): 30\d roles for 1000 seats"):
        cast(1000, "中", rng=np.random.default_rng(1), options=Options(faithful=True), **madmen)


def test_a_leftover_plain_role_that_is_excluded_gives_way_to_human():
    madmen = {"fixed_categories": {"Madman": 400}, "mode": "partial"}
    casting = cast(1000, "中", rng=np.random.default_rng(1), excluded=["Madman"], **madmen)
    assert "Madman" not in casting.counts and len(casting.roles) == 1000
    with pytest.raises(CastingError, match="seats are left after 300 draws and no plain role may fill them: 'Madman' and 'Human'"):
        cast(1000, "中", rng=np.random.default_rng(1), excluded=["Madman", "Human"], **madmen)


def test_a_cast_without_a_wolf_is_refused():
    # 高, one wolf slot, 人狼 unticked: 一匹狼, 狼の子 and 大狼 each need another wolf, so every draw is refused
    with pytest.raises(CastingError, match=r"no 人狼系 \(werewolf\) role could be cast: the level's rules refuse every wolf"):
        cast(6, "高", rng=np.random.default_rng(0), mode="partial", excluded=["Werewolf", "WolfDiviner"], pool=WAVE2)
    assert cast(6, "低", rng=np.random.default_rng(0), mode="partial", excluded=["Werewolf", "WolfDiviner"], pool=WAVE2)


# ----- strength


def test_strength_score_sums_catalog_strengths_by_team():
    # 村人 5, 占い師 25, 人狼 40, 妖狐 25: H = 25 + 3·5 = 40, W = 40, O = 25
    counts = {"Diviner": 1, "Human": 3, "Werewolf": 1, "Fox": 1}
    assert strength_score(counts, reverse=False) == 25  # |40 − (40 + 25)|
    assert strength_score(counts, reverse=True) == -50  # −(25 + 25)
    assert strength_score({"Human": 1, "Werewolf": 1, "Fox": 1}, reverse=False) is None  # O > H: dropped


def _fill_with(monkeypatch, safety, lists):
    """fill() of a draft whose trials produce ``lists`` in turn (then the last one again)."""
    lists = iter(lists)
    last = {}

    def fake_trial(t, classes=None):
        nonlocal last
        last = next(lists, last)
        t.placed = dict(last)

    monkeypatch.setattr(fill_module, "run_trial", fake_trial)
    return fill(draft(build(9, safety), then=HIGH))


A = {"Diviner": 1, "Human": 3, "Werewolf": 1, "Fox": 1}  # score 25, reverse 50
B = {"Diviner": 1, "Human": 4, "Werewolf": 1, "Fox": 1}  # H 45: score 20, reverse 45
C = {"Diviner": 1, "Human": 3, "Werewolf": 1, "TinyFox": 1}  # O 10: score 10, reverse 20
DROPPED = {"Human": 1, "Werewolf": 1, "Fox": 1}


C2 = {"Counselor": 1, "Human": 3, "Werewolf": 1, "TinyFox": 1}  # カウンセラー 25 for 占い師 25: score 10 too


def test_strength_keeps_the_first_most_even_trial(monkeypatch):
    assert _fill_with(monkeypatch, "super", [A, DROPPED, C, B, C2]) == C


def test_reverse_keeps_the_least_even_trial(monkeypatch):
    assert _fill_with(monkeypatch, "reverse", [C, A, DROPPED, B]) == A


def test_with_every_trial_dropped_the_last_one_is_kept(monkeypatch):
    assert _fill_with(monkeypatch, "super", [DROPPED] * 39 + [dict(DROPPED, Human=2)]) == dict(DROPPED, Human=2)


# ----- catalog weighting


def test_catalog_weighting_keeps_the_catalogs_chance_and_stands_in_the_plain_role():
    wolves = CATEGORY_ROLES["Werewolf"]
    u = (wolves.index("GreedyWolf") + 0.5) / len(wolves)  # a wolf outside the wave-2 pool
    ours = draft(build(8, "low", pool=WAVE2, weighting="catalog"), then=HIGH)
    ours.u = Script([u], then=0.0)
    assert fill(ours)["Werewolf"] == 1  # 欲張りな狼 → 人狼
    uniform = draft(build(8, "low", pool=WAVE2), then=HIGH)
    uniform.u = Script([u], then=0.0)
    assert fill(uniform).get("BigWolf") == 1  # the same U within the pool's 5 wolves: index 1


def test_a_free_stand_in_is_a_filler_that_e_does_not_bar():
    # 中: the free pool has no village role; a free draw of a third-party role outside the pool (鬼)
    # stands in as 村人 all the same, as 村人 fills an empty free pool
    d = draft(build(9, "middle", pool=WAVE2, weighting="catalog"), then=HIGH)
    t = d.fork()
    t.cat, t.team, t.slots = dict.fromkeys(t.cat, 0), dict.fromkeys(t.team, 0), 1
    t.u = Script([(d.P_draw.index("Oni") + 0.5) / len(d.P_draw)])
    run_trial(t, [])
    assert "Human" in d.E and t.placed == {"Human": 1}


def test_a_stand_in_barred_from_every_slot_is_drawn_again():
    # 走召 without a fox: 背徳者 is barred everywhere ([C]); a free draw of 冒涜者 (outside the pool) would
    # stand in as 背徳者: refused
    d = draft(build(9, "supersuper", pool=WAVE2, weighting="catalog"), then=HIGH)
    assert "Immoral" in d.C and "Blasphemy" in d.P_draw
    t = d.fork()
    t.cat, t.team, t.slots = dict.fromkeys(t.cat, 0), dict.fromkeys(t.team, 0), 1
    blasphemy, bat = ((d.P_draw.index(role) + 0.5) / len(d.P_draw) for role in ("Blasphemy", "Bat"))
    t.u = Script([blasphemy, bat])
    run_trial(t, [])
    assert t.placed == {"Bat": 1}


def test_a_stand_in_that_is_unticked_is_drawn_again():
    request = build(9, "middle", mode="partial", excluded=["Human"], pool=WAVE2, weighting="catalog")
    d = draft(request, then=HIGH)
    t = d.fork()
    t.cat, t.team, t.slots = dict.fromkeys(t.cat, 0), dict.fromkeys(t.team, 0), 1
    oni, bat = ((d.P_draw.index(role) + 0.5) / len(d.P_draw) for role in ("Oni", "Bat"))
    t.u = Script([oni, bat])  # 鬼 → 村人, unticked: refused; then こうもり, in the pool
    run_trial(t, [])
    assert t.placed == {"Bat": 1} and t.u.left == 0
