// The round clock of an event's pages (director, read link, wall): each <time data-ends>
// shows the hour the round ends in this device's time zone and the minutes left, again
// after follow.js brings a fresher page and every 15 s. Without script: the hour in UTC.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  var clock = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" });
  function show() {
    document.querySelectorAll("time[data-ends]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when.getTime())) { return; }
      var left = Math.max(0, Math.ceil((when.getTime() - Date.now()) / 60000));
      el.textContent = clock.format(when) + " (" + left + " min)";
    });
  }
  show();
  document.addEventListener("scorekeeper:shown", show);
  window.setInterval(show, 15000);
})();
