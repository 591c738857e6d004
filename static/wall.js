// The wall's two sections (the ranking, the round's seating) scroll themselves on a screen
// nobody touches: when one is taller than its box (wall.css: the landscape grid) it waits
// at the top, scrolls steadily to its end, waits there and starts again from the top.
// The speed is in lines a second (a line: the section's first row), so a large type reads
// the same. When follow.js brings a fresher page ("scorekeeper:shown"), the new sections
// go on from where the old ones were: a ranking that changes every few seconds still
// reaches its last player. With prefers-reduced-motion: reduce nothing moves by itself
// (the sections scroll by hand, as without JavaScript, and a fresher page keeps the place
// the reader scrolled to); a section scrolled by hand goes on from there.
(function () {
  "use strict";
  var LINES_PER_SECOND = 1.5;
  var WAIT_AT_TOP_MS = 5000;
  var WAIT_AT_END_MS = 3000;
  var IDLE_MS = 500;  // how often a section that waits or fits is looked at again
  var SECTIONS = [".wall-ranking", ".wall-seating"];
  var still = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  // each section's course, by its selector: kept across follow.js's swaps of <main>
  var courses = SECTIONS.map(function () { return { phase: "top", since: null, at: 0 }; });
  var timer = null;
  var frame = null;
  var looks = 0;

  function lineHeight(box) {
    var row = box.querySelector("tbody tr, li");
    if (row && row.offsetHeight > 0) { return row.offsetHeight; }
    return parseFloat(window.getComputedStyle(box).fontSize) * 1.45;
  }

  // One section's step at time `now` (ms) after `elapsed` ms: whether it scrolls on.
  function step(box, course, now, elapsed) {
    var end = box.scrollHeight - box.clientHeight;
    if (end < 1) { course.phase = "top"; course.since = null; course.at = 0; return false; }
    if (Math.abs(box.scrollTop - course.at) > 2) { course.at = box.scrollTop; }  // by hand
    if (course.since === null) { course.since = now; }
    if (course.phase === "top") {
      if (now - course.since < WAIT_AT_TOP_MS) { return false; }
      course.phase = "down";
    }
    if (course.phase === "down") {
      course.at = Math.min(end, course.at + lineHeight(box) * LINES_PER_SECOND * elapsed / 1000);
      box.scrollTop = course.at;
      if (course.at < end) { return true; }
      course.phase = "end";
      course.since = now;
      return false;
    }
    if (now - course.since < WAIT_AT_END_MS) { return false; }
    course.phase = "top";
    course.since = now;
    course.at = 0;
    box.scrollTop = 0;
    return false;
  }

  var last = null;
  function tick() {
    timer = null;
    frame = null;
    var now = Date.now();
    // a frame late (a hidden tab, a busy screen) is not a jump
    var elapsed = last === null ? 0 : Math.min(now - last, 100);
    last = now;
    var moving = false;
    if (!(still && still.matches)) {
      SECTIONS.forEach(function (selector, i) {
        var box = document.querySelector(selector);
        if (box && step(box, courses[i], now, elapsed)) { moving = true; }
      });
    } else {
      // nothing moves by itself, but where the reader scrolled by hand is kept: the next
      // fresher page goes on from there, not from the top
      SECTIONS.forEach(function (selector, i) {
        var box = document.querySelector(selector);
        if (box) { courses[i].at = box.scrollTop; }
      });
    }
    if (moving) {
      frame = window.requestAnimationFrame(tick);
    } else {
      last = null;
      timer = window.setTimeout(tick, IDLE_MS);
      // how many times the resting sections were looked at: what a test waits for before
      // it says that nothing moved, instead of waiting for a time
      looks += 1;
      document.documentElement.setAttribute("data-wall-looks", String(looks));
    }
  }

  function start() {
    // the fresh sections begin where the old ones were (clamped to their own end)
    SECTIONS.forEach(function (selector, i) {
      var box = document.querySelector(selector);
      if (box && courses[i].at > 0) { box.scrollTop = courses[i].at; courses[i].at = box.scrollTop; }
    });
    if (timer !== null) { window.clearTimeout(timer); }
    if (frame !== null) { window.cancelAnimationFrame(frame); }
    last = null;
    tick();
  }

  start();
  document.addEventListener("scorekeeper:shown", start);
})();
