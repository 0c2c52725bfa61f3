"use strict";
// The lobby: the room list, and a room form generated from each mode's settings schema (GET /api/modes).
let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
const PAGE = 20;
let modes = [], rooms = [], page = 0;
const $ = (selector) => document.querySelector(selector);
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function t(en, ja) { return lang === "ja" ? ja : en; }
const current = () => modes.find((m) => m.name === $("#mode").value) || modes[0];

function field(f) {  // one schema field as a labelled input named by its key; shown only when its "when" holds
  const node = fieldInput(f);
  if (f.when) { node.dataset.whenKey = f.when.key; node.dataset.whenValues = f.when.values.join(" "); }
  return node;
}

function showWhen() {  // a field that applies to some choices of another (a 闇鍋's safety: a 闇鍋 cast) only then
  const box = $("#mode-fields");
  for (const node of box.querySelectorAll("[data-when-key]")) {
    const other = box.querySelector(`[name="${node.dataset.whenKey}"]`);
    node.hidden = Boolean(other) && !node.dataset.whenValues.split(" ").includes(other.value);
  }
}

function fieldInput(f) {
  if (f.kind === "counts" || f.kind === "set") return picker(f);
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

// A count per choice (a cast) or some of the choices (roles left out): the choices under their
// groups (a role's category and team), each group opened with a tap, a search by name (Japanese,
// English or id) that opens every group with a match, each choice's rule a tap away (?), − and +
// for a count; the total is live — for a cast, against the seats it must fill (the players and
// 身代わりくん). A hidden input sends them as text: "Werewolf:2,Diviner:1" or "Fox,Cat".
function picker(f) {
  const box = el("details", undefined, "choices");
  const hidden = el("input");
  hidden.type = "hidden"; hidden.name = f.key; hidden.dataset.group = f.group || ""; hidden.dataset.kind = f.kind;
  const total = el("span", "", "total"), summary = el("summary", t(f.en, f.ja));
  summary.append(" ", total);
  const search = el("input");
  search.type = "search"; search.className = "pick-search";
  search.placeholder = t("search a role by name", "役職名で検索"); search.setAttribute("aria-label", search.placeholder);
  const chosen = el("p", "", "muted pick-chosen");
  box.append(summary, hidden, search, chosen);
  const rows = [], groups = [];
  let group = null;
  for (const c of f.choices) {
    const heading = c.group ? t(c.group.en, c.group.ja) : "";
    if (!group || group.heading !== heading) {
      const node = el("details", undefined, "pick-group");
      const title = el("summary", heading || t(f.en, f.ja));
      const count = el("span", "", "muted");
      title.append(" ", count);
      node.append(title);
      group = { heading, node, count, rows: [] };
      groups.push(group);
      box.append(node);
    }
    const row = el("div", undefined, "pick-row");
    row.dataset.search = `${c.value} ${c.en} ${c.ja}`.toLowerCase();
    const name = el("span", t(c.en, c.ja), "pick-name");
    let input;
    if (f.kind === "set") {
      const label = el("label", undefined, "pick-check");
      input = el("input"); input.type = "checkbox"; input.checked = (f.default || []).includes(c.value);
      label.append(input, name);
      row.append(label);
    } else {
      input = el("input"); input.type = "number"; input.min = 0; input.max = f.max; input.value = (f.default || {})[c.value] || 0;
      input.className = "pick-count"; input.setAttribute("aria-label", t(c.en, c.ja));
      const step = (by, text, label) => {
        const b = el("button", text, "pick-step secondary");
        b.type = "button"; b.setAttribute("aria-label", `${t(c.en, c.ja)} ${label}`);
        b.addEventListener("click", () => { input.value = Math.max(0, Math.min(f.max, (Number(input.value) || 0) + by)); update(); });
        return b;
      };
      row.append(name, step(-1, "−", t("fewer", "減らす")), input, step(1, "+", t("more", "増やす")));
    }
    const place = f.kind === "set" ? null : row.querySelector("button.pick-step");  // the rule's button: after the name
    input.dataset.choice = c.value;
    input.addEventListener("input", () => update());
    input.addEventListener("change", () => update());
    if (c.rule) {  // the role's rule, a tap away
      const ask = el("button", "?", "pick-rule-button secondary");
      ask.type = "button"; ask.setAttribute("aria-label", t(`the rule of ${c.en}`, `${c.ja}の説明`));
      ask.setAttribute("aria-expanded", "false");
      const rule = el("p", t(c.rule.en, c.rule.ja), "pick-rule");
      rule.hidden = true;
      ask.addEventListener("click", () => { rule.hidden = !rule.hidden; ask.setAttribute("aria-expanded", String(!rule.hidden)); });
      row.insertBefore(ask, place);
      row.append(rule);
    }
    rows.push({ c, input, row });
    group.rows.push({ c, input, row });
    group.node.append(row);
  }
  const amount = (input) => (f.kind === "set" ? Number(input.checked) : Math.max(0, Number(input.value) || 0));
  function update() {
    const picked = rows.filter(({ input }) => amount(input) > 0);
    hidden.value = picked.map(({ c, input }) => (f.kind === "set" ? c.value : `${c.value}:${amount(input)}`)).join(",");
    const sum = picked.reduce((n, { input }) => n + amount(input), 0);
    chosen.textContent = picked.map(({ c, input }) => (f.kind === "set" ? t(c.en, c.ja) : `${t(c.en, c.ja)}×${amount(input)}`)).join(t(", ", "、"));
    for (const g of groups) {
      const n = g.rows.reduce((m, { input }) => m + amount(input), 0);
      g.count.textContent = n ? `(${n})` : "";
    }
    total.textContent = `(${sum})`;
    total.className = "total";
    if (f.key === "roles") {  // a cast fills every seat: the players and, when it plays, 身代わりくん
      const form = box.closest("form");
      const players = Number((form && form.querySelector("input[name=players]") || {}).value) || 0;
      const goat = form && form.querySelector("select[name=scapegoat]");
      const seats = players + (goat && goat.value === "on" ? 1 : 0);
      const cast = form && form.querySelector("select[name=cast]");
      const fixed = !cast || cast.value === "fixed";
      total.textContent = fixed
        ? t(`${sum} of ${seats} seats (${players} players${seats > players ? " + 身代わりくん" : ""})`,
          `${sum} / ${seats}席（参加者${players}人${seats > players ? "＋身代わりくん" : ""}）`)
        : t(`${sum} fixed of ${seats} seats`, `固定 ${sum} / ${seats}席`);
      total.className = fixed && sum !== seats ? "total off" : "total";
    }
  }
  let searching = false;
  search.addEventListener("input", () => {  // a search opens the groups it finds in; cleared, they are as before
    const query = search.value.trim().toLowerCase();
    for (const g of groups) {
      if (query && !searching) g.before = g.node.open;
      let shown = 0;
      for (const { row } of g.rows) { row.hidden = Boolean(query) && !row.dataset.search.includes(query); shown += !row.hidden; }
      g.node.hidden = shown === 0;
      g.node.open = query ? true : Boolean(g.before);
    }
    searching = Boolean(query);
  });
  box.addEventListener("toggle", update);
  box.update = update;
  update();
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
  showWhen();
}

function phaseText(room) {  // a mode may name its phase in both languages (phase_label: [en, ja]): the page's one
  return room.phase_label ? t(...room.phase_label) : room.phase;
}

function go(r) {  // the row's button: join (a game going on that takes people too: エンドレス闇鍋), or watch a game begun or a room full
  const a = el("a", r.joinable ? t("join the game", "途中参加") : r.started || r.taken === r.seats ? t("watch", "観戦") : t("join", "参加"), "button");
  a.href = `/room/${r.id}`;
  return a;
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
    const extra = Object.entries(r).filter(([k]) => !["id", "name", "mode", "seats", "taken", "started", "phase", "phase_label", "password", "joinable"].includes(k));
    const cells = [link, mode ? t(mode.title[0], mode.title[1]) : r.mode, `${r.taken}/${r.seats}`,
      extra.map(([k, v]) => `${label(k)} ${v && typeof v === "object" && "en" in v ? t(v.en, v.ja) : v}`).join(", "), r.started ? phaseText(r) : t("open", "募集中"),
      go(r)];
    for (const value of cells) {
      const cell = el("td");
      if (typeof value === "string") cell.textContent = value; else cell.append(value);
      row.append(cell);
    }
    row.className = "room-row";  // the whole row opens the room (its links too, for the keyboard)
    row.addEventListener("click", (event) => { if (!event.target.closest("a")) location.href = link.href; });
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
  document.title = t("jinrou — lobby", "jinrou — ロビー");
  const name = $("input[name=name]");  // the default room name in the page's language, unless one was typed
  if (!name.dataset.typed) name.value = t("jinrou village", "人狼村");
  const chosen = $("#mode").value;
  $("#mode").replaceChildren(...modes.map((m) => { const o = el("option", t(m.title[0], m.title[1])); o.value = m.name; return o; }));
  if (chosen) $("#mode").value = chosen;
  renderFields();
  renderRooms();
}

$("#mode").addEventListener("change", renderFields);
$("input[name=name]").addEventListener("input", (event) => { event.target.dataset.typed = "1"; });
$("#create").addEventListener("input", (event) => {  // the seats a cast must fill follow the players and 身代わりくん
  if (["players", "scapegoat", "cast"].includes(event.target.name)) for (const box of document.querySelectorAll("details.choices")) box.update();
});
$("#create").addEventListener("change", (event) => {
  if (["scapegoat", "cast"].includes(event.target.name)) for (const box of document.querySelectorAll("details.choices")) box.update();
  showWhen();
});
$("#newer").addEventListener("click", () => { page = Math.max(0, page - 1); refresh(); });
$("#older").addEventListener("click", () => { page += 1; refresh(); });
$("#lang").addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); });
$("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!current()) return;  // the modes are still loading
  const form = event.target;
  const settings = { mode: current().name, name: form.elements.name.value };
  if (form.elements.password.value) settings.password = form.elements.password.value;
  if (form.elements.private.checked) settings.private = true;  // never listed in the game history
  if (form.elements.accounts_only.checked) settings.accounts_only = true;
  if (form.elements.ready_check.checked) settings.ready_check = true;  // the seats confirm they are there
  for (const input of $("#mode-fields").querySelectorAll("[name]")) {
    if (input.closest("[data-when-key][hidden]")) continue;  // a field the chosen cast does not use: its default
    const { group, kind } = input.dataset;
    let value = kind === "boolean" ? input.checked : input.value;
    if (kind === "integer") { if (value === "") continue; value = Number(value); }
    if (group) { settings[group] = settings[group] || {}; settings[group][input.name] = value; } else settings[input.name] = value;
  }
  const response = await fetch("/api/rooms", { method: "POST", body: JSON.stringify(settings) });
  const data = await response.json();
  if (!response.ok) { $("#error").textContent = t(data.error, data.ja || data.error); return; }
  if (settings.password) {  // the host who just set the password is not asked for it again: the room opens to him
    const watched = await fetch(`/api/rooms/${data.id}/watch`, { method: "POST", body: JSON.stringify({ password: settings.password }) });
    if (watched.ok) localStorage.setItem(`jinrou-pass-${data.id}`, (await watched.json()).pass);
    sessionStorage.setItem(`jinrou-password-${data.id}`, settings.password);  // his seat's form is filled in
  }
  location.href = `/room/${data.id}`;
});

applyLanguage();  // the page's own labels at once; the modes' when they come
(async () => {
  modes = await (await fetch("/api/modes")).json();
  applyLanguage();
  refresh();
  setInterval(refresh, 3000);
})();
