"""Tests of the role declarations, one module per module of ``src/jinrou/classic/roles/``.

Games are seated A, B, C… (``tests/classic/helpers.new``) with ``scapegoat=off`` unless a test says
otherwise, and every random outcome is forced (``draws=[...]``): a draw the test does not expect
fails the test. The spec sections quoted are those of ``shared/spec/classic-werewolf.md`` and the
wave-3 files (``classic-roles-*.md``); values marked "reference" come from 月下人狼's server (uhyo/jinrou,
``server/rpc/game/game.coffee``).
"""
