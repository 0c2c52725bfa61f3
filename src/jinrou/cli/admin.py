"""`jinrou admin …`: a server's accounts from the command line — make an administrator, reset a
password (see docs/server.md, "Accounts") — and its bans: list, add, lift ("Moderation")."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from jinrou.cli.common import command_group, fail
from jinrou.errors import JinrouError

app = command_group("The online server's accounts and bans: make an administrator, reset a password, list, add and "
                    "lift bans (docs/server.md).")
T = TypeVar("T")

Db = Annotated[str, typer.Option(help="The server's store: a SQLite file, or postgresql://user:password@host/dbname.")]
Password = Annotated[str, typer.Option(prompt=True, hide_input=True, confirmation_prompt=True,
                                       help="The password (8–128 characters; asked for, unseen, when not given).")]


@app.command("create")
def admin_create_command(
    name: Annotated[str, typer.Argument(help="The administrator's user name (2–20 letters, digits, _ - .).")],
    password: Password,
    db: Db = "jinrou.db",
) -> None:
    """Make an administrator account (an existing account of that name becomes one, with this password, and its logins end).

    Example: jinrou admin create root --db jinrou.db
    """
    from jinrou.server.accounts import create_admin

    account = _run(db, lambda store: create_admin(store, name, password))
    Console().print(f"administrator {account.name!r} is ready", highlight=False)


@app.command("reset-password")
def admin_reset_command(
    name: Annotated[str, typer.Argument(help="The account's user name.")],
    password: Password,
    db: Db = "jinrou.db",
) -> None:
    """Set an account's password; every login of it ends.

    Example: jinrou admin reset-password ann --db jinrou.db
    """
    from jinrou.server.accounts import reset_password

    account = _run(db, lambda store: reset_password(store, name, password))
    Console().print(f"the password of {account.name!r} is set; its logins have ended", highlight=False)


@app.command("bans")
def admin_bans_command(
    db: Db = "jinrou.db",
    every: Annotated[bool, typer.Option("--all", help="Lifted and expired bans too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
) -> None:
    """List the bans in force (the latest first): id, kind, whom, until when, why.

    Example: jinrou admin bans --db jinrou.db
    """
    from jinrou.server.moderation import list_bans, when

    bans = _run(db, lambda store: list_bans(store, every))
    console = Console()
    if as_json:
        for ban in bans:
            print(json.dumps(ban.to_json(), ensure_ascii=False))
        return
    if not bans:
        console.print("no bans in force" if not every else "no bans", highlight=False)
    now = time.time()
    for ban in bans:
        whom = f"account {ban.label}" if ban.target == "account" else f"address {ban.key}"
        state = " (lifted)" if ban.lifted else " (expired)" if ban.until <= now else ""
        console.print(f"{ban.id}  {ban.kind:<8} {whom}  until {when(ban.until)}{state}"
                      f"{'  — ' + ban.reason if ban.reason else ''}", highlight=False, markup=False)


@app.command("ban")
def admin_ban_command(
    kind: Annotated[str, typer.Argument(help="What is forbidden: create (making rooms), play, spectate or chat.")],
    account: Annotated[str, typer.Option(help="The account's user name.")] = "",
    address: Annotated[str, typer.Option(help="An IP address, or the address key a report shows (32 hex digits).")] = "",
    for_: Annotated[str, typer.Option("--for", help="How long: 30m, 12h, 7d, 2w.")] = "",
    until: Annotated[str, typer.Option(help="Until a date (UTC): 2026-12-31 or 2026-12-31T18:00.")] = "",
    reason: Annotated[str, typer.Option(help="Why (shown to the banned player; at most 300 characters).")] = "",
    db: Db = "jinrou.db",
) -> None:
    """Ban an account or an address from one kind of door until a time; every door of that kind refuses it, saying what and until when.

    Example: jinrou admin ban chat --account ann --for 7d --reason "insults" --db jinrou.db
    """
    from jinrou.server.moderation import ban_command, when

    if bool(account) == bool(address):
        fail("give --account NAME or --address ADDRESS (one of them)")
    if bool(for_) == bool(until):
        fail("give --for DURATION (30m, 12h, 7d, 2w) or --until DATE (2026-12-31), one of them")
    end = _end(for_, until)
    target, value = ("account", account) if account else ("address", address)
    ban = _run(db, lambda store: ban_command(store, kind, target, value, end, reason))
    whom = f"account {ban.label!r}" if target == "account" else f"address {address!r}"
    Console().print(f"ban {ban.id}: {whom} may not {kind} until {when(ban.until)}", highlight=False, markup=False)


@app.command("lift")
def admin_lift_command(
    ban_id: Annotated[str, typer.Argument(help="The ban's id (jinrou admin bans lists them).", metavar="ID")],
    db: Db = "jinrou.db",
) -> None:
    """Lift a ban before its end.

    Example: jinrou admin lift 1a2b3c4d --db jinrou.db
    """
    from jinrou.server.moderation import lift_ban

    _run(db, lambda store: lift_ban(store, ban_id))
    Console().print(f"ban {ban_id} is lifted", highlight=False, markup=False)


def _end(duration: str, date: str) -> float:
    """The Unix time a ban ends: ``duration`` from now, or at ``date`` (UTC)."""
    import datetime

    from jinrou.server.moderation import ban_length

    if duration:
        try:
            return time.time() + ban_length(duration, "--for")
        except JinrouError as error:
            fail(error)
    try:
        moment = datetime.datetime.fromisoformat(date.strip())
    except ValueError:
        fail(f"--until is a date or a date and time (UTC): 2026-12-31 or 2026-12-31T18:00, not {date[:30]!r}")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return moment.timestamp()


def _run(db: str, work: Callable[[Any], T]) -> T:
    from jinrou.server.store import open_store, redacted

    try:
        store = open_store(db)
    except JinrouError as error:
        fail(error)
    except Exception as error:  # noqa: BLE001 — a bad path or an unreachable database: say which
        fail(redacted(f"cannot open the store {db!r}: {error}", db))
    try:
        return work(store)
    except JinrouError as error:
        fail(error)
    finally:
        store.close()
