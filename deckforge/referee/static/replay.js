// The replay: arrow keys step through the game on the laptop, and the projector follows
// the leader's phone (the replay's position is a change of the table, so it comes with
// the live stream's next version, like every other update).
(function () {
  "use strict";
  const nav = document.getElementById("replay"); // the replay page
  const host = nav || document.getElementById("screen"); // or the live projector
  if (!host) return;

  if (nav) {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last", PageDown: "next_moment" };
    const rtl = document.documentElement.dir === "rtl";
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
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
  }

  if (!host.dataset.follow || !window.DeckforgeLive || !window.fetch) return;
  let seen = parseInt(host.dataset.version, 10);
  let shown = host.dataset.shown || ""; // where the leader's replay stood when this page was made
  function check(version) {
    if (version === seen) return;
    seen = version;
    fetch(host.dataset.follow, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) return;
        const wanted = response.headers.get("X-Replay-Url") || "";
        if (wanted === shown) return;
        shown = wanted;
        if (wanted) window.location.assign(wanted);
        else if (nav) window.location.assign(nav.dataset.live);
      })
      .catch(function () { /* the next version tries again */ });
  }
  window.DeckforgeLive.follow({
    events: host.dataset.events,
    state: host.dataset.state,
    poll: parseFloat(host.dataset.poll || "3"),
    onVersion: check,
    onStatus: function () {},
  });
})();
