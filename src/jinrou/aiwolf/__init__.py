"""AIWolf (人狼知能) agents as players: the protocol (:mod:`.wire`, :mod:`.language`), its mapping to
jinrou's claims (:mod:`.mapping`), the arena that plays the official sequencing over TCP
(:mod:`.arena`, :mod:`.server`) and its tournaments. See ``docs/aiwolf.md``."""

from jinrou.aiwolf.language import ANY, Content, Operator, ProtocolError, Topic, validate
from jinrou.aiwolf.mapping import claim_of, sentence_of
from jinrou.aiwolf.wire import GameInfo, GameSetting, Request, Talk, Vote

__all__ = ["ANY", "Content", "GameInfo", "GameSetting", "Operator", "ProtocolError", "Request", "Talk", "Topic",
           "Vote", "claim_of", "sentence_of", "validate"]
