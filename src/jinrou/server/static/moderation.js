"use strict";
// The room's moderation tools (docs/server.md, "Moderation"): a tap on a chat line opens its menu —
// report it, mute its speaker —; every person's seat has the same two buttons; a report goes to
// the administrators with a reason; a mute hides a player's lines for this reader only, kept in
// localStorage per room; the host sets the room's refused words. Loaded after room.js, whose
// globals ($, t, el, post, latest, roomId, token, pass, mode, stream, render) it uses.
const muteKey = () => `jinrou-muted-${roomId}`;
const REASONS = [["abuse", "Abuse or insults", "暴言・侮辱"], ["spam", "Spam or flooding", "荒らし・連投"],
  ["cheating", "Cheating (outside information, several accounts)", "不正（外部情報・多重参加）"],
  ["idle", "Idle or quitting on purpose", "放置・故意の突然死"], ["other", "Something else", "その他"]];

function browserId() {  // this browser's id: sent with a join, so that a host's kick bars this browser
  let id = localStorage.getItem("jinrou-browser");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("jinrou-browser", id);
  }
  return id;
}

function mutedNames() {
  try { return new Set(JSON.parse(localStorage.getItem(muteKey()) || "[]")); } catch (error) { return new Set(); }
}
function isMuted(name) { return mutedNames().has(name); }
function toggleMute(name) {
  const names = mutedNames();
  if (names.has(name)) names.delete(name); else names.add(name);
  localStorage.setItem(muteKey(), JSON.stringify([...names]));
  if (!latest) return;
  if (mode && mode.stream) stream.show(stream.filter);
  render(latest);
}

function tool(en, ja, cls, action) {
  const b = el("button", t(en, ja), `secondary tool ${cls}`);
  b.type = "button";
  b.addEventListener("click", (event) => { event.stopPropagation(); action(); });
  return b;
}

function muteButton(name, short) {  // short: beside the name (a seat), else naming it (a line's menu)
  if (isMuted(name)) {
    return short ? tool("Unmute", "ミュート解除", "unmute", () => toggleMute(name))
      : tool(`Unmute ${name}`, `${name}のミュートを解除`, "unmute", () => toggleMute(name));
  }
  return short ? tool("Mute", "ミュート", "mute", () => toggleMute(name))
    : tool(`Mute ${name}`, `${name}をミュート`, "mute", () => toggleMute(name));
}

// A chat line's menu, opened by a tap on the line: report it, mute (or unmute) its speaker.
function lineTools(row, line, key, index) {
  row.dataset.name = line.name;
  row.classList.add("reportable");
  row.tabIndex = 0;
  row.title = t("Tap: report this line or mute its speaker", "タップ: この発言を通報・発言者をミュート");
  const open = () => {
    const shown = row.querySelector(".line-tools");
    for (const other of document.querySelectorAll(".line-tools")) other.remove();
    if (shown) return;
    const tools = el("div", undefined, "line-tools");
    tools.append(tool("Report", "通報", "report", () => openReport({ channel: key, line: index, text: line.text },
      `${line.name}: ${line.text}`)), muteButton(line.name));
    row.append(tools);
  };
  row.addEventListener("click", (event) => { if (!event.target.closest(".line-tools")) open(); });
  row.addEventListener("keydown", (event) => { if (event.key === "Enter" && event.target === row) open(); });
  return row;
}

function seatTools(view, seat, info) {  // a person's seat (not one's own): report, mute
  if (!info || info.bot || seat === view.you) return [];
  return [tool("Report", "通報", "report", () => openReport({ seat }, info.name)), muteButton(info.name, true)];
}

function renderPeople(view) {  // once the game is on, the seats with their tools, a tap away
  const people = $("#people");
  const others = view.room.seat_list.map((s, i) => [i, s]).filter(([i, s]) => s && !s.bot && i !== view.you);
  people.hidden = !view.room.started || !others.length;
  $("#people-list").classList.add("tooled");
  $("#people-list").replaceChildren(...others.map(([i, s]) => {
    const item = el("li");
    const name = el("span", s.name, "seat-name");
    name.translate = false;
    item.append(name, " ", ...seatTools(view, i, s));
    return item;
  }));
}

function renderWords(view) {  // the host's list of refused words
  const form = $("#words-form"), host = view.you !== null && view.you === view.room.host;
  form.hidden = !host;
  const words = (view.room.words || []).join(", ");
  const input = form.elements.words;
  if (document.activeElement !== input && input.dataset.saved !== words) { input.value = words; input.dataset.saved = words; }
}

let reporting = null;
function openReport(target, what) {
  reporting = target;
  const dialog = $("#report");
  $("#report-what").textContent = what;
  $("#report-status").textContent = "";
  const reason = dialog.querySelector("select[name=reason]");
  reason.replaceChildren(...REASONS.map(([value, en, ja]) => { const o = el("option", t(en, ja)); o.value = value; return o; }));
  dialog.querySelector("textarea").value = "";
  dialog.showModal();
}

$("#report-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target, note = form.elements.note.value.trim();
  const reason = form.elements.reason.value + (note ? `: ${note}` : "");
  const sent = await post("report", { ...reporting, reason, ...(token ? {} : { pass }) });
  if (!sent) { $("#report-status").textContent = $("#error").textContent; return; }
  $("#report").close();
  $("#moderation-note").textContent = t("Reported: the administrators will read it. Thank you.", "通報しました。管理者が確認します。");
  for (const open of document.querySelectorAll(".line-tools")) open.remove();
});
$("#report-cancel").addEventListener("click", () => $("#report").close());
$("#words-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const words = event.target.elements.words.value.split(/[,、，\n]/).map((w) => w.trim()).filter(Boolean);
  if (await post("words", { words })) $("#moderation-note").textContent = t("The room's refused words are saved.", "部屋の禁止語を保存しました。");
});
