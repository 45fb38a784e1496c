// The service worker (app/pages/offline.py serves it at /sw.js, so its scope is the whole
// site): a page visited once opens with no connection, with what it showed last.
//
// - On install it keeps the static files every page may load (SHELL), in a cache named
//   after their digest; once active it drops the caches of older versions.
// - Every GET of this site that it passes goes to the network first, and a good answer is
//   kept (PAGES, the latest PAGES_KEPT); with no connection the kept answer is given, and a page never visited
//   here gets a short page that says so. The live stream (text/event-stream) is never kept.
// - A page asks it to keep addresses afresh ({keep: [address, ...]}): a page it did not
//   control yet, itself and what it loaded; the game page, itself after each new head, so that opened offline it shows the head it knew last.
// - Writes (POST and the rest) are never touched: the game page's outbox (js/outbox.js)
//   keeps and sends the actions recorded offline, one path for every write.
const VERSION = {{ version | tojson }};
const SHELL = {{ shell | tojson }};
const SHELL_CACHE = `tablelog-shell-${VERSION}`;
const PAGES = "tablelog-pages";
const PAGES_KEPT = 300; // answers kept at most, the oldest let go first: stepping through a
// long game would otherwise keep every step it passed, for ever

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tablelog-shell-") && name !== SHELL_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname === "/sw.js" || (request.headers.get("Accept") ?? "").includes("text/event-stream")) return;
  if (url.pathname.endsWith("/stream")) return;
  event.respondWith(networkFirst(request));
});

self.addEventListener("message", (event) => {
  const addresses = [event.data?.keep ?? []].flat().filter((address) => typeof address === "string");
  const own = addresses.filter((address) => address.startsWith("/") && !address.endsWith("/stream"));
  event.waitUntil(Promise.all(own.map((address) => (
    fetch(address).then((response) => keep(new Request(address), response)).catch(() => null)
  ))));
});

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await keep(request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    if (request.mode === "navigate") return notVisited();
    throw error;
  }
}

async function keep(request, response) {
  if (!response.ok || response.type !== "basic") return;
  const cache = await caches.open(PAGES);
  await cache.put(request, response); // in place of one kept before, at the end of the order

  const kept = await cache.keys();
  for (const old of kept.slice(0, Math.max(0, kept.length - PAGES_KEPT))) await cache.delete(old);
}

function notVisited() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not kept on this device · tablelog</title>
<link rel="stylesheet" href="/static/css/pages.css"></head>
<body><main id="main"><h1>No connection</h1>
<p>This device has no connection, and this page was not opened here before, so it has no copy
of it. The pages of a game opened here once open with no connection: go back to one of them,
or try again when the connection returns.</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
