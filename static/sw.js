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
//
// A table or manager link (games/<n>/table/<token>, games/<n>/manage/<token>) is never kept
// as a page: its answer is the server's redirect to the game's page. When the server took the
// link (that redirect) while this worker was in control, a mark is kept: under a digest of the
// link's address (its secret is not written in clear), the game's page it led to. Offline, that
// same link opened again on this phone is sent on to that page (a redirect, as the server's),
// if the page is kept; any other link, or one the server answered otherwise since (a replaced
// manager link's 404 takes the mark away), gets the browser's own error as before. A mark gives
// no right: the page it leads to is the one this phone could already open offline.
"use strict";
var CACHE = "scorekeeper-v1";
var KEEP_PAGES = 40;
var ROOT = new URL(self.registration.scope).pathname;  // "/" (or the proxy's prefix + "/")
var PAGES = /^(games\/\d+(\/settlement)?)?$/;  // games.home, table.game, settlement.settlement:
// checked against the app's routes by tests/web/test_service_worker_routes.py
var LINKS = /^games\/(\d+)\/(table|manage)\/[^\/]+$/;  // links.follow, links.manage: the same test
var MARKS = "sw-link/";  // the marks' keys: ROOT + MARKS + the link's digest, never a page

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
  if (LINKS.test(path)) { return "link"; }
  return PAGES.test(path) ? "page" : null;
}

function prune(cache, what) {  // the oldest first: at most KEEP_PAGES pages, and as many marks
  return cache.keys().then(function (requests) {
    var kept = requests.filter(function (r) {
      var url = new URL(r.url);
      return what === "page" ? kind(url) === "page" : url.pathname.indexOf(ROOT + MARKS) === 0;
    });
    return Promise.all(kept.slice(0, Math.max(0, kept.length - KEEP_PAGES))
      .map(function (r) { return cache.delete(r); }));
  });
}

function keep(key, response, what) {
  var rules = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.type !== "basic" || /no-store/.test(rules)) { return; }
  caches.open(CACHE).then(function (cache) {
    return cache.put(key, response).then(function () { return what === "page" ? prune(cache, what) : null; });
  });
}

// --- a link's mark: the game's page the server sent it on to
function markOf(url) {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(url.origin + url.pathname))
    .then(function (hash) {
      var hex = Array.prototype.map.call(new Uint8Array(hash), function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
      return url.origin + ROOT + MARKS + hex;
    });
}

function mark(url, response) {
  // the server's redirect (opaque to a worker) is to the link's own game's page; its 404 (a
  // replaced manager link, a game deleted) means the link leads nowhere now; any other answer
  // (a proxy without its server, 502) says nothing of the link
  var page = url.origin + ROOT + "games/" + LINKS.exec(url.pathname.slice(ROOT.length))[1];
  return Promise.all([markOf(url), caches.open(CACHE)]).then(function (both) {
    if (response.status === 404) { return both[1].delete(both[0]); }
    if (response.type !== "opaqueredirect") { return null; }
    return both[1].put(both[0], new Response(page)).then(function () { return prune(both[1], "mark"); });
  });
}

function ledTo(url) {  // the kept page this same link led to, or null
  return markOf(url).then(function (key) { return caches.match(key); }).then(function (found) {
    return found ? found.text() : null;
  }).then(function (page) {
    return page ? caches.match(page).then(function (kept) { return kept ? page : null; }) : null;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  var what = kind(url);
  if (what === null) { return; }
  if (what === "link") {
    if (request.mode !== "navigate") { return; }
    event.respondWith(fetch(request).then(function (response) {  // marked before it is followed
      return mark(url, response).then(function () { return response; }, function () { return response; });
    }, function (error) {
      return ledTo(url).then(function (page) {
        if (page) { return Response.redirect(page, 302); }
        throw error;
      });
    }));
    return;
  }
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
