// The table link follows the game: when the bête manager saves a change, reload.
// "no-cache": the browser asks with the version it has (If-None-Match) and the
// server answers 304, without a body, while nothing changed.
(function () {
  "use strict";
  var me = document.getElementById("follow");
  if (!me) { return; }
  var seen = me.getAttribute("data-version");
  var url = me.getAttribute("data-poll");
  function poll() {
    fetch(url, { cache: "no-cache", headers: { "Accept": "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== seen) { window.location.reload(); }
      })
      .catch(function () { /* offline for a moment: try again */ })
      .then(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 3000);
})();
