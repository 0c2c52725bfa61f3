"use strict";
// The administrators' queue (GET /api/reports, POST /api/reports/{id}/close): each report — when,
// the room, what was reported (a line as the room holds it, or a seat), the reason, who reported —
// and, while open, a note and a button that closes it. Player data is set as text, marked translate="no".
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
let closed = false, found = [];
const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
function own(text) { const e = el("span", text); e.translate = false; return e; }
function when(at) { return new Date(at * 1000).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB", { dateStyle: "medium", timeStyle: "short" }); }

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
  if (report.closed) {
    const done = el("p", undefined, "muted");
    done.append(t(`Closed ${when(report.closed.at)} by `, `${when(report.closed.at)} 処理: `), own(report.closed.by));
    if (report.closed.note) done.append(" — ", own(report.closed.note));
    box.append(done);
  } else {
    const form = el("form");
    const label = el("label"), note = el("input");
    note.name = "note"; note.maxLength = 300; note.autocomplete = "off";
    label.append(el("span", t("Note", "メモ")), " ", note);
    const close = el("button", t("Close the report", "処理済みにする")); close.type = "submit";
    form.append(label, close);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const response = await fetch(`/api/reports/${encodeURIComponent(report.id)}/close`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ note: note.value }) });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) { $("#error").textContent = t(body.error, body.ja || body.error); return; }
      load();
    });
    box.append(form);
  }
  return box;
}

function render() {
  $("#show-open").classList.toggle("active", !closed);
  $("#show-closed").classList.toggle("active", closed);
  $("#count").textContent = closed ? t(`${found.length} closed reports (the latest first)`, `処理済みの通報 ${found.length}件（新しい順）`)
    : t(`${found.length} open reports (the latest first)`, `未処理の通報 ${found.length}件（新しい順）`);
  $("#reports").replaceChildren(...found.map(card));
}

async function load() {
  const response = await fetch(`/api/reports?closed=${closed ? 1 : 0}&limit=200`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) { $("#error").textContent = t(body.error, body.ja || body.error); found = []; $("#count").textContent = ""; return; }
  $("#error").textContent = "";
  found = body.reports;
  render();
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = t(node.dataset.en, node.dataset.ja);
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  if (found.length || closed) render();
}

$("#lang").addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); load(); });
$("#show-open").addEventListener("click", () => { closed = false; load(); });
$("#show-closed").addEventListener("click", () => { closed = true; load(); });
applyLanguage();
load();
