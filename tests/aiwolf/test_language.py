"""The protocol language, the wire format and the claims mapping (deliverable 1 of issue 42).

Known values are the official library's (AIWolfCommon ``client/lib/Content.java``: its patterns,
``completeInnerSubject`` and ``normalizeText``; ``TcpipServer``/``Packet`` for the packets)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jinrou.aiwolf.language import ANY, ROLES, SPECIES, Content, Operator, ProtocolError, Topic, validate
from jinrou.aiwolf.mapping import JINROU_ROLE, claim_of, sentence_of
from jinrou.aiwolf.wire import (
    CASTS,
    GAME_INFO_KEYS,
    PACKET_KEYS,
    GameInfo,
    GameSetting,
    Judge,
    Request,
    Talk,
    Vote,
    encode,
    packet,
    read_packet,
    read_target,
    target_answer,
)
from jinrou.classic.claims import Claim, ClaimKind

# every simple form, as written and as the official getText() gives it back
FORMS = [
    ("Skip", "Skip", Topic.SKIP),
    ("Over", "Over", Topic.OVER),
    ("COMINGOUT Agent[01] SEER", "COMINGOUT Agent[01] SEER", Topic.COMINGOUT),
    ("Agent[02] ESTIMATE Agent[03] WEREWOLF", "Agent[02] ESTIMATE Agent[03] WEREWOLF", Topic.ESTIMATE),
    ("ESTIMATE ANY POSSESSED", "ESTIMATE ANY POSSESSED", Topic.ESTIMATE),
    ("DIVINED Agent[10] HUMAN", "DIVINED Agent[10] HUMAN", Topic.DIVINED),
    ("IDENTIFIED Agent[04] WEREWOLF", "IDENTIFIED Agent[04] WEREWOLF", Topic.IDENTIFIED),
    ("  VOTE   Agent[4]  ", "VOTE Agent[04]", Topic.VOTE),
    ("VOTED Agent[04]", "VOTED Agent[04]", Topic.VOTED),
    ("ATTACK Agent[05]", "ATTACK Agent[05]", Topic.ATTACK),
    ("ATTACKED Agent[05]", "ATTACKED Agent[05]", Topic.ATTACKED),
    ("DIVINATION Agent[05]", "DIVINATION Agent[05]", Topic.DIVINATION),
    ("GUARD Agent[05]", "GUARD Agent[05]", Topic.GUARD),
    ("ANY GUARDED Agent[00]", "ANY GUARDED ANY", Topic.GUARDED),
    ("AGREE TALK day1 ID:3", "AGREE TALK day1 ID:3", Topic.AGREE),
    ("Agent[07] DISAGREE WHISPER day2 ID:12", "Agent[07] DISAGREE WHISPER day2 ID:12", Topic.DISAGREE),
]


@pytest.mark.parametrize(("text", "canonical", "topic"), FORMS)
def test_every_simple_form_parses_and_renders_as_the_official_library(text: str, canonical: str, topic: Topic) -> None:
    content = Content.parse(text)
    assert content.topic is topic
    assert str(content) == canonical
    assert Content.parse(canonical) == content


NESTED = [
    # REQUEST with a target: the nested subject is the target, left out when written
    ("REQUEST Agent[02] (VOTE Agent[03])", "REQUEST Agent[02] (VOTE Agent[03])", Operator.REQUEST),
    ("Agent[01] REQUEST Agent[02] (Agent[02] VOTE Agent[03])", "Agent[01] REQUEST Agent[02] (VOTE Agent[03])",
     Operator.REQUEST),
    # REQUEST without a target takes the nested subject, or ANY
    ("REQUEST (Agent[05] GUARD Agent[01])", "REQUEST Agent[05] (GUARD Agent[01])", Operator.REQUEST),
    ("REQUEST (VOTE Agent[03])", "REQUEST ANY (VOTE Agent[03])", Operator.REQUEST),
    ("INQUIRE Agent[04] (COMINGOUT Agent[04] SEER)", "INQUIRE Agent[04] (COMINGOUT Agent[04] SEER)", Operator.INQUIRE),
    ("Agent[01] BECAUSE (Agent[01] DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])",
     "Agent[01] BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])", Operator.BECAUSE),
    ("XOR (ESTIMATE Agent[01] WEREWOLF) (ESTIMATE Agent[02] WEREWOLF)",
     "XOR (ESTIMATE Agent[01] WEREWOLF) (ESTIMATE Agent[02] WEREWOLF)", Operator.XOR),
    ("AND (VOTE Agent[01]) (VOTE Agent[02]) (VOTE Agent[03])", "AND (VOTE Agent[01]) (VOTE Agent[02]) (VOTE Agent[03])",
     Operator.AND),
    ("Agent[03] OR (Agent[04] VOTE Agent[01]) (VOTE Agent[02])", "Agent[03] OR (Agent[04] VOTE Agent[01]) (VOTE Agent[02])",
     Operator.OR),
    ("NOT (COMINGOUT Agent[02] WEREWOLF)", "NOT (COMINGOUT Agent[02] WEREWOLF)", Operator.NOT),
    ("Agent[02] DAY 1 (Agent[02] DIVINED Agent[05] HUMAN)", "Agent[02] DAY 1 (DIVINED Agent[05] HUMAN)", Operator.DAY),
    # three levels: the subject flows down, each level leaves out what it implies
    ("Agent[01] BECAUSE (AND (DIVINED Agent[02] WEREWOLF) (DAY 1 (VOTED Agent[03]))) (REQUEST ANY (VOTE Agent[02]))",
     "Agent[01] BECAUSE (AND (DIVINED Agent[02] WEREWOLF) (DAY 1 (VOTED Agent[03]))) (REQUEST ANY (VOTE Agent[02]))",
     Operator.BECAUSE),
]


@pytest.mark.parametrize(("text", "canonical", "operator"), NESTED)
def test_nested_sentences_complete_their_subjects_as_the_official_library(text: str, canonical: str,
                                                                          operator: Operator) -> None:
    content = Content.parse(text)
    assert content.operator is operator
    assert str(content) == canonical
    assert Content.parse(canonical) == content


def test_a_nested_sentence_takes_the_subject_of_its_operator() -> None:
    c = Content.parse("Agent[01] BECAUSE (AND (DIVINED Agent[02] WEREWOLF) (DAY 1 (VOTED Agent[03]))) "
                      "(REQUEST ANY (VOTE Agent[02]))")
    because, request = c.contents
    assert because.subject == 1 and because.contents[0].subject == 1 and because.contents[1].contents[0].subject == 1
    assert request.subject == 1 and request.target == ANY and request.contents[0].subject == ANY
    assert Content.parse("REQUEST Agent[02] (VOTE Agent[03])").contents[0].subject == 2


BAD = [
    ("", "not a sentence"),
    ("VOTE", "not a sentence"),
    ("VOTE Agent[x]", "not a sentence"),
    ("vote Agent[01]", "not a sentence"),
    ("COMINGOUT Agent[01] KING", "unknown role 'KING'"),
    ("DIVINED Agent[01] VAMPIRE", "unknown species 'VAMPIRE'"),
    ("AGREE CHAT day1 ID:2", "TALK or a WHISPER"),
    ("BECAUSE (VOTE Agent[01])", "BECAUSE takes 2 sentences"),
    ("NOT (VOTE Agent[01]", "not a sentence"),
    ("AND (VOTE Agent[01]) (NONSENSE)", "not a sentence"),
    ("DAY 1 ((VOTE Agent[01])", "unbalanced parentheses"), ("NOT (Over))", "unbalanced parentheses"),
    ("REQUEST Agent[01] (VOTE Agent[02]) extra", "not a sentence"),
    ("NOT (" * 40 + "Over" + ")" * 40, "nest at most"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_sentences_are_refused_with_what_was_wrong(text: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        Content.parse(text)
    assert not validate(text)


agents = st.one_of(st.just(ANY), st.integers(1, 15))
subjects = st.one_of(st.none(), agents)


def _leaves() -> st.SearchStrategy[Content]:
    return st.one_of(
        st.just(Content.skip()), st.just(Content.over()),
        st.builds(lambda s, t, r, topic: Content(topic, s, t, role=r), subjects, agents, st.sampled_from(ROLES),
                  st.sampled_from([Topic.ESTIMATE, Topic.COMINGOUT])),
        st.builds(lambda s, t, r, topic: Content(topic, s, t, species=r), subjects, agents, st.sampled_from(SPECIES),
                  st.sampled_from([Topic.DIVINED, Topic.IDENTIFIED])),
        st.builds(lambda s, t, topic: Content(topic, s, t), subjects, agents,
                  st.sampled_from([Topic.VOTE, Topic.VOTED, Topic.ATTACK, Topic.GUARD, Topic.DIVINATION])),
        st.builds(lambda s, kind, d, i: Content(Topic.AGREE, s, talk_type=kind, talk_day=d, talk_id=i), subjects,
                  st.sampled_from(["TALK", "WHISPER"]), st.integers(0, 14), st.integers(0, 300)),
    )


def _extend(inner: st.SearchStrategy[Content]) -> st.SearchStrategy[Content]:
    return st.one_of(
        st.builds(lambda s, a, b, op: Content(Topic.OPERATOR, s, operator=op, contents=(a, b)), subjects, inner, inner,
                  st.sampled_from([Operator.BECAUSE, Operator.XOR])),
        st.builds(lambda s, cs, op: Content(Topic.OPERATOR, s, operator=op, contents=tuple(cs)), subjects,
                  st.lists(inner, min_size=1, max_size=3), st.sampled_from([Operator.AND, Operator.OR])),
        st.builds(lambda s, a: Content(Topic.OPERATOR, s, operator=Operator.NOT, contents=(a,)), subjects, inner),
        st.builds(lambda s, d, a: Content(Topic.OPERATOR, s, operator=Operator.DAY, day=d, contents=(a,)), subjects,
                  st.integers(0, 14), inner),
        st.builds(lambda s, t, a, op: Content(Topic.OPERATOR, s, t, operator=op, contents=(a,)), subjects, agents,
                  inner, st.sampled_from([Operator.REQUEST, Operator.INQUIRE])),
    )


@settings(max_examples=300, deadline=None)
@given(st.recursive(_leaves(), _extend, max_leaves=8))
def test_rendering_then_parsing_gives_the_canonical_text_again(content: Content) -> None:
    text = str(content)
    parsed = Content.parse(text)
    assert str(parsed) == text
    assert Content.parse(str(parsed)) == parsed  # canonical texts are a fixed point


# ---------------------------------------------------------------------- claims


CLAIMS = [
    ("COMINGOUT Agent[02] SEER", 1, Claim(ClaimKind.COMINGOUT, role="Diviner")),
    ("Agent[02] COMINGOUT Agent[02] WEREWOLF", 1, Claim(ClaimKind.COMINGOUT, role="Werewolf")),
    ("DIVINED Agent[05] WEREWOLF", 0, Claim(ClaimKind.DIVINED, target=4, result="werewolf")),
    ("IDENTIFIED Agent[03] HUMAN", 0, Claim(ClaimKind.IDENTIFIED, target=2, result="human")),
    ("VOTE Agent[04]", 0, Claim(ClaimKind.VOTE, target=3)),
    ("ESTIMATE Agent[04] WEREWOLF", 0, Claim(ClaimKind.ESTIMATE, target=3, result="werewolf")),
    ("ESTIMATE Agent[04] VILLAGER", 0, Claim(ClaimKind.ESTIMATE, target=3, result="human")),
    # no claim: another subject, another's role, ANY, a role guess, an operator, an agreement
    ("Agent[03] VOTE Agent[04]", 0, None),
    ("COMINGOUT Agent[03] SEER", 0, None),
    ("VOTE ANY", 0, None),
    ("DIVINED Agent[02] ANY", 0, None),
    ("ESTIMATE Agent[04] SEER", 0, None),
    ("REQUEST ANY (VOTE Agent[02])", 0, None),
    ("AGREE TALK day1 ID:0", 0, None),
    ("Skip", 0, None),
]


@pytest.mark.parametrize(("text", "speaker", "claim"), CLAIMS)
def test_sentences_that_say_what_a_claim_says_become_claims(text: str, speaker: int, claim: Claim | None) -> None:
    assert claim_of(Content.parse(text), speaker) == claim


@pytest.mark.parametrize("claim", [
    Claim(ClaimKind.COMINGOUT, role=role) for role in JINROU_ROLE.values()
] + [Claim(ClaimKind.DIVINED, target=3, result="werewolf"), Claim(ClaimKind.IDENTIFIED, target=0, result="human"),
     Claim(ClaimKind.VOTE, target=2), Claim(ClaimKind.ESTIMATE, target=1, result="human"),
     Claim(ClaimKind.ESTIMATE, target=1, result="werewolf")])
def test_every_claim_the_protocol_can_say_goes_there_and_back(claim: Claim) -> None:
    sentence = sentence_of(claim, 2)
    assert sentence is not None
    assert claim_of(Content.parse(str(sentence)), 2) == claim


def test_claims_the_protocol_cannot_say_have_no_sentence() -> None:
    assert sentence_of(Claim(ClaimKind.DIVINED, target=1, result="pumpkin"), 0) is None
    assert sentence_of(Claim(ClaimKind.COMINGOUT, role="Cat"), 0) is None
    assert str(sentence_of(Claim(ClaimKind.COMINGOUT, role="Diviner"), 0)) == "COMINGOUT Agent[01] SEER"


# ---------------------------------------------------------------------- wire


def test_a_request_packet_has_the_five_keys_in_jsonic_order_with_nulls() -> None:
    line = encode(packet(Request.ROLE))
    assert line == '{"gameInfo":null,"gameSetting":null,"request":"ROLE","talkHistory":null,"whisperHistory":null}'
    assert list(json.loads(line)) == list(PACKET_KEYS)


def test_game_info_has_every_field_with_minus_one_for_none_and_string_keys() -> None:
    info = GameInfo(1, 2, {1: "ALIVE", 2: "DEAD"}, {2: "SEER"}, ["POSSESSED", "SEER", "VILLAGER", "WEREWOLF"],
                    divine_result=Judge(1, 2, 3, "HUMAN"), votes=[Vote(0, 1, 3)], talks=[Talk(0, 1, 0, 1, "Over")],
                    remain_talk={1: 10})
    data = json.loads(encode(packet(Request.DAILY_INITIALIZE, info)))["gameInfo"]
    assert set(data) == GAME_INFO_KEYS and len(GAME_INFO_KEYS) == 21
    assert data["statusMap"] == {"1": "ALIVE", "2": "DEAD"} and data["roleMap"] == {"2": "SEER"}
    assert data["remainTalkMap"] == {"1": 10} and data["remainWhisperMap"] == {}
    assert data["executedAgent"] == data["attackedAgent"] == data["cursedFox"] == data["guardedAgent"] == -1
    assert data["latestExecutedAgent"] == -1 and data["mediumResult"] is None
    assert data["divineResult"] == {"agent": 2, "day": 1, "result": "HUMAN", "target": 3}
    assert data["talkList"] == [{"agent": 1, "day": 1, "idx": 0, "text": "Over", "turn": 0}]
    assert data["voteList"] == [{"agent": 1, "day": 0, "target": 3}]


def test_the_game_setting_is_the_official_default_game() -> None:
    data = GameSetting.default(15, 1000, seed=7).to_json()
    assert data["roleNumMap"] == {"BODYGUARD": 1, "FREEMASON": 0, "MEDIUM": 1, "POSSESSED": 1, "SEER": 1,
                                  "VILLAGER": 8, "WEREWOLF": 3, "FOX": 0}
    assert data["playerNum"] == 15 and data["maxTalk"] == 10 and data["maxTalkTurn"] == 20 and data["maxSkip"] == 2
    assert data["maxRevote"] == 1 and data["timeLimit"] == 1000 and data["randomSeed"] == 7
    assert data["voteVisible"] and data["validateUtterance"] and not data["talkOnFirstDay"]
    assert sum(CASTS[5].values()) == 5
    with pytest.raises(ProtocolError, match="official casts of 5 or 15 seats, not 7"):
        GameSetting.default(7)


def test_talk_packets_carry_both_histories() -> None:
    data = json.loads(encode(packet(Request.TALK, talks=[Talk(0, 1, 0, 3, "Skip")], whispers=[])))
    assert data["gameInfo"] is None and data["whisperHistory"] == [] and data["talkHistory"][0]["agent"] == 3
    assert read_packet(encode(packet(Request.TALK, talks=[], whispers=[])))["request"] == "TALK"


@pytest.mark.parametrize(("line", "message"), [
    ("nope", "one JSON object"), ('{"request":"TALK"}', "exactly the keys"),
    ('{"gameInfo":null,"gameSetting":null,"request":"SING","talkHistory":null,"whisperHistory":null}',
     "unknown request 'SING'"),
])
def test_a_client_refuses_what_is_not_a_packet(line: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        read_packet(line)


def test_target_answers_in_every_form_clients_send() -> None:
    assert read_target(target_answer(12)) == 12
    assert read_target('{"agentIdx": 3}') == 3 and read_target(" 7 ") == 7 and read_target("Agent[02]") == 2
    assert read_target(None) is None and read_target("") is None and read_target('{"agentIdx":"x"}') is None


@pytest.mark.parametrize(("text", "claims"), [
    # as the official sample agents speak (AIWolfClient's SampleSeer, SampleBasePlayer)
    ("DAY 1 (DIVINED Agent[03] WEREWOLF)", [Claim(ClaimKind.DIVINED, target=2, result="werewolf")]),
    ("AND (VOTE Agent[02]) (REQUEST ANY (VOTE Agent[02]))", [Claim(ClaimKind.VOTE, target=1)]),
    ("BECAUSE (DAY 1 (DIVINED Agent[01] WEREWOLF)) (AND (VOTE Agent[01]) (REQUEST ANY (VOTE Agent[01])))",
     [Claim(ClaimKind.DIVINED, target=0, result="werewolf"), Claim(ClaimKind.VOTE, target=0)]),
    (("BECAUSE (AND (COMINGOUT Agent[02] SEER) (Agent[05] COMINGOUT Agent[05] SEER)) "
     "(XOR (ESTIMATE Agent[05] WEREWOLF) (ESTIMATE Agent[05] POSSESSED))"), []),  # about others; XOR asserts nothing
    ("AND (COMINGOUT Agent[04] SEER) (COMINGOUT Agent[04] SEER)", [Claim(ClaimKind.COMINGOUT, role="Diviner")]),
    ("OR (VOTE Agent[01]) (VOTE Agent[02])", []),
    ("NOT (VOTE Agent[01])", []),
    ("Agent[02] AND (VOTE Agent[01])", []),  # another's subject
])
def test_an_utterance_claims_what_it_asserts(text: str, claims: list[Claim]) -> None:
    from jinrou.aiwolf.mapping import claims_of

    assert claims_of(Content.parse(text), 3) == claims
