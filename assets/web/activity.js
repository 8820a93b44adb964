// The Discord Activity's sign-in (docs/web.md, "The Activity"), written for this page
// with no SDK and no build step: the Embedded App SDK's documented postMessage part.
// Messages are [opcode, payload]: 0 the handshake, 1 a frame (a command with its
// nonce, its answer, or a DISPATCH event), 2 a close. Only messages from the window
// that frames the page, from one of the Discord clients' origins the server names, are
// read; the handshake is posted to each of those origins (only the parent's receives it)
// and every later message to the origin that answered.
(function () {
  "use strict";
  var main = document.getElementById("activity");
  if (!main) { return; }
  var status = document.getElementById("activity-status");
  var clientId = main.getAttribute("data-client");
  var parents = (main.getAttribute("data-parents") || "").split(" ").filter(Boolean);
  var query = new URLSearchParams(location.search);
  var frameId = query.get("frame_id") || "";
  var channelId = query.get("channel_id") || "";
  var instanceId = query.get("instance_id") || "";
  var parent = window.parent.opener || window.parent;
  var origin = null, nonces = 0, pending = {}, done = false;

  function say(html, isText) {
    done = true;
    document.documentElement.setAttribute("data-activity", "failed");
    if (isText) { status.textContent = html; } else { status.innerHTML = html; }
  }
  function failed() { say(main.getAttribute("data-failed"), true); }

  // A command to the Discord client; resolves with its answer's data.
  function command(cmd, args) {
    nonces += 1;
    var nonce = "arcana-" + nonces;
    return new Promise(function (resolve, reject) {
      pending[nonce] = { resolve: resolve, reject: reject };
      parent.postMessage([1, { cmd: cmd, args: args, nonce: nonce }], origin);
    });
  }

  function signIn() {
    document.documentElement.setAttribute("data-activity", "ready");
    command("AUTHORIZE", {
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"]
    }).then(function (data) {
      return fetch("/activity/session", {
        method: "POST",
        credentials: "omit",
        cache: "no-store",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          code: String((data && data.code) || ""), channel: channelId, instance: instanceId
        })
      });
    }).then(function (response) {
      return response.json();
    }).then(function (session) {
      if (!session.ok) { throw session; }
      return command("AUTHENTICATE", { access_token: session.access_token })
        .then(function () { return session; });
    }).then(function (session) {
      document.documentElement.setAttribute("data-activity", "signed-in");
      location.replace(session.go);
    }).catch(function (refusal) {
      if (refusal && typeof refusal.html === "string" && refusal.html) { say(refusal.html, false); }
      else { failed(); }
    });
  }

  window.addEventListener("message", function (event) {
    if (event.source !== parent || parents.indexOf(event.origin) < 0) { return; }
    if (origin !== null && event.origin !== origin) { return; }
    var message = event.data;
    if (!Array.isArray(message) || message.length < 2 || !message[1]) { return; }
    var opcode = message[0], frame = message[1];
    if (opcode === 2) { if (!done) { failed(); } return; }
    if (opcode !== 1) { return; }
    if (frame.cmd === "DISPATCH") {
      if (frame.evt === "READY" && origin === null) { origin = event.origin; signIn(); }
      return;
    }
    var waiting = frame.nonce && pending[frame.nonce];
    if (!waiting) { return; }
    delete pending[frame.nonce];
    if (frame.evt === "ERROR") { waiting.reject(frame.data); } else { waiting.resolve(frame.data); }
  });

  var hello = { v: 1, encoding: "json", client_id: clientId, frame_id: frameId };
  parents.forEach(function (to) { parent.postMessage([0, hello], to); });
  // Not framed by a Discord client (opened on its own): say so rather than wait.
  setTimeout(function () { if (origin === null && !done) { failed(); } }, 15000);
})();
