"use strict";
// The game history (/games): every finished game, newest first, filtered by the form (which the
// address keeps: a filtered list can be shared), twenty a page; a row opens the game's page.
(() => {
  const { $, el, t, tx, own, when, getJSON } = pages;
  let modes = [], roles = [], before = [], games = [];
  const form = $("#filters");

  function option(value, text) { const o = el("option", text); o.value = value; return o; }

  function fillSelects() {  // the choices in the page's language, the chosen values kept
    const keep = { mode: form.mode.value, preset: form.preset.value, winner: form.winner.value };
    $("#f-mode").replaceChildren(option("", t("all", "すべて")), ...modes.map((m) => option(m.name, t(...m.title))));
    const presets = [option("", t("all", "すべて"))];
    for (const mode of modes) {
      const cast = mode.schema.fields.find((f) => f.key === "cast");
      const safety = mode.schema.fields.find((f) => f.key === "yaminabe_safety");
      if (!cast) continue;
      for (const c of cast.choices) {  // a 闇鍋 at each level; a cast named by a field of its own (a preset) with each choice
        const own = mode.schema.fields.find((f) => f.key === c.value && f.choices);
        const levels = ["yaminabe", "partial", "easy"].includes(c.value) && safety ? safety : own;
        if (levels) for (const s of levels.choices) presets.push(option(`${c.value}:${s.value}`, `${tx(c)} ${tx(s)}`));
        else presets.push(option(c.value, tx(c)));
      }
    }
    $("#f-preset").replaceChildren(...presets);
    const winners = modes.flatMap((m) => (m.winners || []).map((w) => option(w.key, modes.length > 1 ? `${t(...m.title)}: ${tx(w)}` : tx(w))));
    $("#f-winner").replaceChildren(option("", t("all", "すべて")), ...winners);  // each mode's, as it names them
    $("#f-roles").replaceChildren(...roles.map((r) => option(t(`${r.en} (${r.ja})`, `${r.ja}（${r.en}）`), "")));
    for (const [key, value] of Object.entries(keep)) form[key].value = value;
  }

  function roleId(text) {  // a role typed or picked by its Japanese or English name (or id)
    const plain = text.trim().toLowerCase();
    if (!plain) return "";
    const found = roles.find((r) => [r.value, r.en, r.ja, `${r.en} (${r.ja})`, `${r.ja}（${r.en}）`].some((x) => x.toLowerCase() === plain));
    return found ? found.value : text.trim();
  }

  function query() {  // the form as the API's query
    const q = new URLSearchParams();
    for (const key of ["mode", "preset", "seats", "winner", "player", "after"]) if (form[key].value) q.set(key, form[key].value);
    if (form.role.value) q.set("role", roleId(form.role.value));
    if (form.until.value) {  // until a day, that day included
      const next = new Date(`${form.until.value}T00:00:00Z`); next.setUTCDate(next.getUTCDate() + 1);
      q.set("before", next.toISOString().slice(0, 10));
    }
    return q;
  }

  async function load(cursor) {
    const q = query();
    if (cursor) q.set("before", cursor);
    $("#error").textContent = "";
    try {
      const page = await getJSON(`/api/games?${q}`);
      games = page.games;
      $("#older").hidden = !page.next;
      $("#older").dataset.next = page.next || "";
      $("#newest").hidden = !before.length;
      draw();
    } catch (error) { $("#error").textContent = error.message; }
  }

  function draw() {
    $("#empty").hidden = games.length > 0;
    $("#games tbody").replaceChildren(...games.map((g) => {
      const tr = el("tr");
      const link = el("a");
      link.href = `/games/${encodeURIComponent(g.id)}`;
      link.append(own(g.name));
      tr.addEventListener("click", (event) => { if (event.target.tagName !== "A") location.href = link.href; });
      const winner = el("td", tx(g.winner));
      const cast = el("td", tx(g.cast) || tx(g.preset), "cast");
      if (tx(g.cast)) cast.prepend(el("span", `${tx(g.preset)} · `, "muted"));
      tr.append(el("td"), el("td", when(g.at)), el("td", t(...g.title)), el("td", t(`${g.seats}`, `${g.seats}人`)), cast, winner,
        el("td", tx(g.length)));
      tr.firstChild.append(link);
      if (g.password) tr.firstChild.append(" ", el("span", "🔒", "muted"));
      return tr;
    }));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    before = [];
    const shown = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (value) shown.set(key, value);
    history.replaceState(null, "", `/games${shown.toString() ? `?${shown}` : ""}`);
    load(null);
  });
  $("#clear").addEventListener("click", () => { form.reset(); form.requestSubmit(); });
  $("#older").addEventListener("click", () => { before.push($("#older").dataset.next); load(before[before.length - 1]); });
  $("#newest").addEventListener("click", () => { before = []; load(null); });
  pages.onLanguage(() => { fillSelects(); draw(); });

  (async () => {
    const given = new URLSearchParams(location.search);
    modes = await pages.schemas();
    roles = await pages.roles();
    fillSelects();
    for (const [key, value] of given) if (form[key]) form[key].value = value;
    pages.applyLanguage();
    load(null);
  })();
})();
