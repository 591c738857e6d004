// The change log's times in this phone's time zone: each <time data-local> carries an ISO UTC
// instant; without script the page shows it in UTC, saying so.
(function () {
  var lang = document.documentElement.lang || undefined;
  var format = new Intl.DateTimeFormat(lang, {
    year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "short",
  });
  var clock = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" });
  document.querySelectorAll("time[data-local]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (!isNaN(when.getTime())) {
      // data-local="time": the hour alone (HH:MM), as said in a sentence
      el.textContent = (el.getAttribute("data-local") === "time" ? clock : format).format(when);
      el.title = el.getAttribute("datetime");
    }
  });
})();
