"use strict";
// Quantum mini-shogi (量子ミニ将棋) in the room shell: the 5×5 board with the numbered pieces, both
// hands, both clocks, the determination list with each piece's chance of being the king, and moves by
// tap or click (a piece, then a lit destination; promotion asked when it is optional). Your own side is
// drawn at the bottom (spectators see sente there). Player data is only ever set as text.
(() => {
  const MARKS = ["▲", "△"];
  const SIDES = [["sente", "先手"], ["gote", "後手"]];
  const TYPES = "歩香銀金猫玉";
  const STYLE = `
  #board .sg { --sq: min(15vw, 76px); display: flex; flex-direction: column; align-items: center; gap: 6px; }
  #board .sg-side { display: flex; align-items: center; gap: 8px; width: calc(var(--sq) * 5 + 18px); max-width: 100%; flex-wrap: wrap; }
  #board .sg-name { font-weight: bold; font-size: 14px; flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  #board .sg-clock { font-variant-numeric: tabular-nums; font-weight: bold; padding: 2px 8px; border-radius: 4px; background: #eee; }
  #board .sg-clock.running { background: var(--accent); color: #fff; }
  #board .sg-clock.low { background: #c92a2a; color: #fff; }
  #board .sg-hand { display: flex; gap: 4px; flex-wrap: wrap; min-height: calc(var(--sq) * 0.7); width: 100%; align-items: center; }
  #board .sg-hand .muted { font-size: 12px; }
  #board .sg-grid { display: grid; grid-template-columns: 18px repeat(5, var(--sq)); grid-template-rows: repeat(5, var(--sq)) 16px; }
  #board .sg-coord { font-size: 11px; color: var(--muted); display: flex; align-items: center; justify-content: center; }
  #board .sg-cell { border: 1px solid #b08d57; background: #f3d9a4; display: flex; align-items: center; justify-content: center;
    position: relative; padding: 0; border-radius: 0; color: var(--ink); cursor: pointer; touch-action: manipulation; }
  #board .sg-cell.last { background: #e9c27a; }
  #board .sg-cell.target::after { content: ""; position: absolute; inset: 30%; border-radius: 50%; background: rgba(59, 91, 219, 0.55); pointer-events: none; }
  #board .sg-cell.target.capture::after { inset: 4%; background: none; border: 3px solid rgba(59, 91, 219, 0.8); }
  #board .sg-cell.selected { outline: 3px solid var(--accent); outline-offset: -3px; }
  #board .sg-piece { display: flex; flex-direction: column; align-items: center; justify-content: center; line-height: 1; pointer-events: none; }
  #board .sg-piece .num { font-size: calc(var(--sq) * 0.46); }
  #board .sg-piece .kinds { font-size: calc(var(--sq) * 0.2); margin-top: 2px; white-space: nowrap; }
  #board .sg-piece.p0 .num { color: #1c4f9c; }
  #board .sg-piece.p1 .num { color: #b02a2a; }
  #board .sg-piece.away { transform: rotate(180deg); }
  #board .sg-piece.promoted .kinds { color: #c92a2a; font-weight: bold; }
  #board button.sg-held { background: #f3d9a4; color: var(--ink); border: 1px solid #b08d57; min-width: calc(var(--sq) * 0.7);
    height: calc(var(--sq) * 0.7); padding: 0 4px; font-size: calc(var(--sq) * 0.36); touch-action: manipulation; }
  #board button.sg-held.selected { outline: 3px solid var(--accent); }
  #board button.sg-held.p0 { color: #1c4f9c; } #board button.sg-held.p1 { color: #b02a2a; }
  #board .sg-status { margin: 2px 0; font-size: 14px; text-align: center; }
  #board .sg-ask { display: flex; gap: 8px; flex-wrap: wrap; justify-content: center; align-items: center; }
  #board .sg-ask button { min-height: 40px; }
  #board table.sg-list { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 13px; width: 100%; }
  #board table.sg-list th, #board table.sg-list td { padding: 2px 3px; border-bottom: 1px solid var(--line); text-align: center; }
  #board table.sg-list td { white-space: nowrap; }
  #board table.sg-list td.marks { font-family: ui-monospace, monospace; }
  #board table.sg-list tr.king td { background: #fff3bf; }
  #board table.sg-list tr.chosen td { background: #eef2ff; }
  #board table.sg-list .p0 { color: #1c4f9c; } #board table.sg-list .p1 { color: #b02a2a; }`;
  const SKELETON = `
  <section class="sg">
    <div class="sg-side" id="sg-top"><span class="sg-name"></span><span class="sg-clock"></span><div class="sg-hand"></div></div>
    <div class="sg-grid" id="sg-grid"></div>
    <div class="sg-side" id="sg-bottom"><span class="sg-name"></span><span class="sg-clock"></span><div class="sg-hand"></div></div>
    <p class="sg-status" id="sg-status"></p>
    <div class="sg-ask" id="sg-promote" hidden><span data-en="Promote?" data-ja="成りますか？"></span>
      <button type="button" id="sg-promote-yes" data-en="Promote" data-ja="成る"></button>
      <button type="button" id="sg-promote-no" class="secondary" data-en="Don't promote" data-ja="成らない"></button>
      <button type="button" id="sg-promote-cancel" class="secondary" data-en="Cancel" data-ja="やめる"></button></div>
    <div class="sg-ask" id="sg-resign-box" hidden>
      <button type="button" id="sg-resign" class="secondary" data-en="Resign" data-ja="投了"></button>
      <span id="sg-resign-confirm" hidden><span data-en="Really resign?" data-ja="本当に投了しますか？"></span>
        <button type="button" id="sg-resign-yes" data-en="Resign" data-ja="投了する"></button>
        <button type="button" id="sg-resign-no" class="secondary" data-en="Go on playing" data-ja="続ける"></button></span></div>
  </section>
  <section><h2><span data-en="Determination list" data-ja="駒確定状況リスト"></span> <span class="muted" id="sg-worlds"></span></h2>
    <p class="muted" data-en="〇 determined, ● impossible, + possible; P(玉): the exact chance that the piece is its side's king."
       data-ja="〇 確定、● ありえない、+ ありうる。P(玉): その駒が玉である厳密な確率。"></p>
    <div class="scroll"><table class="sg-list" id="sg-list"><thead></thead><tbody></tbody></table></div></section>`;

  let ctx = null, latest = null, selected = null, pending = null, busy = false, plies = -1;
  const $ = (selector) => ctx.root.querySelector(selector);
  const square = (row, column) => `${"abcde"[row]}${column + 1}`;

  function clockText(seconds) {
    const left = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  }

  function percent(value) { return value === 0 ? "·" : value === 1 ? "100%" : `${(value * 100).toFixed(1)}%`; }

  function bottomSide(view) { return view.you === 1 ? 1 : 0; }  // your side at the bottom; spectators see sente there

  function myTurn() {
    const game = latest && latest.game;
    return Boolean(game && !game.result && latest.you !== null && game.turn === latest.you);
  }

  function groupOf(piece) {
    return latest.game.legal.find((g) => g.piece === piece) || null;
  }

  function setup() {
    if (!document.getElementById("sg-style")) {
      const style = document.createElement("style");
      style.id = "sg-style"; style.textContent = STYLE;
      document.head.append(style);
    }
    ctx.root.innerHTML = SKELETON;  // a constant: no player data
    $("#sg-grid").addEventListener("click", (event) => {
      const cell = event.target.closest("[data-square]");
      if (cell) tapSquare(cell.dataset.square);
    });
    for (const id of ["#sg-top", "#sg-bottom"]) {
      $(`${id} .sg-hand`).addEventListener("click", (event) => {
        const held = event.target.closest("[data-piece]");
        if (held) tapPiece(Number(held.dataset.piece));
      });
    }
    $("#sg-promote-yes").addEventListener("click", () => { if (pending) send(pending.promote); });
    $("#sg-promote-no").addEventListener("click", () => { if (pending) send(pending.move); });
    $("#sg-promote-cancel").addEventListener("click", () => { pending = null; draw(); });
    $("#sg-resign").addEventListener("click", () => { $("#sg-resign-confirm").hidden = false; $("#sg-resign").hidden = true; });
    $("#sg-resign-no").addEventListener("click", () => { $("#sg-resign-confirm").hidden = true; $("#sg-resign").hidden = false; });
    $("#sg-resign-yes").addEventListener("click", async () => {
      $("#sg-resign-confirm").hidden = true; $("#sg-resign").hidden = false;
      await ctx.act({ resign: true });
    });
    setInterval(tick, 250);
  }

  // ------------------------------------------------------------------ taps

  function tapPiece(piece) {
    if (!myTurn() || busy) return;
    const info = latest.game.pieces[piece];
    if (info.owner !== latest.you) { selected = null; draw(); return; }
    selected = selected === piece ? null : piece;
    pending = null;
    draw();
  }

  function tapSquare(name) {
    if (!myTurn() || busy) return;
    const game = latest.game;
    const group = selected === null ? null : groupOf(selected);
    const target = group && group.to.find((t) => t.square === name);
    if (target) {
      if (target.move && target.promote) { pending = target; draw(); return; }  // optional: ask
      send(target.move || target.promote);  // forced promotion, or none possible
      return;
    }
    const index = game.board["abcde".indexOf(name[0]) * 5 + Number(name[1]) - 1];
    if (index !== null && game.pieces[index].owner === latest.you && index !== selected) { tapPiece(index); return; }
    selected = null; pending = null;
    draw();
  }

  async function send(move) {
    busy = true; pending = null;
    draw();
    try {
      await ctx.act({ move });
    } finally {
      busy = false; selected = null;
      draw();
    }
  }

  // --------------------------------------------------------------- drawing

  function pieceNode(info, bottom) {
    const node = ctx.el("span", undefined, `sg-piece p${info.owner}${info.owner === bottom ? "" : " away"}${info.promoted ? " promoted" : ""}`);
    node.append(ctx.el("span", info.glyph, "num"));
    // what it may still be, when that is short enough to read: 猫, 銀金, 成 (promoted: 歩/香/銀 moving as 金)
    const kinds = info.promoted ? `成${info.types.length <= 2 ? info.types : ""}` : info.types.length <= 3 ? info.types : "";
    node.append(ctx.el("span", kinds, "kinds"));
    return node;
  }

  function drawBoard(view) {
    const game = view.game, bottom = bottomSide(view);
    const group = game && selected !== null ? groupOf(selected) : null;
    const targets = new Map(group ? group.to.map((t) => [t.square, t]) : []);
    const last = game && game.moves.length ? game.moves[game.moves.length - 1].match(/([a-e][1-5])\+?$/)[1] : null;
    const rows = bottom === 0 ? [4, 3, 2, 1, 0] : [0, 1, 2, 3, 4];  // sente at the bottom: row a is drawn last
    const columns = bottom === 0 ? [4, 3, 2, 1, 0] : [0, 1, 2, 3, 4];
    const cells = [];
    for (const row of rows) {
      cells.push(ctx.el("span", "abcde"[row], "sg-coord"));
      for (const column of columns) {
        const name = square(row, column);
        const cell = ctx.el("button", undefined, "sg-cell");
        cell.type = "button"; cell.dataset.square = name; cell.title = name;
        const index = game ? game.board[row * 5 + column] : null;
        if (index !== null && index !== undefined) {
          const info = game.pieces[index];
          cell.append(pieceNode(info, bottom));
          cell.setAttribute("aria-label", `${name} ${info.glyph}`);
          cell.title = `${name} ${info.glyph} ${info.types}`;
          if (index === selected) cell.classList.add("selected");
        } else {
          cell.setAttribute("aria-label", name);
        }
        if (name === last) cell.classList.add("last");
        if (targets.has(name)) { cell.classList.add("target"); if (index !== null && index !== undefined) cell.classList.add("capture"); }
        cells.push(cell);
      }
    }
    cells.push(ctx.el("span", "", "sg-coord"), ...columns.map((c) => ctx.el("span", String(c + 1), "sg-coord")));
    $("#sg-grid").replaceChildren(...cells);
  }

  function drawSide(id, side, view) {
    const game = view.game, box = $(id);
    const names = game ? game.players : view.room.seat_list.map((s) => (s ? s.name : "—"));
    const you = view.you === side ? ctx.t(" (you)", "（あなた）") : "";
    box.querySelector(".sg-name").textContent = `${MARKS[side]} ${ctx.t(...SIDES[side])} ${names[side] || "—"}${you}`;
    const hand = box.querySelector(".sg-hand");
    const held = game ? game.hands[side] : [];
    const mine = myTurn() && side === view.you;
    hand.replaceChildren(ctx.el("span", ctx.t("hand:", "持ち駒:"), "muted"), ...(held.length ? held.map((piece) => {
      const button = ctx.el("button", game.pieces[piece].glyph, `sg-held p${side}${piece === selected ? " selected" : ""}`);
      button.type = "button"; button.dataset.piece = String(piece);
      button.disabled = !mine;
      return button;
    }) : [ctx.el("span", "—", "muted")]));
  }

  function drawList(game) {
    const head = $("#sg-list thead"), body = $("#sg-list tbody");
    if (!game) { head.replaceChildren(); body.replaceChildren(); $("#sg-worlds").textContent = ""; return; }
    $("#sg-worlds").textContent = `— ${BigInt(game.assignments).toLocaleString()} ${ctx.t("consistent pairs", "通りの組合せ")}`;
    const row = ctx.el("tr");
    for (let half = 0; half < 2; half++) row.append(ctx.el("th", ctx.t("piece", "駒")), ctx.el("th", TYPES), ctx.el("th", "P(玉)"));
    head.replaceChildren(row);
    const lines = [];
    for (let local = 0; local < 10; local++) {
      const tr = ctx.el("tr");
      for (const side of [0, 1]) {
        const info = game.pieces[side * 10 + local];
        const where = info.square || ctx.t("hand", "持ち駒");
        const name = ctx.el("td", info.glyph, `p${info.owner}`);
        name.title = where;
        const king = ctx.el("td", percent(info.king_p));
        king.title = info.king;  // the exact fraction
        if (info.king_p === 1) tr.classList.add("king");
        if (info.piece === selected) tr.classList.add("chosen");
        tr.append(name, ctx.el("td", info.marks, "marks"), king);
      }
      lines.push(tr);
    }
    body.replaceChildren(...lines);
  }

  function drawStatus(view) {
    const game = view.game, status = $("#sg-status");
    $("#sg-promote").hidden = !pending;
    $("#sg-resign-box").hidden = !game || Boolean(game.result) || view.you === null;
    if (!game) { status.textContent = ctx.t("The board appears when the game starts.", "対局が始まると盤が表示されます。"); return; }
    if (game.result) { status.textContent = ctx.t(game.result.en, game.result.ja); return; }
    const mover = `${MARKS[game.turn]} ${ctx.t(...SIDES[game.turn])} (${game.players[game.turn]})`;
    if (!myTurn()) { status.textContent = ctx.t(`${mover} to move`, `${mover} の手番`); return; }
    if (busy) { status.textContent = ctx.t("Sending…", "送信中…"); return; }
    if (selected === null) { status.textContent = ctx.t("Your move: tap a piece (or one in your hand).", "あなたの手番: 駒（または持ち駒）をタップ"); return; }
    const group = groupOf(selected), glyph = game.pieces[selected].glyph;
    status.textContent = group ? ctx.t(`${glyph}: tap a lit square.`, `${glyph}: 光っているマスをタップ`)
      : ctx.t(`${glyph} has no legal move now.`, `${glyph} は今動かせません。`);
  }

  function draw() {
    if (!latest) return;
    for (const node of ctx.root.querySelectorAll("[data-en]")) node.textContent = ctx.t(node.dataset.en, node.dataset.ja);
    const bottom = bottomSide(latest);
    drawSide("#sg-top", 1 - bottom, latest);
    drawSide("#sg-bottom", bottom, latest);
    drawBoard(latest);
    drawList(latest.game);
    drawStatus(latest);
    tick();
  }

  function tick() {  // both clocks: the side to move counts down to the room's deadline
    if (!latest) return;
    const game = latest.game, room = latest.room;
    const clock = game ? game.clock_seconds : room.clock_seconds;
    const used = room.used || [0, 0];
    const offset = latest.server_time - latest.received;
    const bottom = bottomSide(latest);
    for (const [id, side] of [["#sg-top", 1 - bottom], ["#sg-bottom", bottom]]) {
      const running = Boolean(game && !game.result && game.turn === side && room.deadline);
      let left = clock - used[side];
      if (running) left = room.deadline - (Date.now() / 1000 + offset);
      if (game && game.outcome && game.outcome.termination === "time" && game.outcome.winner !== SIDES[side][0]) left = 0;
      const node = $(`${id} .sg-clock`);
      node.textContent = clockText(left);
      node.classList.toggle("running", running);
      node.classList.toggle("low", running && left < 30);
    }
  }

  window.jinrou.registerMode({
    render(view, context) {
      if (!ctx) { ctx = context; setup(); }
      latest = { ...view, received: Date.now() / 1000 };
      const game = view.game, moved = game ? game.moves.length : -1;
      if (moved !== plies || !myTurn()) { selected = null; pending = null; }  // a new position: start afresh
      plies = moved;
      draw();
    },
  });
})();
