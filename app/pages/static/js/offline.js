// Every page registers the service worker (/sw.js, app/pages/offline.py): once a page has
// been opened on this device it opens again with no connection. A page the worker did not
// control yet (the first visit) asks it to keep the page and what the page has loaded so far;
// `keepAfresh(addresses)` asks it to keep their newest answers (the game page, at each new
// head it shows, keeps itself).
const worker = navigator.serviceWorker;
export const ready = worker
  ? worker.register("/sw.js", { scope: "/" }).then(() => worker.ready).catch(() => null)
  : Promise.resolve(null);

export async function keepAfresh(addresses) {
  const registration = await ready;
  registration?.active?.postMessage({ keep: addresses });
}

if (worker && !worker.controller) {
  const loaded = performance.getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.pathname.endsWith("/stream"))
    .map((url) => url.pathname + url.search);
  keepAfresh([location.pathname + location.search, ...loaded]);
}
