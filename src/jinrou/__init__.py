"""jinrou — play and study werewolf-family games (人狼).

The heart is :mod:`jinrou.quantum`, an exact engine for quantum werewolf (量子人狼).
"""

__version__ = "0.1.0"
