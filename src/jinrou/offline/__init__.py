"""Offline quantum werewolf (オフライン版量子人狼): rules, exact model, game-master tools."""
