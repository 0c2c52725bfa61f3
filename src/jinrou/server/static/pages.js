"use strict";
// What the history's pages share (/games, /games/{id}, /replay, /roles): the language, a few DOM
// helpers; the role rules and their card come from rules.js.
const pages = (() => {
  let lang = localStorage.getItem("jinrou-lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
  const $ = (selector) => document.querySelector(selector);
  function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
  function t(en, ja) { return lang === "ja" ? ja : en; }
  function tx(pair) { return pair ? t(pair.en, pair.ja) : ""; }
  function own(text) { const e = el("span", text); e.translate = false; return e; }  // a player's data: never translated
  function schemas() { return window.jinrouRules.schemas(); }
  function roles() { return window.jinrouRules.roles(); }
  function showRule(id) { return window.jinrouRules.show(id); }
  const listeners = [];
  function applyLanguage() {
    document.documentElement.lang = lang;
    for (const node of document.querySelectorAll("[data-en]")) node.textContent = lang === "ja" ? node.dataset.ja : node.dataset.en;
    const toggle = $("#lang");
    if (toggle) toggle.textContent = lang === "ja" ? "English" : "日本語";
    for (const listener of listeners) listener();
  }
  function onLanguage(listener) { listeners.push(listener); }
  document.addEventListener("DOMContentLoaded", () => {
    const toggle = $("#lang");
    if (toggle) toggle.addEventListener("click", () => { lang = lang === "ja" ? "en" : "ja"; localStorage.setItem("jinrou-lang", lang); applyLanguage(); });
  });
  function when(at) {  // an end time in the reader's own time zone
    return new Date(at * 1000).toLocaleString(lang === "ja" ? "ja-JP" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  }
  async function getJSON(url, options) {  // the answer, or throws an Error with the message in the page's language
    const response = await fetch(url, options);
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(t(body.error || `error ${response.status}`, body.ja || body.error || `エラー ${response.status}`));
    return body;
  }
  return { $, el, t, tx, own, schemas, roles, showRule, applyLanguage, onLanguage, when, getJSON, get lang() { return lang; } };
})();
