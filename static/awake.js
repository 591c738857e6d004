// Keep the phone's screen on while a game is open (the Wake Lock API, where the browser has it).
// The lock is released by the browser when the page is hidden: take it again on return.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) { return; }
  var lock = null;
  function keep() {
    if (document.visibilityState !== "visible" || lock) { return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.setAttribute("data-awake", "1");
      sentinel.addEventListener("release", function () {
        lock = null;
        document.documentElement.removeAttribute("data-awake");
      });
    }).catch(function () { /* refused (battery saver, no user gesture yet): the screen may sleep */ });
  }
  document.addEventListener("visibilitychange", keep);
  document.addEventListener("click", keep);
  keep();
})();
