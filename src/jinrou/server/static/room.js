"use strict";
// The room shell, the same for every game mode: seats, joining, bots and start; the countdown; the
// chat channels; the end and the record; the log. The game itself is drawn by the mode's script,
// loaded from /modes/{mode}.js, which calls jinrou.registerMode({render(view, ctx)}).
const roomId = location.pathname.split("/").pop();
const tokenKey = `jinrou-token-${roomId}`;
let token = localStorage.getItem(tokenKey);
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
let latest = null, offset = 0, socket = null, retry = 500, mode = null, loading = null, channel = null;

const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
function showError(message) { $("#error").textContent = message || ""; }

async function post(path, data) {
  const response = await fetch(`/api/rooms/${roomId}/${path}`, { method: "POST", body: JSON.stringify({ token, ...data }) });
  const body = await response.json();
  showError(response.ok ? "" : body.error);
  return response.ok ? body : null;
}

window.jinrou = { registerMode(script) { mode = script; } };
const ctx = { root: $("#board"), el, t, act: async (action) => Boolean(await post("action", { action })) };

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
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${roomId}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  socket.onmessage = async (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { showError(data.error); return; }
    retry = 500;
    await loadMode(data.room.mode);
    render(data);
  };
  socket.onclose = (event) => {
    if (event.code === 4403 && token) { localStorage.removeItem(tokenKey); token = null; }
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = lang === "ja" ? node.dataset.ja : node.dataset.en;
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  $("#say input").placeholder = t("say something", "発言する");
}

function render(view) {
  latest = view;
  offset = view.server_time - Date.now() / 1000;
  const room = view.room, game = view.game;
  document.title = `jinrou — ${room.name}`;
  $("#title").textContent = `${room.name} · ${t(room.title[0], room.title[1])}`;
  $("#phase").textContent = game ? (game.result ? t("game over", "終局") : game.phase) : t("waiting for players", "参加者募集中");
  $("#who").textContent = view.you === null ? t("spectating", "観戦中") : t(`you are ${room.seat_list[view.you].name}`, `あなたは ${room.seat_list[view.you].name}`);
  document.body.classList.toggle("night", room.kind === "night");
  renderLobby(view);
  if (mode) mode.render(view, ctx);
  renderChat(view);
  renderLog(game);
  renderEnd(game);
  tick();
}

function renderLobby(view) {
  const room = view.room;
  $("#lobby-panel").hidden = room.started;
  $("#seats").replaceChildren(...room.seat_list.map((s, i) => el("li", s ? `${s.name}${s.bot ? " 🤖" : ""}` : t(`seat ${i + 1}: free`, `${i + 1}番席: 空き`))));
  $("#join").hidden = view.you !== null || room.taken === room.seats;
  $("#password-field").hidden = !room.password;
  $("#host").hidden = view.you === null;
}

function renderChat(view) {
  const channels = view.channels;
  if (!channels.some((c) => c.key === channel)) channel = channels.length ? channels[0].key : null;
  $("#channels").replaceChildren(...(channels.length > 1 ? channels.map((c) => {
    const tab = el("button", t(c.en, c.ja), c.key === channel ? "tab active" : "tab");
    tab.type = "button";
    tab.addEventListener("click", () => { channel = c.key; renderChat(latest); });
    return tab;
  }) : []));
  const main = channels.length && channel === channels[0].key;
  const lines = main ? view.chat : (view.chats[channel] || []);
  const box = $("#chat");
  box.replaceChildren(...lines.map((c) => { const line = el("div"); line.append(el("span", c.name, "who"), el("span", c.text)); return line; }));
  box.scrollTop = box.scrollHeight;
  const current = channels.find((c) => c.key === channel);
  $("#say").hidden = !current || view.you === null;
}

function renderLog(game) {
  const log = $("#log");
  log.textContent = game ? game.log.join("\n") : "";
  log.scrollTop = log.scrollHeight;
}

function renderEnd(game) {
  const result = game && game.result;
  $("#end-panel").hidden = !result;
  if (!result) return;
  $("#winner").textContent = `${t(result.en, result.ja)} ${t("Winners", "勝者")}: ${result.winners.join(", ") || t("nobody", "なし")}`;
  $("#record").href = `/api/rooms/${roomId}/record`;
}

function tick() {
  const deadline = latest && latest.room.deadline;
  if (!deadline) { $("#timer").textContent = ""; return; }
  const left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + offset)));
  $("#timer").textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} ${t("left", "残り")}`;
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const joined = await post("join", { name: form.get("name"), password: form.get("password") || null });
  if (joined) { token = joined.token; localStorage.setItem(tokenKey, token); socket.close(); }
});
$("#bots").addEventListener("click", () => post("bots", {}));
$("#start").addEventListener("click", () => post("start", {}));
$("#say").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  if (await post("chat", { text: input.value, channel })) input.value = "";
});
$("#lang").addEventListener("click", () => {
  lang = lang === "ja" ? "en" : "ja";
  localStorage.setItem("jinrou-lang", lang);
  applyLanguage();
  if (latest) render(latest);
});

applyLanguage();
connect();
setInterval(tick, 500);
