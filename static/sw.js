// The service worker of HTTPS at home and of a club server (issue 26): a game page already
// seen on this phone opens when the network is gone, to read the standing and the coups.
//
// Network first, always: while the server answers, every page is the server's, fresh. Only
// when it cannot be reached does a page opened (a navigation) or a static file come from
// what was kept. A page's own requests (follow.js polling, the preview, the outbox) are
// never answered from the cache: they must see that the network is gone (the followers'
// "offline since", the manager's pending coups).
//
// What is kept, under its address without the query string: the static files, and the
// answers 200 to GET of the home list, a game's page (/games/<n>) and its settlement, each
// time they are drawn (follow.js asks for the whole page, so a follower's copy stays
// fresh). At most KEEP_PAGES pages, the oldest put out first.
// Never kept: anything but GET; an answer marked no-store; any other page (the links page
// with its secret links, the admin, the forms of a change).
//
// A kept manager page is the one this phone was shown, in this browser's own storage (a
// cache belongs to one origin in one browser: nothing crosses to another phone), under its
// own game's address (one game's page never answers for another's). Offline it shows the
// coup form as it was; a coup saved then waits in the outbox (table.js), and every save
// still meets the server's checks when it arrives: the manager's grant (a phone whose
// rights were taken back is refused) and the version the page showed (a page older than
// the game is refused, 409, and shown side by side). A kept page never writes anything.
"use strict";
var CACHE = "scorekeeper-v1";
var KEEP_PAGES = 40;
var ROOT = new URL(self.registration.scope).pathname;  // "/" (or the proxy's prefix + "/")
var PAGES = /^(games\/\d+(\/settlement)?)?$/;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function kind(url) {
  if (url.origin !== self.location.origin || url.pathname.indexOf(ROOT) !== 0) { return null; }
  var path = url.pathname.slice(ROOT.length);
  if (path.indexOf("static/") === 0) { return "static"; }
  return PAGES.test(path) ? "page" : null;
}

function keep(key, response, what) {
  var rules = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.type !== "basic" || /no-store/.test(rules)) { return; }
  caches.open(CACHE).then(function (cache) {
    return cache.put(key, response).then(function () {
      if (what !== "page") { return null; }
      return cache.keys().then(function (requests) {
        var pages = requests.filter(function (r) { return kind(new URL(r.url)) === "page"; });
        return Promise.all(pages.slice(0, Math.max(0, pages.length - KEEP_PAGES))
          .map(function (r) { return cache.delete(r); }));
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  var what = kind(url);
  if (what === null) { return; }
  var key = url.origin + url.pathname;
  var fallback = what === "static" || request.mode === "navigate";
  event.respondWith(fetch(request).then(function (response) {
    keep(key, response.clone(), what);
    return response;
  }, function (error) {
    if (!fallback) { throw error; }
    return caches.match(key).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  }));
});
