"""The reference's defects (spec yaminabe.md §7): fixed, and reproduced with Options(faithful=True).

Defect 5's smaller quirks are tested where their step is: the village target
(test_steps.test_village_target_counts_the_whole_village_team / ..._faithful_...), the slots that
grow (test_steps.test_fixed_madmen_beyond_the_target_leave_the_slots_alone), the class slots and
the seasonal and no-fox 背徳者 exclusions (test_seasons.test_faithful_off_season_exclusions_spare_the_class_slots,
test_steps.test_faithful_immoral_exclusion_ignores_pending_foxes_and_spares_class_slots), 節分
(test_seasons.test_setsubun_tests_each_onis_own_exclusion), fresh trials
(test_fill.test_trials_start_afresh_unless_faithful) and the 300 draws
(test_fill.test_leftover_slots_after_300_draws_get_plain_roles).
"""

from collections import Counter

import numpy as np
import pytest

from jinrou.errors import CastingError
from jinrou.yaminabe import Options, Request, cast_from
from jinrou.yaminabe.casting import insurance, team_ratios, uniforms
from jinrou.yaminabe.draft import CATEGORY_ROLES
from jinrou.yaminabe.fill import run_trial

from .helpers import HIGH, Script, build, draft

PAIRS = ("Couple", "Twin", "Noble", "Slave", "MadCouple")


def _counts(request, castings, seed):
    """Castings that hold each role, and the castings the reference refuses."""
    uniform, seen, failures = uniforms(np.random.default_rng(seed)), Counter(), 0
    for _ in range(castings):
        try:
            seen.update(set(cast_from(request, uniform).roles))
        except CastingError:
            failures += 1
    return seen, failures


@pytest.mark.parametrize(("r", "role"), [(0.77, "ApprenticeSeer"), (0.45, "WanderingGuard")])
def test_1_the_insurance_second_candidate_is_reachable(r, role):
    script = [r, HIGH] if role == "ApprenticeSeer" else [0.1, r]
    for faithful, expected in ((False, 1), (True, 0)):
        d = draft(build(12, "high", options=Options(faithful=faithful)), then=HIGH, upto="insurance")
        d.u = Script(script)
        insurance(d)
        assert d.count(role) == expected


@pytest.mark.parametrize("safety", ["high", "super"])
def test_2_pair_roles_appear_under_high_and_super(safety):
    ours, _ = _counts(build(16, safety), 300, seed=1)
    reference, _ = _counts(build(16, safety, options=Options(faithful=True)), 300, seed=1)
    assert all(ours[role] > 0 for role in PAIRS), ours
    assert all(reference[role] == 0 for role in PAIRS)  # the reference never casts them


def test_2_big_wolf_brings_its_psychic_under_high():
    ours, _ = _counts(build(16, "high"), 300, seed=1)
    reference, _ = _counts(build(16, "high", options=Options(faithful=True)), 300, seed=1)
    assert ours["BigWolf"] > 2 * reference["BigWolf"]  # the reference keeps only the 15 % without a partner


def _lovers_loop(faithful):
    # n=18 at 中: 1 free slot after the targets (village target U=.5: 10 seats); the loop's U are all 0:
    # キューピッド, キューピッド, … until the bound (1, .6, .36, .216) drops below U=.5
    d = draft(build(18, "middle", options=Options(faithful=faithful)), then=HIGH, upto="team_ratios")
    d.u = Script([HIGH, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, HIGH])
    team_ratios(d)
    return d


def test_3_the_lovers_loop_needs_a_free_slot():
    ours = _lovers_loop(False)
    assert ours.count("Cupid") == 1 and ours.slots == 0
    assert ours.u.used == 5  # the targets' two U, the loop's, キューピッド's, the loop's: no slot, no more draws
    reference = _lovers_loop(True)
    assert reference.count("Cupid") == 3 and reference.slots == -2  # more roles than seats


def test_4_easy_yaminabe_always_casts_n_roles():
    # 16 seats: 普通1 has 2 wolves, the table asks for 3 or so: the reference adds them anyway
    _, ours = _counts(build(16, mode="easy"), 200, seed=2)
    _, reference = _counts(build(16, mode="easy", options=Options(faithful=True)), 200, seed=2)
    assert ours == 0 and reference > 20


@pytest.mark.parametrize("role", ["Light", "HolyMarked"])
def test_4_easy_yaminabe_counts_death_note_and_holy_marked(role):
    for faithful, cast in ((False, 1), (True, 0)):
        request = Request.build(9, mode="easy", options=Options(faithful=faithful))
        d = draft(request, then=HIGH)
        t = d.fork()
        t.cat = dict.fromkeys(t.cat, 0)
        t.cat["Human"] = 1
        village = t.candidates(CATEGORY_ROLES, "Human")
        t.u = Script([(village.index(role) + 0.5) / len(village)])
        run_trial(t, [(False, "Human", village)])
        assert t.count(role) == cast  # the reference has no counter for デスノート and 聖痕者: they vanish
