"""The lobby's cast picker as the schema serves it (issue 38): roles grouped by category and team, each
with its rule, once in the schema."""

from __future__ import annotations

import json

from jinrou.classic.roles import ROLES
from jinrou.classic.texts import role_rule
from jinrou.modes.classic_settings import schema


def fields() -> dict[str, dict]:
    return {f["key"]: f for f in schema().to_json()["fields"]}


def test_each_role_of_the_cast_comes_with_its_group_and_rule():
    roles = fields()["roles"]["choices"]
    assert len(roles) == len(ROLES)
    first = roles[0]
    assert first["group"] == {"en": "villager · village", "ja": "村人系 · 村人陣営"}
    assert first["rule"] == {"en": role_rule(first["value"], "en"), "ja": role_rule(first["value"], "ja")}
    wolf = next(c for c in roles if c["value"] == "Werewolf")
    assert wolf["group"]["ja"] == "人狼系 · 人狼陣営" and wolf["rule"]["ja"].startswith("人狼: ")
    groups = [c["group"]["ja"] for c in roles]  # each group in one run: the form shows it once
    assert len(set(groups)) == len([g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g])


def test_the_rules_are_served_once_not_again_with_the_roles_left_out():
    excluded = fields()["excluded"]["choices"]
    assert [c["value"] for c in excluded] == [c["value"] for c in fields()["roles"]["choices"]]
    assert all("rule" not in c and "group" in c for c in excluded)
    served = json.dumps(schema().to_json(), ensure_ascii=False)
    assert served.count(role_rule("Werewolf", "ja")) == 1
