// Keep the phone's screen on while a game is open: a table plays for hours between taps.
//
// Two ways, whichever the browser allows:
// - "lock": the Wake Lock API. Browsers give it only to a secure context (HTTPS,
//   localhost); it is released when the page is hidden, so it is taken again on return.
// - "video": on plain HTTP on the local network (make run HOST=0.0.0.0) there is no
//   navigator.wakeLock. A playing video keeps a phone's screen on, so a tiny silent,
//   muted video plays in a loop, out of sight: the technique of NoSleep.js (MIT; its two
//   short videos are static/awake/, with its licence). A phone lets a page play only
//   after a tap, so it starts on the first tap (one made before this script came counts).
//   Also used when the lock is refused.
// It stops when the game is over (the finished page has no awake.js; a follower's page
// turns over in place, follow.js says "scorekeeper:shown") and when the page is left.
// The state is on <html data-awake="lock|video"> and shown by the mark #awake.
(function () {
  "use strict";
  var me = document.currentScript;
  var root = document.documentElement;
  var lock = null;
  var video = null;
  var stopped = false;
  var started = false;

  function over() { return !!document.querySelector("#deal.over, #standing.over"); }

  // The mark lies in the page's flow, never over it: in the coup entry's bar, which stays at
  // the bottom of the screen while a coup is entered, or else above the page's title.
  function place(mark) {
    var home = document.querySelector(".entry-bar");
    if (home) { home.appendChild(mark); return; }
    var main = document.querySelector("main");
    if (main) { main.insertBefore(mark, main.firstChild); }
  }

  // The mark's line is in its place from the start, out of sight until the screen is kept
  // on: the lock is often granted after the page is drawn (without a tap, and again on
  // every return to the page), and a line added then moved what a finger was about to tap
  // (the entry bar, sticky at the bottom, grew over the field above it).
  function settle() {
    var mark = document.getElementById("awake");
    if (!mark) { return; }
    if (!mark.getAttribute("data-placed")) { place(mark); mark.setAttribute("data-placed", "1"); }
    mark.hidden = false;
    if (root.getAttribute("data-awake")) { mark.classList.remove("off"); } else { mark.classList.add("off"); }
  }

  function show(state) {
    if (state) { root.setAttribute("data-awake", state); } else { root.removeAttribute("data-awake"); }
    settle();
  }

  function source(type) {
    var element = document.createElement("source");
    element.src = me.getAttribute("data-" + type);
    element.type = "video/" + type;
    return element;
  }

  function viaVideo() {
    if (!video) {
      video = document.createElement("video");
      video.muted = true;  // the property: a muted video may play; the attribute alone is not enough everywhere
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");  // iOS: never full screen
      video.setAttribute("loop", "");
      video.setAttribute("aria-hidden", "true");
      video.className = "awake-video";
      video.appendChild(source("webm"));
      video.appendChild(source("mp4"));
      video.addEventListener("loadedmetadata", function () {
        if (video.duration > 1) {  // the mp4 is longer and does not loop on every phone: stay in its start
          video.addEventListener("timeupdate", function () {
            if (video.currentTime > 0.5) { video.currentTime = Math.random(); }
          });
        }
      });
      video.addEventListener("playing", function () { if (!stopped) { show("video"); } });
      video.addEventListener("pause", function () { show(null); });
      document.body.appendChild(video);
    }
    if (!video.paused) { return; }
    var playing = video.play();
    if (playing && playing.catch) { playing.catch(function () { /* no tap yet: the next tap tries again */ }); }
  }

  function viaLock() {
    if (lock) { return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      if (stopped) { sentinel.release(); return; }
      lock = sentinel;
      show("lock");
      sentinel.addEventListener("release", function () { lock = null; show(null); });
    }).catch(function () { viaVideo(); });  // refused (battery saver, a policy): the video instead
  }

  function keep() {
    if (stopped || document.visibilityState !== "visible") { return; }
    if (over()) { stop(); return; }
    started = true;
    if ("wakeLock" in navigator) { viaLock(); } else { viaVideo(); }
  }

  function stop() {
    stopped = true;
    if (lock) { lock.release(); lock = null; }
    if (video) { video.pause(); video.remove(); video = null; }
    show(null);
  }

  document.addEventListener("click", keep);
  document.addEventListener("touchend", keep);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") { return; }
    if (started) { keep(); }  // came back: take the lock again, play again
  });
  document.addEventListener("scorekeeper:shown", function () { if (over()) { stop(); } else { settle(); } });
  window.addEventListener("pagehide", stop);
  window.addEventListener("pageshow", function (event) {  // back from the browser's page cache
    if (event.persisted && !over()) { stopped = false; started = false; }
  });
  settle();
  if ("wakeLock" in navigator) { keep(); }  // a lock may be granted without a tap
  // a slow phone: the first tap may have come before this script did (the page has had a
  // tap, so a video may play): kept on from then, not from the next tap
  else if (navigator.userActivation && navigator.userActivation.hasBeenActive) { keep(); }
})();
