"use strict";
const roomId = location.pathname.split("/").pop();
const tokenKey = `jinrou-token-${roomId}`;
const HEAD = { human: "人間 human", villager: "村人 villager", seer: "占い師 seer", wolf: "人狼 wolf", dead: "死亡 dead" };
const CARD = { villager: "村人", seer: "占い師" };
let token = localStorage.getItem(tokenKey);
let latest = null, offset = 0, socket = null, retry = 500;

const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function card(text) { if (!text) return ""; const [role, rank] = text.split(":"); return rank ? `人狼${rank} (wolf ${rank})` : `${CARD[role]} (${role})`; }
function percent(value) { return value === 0 || value === 1 ? `${value * 100}%` : `${(value * 100).toFixed(1)}%`; }
function showError(message) { $("#error").textContent = message || ""; }

async function post(path, data) {
  const response = await fetch(`/api/rooms/${roomId}/${path}`, { method: "POST", body: JSON.stringify({ token, ...data }) });
  const body = await response.json();
  showError(response.ok ? "" : body.error);
  return response.ok ? body : null;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/rooms/${roomId}${token ? `?token=${encodeURIComponent(token)}` : ""}`);
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "error") { showError(data.error); return; }
    retry = 500;
    render(data);
  };
  socket.onclose = (event) => {
    if (event.code === 4403 && token) { localStorage.removeItem(tokenKey); token = null; }
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
}

function render(view) {
  latest = view;
  offset = view.server_time - Date.now() / 1000;
  const room = view.room, game = view.game;
  document.title = `jinrou — ${room.name}`;
  $("#title").textContent = room.name;
  $("#phase").textContent = game ? (game.outcome ? "game over" : game.phase) : "waiting for players";
  $("#who").textContent = view.you === null ? "spectating" : `you are ${room.seat_list[view.you].name}`;
  document.body.classList.toggle("night", Boolean(game && game.is_night && !game.outcome));
  renderLobby(view);
  renderTable(game);
  renderPrivate(view);
  renderActions(view);
  renderPlayers(view);
  renderChat(view.chat);
  renderLog(game);
  renderEnd(game);
  tick();
}

function renderLobby(view) {
  const room = view.room;
  $("#lobby-panel").hidden = room.started;
  $("#seats").replaceChildren(...room.seat_list.map((s, i) => el("li", s ? `${s.name}${s.bot ? " 🤖" : ""}` : `seat ${i + 1}: free`)));
  $("#join").hidden = view.you !== null || room.taken === room.seats;
  $("#password-field").hidden = !room.password;
  $("#host").hidden = view.you === null;
}

function renderTable(game) {
  const head = $("#table thead"), body = $("#table tbody");
  if (!game) { head.replaceChildren(); body.replaceChildren(); $("#worlds").textContent = ""; return; }
  $("#worlds").textContent = `— ${BigInt(game.table.worlds).toLocaleString()} worlds`;
  const row = el("tr");
  row.append(el("th", "player"), ...game.table.columns.map((c) => el("th", HEAD[c])), el("th", ""));
  head.replaceChildren(row);
  body.replaceChildren(...game.table.rows.map((r, index) => {
    const tr = el("tr", undefined, [r.dead ? "dead" : "", index === game.table.own_row ? "own" : ""].join(" ").trim());
    tr.append(el("td", r.label));
    r.values.forEach((v, i) => { const td = el("td", percent(v), v === 1 ? "certain" : ""); td.title = r.exact[i]; tr.append(td); });
    tr.append(el("td", r.card ? `† ${card(r.card)}` : r.dead ? "†" : ""));
    return tr;
  }));
}

function renderPrivate(view) {
  const you = view.game && view.game.private;
  $("#private-panel").hidden = !you;
  if (!you) return;
  const lines = [];
  if (you.number !== null) lines.push(`Your secret number: Player ${you.number}`);
  if (!view.game.outcome) {
    lines.push(you.may_divine ? "You may still be the seer: you divine each night." : "You cannot be the seer any more.");
    lines.push(you.may_attack ? "You may be a wolf: you attack each night (from night 2)." : "You cannot be a wolf.");
  }
  for (const d of you.divinations) lines.push(`Night ${d.night}: you divined ${d.target} — ${d.result === "none" ? "no result (you are no living seer)" : d.result}`);
  $("#private").replaceChildren(...lines.map((line) => el("p", line)));
}

function fill(select, names) { select.replaceChildren(...names.map((n) => { const o = el("option", n); o.value = n; return o; })); }

function renderActions(view) {
  const game = view.game, legal = game && game.legal;
  const night = legal && (legal.divine.length || legal.attack.length), day = legal && legal.vote.length;
  $("#action-panel").hidden = !(night || day) && !(game && game.waiting_for.length);
  $("#night").hidden = !night; $("#vote").hidden = !day;
  $("#action-title").textContent = game && game.is_night ? "Tonight 夜" : "Today 昼";
  if (night) {
    $("#divine-field").hidden = !legal.divine.length; $("#attack-field").hidden = !legal.attack.length;
    fill($("#night select[name=divine]"), legal.divine); fill($("#night select[name=attack]"), legal.attack);
  }
  if (day) fill($("#vote select"), legal.vote);
  $("#waiting").textContent = game && game.waiting_for.length ? `Waiting for: ${game.waiting_for.join(", ")}` : "";
}

function renderPlayers(view) {
  const game = view.game;
  const players = game ? game.players : view.room.seat_list.filter(Boolean).map((s) => ({ name: s.name, alive: true, card: null }));
  $("#players").replaceChildren(...players.map((p) => el("li", `${p.name}${p.card ? ` — ${card(p.card)}` : ""}`, p.alive ? "" : "dead")));
}

function renderChat(chat) {
  const box = $("#chat");
  box.replaceChildren(...chat.map((c) => { const line = el("div"); line.append(el("span", c.name, "who"), el("span", c.text)); return line; }));
  box.scrollTop = box.scrollHeight;
}

function renderLog(game) {
  const log = $("#log");
  log.textContent = game ? game.log.join("\n") : "";
  log.scrollTop = log.scrollHeight;
}

function renderEnd(game) {
  const outcome = game && game.outcome;
  $("#end-panel").hidden = !outcome;
  if (!outcome) return;
  const text = { village: "The village (村人陣営) wins!", wolves: "The wolves (人狼陣営) win!", draw: "Draw (引き分け)." }[outcome.winner];
  $("#winner").textContent = `${text} Winners: ${outcome.winners.join(", ") || "nobody"}`;
  $("#world").textContent = outcome.world ? "Final world: " + game.players.map((p, i) => `${p.name} ${card(outcome.world[i])}`).join(", ") : "";
  $("#record").href = `/api/rooms/${roomId}/record`;
}

function tick() {
  const deadline = latest && latest.room.deadline;
  if (!deadline) { $("#timer").textContent = ""; return; }
  const left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + offset)));
  $("#timer").textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
}

$("#join").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const joined = await post("join", { name: form.get("name"), password: form.get("password") || null });
  if (joined) { token = joined.token; localStorage.setItem(tokenKey, token); socket.close(); }
});
$("#bots").addEventListener("click", () => post("bots", {}));
$("#start").addEventListener("click", () => post("start", {}));
$("#night").addEventListener("submit", (event) => {
  event.preventDefault();
  const legal = latest.game.legal;
  post("action", { action: { divine: legal.divine.length ? $("#night select[name=divine]").value : null,
                             attack: legal.attack.length ? $("#night select[name=attack]").value : null } });
});
$("#vote").addEventListener("submit", (event) => { event.preventDefault(); post("action", { action: { vote: $("#vote select").value } }); });
$("#say").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = event.target.elements.text;
  if (await post("chat", { text: input.value })) input.value = "";
});

connect();
setInterval(tick, 500);
