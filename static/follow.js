// The table link follows the game: when the bête manager saves a change, the page shows it.
//
// A game page (data-etag) asks for itself every 3 s with the ETag of the copy it shows
// (If-None-Match): the server answers 304, without a body, while nothing changed, and the
// new page once the game moved; its <main> takes the place of the old one, with no reload
// (no flash of a blank page, no style sheet or script asked for again, the scroll kept).
// One request a change instead of the version poll and a reload.
//
// Another page (data-poll, the evening's tables) polls the URL it names and reloads
// when the version it answers moves; it too is answered 304 while unchanged.
(function () {
  "use strict";
  var me = document.getElementById("follow");
  if (!me) { return; }
  var EVERY = parseInt(me.getAttribute("data-every"), 10) || 3000;  // the server's FOLLOW_EVERY_MS

  function later(step) { window.setTimeout(step, EVERY); }

  // When the polls fail the page says since when (this phone's clock) it shows an old state;
  // the first answer takes the note away, and a changed game comes with it (catching up).
  var banner = null;
  function lost() {
    var words = me.getAttribute("data-offline");
    if (banner || !words) { return; }
    var at = new Date().toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
    banner = document.createElement("p");
    banner.className = "offline-since";
    banner.setAttribute("role", "status");
    banner.textContent = words.replace("{time}", at);
    var main = document.querySelector("main");
    if (main) { main.insertBefore(banner, main.firstChild); }
  }
  function back(response) {
    if (response.status >= 500) { lost(); return response; }
    if (banner) { banner.remove(); banner = null; }
    return response;
  }

  // A game whose version went down was put back from a backup (scorekeeper restore while the
  // server runs): what this page showed since is no longer stored. Said, and kept said on the
  // pages that follow until the page is opened again: the table must read it, not only see
  // coups vanish.
  var wentNote = null;
  function wentBack() {
    var words = me.getAttribute("data-went-back");
    if (wentNote || !words) { return; }
    wentNote = document.createElement("p");
    wentNote.className = "went-back";
    wentNote.setAttribute("role", "status");
    wentNote.textContent = words;
  }

  // What this page was answered once and no later page repeats stays while the page follows
  // (data-kept): a phone that lost the fiche keeps reading why, and the coup it had typed
  // (web/table/lost_fiche.py), as the coups the other phone saves come in. Each goes back
  // where it was: into the place of the same id, else at the top.
  function keep(shown, main) {
    Array.prototype.forEach.call(shown.querySelectorAll("[data-kept]"), function (node) {
      var home = node.parentNode && node.parentNode.id ? main.querySelector("#" + node.parentNode.id) : null;
      if (home) { home.appendChild(node); } else { main.insertBefore(node, main.firstChild); }
    });
  }

  function followPage() {
    var etag = me.getAttribute("data-etag") || "";
    var address = window.location.pathname + window.location.search;
    function quoted(tag) { return tag ? '"' + tag + '"' : ""; }
    function bare(header) { return (header || "").replace(/^W\//, "").replace(/"/g, ""); }
    function show(html, tag) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var fresh = page.querySelector("main");
      var shown = document.querySelector("main");
      if (!fresh || !shown) { window.location.reload(); return; }
      var next = page.getElementById("follow");
      var was = parseInt(me.getAttribute("data-version"), 10);
      var now = next ? parseInt(next.getAttribute("data-version"), 10) : NaN;
      if (now < was) { wentBack(); }  // every change adds to the version: a backup put back
      var main = document.adoptNode(fresh);
      if (wentNote) { main.insertBefore(wentNote, main.firstChild); }
      keep(shown, main);
      shown.replaceWith(main);
      if (page.title) { document.title = page.title; }
      if (next) { me.setAttribute("data-version", next.getAttribute("data-version") || ""); }
      etag = tag;
      me.setAttribute("data-etag", tag);
      document.dispatchEvent(new CustomEvent("scorekeeper:shown"));
    }
    function poll() {
      var headers = { "Accept": "text/html" };
      if (etag) { headers["If-None-Match"] = quoted(etag); }
      // with a conditional header of its own, fetch hands the 304 to the script (no cache)
      fetch(address, { cache: "no-store", headers: headers, credentials: "same-origin" })
        .then(back)
        .then(function (response) {
          if (response.status !== 200) { return null; }
          var tag = bare(response.headers.get("ETag"));
          if (tag && tag === etag) { return null; }
          return response.text().then(function (html) { show(html, tag); });
        })
        .catch(lost)  // offline for a moment: said, and tried again
        .then(function () { later(poll); });
    }
    later(poll);
  }

  // A phone that lost the fiche keeps the coups its outbox kept, unconfirmed, until they are
  // discarded (static/outbox.js, their one home: this phone's localStorage under
  // "scorekeeper.outbox." and the game's id; test_browser_handover fails if the two part).
  // Drawn again, its page is a follower's, the same for every phone (kept: web/kept/), with
  // no outbox: with coups kept here, the lost phone's notice is asked for (its one template,
  // web/table/lost_fiche.py; nothing while this phone may change the game) and put where the
  // server puts it, after the messages; its own scripts write the coups out (outbox.js), each
  // with what the store knows of its key (asked with them: stored, then undone, fix28b).
  // A phone that keeps none asks for nothing.
  function keptHere(game) {  // the keys of the coups kept here (none: nothing to ask)
    try {
      var kept = JSON.parse(window.localStorage.getItem("scorekeeper.outbox." + game) || "null");
      return kept && kept.entries ? kept.entries.map(function (entry) { return entry.key; }) : [];
    } catch (e) { return []; }
  }
  function afterMessages(main) {  // the server's mark: <!--/flashes-->
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_COMMENT);
    while (walker.nextNode()) {
      if (walker.currentNode.data === "/flashes") { return walker.currentNode; }
    }
    return null;
  }
  function putNotice(html) {
    var answer = new DOMParser().parseFromString(html, "text/html");
    var notice = answer.getElementById("lost-fiche");
    var main = document.querySelector("main");
    if (!notice || !main || document.getElementById("lost-fiche")) { return; }
    notice = document.adoptNode(notice);
    var mark = afterMessages(main);
    if (mark) { mark.parentNode.insertBefore(notice, mark.nextSibling); } else { main.insertBefore(notice, main.firstChild); }
    Array.prototype.forEach.call(answer.querySelectorAll("script[src]"), function (found) {
      var script = document.createElement("script");  // one parsed into a page never runs
      script.src = found.getAttribute("src");
      script.async = false;  // in their order, as on the notice's page
      document.body.appendChild(script);
    });
  }
  function lostNotice() {
    var game = /^\/games\/([0-9]+)\/?$/.exec(window.location.pathname);
    var keys = game ? keptHere(game[1]) : [];
    if (!game || document.getElementById("lost-fiche") || !keys.length) { return; }
    // its keys: the notice says what the store knows of each (a coup stored, then undone)
    var asked = keys.filter(Boolean).map(function (key) { return "key=" + encodeURIComponent(key); });
    fetch(window.location.pathname.replace(/\/$/, "") + "/lost-fiche" + (asked.length ? "?" + asked.join("&") : ""),
      { cache: "no-store", headers: { "Accept": "text/html" }, credentials: "same-origin" })
      .then(function (response) {
        return response.status === 200 ? response.text().then(putNotice) : null;
      })
      .catch(function () { later(lostNotice); });  // offline (a page the service worker kept)
  }

  function followVersion() {
    var seen = me.getAttribute("data-version");
    var url = me.getAttribute("data-poll");
    function poll() {
      fetch(url, { cache: "no-cache", headers: { "Accept": "application/json" } })
        .then(back)
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (data) {
          if (data && String(data.version) !== seen) { window.location.reload(); }
        })
        .catch(lost)  // offline for a moment: said, and tried again
        .then(function () { later(poll); });
    }
    later(poll);
  }

  if (me.hasAttribute("data-etag")) { lostNotice(); followPage(); } else { followVersion(); }
})();
