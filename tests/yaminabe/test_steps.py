"""Steps 0–6 of the casting (spec yaminabe.md §4), each with scripted uniform numbers.

A script lists the U each "w.p." test draws, in the order the spec writes them; ``HIGH`` (0.999)
passes no test. Expected values are worked out by hand from the spec next to each case.
"""

import pytest

from jinrou.errors import CastingError
from jinrou.yaminabe import Options
from jinrou.yaminabe.casting import easy_slots, insurance, nonhuman_counts, nonhumans, team_ratios
from jinrou.yaminabe.draft import CATEGORY_ROLES, NONHUMANS, ROLE_IDS, TEAM_ROLES, Draft
from jinrou.yaminabe.fill import run_trial
from jinrou.yaminabe.request import SPECIAL

from .helpers import HIGH, WAVE2, Script, build, draft

# ----- step 0: かんたん闇鍋


def test_easy_below_10_seats_turns_one_copy_into_a_slot_of_its_category():
    # 普通1 for 9 in catalog order: 村人×3, 占い師, 霊能者, 狩人, 人狼×2, 狂人; U=.5 → copy 4 (霊能者),
    # a 村人系 copy: U=.69 < .70 → a 村人系 slot
    d = Draft(build(9, mode="easy"), Script([0.5, 0.69]))
    easy_slots(d)
    assert d.placed == {"Human": 3, "Diviner": 1, "Psychic": 0, "Guard": 1, "Werewolf": 2, "Madman": 1}
    assert d.cat["Human"] == 1 and d.slots == 0 and d.u.left == 0


@pytest.mark.parametrize(("v", "category"), [(0.0, "Human"), (0.6999, "Human"), (0.70, "Others"), (0.8499, "Others"), (0.85, "Switching")])
def test_easy_village_copy_becomes_village_others_or_switching(v, category):
    d = Draft(build(9, mode="easy"), Script([0.0, v]))  # copy 0: a 村人
    easy_slots(d)
    assert d.cat[category] == 1 and d.placed["Human"] == 2


def test_easy_from_10_seats_replaces_two_copies_without_replacement():
    # 普通1 for 10: 村人×4, 占い師, 霊能者, 狩人, 人狼×2, 狂人; U=0 → a 村人 (then .1: a 村人系 slot);
    # of the 9 copies left, U=.95 → copy 8, the 狂人 (its own category, no further U)
    d = Draft(build(10, mode="easy"), Script([0.0, 0.1, 0.95]))
    easy_slots(d)
    assert d.placed["Human"] == 3 and d.placed["Madman"] == 0
    assert d.cat["Human"] == 1 and d.cat["Madman"] == 1 and d.slots == 0


def test_easy_wolf_copy_becomes_a_wolf_slot():
    d = Draft(build(9, mode="easy"), Script([0.7]))  # copy int(6.3) = 6: a 人狼
    easy_slots(d)
    assert d.placed["Werewolf"] == 1 and d.cat["Werewolf"] == 1


# ----- step 1: exclusions


def test_random_exclusions_draw_in_order_and_bar_every_slot():
    # AbsoluteWolf .4; Oracle, Fate, Sleepwalker, Dreamer, Hanami .3 each; Neet .4
    d = draft(build(9, "none"), [0.39, 0.29, 0.30, 0.29, 0.30, 0.29, 0.39], then=None, upto="nonhumans")
    barred = {"AbsoluteWolf", "Oracle", "Sleepwalker", "Hanami", "Neet"}
    assert barred <= d.C and barred <= d.E
    assert not {"Fate", "Dreamer"} & d.E
    assert d.u.left == 0
    d = draft(build(9, "none"), [0.4, 0.3, 0.3, 0.3, 0.3, 0.3, 0.4], then=None, upto="nonhumans")  # each at its bound
    assert not {"AbsoluteWolf", "Oracle", "Fate", "Sleepwalker", "Dreamer", "Hanami", "Neet"} & d.E


def test_losemode_always_bars_neet_without_a_draw():
    d = draft(build(9, "none", options=Options(losemode=True)), [HIGH] * 6, then=None, upto="nonhumans")
    assert "Neet" in d.C and d.u.used == 6


def test_start_exclusions_are_the_never_cast_roles_and_the_unticked():
    d = draft(build(9, "none", mode="partial", excluded=["Cat"]), upto="nonhumans")
    assert SPECIAL | {"Cat"} <= d.C and SPECIAL | {"Cat"} <= d.E


def test_unticked_human_bars_the_roles_that_believe_they_are_human():
    d = draft(build(9, "none", mode="partial", excluded=["Human"], options=Options(publish="team")), upto="nonhumans")
    assert {"Hanami", "Oracle", "Fate", "Sleepwalker", "Dreamer"} <= d.C


@pytest.mark.parametrize(("safety", "publish", "barred"), [
    ("none", "full", True),  # a published list bars 血まみれのメアリー at every level
    ("high", "full", True),
    ("none", "team", False),
    ("low", "team", True),  # not jobs, level ≠ none
    ("middle", "hidden", True),
    ("high", "team", False),
    ("supersuper", "hidden", False),
])  # fmt: skip
def test_bloody_mary_needs_a_hidden_list_and_jobs_or_no_safety(safety, publish, barred):
    d = draft(build(9, safety, options=Options(publish=publish)), upto="nonhumans")
    assert ("BloodyMary" in d.C) is barred


@pytest.mark.parametrize(("safety", "barred"), [("none", False), ("low", True), ("supersuper", True), ("reverse", True)])
def test_unpopular_roles_are_barred_with_jingais_or_jobs(safety, barred):
    d = draft(build(9, safety), upto="nonhumans")
    assert ({"Spy2", "SpiritPossessed", "MadWolf", "DarkClown"} <= d.C) is barred


def test_two_teams_bar_the_third_parties_from_the_free_pool_only():
    d = draft(build(9, "none", options=Options(ushi=True)), upto="nonhumans")
    for roles in (TEAM_ROLES["Fox"], TEAM_ROLES["Others"], CATEGORY_ROLES["Others"], CATEGORY_ROLES[""]):
        assert set(roles) <= d.E
    assert "Bat" not in d.C


# ----- step 2: non-humans


@pytest.mark.parametrize(("n", "counts"), [
    (6, (1, 0, 0, 0, 0)), (8, (1, 0, 0, 0, 0)), (9, (2, 0, 0, 0, 0)), (13, (2, 0, 0, 0, 0)), (14, (3, 0, 0, 0, 0)),
    (16, (3, 0, 0, 1, 0)),  # n ≥ 16: the third branch is unconditional (悪魔くん)
    (18, (4, 0, 0, 1, 0)), (24, (5, 0, 0, 1, 0)), (30, (6, 0, 0, 1, 0)),
])  # fmt: skip
def test_nonhuman_table_without_any_random_event(n, counts):
    assert nonhuman_counts(n, Script(then=HIGH)) == counts


def test_nonhuman_table_with_every_random_event():
    # n=16: fox (.6), fox (.5); tweaks: wolves −1 (3 → 2), foxes −1 (2 → 1), vampire, devil, ローレライ
    assert nonhuman_counts(16, Script(then=0.0)) == (2, 1, 1, 1, 1)


def test_nonhuman_table_at_each_bound_adds_nothing_and_just_below_adds_it():
    # n=22, every U at its bound: fox .6 | devil .7; fox .5 | vampire .3 | devil (always); fox .2 | vampire .6 |
    # devil .9; wolves −1 .1, +1 .2; foxes +1 .25, +1 .1; vampire .2; devil .2; ローレライ .1
    at = Script([0.6, 0.7, 0.5, 0.3, 0.2, 0.6, 0.9, 0.1, 0.2, 0.25, 0.1, 0.2, 0.2, 0.1])
    assert nonhuman_counts(22, at) == (4, 0, 0, 1, 0) and at.left == 0
    # just below: a fox in each chain (ending it), −1 wolf (no +1 test), −1 fox (.15), vampire, devil, ローレライ
    below = Script([0.59, 0.49, 0.19, 0.09, 0.149, 0.19, 0.19, 0.09])
    assert nonhuman_counts(22, below) == (3, 2, 1, 1, 1) and below.left == 0


@pytest.mark.parametrize(("n", "script", "counts"), [
    (8, [0.05], (1, 1, 0, 0, 0)),  # below 9 seats the only test is a fox w.p. .1
    (8, [0.1], (1, 0, 0, 0, 0)),
    # n=12: no fox (.6), devil (.69 < .7); wolves: no −1 (HIGH), +1 (.19 < .2); fox .25, .1; vampire; devil
    (12, [0.6, 0.69, HIGH, 0.19, HIGH, HIGH, HIGH, HIGH], (3, 0, 0, 1, 0)),
    (12, [0.7, 0.7, 0.09, HIGH, HIGH, HIGH, HIGH], (1, 0, 0, 0, 0)),  # wolves 2 − 1 (then no +1 test)
    (11, [0.2, 0.19, 0.19, 0.19], (2, 1, 1, 1, 0)),  # 11: no −1 wolf; fox .25; vampire; devil; no +1, no ローレライ
    # n=22: 16's branch: no fox, vampire (.29); 22's: no fox (.2), vampire (.59); then no tweak
    (22, [HIGH, HIGH, HIGH, 0.29, 0.2, 0.59, HIGH, HIGH, HIGH, HIGH, HIGH, HIGH, HIGH], (4, 0, 2, 0, 0)),
    # 16's branch falls to the unconditional devil; 22's: devil w.p. .9 (.89)
    (22, [HIGH, HIGH, HIGH, HIGH, HIGH, HIGH, 0.89, HIGH, HIGH, HIGH, HIGH, HIGH, HIGH, HIGH], (4, 0, 0, 2, 0)),
])  # fmt: skip
def test_nonhuman_table_tweaks_draw_exactly_as_written(n, script, counts):
    u = Script(script)
    assert nonhuman_counts(n, u) == counts
    assert u.left == 0


def _at_nonhumans(request, table, fox_and_vampire_draws=()):
    """A draft after step 1 (every exclusion draw HIGH), then step 2 with ``table`` draws."""
    d = draft(request, then=HIGH, upto="nonhumans")
    d.u = Script([*table, *fox_and_vampire_draws], then=HIGH)
    nonhumans(d)
    return d


def test_wolves_become_wolf_slots_and_non_humans_leave_the_free_pool():
    d = _at_nonhumans(build(14), [HIGH] * 10)  # n=14: 3 wolves, no fox, no devil
    assert d.cat["Werewolf"] == 3 and d.slots == 11
    assert NONHUMANS | {"Blasphemy"} <= d.E and "Werewolf" not in d.C


@pytest.mark.parametrize(("r", "kind"), [
    (0.0, "Fox"), (0.24, "TinyFox"), (0.41, "TinyFox"), (0.42, "XianFox"), (0.56, "VariationFox"), (0.68, "Actress"),
    (0.80, "Trickster"), (0.90, "NightRabbit"), (0.95, "Blasphemy"), (0.999, "Blasphemy"),
])  # fmt: skip
def test_fox_kind_is_the_first_whose_bound_exceeds_r(r, kind):
    d = _at_nonhumans(build(8), [0.05], [r])  # n=8: one fox (U=.05 < .1)
    assert d.placed == {kind: 1}


def test_an_excluded_fox_kind_falls_through_to_the_next():
    d = _at_nonhumans(build(8, mode="partial", excluded=["TinyFox", "XianFox"]), [0.05], [0.3])
    assert d.placed == {"VariationFox": 1}


def test_no_fox_kind_allowed_means_no_fox():
    d = _at_nonhumans(build(8, pool=["Werewolf", "Human"]), [0.05], [0.3])
    assert d.placed == {} and d.slots == 7


def test_vampire_w_p_07_else_dracula():
    d = _at_nonhumans(build(11), [HIGH, HIGH, HIGH, 0.1, HIGH], [0.69])  # vampire tweak; U=.69 → ヴァンパイア
    assert d.placed == {"Vampire": 1}
    d = _at_nonhumans(build(11), [HIGH, HIGH, HIGH, 0.1, HIGH], [0.7])
    assert d.placed == {"Dracula": 1}
    d = _at_nonhumans(build(11, pool=WAVE2), [HIGH, HIGH, HIGH, 0.1, HIGH], [0.7])  # no ドラキュラ in the pool
    assert d.placed == {}


def test_devils_are_clamped_to_the_free_slots():
    # n=12, ten seats fixed: wolves 2 take the 2 free slots; devils 2 (.69, then tweak .1) find none
    request = build(12, mode="partial", fixed={"Human": 10})
    d = _at_nonhumans(request, [HIGH, 0.69, HIGH, HIGH, HIGH, HIGH, HIGH, 0.1])
    assert d.cat["Werewolf"] == 2 and d.slots == 0 and d.count("Devil") == 0


def test_faithful_wolves_overflow_and_the_devil_count_goes_negative():
    # defect 4: n=12, 11 seats fixed: the reference adds 2 wolves for 1 slot, then min(2 devils, −1 slots)
    table = [HIGH, 0.69, HIGH, HIGH, HIGH, HIGH, HIGH, 0.1]  # 2 wolves, 2 devils
    request = build(12, mode="partial", fixed={"Human": 11}, options=Options(faithful=True))
    d = _at_nonhumans(request, table)
    assert d.cat["Werewolf"] == 2 and d.count("Devil") == -1 and d.slots == 0
    ours = _at_nonhumans(build(12, mode="partial", fixed={"Human": 11}), table)
    assert ours.cat["Werewolf"] == 1 and ours.count("Devil") == 0 and ours.slots == 0


def test_partial_fixed_wolves_raise_the_target_not_the_slots():
    d = _at_nonhumans(build(9, mode="partial", fixed={"Werewolf": 3}), [HIGH, HIGH, HIGH])
    assert d.count_cat("Werewolf") == 3 and d.cat["Werewolf"] == 0 and d.slots == 6


def test_without_jingais_one_wolf_slot_and_nothing_else():
    d = _at_nonhumans(build(16, "supersuper"), [])
    assert d.cat["Werewolf"] == 1 and d.slots == 15 and d.placed == {} and d.u.used == 0
    d = _at_nonhumans(build(9, "none", mode="partial", fixed={"BigWolf": 1}), [])
    assert d.cat["Werewolf"] == 0 and d.slots == 8


# ----- step 2b


def test_immoral_is_barred_from_every_slot_without_a_fox_placed_or_pending():
    d = draft(build(9, "middle", mode="partial", fixed_categories={"Immoral": 1}), upto="team_ratios")
    assert "Immoral" in d.C  # no fox: the 背徳者系 slot can only become 冒涜者
    d = draft(build(9, "middle", mode="partial", fixed_categories={"Fox": 1}), upto="team_ratios")
    assert "Immoral" not in d.E  # a pending 妖狐系 slot counts as a fox


def test_faithful_immoral_exclusion_ignores_pending_foxes_and_spares_class_slots():
    d = draft(build(9, "middle", mode="partial", fixed_categories={"Fox": 1}, options=Options(faithful=True)), upto="team_ratios")
    assert "Immoral" in d.E and "Immoral" not in d.C


def test_companions_without_masters_are_barred_and_n_is_taken():
    d = draft(build(8, "high"), upto="team_ratios")
    assert {"VampireClan", "Hanami"} <= d.C  # no vampire, one wolf
    assert d.N == frozenset(d.E) and "Madman" not in d.N
    d = draft(build(8, "none"), upto="team_ratios")
    assert "VampireClan" not in d.E  # neither jingais nor jobs


# ----- step 3: team ratios


def _at_teams(request, script, *, before=()):
    d = draft(request, before, then=HIGH, upto="team_ratios")
    d.u = Script(script, then=HIGH)
    team_ratios(d)
    return d


def test_wolf_team_target_rounds_half_up_and_fills_with_madman_slots():
    # n=10, 2 wolves: target round(10·(.25 + .10·0)) = round(2.5) = 3 (Math.round; Python's round gives 2)
    d = _at_teams(build(10, "middle"), [0.0, HIGH])
    assert d.cat["Madman"] == 1 and set(CATEGORY_ROLES["Madman"]) <= d.E


def test_wolf_team_target_stays_below_half():
    # n=6, U→1: round(6·.35) = 2 = ⌈6/2⌉ − 1; one wolf → one madman slot
    d = _at_teams(build(6, "middle"), [0.9999])
    assert d.cat["Werewolf"] == 1 and d.cat["Madman"] == 1


def test_village_target_counts_the_whole_village_team():
    # n=10, 2 fixed 呪われた者 (village team, 役職変化系): 2 wolf slots, 1 madman slot (target 3), 5 free;
    # village target round(10·(.48 + .12·.999)) = 6, of which the 2 呪われた者: min(5, 6) − 2 = 3 slots
    request = build(10, "middle", mode="partial", fixed={"Cursed": 2})
    d = _at_teams(request, [HIGH, HIGH])
    assert d.cat["Madman"] == 1 and d.team["Human"] == 3 and d.slots == 2
    assert set(TEAM_ROLES["Human"]) <= d.E


def test_faithful_village_target_counts_village_category_only():
    request = build(10, "middle", mode="partial", fixed={"Cursed": 2}, options=Options(faithful=True))
    d = _at_teams(request, [HIGH, HIGH])
    assert d.team["Human"] == 5 and d.slots == 0


def test_fixed_madmen_beyond_the_target_leave_the_slots_alone():
    # n=10, 3 fixed 狂人: 2 wolf slots, 5 free; target 3: d = min(5, 1) − 3 = −2, nothing (the reference:
    # 7 free slots); village target round(10·.48) = 5 takes the 5 (the reference: 5 of its 7)
    ours = _at_teams(build(10, "middle", mode="partial", fixed={"Madman": 3}), [HIGH, 0.0])
    faithful = _at_teams(build(10, "middle", mode="partial", fixed={"Madman": 3}, options=Options(faithful=True)), [HIGH, 0.0])
    assert ours.cat["Madman"] == 0 and ours.team["Human"] == 5 and ours.slots == 0
    assert faithful.cat["Madman"] == 0 and faithful.team["Human"] == 5 and faithful.slots == 2


def test_ushi_keeps_village_roles_in_the_free_pool():
    d = _at_teams(build(10, "middle", options=Options(ushi=True)), [HIGH, HIGH])
    assert "Couple" not in d.E and "Madman" in d.E


def test_one_vampire_from_15_seats_brings_a_clan_member_w_p_025_then_bars_it():
    # the village target is drawn low (U=0) so that a free slot is left
    d = _at_teams(build(15, "middle", mode="partial", fixed={"Vampire": 1}), [HIGH, 0.0, 0.24])
    assert d.count("VampireClan") == 1 and "VampireClan" in d.E
    d = _at_teams(build(18, "middle", mode="partial", fixed={"Vampire": 1}), [HIGH, 0.0, 0.25])
    assert d.slots > 0 and d.count("VampireClan") == 0 and "VampireClan" not in d.E  # above 17 seats it stays


def test_one_vampire_below_15_seats_w_p_005_and_stays_in_the_pool():
    d = _at_teams(build(12, "middle", mode="partial", fixed={"Vampire": 1}), [HIGH, 0.0, 0.04])
    assert d.count("VampireClan") == 1 and "VampireClan" not in d.E


def test_two_vampires_bar_the_clan_up_to_17_seats():
    d = _at_teams(build(12, "middle", mode="partial", fixed={"Vampire": 2, "Human": 4}), [HIGH, 0.0])
    assert d.slots > 0 and d.count("VampireClan") == 0 and "VampireClan" in d.E


def test_one_fox_brings_an_immoral_w_p_025_from_14_seats_else_006_and_bars_it():
    d = _at_teams(build(14, "middle", mode="partial", fixed={"Fox": 1}), [HIGH, 0.0, 0.24])
    assert d.count("Immoral") == 1 and "Immoral" in d.E
    d = _at_teams(build(13, "middle", mode="partial", fixed={"TinyFox": 1}), [HIGH, 0.0, 0.05])
    assert d.count("Immoral") == 1 and "Immoral" in d.E
    d = _at_teams(build(13, "middle", mode="partial", fixed={"Actress": 1}), [HIGH, 0.0])
    assert d.slots > 0 and d.count("Immoral") == 0 and "Immoral" in d.E  # 女狐 is no master of 背徳者


@pytest.mark.parametrize(("n", "script", "lover"), [
    (12, [0.07], "Cupid"), (12, [0.08, 0.02], "Lover"), (17, [HIGH, HIGH, 0.04], "SnowLover"),
    (14, [HIGH, HIGH, HIGH, 0.03], "BadLady"), (14, [HIGH, HIGH, HIGH, HIGH, 0.05], "LunaticLover"),
    (8, [0.044], "Lover"), (11, [HIGH, 0.024], "SnowLover"), (9, [HIGH, HIGH, 0.009], "Cupid"), (10, [HIGH, HIGH, HIGH, 0.029], "LunaticLover"),
])  # fmt: skip
def test_lovers_by_seat_count(n, script, lover):
    d = _at_teams(build(n, "middle"), [HIGH, 0.0, *script])
    assert {r: c for r, c in d.placed.items() if r in TEAM_ROLES["Friend"]} == {lover: 1}
    assert set(TEAM_ROLES["Friend"]) <= d.E


def test_lovers_loop_from_18_seats_adds_while_u_below_a_shrinking_bound():
    # q=1: U=.5 < 1 → キューピッド (.1 < .12); q=.6: U=.5 → 求愛者 (.12 ≥ .12, then .05 < .06); q=.36: U=.5 stops
    d = _at_teams(build(18, "middle"), [HIGH, 0.0, 0.5, 0.1, 0.5, 0.12, 0.05, 0.5])
    assert d.count("Cupid") == 1 and d.count("Lover") == 1


def test_duelists_are_barred_below_9_seats_and_half_the_time_below_12():
    assert set(TEAM_ROLES["Duel"]) <= _at_teams(build(8, "middle"), [HIGH, 0.0]).E
    lovers = [HIGH] * 4  # the four lover tests of 8–11 seats
    assert set(TEAM_ROLES["Duel"]) <= _at_teams(build(10, "middle"), [HIGH, 0.0, *lovers, 0.49]).E
    assert "Duelist" not in _at_teams(build(10, "middle"), [HIGH, 0.0, *lovers, 0.5]).E
    assert "Duelist" not in _at_teams(build(12, "middle"), [HIGH, 0.0]).E


def test_low_and_none_skip_the_team_ratios():
    d = _at_teams(build(12, "low"), [])
    assert d.u.used == 0 and d.team["Human"] == 0 and "Madman" not in d.E


# ----- step 4: insurance


def _at_insurance(request, script, before=()):
    d = draft(request, before, then=HIGH, upto="insurance")
    d.u = Script(script, then=None)
    insurance(d)
    return d


def test_seer_insurance_takes_a_village_slot():
    d = _at_insurance(build(10, "middle"), [0.74, HIGH])
    assert d.count("Diviner") == 1 and d.team["Human"] == 5  # one of the 6 village slots


@pytest.mark.parametrize(("safety", "r", "role"), [
    ("high", 0.76, "ApprenticeSeer"), ("high", 0.80, None), ("middle", 0.76, None), ("supersuper", 0.5, "Diviner"),
])  # fmt: skip
def test_seer_insurance_second_candidate_under_jobs(safety, r, role):
    d = _at_insurance(build(10, safety), [r] if safety == "supersuper" else [r, HIGH])
    assert d.count("ApprenticeSeer") + d.count("Diviner") == (role is not None)
    if role:
        assert d.count(role) == 1


def test_seer_insurance_prefers_village_category_slots_then_village_slots_then_free():
    d = _at_insurance(build(10, "supersuper", mode="partial", fixed_categories={"Human": 1}), [0.1])
    assert d.count("Diviner") == 1 and d.cat["Human"] == 0
    d = _at_insurance(build(10, "supersuper"), [0.1])
    assert d.count("Diviner") == 1 and d.slots == 8  # 10 − 1 wolf slot − the seer


def test_an_excluded_candidate_gives_nothing():
    d = _at_insurance(build(10, "high", mode="partial", excluded=["Diviner"]), [0.1, HIGH])
    assert d.count("ApprenticeSeer") == 0 and d.count("Diviner") == 0


def test_guard_insurance_and_the_wandering_guard_with_a_seer():
    d = _at_insurance(build(10, "middle"), [0.1, 0.39])
    assert d.count("Guard") == 1
    d = _at_insurance(build(10, "middle"), [0.1, 0.45])
    assert d.count("WanderingGuard") == 1
    d = _at_insurance(build(10, "middle"), [HIGH, 0.45])  # no seer: no 風来狩人
    assert d.count("WanderingGuard") == 0 and d.count("Guard") == 0


def test_no_insurance_when_the_roles_are_fixed():
    d = _at_insurance(build(10, "middle", mode="partial", fixed={"Diviner": 1, "WanderingGuard": 1}), [])
    assert d.u.used == 0


# ----- step 6: the free pool


def test_free_pool_is_the_pool_less_e_in_catalog_order():
    d = draft(build(9, "middle", pool=WAVE2, options=Options(ushi=True)), then=HIGH)
    assert all(role in WAVE2 and role not in d.E for role in d.P)
    assert list(d.P) == sorted(d.P, key=ROLE_IDS.index)


def test_an_empty_free_pool_falls_back_on_human():
    d = draft(build(9, "middle", pool=["Human", "Werewolf", "Madman"]), then=HIGH)
    assert d.P == ("Human",)


def test_an_empty_free_pool_without_human_fails_at_the_first_free_draw():
    request = build(9, "middle", mode="partial", excluded=["Human"], pool=["Human", "Werewolf", "Madman", "Diviner"])
    d = draft(request, then=HIGH)
    assert d.P == ()
    d.slots = 1
    with pytest.raises(CastingError, match="no role is left for the free seats"):
        run_trial(d.fork())
