"""What every ``jinrou`` command shares: one-line errors, output paths checked before the work, the
root group (usage errors in one line, ``--version``, flags shown without a type).

Conventions, for every command (README, "Command line"):

* exit status 0 when the work is done, 2 for bad input — a wrong option, a bad file, an output path
  that cannot be written — with exactly one line ``error: …`` on stderr that says what was wrong
  and what is allowed; 130 when interrupted (Ctrl+C);
* bad input is refused before any work starts and before any file is written; output paths are
  checked first, and a file that still cannot be written at the end is saved elsewhere, never lost;
* records number their events from 1 (``event 3``; ``move 3`` in a shogi record).
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
import typer.rich_utils
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.core import TyperArgument, TyperGroup, TyperOption

from jinrou import jsontext
from jinrou.errors import JinrouError
from jinrou.interrupts import acknowledge, install

T = TypeVar("T")


def ignore_further_interrupts() -> None:
    """Called where a command catches Ctrl-C: while it keeps what it can and exits 130, a second
    Ctrl-C changes nothing (it would cut the saving short, or the exit)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        acknowledge()


def fail(error: Exception | str) -> NoReturn:
    """One line ``error: …`` on stderr and exit status 2."""
    text = " ".join(str(error).split("\n"))
    Console(stderr=True, soft_wrap=True, highlight=False).print(f"[red]error:[/red] {escape(text)}")
    raise typer.Exit(2)


# ----------------------------------------------------------------------------- files


def read_text(path: Path, what: str = "") -> str:
    """The text of an input file; :class:`JinrouError` saying why it cannot be read."""
    return jsontext.read_text(path, name=f"{what} {path}" if what else None,
                              not_text="is not UTF-8 text (a JSON record is expected)")


def read_file(path: Path, parse: Callable[[str], T], what: str = "") -> T:
    """``parse`` of an input file's text; every error names the file (``game.json: event 3 …``)."""
    text = read_text(path, what)
    try:
        return parse(text)
    except JinrouError as error:
        raise JinrouError(f"{f'{what} ' if what else ''}{path}: {error}") from None


def check_output(path: Path, option: str, suffixes: Sequence[str] = ()) -> None:
    """Refuse an output file before any work: not a folder, in a folder that exists and is
    writable, with one of ``suffixes`` (when given)."""
    if path.is_dir():
        raise JinrouError(f"{option} {str(path)!r} is a folder: give a file name")
    if suffixes and path.suffix.lower() not in suffixes:
        raise JinrouError(f"{option} {str(path)!r}: name the file {' or '.join(suffixes)}")
    folder = path.parent
    if not folder.is_dir():
        raise JinrouError(f"{option} {str(path)!r}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise JinrouError(f"{option} {str(path)!r}: the file cannot be written here (no permission)")


def check_plot(path: Path, option: str, suffixes: Sequence[str], extra: str) -> None:
    """A chart's output path (:func:`check_output`) and matplotlib, both before any work: the
    error names the extra that installs it (``pip install 'jinrou[study]'``)."""
    import importlib.util

    check_output(path, option, suffixes)
    if importlib.util.find_spec("matplotlib") is None:
        raise JinrouError(f"{option} needs matplotlib, which is not installed: pip install 'jinrou[{extra}]' "
                          "(or pip install matplotlib)")


def prepare_folder(path: Path, option: str) -> None:
    """Create an output folder (and its parents) before any work, or refuse it."""
    if path.exists() and not path.is_dir():
        raise JinrouError(f"{option} {str(path)!r} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JinrouError(f"{option} {str(path)!r}: cannot create the folder: {error.strerror or error}") from None
    if not os.access(path, os.W_OK):
        raise JinrouError(f"{option} {str(path)!r}: the folder cannot be written (no permission)")


def save(path: Path, text: str, console: Console, what: str = "record") -> None:
    """Write ``text`` to ``path`` at the end of a long piece of work. If that fails after all (the
    folder was removed, the disk is full), the text is saved in the temporary folder instead and
    the command fails saying where: nothing is lost."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        reason = error.strerror or str(error)
        try:
            rescued = rescue(text, what, path.suffix or ".json")
        except OSError:
            typer.echo(text, nl=False)
            fail(f"cannot write the {what} to {path}: {reason}; it is printed above instead")
        fail(f"cannot write the {what} to {path}: {reason}; it is saved in {rescued} instead")
    console.print(f"{what.capitalize()} written to {path}", highlight=False)


def rescue(text: str, what: str, suffix: str = ".json") -> Path:
    """Write ``text`` to a new file in the temporary folder (``jinrou-record-….json``) and return its
    path: where work is kept that has no file of its own to go to (OSError if even that fails)."""
    handle, name = tempfile.mkstemp(prefix=f"jinrou-{what}-", suffix=suffix)
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    return Path(name)


# ----------------------------------------------------------------------------- groups


def command_group(description: str) -> typer.Typer:
    """A command group (``jinrou quantum``, ``jinrou solve``, ...): ``description`` is its help, shown
    also when the group is called without a command."""
    return typer.Typer(help=description, no_args_is_help=True)


class RootTyper(typer.Typer):
    """The root ``jinrou`` app. Called, it is the whole program (the console script, ``python -m
    jinrou.cli``), which ends after the command; typer's test runner calls its group instead."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        RootGroup.program = True
        return super().__call__(*args, **kwargs)


class RootGroup(TyperGroup):
    """The ``jinrou`` group: every usage error as one line ``error: …``; Ctrl-C that no command
    caught exits 130."""

    program = False
    """Whether this process is the program (then Ctrl-C stays ignored once a command has caught it,
    to the exit); else the SIGINT handler is given back after the command."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        on_interrupt = signal.getsignal(signal.SIGINT)
        if self.program:
            install()  # a Ctrl-C swallowed by a finalizer is raised again
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.Abort as error:
            if isinstance(error.__context__, KeyboardInterrupt):  # Ctrl-C that no command caught
                acknowledge()
                sys.exit(130)
            Console(stderr=True).print("[red]Aborted.[/red]")
            sys.exit(1)
        except typer.TyperException as error:  # click's usage errors (typer vendors click)
            if type(error).__name__ == "NoArgsIsHelpError":  # the help is already printed
                sys.exit(2)
            usage_error(error)
        else:
            if code == 130:  # a recent typer makes an uncaught Ctrl-C exit 130 itself: taken, so stop insisting
                acknowledge()  # (else the timer's SIGALRM ends the exit: "Alarm clock", status 142)
        finally:  # as it was before a command's ignore_further_interrupts(), for a caller that goes on
            if not self.program and threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGINT, on_interrupt)
        sys.exit(code if isinstance(code, int) else 0)


_PARSING = {"int_parsing": "a whole number", "int_from_float": "a whole number", "float_parsing": "a number"}
"""pydantic's errors for a value typed as a number (a recent typer converts values with pydantic), in words."""


def _plain(error: typer.TyperException) -> None:
    """A bad value said as people say it: ``'1.5' is not a whole number`` (pydantic's own words quote
    no input: 'Input should be a valid integer, unable to parse string as an integer'), and no
    'Value error, ' before a choice's message."""
    errors = getattr(error.__cause__, "errors", None)
    if not isinstance(error, typer.BadParameter) or not callable(errors):
        return
    first = errors()[0]
    if (wanted := _PARSING.get(first.get("type", ""))) is not None:
        error.message = f"{str(first.get('input'))[:40]!r} is not {wanted}"
    else:
        error.message = error.message.removeprefix("Value error, ")


def usage_error(error: typer.TyperException) -> NoReturn:
    """A usage error (missing or unknown option, a value of the wrong type or range) as one line."""
    _plain(error)
    message = error.format_message().strip().rstrip(".")
    message = message[:1].lower() + message[1:]
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        message += f" (see '{ctx.command_path} --help')"
    try:
        fail(message)
    except typer.Exit as exit_:
        sys.exit(exit_.exit_code)


def _type_of(option: TyperOption, ctx: Any) -> str | None:
    """The type column of ``--help``: nothing for a flag (``--seer``, ``--json``, ``--help``), which
    takes no value (typer would show ``<bool>``); the option's metavar (``NAME=VALUE``) where it has one
    (typer would show ``<list[str]>`` for a repeatable option)."""
    if option.is_flag:
        return None
    return f"<{option.metavar}>" if option.metavar else _typer_type_of(option, ctx)


_typer_type_of = TyperOption.display_type_rich
TyperOption.display_type_rich = _type_of  # type: ignore[method-assign,assignment]


def _reflow(paragraphs: list[str], markup_mode: Any) -> str:
    """A command's help after its first paragraph, each paragraph one line for the terminal to wrap
    (typer ≥ 0.16 keeps the docstring's line breaks, which at 80 columns cut every sentence in two);
    a paragraph that starts with ``\\b`` keeps its lines, as click's convention has it."""
    return "\n\n".join(p.strip("\b\n") if p.startswith("\b") else " ".join(p.split("\n")) for p in paragraphs)


if hasattr(typer.rich_utils, "_fix_linebreaks"):
    typer.rich_utils._fix_linebreaks = _reflow


def _rstrip_end(self: Text, size: int) -> None:
    """rich's ``Text.rstrip_end`` measured in cells, not characters: a wrapped line holding Japanese
    keeps its trailing space, and a table cell then cuts its last word (``classic werewol…``)."""
    excess = cell_len(self.plain) - size
    if excess > 0 and (spaces := len(self.plain) - len(self.plain.rstrip(" "))):
        self.right_crop(min(spaces, excess))


Text.rstrip_end = _rstrip_end  # type: ignore[method-assign]


def _refuse_empty(process_value: Callable[..., Any]) -> Callable[..., Any]:
    """An empty value typed on the command line (``--record-dir ''``, ``--db ''``) is a usage error:
    typer would read it as the current folder or let a default take its place, silently."""

    def checked(self: Any, ctx: Any, value: Any) -> Any:
        values = value if isinstance(value, list | tuple) else [value]
        source = ctx.get_parameter_source(self.name) if self.name else None
        if getattr(source, "name", None) == "COMMANDLINE" and any(isinstance(v, str) and not v.strip() for v in values):
            raise typer.BadParameter("it is empty: give a name or value", ctx=ctx, param=self)
        return process_value(self, ctx, value)

    return checked


TyperOption.process_value = _refuse_empty(TyperOption.process_value)  # type: ignore[method-assign]
TyperArgument.process_value = _refuse_empty(TyperArgument.process_value)  # type: ignore[method-assign]


def show_version(value: bool) -> None:
    """``jinrou --version``."""
    if value:
        from jinrou import __version__

        typer.echo(f"jinrou {__version__}")
        raise typer.Exit()
