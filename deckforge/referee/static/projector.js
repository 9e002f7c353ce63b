// Projector screen: redraw when the table changes (live.js tells when).
(function () {
  "use strict";
  const screen = document.getElementById("screen");
  const offline = document.getElementById("offline");
  let shown = parseInt(screen.dataset.version, 10);
  let latest = shown;
  let fetching = false;

  // A long festival text, a long announcement or many discards must not be cut
  // off when the final-round banner takes its row: shrink that box's text to fit.
  function fit() {
    screen.querySelectorAll(".announce, .discards").forEach(function (box) {
      let scale = 1;
      box.style.fontSize = "";
      while (box.scrollHeight > box.clientHeight + 1 && scale > 0.5) {
        scale -= 0.05;
        box.style.fontSize = scale + "em";
      }
    });
  }
  fit();
  window.addEventListener("resize", fit);

  // One live region outside the redrawn screen says the last action in words.
  const said = document.getElementById("said");
  function say() {
    const line = screen.querySelector(".announce-line");
    const banner = screen.querySelector(".banner, .end-reason");
    const words = [line, banner].filter(Boolean).map(function (e) { return e.textContent.trim(); });
    if (said) said.textContent = words.join(". ");
  }

  function refresh(version) {
    if (version > latest) latest = version;
    if (fetching || latest <= shown) return;
    fetching = true;
    fetch(screen.dataset.fragment, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        const got = parseInt(response.headers.get("X-Table-Version"), 10);
        return response.text().then(function (html) {
          screen.innerHTML = html;
          fit();
          if (got !== shown) say();
          shown = got;
          if (got > latest) latest = got;
        });
      })
      .catch(function () { offline.hidden = false; })
      .finally(function () {
        fetching = false;
        if (latest > shown) setTimeout(function () { refresh(latest); }, 50);
      });
  }

  DeckforgeLive.follow({
    events: screen.dataset.events,
    state: screen.dataset.state,
    poll: parseFloat(screen.dataset.poll || "3"),
    onVersion: refresh,
    onStatus: function (status) { offline.hidden = status !== "offline"; },
  });
})();
