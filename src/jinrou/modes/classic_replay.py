"""A classic game step by step, built from its record alone (``jinrou.classic/1``): the replay viewer
of a finished game's page and of ``/replay``.

The record is replayed by the rules (:func:`jinrou.classic.replay.replay`, as ``jinrou classic
replay`` checks it: an input record is completed, a wrong one refused naming the event) and written
again in full; the steps are read off that full record: one before night 1, then one per phase
event (a night, a ballot, a hunter's shot), each with the seats as they stand after it (alive, or
dead with the cause), every seat's role as known at the end (and at the start, where it changed),
and what happened in it — the actions, the votes, the claims, the deaths and revivals — in both
languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jinrou.classic.actions import Verb
from jinrou.classic.claims import Claim
from jinrou.classic.model import Cause
from jinrou.classic.record import write
from jinrou.classic.replay import replay
from jinrou.classic.texts import outcome_text, role_name

PHASES = ("night", "day", "hunter")


def steps(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The steps of the game ``data`` records (RecordError: the record is wrong, naming the event)."""
    full = write(replay(data), data.get("seed"))
    names: list[str] = full["players"]
    result = full.get("result") or {}
    start: dict[str, str] = full["roles"]
    end: dict[str, str] = result.get("roles") or start
    alive = dict.fromkeys(names, True)
    causes: dict[str, dict[str, str]] = {}
    found = [_step("start", ("配役", "The cast"), "other", names, alive, causes, start, end,
                   [_pair(f"{n}: {role_name(start[n], 'ja')}", f"{n}: {role_name(start[n], 'en')}") for n in names])]
    day, ballot, ballot_day = 1, 0, 0
    for event in full["events"]:
        kind = event["type"]
        if kind not in PHASES:
            continue
        happened: list[dict[str, str]] = []
        if kind == "night":
            label, key = (f"{day}日目 夜", f"Night {day}"), f"{day}日目 夜"
        elif kind == "day":
            ballot, ballot_day = (ballot + 1 if ballot_day == day else 1), day
            again = "" if ballot == 1 else ("runoff" if event.get("runoff") else f"revote {ballot - 1}")
            label = (f"{day}日目 昼" + ("" if ballot == 1 else f" {'決選投票' if event.get('runoff') else f'再投票{ballot - 1}'}"),
                     f"Day {day}" + (f" {again}" if again else ""))
            key = f"{day}日目 昼"
        else:
            label, key = (f"{day}日目 ハンター", f"Day {day}, the hunter"), f"{day}日目"
        for action in event.get("actions", []):
            happened.append(_action(action))
        for said in event.get("claims", []):
            claim = Claim.parse(said["claim"], names)  # (the replay read it already)
            happened.append(_pair(f"{said['player']}: {claim.render(names, 'ja')}", f"{said['player']}: {claim.render(names, 'en')}"))
        votes = [{"voter": voter, "target": target} for voter, target in (event.get("votes") or {}).items()]
        if event.get("runoff"):
            runoff = "、".join(event["runoff"])
            happened.append(_pair(f"決選投票: {runoff}", f"runoff: {', '.join(event['runoff'])}"))
        for death in event.get("deaths", []):
            cause = _cause(death["cause"])
            alive[death["player"]] = False
            causes[death["player"]] = cause
            happened.append(_pair(f"{death['player']} 死亡（{cause['ja']}）", f"{death['player']} died ({cause['en']})"))
        for name in event.get("revived", []):
            alive[name] = True
            causes.pop(name, None)
            happened.append(_pair(f"{name} 蘇生", f"{name} came back to life"))
        found.append(_step(key, label, "night" if kind == "night" else "day", names, alive, causes, start, end, happened,
                           votes))
        if kind == "night":
            day += 1
    if result:
        winner = result.get("winner", "")
        won = result.get("winners", [])
        en = outcome_text(winner, "en")
        found.append(_step("over", ("終局", "The end"), "other", names, alive, causes, start, end,
                           [_pair(f"{outcome_text(winner, 'ja')}（勝者: {'、'.join(won) or 'なし'}）",
                                  f"{en[0].upper()}{en[1:]} (winners: {', '.join(won) or 'nobody'})")]))
    return found


def _step(key: str, label: tuple[str, str], kind: str, names: list[str], alive: dict[str, bool],
          causes: dict[str, dict[str, str]], start: Mapping[str, str], end: Mapping[str, str],
          happened: list[dict[str, str]], votes: list[dict[str, str]] | None = None) -> dict[str, Any]:
    seats = []
    for name in names:
        role = {"id": end[name], "ja": role_name(end[name], "ja"), "en": role_name(end[name], "en")}
        seat: dict[str, Any] = {"name": name, "alive": alive[name], "cause": causes.get(name), "role": role}
        if start[name] != end[name]:
            seat["was"] = {"id": start[name], "ja": role_name(start[name], "ja"), "en": role_name(start[name], "en")}
        seats.append(seat)
    return {"phase": key, "label": {"ja": label[0], "en": label[1]}, "kind": kind, "seats": seats,
            "happened": happened, "votes": votes or []}


def _pair(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


def _cause(cause: str) -> dict[str, str]:
    declared = Cause(cause)
    return {"id": cause, "ja": declared.name_ja, "en": declared.name_en}


def _action(action: Mapping[str, Any]) -> dict[str, str]:
    verb = Verb(action["action"])
    label = verb.label or (verb.value, verb.value)
    targets = action.get("targets") or ([action["target"]] if action.get("target") else [])
    extra = [str(action[p.key]) for p in verb.params if p.key in action]
    ja = f"{action['player']} → {label[0]}" + (f" → {'・'.join(targets)}" if targets else "") + (f"（{'・'.join(extra)}）" if extra else "")
    en = f"{action['player']} {label[1]}" + (f" {' and '.join(targets)}" if targets else "") + (f" ({', '.join(extra)})" if extra else "")
    return _pair(ja, en)
