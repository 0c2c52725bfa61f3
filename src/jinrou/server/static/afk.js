"use strict";
// AFK warnings (docs/server.md, "AFK defence"): a seat that still owes an action — its view's `due`, which
// the server tells that seat alone — is warned at 60, 30 and 10 seconds before the deadline: a banner that
// grows more urgent, a sound if the player switched it on (a few beeps made with WebAudio on the spot:
// nothing is downloaded), and a browser notification while the tab is hidden. Everything here is computed
// from the seat's own view and the countdown the page already shows: nothing more is asked of the server.
// The room shell calls afkWarn(view, secondsLeft, online, t) on every tick of its countdown.
const AFK_STEPS = [10, 30, 60];  // the warnings, the most urgent first
const AFK_SOUND = "jinrou-afk-sound";
let afkWarned = null, afkAudio = null;  // the last warning given ("deadline|step"), the sound's context

function afkSoundOn() { return localStorage.getItem(AFK_SOUND) === "on"; }

function afkBeep(count, pitch) {  // `count` short beeps, rising: made here, never fetched
  try {
    afkAudio = afkAudio || new (window.AudioContext || window.webkitAudioContext)();
    const now = afkAudio.currentTime;
    for (let i = 0; i < count; i++) {
      const tone = afkAudio.createOscillator(), gain = afkAudio.createGain();
      tone.type = "sine";
      tone.frequency.value = pitch * (1 + i / 8);
      gain.gain.setValueAtTime(0.0001, now + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.3, now + i * 0.25 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.25 + 0.18);
      tone.connect(gain).connect(afkAudio.destination);
      tone.start(now + i * 0.25);
      tone.stop(now + i * 0.25 + 0.2);
    }
    window.jinrouBeeps = (window.jinrouBeeps || 0) + count;  // counted, for the page's tests
  } catch (error) { /* no audio here: the banner still says it */ }
}

function afkText(step, left, t) {
  if (step === 10) return t(`Act now: ${left} s left, then your turn is missed (a sudden death, 突然死)!`,
                            `今すぐ行動してください。あと${left}秒で時間切れ（突然死）です！`);
  if (step === 30) return t(`Still waiting for your action: ${left} s left.`, `あなたの行動を待っています。残り${left}秒です。`);
  return t(`You still have to act: ${left} s left.`, `まだ行動していません。残り${left}秒です。`);
}

function afkWarn(view, left, online, t) {
  const banner = document.getElementById("afk");
  document.getElementById("afk-sound").hidden = !view || view.you === null;  // a seat's: spectators owe nothing
  const step = AFK_STEPS.find((s) => left <= s);
  const due = Boolean(view && view.you !== null && view.due && view.room.deadline && online);
  if (!due || step === undefined) { banner.hidden = true; return; }
  banner.hidden = false;
  banner.className = `banner afk afk-${step}`;
  banner.dataset.step = String(step);
  banner.textContent = afkText(step, left, t);
  const key = `${view.room.deadline}|${step}`;
  if (afkWarned === key) return;  // each warning once a deadline; a page opened late gives only the latest
  afkWarned = key;
  if (afkSoundOn()) afkBeep(AFK_STEPS.length - AFK_STEPS.indexOf(step), 660);
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(t("jinrou: your turn", "人狼: あなたの番です"), { body: afkText(step, left, t), tag: `afk-${location.pathname}` });
  }
}

function afkSoundLabel(t) {
  const button = document.getElementById("afk-sound");
  const label = afkSoundOn() ? t("warning sound: on", "警告音: オン") : t("warning sound: off", "警告音: オフ");
  button.textContent = "♪";  // small (the header has little room on a phone), in every font; struck through when off
  button.title = label;
  button.setAttribute("aria-label", label);
  button.setAttribute("aria-pressed", String(afkSoundOn()));
}

function afkSoundToggle(t) {  // a click is the gesture a browser asks before it plays a sound
  localStorage.setItem(AFK_SOUND, afkSoundOn() ? "off" : "on");
  if (afkSoundOn()) afkBeep(1, 660);  // what it will sound like
  afkSoundLabel(t);
}
