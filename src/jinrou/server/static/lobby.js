"use strict";
// The lobby: the room list, and a room form generated from each mode's settings schema (GET /api/modes).
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
const PAGE = 20;
let modes = [], rooms = [], page = 0;
const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
const current = () => modes.find((m) => m.name === $("#mode").value) || modes[0];

function field(f) {  // one schema field as a labelled input named by its key
  if (f.kind === "counts" || f.kind === "set") {  // a number or a box per choice, under its group (a role's team);
    const box = el("details", undefined, "choices");  // a hidden input sends them as text: "Werewolf:2,Diviner:1"
    const hidden = el("input");
    hidden.type = "hidden"; hidden.name = f.key; hidden.dataset.group = f.group || ""; hidden.dataset.kind = f.kind;
    const total = el("span", "", "muted"), summary = el("summary", t(f.en, f.ja));
    summary.append(" ", total);
    box.append(summary, hidden);
    const inputs = [];
    const update = () => {
      const picked = inputs.filter(([, i]) => (f.kind === "set" ? i.checked : Number(i.value) > 0));
      hidden.value = picked.map(([v, i]) => (f.kind === "set" ? v : `${v}:${Number(i.value)}`)).join(",");
      total.textContent = `(${f.kind === "set" ? picked.length : picked.reduce((sum, [, i]) => sum + Number(i.value), 0)})`;
    };
    let heading = null;
    for (const c of f.choices) {
      const group = c.group ? t(c.group.en, c.group.ja) : "";
      if (group !== heading) { heading = group; if (group) box.append(el("div", group, "muted")); }
      const item = el("label"), input = el("input");
      if (f.kind === "set") { input.type = "checkbox"; input.checked = (f.default || []).includes(c.value); } else {
        input.type = "number"; input.min = 0; input.max = f.max; input.value = (f.default || {})[c.value] || 0; input.style.width = "4em";
      }
      input.dataset.choice = c.value;
      input.addEventListener("input", update);
      item.append(input, ` ${t(c.en, c.ja)} `);
      inputs.push([c.value, input]);
      box.append(item);
    }
    update();
    return box;
  }
  const label = el("label");
  let input;
  if (f.kind === "boolean") {
    input = el("input"); input.type = "checkbox"; input.checked = Boolean(f.default);
    label.append(input, ` ${t(f.en, f.ja)}`);  // one language at a time
  } else {
    if (f.kind === "choice") {
      input = el("select");
      for (const c of f.choices) { const o = el("option", t(c.en, c.ja)); o.value = c.value; input.append(o); }
      input.value = f.default;
    } else {
      input = el("input");
      if (f.kind === "integer") { input.type = "number"; input.min = f.min; input.max = f.max; }
      if (f.default === null) input.placeholder = t("auto", "自動"); else input.value = f.default;
    }
    label.append(el("span", t(f.en, f.ja)), " ", input);
  }
  input.name = f.key;
  input.dataset.group = f.group || "";
  input.dataset.kind = f.kind;
  if (!f.note) return label;
  const box = el("div", undefined, "field-note");  // what the host should know before choosing it
  box.append(label, el("small", t(f.note.en, f.note.ja), "muted note"));
  return box;
}

function renderFields() {
  const mode = current();
  if (!mode) return;
  const box = $("#mode-fields");
  const top = mode.schema.fields.filter((f) => !f.group).map(field);
  const groups = mode.schema.groups.map((g) => {
    const set = el("fieldset");
    set.append(el("legend", t(g.en, g.ja), "muted"), ...mode.schema.fields.filter((f) => f.group === g.key).map(field));
    return set;
  });
  box.replaceChildren(...top, ...groups);
}

function phaseText(room) {  // a mode may name its phase in both languages (phase_label: [en, ja]): the page's one
  return room.phase_label ? t(...room.phase_label) : room.phase;
}

function renderRooms() {  // the server lists open rooms first, then games being played; finished ones not at all
  const body = $("#rooms tbody");
  const shown = rooms.slice(0, PAGE);
  body.replaceChildren(...shown.map((r) => {
    const row = el("tr");
    const link = el("a", r.name + (r.password ? " 🔒" : ""));
    link.href = `/room/${r.id}`;
    link.translate = false;
    const mode = modes.find((m) => m.name === r.mode);
    const label = (key) => { const f = mode && mode.schema.fields.find((x) => x.key === key); return f ? t(f.en, f.ja) : key; };
    const extra = Object.entries(r).filter(([k]) => !["id", "name", "mode", "seats", "taken", "started", "phase", "phase_label", "password"].includes(k));
    const cells = [link, mode ? t(mode.title[0], mode.title[1]) : r.mode, `${r.taken}/${r.seats}`,
      extra.map(([k, v]) => `${label(k)} ${v && typeof v === "object" && "en" in v ? t(v.en, v.ja) : v}`).join(", "), r.started ? phaseText(r) : t("open", "募集中"),
      r.started || r.taken === r.seats ? t("watch", "観戦") : t("join", "参加")];
    for (const value of cells) {
      const cell = el("td");
      if (typeof value === "string") cell.textContent = value; else cell.append(value);
      row.append(cell);
    }
    return row;
  }));
  $("#empty").hidden = rooms.length > 0 || page > 0;
  $("#newer").hidden = page === 0;
  $("#older").hidden = rooms.length <= PAGE;
  $("#page").textContent = page > 0 || rooms.length > PAGE ? t(`page ${page + 1}`, `${page + 1}ページ`) : "";
}

async function refresh() {
  try {
    rooms = await (await fetch(`/api/rooms?offset=${page * PAGE}&limit=${PAGE + 1}`)).json();
  } catch (error) {
    return;  // the server is away: the list stays as it was until it is back
  }
  renderRooms();
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-en]")) node.textContent = t(node.dataset.en, node.dataset.ja);
  $("#lang").textContent = lang === "ja" ? "English" : "日本語";
  $("input[name=password]").placeholder = t("none", "なし");
  const chosen = $("#mode").value;
  $("#mode").replaceChildren(...modes.map((m) => { const o = el("option", t(m.title[0], m.title[1])); o.value = m.name; return o; }));
  if (chosen) $("#mode").value = chosen;
  renderFields();
  renderRooms();
}

$("#mode").addEventListener("change", renderFields);
$("#newer").addEventListener("click", () => { page = Math.max(0, page - 1); refresh(); });
$("#older").addEventListener("click", () => { page += 1; refresh(); });
$("#lang").addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); });
$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!current()) return;  // the modes are still loading
  const form = event.target;
  const settings = { mode: current().name, name: form.elements.name.value };
  if (form.elements.password.value) settings.password = form.elements.password.value;
  for (const input of $("#mode-fields").querySelectorAll("[name]")) {
    const { group, kind } = input.dataset;
    let value = kind === "boolean" ? input.checked : input.value;
    if (kind === "integer") { if (value === "") continue; value = Number(value); }
    if (group) { settings[group] = settings[group] || {}; settings[group][input.name] = value; } else settings[input.name] = value;
  }
  const response = await fetch("/api/rooms", { method: "POST", body: JSON.stringify(settings) });
  const data = await response.json();
  if (!response.ok) { $("#error").textContent = t(data.error, data.ja || data.error); return; }
  location.href = `/room/${data.id}`;
});

applyLanguage();  // the page's own labels at once; the modes' when they come
(async () => {
  modes = await (await fetch("/api/modes")).json();
  applyLanguage();
  refresh();
  setInterval(refresh, 3000);
})();
