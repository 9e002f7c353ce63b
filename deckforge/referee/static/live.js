// Live updates for the referee's pages, one connection per browser: every page of
// a table shares one event stream, through a SharedWorker (live-worker.js), or
// else through one tab that holds the stream and tells the others on a
// BroadcastChannel (a Web Lock elects it), or else its own EventSource. When no
// stream can be had (refused past this address's share, or none at all) the page
// polls the public state and shows the "#live-polling" notice.
//
//   DeckforgeLive.follow({events, state, poll, onVersion, onStatus})
//   onVersion(version): the table is at this version (maybe one already shown)
//   onStatus(status): "live", "polling" (no stream: polling) or "offline" (nothing answers);
//   the status is also <html data-live="...">
// A page whose table no longer exists (the state and the page both 404) is reloaded
// within the safety net's 15 s, and shows the referee's page saying so.
(function () {
  "use strict";
  const here = document.currentScript ? document.currentScript.src : "";

  function sharedWorkerLink(url, handle) {
    const worker = new SharedWorker(new URL("live-worker.js", here).href, { name: "deckforge-live" });
    worker.port.onmessage = function (message) { handle(message.data); };
    worker.port.start();
    worker.port.postMessage({ follow: url });
    window.addEventListener("pagehide", function () { worker.port.postMessage({ leave: url }); });
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) worker.port.postMessage({ follow: url });
    });
  }

  const RETRY_MS = 3000; // a refused stream is tried again this soon (live-worker.js too)

  function ownStream(url, handle) {
    const source = new EventSource(url);
    source.addEventListener("state", function (event) {
      handle({ type: "state", version: parseInt(event.lastEventId, 10) });
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) {
        // refused (429: this address holds its share): poll meanwhile, ask again soon
        handle({ type: "refused" });
        setTimeout(function () { ownStream(url, handle); }, RETRY_MS);
      } else {
        handle({ type: "down" });
      }
    });
  }

  // The first tab to take the lock holds the stream; when it closes, the next one does.
  function leaderTabLink(url, handle) {
    const channel = new BroadcastChannel("deckforge-live " + url);
    let last = null;
    let leading = false;
    channel.onmessage = function (message) {
      const data = message.data || {};
      if (data.type === "hello") { if (leading && last) channel.postMessage(last); return; }
      if (!leading) handle(data);
    };
    navigator.locks.request("deckforge-live " + url, function () {
      leading = true;
      ownStream(url, function (message) {
        last = message;
        handle(message);
        channel.postMessage(message);
      });
      return new Promise(function () { /* held until this tab closes */ });
    });
    channel.postMessage({ type: "hello" });
  }

  function follow(options) {
    const notice = document.getElementById("live-polling");
    const pollMs = Math.max(1000, (options.poll || 3) * 1000);
    let status = null;
    let refused = false;
    let pollTimer = null;

    function say(next) {
      if (next === status) return;
      status = next;
      document.documentElement.dataset.live = next; // for tests and styles
      if (notice) notice.hidden = next !== "polling";
      if (options.onStatus) options.onStatus(next);
    }

    // The table is gone (its leader deleted it): when this page's own address answers 404
    // too, reload it, so that every screen still showing the table says that it is gone.
    function checkGone() {
      fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
        .then(function (response) { if (response.status === 404) window.location.reload(); })
        .catch(function () { /* offline: the next poll asks again */ });
    }

    function poll() {
      fetch(options.state, { cache: "no-store" })
        .then(function (response) {
          if (response.status === 404) checkGone();
          if (!response.ok) throw new Error(String(response.status));
          return response.json();
        })
        .then(function (state) {
          say(refused ? "polling" : "live");
          options.onVersion(state.version);
        })
        .catch(function () { say("offline"); });
    }

    function startPolling() {
      if (pollTimer === null) { pollTimer = setInterval(poll, pollMs); poll(); }
    }

    function stopPolling() {
      if (pollTimer !== null) { clearInterval(pollTimer); pollTimer = null; }
    }

    function handle(message) {
      if (message.type === "state") {
        refused = false;
        stopPolling();
        say("live");
        options.onVersion(message.version);
      } else if (message.type === "refused") {
        refused = true;
        startPolling();
      } else if (message.type === "down") {
        startPolling(); // the stream reconnects by itself; meanwhile nothing is missed
      }
    }

    try {
      if (window.SharedWorker && here) sharedWorkerLink(options.events, handle);
      else if (window.BroadcastChannel && navigator.locks) leaderTabLink(options.events, handle);
      else if (window.EventSource) ownStream(options.events, handle);
      else { refused = true; startPolling(); }
    } catch (e) {
      refused = true;
      startPolling();
    }
    setInterval(poll, 15000); // a safety net behind proxies that hold event streams back
  }

  window.DeckforgeLive = { follow: follow };
})();
