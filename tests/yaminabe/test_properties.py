"""Properties of every casting (hypothesis): n roles, from the pool, every rule of its level kept,
the same cast from the same seed — at every level, over both pools and all three modes."""

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.classic.catalog import ROLES
from jinrou.errors import CastingError
from jinrou.yaminabe import Casting, Mode, Options, Publication, Safety, cast
from jinrou.yaminabe.request import SPECIAL

from .helpers import WAVE2

WOLVES = frozenset(r.id for r in ROLES.values() if r.category.value == "Werewolf")
FOXES = frozenset(r.id for r in ROLES.values() if r.category.value == "Fox")
SEER_KINDS = ("Diviner", "ApprenticeSeer", "PI")

dates = st.none() | st.sampled_from([(12, 24), (12, 31), (1, 2), (2, 3), (2, 14), (4, 1), (8, 12), (10, 28), (10, 31)])
options = st.builds(
    Options, scapegoat=st.booleans(), publish=st.sampled_from(list(Publication)), ushi=st.booleans(), date=dates,
    seasonal=st.booleans(), losemode=st.booleans(),
)  # fmt: skip
pools = st.sampled_from(["catalog", "playable", WAVE2])


def broken_rules(casting: Casting) -> list[str]:
    """The rules of spec yaminabe.md that this cast breaks (闇鍋 and かんたん闇鍋)."""
    request, counts = casting.request, Counter(casting.roles)
    flags, n, opts = request.safety.flags, request.seats, request.options
    yaminabe = request.mode is Mode.YAMINABE
    wolves = sum(counts[r] for r in WOLVES)
    broken = []

    def rule(holds: bool, text: str) -> None:
        if not holds:
            broken.append(text)

    rule(len(casting.roles) == n, "n roles")
    rule(all(r in request.pool and r not in SPECIAL for r in counts), "roles from the pool, never S")
    rule(wolves >= 1, "a 人狼系 role")
    rule(counts["MadWolf"] <= 1 and counts["Lorelei"] <= 1, "one 狂人狼, one ローレライ at most")
    rule(not counts["Lorelei"] or n >= 13, "ローレライ from 13 seats")
    rule(not counts["Reindeer"] or counts["SantaClaus"], "トナカイ with サンタクロース")
    rule(not (counts["AbsoluteWolf"] and counts["LoneWolf"]), "絶対狼 never with 一匹狼")
    rule(not counts["AbsoluteWolf"] or wolves > counts["AbsoluteWolf"], "絶対狼 never the only wolves")
    if opts.losemode:
        rule(not counts["Neet"], "no ニート under 敗北村")
    if opts.publish is Publication.FULL or (not flags.jobs and request.safety is not Safety.NONE):
        rule(not counts["BloodyMary"], "血まみれのメアリー only unpublished, under jobs or なし")
    if flags.jingais or flags.jobs:
        rule(not (counts["Spy2"] or counts["SpiritPossessed"] or counts["MadWolf"] or counts["DarkClown"]), "unpopular roles")
        rule(not counts["Immoral"] or any(counts[r] for r in FOXES), "背徳者 with a fox")
        rule(not counts["VampireClan"] or counts["Vampire"] or counts["Dracula"], "吸血鬼の眷属 with a vampire")
        rule(not counts["Hanami"] or wolves >= 2, "花見客 with two wolves")
    if flags.jingais and yaminabe:
        table = 1 if n < 9 else 2 if n < 14 else 3 if n < 18 else 4 if n < 24 else 5 if n < 30 else 6
        rule(table - 1 <= wolves <= table + 1, f"the wolf table ({table} ± 1, not {wolves})")
    if opts.ushi and yaminabe:
        rule(all(ROLES[r].team.value in ("Human", "Werewolf") for r in counts), "2陣営戦: village and wolves only")
    if flags.jobs:
        if yaminabe:  # 普通1's 共有者 may lose its partner to かんたん闇鍋's replacement
            rule(all(counts[r] != 1 for r in ("Couple", "Twin", "MadCouple")), "pairs")
            rule(bool(counts["Noble"]) == bool(counts["Slave"]), "貴族 with 奴隷")
        rule(not counts["Raven"] or counts["Raven"] >= 2, "鴉 in twos")
        rule(not counts["Ascetic"] or counts["Raven"], "修験者 with 鴉")
        rule(not counts["QueenSpectator"] or any(counts[r] for r in ("Guard", "Priest", "Trapper")), "女王観戦者 protected")
        rule(not (counts["QueenSpectator"] and (counts["Spy2"] or counts["BloodyMary"])), "女王観戦者 alone")
        rule(wolves >= 2 or not (counts["Psychic"] or counts["RedHood"]), "霊能者, 赤ずきん with two wolves")
        for role in ("LoneWolf", "FascinatingWolf", "ToughWolf", "WolfCub", "BigWolf"):
            rule(not counts[role] or wolves >= 2, f"{role} with another wolf")
        for role in ("Lycan", "SeersMama", "Sorcerer", "WolfBoy", "ObstructiveMad", "Satori", "Fate"):
            rule(not counts[role] or any(counts[r] for r in SEER_KINDS), f"{role} with a seer")
    return broken


@settings(max_examples=120, deadline=None)
@given(n=st.integers(6, 30), safety=st.sampled_from(list(Safety)), pool=pools, options=options, seed=st.integers(0, 2**32 - 1))
def test_every_yaminabe_cast_keeps_the_rules_of_its_level(n, safety, pool, options, seed):
    casting = cast(n, safety, rng=np.random.default_rng(seed), options=options, pool=pool)
    assert broken_rules(casting) == []
    again = cast(n, safety, rng=np.random.default_rng(seed), options=options, pool=pool)
    assert again.roles == casting.roles and again.published == casting.published


@settings(max_examples=40, deadline=None)
@given(n=st.integers(6, 30), pool=pools, options=options, weighting=st.sampled_from(["uniform", "catalog"]),
       seed=st.integers(0, 2**32 - 1))  # fmt: skip
def test_every_easy_cast_has_n_roles_and_keeps_the_rules(n, pool, options, weighting, seed):
    casting = cast(n, rng=np.random.default_rng(seed), mode="easy", options=options, pool=pool, weighting=weighting)
    assert broken_rules(casting) == []


@settings(max_examples=40, deadline=None)
@given(n=st.integers(6, 24), safety=st.sampled_from(list(Safety)), options=options, seed=st.integers(0, 2**32 - 1))
def test_catalog_weighting_keeps_the_rules_within_the_pool(n, safety, options, seed):
    casting = cast(n, safety, rng=np.random.default_rng(seed), options=options, pool=WAVE2, weighting="catalog")
    assert broken_rules(casting) == []


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(6, 20),
    safety=st.sampled_from(list(Safety)),
    fixed=st.dictionaries(st.sampled_from(sorted(WAVE2 - {"Neet"})), st.integers(0, 3), max_size=4),
    categories=st.dictionaries(st.sampled_from(["Human", "Werewolf", "Madman", "Fox", "Immoral", "Others", "Switching"]),
                               st.integers(0, 2), max_size=3),
    excluded=st.sets(st.sampled_from(sorted(WAVE2)), max_size=6),
    seed=st.integers(0, 2**32 - 1),
)  # fmt: skip
def test_partial_casts_keep_the_fixed_part_or_are_refused_before_drawing(n, safety, fixed, categories, excluded, seed):
    rng = np.random.default_rng(seed)
    state = rng.bit_generator.state
    try:
        casting = cast(n, safety, rng=rng, mode="partial", fixed=fixed, fixed_categories=categories, excluded=excluded, pool=WAVE2)
    except CastingError as error:
        # refused before any draw, or no wolf the rules accept was left (e.g. 人狼 unticked, 一匹狼 alone)
        assert rng.bit_generator.state == state or str(error).startswith("no 人狼系 (werewolf) role could be cast")
        return
    counts = Counter(casting.roles)
    assert len(casting.roles) == n and all(r in WAVE2 for r in counts)
    assert all(counts[role] >= count for role, count in fixed.items())
    assert not set(counts) & excluded
    wolves = sum(counts[r] for r in WOLVES)
    assert wolves >= 1 and wolves >= categories.get("Werewolf", 0) + sum(c for r, c in fixed.items() if r in WOLVES)
