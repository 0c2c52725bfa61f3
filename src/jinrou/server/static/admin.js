"use strict";
// The administrators' page. Reports (GET /api/reports, POST /api/reports/{id}/close): each report — when,
// the room, what was reported (a line as the room holds it, or a seat), the reason, who reported — and,
// while open, a note and a button that closes it; "Ban…" fills the ban form with the reported account
// (or his address key) and the reason. Bans (GET /api/bans?all=, POST /api/bans, POST /api/bans/{id}/lift):
// those in force (all: lifted and expired too) with a Lift button, and the form that adds one; the server
// checks every field and says what is wrong. Player data is set as text, marked translate="no".
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
let closed = false, found = [], bans = null, allBans = false;
const KINDS = { create: ["making rooms", "部屋の作成"], play: ["playing", "参加"], spectate: ["watching", "観戦"],
                chat: ["chatting", "発言"] };
const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
function count(n, noun) { return `${n} ${noun}${n === 1 ? "" : "s"}`; }  // English: 1 ban, 2 bans
function own(text) { const e = el("span", text); e.translate = false; return e; }
function when(at) { return new Date(at * 1000).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB", { dateStyle: "medium", timeStyle: "short" }); }
function refusal(body) { return t(body.error || "refused", body.ja || body.error || "拒否されました"); }

async function post(path, data) {  // JSON, as the server's cross-site defence asks of a script
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data || {}) });
  const body = await response.json().catch(() => ({}));
  return { ok: response.ok, body };
}

// ------------------------------------------------------------------ reports

function card(report) {
  const box = el("section", undefined, "report");
  box.dataset.id = report.id;
  const what = report.what;
  const room = el("a", report.room_name); room.href = report.page; room.translate = false;
  const head = el("p");
  head.append(el("strong", when(report.at)), " · ", room, " · ", t(`phase ${report.phase}`, `局面 ${report.phase}`));
  const target = el("p", undefined, "reported");
  if (what.kind === "line") {
    target.append(t("Line of ", "発言: "), own(what.name), ` [${what.channel}] `, own(`“${what.text}”`));
  } else {
    target.append(t(`Seat ${what.seat + 1}: `, `${what.seat + 1}番席: `), own(what.name));
  }
  if (what.account) target.append(" ", t("(account ", "（アカウント "), own(what.account), t(")", "）"));
  const reason = el("p");
  reason.append(el("strong", t("Reason: ", "理由: ")), own(report.reason));
  const by = el("p", undefined, "muted");
  const reporter = report.by.name || (report.by.spectator ? t("a spectator", "観戦者") : t("a reader", "閲覧者"));
  by.append(t("Reported by ", "通報者: "), own(reporter));
  if (what.address) by.append(t(" · address key of the reported: ", " · 通報された人のアドレスキー: "), own(what.address));
  box.append(head, target, reason, by);
  const tools = el("div", undefined, "report-tools");
  if (what.account || what.address) {
    const ban = el("button", t("Ban…", "禁止…"), "secondary"); ban.type = "button"; ban.className = "secondary ban-from";
    ban.addEventListener("click", () => banFrom(report));
    tools.append(ban);
  }
  if (report.closed) {
    const done = el("p", undefined, "muted");
    done.append(t(`Closed ${when(report.closed.at)} by `, `${when(report.closed.at)} 処理: `), own(report.closed.by));
    if (report.closed.note) done.append(" — ", own(report.closed.note));
    box.append(done, tools);
  } else {
    const form = el("form");
    const label = el("label"), note = el("input");
    note.name = "note"; note.maxLength = 300; note.autocomplete = "off";
    label.append(el("span", t("Note", "メモ")), " ", note);
    const close = el("button", t("Close the report", "処理済みにする")); close.type = "submit";
    form.append(label, close, tools);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await post(`/api/reports/${encodeURIComponent(report.id)}/close`, { note: note.value });
      if (!answer.ok) { $("#error").textContent = refusal(answer.body); return; }
      load();
    });
    box.append(form);
  }
  return box;
}

function render() {
  $("#show-open").classList.toggle("active", !closed);
  $("#show-closed").classList.toggle("active", closed);
  $("#count").textContent = closed ? t(`${count(found.length, "closed report")} (the latest first)`, `処理済みの通報 ${found.length}件（新しい順）`)
    : t(`${count(found.length, "open report")} (the latest first)`, `未処理の通報 ${found.length}件（新しい順）`);
  $("#reports").replaceChildren(...found.map(card));
}

async function load() {
  const response = await fetch(`/api/reports?closed=${closed ? 1 : 0}&limit=200`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) { $("#error").textContent = refusal(body); found = []; $("#count").textContent = ""; return; }
  $("#error").textContent = "";
  found = body.reports;
  render();
}

// --------------------------------------------------------------------- bans

const form = $("#ban-form");
const field = (name) => form.elements.namedItem(name);  // (form.target is the form's own attribute)

function showTarget() {  // the value's label says what it takes
  const label = $("#value-label");
  [label.dataset.en, label.dataset.ja] = field("target").value === "account" ? ["User name", "ユーザー名"]
    : ["IP address, or a report's address key", "IP アドレス、または通報のアドレスキー"];
  label.textContent = t(label.dataset.en, label.dataset.ja);
}

function showUntil() { $("#until-label").hidden = field("for").value !== "until"; }

function banFrom(report) {  // a report's "Ban…": whom and why, then the administrator picks what and how long
  const what = report.what;
  field("kind").value = what.kind === "line" ? "chat" : "play";
  field("target").value = what.account ? "account" : "address";
  field("value").value = what.account || what.address;
  field("reason").value = report.reason;
  showTarget();
  $("#ban-error").textContent = "";
  $("#ban-note").replaceChildren(t("From the report on ", ""), own(what.name),
    t(": choose what and how long, then Ban.", " への通報から: 禁止することと期間を選んで「禁止する」を押してください。"));
  form.scrollIntoView({ block: "start" });
  field("kind").focus({ preventScroll: true });
}

function row(ban) {
  const item = el("li", undefined, "ban");
  item.dataset.id = ban.id;
  const now = Date.now() / 1000;
  const [en, ja] = KINDS[ban.kind] || [ban.kind, ban.kind];
  const head = el("p");
  head.append(el("strong", t(`No ${en}`, `${ja}禁止`)), " · ");
  if (ban.target === "account") head.append(t("account ", "アカウント "), own(ban.label));
  else head.append(t("address key ", "アドレスキー "), own(ban.key));
  const until = el("p");
  until.append(t(`until ${when(ban.until)}`, `${when(ban.until)} まで`));
  if (ban.lifted) until.append(" ", el("strong", t(`(lifted ${when(ban.lifted)})`, `（${when(ban.lifted)} 解除）`)));
  else if (ban.until <= now) until.append(" ", el("strong", t("(expired)", "（期限切れ）")));
  const by = el("p", undefined, "muted");
  by.append(t(`Made ${when(ban.created)} by `, `${when(ban.created)} 作成: `), own(ban.by));
  item.append(head, until);
  if (ban.reason) {
    const reason = el("p");
    reason.append(el("strong", t("Reason: ", "理由: ")), own(ban.reason));
    item.append(reason);
  }
  item.append(by);
  if (!ban.lifted && ban.until > now) {
    const lift = el("button", t("Lift", "解除"), "secondary"); lift.type = "button";
    lift.addEventListener("click", async () => {
      const answer = await post(`/api/bans/${encodeURIComponent(ban.id)}/lift`);
      if (!answer.ok) { $("#ban-error").textContent = refusal(answer.body); return; }
      $("#ban-error").textContent = "";
      $("#ban-note").textContent = t("The ban is lifted.", "禁止を解除しました。");
      loadBans();
    });
    item.append(lift);
  }
  return item;
}

function renderBans() {
  if (bans === null) return;
  $("#ban-count").textContent = allBans ? t(`${count(bans.length, "ban")}, lifted and expired ones too (the latest first)`, `禁止 ${bans.length}件（解除・期限切れを含む、新しい順）`)
    : t(`${count(bans.length, "ban")} in force (the latest first)`, `有効な禁止 ${bans.length}件（新しい順）`);
  $("#ban-list").replaceChildren(...bans.map(row));
}

async function loadBans() {
  const response = await fetch(`/api/bans?all=${allBans ? 1 : 0}`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) { $("#bans").hidden = true; return; }  // the reports say why (#error)
  $("#bans").hidden = false;
  bans = body.bans;
  renderBans();
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = { kind: field("kind").value, target: field("target").value, value: field("value").value, reason: field("reason").value };
  if (field("for").value !== "until") data.for = field("for").value;
  else data.until = field("until").value ? Math.floor(new Date(field("until").value).getTime() / 1000) : null;
  const answer = await post("/api/bans", data);
  if (!answer.ok) { $("#ban-error").textContent = refusal(answer.body); return; }
  $("#ban-error").textContent = "";
  const ban = answer.body;
  const whom = ban.target === "account" ? ban.label : ban.key;
  $("#ban-note").replaceChildren(t("Banned: ", "禁止しました: "), own(whom), t(`, until ${when(ban.until)}.`, `（${when(ban.until)} まで）。`));
  field("value").value = ""; field("reason").value = "";
  loadBans();
});
field("target").addEventListener("change", showTarget);
field("for").addEventListener("change", showUntil);
$("#all-bans").addEventListener("change", (event) => { allBans = event.target.checked; loadBans(); });

// ---------------------------------------------------------------- the page

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = t(node.dataset.en, node.dataset.ja);
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  if (found.length || closed) render();
  renderBans();
}

$("#lang").addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); load(); });
$("#show-open").addEventListener("click", () => { closed = false; load(); });
$("#show-closed").addEventListener("click", () => { closed = true; load(); });
showTarget();
showUntil();
applyLanguage();
load();
loadBans();
