"use strict";
// A role's rule a tap away, on every page (the room's too): any element with data-role="ID" (a
// role's name in the card, the cast, the players, the end table, a claim) opens that role's card
// over the page — its name, its category and team, its rule as the role declares it (the lobby
// form's choices, GET /api/modes) — without leaving it; a tap outside, Close or Escape closes it.
window.jinrouRules = (() => {
  let modes = null, card = null;
  const style = document.createElement("style");  // a constant: what a role's name and its card look like
  style.textContent = `[data-role] { cursor: pointer; text-decoration: underline dotted; }
dialog.rule-card { max-width: min(34em, 92vw); border: 1px solid #ddd; border-radius: 6px; color: #222; background: #fff; }
dialog.rule-card::backdrop { background: rgba(0, 0, 0, .35); }
dialog.rule-card button { min-height: 44px; min-width: 44px; }`;
  document.head.append(style);
  const lang = () => document.documentElement.lang === "en" ? "en" : "ja";
  const t = (en, ja) => (lang() === "ja" ? ja : en);
  function schemas() {  // the modes and their settings schemas, fetched once
    if (!modes) modes = fetch("/api/modes").then((r) => r.json()).catch(() => { modes = null; return []; });
    return modes;
  }
  async function roles() {  // every declared role: {value, en, ja, group, rule} of every mode's roles field
    const found = [];
    for (const mode of await schemas()) {
      const field = mode.schema.fields.find((f) => f.key === "roles" && f.choices);
      if (field) found.push(...field.choices.map((c) => ({ ...c, mode: mode.name })));
    }
    return found;
  }
  function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
  async function show(id) {
    const role = (await roles()).find((r) => r.value === id);
    if (!role) return false;
    if (!card) {
      card = el("dialog", undefined, "rule-card");
      card.addEventListener("click", (event) => { if (event.target === card) card.close(); });
      document.body.append(card);
    }
    const close = el("button", t("Close", "閉じる"), "secondary");
    close.type = "button";
    close.addEventListener("click", () => card.close());
    const title = el("h2", t(`${role.en} (${role.ja})`, role.ja));
    title.dataset.ruleOf = role.value;
    card.replaceChildren(title, el("p", role.group ? t(role.group.en, role.group.ja) : "", "muted"),
      el("p", role.rule ? t(role.rule.en, role.rule.ja) : ""), close);
    if (!card.open) card.showModal();
    return true;
  }
  document.addEventListener("click", (event) => {
    const named = event.target.closest && event.target.closest("[data-role]");
    if (named && named.dataset.role) { event.preventDefault(); show(named.dataset.role); }
  });
  return { schemas, roles, show };
})();
