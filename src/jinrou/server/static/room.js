"use strict";
// The room shell, the same for every game mode: seats, joining, leaving, the host's kick, bots and
// start; the countdown; the chat channels (kept here: the server pushes only the lines we lack); the
// end, the record and the rematch; the log; what to say when the room is gone, locked or the
// server away. The game itself is drawn by the mode's script, loaded from /modes/{mode}.js, which
// calls jinrou.registerMode({render(view, ctx)}). Player data is set as text, marked translate="no".
const roomId = decodeURIComponent(location.pathname.split("/").pop());
const tokenKey = `jinrou-token-${roomId}`, passKey = `jinrou-pass-${roomId}`;
let token = localStorage.getItem(tokenKey), pass = localStorage.getItem(passKey);
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
let latest = null, offset = 0, socket = null, retry = 500, mode = null, loading = null, channel = null;
let lines = {}, synced = false, online = false, stopped = false, switching = false, phaseSeen = null, baseTitle = "jinrou";

const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
function showError(message) { $("#error").textContent = message || ""; }

const AGAIN = Symbol("again");  // post's answer when a retry may tell what became of the request
async function post(path, data, retrying = false) {
  let response, body;
  try {
    response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/${path}`, { method: "POST", body: JSON.stringify({ token, ...data }) });
    body = await response.json();
  } catch (error) {
    if (retrying) return AGAIN;
    showError(t("The server cannot be reached: try again in a moment.", "サーバーに接続できません。少し待ってからもう一度どうぞ。"));
    return null;
  }
  if (retrying && (response.status === 503 || response.status === 504)) return AGAIN;  // away, or the outcome unknown
  showError(response.ok ? "" : t(body.error, body.ja || body.error));
  return response.ok ? body : null;
}

const ACTION_TRIES = 5;  // an action is sent at most this often (0.5, 1, 2, 4 s apart) while unanswered
function actionId() {  // 32 random hex digits (crypto.randomUUID needs https; this works over plain http)
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
async function act(action) {  // one id per action, the same on every try: the server stores it once
  const id = actionId();
  for (let tries = 1; ; tries++) {
    const answer = await post("action", { action, id }, tries < ACTION_TRIES);
    if (answer !== AGAIN) return Boolean(answer);
    showError(t("No answer from the server yet: sending your action again…", "サーバーから応答がありません。行動をもう一度送っています…"));
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** tries));
  }
}

window.jinrou = { registerMode(script) { mode = script; } };
const ctx = { root: $("#board"), el, t, act };

function loadMode(name) {  // the mode's script, once
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `/modes/${encodeURIComponent(name)}.js`;
      script.onload = resolve; script.onerror = reject;
      document.head.append(script);
    });
  }
  return loading;
}

function connect() {
  if (stopped) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (token) query.set("token", token); else if (pass) query.set("pass", pass);
  if (synced) query.set("have", Object.entries(lines).map(([key, found]) => `${key}:${found.length}`).join(","));
  socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${encodeURIComponent(roomId)}?${query}`);
  socket.onopen = () => { retry = 500; };
  socket.onmessage = async (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { showError(t(data.error, data.ja || data.error)); return; }
    if (data.room.phase === "closed") { gone(t("This room was closed: nobody sat in it for a while.", "この部屋は閉じられました（しばらく誰も座りませんでした）。")); return; }
    setOnline(true);
    $("#locked").hidden = true;
    keep(data);
    await loadMode(data.room.mode);
    render(data);
  };
  socket.onclose = (event) => {
    online = false;
    tick();
    if (switching) { switching = false; connect(); return; }
    if (event.code === 4404) { gone(t("This room does not exist (any more).", "この部屋は存在しません。")); return; }
    if (event.code === 4410) { gone(t("This room was closed: nobody sat in it for a while.", "この部屋は閉じられました（しばらく誰も座りませんでした）。")); return; }
    if (event.code === 4429) {  // too many connections (from this address, or to this room): say so, try again slowly
      showError(t(`Not connected: ${event.reason}`, "接続できません: 接続が多すぎます。ほかのタブを閉じるか、少し待ってください。"));
      setOnline(false); setTimeout(connect, 15000); return;
    }
    if (event.code === 4401) { lock(); return; }
    if (event.code === 4403) {  // a token or pass this room does not know: forget it, watch instead
      if (token) { localStorage.removeItem(tokenKey); token = null; } else { localStorage.removeItem(passKey); pass = null; }
      showError(t("Your seat in this room is not valid any more: you are watching.", "この部屋の席は無効になりました。観戦します。"));
      retry = 0;
    } else {
      setOnline(false);  // the server is away: say so, and stop the clock until it is back
    }
    setTimeout(connect, retry); retry = Math.min(Math.max(retry, 250) * 2, 8000);
  };
}

function keep(data) {  // the chat lines we have, and the new ones: a push holds only these
  if (!data.append) lines = {};
  const channels = data.channels.map((c) => c.key);
  const pushed = { [channels[0]]: data.chat, ...data.chats };
  for (const key of channels) {
    const have = lines[key] || [];  // lines are numbered in their channel (n): only the new ones are kept
    lines[key] = have.concat((pushed[key] || []).filter((line) => line.n === undefined || line.n >= have.length));
  }
  synced = true;
  data.chat = lines[channels[0]] || [];
  data.chats = Object.fromEntries(channels.slice(1).map((key) => [key, lines[key]]));
}

function setOnline(value) {
  online = value;
  $("#offline").hidden = value || stopped;
  tick();
}

function gone(message) {
  stopped = true;
  $("#phase").textContent = ""; $("#timer").textContent = "";
  if (socket && socket.readyState <= 1) socket.close();
  $("#gone-text").textContent = message;
  $("#gone").hidden = false;
  $("main").hidden = true;
  $("#offline").hidden = true;
  document.title = `jinrou — ${t("no such room", "部屋がありません")}`;
}

function lock() {  // a password room: the password to watch, or a nickname and the password to sit down
  $("#locked").hidden = false;
  $("#lobby-panel").hidden = false;
  $("#password-field").hidden = false;
  $("#host").hidden = true;
  $("#seats").replaceChildren();
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = lang === "ja" ? node.dataset.ja : node.dataset.en;
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  $("#say input").placeholder = t("say something", "発言する");
  $("#notify").hidden = !("Notification" in window) || Notification.permission !== "default";
}

function render(view) {
  latest = view;
  offset = view.server_time - Date.now() / 1000;
  const room = view.room, game = view.game;
  const named = game && game.phase_label ? t(...game.phase_label) : game && game.phase;  // a mode may name it in both
  const phase = game ? (game.result ? t("game over", "終局") : named) : t("waiting for players", "参加者募集中");
  baseTitle = `jinrou — ${room.name}`;
  const key = game ? `${game.phase}|${Boolean(game.result)}` : "lobby";
  if (phaseSeen !== null && key !== phaseSeen) phaseChanged(phase);
  phaseSeen = key;
  document.title = `${phase} · ${baseTitle}`;
  $("#title").textContent = `${room.name} · ${t(room.title[0], room.title[1])}`;
  $("#phase").textContent = phase;
  $("#who").textContent = view.you === null ? t("spectating", "観戦中") : t(`you are ${room.seat_list[view.you].name}`, `あなたは ${room.seat_list[view.you].name}`);
  document.body.classList.toggle("night", room.kind === "night");
  renderLobby(view);
  if (mode) mode.render(view, ctx);
  renderChat(view);
  renderLog(game);
  renderEnd(view);
  tick();
}

function phaseChanged(phase) {  // a new phase: the title says so, and a notification if the page is not looked at
  if (!document.hidden) return;
  document.title = `● ${phase} · ${baseTitle}`;
  if ("Notification" in window && Notification.permission === "granted") new Notification(baseTitle, { body: phase, tag: roomId });
}

function renderLobby(view) {
  const room = view.room, host = view.you !== null && view.you === room.host;
  $("#lobby-panel").hidden = room.started;
  $("#seats").replaceChildren(...room.seat_list.map((s, i) => {
    const item = el("li");
    if (!s) { item.append(el("span", t(`seat ${i + 1}: free`, `${i + 1}番席: 空き`), "muted")); return item; }
    const name = el("span", `${s.name}${s.bot ? " 🤖" : ""}${i === room.host ? t(" (host)", "（ホスト）") : ""}`);
    name.translate = false;
    item.append(name);
    if (host && i !== view.you && !room.started) {
      const kick = el("button", t("remove", "外す"), "link");
      kick.type = "button";
      kick.addEventListener("click", () => post("kick", { seat: i }));
      item.append(" ", kick);
    }
    return item;
  }));
  $("#join").hidden = view.you !== null || room.taken === room.seats;
  $("#password-field").hidden = !room.password;
  $("#host").hidden = view.you === null;
}

let picked = null;  // the phase in which the reader chose a tab: their choice holds until the next phase

function renderChat(view) {  // the tab shown: the reader's choice, else one they may write in (at night a group's)
  const channels = view.channels, phase = view.game ? view.game.phase : "lobby";
  const chosen = channels.find((c) => c.key === channel);
  if (!chosen || (!chosen.write && picked !== phase)) channel = (channels.find((c) => c.write) || chosen || channels[0] || {}).key || null;
  $("#channels").replaceChildren(...(channels.length > 1 ? channels.map((c) => {
    const tab = el("button", t(c.en, c.ja), c.key === channel ? "tab active" : "tab");
    tab.type = "button";
    tab.dataset.channel = c.key;
    tab.addEventListener("click", () => { channel = c.key; picked = phase; renderChat(latest); });
    return tab;
  }) : []));
  const main = channels.length && channel === channels[0].key;
  const shown = main ? view.chat : (view.chats[channel] || []);
  const box = $("#chat");
  box.replaceChildren(...shown.map((c) => { const line = el("div"); line.append(el("span", c.name, "who"), el("span", c.text)); return line; }));
  box.scrollTop = box.scrollHeight;
  const current = channels.find((c) => c.key === channel);
  const named = view.you !== null || (pass && !pass.startsWith("."));
  $("#say").hidden = !current || !current.write || !named;
  $("#spectate").hidden = view.you !== null || named || !current || !current.write;
  const note = view.game && view.game.chat_note;  // why the box is closed, where the mode says (封印されています)
  $("#chat-note").hidden = !note || !$("#say").hidden;
  $("#chat-note").textContent = note ? t(note.en, note.ja) : "";
}

function renderLog(game) {
  const log = $("#log");
  // a line is text, or {en, ja}: the page's language only
  log.textContent = game ? game.log.map((line) => (typeof line === "string" ? line : t(line.en, line.ja))).join("\n") : "";
  log.scrollTop = log.scrollHeight;
}

function renderEnd(view) {
  const game = view.game, result = game && game.result;
  $("#end-panel").hidden = !result;
  if (!result) return;
  const winners = result.winners.join(", ") || t("nobody", "なし");
  $("#winner").textContent = `${t(result.en, result.ja)} ${t("Winners (dead or alive)", "勝者（生死を問わず）")}: ${winners}`;
  const query = token ? `?token=${encodeURIComponent(token)}` : pass ? `?pass=${encodeURIComponent(pass)}` : "";
  $("#record").href = `/api/rooms/${encodeURIComponent(roomId)}/record${query}`;
  $("#rematch").hidden = view.you === null || Boolean(view.room.rematch);
  $("#rematch-link").hidden = !view.room.rematch;
  if (view.room.rematch) $("#rematch-link").href = `/room/${view.room.rematch}`;
}

function tick() {  // the countdown runs only while the server is there to keep it
  const deadline = latest && latest.room.deadline;
  const timer = $("#timer");
  timer.classList.toggle("paused", !online);
  if (!deadline) { timer.textContent = ""; return; }
  if (!online) { timer.textContent = t("clock stopped", "時計停止中"); return; }
  const left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + offset)));
  timer.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} ${t("left", "残り")}`;
}

function reconnect() {  // as someone else (a new seat, a pass): from scratch
  synced = false; lines = {};
  if (socket && socket.readyState <= 1) { switching = true; socket.close(); } else connect();
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const joined = await post("join", { name: form.get("name"), password: form.get("password") || null });
  if (joined) { token = joined.token; localStorage.setItem(tokenKey, token); reconnect(); }
});
$("#unlock").addEventListener("submit", async (event) => {
  event.preventDefault();
  const password = new FormData(event.target).get("password");
  const watched = await post("watch", { password });
  if (watched) { pass = watched.pass; localStorage.setItem(passKey, pass); $("#join input[name=password]").value = password; reconnect(); }
});
$("#spectate").addEventListener("submit", async (event) => {
  event.preventDefault();
  const password = $("#unlock input[name=password]").value || null;
  const watched = await post("watch", { name: new FormData(event.target).get("name"), password });
  if (watched) { pass = watched.pass; localStorage.setItem(passKey, pass); reconnect(); }
});
$("#bots").addEventListener("click", () => post("bots", {}));
$("#start").addEventListener("click", () => post("start", {}));
$("#leave").addEventListener("click", async () => {
  if (await post("leave", {})) { localStorage.removeItem(tokenKey); token = null; reconnect(); }
});
$("#rematch").addEventListener("click", async () => {
  const made = await post("rematch", {});
  if (made) { localStorage.setItem(`jinrou-token-${made.id}`, token); location.href = `/room/${made.id}`; }
});
$("#rematch-link").addEventListener("click", () => { if (token) localStorage.setItem(`jinrou-token-${latest.room.rematch}`, token); });
$("#say").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  const data = token ? { text: input.value, channel } : { text: input.value, channel, pass };
  if (await post("chat", data)) input.value = "";
});
$("#lang").addEventListener("click", () => {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem("jinrou-lang", lang);
  applyLanguage();
  if (latest) render(latest);
});
$("#notify").addEventListener("click", async () => { await Notification.requestPermission(); applyLanguage(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && latest) document.title = document.title.replace(/^● /, ""); });

applyLanguage();
connect();
setInterval(tick, 500);
