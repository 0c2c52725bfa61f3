"use strict";
// The lobby's account box (docs/server.md, "Accounts"): sign up, log in, log out. Optional: rooms
// need no account, unless their host made them accounts-only. Uses the lobby's t() and lang.
const account = document.getElementById("account");

function say(node, en, ja) { node.dataset.en = en; node.dataset.ja = ja; node.textContent = t(en, ja); return node; }

async function send(path, data) {  // JSON, as the server's cross-site defence asks of a script
  const response = await fetch(`/api/account/${path}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(data || {}) });
  let body = {};
  try { body = await response.json(); } catch (error) { /* not JSON: the status says enough */ }
  return { ok: response.ok, body };
}

function signedIn(me) {
  const who = el("span", undefined, "muted");
  who.id = "account-name";
  say(who, `signed in as ${me.name}`, `${me.name} でログイン中`);
  const out = say(el("button"), "Log out", "ログアウト");
  out.type = "button"; out.className = "secondary"; out.id = "logout";
  out.addEventListener("click", async () => { await send("logout"); show(); });
  const profile = say(el("a"), "your record", "自分の戦績");
  profile.href = `/player/${encodeURIComponent(me.name)}`; profile.id = "profile";
  const extra = [];
  if (me.admin) {  // the administrators' page: the reports' queue and the bans
    const reports = say(el("a"), "reports and bans", "通報と禁止");
    reports.href = "/admin"; reports.id = "admin-reports";
    extra.push(reports, " ");
  }
  account.querySelector(".box").replaceChildren(who, " ", profile, " ", ...extra, out);
}

function signedOut() {
  const form = el("form");
  form.id = "account-form";
  const name = el("input"); name.name = "user"; name.required = true; name.maxLength = 20; name.autocomplete = "username";
  const password = el("input"); password.name = "secret"; password.type = "password"; password.required = true;
  password.minLength = 8; password.maxLength = 128; password.autocomplete = "current-password";
  const nameLabel = el("label"); nameLabel.append(say(el("span"), "User name", "ユーザー名"), " ", name);
  const passwordLabel = el("label"); passwordLabel.append(say(el("span"), "Password", "パスワード"), " ", password);
  const login = say(el("button"), "Log in", "ログイン"); login.type = "submit"; login.value = "login"; login.id = "login";
  const register = say(el("button"), "Sign up", "登録"); register.type = "submit"; register.value = "register";
  register.className = "secondary"; register.id = "register";
  const note = say(el("p", undefined, "muted"), "Optional: play without an account, or sign up to keep your name and record.",
                   "任意です。アカウントなしでも遊べます。登録すると名前と戦績が残ります。");
  form.append(nameLabel, passwordLabel, login, register);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const door = event.submitter && event.submitter.value === "register" ? "register" : "login";
    const answer = await send(door, { name: name.value, password: password.value });
    if (!answer.ok) { say($("#account-error"), answer.body.error || "refused", answer.body.ja || answer.body.error || "拒否されました"); return; }
    $("#account-error").textContent = "";
    signedIn(answer.body.account);
  });
  account.querySelector(".box").replaceChildren(note, form);
}

async function show() {
  let me = null;
  try { me = (await (await fetch("/api/account/me")).json()).account; } catch (error) { /* away: signed out for now */ }
  if (me) signedIn(me); else signedOut();
}

show();
