"""What the game says, in Japanese and in English: one template pair per message key.

Messages (:class:`~jinrou.classic.model.Message`) carry seats, role ids and result values; this
module turns them into lines for a terminal, a log or a web page. The texts follow 月下人狼's
where it has one (「…は無残な姿で発見されました」). What belongs to one role is declared beside it, not
here: its card (``card_ja``, ``card_en``: :func:`role_rule` reads them), its names, the labels of its
verbs and the words of its parameters.

>>> from jinrou.classic.model import Message
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "ja")
'Bは無残な姿で発見されました'
>>> render(Message("died", {"player": 1, "cause": None}), ["A", "B"], "en")
'B was found dead.'
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from jinrou.classic.abilities import Verb
from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Team
from jinrou.classic.model import Cause, Fortune, Message, PsychicResult

LANGS = ("ja", "en")


@runtime_checkable
class Renders(Protocol):
    """A value a message carries that renders itself (a :class:`~jinrou.classic.claims.Claim`: that module
    renders with this one's names, so this one names no claim)."""

    def render(self, names: Sequence[str], lang: str = "ja") -> str: ...

TEMPLATES: dict[str, tuple[str, str]] = {
    "night": ("{day}日目の夜になりました。", "Night {day} falls."),
    "morning": ("{day}日目の朝になりました。", "Day {day} dawns."),
    "revived": ("{player}は蘇生しました。", "{player} came back to life."),
    "votes": ("投票結果: {votes}（得票: {counts}）", "Votes: {votes} (received: {counts})"),
    "no execution": ("処刑は行われませんでした。", "Nobody is executed today."),
    "revote": ("再投票です。あと{left}回の投票で結論が出なければ引き分けになります。",
               "Vote again: {left} more ballot(s) without a decision and the game is a draw."),
    "runoff": ("決選投票です: {candidates}", "Runoff between {candidates}."),
    "prince": ("{player}はプリンスでした。処刑は行われませんでした。",
               "{player} was the Prince. Nobody is executed today."),
    "psychic result": ("GM霊能: {target}は{result}でした", "GM psychic: {target} was {result}."),
    "shot": ("{hunter}は最期の力で{target}を撃ちました", "With a last effort {hunter} shoots {target}."),
    "end": ("ゲーム終了: {winner}の勝利です", "Game over: {winner} win."),
    "draw": ("ゲーム終了: 引き分けです", "Game over: a draw."),
    "claim": ("{player}: {claim}", "{player}: {claim}"),
    "attack chosen": ("{wolf}が{target}を襲撃します", "{wolf} will attack {target}."),
    "guard success": ("{target}の護衛に成功しました", "You protected {target} from an attack."),
    "holy protection used": ("聖職者の加護があなたを守りました", "A holy protection saved your life."),
    "role changed": ("あなたは{role}になりました", "You are now {role}."),
    "divined": ("{target}を占ったところ、{result}でした", "Your divination: {target} is {result}."),
    "psychic": ("霊能結果: {target}は{result}でした", "Psychic result: {target} was {result}."),
    "guard banned": ("{target}はもう護衛できません", "You can never again protect {target}."),
    "kit sent": ("{target}へ{kit}を発送しました", "You sent {kit} to {target}."),
    "kit received": ("{kit}が到着しました", "You received {kit}."),
    "lover": ("あなたは{partner}の恋人になりました", "You are now in love with {partner}."),
    "arrows": ("{first}と{second}へ恋の矢を放ちました", "Your arrows hit {first} and {second}."),
    "devil bitten": ("人狼に噛まれました。処刑されれば勝利です", "The wolves bit you: be executed to win."),
    "charged": ("てるてる坊主の準備が整いました", "You are ready: be executed now to win."),
    "attacked": ("あなたは人狼に襲われました", "The wolves attacked you."),
    "votes hidden": ("投票結果が闇に隠されました。", "The votes are hidden in darkness."),
    "guard sensed": ("{player}は{guard}に護衛されたことを直感しました。", "{player} senses that {guard} guards it."),
    "abstained": ("{wolf}たち人狼は襲撃しませんでした。", "{wolf} and the wolves attack nobody tonight."),
    "gorged": ("{wolf}は欲張りました。人狼たちはもう1人襲撃できます。",
               "{wolf} is greedy: the wolves may attack one more seat tonight."),
    "tasted": ("{player}の味見の結果、{target}は{role}でした。", "{player} tasted {target}: {role}."),
    "tasted human": ("{player}の味見の結果、{target}は{role}でした。以降は襲撃対象者の役職を知ることができません。",
                     "{player} tasted {target}: {role}. It can no longer taste its victims."),
    "spy report": ("{player}の調査報告書が発見されました。", "{player}'s report was found."),
    "spy report roles": ("{roles}", "{roles}"),
    "acrobat": ("{player}は人狼の襲撃を回避しました。", "{player} dodged the wolves' attack."),
    "divination obstructed": ("{player}が{target}を占いましたが、何者かに邪魔されました。",
                              "{player} divined {target}, but something got in the way."),
    "rain chosen": ("{player}は翌日に雨を降らせます。", "{player} will make it rain tomorrow."),
    "rain": ("今日は雨が降っています。", "It is raining today."),
    "sorcery found": ("{player}が{target}を調べたところ、占い師でした。", "{player} examined {target}: a seer."),
    "sorcery not found": ("{player}が{target}を調べたところ、占い師ではありませんでした。",
                          "{player} examined {target}: not a seer."),
    "costumed": ("{player}が{target}をかぼちゃにしました。", "{player} turned {target} into a pumpkin."),
    "shadow cast": ("{player}は{target}の影を抜きました。", "{player} drew out {target}'s shadow."),
    "shadow wolf": ("{target}は影を抜かれたようです。", "{target}'s shadow seems to have been drawn out."),
    "mind read": ("{player}の読心の結果、{target}は{result}でした。", "{player} read {target}'s mind: {result}."),
    "mind read auto": ("{player}の今日の読心先は自動的に決定されます。",
                       "{player}'s mind reading tonight is chosen automatically."),
    "seduce chosen": ("{player}は{target}を誘惑しようとしています。", "{player} is seducing {target}."),
    "seduced": ("{target}は狼に誘惑されました。", "{target} was seduced by the wolves: you are now a wolf minion."),
    "moon aura": ("{target}は{player}の放つ月のオーラに魅せられました。",
                  "{target} was bewitched by the moon aura of {player}: you now side with the wolves."),
    "resuscitation": ("{player}は{target}に蘇生措置を施しました。", "{player} tries to resuscitate {target}."),
    "minion": ("{target}は狼の子分になりました。", "{target} is now a wolf minion."),
    "charmed": ("{player}は{target}を魅了しました。", "{player} charmed {target}."),
    "lunge": ("{wolf}は捨て身の覚悟で{target}を狙っています。", "{wolf} lunges at {target}, whatever it costs."),
    "decoy": ("{wolf}は{target}の家に忍び込み囮となりました。", "{wolf} slipped into {target}'s house as a decoy."),
    "eyes resistance": ("{target}への襲撃は耐性に阻まれました。", "The attack on {target} was resisted."),
    "eyes guard": ("{target}への襲撃は護衛に阻まれました。", "The attack on {target} was stopped by a guard."),
    "eyes holy": ("{target}への襲撃は聖なる力に阻まれました。", "The attack on {target} was stopped by a holy power."),
    "eyes devil": ("{target}への襲撃は悪魔の力に阻まれました。", "The attack on {target} was stopped by a devil's power."),
    "eyes curse": ("{target}への襲撃は呪いの力に阻まれました。", "The attack on {target} was stopped by a curse."),
    "eyes substitute": ("{target}への襲撃は何者かが身代わりになり失敗しました。",
                        "The attack on {target} failed: someone died in its place."),
    "eyes escape": ("{target}への襲撃は{target}の逃亡により失敗しました。",
                    "The attack on {target} failed: {target} was away."),
    "eyes trap": ("{target}への襲撃は罠に阻まれました。", "The attack on {target} was stopped by a trap."),
    "eyes snow": ("{target}への襲撃は雪の力に阻まれました。", "The attack on {target} was stopped by the snow."),
    "eyes acrobatics": ("{target}への襲撃は曲芸的な動きで回避されました。",
                        "The attack on {target} was dodged with acrobatics."),
    "solitude attacks": ("{player}は襲撃できるようになりました。", "{player} may attack now."),
    "solitude stops": ("他にも人狼がいるようです。{player}は襲撃できなくなりました。",
                       "There seem to be other wolves: {player} may no longer attack."),
    "feigned": ("{player}は死んだふりをしました。", "{player} feigns death."),
    "rose": ("{player}は死んだふりをやめました。", "{player} stops feigning death."),
    "absolute resisted": ("{player}は絶対狼の力で{cause}に耐えました。", "{player}, an Absolute Wolf, withstood {cause}."),
    "threatened": ("{player}は{target}を威嚇しました。", "{player} threatened {target}."),
    "sealed": ("{player}は威嚇されました。今夜は能力が無効化されます。",
               "{player} was threatened: its abilities are sealed tonight."),
    "self-destruct": ("{player}は自らを犠牲に血月の力を引き出します。",
                      "{player} sacrifices itself to call the blood moon."),
    "blood moon": ("血月の力により村人たちは能力を封印されています。",
                   "The blood moon seals the villagers' abilities tonight."),
    "hypnotized": ("{player}が{target}に催眠術をかけました。", "{player} hypnotized {target}."),
    "bet": ("{player}は賭けに出ました。", "{player} bets its stocked votes."),
    "trouble": ("{player}は村でトラブルを起こしました。", "{player} stirs up trouble in the village."),
    "troubled": ("トラブルメーカーにより村が混乱しています。今日は{count}人処刑されます。",
                 "A Trouble Maker threw the village into confusion: {count} executions today."),
    "executions left": ("今日はあと{count}人処刑します。もう一度投票してください。",
                        "{count} more to execute today: vote again."),
    "dictated": ("独裁者の{player}により、{target}の処刑が宣言されました。", "The Dictator {player} decreed {target}'s execution."),
    "absorbed": ("{player}は{target}の死体から{role}の能力を吸収しました。", "{player} absorbed {target}'s power as {role}."),
    "assisted": ("{player}は{target}を補佐しました。", "{player} assists {target}: its votes tomorrow weigh 1 more."),
    "scout chosen": ("{player}は{target}を偵察しました。", "{player} scouts {target}."),
    "scout active": ("{player}の偵察の結果、{target}は夜に行動可能でした。",
                     "{player}'s scouting: {target} could act tonight."),
    "emma attack": ("{player}は人狼の餌食になったようです。", "{player} seems to have fallen prey to the wolves."),
    "emma poison": ("{player}は毒に冒されたようです。", "{player} seems to have been poisoned."),
    "emma infection": ("{player}は感染症により死亡したようです。", "{player} seems to have died of the infection."),
    "emma vampire": ("{player}はヴァンパイアの餌食になったようです。", "{player} seems to have fallen prey to a vampire."),
    "emma dog": ("{player}は犬の餌食になったようです。", "{player} seems to have fallen prey to a dog."),
    "emma trap": ("{player}は罠にかかって死亡したようです。", "{player} seems to have died in a trap."),
    "emma curse": ("{player}は呪殺されたようです。", "{player} seems to have been cursed to death."),
    "emma psycho": ("{player}はサイコキラーに殺されたようです。", "{player} seems to have been killed by a psycho killer."),
    "emma lover": ("{player}は恋人の後を追って死亡したようです。", "{player} seems to have followed a lover in death."),
    "emma fox": ("{player}は狐の後を追って死亡したようです。", "{player} seems to have followed the foxes in death."),
    "emma twin": ("{player}は双子の後を追って死亡したようです。", "{player} seems to have followed a twin in death."),
    "emma charm": ("{player}は何かに取り憑かれて自ら命を断ったようです。",
                   "{player} seems to have taken its own life, possessed by something."),
    "emma selfdestruct": ("{player}は自爆したようです。", "{player} seems to have blown itself up."),
    "emma assassinate": ("{player}は暗殺されたようです。", "{player} seems to have been assassinated."),
    "scout idle": ("{player}の偵察の結果、{target}は夜に行動していませんでした。",
                   "{player}'s scouting: {target} did not act tonight."),
    "liar divined": ("あんまり自信ないけど、霊能占いの結果、{target}は{result}だと思う。たぶん。",
                     "Not too sure, but by psychic divination {target} is {result}, I think. Maybe."),
    "investigated": ("{player}が{target}とその両隣を調査したところ、{results}が発見されました。",
                     "{player} investigated {target} and its two neighbours: found {results}."),
    "investigated human": ("{player}が{target}とその両隣を調査したところ、全員村人でした。",
                           "{player} investigated {target} and its two neighbours: all villagers."),
    "spell cast": ("{player}が{target}に呪いをかけました。", "{player} cursed {target}."),
    "silenced": ("{target}は呪いをかけられました。昼に発言できません。",
                 "{target} was cursed: it cannot speak in the Village chat until dusk."),
    "miracle": ("{player}は{target}に奇蹟の力を使います。", "{player} uses its miraculous power on {target}."),
    "interprets": ("{player}は{target}を通訳します。", "{player} will interpret for {target}."),
    "interpreted": ("{player}は通訳を手配されました。", "{player} was given an interpreter: you may use the Masons chat."),
    "wolves sick": ("人狼たちは病気になりました。今日は襲撃できません。", "The werewolves fell sick: no attack tonight."),
    "assassinate": ("{player}が{target}を暗殺しました。", "{player} assassinates {target}."),
    "witch poison": ("{player}は{target}に毒薬を使いました。", "{player} used a poison on {target}."),
    "witch revive": ("{player}は{target}に蘇生薬を使いました。", "{player} used a revival potion on {target}."),
    "counsel": ("{player}が{target}をカウンセリングしました。", "{player} counsels {target}."),
    "reformed": ("{player}はカウンセリングされて更生しました。", "{player} was counseled and reformed (team Human)."),
    "prayed": ("{player}が聖なる力で自身を守りました。", "{player} prays for holy protection."),
    "adopted": ("{player}は{target}を飼い主に選びました。", "{player} chose {target} as its owner."),
    "dog bite": ("{player}が{target}を襲撃しました。", "{player} attacks {target}."),
    "trap set": ("{player}は{target}を罠で護衛しました。", "{player} set a trap to protect {target}."),
    "trap success": ("{trapper}の罠により{target}が襲撃から守られました。",
                     "{trapper}'s trap protected {target} from an attack."),
    # group VD (village part 1)
    "seers mama": ("{player}は予言者のママです。占い師は{seats}です。", "{player} is the Seer's Mama. The seers are {seats}."),
    "seers mama none": ("{player}は予言者のママです。占い師はいません。", "{player} is the Seer's Mama. There is no seer."),
    "tarzan": ("{player}は{count}人の人狼の気配を感じました。", "{player} senses {count} werewolves."),
    "role revealed": ("あなたの本当の役職は{role}です", "Your true role is {role}."),
    "sleepwalkers": ("{seats}が徘徊しています。", "{seats} are wandering about at night."),
    "sleepwalker aware": ("{player}は深夜徘徊を自覚しました。", "{player} realizes it sleepwalks."),
    "oracle friend": ("{player}に神託が下りました。恋人陣営が勝利目前です。", "{player} receives an oracle: the lovers are about to win."),
    "oracle fox": ("{player}に神託が下りました。妖狐陣営が勝利目前です。", "{player} receives an oracle: the foxes are about to win."),
    "fate": ("{player}は運命の子でした。{role}として生きる覚悟を決めました。",
             "{player} was a Child of Fate: it resolves to live as {role}."),
    "oracle werewolf": ("{player}に神託が下りました。人狼陣営が勝利目前です。",
                        "{player} receives an oracle: the werewolves are about to win."),
    # group C (village part 2): role changes
    "study": ("{player}は{target}を指定しました。", "{player} studies {target}."),
    "studied": ("{player}は{role}になりました。", "{player} has become {role}."),
    "dreamer woke": ("夢から覚めた{player}は胡蝶でした。", "{player} woke from a dream: it was a Dreamer."),
    "reincarnated": ("{player}は{target}へ転生しました。", "{player} was reincarnated in {target}."),
    # group T (wave 3, village part 2): tricks and bites
    "misdirect": ("{player}は今晩の人狼の襲撃先を{target}にすり替えました。",
                  "{player} turns tonight's werewolf attack onto {target}."),
    "lure": ("{player}は身代わりになろうとしています。", "{player} means to take the wolves' bite in everyone's place."),
    "draw girl": ("{player}は看板娘でした。今日は{count}人処刑されます。",
                  "{player} was the Draw Girl. {count} players will be executed today."),
    "visit": ("{player}は{target}の家に訪れました。", "{player} visits {target}'s house."),
    "housekeeper saw": ("{player}は{wolf}が{target}を襲うのを目撃しました。", "{player} saw {wolf} attack {target}."),
    # 課金者
    "gacha normal": ("{player}はノーマルガチャを引いて{stars}【{role}】を獲得しました。",
                     "{player} pulls the normal gacha and gets {stars} [{role}]."),
    "gacha premium": ("{player}はプレミアムガチャを引いて{stars}【{role}】を獲得しました。",
                      "{player} pulls the premium gacha and gets {stars} [{role}]."),
    "gacha commit": ("{player}は引き当てた【{role}】に決めました。", "{player} commits to [{role}]."),
    # group G (village part 2): guards, shields (V2.1.2, V2.1.3, V2.1.13)
    "guard chosen": ("{player}は{target}を護衛しました。", "{player} guards {target}."),
    "elemental guard": ("{player}は精霊の力で{target}を護衛しました。", "{player} guards {target} with its spirits."),
    "slay chosen": ("{player}が{target}を襲撃しました。", "{player} attacks {target} with its dragon's fire."),
    "shield offered": ("{player}が{target}を守るため自らの命を差し出そうとしています。",
                       "{player} offers its own life to protect {target}."),
    "sacrificed": ("{target}は人身御供を差し出し{cause}に抵抗しました。",
                   "{target} withstood {cause}: a Sacrifice died in its place."),
    "emma dragon": ("{player}は竜に焼き殺されたようです。", "{player} seems to have been burnt to death by a dragon."),
    "emma samurai": ("{player}は侍に一刀両断されたようです。", "{player} seems to have been cut down by a samurai."),
    "emma elemental": ("{player}は暴走した精霊によって殺されたようです。",
                       "{player} seems to have been killed by a rampaging spirit."),
    "emma sacrifice": ("{player}は生贄に捧げられたようです。", "{player} seems to have been offered as a sacrifice."),
    "emma dragonknight": ("{player}は自責の念に駆られて自ら命を断ったようです。",
                          "{player} seems to have taken its own life out of remorse."),
    # group I (batch 3): 法医学者 遺品整理士 闇の霊媒師 共感覚者 イタコ パン屋
    "autopsy select": ("{player}は{target}の死体を調べました。", "{player} examines {target}'s body."),
    "autopsy yes": ("{player}の調べによると、{target}は死亡耐性を持っていました。",
                    "{player}'s examination: {target} could resist death."),
    "autopsy no": ("{player}の調べによると、{target}は死亡耐性を持っていませんでした。",
                   "{player}'s examination: {target} could not resist death."),
    "sift select": ("{player}は{target}の遺品を整理しました。", "{player} sorts {target}'s belongings."),
    "sift yes": ("{player}が整理すると、{target}の遺品から凶器を発見しました。",
                 "{player} found a deadly weapon among {target}'s belongings."),
    "sift no": ("{player}が整理すると、{target}の遺品には怪しい物はありませんでした。",
                "{player} found nothing suspicious among {target}'s belongings."),
    "emma ghost": ("{player}は亡霊の怨念に殺されたようです。", "{player} seems to have been killed by a ghost's grudge."),
    "sense select": ("{player}は{target}の色を見ました。", "{player} looks at {target}'s color."),
    "sense result": ("{player}が{target}の色を見た結果、{color}でした。", "{player} sees {target}'s color: {color}."),
    "channel select": ("{player}は{target}の声に耳を傾けました。", "{player} listens to {target}'s voice."),
    "channel result": ("{player}は{target}の声を聴きました。{target}は{role}でした。",
                       "{player} heard {target}'s voice: {target} was {role}."),
    "baker bread": ("パン屋がおいしいパンを焼いてくれたそうです。", "The baker has baked delicious bread."),
    "baker gone": ("今日からはもうおいしいパンが食べられません。", "From today on there is no more delicious bread."),
}  # fmt: skip
COLORS_EN = {
    "赤色": "red", "茶色": "brown", "橙色": "orange", "小麦色": "wheat", "黄色": "yellow", "黄土色": "ochre",
    "緑色": "green", "水色": "light blue", "藍色": "indigo", "青色": "blue", "紫色": "purple", "桜色": "cherry pink",
    "金色": "gold", "銀色": "silver", "灰色": "gray",
}  # fmt: skip
"""共感覚者's colors in English (the record and the Japanese say the color word)."""

def verb_label(verb: Any, lang: str = "ja", label: tuple[str, str] | None = None) -> str:
    """A verb's name for players in ``lang``: ``label``, the ability's own where it has one
    (:attr:`~jinrou.classic.abilities.Ability.label`, :attr:`~jinrou.classic.game.Legal.label`: 通訳's
    「通訳する」 for its ``pair``), else the label its declaration gives (:meth:`~jinrou.classic.abilities.Verb.declare`),
    else the verb itself."""
    value = getattr(verb, "value", verb)
    names = label or getattr(verb, "label", None) or (value, value)
    return str(names[0 if lang == "ja" else 1])


def param_word(verb: Verb, key: str, value: str, lang: str) -> str:
    """A parameter value's words for players in ``lang``, as its verb declares them (a 商人's kit:
    「占いセット」), else the value itself."""
    param = verb.param(key)
    return param.name(value, lang) if param is not None else value


def role_name(role_id: str, lang: str) -> str:
    """A role's name in ``lang`` (declared English name where there is one)."""
    if lang == "ja":
        return CATALOG[role_id].name_ja if role_id in CATALOG else role_id
    from jinrou.classic.roles import ROLES

    return ROLES[role_id].name_en if role_id in ROLES else CATALOG[role_id].name_en if role_id in CATALOG else role_id


def shown_role(role_id: str, subs: Sequence[str], lang: str) -> str:
    """A seat's role as it is shown with its sub-roles (each that shows itself with the role wraps the
    name, the latest outermost): 「狼の子分（占い師）」.

    >>> shown_role("Diviner", ["Lovers", "WolfMinion"], "ja")
    '狼の子分（占い師）'
    """
    from jinrou.classic.roles import SUB_ROLES

    name = role_name(role_id, lang)
    for sub in subs:
        declared = SUB_ROLES.get(sub)
        if declared is not None and declared.shown_with is not None:
            name = declared.shown_with[0 if lang == "ja" else 1].format(role=name)
    return name


def team_name(team_id: str, lang: str) -> str:
    team = Team(team_id)
    return team.name_ja if lang == "ja" else team.name_en


def result_name(value: str, lang: str) -> str:
    """A divination or psychic result, or a role id (人狼占い learns role names)."""
    for enum in (Fortune, PsychicResult):
        try:
            member = enum(value)
        except ValueError:
            continue
        return member.name_ja if lang == "ja" else member.value
    return role_name(value, lang)


def render(message: Message, names: Sequence[str], lang: str = "ja") -> str:
    """The message as a line of text in ``lang`` (``ja`` or ``en``)."""
    args: dict[str, Any] = {}
    for key, value in message.args.items():
        if key in ("player", "target", "partner", "first", "second", "wolf", "hunter", "guard") and isinstance(value, int):
            args[key] = names[value]
        elif key == "role":
            args[key] = role_name(str(value), lang)
        elif key == "result":
            args[key] = result_name(str(value), lang)
        elif key == "results" and isinstance(value, str):  # several results, comma-joined (超常現象研究者)
            args[key] = ("," if lang == "ja" else ", ").join(result_name(v, lang) for v in value.split(","))
        elif key == "color" and lang != "ja":
            args[key] = COLORS_EN.get(str(value), value)
        elif key == "kit":
            args[key] = param_word(Verb("kit"), "kit", str(value), lang)
        elif key == "votes" and isinstance(value, dict):
            args[key] = ", ".join(f"{names[v]}→{names[t]}" for v, t in value.items())
        elif key == "counts" and isinstance(value, dict):  # each candidate's final count (V1.1.2), most first
            args[key] = ", ".join(f"{names[s]} {n}" + ("票" if lang == "ja" else "") for s, n in value.items())
        elif key == "roles" and isinstance(value, dict):
            args[key] = " ".join(f"{names[s]}:{role_name(str(r), lang)}" for s, r in value.items())
        elif key == "cause" and message.key != "died" and isinstance(value, str):
            args[key] = Cause(value).name_ja if lang == "ja" else value  # a note's cause (絶対狼)
        elif key == "candidates" and isinstance(value, list | tuple):
            args[key] = ", ".join(names[c] for c in value)
        elif key == "seats" and isinstance(value, list | tuple):
            args[key] = ("," if lang == "ja" else ", ").join(names[c] for c in value)
        elif key == "claim" and isinstance(value, Renders):  # a claim (it renders itself; claims use this module)
            args[key] = value.render(names, lang)
        else:
            args[key] = value
    if message.key == "died":  # its cause's own line (a public cause's), else found dead
        cause = message.args.get("cause")
        died = Cause(str(cause)).died if cause else None
        default = "{player}は無残な姿で発見されました" if lang == "ja" else "{player} was found dead."
        return (died[LANGS.index(lang)] if died else default).format(**args)
    if message.key == "end":
        if args["winner"] == "Draw":
            return TEMPLATES["draw"][LANGS.index(lang)]
        args["winner"] = team_name(str(args["winner"]), lang)
    return TEMPLATES[message.key][LANGS.index(lang)].format(**args)


_REF = r"(?:§|(?:W|V\d|T)\.)\d+(?:\.\d+)*[a-z]?(?: step \d+)?"
_SPEC_REFS = re.compile(rf" ?\({_REF}(?:,? {_REF})*(?: [^)]*)?\)| ?\b{_REF}\b")
"""The spec's section numbers in a declaration's docstring (``(W.1.12)``, ``(§5.2 step 4)``): not for players."""
_CJK = "\u3000-\u9fff\uff00-\uffef"
_CJK_BREAK = re.compile(rf"(?<=[{_CJK}]) (?=[{_CJK}{{])|(?<=}}) (?=[{_CJK}])")
"""A docstring's line break inside Japanese text (「…は {target}の…」): joined without a space."""


def docstring_text(obj: object) -> str:
    """``obj``'s docstring as one line: its line breaks are spaces, except inside Japanese text."""
    return _CJK_BREAK.sub("", " ".join((inspect.getdoc(obj) or "").split()))
_SPEC_REF_OPENING = re.compile(rf"\({_REF}(?:,? {_REF})*[:;,] ")
_SPEC_REF_CLOSING = re.compile(rf"[;,] {_REF}(?:,? {_REF})*\)")


def role_rule(role_id: str, lang: str) -> str:
    """A role's (or sub-role's) card in ``lang``: the ``card_ja`` or ``card_en`` written on its declaration,
    else its docstring (markup and section references removed) — also in Japanese for a mark none is
    written for; it opens with the name in English on an English card."""
    from jinrou.classic.roles import ROLES, SUB_ROLES

    owner = ROLES.get(role_id) or SUB_ROLES[role_id]
    if lang == "ja" and owner.card_ja is not None:
        return owner.card_ja
    if lang == "en" and owner.card_en is not None:
        text = owner.card_en
    else:
        text = docstring_text(type(owner)).replace("``", "")
        text = _SPEC_REFS.sub("", _SPEC_REF_OPENING.sub("(", _SPEC_REF_CLOSING.sub(")", text))).replace("`", "")
    sub = SUB_ROLES.get(role_id) if role_id not in ROLES else None
    name = sub.name_ja if sub else role_name(role_id, "ja")  # the declaration opens with the Japanese name:
    english = sub.name_en if sub else role_name(role_id, "en")  # an English page says it in English
    return f"{english}:{text.removeprefix(name + ':')}" if text.startswith(name + ":") else text
