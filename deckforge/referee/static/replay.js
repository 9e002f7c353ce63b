// Replay page: arrow keys step through the game on the laptop.
(function () {
  "use strict";
  const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last", PageDown: "next_moment" };
  const rtl = document.documentElement.dir === "rtl";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    let name = keys[event.key];
    // right to left, the next step is on the left
    if (rtl && event.key === "ArrowLeft") name = "next";
    if (rtl && event.key === "ArrowRight") name = "previous";
    const link = name && document.getElementById("replay-" + name);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
