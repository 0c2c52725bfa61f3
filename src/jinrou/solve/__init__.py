"""Game-theory tools: extensive-form games, CFR+, exploitability, the no-talk werewolf model."""
