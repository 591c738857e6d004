// Register the service worker (/sw.js) on HTTPS (HTTPS at home, a club server): browsers
// allow one only in a secure context. On plain HTTP on the local network there is none:
// the page works as before, without offline reading (docs/guide-players.md, "Offline
// reading"). Nor on http://localhost, a secure context too: there the server is on the
// same machine, so it is never out of reach, and nothing would be gained by keeping pages.
(function () {
  "use strict";
  var me = document.getElementById("sw-register");
  if (!me || !window.isSecureContext || window.location.protocol !== "https:") { return; }
  if (!("serviceWorker" in navigator)) { return; }
  navigator.serviceWorker.register(me.getAttribute("data-sw"), { scope: me.getAttribute("data-scope") })
    .then(function () { document.documentElement.setAttribute("data-sw", "registered"); })
    .catch(function () { /* e.g. a certificate the phone does not trust yet: no offline pages */ });
})();
