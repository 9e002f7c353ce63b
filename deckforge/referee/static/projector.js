// Projector screen: redraw when the table changes. Server-Sent Events first;
// polling the public state while the stream is down (and, slowly, always).
(function () {
  "use strict";
  const screen = document.getElementById("screen");
  const offline = document.getElementById("offline");
  const pollMs = Math.max(1000, parseFloat(screen.dataset.poll || "3") * 1000);
  let shown = parseInt(screen.dataset.version, 10);
  let latest = shown;
  let fetching = false;
  let pollTimer = null;

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

  function poll() {
    fetch(screen.dataset.state, { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (state) { offline.hidden = true; refresh(state.version); })
      .catch(function () { offline.hidden = false; });
  }

  function startPolling() {
    if (pollTimer === null) pollTimer = setInterval(poll, pollMs);
  }

  function stopPolling() {
    if (pollTimer !== null) { clearInterval(pollTimer); pollTimer = null; }
  }

  if ("EventSource" in window) {
    const source = new EventSource(screen.dataset.events);
    source.addEventListener("state", function (event) {
      offline.hidden = true;
      stopPolling();
      refresh(parseInt(event.lastEventId, 10));
    });
    source.addEventListener("error", function () {
      // The browser reconnects by itself; meanwhile poll so nothing is missed.
      startPolling();
    });
  } else {
    startPolling();
  }
  setInterval(poll, 15000); // a safety net behind proxies that hold event streams back
})();
