"""`jinrou admin …`: a server's accounts from the command line — make an administrator, reset a
password (see docs/server.md, "Accounts")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from jinrou.cli.common import command_group, fail
from jinrou.errors import JinrouError

if TYPE_CHECKING:
    from jinrou.server.accounts import Account

app = command_group("The online server's accounts: make an administrator, reset a password (docs/server.md).")

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


def _run(db: str, work: Callable[[Any], Account]) -> Account:
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
