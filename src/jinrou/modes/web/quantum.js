"use strict";
// Quantum werewolf (量子人狼) in the room shell: the probability table, your private facts, the night
// orders or the vote, the players. Player data is only ever set as text.
(() => {
  const HEAD = { human: "人間 human", villager: "村人 villager", seer: "占い師 seer", wolf: "人狼 wolf", dead: "死亡 dead" };
  const CARD = { villager: "村人", seer: "占い師" };
  const SKELETON = `
  <section><h2><span data-en="Probability table" data-ja="確率表">確率表 Probability table</span> <span class="muted" id="worlds"></span></h2>
    <div class="scroll"><table class="prob" id="table"><thead></thead><tbody></tbody></table></div><p id="world"></p></section>
  <section id="private-panel" hidden><h2 data-en="You" data-ja="あなた">You</h2><div id="private"></div></section>
  <section id="action-panel" hidden><h2 id="action-title"></h2>
    <form id="night"><label id="divine-field">Divine 占う <select name="divine"></select></label>
      <label id="attack-field">Attack 襲う <select name="attack"></select></label><button type="submit">Confirm 決定</button></form>
    <form id="vote"><label>Vote 投票 <select name="vote"></select></label><button type="submit">Vote 投票</button></form>
    <p class="muted" id="waiting"></p></section>
  <section><h2 data-en="Players" data-ja="参加者">Players</h2><ul class="players" id="players"></ul></section>`;
  let latest = null, ctx = null;
  const $ = (selector) => ctx.root.querySelector(selector);

  function card(text) { if (!text) return ""; const [role, rank] = text.split(":"); return rank ? `人狼${rank} (wolf ${rank})` : `${CARD[role]} (${role})`; }
  function percent(value) { return value === 0 || value === 1 ? `${value * 100}%` : `${(value * 100).toFixed(1)}%`; }
  function fill(select, names) { select.replaceChildren(...names.map((n) => { const o = ctx.el("option", n); o.value = n; return o; })); }

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
    row.append(ctx.el("th", "player"), ...game.table.columns.map((c) => ctx.el("th", HEAD[c])), ctx.el("th", ""));
    head.replaceChildren(row);
    body.replaceChildren(...game.table.rows.map((r, index) => {
      const tr = ctx.el("tr", undefined, [r.dead ? "dead" : "", index === game.table.own_row ? "own" : ""].join(" ").trim());
      tr.append(ctx.el("td", r.label));
      r.values.forEach((v, i) => { const td = ctx.el("td", percent(v), v === 1 ? "certain" : ""); td.title = r.exact[i]; tr.append(td); });
      tr.append(ctx.el("td", r.card ? `† ${card(r.card)}` : r.dead ? "†" : ""));
      return tr;
    }));
    const outcome = game.outcome;
    $("#world").textContent = outcome && outcome.world
      ? ctx.t("Final world: ", "最終世界: ") + game.players.map((p, i) => `${p.name} ${card(outcome.world[i])}`).join(", ") : "";
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
      const result = d.result === "none" ? ctx.t("no result (you are no living seer)", "結果なし（生きた占い師ではない）") : d.result;
      lines.push(ctx.t(`Night ${d.night}: you divined ${d.target} — ${result}`, `${d.night}日目の夜: ${d.target} を占った — ${result}`));
    }
    $("#private").replaceChildren(...lines.map((line) => ctx.el("p", line)));
  }

  function renderActions(game) {
    const legal = game && game.legal;
    const night = legal && (legal.divine.length || legal.attack.length), day = legal && legal.vote.length;
    $("#action-panel").hidden = !(night || day) && !(game && game.waiting_for.length);
    $("#night").hidden = !night; $("#vote").hidden = !day;
    $("#action-title").textContent = game && game.is_night ? "Tonight 夜" : "Today 昼";
    if (night) {
      $("#divine-field").hidden = !legal.divine.length; $("#attack-field").hidden = !legal.attack.length;
      fill($("#night select[name=divine]"), legal.divine); fill($("#night select[name=attack]"), legal.attack);
    }
    if (day) fill($("#vote select"), legal.vote);
    $("#waiting").textContent = game && game.waiting_for.length ? ctx.t(`Waiting for: ${game.waiting_for.join(", ")}`, `待機中: ${game.waiting_for.join(", ")}`) : "";
  }

  function renderPlayers(view) {
    const game = view.game;
    const players = game ? game.players : view.room.seat_list.filter(Boolean).map((s) => ({ name: s.name, alive: true, card: null }));
    $("#players").replaceChildren(...players.map((p) => ctx.el("li", `${p.name}${p.card ? ` — ${card(p.card)}` : ""}`, p.alive ? "" : "dead")));
  }

  window.jinrou.registerMode({
    render(view, context) {
      if (!ctx) { ctx = context; setup(); }
      latest = view;
      for (const node of ctx.root.querySelectorAll("[data-en]")) node.textContent = ctx.t(node.dataset.en, node.dataset.ja);
      renderTable(view.game);
      renderPrivate(view.game);
      renderActions(view.game);
      renderPlayers(view);
    },
  });
})();
