"use strict";
// Classic werewolf (人狼, 月下人狼's roles) in the room shell: your role card, what you may do now (the
// night's actions, the vote, the hunter's shot), the claims you can post (the same structured claims
// the bots make), the players with what is public, the published role list, and the end with every
// role and the roles each seat held, and the room's settings (before and during the game). One language at
// a time: role names in the page's language (in English with the Japanese beside, as players of 月下人狼 know
// them). Player data is only ever set as text; the mode's CSS is injected once.
(() => {
  const STYLE = `
  #board .c-card .c-role { font-size: 18px; margin: 2px 0 6px; }
  #board .c-card .c-team { color: var(--muted); font-size: 14px; }
  #board .c-card .c-rule { font-size: 14px; margin: 4px 0 6px; padding: 6px 8px; background: #f8f9fa; border-radius: 4px; }
  #board .c-settings summary { cursor: pointer; font-weight: bold; font-size: 15px; }
  #board .c-settings .c-setline { font-size: 14px; margin: 4px 0; }
  #board .c-settings dl { display: grid; grid-template-columns: auto auto; gap: 2px 10px; font-size: 13px; margin: 4px 0; }
  #board .c-settings dt { color: var(--muted); }
  #board .c-settings dd { margin: 0; }
  #board .c-list { list-style: none; padding: 0; margin: 4px 0; font-size: 14px; }
  #board .c-list li { padding: 3px 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
  #board .c-list li:last-child { border-bottom: 0; }
  #board .c-list li.c-at { font-weight: bold; font-size: 13px; color: var(--muted); border-bottom: 0; padding-top: 6px; }
  #board .c-players li { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: baseline; }
  #board .c-players li.dead .c-name { color: #666; text-decoration: line-through; }
  #board .c-players li.you .c-name { font-weight: bold; }
  #board .c-badge { font-size: 12px; border-radius: 10px; padding: 0 7px; background: #e9ecef; white-space: nowrap; }
  #board .c-badge.role { background: #fff3bf; }
  #board .c-badge.wolf { background: #ffe3e3; }
  #board .c-badge.win { background: #d3f9d8; }
  #board .c-badge.lose { background: #f1f3f5; color: #495057; }
  #board .c-claims { flex-basis: 100%; color: var(--muted); font-size: 12px; }
  #board form.c-form { margin: 6px 0; }
  #board form.c-form select { max-width: 100%; min-width: 0; }
  #board form.c-form .c-verb { font-weight: bold; min-width: 5em; }
  #board .c-required { color: #c92a2a; font-size: 12px; }
  #board .c-note { color: var(--muted); font-size: 12px; }
  #board .c-missing { color: #c21f1f; font-size: 13px; }
  #board button.c-danger { background: #b02a37; }
  #board .c-status { color: var(--muted); font-size: 14px; margin: 4px 0; }
  #board details.c-claims-panel summary { cursor: pointer; font-weight: bold; font-size: 15px; }
  table.c-end { border-collapse: collapse; width: 100%; font-size: 14px; }
  table.c-end td, table.c-end th { border-bottom: 1px solid var(--line); padding: 3px 4px; text-align: left;
    overflow-wrap: normal; word-break: keep-all; }
  table.c-end .c-short { white-space: nowrap; }
  @media (max-width: 600px) {  /* a phone: the five columns fit 390 px, the result too, without scrolling */
    table.c-end { font-size: 13px; }
    table.c-end td, table.c-end th { padding: 3px 2px; }
  }
  #board button { min-height: 44px; }
  body.night #board section { background: #f4f5fb; }
  `;
  const SKELETON = `
  <section id="c-master" hidden><h2 id="c-master-title"></h2><p class="c-note" id="c-master-note"></p>
    <button type="button" id="c-longer"></button> <button type="button" id="c-shorter"></button></section>
  <section class="c-card" id="c-card" hidden><h2 id="c-card-title"></h2>
    <p class="c-role" id="c-role"></p><p class="c-team" id="c-team"></p><p class="c-rule" id="c-rule"></p>
    <ul class="c-list" id="c-facts"></ul><h2 id="c-results-title"></h2><ul class="c-list" id="c-results"></ul></section>
  <section id="c-request" hidden><h2 id="c-request-title"></h2><p class="c-note" id="c-request-note"></p>
    <div id="c-request-form"></div><p class="c-status" id="c-request-asked"></p><ul class="c-list" id="c-request-roles"></ul></section>
  <section id="c-act" hidden><h2 id="c-act-title"></h2><div id="c-forms"></div>
    <p class="c-status" id="c-status"></p><button type="button" id="c-done"></button>
    <ul class="c-list" id="c-proposals"></ul></section>
  <section id="c-claim-section" hidden><details class="c-claims-panel" id="c-claim-panel"><summary id="c-claim-title"></summary>
    <div id="c-claim-forms"></div></details></section>
  <section id="c-will" hidden><h2 id="c-will-title"></h2><p class="c-note" id="c-will-note"></p><div id="c-will-form"></div></section>
  <section id="c-end" hidden><h2 id="c-end-title"></h2><p class="end" id="c-winner"></p>
    <div class="scroll"><table class="c-end"><thead id="c-end-head"></thead><tbody id="c-end-body"></tbody></table></div></section>
  <section id="c-players-section"><h2 id="c-players-title"></h2><ul class="c-list c-players" id="c-players"></ul></section>
  <section id="c-published" hidden><h2 id="c-published-title"></h2><p class="c-status" id="c-announcement"></p>
    <ul class="c-list" id="c-roles"></ul></section>
  <section class="c-settings" id="c-settings" hidden><details id="c-settings-panel"><summary id="c-settings-title"></summary>
    <dl id="c-settings-rules"></dl></details><p class="c-setline" id="c-settings-line"></p></section>`;
  let ctx = null;
  const built = {};  // what each form area was last built for: a rebuild would lose the choices being made
  const $ = (selector) => document.querySelector(selector);  // the mode's ids start with c-
  const tx = (pair) => (pair ? ctx.t(pair.en, pair.ja) : "");
  const both = (pair) => (pair ? ctx.t(`${pair.en} (${pair.ja})`, `${pair.ja}（${pair.en}）`) : "");
  const named = (pair) => (pair ? ctx.t(`${pair.en} (${pair.ja})`, pair.ja) : "");  // a role: 月下人狼's name in English too

  function option(value, text) { const o = ctx.el("option", text); o.value = value; return o; }
  function select(name, values) { const s = ctx.el("select"); s.name = name; s.append(...values.map(([v, text]) => option(v, text))); return s; }
  // A role's name: a tap opens its rule over the page (rules.js, the shell's), without leaving the room.
  function roleName(node, role) { if (role && role.id) node.dataset.role = role.id; return node; }
  function badge(text, cls) { return ctx.el("span", text, `c-badge ${cls || ""}`.trim()); }
  function button(text) { const b = ctx.el("button", text); b.type = "submit"; return b; }

  function setup() {
    if (!document.getElementById("classic-style")) {
      const style = document.createElement("style");
      style.id = "classic-style";
      style.textContent = STYLE;  // a constant
      document.head.append(style);
    }
    ctx.root.innerHTML = SKELETON;  // a constant: no player data
    document.getElementById("end-panel").after($("#c-end"));  // every role at the end: in the main column, wide
    $("#c-done").addEventListener("click", () => ctx.act({ done: true }));
  }

  // Rebuild ``area`` only when ``key`` changed (a new phase, new targets, the language).
  function rebuild(area, key, make) {
    if (built[area] === key) return;
    built[area] = key;
    $(area).replaceChildren(...make());
  }

  function renderCard(game) {
    const me = game && game.me;
    $("#c-card").hidden = !me;
    if (!me) return;
    $("#c-card-title").textContent = ctx.t("Your role", "あなたの役職");
    const shown = me.shown && tx(me.shown) !== tx(me.role) ? me.shown : me.role;  // 「狼の子分（占い師）」 (W.1.8)
    $("#c-role").replaceChildren(roleName(ctx.el("strong", tx(shown)), me.role), ctx.t(` (${shown.ja})`, ""));
    $("#c-team").textContent = `${tx(me.team)}${me.alive ? "" : ctx.t(" — you are dead", " — 死亡")}`
      + (me.sealed ? ctx.t(" — sealed tonight (封印)", " — 今夜は封印されています") : "");
    $("#c-rule").textContent = tx(me.rule);
    const facts = [];
    if (me.pair) facts.push(ctx.t(`Your second role (chemical): ${named(me.pair)} — ${me.pair.rule.en}`,
      `もうひとつの役職（ケミカル人狼）: ${me.pair.rule.ja}`));  // both halves' rules: the card's title shows 「人狼×占い師」
    for (const sub of me.subs) facts.push(ctx.t(`Also: ${named(sub)} — ${sub.rule.en}`, `付加: ${sub.rule.ja}`));
    if (me.known.length) {
      const labels = {};  // a seat known under two labels (a 子狐 that is the 妖狐's lover) shows both
      for (const k of me.known) (labels[k.name] = labels[k.name] || []).push(tx(k));
      facts.push(ctx.t("You know: ", "知っている人: ") + Object.entries(labels).map(([name, l]) => `${name} (${l.join(ctx.t(", ", "・"))})`).join(", "));
    }
    // what the card claims is what the seat may still use: alive, its night abilities (not those it has only
    // while dead) and its day abilities, each on its line; dead or over, none — what a dead seat may still do
    // (狡猾な狼's rise, W.1.10) is the "Tonight (while dead)" line, when it is open
    if (me.alive && !game.result) {
      const night = me.abilities.filter((a) => a.when !== "day" && !a.while_dead);
      const day = me.abilities.filter((a) => a.when === "day");
      // an ability spent for good (a once-per-game one used, 魔女's potions) stays listed, marked used
      const ability = (a) => tx(a) + (a.spent ? ctx.t(" (used)", "（使用済み）") : "");
      facts.push(night.length ? ctx.t("At night you may: ", "夜にできること: ") + night.map(ability).join(", ")
        : ctx.t("You have no night action.", "夜の行動はありません。"));
      if (day.length) facts.push(ctx.t("By day you may: ", "昼にできること: ") + day.map(ability).join(", "));
    }
    const tonight = game.legal.filter((l) => l.verb !== "vote");
    // by day, what is still open of them is the "Today" section's controls (W.1.1: open all day)
    if (game.stage === "night" && (me.alive || tonight.length)) {
      const label = me.alive ? ctx.t("Tonight: ", "今夜: ") : ctx.t("Tonight (while dead): ", "今夜（死亡中）: ");
      facts.push(tonight.length
        ? label + tonight.map((l) => `${tx(l)}${l.required ? ctx.t(" (required)", "（必須）") : ""}`).join(", ")
        : me.sealed ? ctx.t("Sealed tonight: no night action.", "今夜は封印されていて、夜の行動はできません。")
          : ctx.t("No action you can take tonight.", "今夜できる行動はありません。"));
    }
    $("#c-facts").replaceChildren(...facts.map((f) => ctx.el("li", f)));
    $("#c-results-title").textContent = ctx.t("Your results", "あなたへの通知");
    // grouped under the night or day each belongs to (「2日目 夜」), the latest first
    const groups = [];
    for (const r of me.results) {
      const at = r.at ? tx(r.at) : "";
      if (!groups.length || groups[groups.length - 1].at !== at) groups.push({ at, items: [] });
      groups[groups.length - 1].items.push(tx(r));
    }
    $("#c-results").replaceChildren(...(groups.length ? groups.reverse().flatMap((g) => [
      ...(g.at ? [ctx.el("li", g.at, "c-at")] : []), ...g.items.map((text) => ctx.el("li", text))])
      : [ctx.el("li", ctx.t("nothing yet", "まだありません"))]));
  }

  // Safe controls: no seat is chosen in advance (「選択してください」), and what cannot be taken back (an
  // execution, a kill, a potion, a once-per-game ability, 自爆: the view's ``confirm``) is asked again.
  const SELF_DESTRUCT = { en: "Self-destruct (自爆)? You die now and the day ends without a vote.",
    ja: "自爆しますか？ あなたは今すぐ死亡し、今日は投票なしで終わります。" };

  function targetSelect(name, names, nobody) {  // a list of seats, none chosen: the player picks one
    const s = select(name, names.map((n) => [n, n]));
    if (nobody) s.append(option("-", tx(nobody)));  // an action taken with no target too (怪盗's 「盗まない」)
    const none = option("", ctx.t("Choose…", "選択してください"));
    none.disabled = true;
    s.prepend(none);
    s.value = "";
    s.required = true;
    s.translate = false;  // player names
    return s;
  }

  function question(legal, picked) {  // the question before an action that cannot be taken back
    if (legal.verb === "selfdestruct") return tx(SELF_DESTRUCT);
    const who = picked.join(ctx.t(" and ", "と"));
    return picked.length
      ? ctx.t(`${tx(legal)}: ${who}? This cannot be taken back.`, `${who}に「${tx(legal)}」を使います。取り消せません。よろしいですか？`)
      : ctx.t(`${tx(legal)}? This cannot be taken back.`, `「${tx(legal)}」を使います。取り消せません。よろしいですか？`);
  }

  function actionForm(legal) {
    const form = ctx.el("form", undefined, "c-form");
    form.noValidate = true;  // the page says what is missing, in its language
    const alone = legal.verb !== "vote" && !legal.arity && !(legal.params || []).length;  // gorge, feign, rise, 自爆
    const texts = (legal.params || []).filter((p) => p.kind === "text");  // 歌人's poem: a text box with its limit
    if (alone) {  // one button, named for what it does
      const go = button(tx(legal));
      go.className = legal.confirm ? "c-one c-danger" : "c-one";
      form.append(go);
      if (legal.required) form.append(ctx.el("span", ctx.t("required", "必須"), "c-required"));
      if (legal.note) form.append(ctx.el("span", tx(legal.note), "c-note"));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        if (legal.confirm && !window.confirm(question(legal, []))) return;
        ctx.act({ act: legal.verb, targets: [] });
      });
      form.dataset.verb = legal.verb;
      return form;
    }
    form.append(ctx.el("span", tx(legal), "c-verb"));
    for (let i = 0; i < (legal.verb === "vote" ? 1 : legal.arity); i += 1) form.append(targetSelect(`target${i}`, legal.targets, legal.none));
    // typed parameters: a role id (a select of roles), a choice (a select of its words), a kit
    for (const param of legal.params || []) {
      if (param.kind === "text") {
        const box = ctx.el("textarea", undefined, "c-text");
        box.name = `param-${param.key}`;
        box.maxLength = param.limit;
        box.rows = 3;
        box.placeholder = ctx.t(`Your ${param.key} (1–${param.limit} characters)`, `${param.key === "poem" ? "歌" : param.key}（1〜${param.limit}文字）`);
        box.dataset.kind = param.kind;
        form.append(box);
        continue;
      }
      const control = select(`param-${param.key}`, param.values.map((v) => [v.id, tx(v)]));
      control.dataset.kind = param.kind;
      form.append(control);
    }
    const go = button(legal.verb === "vote" ? ctx.t("Vote", "投票") : ctx.t("Confirm", "決定"));
    if (legal.confirm) go.className = "c-danger";
    form.append(go);
    if (legal.required && legal.verb !== "vote") form.append(ctx.el("span", ctx.t("required", "必須"), "c-required"));
    if (legal.note) form.append(ctx.el("span", tx(legal.note), "c-note"));  // 課金者: premium pulls left; two attacks
    const missing = ctx.el("span", "", "c-missing");
    missing.setAttribute("role", "alert");
    form.append(missing);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const picked = [...form.querySelectorAll("select[name^=target]")].map((s) => s.value);
      if (picked.some((p) => !p)) { missing.textContent = ctx.t("Choose a player first.", "先に対象を選択してください。"); return; }
      if (texts.some((p) => !form.querySelector(`[name="param-${p.key}"]`).value.trim())) {
        missing.textContent = ctx.t("Write it first.", "先に内容を書いてください。");
        return;
      }
      missing.textContent = "";
      if (legal.confirm && !window.confirm(question(legal, picked))) return;
      if (legal.verb === "vote") { ctx.act({ vote: picked[0] }); return; }
      const action = { act: legal.verb, targets: picked.filter((p) => p !== "-") };
      for (const param of legal.params || []) action[param.key] = form.querySelector(`[name="param-${param.key}"]`).value;
      ctx.act(action);
    });
    form.dataset.verb = legal.verb;
    return form;
  }

  function renderActions(view) {
    const game = view.game, me = game && game.me;
    const show = Boolean(me && !game.result && (game.legal.length || me.may_finish || me.ready || (me.alive && game.ballot)));
    $("#c-act").hidden = !show;
    if (!show) return;
    const dayActions = game.stage === "day" && game.legal.some((l) => l.verb !== "vote");
    const title = { night: ctx.t("Tonight", "今夜"), day: dayActions ? ctx.t("Today", "今日") : ctx.t("The vote", "投票"), hunter: ctx.t("The hunter's last shot", "ハンターの最期") };
    $("#c-act-title").textContent = title[game.stage] || "";
    const key = JSON.stringify([game.phase, game.turn, game.legal, ctx.t("en", "ja")]);
    rebuild("#c-forms", key, () => game.legal.map(actionForm));
    const status = [];
    const ballot = game.ballot;
    if (ballot) {
      if (ballot.runoff) status.push(ctx.t(`Runoff between ${ballot.candidates.join(", ")}.`, `決選投票: ${ballot.candidates.join("、")}`));
      else if (ballot.revotes) status.push(ctx.t(`Revote ${ballot.revotes}.`, `再投票 ${ballot.revotes}回目`));
      if (ballot.vote) status.push(ctx.t(`You voted for ${ballot.vote}.`, `${ballot.vote} に投票しました。`));
      if (game.turn === "discussion") status.push(ctx.t("Discussion: the vote opens after it.", "議論中: 投票は議論の後です。"));
      if (game.turn === "silent") status.push(ctx.t("The day's first seconds are silent (n秒ルール): nobody speaks yet.", "発言禁止の時間です（n秒ルール）。"));
    }
    if (me.ready) status.push(ctx.t("You are done: waiting for the others.", "完了しました。他の人を待っています。"));
    $("#c-status").textContent = status.join(" ");
    const done = $("#c-done");
    done.hidden = !me.may_finish;
    done.textContent = game.stage === "day" ? ctx.t("Ready to vote", "議論終了")
      : me.alive ? ctx.t("End my night", "眠る（夜の行動を終える）") : ctx.t("Skip the night", "次へ（夜を飛ばす）");
    $("#c-proposals").replaceChildren(...game.proposals.map((p) => ctx.el("li", ctx.t(
      `${p.wolf} proposes to attack ${p.target} (at the night's end, unless a wolf attacks first)`,
      `${p.wolf} の襲撃案: ${p.target}（誰も襲撃しなければ夜の終わりに実行）`))));
  }

  // 希望役職制: before the deal each player asks, privately, for a role of the cast or おまかせ (the view's
  // ``request``: its choices and the seat's own request only); a spectator is told the players are choosing.
  function renderRequest(view) {
    const game = view.game, request = game && game.request;
    const open = Boolean(game && game.stage === "requesting" && !game.result);
    $("#c-request").hidden = !open;
    if (!open) return;
    $("#c-request-title").textContent = ctx.t("Role requests (希望役職制)", "希望役職の選択");
    $("#c-request-note").textContent = request ? tx(request.note)
      : ctx.t("The players are choosing the role they would like; the deal follows.", "参加者が希望の役職を選んでいます。その後に配役されます。");
    const asked = request && request.asked;
    const key = JSON.stringify([Boolean(request), asked && asked.id, request && request.choices.map((c) => c.id), ctx.t("en", "ja")]);
    rebuild("#c-request-form", key, () => {
      if (!request) return [];
      const form = ctx.el("form", undefined, "c-form");
      const choice = select("request", [["", tx(request.none)], ...request.choices.map((c) => [c.id, `${named(c)} × ${c.count}`])]);
      choice.value = asked && asked.id ? asked.id : "";
      form.append(ctx.el("span", ctx.t("I would like", "希望"), "c-verb"), choice, button(ctx.t("Ask", "決定")));
      form.addEventListener("submit", (event) => { event.preventDefault(); ctx.act({ request: choice.value || null }); });
      return [form];
    });
    $("#c-request-asked").textContent = !request ? ""
      : !asked ? ctx.t(`Not chosen yet: after ${request.seconds} seconds it is left to chance.`, `未選択です。${request.seconds}秒たつとおまかせになります。`)
        : asked.id ? ctx.t(`You asked for ${named(asked)}; you may change it until the deal.`, `${asked.ja}を希望しました（配役まで変更できます）。`)
          : ctx.t("You leave it to chance (おまかせ); you may change it until the deal.", "おまかせにしました（配役まで変更できます）。");
    $("#c-request-roles").replaceChildren(...(request ? request.choices : []).map((c) =>
      roleName(ctx.el("li", `${named(c)} × ${c.count}`), c)));  // a tap on a role opens its rule
  }

  const RESULTS = () => [["human", ctx.t("human", "村人")], ["werewolf", ctx.t("werewolf", "人狼")]];
  const ONI = () => ["oni", ctx.t("oni", "鬼")];  // the 鬼 kinds (T.1.10)
  const DIVINED_RESULTS = () => [...RESULTS(), ["pumpkin", ctx.t("pumpkin", "かぼちゃ")], ONI()];  // かぼちゃ魔 (W.1.5)
  const IDENTIFIED_RESULTS = () => [...RESULTS(), ONI()];

  function claimForm(label, fields, make) {
    const form = ctx.el("form", undefined, "c-form");
    form.append(ctx.el("span", label, "c-verb"), ...fields, button(ctx.t("Say", "発言")));
    form.addEventListener("submit", (event) => { event.preventDefault(); ctx.act({ claim: make(form) }); });
    return form;
  }

  function renderClaims(view) {
    const game = view.game;
    const open = Boolean(game && game.co_roles && game.co_roles.length && !game.result);
    $("#c-claim-section").hidden = !open;
    if (!open) return;
    $("#c-claim-title").textContent = ctx.t("Claims (come out, results, your vote)", "発言（CO・結果・投票先）");
    const others = game.players.filter((p) => !p.you).map((p) => [p.name, p.name]);
    const living = game.players.filter((p) => !p.you && p.alive).map((p) => [p.name, p.name]);
    const value = (form, name) => form.querySelector(`select[name=${name}]`).value;
    const key = JSON.stringify([others, living, game.co_roles, ctx.t("en", "ja")]);
    rebuild("#c-claim-forms", key, () => [
      claimForm(ctx.t("Come out as", "CO"), [select("role", game.co_roles.map((r) => [r.id, tx(r)]))],
        (f) => ({ kind: "CO", role: value(f, "role") })),
      claimForm(ctx.t("I divined", "占い結果"), [select("target", others), select("result", DIVINED_RESULTS())],
        (f) => ({ kind: "DIVINED", target: value(f, "target"), result: value(f, "result") })),
      claimForm(ctx.t("Psychic result", "霊能結果"), [select("target", others), select("result", IDENTIFIED_RESULTS())],
        (f) => ({ kind: "IDENTIFIED", target: value(f, "target"), result: value(f, "result") })),
      claimForm(ctx.t("I will vote", "投票先"), [select("target", living)], (f) => ({ kind: "VOTE", target: value(f, "target") })),
      claimForm(ctx.t("I think", "推理"), [select("target", living), select("result", RESULTS())],
        (f) => ({ kind: "ESTIMATE", target: value(f, "target"), result: value(f, "result") })),
    ]);
  }

  function renderMaster(view) {  // a GM room's game master: sees everything, talks, changes the time
    const master = view.game && view.game.master;
    const mine = Boolean(master && master.you && !view.game.result);
    $("#c-master").hidden = !mine;
    if (!mine) return;
    $("#c-master-title").textContent = ctx.t("You are the game master", "あなたはゲームマスターです");
    $("#c-master-note").textContent = ctx.t("You see every role and chat; write in the village, to the dead (GM → the dead), to the spectators (GM → spectators) or to one player (GM → name); you never act for a seat.",
      "全員の役職と会話が見えます。村・霊界（GM→霊界）・観戦者（GM→観戦者）・各参加者あて（GM→名前）に書けます。誰かの代わりに行動はできません。");
    const longer = $("#c-longer"), shorter = $("#c-shorter");
    longer.textContent = ctx.t("30 s longer", "30秒延長"); shorter.textContent = ctx.t("30 s shorter", "30秒短縮");
    longer.onclick = () => ctx.extend(30); shorter.onclick = () => ctx.extend(-30);
  }

  function renderWill(view) {  // 遺言: written while alive, read out to everybody at the writer's death
    const me = view.game && view.game.me;
    const open = Boolean(me && me.will !== null && me.will !== undefined && me.may_will);
    $("#c-will").hidden = !open;
    if (!open) return;
    $("#c-will-title").textContent = ctx.t("Your will", "遺言");
    $("#c-will-note").textContent = ctx.t("Read out to everybody when you die; nobody reads it before.", "あなたが死んだときに全員に公開されます。それまでは誰も読めません。");
    rebuild("#c-will-form", JSON.stringify([me.will, ctx.t("en", "ja")]), () => {
      const form = ctx.el("form", undefined, "c-form");
      const text = ctx.el("textarea"); text.name = "will"; text.maxLength = 300; text.rows = 3; text.value = me.will;
      text.setAttribute("aria-label", ctx.t("Your will", "遺言"));
      form.append(text, button(ctx.t("Save my will", "遺言を残す")));
      form.addEventListener("submit", (event) => { event.preventDefault(); ctx.act({ will: text.value }); });
      return [form];
    });
  }

  function renderPlayers(view) {
    const game = view.game;
    $("#c-players-title").textContent = ctx.t("Players", "参加者");
    const players = game ? game.players : view.room.seat_list.filter(Boolean).map((s) => ({ name: s.name, alive: true }));
    const claims = {};
    for (const c of (game ? game.claims : [])) if (c.kind !== "VOTE" && c.kind !== "ESTIMATE") (claims[c.player] = claims[c.player] || []).push(c);
    $("#c-players").replaceChildren(...players.map((p) => {
      const li = ctx.el("li", undefined, [p.alive ? "" : "dead", p.you ? "you" : ""].join(" ").trim());
      const name = ctx.el("span", p.name, "c-name");
      name.translate = false;  // player data
      li.append(name);
      const shown = ctx.title && ctx.title(p.name);  // the 称号 the seat's account shows
      if (shown) li.append(shown);
      li.append(badge(p.alive ? ctx.t("alive", "生存") : `${ctx.t("dead", "死亡")}${p.cause ? ` · ${tx(p.cause)}` : ""}`));
      if (p.scapegoat) li.append(badge(ctx.t("NPC", "身代わり")));  // 身代わりくん: a label in each language
      if (p.role) {
        const team = p.team || p.role.team;  // at the end, the team it ended in (狼の子分: 人狼陣営)
        li.append(roleName(badge(shownName(p), team && team.id === "Werewolf" ? "role wolf" : "role"), p.role));
      }
      for (const k of (p.role ? [] : p.known || [])) li.append(badge(tx(k), k.id === "wolves" ? "wolf" : "role"));
      if (p.won !== undefined) li.append(badge(p.won ? ctx.t("won", "勝利") : ctx.t("lost", "敗北"), p.won ? "win" : "lose"));
      if (claims[p.name]) {  // a claim's role (占い師CO) opens its rule too
        const said = ctx.el("span", undefined, "c-claims");
        claims[p.name].forEach((c, i) => said.append(...(i ? [" · "] : []), roleName(ctx.el("span", tx(c)), c.role ? { id: c.role } : null)));
        li.append(said);
      }
      return li;
    }));
  }

  // A seat's role as shown with its sub-roles (「狼の子分（占い師）」, W.1.8) or its second role (「人狼×占い師」), else the role's name.
  function shownName(p) {
    const shown = p.shown && (p.pair || (p.subs && p.subs.length)) && tx(p.shown) !== tx(p.role) ? p.shown : p.role;
    return named(shown);
  }

  function renderPublished(game, room) {
    const list = game && game.published;
    $("#c-published").hidden = !list;
    if (!list) return;
    // エンドレス闇鍋: the list is the start's; a newcomer's role is drawn when he takes his seat, and never listed
    $("#c-published-title").textContent = room && room.cast === "endless"
      ? ctx.t("The cast at the start (newcomers draw theirs)", "開始時の配役（途中参加者の役職は参加時に決まります）")
      : ctx.t("The cast", "配役");
    $("#c-announcement").textContent = tx(list.announcement);
    const rows = list.kind === "full" ? list.roles.map((r) => roleName(ctx.el("li", `${named(r)} × ${r.count}`), r))
      : list.kind === "team" ? list.teams.map((team) => ctx.el("li", `${tx(team)} × ${team.count}`))
        : [ctx.el("li", ctx.t("hidden (非公開)", "非公開"))];
    $("#c-roles").replaceChildren(...rows);
  }

  function renderEnd(game, room) {
    const over = Boolean(game && game.result && game.winner);
    $("#c-end").hidden = !over;
    if (!over) return;
    $("#c-end-title").textContent = ctx.t("Every role", "全員の役職");
    $("#c-winner").textContent = ctx.t(`Winner: ${game.winner.en} (${game.winner.ja})`, `勝利: ${game.winner.ja}`);
    const head = ctx.el("tr");
    head.append(...[ctx.t("player", "参加者"), ctx.t("role", "役職"), ctx.t("team", "陣営"), ctx.t("end", "最後"), ctx.t("result", "勝敗")]
      .map((text) => ctx.el("th", text, "c-short")));
    $("#c-end-head").replaceChildren(head);
    $("#c-end-body").replaceChildren(...game.players.map((p) => {
      const tr = ctx.el("tr");
      const held = (p.history && p.history.length ? p.history : p.role ? [p.role] : []).map(tx);  // 呪われた者 → 人狼
      if (held.length && p.shown && (p.subs && p.subs.length || p.pair && !(p.history && p.history.length))
          && tx(p.shown) !== tx(p.role)) held[held.length - 1] = tx(p.shown);  // a ケミカル seat: 「人狼×占い師」
      const seat = p.seat !== null && p.seat !== undefined && room ? room.seat_list[p.seat] : null;
      const name = ctx.el("td", seat && seat.mask ? `${p.name} = ${seat.name}` : p.name);  // 覆面: revealed at the end
      name.translate = false;
      const team = p.team || (p.role && p.role.team);  // the team it ended in (a 狼の子分 won with the wolves)
      tr.append(name, roleName(ctx.el("td", held.join(" → ")), p.role), ctx.el("td", team ? tx(team) : ""),
        ctx.el("td", p.alive ? ctx.t("alive", "生存") : tx(p.cause)), ctx.el("td", p.won ? ctx.t("won", "勝利") : ctx.t("lost", "敗北"), "c-short"));
      return tr;
    }));
  }

  // The room's settings: the labels are the lobby form's (GET /api/modes), fetched once.
  let schema = null, asked = false;
  const SHOWN = ["players", "cast", "preset", "yaminabe_safety", "yaminabe_hidejobs"];
  const ROOM_SHOWN = ["blind", "gm"];  // from the mode's summary (its words for each), in the line too

  function settingText(field, value) {
    if (field.kind === "boolean") return value ? ctx.t("yes", "あり") : ctx.t("no", "なし");
    if (field.kind === "choice") { const c = field.choices.find((x) => x.value === value); return c ? tx(c) : String(value); }
    if (field.kind === "counts") {
      return Object.entries(value || {}).map(([k, n]) => { const c = field.choices.find((x) => x.value === k); return `${c ? named(c) : k} × ${n}`; }).join(", ");
    }
    if (field.kind === "set") return (value || []).map((k) => { const c = field.choices.find((x) => x.value === k); return c ? named(c) : k; }).join(", ");
    return field.group === "times" ? `${value}${ctx.t(" s", "秒")}` : String(value);
  }

  function renderSettings(view) {
    if (!schema) {
      if (!asked) {
        asked = true;
        fetch("/api/modes").then((r) => r.json()).then((modes) => {
          schema = (modes.find((m) => m.name === "classic") || {}).schema || null;
          if (schema && latest) render(latest, ctx);
        }).catch(() => { asked = false; });
      }
      return;
    }
    const room = view.room, fields = schema.fields;
    const value = (f) => (f.group ? (room[f.group] || {})[f.key] : room[f.key]);
    const yaminabe = ["yaminabe", "partial", "easy", "endless"].includes(room.cast);
    const line = SHOWN.map((key) => fields.find((f) => f.key === key))
      .filter((f) => f && (yaminabe || !f.key.startsWith("yaminabe_")) && (f.key !== "preset" || room.cast === "preset"))
      .map((f) => `${tx(f).replace(/ \(.*\)$/, "")}: ${settingText(f, value(f))}`);
    for (const key of ROOM_SHOWN) {  // 覆面 and a game master, in the room's summary when the room has them
      const f = fields.find((x) => x.key === key);
      if (f && room[key] && typeof room[key] === "object") line.push(`${tx(f)}: ${tx(room[key])}`);
    }
    const times = fields.filter((f) => f.group === "times" && value(f) !== undefined).map((f) => `${tx(f).replace(/ \((s|秒)\)$/, "")} ${settingText(f, value(f))}`);
    $("#c-settings").hidden = false;
    $("#c-settings-line").textContent = [...line, ctx.t("times: ", "時間: ") + times.join(", ")].join(" · ");
    $("#c-settings-title").textContent = ctx.t("Room settings and rules", "部屋の設定とルール");
    const rows = [];
    for (const f of fields) {
      const v = value(f);
      if (v === undefined || SHOWN.includes(f.key) || f.group === "times" || (f.kind !== "boolean" && (v === null || v === "" && f.kind !== "choice"))) continue;
      if ((f.kind === "counts" && !Object.keys(v).length) || (f.kind === "set" && !v.length)) continue;
      if (!yaminabe && ["hide_singleton_teams", "ushi"].includes(f.key)) continue;
      rows.push(ctx.el("dt", tx(f)), ctx.el("dd", settingText(f, v)));
    }
    $("#c-settings-rules").replaceChildren(...rows);
  }

  let latest = null;

  function render(view) {
    latest = view;
    const game = view.game;
    renderCard(game);
    renderRequest(view);
    renderActions(view);
    renderClaims(view);
    renderMaster(view);
    renderWill(view);
    renderEnd(game, view.room);
    renderPlayers(view);
    renderPublished(game, view.room);
    renderSettings(view);
  }

  // On a phone the stream comes first: each part of the board is one tap away, the actions marked
  // when something is to be done.
  const JUMPS = [["#stream-panel", "Log", "ログ"], ["#c-request", "Request", "希望"], ["#c-act", "Actions", "行動"], ["#c-card", "Role", "役職"],
    ["#c-players-section", "Players", "参加者"], ["#c-published", "Cast", "配役"], ["#c-settings", "Rules", "設定"]];

  function renderJumps(view) {
    const nav = document.getElementById("jump");
    const shown = JUMPS.filter(([id]) => { const node = document.querySelector(id); return node && !node.hidden; });
    const due = Boolean(view.game && view.game.me && !view.game.result && (view.game.legal.some((l) => l.required) || view.game.me.may_finish))
      || Boolean(view.game && view.game.request && !view.game.request.asked);  // 希望役職制: not chosen yet
    const target = (id) => (id === "#c-act" || id === "#c-request") && due;
    const key = JSON.stringify([shown.map(([id]) => id), due, ctx.t("en", "ja")]);
    nav.hidden = false;
    if (nav.dataset.key === key) return;
    nav.dataset.key = key;
    nav.replaceChildren(...shown.map(([id, en, ja]) => {
      const a = ctx.el("a", ctx.t(en, ja), target(id) ? "due" : "");
      a.href = id;
      return a;
    }));
  }

  window.jinrou.registerMode({
    stream: true,  // the log and the talk are one stream, the page's main column
    render(view, context) {
      if (!ctx) { ctx = context; setup(); }
      render(view);
      renderJumps(view);
    },
  });
})();
