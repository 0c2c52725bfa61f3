"use strict";
// Quantum werewolf (量子人狼) in the room shell: the probability table, your private facts, the night
// orders or the vote, the players, and at the end each player's card as the record gives it. Player
// data is only ever set as text, and marked translate="no" (the shell's language check skips it).
(() => {
  const HEAD = { human: "人間 human", villager: "村人 villager", seer: "占い師 seer", wolf: "人狼 wolf", dead: "死亡 dead" };
  const CARD = { villager: ["villager", "村人"], seer: ["seer", "占い師"] };
  const SKELETON = `
  <section id="action-panel" class="action" hidden><h2 id="action-title"></h2>
    <form id="night"><label id="divine-field"><span data-en="Divine" data-ja="占う">Divine</span> <select name="divine" translate="no"></select></label>
      <label id="attack-field"><span data-en="Attack" data-ja="襲う">Attack</span> <select name="attack" translate="no"></select></label>
      <button type="submit" data-en="Confirm" data-ja="決定">Confirm</button></form>
    <form id="vote"><label><span data-en="Vote for" data-ja="投票先">Vote for</span> <select name="vote" translate="no"></select></label>
      <button type="submit" data-en="Vote" data-ja="投票">Vote</button></form>
    <p class="muted" id="waiting"></p></section>
  <section><h2><span data-en="Probability table" data-ja="確率表">Probability table</span> <span class="muted" id="worlds"></span></h2>
    <div class="scroll"><table class="prob" id="table"><thead></thead><tbody></tbody></table></div><p id="world"></p></section>
  <section id="roster-panel" hidden><h2 data-en="Final roles" data-ja="最終役職">Final roles</h2>
    <div class="scroll"><table class="prob" id="roster"><tbody></tbody></table></div></section>
  <section id="private-panel" hidden><h2 data-en="You" data-ja="あなた">You</h2><div id="private"></div></section>
  <section><h2 data-en="Players" data-ja="参加者">Players</h2><ul class="players" id="players"></ul></section>`;
  let latest = null, ctx = null;
  const $ = (selector) => ctx.root.querySelector(selector);

  function card(text) {
    if (!text) return "";
    const [role, rank] = text.split(":");
    if (rank) return ctx.t(`wolf ${rank}`, `人狼${rank}`);
    return ctx.t(...CARD[role]);
  }
  function percent(value) { return value === 0 || value === 1 ? `${value * 100}%` : `${(value * 100).toFixed(1)}%`; }
  function fill(select, names) {
    const chosen = select.value;
    select.replaceChildren(...names.map((n) => { const o = ctx.el("option", n); o.value = n; return o; }));
    if (names.includes(chosen)) select.value = chosen;  // a push does not undo a choice being made
  }
  function data(tag, text, cls) { const e = ctx.el(tag, text, cls); e.translate = false; return e; }

  function setup() {
    ctx.root.innerHTML = SKELETON;  // a constant: no player data
    $("#night").addEventListener("submit", (event) => {
      event.preventDefault();
      const legal = latest.game.legal;
      ctx.act({ divine: legal.divine.length ? $("#night select[name=divine]").value : null,
                attack: legal.attack.length ? $("#night select[name=attack]").value : null });
    });
    $("#vote").addEventListener("submit", (event) => { event.preventDefault(); ctx.act({ vote: $("#vote select").value }); });
  }

  function renderTable(game) {
    const head = $("#table thead"), body = $("#table tbody");
    if (!game) { head.replaceChildren(); body.replaceChildren(); $("#worlds").textContent = ""; return; }
    $("#worlds").textContent = `— ${BigInt(game.table.worlds).toLocaleString()} ${ctx.t("worlds", "世界")}`;
    const row = ctx.el("tr");
    row.append(ctx.el("th", ctx.t("player", "参加者")), ...game.table.columns.map((c) => ctx.el("th", HEAD[c])), ctx.el("th", ""));
    head.replaceChildren(row);
    body.replaceChildren(...game.table.rows.map((r, index) => {
      const tr = ctx.el("tr", undefined, [r.dead ? "dead" : "", index === game.table.own_row ? "own" : ""].join(" ").trim());
      tr.append(data("td", r.label));
      r.values.forEach((v, i) => { const td = ctx.el("td", percent(v), v === 1 ? "certain" : ""); td.title = r.exact[i]; tr.append(td); });
      tr.append(ctx.el("td", r.card ? `† ${card(r.card)}` : r.dead ? "†" : ""));
      return tr;
    }));
    const outcome = game.outcome;
    $("#world").textContent = outcome && outcome.world
      ? ctx.t("Final world: ", "最終世界: ") + game.players.map((p, i) => `${p.name} ${card(outcome.world[i])}`).join(", ") : "";
    $("#world").translate = false;
  }

  function renderRoster(game) {  // the end as the record says: dead winners are winners too
    const roster = game && game.roster;
    $("#roster-panel").hidden = !roster;
    if (!roster) return;
    $("#roster tbody").replaceChildren(...roster.map((p) => {
      const tr = ctx.el("tr", undefined, p.alive ? "" : "dead");
      tr.append(data("td", p.name), ctx.el("td", p.card ? card(p.card) : "?"),
        ctx.el("td", p.alive ? ctx.t("alive", "生存") : ctx.t("dead", "死亡")),
        ctx.el("td", p.won ? ctx.t("won", "勝利") : ctx.t("lost", "敗北"), p.won ? "won" : ""));
      return tr;
    }));
  }

  function renderPrivate(game) {
    const you = game && game.private;
    $("#private-panel").hidden = !you;
    if (!you) return;
    const lines = [];
    if (you.number !== null) lines.push(ctx.t(`Your secret number: Player ${you.number}`, `あなたの秘密の番号: プレイヤー${you.number}`));
    if (!game.outcome) {
      lines.push(you.may_divine ? ctx.t("You may still be the seer: you divine each night.", "あなたはまだ占い師でありえます。毎晩占います。")
        : ctx.t("You cannot be the seer any more.", "あなたはもう占い師ではありえません。"));
      lines.push(you.may_attack ? ctx.t("You may be a wolf: you attack each night (from night 2).", "あなたは人狼でありえます。毎晩襲撃します（2日目から）。")
        : ctx.t("You cannot be a wolf.", "あなたは人狼ではありえません。"));
    }
    for (const d of you.divinations) {
      const result = d.result === "none" ? ctx.t("no result (you are no living seer)", "結果なし（生きた占い師ではない）")
        : d.result === "wolf" ? ctx.t("wolf", "人狼") : ctx.t("human", "人間");
      lines.push(ctx.t(`Night ${d.night}: you divined ${d.target} — ${result}`, `${d.night}日目の夜: ${d.target} を占った — ${result}`));
    }
    $("#private").replaceChildren(...lines.map((line) => data("p", line)));
  }

  function renderActions(game, you) {
    const legal = game && game.legal;
    const night = legal && (legal.divine.length || legal.attack.length), day = legal && legal.vote.length;
    const waiting = game && !game.result ? game.waiting_for : [];
    $("#action-panel").hidden = !(night || day) && !waiting.length;
    $("#night").hidden = !night; $("#vote").hidden = !day;
    $("#action-title").textContent = game && game.is_night ? ctx.t("Tonight", "今夜") : ctx.t("Today", "今日");
    if (night) {
      $("#divine-field").hidden = !legal.divine.length; $("#attack-field").hidden = !legal.attack.length;
      fill($("#night select[name=divine]"), legal.divine); fill($("#night select[name=attack]"), legal.attack);
    }
    if (day) fill($("#vote select"), legal.vote);
    const mine = you !== null && game && waiting.includes(game.players[you].name);
    $("#waiting").textContent = !waiting.length ? "" : game.is_night ? (mine ? ctx.t("The night waits for your orders.", "あなたの行動を待っています。") : "")
      : ctx.t(`Yet to vote: ${waiting.join(", ")}`, `未投票: ${waiting.join(", ")}`);
  }

  function renderPlayers(view) {
    const game = view.game;
    const players = game ? game.players : view.room.seat_list.filter(Boolean).map((s) => ({ name: s.name, alive: true, card: null }));
    $("#players").replaceChildren(...players.map((p) => {
      const li = data("li", `${p.name}${p.card ? ` — ${card(p.card)}` : ""}`, p.alive ? "" : "dead");
      const shown = ctx.title && ctx.title(p.name);  // the 称号 the seat's account shows
      if (shown) li.append(" ", shown);
      return li;
    }));
  }

  window.jinrou.registerMode({
    render(view, context) {
      if (!ctx) { ctx = context; setup(); }
      latest = view;
      for (const node of ctx.root.querySelectorAll("[data-en]")) node.textContent = ctx.t(node.dataset.en, node.dataset.ja);
      renderTable(view.game);
      renderRoster(view.game);
      renderPrivate(view.game);
      renderActions(view.game, view.you);
      renderPlayers(view);
    },
  });
})();
