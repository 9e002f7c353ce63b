// The shared worker behind live.js: one event stream per table for every page of
// this browser (projector, leader, seats, stray tabs), whatever their number.
"use strict";

const streams = new Map(); // events URL -> {source, ports, last, retry}
const RETRY_MS = 3000; // after a refusal (live.js uses the same)

function tell(stream, message) {
  stream.last = message;
  stream.ports.forEach(function (port) { port.postMessage(message); });
}

function connect(url, stream) {
  const source = new EventSource(url);
  stream.source = source;
  source.addEventListener("state", function (event) {
    tell(stream, { url: url, type: "state", version: parseInt(event.lastEventId, 10) });
  });
  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) {
      // Refused (429: this address holds its share of streams) or not an event
      // stream: the pages poll, and the stream is tried again soon, so that a share
      // freed elsewhere brings the pages back to live updates within seconds.
      tell(stream, { url: url, type: "refused" });
      stream.retry = setTimeout(function () { connect(url, stream); }, RETRY_MS);
    } else {
      tell(stream, { url: url, type: "down" }); // the browser reconnects by itself
    }
  });
}

function follow(url, port) {
  let stream = streams.get(url);
  if (!stream) {
    stream = { source: null, ports: new Set(), last: null, retry: null };
    streams.set(url, stream);
    connect(url, stream);
  }
  stream.ports.add(port);
  if (stream.last) port.postMessage(stream.last);
}

function leave(url, port) {
  const stream = streams.get(url);
  if (!stream) return;
  stream.ports.delete(port);
  if (stream.ports.size === 0) {
    if (stream.source) stream.source.close();
    clearTimeout(stream.retry);
    streams.delete(url);
  }
}

self.addEventListener("connect", function (event) {
  const port = event.ports[0];
  port.onmessage = function (message) {
    const data = message.data || {};
    if (data.follow) follow(data.follow, port);
    if (data.leave) leave(data.leave, port);
  };
});
