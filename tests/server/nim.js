"use strict";
window.jinrou.registerMode({
  render(view, ctx) {
    ctx.root.replaceChildren(ctx.el("p", view.game ? `${view.game.stones} stones` : "", "stones"));
  },
});
