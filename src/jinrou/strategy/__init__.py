"""The strategy-description language for talk-and-vote werewolf games, and exact outcome counts."""
