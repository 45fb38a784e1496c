// Every time a page shows, in this device's own time with its zone named ("20:41
// (Europe/Berlin)", "1 Dec 2026, 20:41 (Europe/Berlin)"): a <time datetime> marked
// data-clock says the time of day, data-day the day, any other the day and the time. Without
// script the page says the same in UTC (app/pages/filters.py, `when` and `clock`), so every page
// says one zone, named. Run on the whole page once loaded; `inLocalTime(root)` for parts added.

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const formats = {
  clock: new Intl.DateTimeFormat(undefined, { timeStyle: "short" }),
  day: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
  moment: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
};

export function inLocalTime(root = document) {
  const times = root.matches?.("time[datetime]") ? [root] : root.querySelectorAll("time[datetime]");
  for (const time of times) {
    const at = new Date(time.dateTime);
    if (Number.isNaN(at.getTime())) continue;
    if ("day" in time.dataset) {
      time.textContent = formats.day.format(at);
      continue;
    }
    const format = "clock" in time.dataset ? formats.clock : formats.moment;
    time.textContent = `${format.format(at)} (${zone})`;
    if (time.title) time.title = `${formats.moment.format(at)} (${zone})`;
  }
}

inLocalTime();
