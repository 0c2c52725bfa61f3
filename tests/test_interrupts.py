"""jinrou.interrupts (issue 40, points 1 and 5): a Ctrl-C swallowed by a finalizer is raised again,
and a step under ``uninterrupted`` is done whole — SIGINT sent to this very process."""

import signal

import pytest

from jinrou.interrupts import acknowledge, install, uninterrupted

from .processes import wait_for


@pytest.fixture
def insisting():
    saved = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGALRM)
    install()
    yield
    acknowledge()
    signal.signal(signal.SIGINT, saved[0])
    signal.signal(signal.SIGALRM, saved[1])


class Finalized:
    """Ctrl-C while the garbage collector runs this object's finalizer: Python ignores the exception."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)
        sum(range(1000))  # the handler runs here, and its KeyboardInterrupt is "ignored"


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_interrupt_swallowed_by_a_finalizer_is_raised_again(insisting):
    with pytest.raises(KeyboardInterrupt):
        Finalized()
        wait_for(lambda: False, "the interrupt raised again", bound=30)
    acknowledge()  # taken: no more
    wait_for(lambda: signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0), "the timer stopped", bound=5)


def test_an_interrupt_waits_for_the_end_of_an_uninterrupted_step(insisting):
    done = []
    with pytest.raises(KeyboardInterrupt), uninterrupted():
        signal.raise_signal(signal.SIGINT)
        signal.raise_signal(signal.SIGINT)
        done.append("record written")
        done.append("game counted")
    assert done == ["record written", "game counted"]
