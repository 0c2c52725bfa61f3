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
function title(name) {  // the 称号 a seat shows beside its nickname (its account's choice), or null
  const seat = latest && latest.room.seat_list.find((s) => s && s.name === name);
  if (!seat || !seat.title) return null;
  const badge = el("span", t(seat.title.en, seat.title.ja), "title-badge");
  badge.title = t("称号 (title)", "称号");
  return badge;
}
const extend = (seconds) => post("extend", { seconds });  // a game master's 時間延長 / 時間短縮
const ctx = { root: $("#board"), el, t, act, title, extend };

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
    if (event.code === 4403 && !token && !pass) { gone(event.reason); return; }  // a spectator refused: a ban
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

function named(data) {  // 覆面: a game master reads who wears each mask — his line to a seat says both
  const seats = (data.room && data.room.seat_list) || [];
  for (const c of data.channels) {
    const to = /^gm-(\d+)$/.exec(c.key), seat = to && seats[Number(to[1])];
    if (seat && seat.mask && seat.name !== seat.mask) { c.en += ` (${seat.name})`; c.ja += `（${seat.name}）`; }
  }
}

function keep(data) {  // the chat lines we have, and the new ones: a push holds only these
  named(data);
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
  afkSoundLabel(t);
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
  $("#who").textContent = view.you !== null ? t(`you are ${room.seat_list[view.you].name}`, `あなたは ${room.seat_list[view.you].name}`)
    : view.waiting !== undefined ? t("waiting to join", "参加待ち") : t("spectating", "観戦中");
  document.body.classList.toggle("night", room.kind === "night");
  const streamed = Boolean(mode && mode.stream);  // the mode's log and talk as one stream, the main column
  document.body.classList.toggle("log-first", streamed);
  $("#stream-title").textContent = streamed ? t("Log", "ログ") : t("Log and chat", "ログとチャット");
  $("#chat").hidden = streamed;
  renderLobby(view);
  renderEntering(view);
  renderPeople(view);
  renderWords(view);
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

// エンドレス闇鍋 (a mode that takes people while its game is played: the room says "joinable"): a reader
// without a seat sees the seats and may join; who waits for a seat is public; one's own wait is said.
function renderEntering(view) {
  const room = view.room, entering = room.entering || [];
  $("#entering").hidden = !entering.length;
  $("#entering").textContent = entering.map((name) => t(`${name} is about to join.`, `${name}さんが参加しようとしています。`)).join(" ");
  const waiting = view.waiting !== undefined;
  $("#waiting").hidden = !waiting;
  if (waiting) {
    $("#waiting").textContent = t(`You join at the next dawn, in seat ${view.waiting + 1}, with a role drawn then. Until then you watch and talk with the spectators.`,
      `次の夜明けに${view.waiting + 1}番席で参加します（役職はそのとき決まります）。それまでは観戦し、観戦者と話せます。`);
  }
}

function joinsPlaying(view) {  // a reader without a seat, in a game going on that takes people now
  return view.room.started && Boolean(view.room.joinable) && view.you === null && view.waiting === undefined;
}

function renderLobby(view) {
  const room = view.room, host = view.you !== null && view.you === room.host;
  $("#lobby-panel").hidden = room.started && !joinsPlaying(view);
  $("#seats-title").textContent = room.started ? t("Seats (the game is on: you may join it)", "席（ゲーム中: 途中参加できます）")
    : room.fewest ? t(`Seats (the host starts with ${room.fewest} or more; more join while it is played)`, `席（${room.fewest}席以上で開始、ゲーム中も参加できます）`)
    : t("Seats", "席");
  $("#join-button").textContent = room.started ? t("Join the game", "途中参加する") : t("Take a seat", "着席");
  $("#seats").replaceChildren(...room.seat_list.map((s, i) => {
    const item = el("li");
    if (!s) { item.append(el("span", t(`seat ${i + 1}: free`, `${i + 1}番席: 空き`), "muted")); return item; }
    const mask = s.mask ? t(` as ${s.mask}`, `（${s.mask}）`) : "";  // 覆面: the mask a revealed name played under
    const name = el("span", `${s.name}${mask}${s.bot ? " 🤖" : ""}${i === room.host ? t(" (host)", "（ホスト）") : ""}`, "seat-name");
    name.translate = false;
    name.title = name.textContent;  // the whole name where the line cuts it short
    item.append(name);
    const badge = title(s.name);
    if (badge) item.append(" ", badge);
    if (room.ready && !s.bot) {  // the ready check: who said ready
      const ok = room.ready.includes(i) ? el("span", t("✓ ready", "✓ 準備完了"), "ready-mark") : el("span", t("not ready", "準備中"), "muted");
      item.append(" ", ok);
    }
    item.append(" ", ...seatTools(view, i, s));
    if (host && i !== view.you && !room.started) {
      const kick = el("button", t("remove", "外す"), "link");
      kick.type = "button";
      kick.addEventListener("click", () => post("kick", { seat: i }));
      item.append(" ", kick);
    }
    return item;
  }));
  $("#seats").classList.toggle("tooled", Boolean($("#seats button")));  // seats with buttons: one a line, buttons at its end
  $("#join").hidden = view.you !== null || view.waiting !== undefined || (room.started ? !joinsPlaying(view) : room.taken === room.seats);
  $("#password-field").hidden = !room.password;
  $("#host").hidden = view.you === null;
  renderReady(view);
}

function renderReady(view) {  // the ready check (a room option): one's own "ready", and how long the host waits
  const room = view.room, checking = Boolean(room.ready) && !room.started;
  const mine = checking && view.you !== null && room.ready.includes(view.you);
  $("#ready").hidden = !checking || view.you === null;
  $("#ready").textContent = mine ? t("Not ready after all", "準備完了を取り消す") : t("I'm ready", "準備完了");
  $("#ready").classList.toggle("secondary", mine);
  const note = $("#ready-note");
  note.hidden = !checking;
  if (!checking) return;
  const people = room.seat_list.filter((s) => s && !s.bot).length;
  const left = room.ready_until ? Math.max(0, Math.round(room.ready_until - (Date.now() / 1000 + offset))) : null;
  note.textContent = t(`Ready: ${room.ready.length} of ${people} people.`, `準備完了: ${people}人中${room.ready.length}人。`) + " " + (
    left === null ? (room.fewest ? t(`The host waits for ${room.fewest} seats to be taken.`, `${room.fewest}席が埋まるまで開始できません。`)
      : t("The host waits for every seat to be taken.", "全席が埋まるまで開始できません。"))
    : left > 0 ? t(`The host may start without the others in ${left} s.`, `あと${left}秒で、準備中の人がいても開始できます。`)
    : t("The host may start now.", "ホストは開始できます。"));
}

let picked = null;  // the phase in which the reader chose where to write: their choice holds until the next phase

function renderChat(view) {
  if (mode && mode.stream) { renderTalk(view); stream.render(view); return; }
  // the tab shown: the reader's choice, else one they may write in (at night a group's)
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
  const muted = mutedNames();
  box.replaceChildren(...shown.map((c, i) => {
    const line = el("div");
    line.append(el("span", c.name, "who"), el("span", c.text));
    line.hidden = muted.has(c.name);
    return lineTools(line, c, channel, i);
  }));
  box.scrollTop = box.scrollHeight;
  const current = channels.find((c) => c.key === channel);
  const named = view.you !== null || view.waiting !== undefined || (pass && !pass.startsWith("."));
  $("#say").hidden = !current || !current.write || !named;
  $("#spectate").hidden = view.you !== null || named || !current || !current.write;
  const note = view.game && view.game.chat_note;  // why the box is closed, where the mode says (封印されています)
  $("#chat-note").hidden = !note || !$("#say").hidden;
  $("#chat-note").textContent = note ? t(note.en, note.ja) : "";
}

// A mode that shows talk and log as one stream (its log lines carry ``m``): where to write is the
// talk box's choice (speak-as: the first open channel unless the reader chose another this phase),
// what to read the tabs' (a filter of the one stream).
function renderTalk(view) {
  const channels = view.channels, phase = view.game ? view.game.phase : "lobby";
  const writable = channels.filter((c) => c.write);
  if (!writable.some((c) => c.key === channel) || picked !== phase) channel = (writable[0] || {}).key || null;
  const speak = $("#speak-as");
  const options = writable.map((c) => `${c.key}:${t(c.en, c.ja)}`).join("|");
  if (speak.dataset.options !== options) {
    speak.dataset.options = options;
    speak.replaceChildren(...writable.map((c) => { const o = el("option", t(c.en, c.ja)); o.value = c.key; return o; }));
  }
  if (channel) speak.value = channel;
  speak.hidden = writable.length < 2;
  const named = view.you !== null || view.waiting !== undefined || (pass && !pass.startsWith("."));
  $("#say").hidden = !writable.length || !named;
  $("#spectate").hidden = view.you !== null || named || !writable.length;
  // why the village's box is closed (night, the dead, 沈黙), or the mode's own word (封印されています)
  const main = channels[0];
  const note = (view.game && view.game.chat_note) || (view.you !== null && main && !main.write && main.why) || null;
  $("#chat-note").hidden = !note;
  $("#chat-note").textContent = note ? t(note.en, note.ja) : "";
  $("#say input[name=text]").placeholder = channel && channel.startsWith("monologue")
    ? t("a monologue: only you read it until the end", "独り言（終了まで自分だけが読めます）")
    : channel && channel.startsWith("stream-")  // a 配信者's monologue at night: its stream
      ? t("your monologue is your stream: your listeners read it", "独り言（配信: 視聴者が読みます）")
      : t("say something", "発言する");
}

const ORDER_KEY = "jinrou-newest";  // "top" (月下人狼's way) or "bottom", remembered
const stream = {
  // The one stream: log lines (m: the public lines so far, itself included) and chat lines (mark:
  // the public lines when said; at: when) in that order, in a block per day and night under its
  // header (「2日目 昼」), each channel's lines coloured as 月下人狼 colours them; newest at the top
  // (the latest block first, its latest line first) or at the bottom. A line is added where it
  // belongs, nothing is drawn again: a new line in a 2,000-line log is one new row.
  rows: [], texts: [], counts: {}, drawn: null, newest: localStorage.getItem(ORDER_KEY) || "top",
  filter: "all", tabsKey: "", seq: 0, ballots: 0, main: null, first: null, stale: false,

  render(view) {
    const log = view.game ? view.game.log : [];
    const lines = (c, i) => (i === 0 ? view.chat : view.chats[c.key]) || [];
    const drawn = `${lang}|${this.newest}|${view.channels.map((c) => c.key).join(",")}`;
    // drawn again only when what is drawn is not a beginning of what is to be drawn (a language, the
    // order, the channels, a log that gained earlier lines: 霊界's view, the end's)
    let same = drawn === this.drawn && log.length >= this.texts.length;
    for (let i = 0; same && i < this.texts.length; i += 1) same = log[i].en === this.texts[i];
    view.channels.forEach((c, i) => { if (lines(c, i).length < (this.counts[c.key] || 0)) same = false; });
    const box = $("#log");
    const follow = this.newest === "top" ? box.scrollTop < 40 : box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    if (!same) this.reset(view, drawn);
    for (let i = this.texts.length; i < log.length; i += 1) {
      this.texts.push(log[i].en);
      this.add({ m: log[i].m, kind: 0, at: i, seq: 0, head: log[i].head, node: this.logRow(log[i]) });
    }
    view.channels.forEach((c, index) => {
      const found = lines(c, index);
      for (let i = this.counts[c.key] || 0; i < found.length; i += 1) {
        const line = found[i];
        this.add({ m: line.mark === undefined ? -1 : line.mark, kind: 1, at: line.at || 0, seq: this.seq += 1, node: this.chatRow(line, c, i) });
      }
      this.counts[c.key] = found.length;
    });
    if (this.stale) { this.drawn = null; this.render(view); return; }  // a day that began before lines drawn
    this.tabs(view);
    if (follow || !same) box.scrollTop = this.newest === "top" ? 0 : box.scrollHeight;
  },

  reset(view, drawn) {
    this.rows = []; this.texts = []; this.counts = {}; this.seq = 0; this.ballots = 0; this.first = null; this.stale = false;
    this.drawn = drawn; this.main = view.channels.length ? view.channels[0].key : null;
    $("#log").replaceChildren();
    $("#stream-panel").classList.toggle("newest-top", this.newest === "top");
    $("#order").hidden = false;
    $("#order").textContent = this.newest === "top" ? t("Newest at the top", "新しい順（上）") : t("Newest at the bottom", "古い順（下が新しい）");
  },

  before(a, b) {  // whether row a comes before row b
    if (a.m !== b.m) return a.m < b.m;
    if (a.kind !== b.kind) return a.kind < b.kind;
    return a.at !== b.at ? a.at < b.at : a.seq < b.seq;
  },

  block(head) {  // a day's or a night's block (head: its header; none: the lines before the first)
    const node = el("div", undefined, "s-block"), lines = el("div", undefined, "s-lines");
    if (head) node.append(el("div", t(head.en, head.ja), "s-head"));
    node.append(lines);
    const box = $("#log"), latest = Boolean(head) === (this.newest === "top");  // at the top: the latest, or the first
    if (latest) box.prepend(node); else box.append(node);
    return { node, lines };
  },

  add(row) {  // looked for from the end: a new row nearly always goes last
    const rows = this.rows;
    let p = rows.length;
    while (p > 0 && this.before(row, rows[p - 1])) p -= 1;
    if (row.head && p < rows.length) this.stale = true;  // drawn again, in order, once this push is in
    rows.splice(p, 0, row);
    row.node.hidden = !this.shows(row.node);
    if (row.head) row.block = this.block(row.head);
    else row.block = p > 0 ? rows[p - 1].block : (this.first = this.first || this.block(null));
    const same = (q) => q >= 0 && q < rows.length && rows[q].block === row.block;
    if (this.newest === "top") row.block.lines.insertBefore(row.node, same(p - 1) ? rows[p - 1].node : null);
    else row.block.lines.insertBefore(row.node, same(p + 1) ? rows[p + 1].node : null);
  },

  shows(node) {  // "monologue": every seat's 独り言 (one tab, at the end too); a muted player's lines: never
    const key = node.dataset.channel;
    if (node.dataset.name !== undefined && isMuted(node.dataset.name)) return false;
    return this.filter === "all" || key === this.filter || (this.filter === "monologue" && key !== undefined && key.startsWith("monologue-"));
  },

  logRow(line) {
    if (line.head) this.ballots = 0;
    if (line.votes) {  // 投票結果: one table per ballot, as 月下人狼 shows it
      const row = el("div", undefined, "s-line s-votes");
      row.dataset.channel = "log";
      const table = el("table");
      this.ballots += 1;
      table.append(el("caption", t("Votes", "投票結果") + (this.ballots > 1 ? t(` (ballot ${this.ballots})`, `（${this.ballots}回目）`) : "")));
      const head = el("tr");
      head.append(el("th", t("player", "名前")), el("th", t("got", "得票")), el("th", t("voted for", "投票先")));
      table.append(head);
      for (const v of line.votes) {
        const tr = el("tr");
        tr.append(el("td", v.voter), el("td", t(`${v.got} vote${v.got === 1 ? "" : "s"}`, `${v.got}票`), "s-got"),
          el("td", v.target === null ? "—" : `→ ${v.target}`));
        table.append(tr);
      }
      row.append(table);
      return row;
    }
    if (line.by !== undefined) {  // a claim (CO, a result, a vote to come): said in the village
      const row = el("div", undefined, "s-line s-talk s-village s-claim");
      if (this.main) row.dataset.channel = this.main;
      row.append(el("span", `${line.by}:`, "who"), " ", el("span", t(line.said.en, line.said.ja)));
      return row;
    }
    const row = el("div", t(line.en, line.ja), line.private ? "s-line s-private" : "s-line s-system");
    row.dataset.channel = "log";
    return row;
  },

  chatRow(line, c, index) {
    const kind = c.key.startsWith("monologue") ? "monologue" : c.key.startsWith("stream-") ? "stream" : c.key;
    const row = el("div", undefined, `s-line s-talk s-${kind}`);
    row.dataset.channel = c.key;
    const who = kind === "monologue" ? t(`${line.name} (monologue)`, `${line.name}の独り言`)
      : kind === "stream" ? t(`${line.name} (stream)`, `${line.name}の配信`)  // 月下人狼's 「○○の配信」
      : c.key === this.main ? line.name : `${line.name} · ${t(c.en, c.ja)}`;
    row.append(el("span", `${who}:`, "who"), " ", el("span", line.text));
    return lineTools(row, line, c.key, index);
  },

  tabs(view) {
    const channels = [];  // every seat's 独り言 in one tab
    for (const c of view.channels) {
      if (!c.key.startsWith("monologue-")) channels.push(c);
      else if (!channels.some((x) => x.key === "monologue")) channels.push({ key: "monologue", en: "Monologue", ja: "独り言" });
    }
    const key = `${channels.map((c) => `${c.key}:${t(c.en, c.ja)}`).join("|")}|${this.filter}`;
    if (this.tabsKey === key) return;
    this.tabsKey = key;
    if (this.filter !== "all" && !channels.some((c) => c.key === this.filter)) { this.show("all"); return; }
    const tab = (value, text) => {
      const b = el("button", text, value === this.filter ? "tab active" : "tab");
      b.type = "button";
      b.dataset.channel = value;
      b.setAttribute("aria-pressed", String(value === this.filter));
      b.addEventListener("click", () => this.show(value));
      return b;
    };
    $("#channels").replaceChildren(...(view.game || channels.length > 1
      ? [tab("all", t("All", "すべて")), ...channels.map((c) => tab(c.key, t(c.en, c.ja)))] : []));
  },

  show(value) {  // a filter of the stream: the headers, and all the lines or one channel's
    this.filter = value;
    this.tabsKey = "";
    for (const row of this.rows) row.node.hidden = !this.shows(row.node);
    this.tabs(latest);
  },

  flip() {
    this.newest = this.newest === "top" ? "bottom" : "top";
    localStorage.setItem(ORDER_KEY, this.newest);
    render(latest);
  },
};

function renderLog(game) {
  if (mode && mode.stream) return;  // in the stream
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
  $("#game-page").hidden = Boolean(view.room.private);  // a private room's game is never listed in the history
  $("#game-page").href = `/games/${encodeURIComponent(roomId)}`;
  $("#rematch").hidden = view.you === null || Boolean(view.room.rematch);
  $("#rematch-link").hidden = !view.room.rematch;
  if (view.room.rematch) $("#rematch-link").href = `/room/${view.room.rematch}`;
}

function tick() {  // the countdown runs only while the server is there to keep it
  const deadline = latest && latest.room.deadline;
  if (latest && latest.room.ready_until) renderReady(latest);  // the ready check's wait counts down too
  const timer = $("#timer");
  timer.classList.toggle("paused", !online);
  if (!deadline) { timer.textContent = ""; afkWarn(latest, Infinity, online, t); return; }
  if (!online) { timer.textContent = t("clock stopped", "時計停止中"); afkWarn(latest, Infinity, online, t); return; }
  const left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + offset)));
  afkWarn(latest, left, online, t);  // a seat that still owes its action is warned at 60, 30 and 10 s (afk.js)
  timer.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} ${t("left", "残り")}`;
}

function reconnect() {  // as someone else (a new seat, a pass): from scratch
  synced = false; lines = {};
  if (socket && socket.readyState <= 1) { switching = true; socket.close(); } else connect();
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const joined = await post("join", { name: form.get("name"), password: form.get("password") || null, browser: browserId() });
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
$("#bots").addEventListener("click", () => post("bots", { lang }));  // bots named in the page's language
$("#start").addEventListener("click", () => post("start", {}));
$("#ready").addEventListener("click", () => post("ready", { ready: !(latest.room.ready || []).includes(latest.you) }));
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
$("#order").addEventListener("click", () => stream.flip());
$("#speak-as").addEventListener("change", (event) => { channel = event.target.value; picked = latest && latest.game ? latest.game.phase : "lobby"; renderTalk(latest); });
$("#lang").addEventListener("click", () => {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem("jinrou-lang", lang);
  applyLanguage();
  if (latest) render(latest);
});
$("#afk-sound").addEventListener("click", () => afkSoundToggle(t));
$("#notify").addEventListener("click", async () => { await Notification.requestPermission(); applyLanguage(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && latest) document.title = document.title.replace(/^● /, ""); });

applyLanguage();
// the host who made this password room in the lobby: his seat's form holds the password he set
$("#join input[name=password]").value = sessionStorage.getItem(`jinrou-password-${roomId}`) || "";
connect();
setInterval(tick, 500);
