"""Classic werewolf as 月下人狼 plays it: its role catalog, rules, one declaration per role,
records and views."""
