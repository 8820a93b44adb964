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
        setupPlay();
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
  // newest position when we were showing it, else where we are). Over a WebSocket
  // (`…/ws`; the Discord Activity's proxy carries nothing else), else server-sent
  // events (`…/events`) once the socket could not open a few times in a row. Both are
  // closed when the page is left: a browser holds few connections per site, and a page
  // kept for the back button must not hold one. <html data-live> says which is open.
  function changed(version) {
    var m = main();
    if (!m || m.getAttribute("data-version") === version) { return; }
    var atLast = m.getAttribute("data-ply") === m.getAttribute("data-last");
    // The page as it stands (its address keeps a language asked with ?lang=).
    var now = m.getAttribute("data-now") || location.pathname;
    if (atLast && location.pathname + location.search !== now) { history.replaceState(null, "", now); }
    refresh(atLast ? now : location.pathname + location.search);
  }
  function live(kind) {
    if (kind) { document.documentElement.setAttribute("data-live", kind); }
    else { document.documentElement.removeAttribute("data-live"); }
  }
  var source = null, socket = null, again = null, failed = 0;
  function socketUrl() {
    var url = new URL(main().getAttribute("data-events"), location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.pathname = url.pathname.replace(/\/events$/, "/ws");
    return url.href;
  }
  function openSocket() {
    var ws = new WebSocket(socketUrl());
    var opened = false;
    socket = ws;
    ws.onopen = function () { opened = true; failed = 0; live("socket"); };
    ws.onmessage = function (e) { changed(String(e.data)); };
    ws.onclose = function () {
      if (socket !== ws) { return; }
      socket = null;
      live(null);
      if (!opened) { failed += 1; }
      // Again in a moment: the version it says on opening catches up what was missed.
      again = setTimeout(function () { again = null; listen(); }, opened ? 1000 : 300);
    };
  }
  function listen() {
    // A puzzle's page has nothing to follow: only its solver changes it.
    if (source || socket || again || !main() || !main().getAttribute("data-events")) { return; }
    if (window.WebSocket && failed < 3) { openSocket(); return; }
    if (!window.EventSource) { return; }
    source = new EventSource(main().getAttribute("data-events"));
    source.onopen = function () { live("events"); };
    source.addEventListener("version", function (e) { changed(e.data); });
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
    if (socket) { var ws = socket; socket = null; ws.close(); }
    if (again) { clearTimeout(again); again = null; }
    failed = 0;
    live(null);
  });
  window.addEventListener("pageshow", listen);
  listen();

  // Playing on one's own page (issue 49): the service's picker, one choice at a time.
  // Options that stand for a cell light up on the board (tap it, or drag from one cell
  // to the next); the others are buttons beside it; Confirm plays the whole answer.
  // The game's other actions (draw, takeback, resign, a note) are buttons below.
  var play = null;
  function setupPlay() {
    var section = document.getElementById("play");
    play = null;
    layBadges();
    if (!section) { return; }
    setupActions(section);
    setupPuzzle(section);
    var figure = document.querySelector("figure.board[data-cells]");
    var picker = section.querySelector(".picker"), lines = section.querySelector(".lines");
    if (lines) { setupLineList(lines); }
    if (!figure || !(picker || lines)) { return; }
    // `box`: the picker being walked (the move's, or a conditional line's on a copy of
    // the board); `line`: that line's whole turns so far (null: the move's picker).
    // The touchable cells are laid on the picture once a picker is walked.
    var img = figure.querySelector("img");
    play = { section: section, box: picker, line: null, img: img, src: img.getAttribute("src"),
             figure: figure, cells: null, path: [], confirm: null, drop: null, busy: false,
             next: false, ply: Number(section.getAttribute("data-actions")), cellAt: null };
    if (picker) { layCells(); }
    if (lines) { setupLines(lines); }
    if (!picker) { return; }
    button("confirm").addEventListener("click", function () {
      if (play.confirm !== null) { send("confirm", play.path); } else { send("play", play.path); }
    });
    button("back").addEventListener("click", function () { play.path.pop(); send("pick", play.path); });
    button("cancel").addEventListener("click", function () {
      if (play.confirm !== null) { send("cancel", []); play.path = []; } else { play.path = []; send("pick", []); }
    });
    send("pick", []);
  }
  // The board's picture inside a box that cells and badges are laid over.
  function wrapped(img) {
    if (img.parentNode.classList.contains("board-wrap")) { return img.parentNode; }
    var wrap = document.createElement("div");
    wrap.className = "board-wrap";
    img.parentNode.insertBefore(wrap, img);
    wrap.appendChild(img);
    return wrap;
  }
  // On a phone the badges drawn in the picture are small: their words are written
  // again over it, larger (shown by the style sheet on narrow screens only).
  function layBadges() {
    var figure = document.querySelector("figure.board[data-badges]");
    if (!figure || figure.querySelector(".badge-layer")) { return; }
    var wrap = wrapped(figure.querySelector("img"));
    var layer = document.createElement("div");
    layer.className = "badge-layer";
    layer.setAttribute("aria-hidden", "true");
    figure.getAttribute("data-badges").split(";").forEach(function (entry) {
      var at = entry.indexOf(":");
      var r = entry.slice(0, at).split(",").map(Number);
      var box = document.createElement("div");
      box.className = "badges";
      box.style.left = (r[0] * 100) + "%";
      box.style.top = (r[1] * 100) + "%";
      box.style.width = (r[2] * 100) + "%";
      box.style.height = (r[3] * 100) + "%";
      entry.slice(at + 1).split("|").forEach(function (words) {
        var badge = document.createElement("span");
        var forms = words.split("~");
        badge.className = "badge";
        badge.textContent = forms[0];
        badge.setAttribute("data-short", forms[1] || "");
        box.appendChild(badge);
      });
      layer.appendChild(box);
    });
    wrap.appendChild(layer);
    // A word wider than its square that runs into a neighbour's badge or off the board
    // is written in its short form, else cut to its square.
    var placed = [], edge = layer.getBoundingClientRect();
    layer.querySelectorAll(".badge").forEach(function (badge) {
      var r = badge.getBoundingClientRect();
      var wide = r.width > badge.parentNode.getBoundingClientRect().width;
      var hits = r.left < edge.left || r.right > edge.right || placed.some(function (q) {
        return r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom;
      });
      var short = badge.getAttribute("data-short");
      if (wide && hits && short) { badge.textContent = short; }
      if (wide && hits) { badge.classList.add("cut"); }
      placed.push(badge.getBoundingClientRect());
    });
  }
  function layCells() {
    if (play.cells) { return; }
    var wrap = wrapped(play.img);
    var layer = document.createElement("div");
    layer.className = "cells";
    wrap.appendChild(layer);
    var cells = {}, rects = {};
    play.figure.getAttribute("data-cells").split(";").forEach(function (entry) {
      var parts = entry.split(":");
      var r = parts[1].split(",").map(Number);
      rects[parts[0]] = r;
      var cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.setAttribute("data-cell", parts[0]);
      cell.setAttribute("aria-label", parts[0]);
      cell.style.left = (r[0] * 100) + "%";
      cell.style.top = (r[1] * 100) + "%";
      cell.style.width = (r[2] * 100) + "%";
      cell.style.height = (r[3] * 100) + "%";
      layer.appendChild(cell);
      cells[parts[0]] = cell;
    });
    play.cells = cells;
    layer.addEventListener("pointerdown", function (e) {
      var cell = e.target.closest(".cell.offered");
      if (!cell) { return; }
      e.preventDefault();
      play.drag = cell.getAttribute("data-cell");
      choose(Number(cell.getAttribute("data-value")), cell);
    });
    // Where a drag ends, by the picture's geometry: the cell there may not be offered
    // (nor shown) yet, its choice still on its way.
    play.cellAt = function (x, y) {
      var box = wrap.getBoundingClientRect();
      var fx = (x - box.left) / box.width, fy = (y - box.top) / box.height;
      return Object.keys(rects).filter(function (k) {
        var r = rects[k];
        return fx >= r[0] && fx < r[0] + r[2] && fy >= r[1] && fy < r[1] + r[3];
      })[0] || null;
    };
  }
  document.addEventListener("pointerup", function (e) {
    if (!play || !play.drag) { return; }
    var name = play.cellAt(e.clientX, e.clientY);
    play.drop = name && name !== play.drag ? name : null;
    play.drag = null;
    dropIfReady();
  });
  function button(name) { return play.box.querySelector("button." + name); }
  function pickAsk() { return play.line === null ? "pick" : "line-pick"; }
  function choose(value, cell) {
    if (play.busy || !play.box) { return; }
    Object.keys(play.cells).forEach(function (k) { play.cells[k].classList.remove("chosen"); });
    if (cell) { cell.classList.add("chosen"); }
    play.path.push(value);
    send(pickAsk(), play.path);
  }
  // A drag ended on a cell before the next choice came: take it once it is offered.
  function dropIfReady() {
    if (!play.drop || play.busy) { return; }
    var cell = play.cells[play.drop];
    play.drop = null;
    if (cell && cell.classList.contains("offered")) { choose(Number(cell.getAttribute("data-value")), cell); }
  }
  // Posts one action of the page's section; the answer (or a failure) to `done`.
  function post(section, body, done, failed) {
    body.ply = Number(section.getAttribute("data-actions"));
    fetch(section.getAttribute("data-act") + location.search, {
      method: "POST", credentials: "omit", cache: "no-store",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body)
    })
      .then(function (r) { return r.json(); })
      .then(done)
      .catch(function () { failed(section.getAttribute("data-failed")); });
  }
  function send(ask, path) {
    var section = play.section;
    play.busy = true;
    var text = play.box.querySelector(".play-text");
    var body = { ask: ask, path: path };
    if (play.line !== null) { body.line = play.line; }
    new Promise(function (settled) {
      post(section, body, function (a) { shown(a); settled(); },
           function (why) { text.textContent = why; settled(); });
    }).then(function () {
      if (!play) { return; }
      play.busy = false;
      if (play.next) { play.next = false; send("line-pick", []); return; }
      dropIfReady();
    });
  }
  function clearCells() {
    if (!play.cells) { return; }
    Object.keys(play.cells).forEach(function (k) {
      play.cells[k].classList.remove("offered");
      play.cells[k].removeAttribute("data-value");
    });
  }
  function shown(answer) {
    if (!play.box) { return; }
    var choice = answer.choice;
    // A line's turn is whole: it joins the line, and the copy's next turn is asked.
    if (play.line !== null && choice && choice.complete) {
      play.line.push(choice.path);
      play.path = [];
      play.next = true;
      return;
    }
    // The server's own markup: escaped text with `code` marked.
    play.box.querySelector(".play-text").innerHTML = answer.html;
    var choices = play.box.querySelector(".choices");
    choices.textContent = "";
    clearCells();
    play.confirm = answer.confirm === undefined ? null : answer.confirm;
    if (choice) { play.path = choice.path; }
    // The choice shown, for assistive tools and tests: the path it follows.
    play.box.setAttribute("data-path", play.path.join("."));
    if (choice && !choice.complete) {
      choice.options.forEach(function (o) {
        var cell = o.cell ? play.cells[o.cell] : null;
        if (cell && !cell.classList.contains("offered")) {
          cell.classList.add("offered");
          cell.setAttribute("data-value", String(o.value));
          cell.setAttribute("aria-label", o.label);
          return;
        }
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = o.label;
        b.addEventListener("click", function () { choose(o.value, null); });
        choices.appendChild(b);
      });
    }
    if (play.line !== null) { lineShown(answer); return; }
    if (answer.played && play.section.hasAttribute("data-puzzle")) { puzzleAnswered(answer); return; }
    var complete = (choice && choice.complete) || play.confirm !== null;
    button("confirm").hidden = !complete || answer.played;
    button("back").hidden = answer.played || play.path.length === 0 || play.confirm !== null;
    var idle = answer.ok && play.path.length === 0 && play.confirm === null;
    button("cancel").hidden = answer.played || idle;
  }
  // Conditional lines (issue 49): "Play a line out" walks the picker of a copy of the
  // board, the opponent's expected turn first, then the reader's answer, alternately;
  // the board shows the copy. "Queue this line" queues it as /conditional does; each
  // queued line (shown to its author alone) has its Delete.
  var lineSaid = null;
  function lineAct(section, body) {
    post(section, body, function (answer) {
      lineSaid = answer.html;
      // The page comes again with the line: pushed when the game is followed live,
      // else fetched here.
      if (answer.ok) {
        if (!document.documentElement.hasAttribute("data-live")) {
          refresh(main().getAttribute("data-now") || location.pathname + location.search);
        }
        return;
      }
      var said = section.querySelector(".line-said");
      if (said) { said.innerHTML = answer.html; }
    }, function (why) { section.querySelector(".line-said").textContent = why; });
  }
  function setupLineList(box) {
    var section = box.closest("#play");
    if (lineSaid !== null) { box.querySelector(".line-said").innerHTML = lineSaid; lineSaid = null; }
    box.querySelectorAll("button[data-number]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        lineAct(section, { ask: "line-delete", number: Number(b.getAttribute("data-number")) });
      });
    });
  }
  function lineBoard() {
    var box = play.section.querySelector(".lines");
    var turns = play.line.map(function (p) { return p.join("."); }).join("-");
    var lang = location.search ? "&" + location.search.slice(1) : "";
    return box.getAttribute("data-board") + "?line=" + turns + lang;
  }
  function setupLines(box) {
    var start = box.querySelector("button.line-start");
    var panel = box.querySelector(".line-picker");
    if (!start || !panel) { return; }
    start.hidden = false;
    function stop() {
      play.box = null; play.line = null; play.path = [];
      panel.hidden = true; start.hidden = false;
      clearCells();
      play.img.removeAttribute("data-line");
      play.img.setAttribute("src", play.src);
    }
    start.addEventListener("click", function () {
      layCells();
      play.box = panel; play.line = []; play.path = [];
      panel.hidden = false; start.hidden = true;
      send("line-pick", []);
    });
    panel.querySelector("button.confirm").addEventListener("click", function () {
      lineAct(play.section, { ask: "line-queue", line: play.line, path: [] });
    });
    panel.querySelector("button.back").addEventListener("click", function () {
      if (play.path.length > 0) { play.path.pop(); } else { play.line.pop(); }
      send("line-pick", play.path);
    });
    panel.querySelector("button.cancel").addEventListener("click", stop);
  }
  function lineShown(answer) {
    play.box.querySelector(".line-text").innerHTML = answer.line || "";
    var board = lineBoard();
    if (play.img.getAttribute("data-line") !== board) {
      play.img.setAttribute("data-line", board);
      play.img.setAttribute("src", play.line.length ? board : play.src);
    }
    var whole = play.path.length === 0 && play.line.length > 0 && play.line.length % 2 === 0;
    button("confirm").hidden = !(answer.ok && whole);
    button("back").hidden = play.path.length === 0 && play.line.length === 0;
  }
  // The game's other actions: each button posts its `data-ask`; Resign is asked again
  // (its confirming button shown) before it acts; a note is posted with its text.
  function setupActions(section) {
    var text = section.querySelector(".act-text");
    var sure = section.querySelector('button[data-ask="resign-confirm"]');
    if (!text || !sure) { return; }
    section.querySelector(".game-actions").hidden = false;
    var waiting = false;
    function act(body, after) {
      if (waiting) { return; }
      waiting = true;
      post(section, body, function (answer) {
        waiting = false;
        text.innerHTML = answer.html;
        sure.hidden = !answer.resign;
        if (after) { after(answer.ok); }
      }, function (why) { waiting = false; text.textContent = why; });
    }
    section.querySelectorAll(".act-buttons button").forEach(function (b) {
      b.addEventListener("click", function () { act({ ask: b.getAttribute("data-ask") }); });
    });
    var form = section.querySelector("form.note");
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var input = form.querySelector("input");
      act({ ask: "note", text: input.value }, function (ok) { if (ok) { input.value = ""; } });
    });
  }
  // A puzzle's page (issue 51): the same picker answers the puzzle. A right answer
  // that leaves more to find brings the page again at the next question, its verdict
  // kept above the picker; one that ends the puzzle (solved or not) shows the verdict
  // and offers another try or the next puzzle. Opening one goes to its page.
  var verdict = null;
  function puzzleAnswered(answer) {
    var section = play.section;
    if (!answer.ended) {
      verdict = answer.html;
      show(main().getAttribute("data-now") || location.pathname + location.search, false);
      return;
    }
    section.querySelector(".verdict").innerHTML = answer.html;
    section.querySelector(".play-text").textContent = "";
    section.querySelector(".picker").hidden = true;
    Object.keys(play.cells).forEach(function (k) { play.cells[k].remove(); });
    section.querySelector(".puzzle-actions").hidden = false;
    play = null;
  }
  function setupPuzzle(section) {
    var buttons = section.querySelector(".puzzle-actions");
    if (!buttons) { return; }
    if (verdict !== null) { section.querySelector(".verdict").innerHTML = verdict; verdict = null; }
    var text = section.querySelector(".puzzle-text");
    var waiting = false;
    buttons.querySelectorAll("button").forEach(function (b) {
      b.addEventListener("click", function () {
        if (waiting) { return; }
        waiting = true;
        post(section, { ask: b.getAttribute("data-ask") }, function (answer) {
          waiting = false;
          if (answer.go) { location.href = answer.go + location.search; return; }
          text.innerHTML = answer.html;
        }, function (why) { waiting = false; text.textContent = why; });
      });
    });
  }
  setupPlay();
})();
