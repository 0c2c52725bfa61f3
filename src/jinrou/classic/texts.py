"""What the game says, in Japanese and in English: one template pair per message key.

Messages (:class:`~jinrou.classic.model.Message`) carry seats, role ids and result values; this
module turns them into lines for a terminal, a log or a web page. The texts follow 月下人狼's
where it has one (「…は無残な姿で発見されました」).

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
from typing import Any

from jinrou.classic.catalog import ROLES as CATALOG
from jinrou.classic.catalog import Team
from jinrou.classic.model import Cause, Fortune, Message, PsychicResult

LANGS = ("ja", "en")

_DEATH_JA = {
    "execution": "{player}は処刑されました", "suicide": "{player}は誰かの後を追って自ら死を選びました。",
    "hunter": "{player}は銃殺されました", "leave": "{player}は村を去りました",
    "sudden": "{player}は突然死しました", "curse": "{player}は呪殺されました",
    "infirm": "{player}は老衰で死亡しました。",
}  # fmt: skip
_DEATH_EN = {
    "execution": "{player} was executed.", "suicide": "{player} chose to follow someone in death.",
    "hunter": "{player} was shot.", "leave": "{player} left the village.",
    "sudden": "{player} died suddenly (no action in time).", "curse": "{player} was cursed to death.",
    "infirm": "{player} died of old age.",
}  # fmt: skip

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

KITS = {"Diviner": ("占いセット", "a seer kit"), "Psychic": ("霊能セット", "a medium kit"),
        "Guard": ("狩人セット", "a bodyguard kit")}  # fmt: skip
SHOWN_WITH = {"WolfMinion": ("狼の子分（{role}）", "Wolf minion ({role})"),
              "MoonPhilia": ("月狂病（{role}）", "Moon lunacy ({role})"),
              "Reformed": ("更生者（{role}）", "Reformed ({role})")}  # fmt: skip
"""How a seat's role is shown under a sub-role that shows itself with it (W.1.8: 「狼の子分（{role}）」)."""
VERBS = {
    "attack": ("襲撃", "attack"), "divine": ("占う", "divine"), "guard": ("護衛", "guard"),
    "pair": ("恋人にする", "make lovers"), "revive": ("蘇生", "revive"), "protect": ("加護", "bless"),
    "hide": ("逃亡", "hide"), "leave": ("村を去る", "leave the village"), "kit": ("発送", "send a kit"),
    "bite": ("吸血", "bite"), "shoot": ("銃撃", "shoot"),
}  # fmt: skip
"""Each action verb (the record's word) in Japanese and English."""


def verb_label(verb: Any, lang: str = "ja", label: tuple[str, str] | None = None) -> str:
    """A verb's name for players in ``lang``: ``label``, the ability's own where it has one
    (:attr:`~jinrou.classic.abilities.Ability.label`, :attr:`~jinrou.classic.game.Legal.label`: 通訳's
    「通訳する」 for its ``pair``), else the table above, else the label its declaration gives
    (:meth:`~jinrou.classic.abilities.Verb.declare`), else the verb itself."""
    value = getattr(verb, "value", verb)
    names = label or VERBS.get(value) or getattr(verb, "label", None) or (value, value)
    return str(names[0 if lang == "ja" else 1])


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
    name = role_name(role_id, lang)
    for sub in subs:
        if sub in SHOWN_WITH:
            name = SHOWN_WITH[sub][0 if lang == "ja" else 1].format(role=name)
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
    from jinrou.classic.claims import Claim

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
            args[key] = KITS[str(value)][0 if lang == "ja" else 1]
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
        elif key == "claim" and isinstance(value, Claim):
            args[key] = value.render(names, lang)
        else:
            args[key] = value
    if message.key == "died":
        cause = message.args.get("cause")
        table = _DEATH_JA if lang == "ja" else _DEATH_EN
        default = "{player}は無残な姿で発見されました" if lang == "ja" else "{player} was found dead."
        return (table.get(str(cause), default) if cause else default).format(**args)
    if message.key == "end":
        if args["winner"] == "Draw":
            return TEMPLATES["draw"][LANGS.index(lang)]
        args["winner"] = team_name(str(args["winner"]), lang)
    return TEMPLATES[message.key][LANGS.index(lang)].format(**args)


RULES_JA: dict[str, str] = {
    "Human": "村人: 能力はありません。",
    "Diviner": "占い師: 毎晩ひとりを占います（必須）。占われた妖狐は呪殺されます。初日白通知（firstnightdivine=auto）では、"
               "1日目の夜の占い先が、占い結果が村人になる他の席（身代わりくんと子狐以外の妖狐系を除く）から選ばれます。",
    "Psychic": "霊能者: その日に処刑された人の霊能結果を、翌朝に知ります（霊能結果=夕方: その日の夕方）。",
    "Guard": "狩人: 2日目の夜から毎晩ひとりを護衛します（身代わりくんなしでは1日目の夜も）。",
    "Couple": "共有者: もうひとりの共有者を知っています。夜は共有者どうしで話せます。",
    "Hunter": "ハンター: 突然死以外で死ぬと、最期にひとりを撃ちます。",
    "Poisoner": "埋毒者: 自分を殺した人（またはランダムなひとり）を毒で道連れにします。",
    "Cat": "猫又: 埋毒者と同じく毒を持ちます。2日目の夜から毎晩、死者ひとりの蘇生を試せます。死んでいる間は毎晩自分の蘇生を試みます。",
    "Noble": "貴族: 奴隷が生きている間に人狼に襲われると、代わりに生きている奴隷が全員死にます（護衛できません。死因は人狼の襲撃）。",
    "Slave": "奴隷: 貴族を知っています。村人陣営が勝ち、貴族が生きていなければ勝利します。",
    "Magician": "魔術師: 3日目の夜から、死者がいる間は毎晩ひとりの蘇生を試みなければなりません。",
    "Fugitive": "逃亡者: 毎晩、他の人の家に逃げ込みます。自分への襲撃では死にませんが、逃げ込んだ先が村人陣営でない人狼・"
                "ヴァンパイアだったり、襲撃されたりすると死にます。村人陣営が勝ち、生き残れば勝利します。",
    "Merchant": "商人: 一度だけ、他のひとりに占い・霊能・狩人のセットを送ります。",
    "QueenSpectator": "女王観戦者: 村人陣営に知られています。死ぬと、村人として数えられる生存者が全員死にます（感染症）。",
    "MadWolf": "狂人狼: 村人陣営ですが、占い結果も霊能結果も人狼で、人狼として数えられます。人狼に知られ、人狼のチャットに"
               "加わり、人狼に襲われても死にません。襲撃はしません。",
    "ApprenticeSeer": "見習い占い師: 占い師が死んでいるか、占い師がいない埋葬のときに占い師になります（通知あり）。占い師が死ねば"
                      "見習いは全員、占い師が配役されていなければ最初のひとりだけです。",
    "Priest": "聖職者: 一度だけ、他のひとりに、突然死以外のどんな死からも守る加護を与えます。",
    "Prince": "プリンス: 最初の処刑は取り消されて公表され、その日は誰も処刑されません。",
    "WanderingGuard": "風来狩人: 狩人と同じですが、1日目の夜は護衛できません。誰も死ななかった朝の後は、その夜に護衛した人を"
                      "二度と護衛できません（通知あり）。",
    "Twin": "双子: もうひとりの双子を知っています（チャットはありません）。双子が死んだ埋葬で後を追って死にます。",
    "Cursed": "呪われた者: 人狼（ヴァンパイア）に襲われても死なず、次の投票の後の埋葬で人狼（ヴァンパイア）になります"
              "（処刑があってもなくても）。次の時間帯の初めに知らされます。",
    "Werewolf": "人狼: 毎晩、仲間と村人をひとり襲撃します。",
    "BigWolf": "大狼: 占い結果は村人、霊能結果は大狼です。",
    "WolfDiviner": "人狼占い: 人狼ですが、毎晩ひとりの役職を占うこともできます。",
    "LoneWolf": "一匹狼: 一匹狼陣営として判定されます。一匹狼陣営が勝ち、生き残っていれば勝利します。",
    "WolfCub": "狼の子: 死ぬと、次の夜に人狼は2回襲撃できます。",
    "CurseWolf": "呪狼: 人狼です。占い師（占いセット、人狼占いも）に占われると、占った人が呪殺されます（その占いの解決時）。",
    "IntuitionWolf": "直感派狼: 人狼です。狩人に護衛されると、誰に護衛されたかを直感します（護衛が置かれたとき）。",
    "SealWolf": "印狼: 人狼です。投票するとき、席順で両隣（円環、身代わりくんも含む）の死者1人につき1票多く数えられます。",
    "DarkWolf": "闇狼: 人狼です。生きている間は、公開される投票結果が全員に対して「投票結果が闇に隠されました。」に"
                "置き換えられます（GM霊能は表示されます）。",
    "NetherWolf": "冥狼: 人狼です。霊界の会話を読めます（書けません）。生きている間は蘇生役職として数えられます（霊界表示）。",
    "CautiousWolf": "慎重な狼: 人狼です。襲撃を選ぶとき、代わりに「襲撃しない」を選べます（襲撃1回分を使い、誰も死にません）。"
                    "占い結果は人狼です。",
    "TongueWolf": "舌禍狼: 人狼です。自分で襲撃した相手が翌朝までに死んでいれば、その役職を知ります（味見）。"
                  "村人を味見すると、以降は味見できなくなります。",
    "GreedyWolf": "欲張りな狼: 人狼です。2日目以降の夜に一度だけ、欲張って人狼の襲撃を1回増やせます。その夜、最初に"
                  "失敗した襲撃で欲張りな狼は死に（強欲の報い）、以降の襲撃は取り消されます。「襲撃しない」は失敗しません。",
    "Madman": "狂人: 人狼の味方です。誰のことも知りません。",
    "Fanatic": "狂信者: 人狼を知っています（人狼は狂信者を知りません）。",
    "WhisperingMad": "囁き狂人: 人狼を知っていて、人狼のチャットを読み書きできます。",
    "Spy": "スパイ: 人狼を知っています。村を去る（失踪する）ことができます。人狼陣営が勝ち、村を去っていれば勝利します。"
           "去った後は誰とも話せません。",
    "LurkingMad": "暗躍者: 人狼の味方です。誰のことも知りませんが、人狼（と人狼を知る役職）からは人狼として見えます。"
                  "人狼は暗躍者を襲撃できます。",
    "HearMadman": "聴狂人: 人狼を知っています（人狼は聴狂人を知りません）。人狼のチャットの会話を読めます"
                  "（書けません。襲撃などの通知は見えません）。",
    "Spy2": "スパイⅡ: 人狼を知っていて、人狼もスパイⅡを知っています。死ぬと（死因を問わず）、その死の発表の前に"
            "「調査報告書」が公開され、全員の現在の役職が明かされます。人狼陣営が勝ち、生き残っていれば勝利します。",
    "Acrobat": "曲芸師: 人狼の味方です。一度だけ、自分に届いた最初の人狼の襲撃を回避します（護衛されていれば届きません）。",
    "BlackCat": "黒猫: 人狼の味方です。処刑されると、人狼として数えられない生存者からランダムに1人が毒で死にます。",
    "ToughWolf": "一途な狼: 人狼です。一度だけ、襲撃を捨て身の襲撃にできます。その夜は失敗した襲撃がすべて（耐性・護衛・加護を"
                 "無視して）対象を殺し、その後一途な狼は死にます（捨て身）。欲張りな狼の代償はその夜は起きません。",
    "EyesWolf": "瞳狼: 人狼です。埋葬のたびに、前の埋葬から耐性や護衛などで失敗した人狼の襲撃ごとに、誰への襲撃が"
                "何に阻まれたかを知ります（生きている瞳狼全員）。",
    "DecoyWolf": "囮狼: 人狼です。2日目以降の夜に一度だけ、生きている人の家に忍び込み囮になれます。その夜その人への"
                 "行動（襲撃・占い・護衛など）はすべて囮狼に向かいます（襲撃は失敗、占い結果は人狼）。",
    "Bomber": "爆弾魔: 人狼の味方です。一度だけ、夜に他の生存者ひとりに爆弾を仕掛けます。爆弾は一度だけ爆発します: "
              "狩人系に護衛されるとその狩人と持ち主が、人狼に襲われると襲撃した人狼が、ヴァンパイアに襲われるとその"
              "ヴァンパイアが、持ち主が処刑されるとその人に投票した生存者からランダムに1人が死にます（罠）。",
    "DestroyCraziest": "破壊の狂人: 人狼の味方です。毎晩ひとり（自分も可）を選べます（任意）。次の夕方まで、その人への"
                       "狩人系の護衛・罠・侍の護衛は襲撃を防ぎません。",
    "PsychoKiller": "サイコキラー: 夜に自分を対象に選んだ人（占い・護衛・襲撃など）は、その夜のうちに死にます"
                    "（サイコキラーが死んでいても）。人狼の襲撃ではサイコキラーも死にます。",
    "WolfBoy": "狼少年: 毎晩ひとり（自分も可）を選べます（任意）。その人は次の夕方まで占い結果が人狼になります"
               "（死んでいればそのまま）。霊能結果と人狼占いには影響しません。",
    "ObstructiveMad": "邪魔狂人: 毎晩ひとり（自分も可）を選びます（必須）。その人がその夜に行う占い（占い師・子狐・人狼占い・"
                      "妖術師・サトリ・占いセット）は結果が出ず、効果もありません（呪殺なども起きません）。占った人は朝に"
                      "「何者かに邪魔されました」と知らされます（即時の占い結果はそのままです）。",
    "RainyBoy": "雨男: 2日目の夜から一度だけ、雨を降らせられます（対象なし）。次に生きて迎える朝に「今日は雨が降っています。」と"
                "公表され、その日の夜は生きている全員の占いが邪魔されます（雨男がその日に死んでいても）。",
    "Sorcerer": "妖術師: 毎晩、他のひとりを調べます（必須）。その人が占い師（占いセットを含む）かどうかを知ります。"
                "呪殺はしません。占いと同じく邪魔されます。",
    "Pumpkin": "かぼちゃ魔: 毎晩ひとり（自分も可）をかぼちゃにします（必須）。その人は以後ずっと、占い結果が「かぼちゃ」に"
               "なります（霊能結果と人狼占いには影響しません）。",
    "Shadow": "影法師: 最初の夜に、狩人全員の占い結果を人狼に、人狼のひとり（ランダム）の占い結果を村人にします。"
              "影法師が生きている間だけ有効です。どの人狼かは影法師と人狼に知らされます。",
    "Satori": "サトリ: 毎晩、他のひとりの心を読みます（必須）。占い結果がわかり、村人と出る人が大狼・占い師ならそれがわかります。"
              "妖狐は死にます。初日白通知では1日目の夜の読心先が占い師と同じように（大狼と占い師を除いて）決まります。",
    "Ushinotokimairi": "丑刻参: 毎晩ひとりを呪えます（任意）。その夜にその人が占われると呪殺されます。呪った夜は、"
                       "丑刻参自身も占われると呪殺されます。",
    "FascinatingWolf": "誘惑する女狼: 人狼です。最初の夜に、他の生存者ひとりを誘惑します（必須、すぐに有効）。死んだとき（死因を"
                       "問わず）、人狼として数えられる生存者がいて、誘惑した人が生きていて人狼陣営でなく人間なら、その人は"
                       "狼の子分になります（通知あり）。",
    "CynthiaWolf": "月狼: 人狼です。その夜に月狼を占った人（占い師、人狼占い、占いセット）や護衛した人は、生きていれば"
                   "月狂病になります（夜の終わりに生きていれば、その夜に死んでいても効きます。通知あり）。",
    "QueenOfNight": "月下美人: 人狼の味方です。その夜に月下美人を占った人や護衛した人は、生きていれば魅了されます（通知なし）。"
                    "魅了された人は、月下美人が死んでいる埋葬のたびに後を追って死にます。",
    "MadScientist": "マッドサイエンティスト: 人狼の味方です。2日目以降の夜に一度だけ、死者ひとりを蘇生できます（突然死を除く。"
                    "選んだ時点で使用済み）。蘇生した人は狼の子分になります（通知あり）。生きていて未使用の間は蘇生役職として"
                    "数えられます（霊界表示）。",
    "AttractiveWoman": "美女: 人狼の味方です。毎晩、他の生存者ひとりを魅了できます（任意、通知なし）。次の夕方までに美女が人狼の"
                       "襲撃以外で死ぬと、その埋葬で魅了された人も後を追って死にます。",
    "WolfMinion": "狼の子分（付加役職）: 役職と能力はそのままで、人狼陣営になります。人狼陣営が勝てば勝利します。",
    "MoonPhilia": "月狂病（付加役職）: 狼の子分と同じく人狼陣営になり、夜は叫迷狂人のチャットを読み書きできます。",
    "SolitudeWolf": "孤独な狼: 人狼です。他の人狼もスパイⅡも知らず、人狼のチャットにも入れません（人狼からは見えます）。"
                    "最初は襲撃できません。夕方、襲撃できる人狼が生きていなければ襲撃できるようになり（通知あり）、"
                    "他に襲撃できる人狼がいれば襲撃できなくなります（通知あり）。自分の襲撃の通知は自分にだけ届きます。",
    "CraftyWolf": "狡猾な狼: 人狼です。毎晩、死んだふりができます（任意）: その夜に死に（人狼の襲撃と同じに見えます）、"
                  "その夜の襲撃はそのまま行われます。次の夜、死んだまま死んだふりをやめると蘇生します（朝に発表）。"
                  "やめなければ、そのまま死にます。蘇生した後は再び使えます。",
    "AbsoluteWolf": "絶対狼: 人狼です。誰が絶対狼かは全員に知らされます。人狼陣営のままで、他に生きている人狼が"
                    "絶対狼だけでない間は、突然死以外のどの死（処刑も）にも耐えます（処刑されても誰も死にません）。",
    "MadDog": "狂犬: 人狼の味方です。占い結果・霊能結果は人狼ですが、人間として数えられます。2日目以降の夜に一度だけ"
              "ひとりを噛み殺せます（任意）。護衛では防げませんが、聖職者の加護や相手の耐性（妖狐など）は効きます。",
    "MadHunter": "復讐人: 人狼の味方のハンターです。突然死以外で死ぬと、最期にひとりを撃ちます。",
    "MadCouple": "叫迷狂人: もうひとりの叫迷狂人を知っています。夜は叫迷狂人どうしで話せます。",
    "Fox": "妖狐: 誰としても数えられません。人狼に襲われても死にませんが、占われると死にます（呪殺）。勝敗が決まったときに"
           "生きていれば、妖狐陣営が勝利を奪います。",
    "TinyFox": "子狐: 妖狐を知っています（妖狐は子狐を知りません）。毎晩占いますが、結果が正しいのは半分の確率です。"
               "占われても呪殺されず、襲撃への耐性もありません。霊能結果は子狐です。",
    "Immoral": "背徳者: 妖狐を知っています。妖狐も子狐も生きていない埋葬で後を追って死にます。",
    "Cupid": "キューピッド: 1日目の夜に、ふたりを恋人にします。恋人陣営として勝利します。",
    "Lover": "求愛者: 1日目の夜に、選んだひとりと恋人になります。",
    "Devil": "悪魔くん: 人狼に襲われても死なず、最初の襲撃で噛まれた印がつきます（通知あり）。噛まれた後に処刑されると勝利の印を"
             "得ます。悪魔くん陣営が勝ち、勝利の印を持っていれば勝利します。霊能結果は人狼です。",
    "Vampire": "ヴァンパイア: 占い結果はヴァンパイアで、ヴァンパイアとして数えられます。他のヴァンパイアを知っています。"
               "人狼に襲われても死なず、2日目の夜から毎晩ひとりを吸血して殺します。",
    "Bat": "こうもり: 誰が勝っても、最後に生きていれば勝利します。",
    "Tanner": "皮なめし職人: 誰が勝っても、最後に死んでいれば勝利します（突然死を除く）。",
    "Teruteru": "てるてる坊主: D日目（開始時の人数で決まります）以降の朝に準備が整います（通知あり）。準備が整った後に"
                "処刑されると、誰が勝っても勝利します。",
    "Neet": "ニート: 投票しなくてもかまいません。常に勝利します（引き分けと、突然死した後を除く）。",
    "Lovers": "恋人（付加役職）: 陣営が恋人陣営になります。相手（恋人は独立がオフなら恋人全員）を知っています。相手が死んだ埋葬で"
              "後を追って死にます。恋人陣営が勝ち、生き残っていれば勝利します。",
    "HolyProtection": "聖職者の加護: 突然死以外の死から一度だけ守られます（通知あり）。",
    "DivinerKit": "占いセット: 占い師の占いができます（任意）。",
    "PsychicKit": "霊能セット: 霊能者の霊能結果を知ります。",
    "GuardKit": "狩人セット: 狩人の護衛ができます（任意）。",
    "Decider": "決定者: ランダムなひとりです。同数のとき、その票が処刑先を決めます。",
    "Authority": "権力者: ランダムなひとりです。その票は2票に数えられます。",
    "Bomb": "爆弾: 爆弾魔が仕掛けた爆弾です（持ち主には見えません）。一度だけ爆発します。",
    "Exposed": "護衛無効: 次の夕方まで、狩人系の護衛・罠・侍の護衛が襲撃を防ぎません。",
    "NightCover": "襲撃系無効（迷える子羊）: 朝まで、襲撃する者の手による死（人狼の襲撃、ヴァンパイアの襲撃、魔女の毒薬、"
                  "暗殺など）を何度でも防ぎます（通知なし）。それ以外の死は防ぎません。",
    "Housekept": "家政婦の訪問: 朝まで、この人が人狼の襲撃で死ぬと、訪れた家政婦にどの人狼が襲ったかが伝わります。",
    "Illusionist": "奇術師: 2日目以降の夜に一度だけ、生存者ひとり（自分も可）を選べます（任意）。その夜の人狼の襲撃先が"
                   "その人にすり替わり、その襲撃は護衛や罠では防げず、人狼やヴァンパイアも死にます。"
                   "迷える子羊が同じ夜に身代わりになると、そちらが優先されます。",
    "StraySheep": "迷える子羊: 1日おきの夜（1日目、3日目…）に護衛無効になり、聖職者の加護・巫女の加護・人身御供には"
                  "守られません。2日目以降の夜に一度だけ、身代わりになれます（任意、対象なし）。その夜の人狼の襲撃は"
                  "すべて自分に向き（護衛では防げません）、他の生存者は朝まで襲撃系の死から守られます。"
                  "以後、生きて朝を迎えるたびに死亡します。",
    "RedHood": "赤ずきん: 人狼に噛まれて死ぬと、噛んだ人狼を覚えています。その人狼が死ぬと蘇生します。"
               "ほかの死に方をすると忘れます。",
    "DrawGirl": "看板娘: 人狼に噛まれて死ぬと、次の朝に看板娘だったことが公表され、その日の処刑人数が1人増えます。",
    "HouseKeeper": "家政婦: 2日目以降の夜、他の生存者ひとりの家を訪れられます（任意）。人狼（村人陣営でない）の家なら"
                   "自分が死にます。そうでなければ、その夜その人が人狼に襲われて死ぬと、襲った人狼が分かります。",
    "Counseled": "カウンセリング: カウンセラーに相談された印です。次の朝に生きていて村人陣営でなければ、更生者になります"
                 "（通知あり。カウンセラーがその間に死んでいても）。",
    "Framed": "狼少年の濡れ衣: 次の夕方まで、占い結果が人狼になります（死者はそのまま）。",
    "Fascinated": "魅了: 月下美人の魅了です（通知なし、ずっと続きます）。その月下美人が死んでいる埋葬のたびに、後を追って"
                  "死にます。",
    "WomanAttracted": "美女の魅了: 次の夕方まで（通知なし）。その美女が人狼の襲撃以外で死んだ埋葬で、後を追って死にます。",
    "Obstructed": "占いの邪魔: 次の夕方まで、その人の占いは結果も効果もありません（朝に邪魔されたと知らされます）。",
    "Rained": "雨: 雨男の雨です。雨の日に生きている全員が、その夜の能力を邪魔されます（雨男がどうなっても）。",
    "Costumed": "かぼちゃの仮装: かぼちゃ魔の仮装です。その後ずっと、占い結果が「かぼちゃ」になります。",
    "ShadowBlacked": "影法師の影（人狼）: 狩人（狩人セットも）の占い結果が、影法師が生きている間は人狼になります。",
    "ShadowWhited": "影法師の影（村人）: 人狼ひとりの占い結果が、影法師が生きている間は村人になります。",
    "Hexed": "丑の刻参りの呪い: 次の夕方まで。その夜に占われると呪殺されます。",
    "VictoryMark": "勝利の印: 持ち主は、自分の役職の陣営が勝てば勝利します。",
    "ThreateningWolf": "威嚇する狼: 人狼です。一度だけ、昼にひとりを威嚇できます。その日の夕方に自分と相手が生きていれば、"
                       "相手はその夜、能力を封印されます（夜の能力・夜の会話・死亡時などの能力が無効。通知あり）。",
    "BloodWolf": "血狼: 人狼です。一度だけ、昼に自爆できます。その場で死に（自爆。霊能結果は出ません）、その日は投票なしで"
                 "終わります。その夜は血月となり、人狼として数えられない全員（死者も）が能力を封印されます。",
    "Hypnotist": "催眠術師: 人狼の味方です。2日目以降の夜に一度だけ、ひとりに催眠術をかけます。その夜、相手の行動と能力は"
                 "無効になり、耐性や先に受けた護衛も効きません。相手が人狼なら、その夜の人狼の襲撃はすべて取り消されます。",
    "Faker": "イカサマ師: 人狼の味方のギャンブラーです。生きて朝を迎えるたびに票を1つためます（2日目に1）。普段の投票は0票で、"
             "昼に「賭けに出る」と、その後の投票がためた票すべての重さになり、その日の夕方にためた票は0になります。"
             "投票した後は、その投票では賭けられません。",
    "Sealed": "封印: 夕方から次に生きて迎える朝まで、夜の能力・夜の会話（独り言のみ）・死亡時や占われた時などの能力が無効に"
              "なります。耐性は残ります。",
    "Liar": "嘘つき: 毎晩、自分以外のひとり（生死を問わず）を必ず占います。結果は朝に届きますが、10回に3回だけ正しく、"
            "それ以外は村人と人狼が入れ替わります（他の結果はそのまま）。呪殺はせず、邪魔もされません。村人陣営が勝ち、"
            "生き残っていれば勝利します。",
    "PI": "超常現象研究者: 一度だけ、夜に生きている人ひとり（自分も可）とその両隣（席順、死者も含む）を調査し、村人以外の"
          "占い結果があればそれを知ります（なければ「全員村人」）。調査した本人が妖狐なら呪殺します。邪魔された調査は"
          "使ったことになりません。",
    "Spellcaster": "呪いをかける者: 2日目以降の夜に、まだ選んだことのない生存者ひとり（自分も可）に呪いをかけられます。"
                   "相手は次の夕方まで昼の会話で発言できません（沈黙。投票・遺言はできます）。",
    "Saint": "御子: 共有者と御子を知っていて、共有者からも知られています。共有者の会話を読み書きできます。4日目の夜にだけ、"
             "死者ひとりを蘇生できます（奇蹟。その時点で御子が生きていれば必ず成功）。",
    "Interpreter": "通訳: 共有者の会話を読めます（書けません）。最初の夜に生存者ふたり（自分も可）を必ず選び、その2人は"
                   "2日目の夜から共有者の会話を読み書きできるようになります。",
    "Silenced": "沈黙: 次の夕方まで昼の会話で発言できません。投票・遺言はできます。",
    "Interpreted": "通訳: 共有者の会話を読み書きできます（通訳に手配されました）。",
    "Hypnotized": "催眠: その夜、行動と能力が無効になり、自分の耐性やそれまでに受けた護衛も効きません（後から受けた護衛は"
                  "効きます）。次に生きて迎える朝まで続きます。",
    "King": "王様: 村人の仲間です。投票が1票多く数えられます（2票）。",
    "Gambler": "ギャンブラー: 村人の仲間です。生きて朝を迎えるたびに票を1つためます（2日目に1）。普段の投票は0票で、"
               "昼に「賭けに出る」と、その後の投票がためた票すべての重さになり、その日の夕方にためた票は0になります。"
               "投票した後は、その投票では賭けられません。",
    "Secretary": "秘書: 村人の仲間です。毎晩、自分以外の生きているひとりを補佐できます（任意）。補佐された人の次の日の投票は"
                 "1票多く数えられます（本人には知らされません）。",
    "Assisted": "補佐: 秘書に補佐されました。次の夕方まで、投票が1票多く数えられます。",
    "TroubleMaker": "トラブルメーカー: 村人の仲間です。一度だけ、夜にトラブルを起こせます（任意）。次の日は処刑が1人増え、"
                    "朝に全員へ知らされます（その夜に死んでも有効。能力を封じられていると不発）。処刑のたびに、まだ処刑が"
                    "残っていれば、埋葬の後にもう一度投票します。",
    "FrankensteinsMonster": "フランケンシュタインの怪物: 村人の仲間です。生きている間、村人陣営の人が死ぬたびに、その人の役職の"
                            "能力を吸収します（複数重ねられます。夜の能力はすべて任意。占い結果・陣営・耐性は村人のまま）。"
                            "投票で処刑されると、その日の処刑が1人増えます。",
    "Dictator": "独裁者: 村人の仲間です。一度だけ、昼にひとり（自分も可）の処刑を宣言できます。その場で処刑され、"
                "投票は無効になってその日は終わります（残りの処刑もなくなります）。プリンスは処刑を取り消します。",
    "Diseased": "病人: 人狼に襲撃されて死ぬと、次の夜は人狼が襲撃できません（人狼に通知。狼の子の追加の襲撃より優先）。",
    "Oldman": "老人: 生きて迎える朝ごとに、その日が生存する人狼役職（人狼系・狂人狼）の数の2倍を超えていれば老衰で死にます"
              "（公表されます。聖なる力は効きます）。人狼ひとりなら3日目の朝、ふたりなら5日目の朝です。",
    "Assassin": "暗殺者: 2日目以降の夜に一度だけ、他の生存者ひとりを暗殺できます（任意）。護衛では防げませんが、聖なる力や"
                "相手の耐性は効きます。暗殺反射を持つ相手では、その確率で代わりに自分が死にます。",
    "Witch": "魔女: 2日目以降の夜に、薬を合わせて2回まで（1晩に1回、蘇生薬は1回まで）使えます（任意）。毒薬: 他の生存者"
             "ひとりが死にます（護衛では防げません）。蘇生薬: 死者ひとりが必ず蘇生します（突然死を除く）。",
    "Counselor": "カウンセラー: 2日目以降の夜、生存者ひとり（自分も可）をカウンセリングできます（任意）。村人陣営でない人は"
                 "翌朝生きていれば村人陣営の更生者になります。ただし人狼役職やヴァンパイアをカウンセリングすると自分が死にます。"
                 "結果は知らされません。",
    "Reformed": "更生者（付加役職）: 役職と能力はそのままで、村人陣営になります。村人陣営が勝てば勝利します。",
    "TinyGhost": "おばけ: 能力はありません。勝敗の人数（人間と人狼の数）には、人間としても人狼としても数えられません"
                 "（女王観戦者の感染症と誘惑する女狼の誘惑では人間です）。",
    "Hitokotonushinokami": "一言主神: 占い師と同じく毎晩ひとりを占います（必須。妖狐は呪殺され、初日白通知も同じ）。"
                           "占った相手には痛恨がずっと付きます（絶対狼を除く。本人には知らされません）。",
    "Ninja": "忍者: 毎晩、身代わりくん以外の他のひとりを偵察します（必須）。その夜、相手が夜に行動可能だったかどうかを"
             "知ります（任意の能力も数え、使い切った能力は数えません）。",
    "Emma": "閻魔: 埋葬のたびに、生きていれば、そこで発表された死者それぞれの詳しい死因を知ります（処刑・銃殺・失踪・"
            "突然死を除く。後追いは恋人・狐・双子・魅了の別まで。deadfoxで公表される呪殺を除く）。",
    "FatalStrike": "痛恨: 投票のたびに、生きている候補者なら20分の1の確率で100票を追加で受けます。",
    "Lycan": "狼憑き: 村人です。占い結果は人狼です（霊能結果は村人）。ほかの能力はありません。",
    "ToughGuy": "タフガイ: 人狼の襲撃では死にません（何度でも。ヴァンパイアの襲撃では死にます）。最初に襲撃されると"
                "（通知なし）、翌日は生きていますが、その次の夜に必ず死にます（護衛・加護・耐性も効きません）。",
    "Doomed": "瀕死（タフガイ）: その夜に必ず死にます（人狼の襲撃）。本人には知らされません。",
    "Miko": "巫女: 一度だけ、夜に祈れます（任意、対象なし）。その夜の途中（レベル71）から次の夕方まで、突然死以外の"
            "どんな死にも耐えます（何度でも、通知なし。処刑されても誰も死にません）。",
    "MikoProtection": "巫女の加護: 次の夕方まで、突然死以外のどんな死にも耐えます（何度でも、通知なし）。",
    "Prayer": "祈り: 巫女の祈りです。能力が封印されていない夜のレベル71で巫女の加護になります。",
    "Dog": "犬: 占い結果・霊能結果は人狼ですが、人間として数えられます。最初の夜に、他の生存者ひとりを飼い主に選びます"
           "（必須、相手には知らされません）。以降の夜は、飼い主が生きていれば飼い主を襲えます（任意。護衛では防げません）。"
           "襲わない夜は、狩人と同じく飼い主を護衛します。",
    "Trapper": "罠師: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ。前回と同じ人は不可）に罠を仕掛けます"
               "（必須）。朝まで、その人を護衛した狩人・風来狩人・狩人セット・犬は罠で死に、その人は守られません。そうでなければ"
               "その人への人狼・ヴァンパイアの襲撃は失敗し、襲撃した人狼からランダムにひとり（またはヴァンパイア）が罠で死にます。",
    "Trapped": "罠: 罠師の罠です（本人には見えません）。朝まで続きます。",
    # group VD (village part 1)
    "SeersMama": "予言者のママ: 村人です。最初の夜に、占い師が誰か（死者や占いセットの持ち主も含む）を知ります。",
    "Sleepwalker": "夢遊病者: 村人です。3日目以降の最初の夕方まで、自分を村人だと思っています（人狼の占いや霊界、終了時は"
                   "夢遊病者と見えます）。2日目の夜、人狼たちには生きている夢遊病者が「徘徊している」と知らされます。",
    "Oracle": "預言者: 村人です。最初の神託まで自分を村人だと思っています。生きて朝を迎えるたびに、恋人・妖狐・人狼の陣営が"
              "勝利目前なら神託でそれを知ります。",
    "Fate": "運命の子: 村人です。自分を村人だと思っています。初めて占われた夜の終わりに生きていれば、村人陣営の役職から"
            "ランダムに選ばれた役職になります（占い結果は村人）。",
    "Tarzan": "野生児: 村人です。生きて朝を迎えるたびに、生きている人狼（人狼系の役職と狂人狼）の人数を知ります。",
    "GachaAddicted": "課金者: 決めるまで毎晩ガチャを引けます。ノーマルガチャは一晩1回、プレミアムガチャは前日の自分の票数"
                     "（1日目の夜は1）まで引け、1回ごとに翌日の票が1減ります。引いた役職（★1〜★6）はすぐにわかり、最後に"
                     "引いた役職に決めると、その夜の終わりに生きていればその役職になります。決めなかった役職は翌日の夕方に消えます。",
    "GachaSpent": "課金: プレミアムガチャを引いた回数だけ、次の夕方まで投票が少なく数えられます。",
    # group C (village part 2): role changes
    "OccultMania": "オカルトマニア: 2日目以降の夜、生きている人をひとり（自分も可）指定しなければなりません。その夜のうちに、"
                   "指定した人が人狼として数えられれば人狼に、占い師（占いセットを含む）を持っていれば占い師に、それ以外なら"
                   "村人になります（自分を指定すると村人）。人狼になった夜は人狼に襲われず、翌日の夜から襲撃します。",
    "Dreamer": "胡蝶: 自分を村人だと思っています。初めて人狼に襲撃されても一度だけ死なず、夢から覚めて胡蝶だと知ります。"
               "それからは人狼陣営（人狼陣営か一匹狼が勝てば勝利）になり、人狼を知り、人狼チャットで話せます（人狼からも"
               "わかります）。占い結果は村人で、人間として数えられます。",
    "Awakened": "胡蝶（目覚め）: 夢から覚めた胡蝶です。人狼陣営になり、人狼を知り、人狼チャットで話せます。",
    "Disguised": "仮装者: 村人です。人狼や狂信者・囁き狂人・スパイなど人狼を知る役職には、人狼のひとりとして見えます"
                 "（占い結果は村人で、人狼にも襲撃されます）。",
    "HolyMarked": "聖痕者: 能力のない村人です（闇鍋でのみ登場します）。",
    "Reincarnator": "転生者: 死ぬと（突然死を除く）、それまでに死亡が知らされていた人からランダムにひとりが蘇生します"
                    "（身代わりくん、突然死した人、転生者、人外の役職を持つ人を除く）。",
    # group G (village part 2)
    "Cosplayer": "コスプレイヤー: 狩人と同じく毎晩ひとりを護衛します（2日目の夜から。身代わりくんなしなら1日目の夜から。"
                 "必須）。占い結果・霊能結果は人狼ですが、人間として数えられます。",
    "Samurai": "侍: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）を護衛します（必須）。その人への人狼・"
               "ヴァンパイアの襲撃は失敗し、侍は死に（人狼の襲撃・ヴァンパイアの襲撃）、襲撃した人狼またはヴァンパイアも"
               "侍の反撃で死にます。護衛成功は知らされません。",
    "Elementaler": "精霊使い: 2日目の夜から毎晩、生存者ひとり（自分は guardmyself のときのみ）を精霊の力で護衛します（必須。"
                   "狩人の護衛と同じ）。その夜に自分が人狼に噛み殺されると、護衛した人も暴走した精霊の力で死にます。",
    "DragonKnight": "竜騎士: 2日目の夜から毎晩、次のどちらかができます（任意）。他の生存者ひとりを護衛する（前の夜に護衛した人は"
                    "不可）か、一度だけ、他の生存者ひとりを竜の炎で殺す（護衛では防げず、人狼も死にます）。行動した翌朝、"
                    "生きていて、選んだ人が死んでいて村人陣営なら、自責の念で後を追います。",
    "Sacrifice": "人身御供: 一度だけ、夜に他の生存者ひとりを選べます（任意）。その人が村人陣営なら、次の夕方まで（翌日の処刑も"
                 "含む）、その人が最初に受ける死（突然死を除く）の代わりに人身御供が死にます（生贄。通知なし）。",
    "Shielded": "生贄の守り: 次の夕方まで、最初に受ける死（突然死を除く）の代わりに人身御供が死にます（通知なし）。",
    # group I (batch 3)
    "Forensic": "法医学者: 2日目の夜から、死者がいれば毎晩、死者ひとりの死体を調べます（必須）。その夜の終わりに、その人が"
                "死亡耐性（人狼系・狩人・妖狐・タフガイ・巫女など、死を免れうる役職）を持っていたかがわかります。占いではありません。",
    "MementoDisposer": "遺品整理士: 2日目の夜から、死者がいれば毎晩、死者ひとりの遺品を整理します（必須）。その夜の終わりに、"
                       "その人の遺品から凶器（人狼系・埋毒者・猫又・ハンター・魔女・暗殺者など、人を殺しうる役職）が見つかったかが"
                       "わかります。占いではありません。",
    "DarkPsychic": "闇の霊媒師: 霊能者と同じく、処刑された人の霊能結果がわかります。処刑されると亡霊になり、次の夜に、生きている"
                   "狩人・風来狩人・罠師など護衛役職の人を全員呪い殺します（一度だけ。霊能結果が夕方に出る設定では何も起きません）。",
    "Synesthete": "共感覚者: 毎晩、自分以外のひとり（生死を問わず）の色を見ます（必須）。その夜の終わりに、その人の今の陣営の"
                  "色がわかります。初めて見た陣営には、まだ使っていない色がランダムに割り当てられます。占いではありません。",
    "Itako": "イタコ: 2日目以降の夜に一度だけ、死者ひとりの声を聴けます（任意）。その夜の終わりに、その人の役職がわかります"
             "（以降も生きている夜の終わりには毎回、その人の役職が告げられます）。",
    "Ghost": "亡霊: 処刑された闇の霊媒師です（本人には見えません）。次の夜の途中で、生きている護衛役職の人を全員呪い殺して消えます。",
    "Channelling": "口寄せ: イタコが声を聴いた死者です（本人には見えません）。以降、イタコが生きている夜の終わりには毎回、"
                   "その人の役職が告げられます。",
    "Baker": "パン屋: 村人です。パン屋が生きている間は毎朝「パン屋がおいしいパンを焼いてくれたそうです。」と全員に告げられ、"
             "全員死んだ最初の朝に「今日からはもうおいしいパンが食べられません。」と告げられます。",
}  # fmt: skip
"""Each role's rule in Japanese, for a player's role card (the English is the role's declaration, as
``jinrou classic roles`` shows it)."""


RULES_EN: dict[str, str] = {
    "Werewolf": "人狼: attacks a seat each night, with the other wolves.",
    "Couple": "Mason: knows the other 共有者 (Masons); they talk at night in the Masons chat.",
    "MadCouple": "Mad Couple: knows the other 叫迷狂人 (Mad Couple); they talk at night in the Mad couple chat.",
    "MadWolf": "Mad Wolf: on the village team, but divined and seen by the medium as a werewolf, and counted as a wolf; "
               "known to the wolves and in the Wolves chat; their attack cannot kill it; it never attacks.",
    "HearMadman": "Hearing Madman: knows the wolves (as a 狂信者 Fanatic); reads what the wolves say in the Wolves "
                  "chat, not its notices (the attack chosen, a skill used), and cannot write there.",
    "WhisperingMad": "Whispering Madman: knows the wolves; reads and writes the Wolves chat, where the wolves know "
                     "it (it writes there under its name).",
    "TinyGhost": "Tiny Ghost: no ability. It counts neither as a human nor as a wolf when the village checks who "
                 "wins, yet it is a human for the 女王観戦者's (Queen Spectator's) infection and the 誘惑する女狼's "
                 "(Fascinating Wolf's) seduction.",
    "ToughGuy": "Tough Guy: a wolf attack never kills it outright (a vampire's does). The first wolf attack that "
                "reaches it wounds it, without telling it: it lives through the next day and dies in the following "
                "night, as if attacked, whatever protects it.",
    "Miko": "Miko: once in the game, on any night, it may pray (no target). From the middle of that night until "
            "the next dusk no death can take it but a sudden death, and it is not told: executed, nobody dies and "
            "the day goes on as after an execution.",
    "SeersMama": "Seer's Mama: a villager. At its first dusk it is told who holds 占い師 (Seer), dead or alive, "
                 "as a role, an extra role or a seer kit, in seat order — or that there is none. Once.",
    "Tarzan": "Tarzan: a villager. At each dawn it lives it is told how many werewolves are alive (seats of a "
              "wolf role, the 狂人狼 Mad Wolf included), after the night's deaths: 「…人の人狼の気配を"
              "感じました。」 (it senses N werewolves).",
    "Sleepwalker": "Sleepwalker: a villager that believes it is a 村人 (Villager). At the start of night 2 the "
                   "wolves (every wolf in the Wolves chat, not a 囁き狂人) are told which living 夢遊病者 are "
                   "wandering about: 「…が徘徊しています。」; none alive, nothing. At its first dusk from night 3 "
                   "on it becomes aware, 「深夜徘徊を自覚しました。」, and learns its role. Until then a 人狼占い "
                   "(Wolf Diviner), the dead and the end of the game show it as 夢遊病者.",
    "Oracle": "Oracle: a villager that believes it is a 村人 (Villager) until its first oracle. At each dawn it "
              "lives, if a team is close to winning, it gets an oracle naming that team: if lovers "
              "live, 恋人 (Lovers) when at most 2 other seats live, else no oracle; with no lover alive, when the humans outnumber the wolves by 2 or less, 妖狐 "
              "(Foxes) if a fox lives, else 人狼 (Werewolves); else, with one wolf left, 妖狐 if a fox lives, else "
              "人狼 if 4 seats or fewer live; otherwise no oracle. The line is 「…に神託が下りました。…陣営が勝利"
              "目前です。」 (that team is about to win). The first oracle reveals its role.",
    "Fate": "Fate: a villager that believes it is a 村人 (Villager). The first night it is divined (by a 占い師 "
            "Seer, a 人狼占い Wolf Diviner, a seer kit …), if it is alive at the night's end, it becomes a role "
            "drawn at random among the playable roles of the village team (運命の子 itself possible) and takes it up at "
            "once; it is told 「運命の子でした。…として生きる覚悟を決めました。」 (it was the child of fate and "
            "now lives as its new role; a role that believes it is a villager is named 村人). The divination reads "
            "村人 (human). Divined but dead by the night's end: nothing happens. While it lives (and has not changed) "
            "it counts as someone who may come back, for the room setting "
            "“the dead see all: unless someone may come back”.",
    "Liar": "Liar: each night it must divine another seat, living or dead. At dawn it is told 「あんまり自信ないけど、"
            "霊能占いの結果、…は…だと思う。たぶん。」 (not too sure, but I think that seat is …): the true result 3 "
            "times in 10, else with 村人 (human) and 人狼 (werewolf) swapped (other results as they are). It kills "
            "no fox and cannot be obstructed; the room setting “first-night divination: a random human” picks no "
            "seat for it. It wins if the village wins and it is alive.",
    "PI": "Paranormal Investigator: once in the game, on any night, it may investigate a living seat (itself "
          "allowed) and its two neighbours in seat order, dead ones included. It is told every divination result "
          "among them other than 村人 (human), each once — 「…が発見されました。」 — or 「全員村人でした。」 (all "
          "three human). If the seat it chose is a 妖狐 (Fox), that fox dies. An obstructed investigation is not "
          "used up. The 初日白通知 setting (first-night white) picks no seat for it.",
    "Spellcaster": "Spellcaster: from night 2, each night it may curse a living seat it never chose before (itself "
                   "allowed). That seat is told 「呪いをかけられました。昼に発言できません。」 (you are cursed and "
                   "cannot speak by day) and cannot write in the Village chat until the next dusk (沈黙, silence); "
                   "it may still vote and leave a will.",
    "Saint": "Saint: knows the 共有者 (Masons) and the other 御子, who know it; reads and writes the Masons chat. "
             "On night 4 only it may revive a dead seat: 「…に奇蹟の力を使います。」 (it uses its miracle on that "
             "seat); the miracle works if the 御子 is still alive late that night, when it acts. While it lives it "
             "counts as someone who may bring the dead back (for the room setting “the dead see all: unless someone may come back”).",
    "Interpreter": "Interpreter: reads the Masons chat (cannot write there). On its first night it must choose two "
                   "living seats (itself allowed): from night 2 both read and write the Masons chat for the rest of "
                   "the game, and each is told 「通訳を手配されました。」 (an interpreter was arranged for you).",
    "Diseased": "Diseased: when a wolf attack kills it, the wolves cannot attack on the next night (they are "
                "told so at that dusk); this also cancels a 狼の子's (Wolf Cub's) extra attack.",
    "Witch": "Witch: from night 2, one potion a night, two potions in the whole game, at most one of them the "
             "蘇生薬: the 毒薬 (poison) kills another living seat (no guard stops it), the 蘇生薬 (revival) brings "
             "a dead seat back to life (not one that died a sudden death). While it lives it "
             "counts as someone who may bring the dead back (for the room setting “the dead see all: unless someone may come back”).",
    "Secretary": "Secretary: on the villagers' side. Each night it may assist another living seat (optional): that "
                 "seat's votes of the next day count 1 more (the seat is not told).",
    "TroubleMaker": "Trouble Maker: on the villagers' side. Once in the game, on any night, it may stir up trouble "
                    "(optional): the next day one more seat is executed, and everybody is told at dawn 「トラブル"
                    "メーカーにより村が混乱しています。今日は…人処刑されます。」 (the village is in chaos: N seats "
                    "will be executed today). It works even if the Trouble Maker dies that night, not if it is "
                    "sealed. After each execution, while executions remain, the village votes again.",
    "FrankensteinsMonster": "Frankenstein's Monster: on the villagers' side. While it lives, each time a seat of "
                            "the village team dies (not another フランケンシュタインの怪物), it absorbs that seat's role "
                            "as an extra role, with fresh abilities (they add up; every night ability is optional), "
                            "and is told 「…の死体から…の能力を吸収しました。」 (it absorbed that role's abilities "
                            "from the body). Its divination result, team, count and resistances stay its own. "
                            "Executed by a vote (not by a 独裁者 Dictator), that day one more seat is executed.",
    "GachaAddicted": "Gacha Addict: each night until it commits, it may pull the gacha: the normal gacha once a "
                     "night, the premium gacha as many times as its votes weighed on the day before (1 on night "
                     "1), each premium pull making its votes of the next day count 1 less. It sees each role drawn "
                     "at once (rarity ★1–★6); it may then commit to the last role drawn, and becomes it at the "
                     "night's end if alive. The roles not committed to are gone at the next dusk. While it lives it "
                     "counts as someone who may come back (for the room setting “the dead see all: unless someone may come back”).",
    "Spy2": "Spy II: knows the wolves and is known to them. When it dies, whatever the cause, its report is "
            "published at once, before its death is announced: 「…の調査報告書が発見されました。」 (its "
            "investigation report was found), with every seat's current role. It wins if the werewolves win and it "
            "is alive.",
    "Acrobat": "Acrobat: on the wolves' side. The first wolf attack that reaches it (a guarded one does not) does "
               "not kill it, once in the game; it is told 「人狼の襲撃を回避しました。」 (it dodged the wolves' "
               "attack).",
    "QueenOfNight": "Queen of the Night: on the wolves' side. At the end of each night it is alive, every seat "
                    "that divined it (a divination with effects) or guarded it that night and is alive is charmed "
                    "(魅了, not told): from then on, at every burial at which the 月下美人 is dead, that seat dies "
                    "too (後追い).",
    "MadScientist": "Mad Scientist: on the wolves' side. Once in the game, from night 2, it may revive a dead seat "
                    "(not one that died a sudden death; used once chosen), which becomes a 狼の子分 (Wolf minion, "
                    "the werewolves' team) and is told. While it lives with its revival unused it counts as someone who may "
                    "bring the dead back (for the room setting “the dead see all: unless someone may come back”).",
    "Sorcerer": "Sorcerer: each night it must examine another living seat and learns whether it is a 占い師 "
                "(Seer; a seer kit counts): 「…占い師でした。」 (a seer) or 「…占い師ではありませんでした。」 (not a "
                "seer). It kills no fox; it can be obstructed like a divination; the room setting "
                "“first-night divination: a random human” picks no seat for it.",
    "Shadow": "Shadow: on the wolves' side. At its first dusk it takes the shadows: while the 影法師 lives, every "
              "seat holding 狩人 (Bodyguard) is divined 人狼 (werewolf), and one living wolf, drawn at random, is "
              "divined 村人 (human). It is told which wolf, 「…の影を抜きました。」 (it drew out that "
              "wolf's shadow), and the wolves are told in the Wolves chat 「…は影を抜かれたようです。」 (that "
              "wolf's shadow seems drawn out).",
    "Satori": "Satori: each night it must read another living seat's mind: told 「…の読心の結果、…は…でした。」 "
              "(that seat's divination result, but 大狼 for a 大狼 Big Wolf and 占い師 for a 占い師 Seer that would "
              "read 村人). Any 妖狐 (Fox) it reads dies. With the room setting “first-night divination: a random human”, night 1's "
              "seat is chosen as for a 占い師, leaving out any 大狼 and 占い師.",
    "Ushinotokimairi": "Ushinotokimairi: each night it may curse a living seat: if that seat is divined that night, "
                       "it dies (呪殺). On a night it cursed, the 丑刻参 itself also dies if divined.",
    "PsychoKiller": "Psycho Killer: every seat that chooses it as the target of a night action — a divination (the "
                    "first night's automatic one too), a hiding place, a revival, the wolves' attack (as chosen, "
                    "even if redirected), a guard that lands on it — dies that night, even if the サイコキラー is "
                    "already dead; a wolf attack still kills the サイコキラー.",
    "Hypnotist": "Hypnotist: on the wolves' side. Once in the game, from night 2, it hypnotizes a seat: that night "
                 "the seat's actions and abilities do nothing, and its resistances and the protections it got "
                 "before do not work. If the seat is a wolf, all of that night's wolf attacks are called off.",
    "DarkWolf": "Dark Wolf: a werewolf. While it lives every published vote table is hidden from everybody: "
                "「投票結果が闇に隠されました。」 (the vote results are hidden in darkness); GM霊能 (the game "
                "master's medium) is still shown.",
    "NetherWolf": "Nether Wolf: a werewolf. It reads the chat of the dead (霊界, The dead) but cannot write there. "
                  "While it lives it counts as someone who may bring the dead back (for the room setting “the dead see all: unless someone may come back”).",
    "CautiousWolf": "Cautious Wolf: a werewolf. When it chooses an attack it may choose 「襲撃しない」 (no attack) "
                    "instead: the attack is used up and nobody dies. It is divined 人狼 (werewolf).",
    "FascinatingWolf": "Fascinating Wolf: a werewolf. On its first night it must seduce another living seat (at "
                       "once). When it dies, whatever the cause, if a seat counting as a wolf still lives and the "
                       "seduced seat is alive, not of the werewolves' team and a human (not a wolf, a fox or a vampire), "
                       "that seat becomes a 狼の子分 (Wolf minion), told 「…は狼に誘惑されました。」 (seduced by "
                       "the wolf).",
    "CynthiaWolf": "Cynthia Wolf: a werewolf. At the end of each night, if it is alive then (even if it died "
                   "earlier that night), every seat that divined it (占い師 Seer, 人狼占い Wolf Diviner, a seer "
                   "kit) or guarded it that night and is alive becomes 月狂病 (Moon lunacy: the werewolves' team, in the "
                   "Mad couple chat), and is told.",
    "ToughWolf": "Tough Wolf: a werewolf. Once in the game its attack may be a lunge: that night every wolf attack "
                 "that fails kills its target anyway (no resistance, guard, holy protection or immunity stops it), "
                 "then the 一途な狼, if alive, dies (捨て身); the 欲張りな狼's (Greedy Wolf's) price is not paid "
                 "that night.",
    "SolitudeWolf": "Solitary Wolf: a werewolf outside the pack. It knows no wolf and no スパイⅡ (Spy II), is not "
                    "in the Wolves chat, and only it is told of its own attack; the wolves do know it. It does not "
                    "attack at first: at a dusk when no living wolf attacks, it starts attacking (told); at a dusk "
                    "when another living wolf attacks, it stops (told). Several Solitary Wolves: one of them, at "
                    "random.",
    "CraftyWolf": "Crafty Wolf: a werewolf. Each night it may feign death (死んだふり): late that night it dies "
                  "(announced as a wolf kill; dead for every count) and its attack still goes ahead. On the next "
                  "night, dead, it may rise again: it comes back late that night, announced at dawn; not taken, "
                  "the chance is gone for good. It may feign death again after each return. While alive or able to "
                  "return it counts as someone who may bring the dead back (for the room setting “the dead see all: unless someone may come back”).",
    "ThreateningWolf": "Threatening Wolf: a werewolf. Once in the game, by day, it threatens a living seat; at that "
                       "dusk, if both are alive, the seat is sealed for the night (封印: no night ability, no night "
                       "chat, no ability on death), told 「…は威嚇されました。今夜は能力が無効化されます。」 "
                       "(threatened: its abilities do nothing tonight). The seal comes before everything else at dusk.",
    "Doomed": "Doomed: a wounded タフガイ (Tough Guy), not told: it dies that night, as if attacked by the wolves.",
    "Prayer": "Prayer: a 巫女's (Miko's) prayer; from the middle of the night, if the 巫女 is not sealed, it "
              "protects the 巫女 until the next dusk.",
    "Trapped": "Trapped: a 罠師's (Trapper's) trap on a seat, until dawn, not shown; it guards the seat. Each wolf attack it stops "
               "kills one living attacking wolf at random; a vampire's attack it stops kills that vampire.",
    "Reformed": "Reformed: 更生者 (shown as 「更生者（…）」 around the role), told: the seat keeps its role, "
                "abilities, results and count, but its team becomes the village and it wins if the village wins (the "
                "latest team change prevails).",
    "Counseled": "Counseled: a seat a カウンセラー (Counselor) talked to: at the next dawn, if it lives and is not of "
                 "the village team, it becomes 更生者 (Reformed) and is told, even if the カウンセラー died meanwhile.",
    "Framed": "Framed: framed by a 狼少年 (Wolf Boy), the seat is divined 人狼 (werewolf) until its next dusk; a dead "
              "seat stays framed.",
    "Rained": "Rain: the rain of a 雨男 (Rainy Boy): every living seat of a rainy day is obstructed that night "
              "(from the rainy dawn to the next), whatever became of the 雨男.",
    "Costumed": "Pumpkin costume: a かぼちゃ魔's (Pumpkin's) costume: the seat is divined 「かぼちゃ」 (pumpkin) "
                "for the rest of the game.",
    "Hexed": "Hex: a 丑刻参's (Ushinotokimairi's) curse until the next dusk: if the seat is divined that night, it "
             "dies (呪殺).",
    "Bomb": "Bomb: a 爆弾魔's (Bomber's) bomb, invisible to its carrier; it explodes once: when a guard protects the "
            "carrier, it kills the guard and the carrier; after a wolf attack on the carrier, whatever its outcome, it kills the "
            "wolf that made it; after a vampire's bite on the living carrier, that vampire; when the carrier is "
            "executed, one of the living seats that voted for it, at random. An exploded bomb is gone at the next "
            "dawn.",
    "Hypnotized": "Hypnotized: 催眠, until the next dawn the seat is alive: its actions do nothing, its abilities "
                  "and resistances are void, and so are the protections it got before (a wolf still cannot be "
                  "killed by a wolf attack; a protection placed later, such as a 狩人's guard, works).",
    "VictoryMark": "Victory mark: its holder wins if its role's team wins.",
    "WolfMinion": "Wolf minion: 狼の子分 (shown as 「狼の子分（…）」 around the role), told: the seat keeps its "
                  "role, abilities, results and count, but its team becomes the werewolves and it wins if the werewolves "
                  "win (its role's own win rule, and a 恋人 Lovers' below it, no longer count: the latest team "
                  "change prevails).",
    "MoonPhilia": "Moon lunacy: 月狂病 (shown as 「月狂病（…）」 around the role), told: like a 狼の子分 (Wolf "
                  "minion) — the werewolves' team, wins if the werewolves win — and it also reads and writes the Mad "
                  "couple chat at night.",
    "Sealed": "Sealed: 封印 (by a 威嚇する狼's threat or a 血狼's blood moon), from dusk to the next dawn the seat is "
              "alive: no night ability (none is required), no night chat but its monologue, and its abilities at "
              "dusk, on death, when divined or chosen, or during the night do nothing; its resistances stay, and a "
              "wolf still counts as attacking.",
    "Silenced": "Silenced: 沈黙, by a 呪いをかける者 (Spellcaster): until the next dusk the seat cannot write in "
                "the Village chat (its vote, will and monologue are unaffected).",
    "Interpreted": "Interpreted: chosen by a 通訳 (Interpreter): the seat reads and writes the Masons chat for the "
                   "rest of the game.",
    "Diviner": "Seer: divines a seat each night (required); a 妖狐 dies of it. With the room setting “first-night "
               "divination: a random human”, night 1's seat is chosen at random among the other seats (not the "
               "身代わりくん, the scapegoat) that would be divined 村人 (human), leaving out the foxes but not a 子狐 "
               "(Tiny Fox).",
    "Hitokotonushinokami": "Hitokotonushinokami: a 占い師 (Seer) in every respect — its divination, its results, "
                           "the fox it kills, the first-night divination setting — but roles that look for a 占い師 "
                           "do not find it; each seat it divines is also struck with 痛恨 (fatal strike) for the rest "
                           "of the game: in each vote, 1 time in 20, that seat receives 100 more votes.",
    "Slave": "Slave: knows the 貴族 (Noble); wins if the village wins and no 貴族 is alive.",
    "Fugitive": "Fugitive: each night it hides at another seat; an attack on itself misses it, but it dies if its host "
                "is a wolf not on the village team, a ヴァンパイア (Vampire), or attacked. It wins if the village wins "
                "and it is alive.",
    "Devil": "Devil: a wolf attack does not kill it; the first one marks it bitten (told). Executed while bitten, "
             "it gets the victory mark. It wins if the devil's team wins and it holds the mark. The medium sees it "
             "as a werewolf (霊人狼).",
    "Bat": "Bat: wins if it is alive at the end, whoever else wins.",
    "Tanner": "Tanner: wins if it is dead at the end (not by a sudden death), whoever else wins.",
    "Teruteru": "Teruteru: it is charged (told) at a dawn from a day set by the number of seats at the start; it "
                "wins if it is executed while charged, whoever else wins.",
    "LoneWolf": "Lone Wolf: a werewolf judged on a team of its own (the lone wolf); it wins if that team wins and it is alive.",
    "Spy": "Spy: knows the wolves; it may leave the village (失踪); it wins if the werewolves win and it has left. "
           "Once gone it speaks only to itself.",
    "DivinerKit": "Seer kit: an extra role: each night you may divine a seat as a 占い師 (Seer) does (optional).",
    "PsychicKit": "Medium kit: an extra role: you learn the 霊能者's (Medium's) results, as it does.",
    "GuardKit": "Bodyguard kit: an extra role: each night you may guard a seat as a 狩人 (Bodyguard) does "
                "(optional).",
    "Lovers": "Lovers: 恋人, added to the role: its team becomes the lovers; it knows its partner (every lover when "
              "the lovers are not split into pairs); at a burial where its partner (any lover) is dead it dies too "
              "(後追い); it wins if the lovers win and it is alive.",
    "FatalStrike": "FatalStrike: 痛恨, left by a 一言主神 (Hitokotonushinokami) for the rest of the game, not told: "
                   "in each vote in which the seat is a living candidate, 1 time in 20 it receives 100 more votes "
                   "(after the count).",
    "MikoProtection": "Miko protection: 巫女の加護, until the next dusk: stops every death but a sudden one, any "
                      "number of times, silently; it acts after a guard's protection and before a 聖職者's (Priest's) "
                      "protection, which is then kept; an execution it stops kills nobody and the day goes on.",
    "Assisted": "Assisted: 補佐 by a 秘書 (Secretary), until the next dusk, not told: the seat's votes count 1 more.",
    "GachaSpent": "GachaSpent: 課金 by a 課金者 (Gacha Addict), until the next dusk, not told: the seat's votes count "
                  "1 less for each premium gacha pull.",
    "Fascinated": "Fascinated: 魅了 by a 月下美人 (Queen of the Night), for the rest of the game, not told: at every "
                  "burial at which that 月下美人 is dead, the seat dies too (後追い).",
    "WomanAttracted": "Attracted: 美女の魅了 by a 美女 (Attractive Woman), until the next dusk, not told: at a burial "
                      "where that 美女 has just died, of anything but a wolf attack, the seat dies too (後追い).",
    "Obstructed": "Obstructed: by a 邪魔狂人 (Obstructive Madman), until the next dusk: each divination the seat makes "
                  "gives no result and no effect; it is told at dawn that it was obstructed instead.",
    "ShadowBlacked": "Shadow black: a 影法師's (Shadow's) mark on each 狩人 (Bodyguard; a Bodyguard kit too): divined "
                     "人狼 (werewolf) while the 影法師 lives.",
    "ShadowWhited": "Shadow white: a 影法師's (Shadow's) mark on one wolf: divined 村人 (human) while the 影法師 lives.",
    "Exposed": "Exposed: by a 破壊の狂人 (Destroy Craziest), until the next dusk: guard protections on the seat (a "
               "狩人's kind, a trap, a 侍's counter guard) stop no attack — no successful guard is announced, no "
               "瞳狼 (Eyes Wolf) line — though a bomb and a trap still notice them.",
    "HolyProtection": "Holy protection: saves the seat once from any death but a sudden one; the seat is told.",
    "NightCover": "Night cover: from a 迷える子羊 (Stray Sheep), until dawn: it silently stops, any number of times, "
                  "the deaths an attacker's own act causes (a werewolf or vampire attack, a witch's poison, an "
                  "assassination …) and no other.",
    "Housekept": "Housekept: a 家政婦 (House Keeper) watches this seat until dawn: if a werewolf attack kills it, "
                 "the House Keeper learns which werewolf.",
    "Illusionist": "Illusionist: once, from night 2, you may choose a living player (yourself too): that night "
                   "the werewolves' attack lands on that player instead. Such an attack ignores every guard and "
                   "trap and kills even a werewolf or a vampire. If a Stray Sheep lures the wolves the same night, the sheep prevails.",
    "StraySheep": "Stray Sheep: every other night (nights 1, 3, 5 …) no guard protects you, and a holy "
                  "protection, a Miko's blessing or a Sacrifice never does. Once, from night 2, you may lure "
                  "the wolves: that night all their attacks land on you, past every guard, and every other "
                  "living player is safe until dawn from the deaths an attacker causes. From then on you die at "
                  "each dawn you are alive.",
    "RedHood": "Little Red Riding Hood: killed by a werewolf's bite, you remember that werewolf; when it is "
               "dead too, you come back to life. Dying any other way makes you forget it.",
    "DrawGirl": "Draw Girl: killed by a werewolf's bite, you are revealed the next morning and that day one "
                "more player is executed.",
    "HouseKeeper": "House Keeper: from night 2, each night you may visit another living player. At a werewolf's "
                   "house (one not on the village's side) you die; otherwise, if a werewolf attack kills that "
                   "player that night, you learn which werewolf it was.",
    "Decider": "Decider: 決定者 (a room setting): a seat drawn at random; when votes are tied, its vote decides.",
    "Authority": "Authority: 権力者 (a room setting): a seat drawn at random; its vote counts twice.",
    "OccultMania": "Occult Mania: a villager. From night 2 on, each night until it changes, it must name a living "
                   "seat (itself allowed). That night it becomes a 人狼 (Werewolf) if the seat counts as a wolf, "
                   "else a 占い師 (Seer) if the seat holds one (a seer kit too), else a 村人 (Villager) — naming "
                   "itself makes it a villager. It is told 「…になりました。」 (what it became) and takes up its new "
                   "role at once; a new werewolf cannot be killed by that night's wolf attack and attacks from the "
                   "next night.",
    "Dreamer": "Dreamer: believes it is a 村人 (Villager). The first wolf attack that reaches it does not kill it: "
               "it wakes, is told 「夢から覚めた…は胡蝶でした。」 (it was a Dreamer), and from then on it is on the "
               "werewolf team (it wins if the werewolves or a lone wolf win), knows the wolves and writes in the "
               "Wolves chat, where the wolves know it. It is still divined 村人 (human) and counted as a human.",
    "Awakened": "Dreamer: a 胡蝶 (Dreamer) woken by a wolf attack: on the werewolf team, it knows the wolves and "
                "writes in the Wolves chat, where the wolves know it.",
    "Disguised": "Disguised: a villager that the wolves, and every role that knows the wolves (狂信者 Fanatic, "
                 "囁き狂人 Whispering Madman, スパイ Spy …), see as one of the wolves. For everything else it is a "
                 "plain villager: divined 村人 (human), counted as a human, and the wolves may attack it.",
    "HolyMarked": "Holy Marked: a villager with no ability (only 闇鍋 casts it; a host cannot pick it).",
    "Reincarnator": "Reincarnator: a villager. When it dies (but not by sudden death), one seat drawn at random "
                    "among those whose deaths were already announced comes back to life (never 身代わりくん, a "
                    "seat that died suddenly, another 転生者 or a seat holding a non-human role). The end of the "
                    "game tells who it was reincarnated in.",
    # group G (village part 2)
    "Cosplayer": "Cosplayer: protects a seat each night as a 狩人 (Bodyguard) does, from night 2 (from night 1 "
                 "without the scapegoat), required. It reads 人狼 (werewolf) to seers and mediums, but counts as a "
                 "human.",
    "Samurai": "Samurai: from night 2 it must guard a living seat (itself only with the setting “guard yourself”). "
               "Each wolf or vampire attack on that seat fails: the Samurai dies of it, and its blade kills the "
               "attacking wolf or vampire. Nobody is told of a successful guard.",
    "Elementaler": "Elementaler: from night 2 it must protect a living seat with its spirits (itself only with the "
                   "setting “guard yourself”), as a 狩人 (Bodyguard) does. If the wolves kill it that night, the "
                   "rampaging spirits kill the seat it protected too.",
    "DragonKnight": "Dragon Knight: from night 2, each night, it may either guard another living seat (never the one "
                    "it guarded the night before) or, once in the game, burn another living seat to death with its "
                    "dragon's fire (no guard stops it, and a wolf dies of it too). At the dawn after a night it acted, "
                    "if it lives and the seat it chose is dead and of the village team, it takes its own life out of "
                    "remorse.",
    "Sacrifice": "Sacrifice: once in the game, at night, it may offer its life for another living seat. If that "
                 "seat is of the village team, until the next dusk (the next day's execution included) the first "
                 "death it would suffer, a sudden death aside, kills the Sacrifice instead; nobody is told.",
    "Shielded": "Shielded: a Sacrifice offered its life for this seat: until the next dusk, the first death it "
                "would suffer (a sudden death aside) kills the Sacrifice instead, silently.",
    "Forensic": "Forensic Scientist: from night 2, on each night when someone is dead, you must examine one dead "
                "player's body. At the end of the night you learn whether that player could resist death (the "
                "werewolves, the bodyguards, the foxes, the Tough Guy, the Miko and the like). It is not a "
                "divination.",
    "MementoDisposer": "Memento Disposer: from night 2, on each night when someone is dead, you must sort one dead "
                       "player's belongings. At the end of the night you learn whether you found a deadly weapon "
                       "(the werewolves, the Poisoner, the Cat, the Hunter, the Witch, the Assassin and the like). It "
                       "is not a divination.",
    "DarkPsychic": "Dark Psychic: a medium — you learn what each executed player was. If you are executed you "
                   "become a ghost: on the next night every living bodyguard (Bodyguard, Wandering Guard, Trapper "
                   "and the like) dies of your grudge. Once. When the medium's results come at dusk, the ghost does "
                   "nothing.",
    "Synesthete": "Synesthete: each night you must look at another player, living or dead. At the end of the night "
                  "you see the color of that player's team; each team you meet for the first time gets a color of "
                  "its own, drawn at random. It is not a divination.",
    "Itako": "Itako: once, from night 2, you may listen to a dead player. At the end of that night (and of every "
             "later night you are alive) you learn that player's role.",
    "Ghost": "Ghost: an executed Dark Psychic, not told: during the next night every living bodyguard (Bodyguard, "
             "Wandering Guard, Trapper and the like) dies of its grudge, and the ghost goes.",
    "Channelling": "Channelling: an Itako's listening to a dead player, for the rest of the game, not told: at the "
                   "end of each night the Itako is alive, it hears that player's role.",
    "Baker": "Baker: a villager. Every morning while a Baker lives, everyone hears that the baker has baked "
             "delicious bread; on the first morning when all the Bakers are dead, everyone hears there is no more.",
}  # fmt: skip
"""Each role's (or told sub-role's) rule in English for a player's card, where its declaration's docstring
(the engineers' rule: the spec's words, placeholders) does not read as one; else the docstring is the card."""


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
    """A role's (or sub-role's) card in ``lang``: the Japanese of :data:`RULES_JA`, the English of
    :data:`RULES_EN`, else its declaration's docstring (markup and section references removed) — also in
    Japanese for a mark none is written for; it opens with the name in English on an English card."""
    if lang == "ja" and role_id in RULES_JA:
        return RULES_JA[role_id]
    from jinrou.classic.roles import ROLES, SUB_ROLES

    if lang == "en" and role_id in RULES_EN:
        text = RULES_EN[role_id]
    else:
        owner = ROLES.get(role_id) or SUB_ROLES[role_id]
        text = docstring_text(type(owner)).replace("``", "")
        text = _SPEC_REFS.sub("", _SPEC_REF_OPENING.sub("(", _SPEC_REF_CLOSING.sub(")", text))).replace("`", "")
    sub = SUB_ROLES.get(role_id) if role_id not in ROLES else None
    name = sub.name_ja if sub else role_name(role_id, "ja")  # the declaration opens with the Japanese name:
    english = sub.name_en if sub else role_name(role_id, "en")  # an English page says it in English
    return f"{english}:{text.removeprefix(name + ':')}" if text.startswith(name + ":") else text
