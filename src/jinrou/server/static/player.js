"use strict";
// A player's profile (GET /api/players/{name}): his 戦績 per role and per team, and his finished games.
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
const PAGE = 50;
const name = decodeURIComponent(location.pathname.split("/").pop());
let profile = null, page = 0;
const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
const RESULTS = { win: ["win", "勝ち"], loss: ["loss", "負け"], draw: ["draw", "引き分け"] };
let titles = {};  // each mode's title in English and Japanese (GET /api/modes)
const mode = (m) => (titles[m] ? t(...titles[m]) : m);

function row(cells) { const tr = el("tr"); for (const c of cells) tr.append(c instanceof Node ? (() => { const td = el("td"); td.append(c); return td; })() : el("td", String(c))); return tr; }

let me = null;  // the signed-in account (GET /api/account/me): on his own page he chooses the title shown

function badge(title) { return el("span", t(title.en, title.ja), "title-badge"); }

function renderTitles() {  // every title, how it is earned and how far along he is; his choice on his own page
  const shown = $("#shown-title");
  if (profile.title) shown.replaceChildren(t("Shows ", "表示中の称号: "), badge(profile.title));
  else shown.replaceChildren(t("Shows no title.", "称号を表示していません。"));
  $("#titles").replaceChildren(...profile.titles.map((title) => {
    const li = el("li", undefined, title.earned ? "earned" : "");
    li.dataset.key = title.key;
    li.append(badge(title), el("span", t(title.how.en, title.how.ja)),
              el("span", title.earned ? t("earned ✓", "獲得 ✓") : `${title.have} / ${title.wins}`, "muted"));
    return li;
  }));
  const mine = me && me.name === profile.name;
  $("#choose-title").hidden = !mine;
  if (!mine) return;
  const choice = $("#title-choice"), current = profile.titles.find((x) => profile.title && x.ja === profile.title.ja && x.en === profile.title.en);
  const none = el("option", t("none", "表示しない")); none.value = "";
  choice.replaceChildren(none, ...profile.titles.filter((x) => x.earned).map((x) => {
    const option = el("option", `${t(x.en, x.ja)} — ${t(x.how.en, x.how.ja)}`); option.value = x.key; return option; }));
  choice.value = current ? current.key : "";
}

function render() {
  if (!profile) return;
  renderTitles();
  $("#player").textContent = profile.name;
  $("#summary").textContent = t(`${profile.games} games since ${new Date(profile.since * 1000).toLocaleDateString("en")}`,
                                `${profile.games}試合（${new Date(profile.since * 1000).toLocaleDateString("ja")}から）`);
  document.title = `${profile.name} — jinrou`;
  for (const [id, key] of [["#roles", "role"], ["#teams", "team"]]) {
    $(`${id} tbody`).replaceChildren(...profile[`${key}s`].map((l) => row([mode(l.mode), l[key] ?? "—", l.games, l.win, l.loss, l.draw, l.sudden])));
  }
  $("#games tbody").replaceChildren(...profile.rooms.map((g) => {
    const link = el("a", g.room); link.href = g.page;
    const result = t(...RESULTS[g.result]) + (g.sudden ? t(" (sudden death)", "（突然死）") : "");
    return row([link, mode(g.mode), g.role ?? "—", result]);
  }));
  $("#newer").hidden = page === 0;
  $("#older").hidden = profile.rooms.length < PAGE;
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = t(node.dataset.en, node.dataset.ja);
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  render();
}

async function load() {
  const response = await fetch(`/api/players/${encodeURIComponent(name)}?offset=${page * PAGE}&limit=${PAGE}`);
  const body = await response.json();
  if (!response.ok) { $("#error").textContent = t(body.error, body.ja || body.error); return; }
  profile = body;
  render();
}

$("#choose-title").addEventListener("submit", async (event) => {
  event.preventDefault();
  const key = $("#title-choice").value || null;
  const response = await fetch("/api/account/title", { method: "POST", headers: { "content-type": "application/json" },
                                                         body: JSON.stringify({ title: key }) });
  const body = await response.json();
  if (!response.ok) { $("#title-saved").textContent = t(body.error, body.ja || body.error); return; }
  profile.title = body.title && { en: body.title.en, ja: body.title.ja };
  $("#title-saved").textContent = t("Saved: rooms you join from now on show it.", "保存しました。これから座る部屋で表示されます。");
  render();
});
$("#lang").addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); });
$("#newer").addEventListener("click", () => { page = Math.max(0, page - 1); load(); });
$("#older").addEventListener("click", () => { page += 1; load(); });
applyLanguage();
(async () => {
  try { me = (await (await fetch("/api/account/me")).json()).account; } catch (error) { /* signed out for now */ }
  try { titles = Object.fromEntries((await (await fetch("/api/modes")).json()).map((m) => [m.name, m.title])); } catch (error) { /* names then */ }
  load();
})();
