// Arcana game pages: an enhancement only. The pages work without it (every position is
// a link); with it, the arrow keys step through the game and a move played anywhere
// shows within a second, without reloading the page.
"use strict";
(function () {
  function main() { return document.getElementById("game"); }
  if (!main()) { return; }

  // Fetches a page of this game and puts its content in place of ours.
  var busy = false;
  function show(url, remember) {
    if (busy) { return; }
    busy = true;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (!r.ok) { throw new Error("status " + r.status); }
        return r.text();
      })
      .then(function (text) {
        var doc = new DOMParser().parseFromString(text, "text/html");
        var next = doc.getElementById("game");
        var now = main();
        if (!next || !now) { throw new Error("no game on the page"); }
        now.replaceWith(document.importNode(next, true));
        document.title = doc.title;
        if (remember) { history.pushState(null, "", url); }
        var current = document.querySelector(".moves a[aria-current]");
        if (current && current.scrollIntoView) { current.scrollIntoView({ block: "nearest" }); }
      })
      .catch(function () { if (remember) { location.href = url; } })
      .then(function () { busy = false; });
  }

  function follow(rel) {
    var a = document.querySelector('.steps a[rel="' + rel + '"]');
    if (a) { show(a.getAttribute("href"), true); }
  }

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) { e.preventDefault(); follow(keys[e.key]); }
  });

  // Clicking a move or a step changes the page in place.
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest(".moves a, .steps a") : null;
    if (!a || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    e.preventDefault();
    show(a.getAttribute("href"), true);
  });

  window.addEventListener("popstate", function () { show(location.href, false); });

  // Live: the server says the game's version; a new one brings the page again (at the
  // newest position when we were showing it, else where we are). The stream is closed
  // when the page is left: a browser holds few connections per site, and a page kept
  // for the back button must not hold one.
  var source = null;
  function listen() {
    if (!window.EventSource || source) { return; }
    source = new EventSource(main().getAttribute("data-events"));
    source.addEventListener("version", function (e) {
      var m = main();
      if (!m || m.getAttribute("data-version") === e.data) { return; }
      var atLast = m.getAttribute("data-ply") === m.getAttribute("data-last");
      // The page as it stands (its address keeps a language asked with ?lang=).
      var now = m.getAttribute("data-now") || location.pathname;
      if (atLast && location.pathname + location.search !== now) { history.replaceState(null, "", now); }
      refresh(atLast ? now : location.pathname + location.search);
    });
  }
  // A change that comes while a page is being fetched is fetched after it.
  var waiting = null;
  function refresh(url) {
    if (busy) { waiting = url; return; }
    show(url, false);
  }
  setInterval(function () {
    if (waiting && !busy) { var url = waiting; waiting = null; show(url, false); }
  }, 200);
  window.addEventListener("pagehide", function () {
    if (source) { source.close(); source = null; }
  });
  window.addEventListener("pageshow", listen);
  listen();
})();
