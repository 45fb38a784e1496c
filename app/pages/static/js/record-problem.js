// A refusal beside the record form that sent it, as the GOV.UK Design System shows an error:
// a box headed "There is a problem" above the form. A 400 names its fields, and each message
// is also said beside its field (js/errors.js). A rule's refusal (422) says the service's
// message, the rule's id, linked to its entry in the rules reference, the rule in the
// reference's words (GET /api/rules/<id>, its `summary`), and the problem's `details`, what
// would have been legal where the rule says so. Any other problem says its message. A rule
// that narrowed a field's choices (its data-rules, js/record-fields.js offerChoices) is also
// said beside that field, with the rule's id: the one whose value the message names, or the
// first.
import { clearProblems, markField, showProblem } from "./errors.js";

const summaries = new Map(); // rule href -> the rule's words, asked for once a page

export async function showRefusal(form, box, problem) {
  clearRefusal(form, box);
  if (problem.errors) {
    showProblem(form, problem, box);
    return;
  }
  const message = element("li");
  message.textContent = problem.detail ?? problem.title ?? "The service refused.";
  box.querySelector("ul").replaceChildren(message);
  const more = box.querySelector(".problem-more");
  const rule = problem.rule ?? problem.code;
  const field = rule ? fieldOf(form, rule, message.textContent) : null;
  if (field) markField({ field, message: `${message.textContent} (${rule})` }, `${form.id}-rule`);
  if (rule) more.append(await ruleParagraph(rule, problem.rule_href));
  if (problem.details && Object.keys(problem.details).length) more.append(detailsList(problem.details));
  box.hidden = false;
  box.focus();
}

export function clearRefusal(form, box) {
  clearProblems(form, box);
  box.querySelector(".problem-more").replaceChildren();
}

function fieldOf(form, rule, words) {
  const fields = [...form.querySelectorAll(`[data-rules~="${CSS.escape(rule)}"]`)];
  const named = fields.find((field) => {
    const value = field.querySelector("select, input:checked, input:not([type=radio])")?.value;
    return value && words.includes(value);
  });
  return named ?? fields[0] ?? null;
}

async function ruleParagraph(rule, href) {
  const paragraph = element("p", "rule");
  const name = element(href ? "a" : "strong", "rule-id");
  name.textContent = rule;
  if (href) name.href = href;
  paragraph.append("Rule ", name);
  const words = href ? await ruleWords(href) : null;
  if (words) {
    const quoted = element("span", "rule-words");
    quoted.textContent = words;
    paragraph.append(": ", quoted);
  }
  return paragraph;
}

async function ruleWords(href) {
  if (!summaries.has(href)) {
    summaries.set(
      href,
      fetch(href, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((entry) => entry?.summary ?? null)
        .catch(() => null),
    );
  }
  return summaries.get(href);
}

// The problem's details as a list of terms: {"squares": [[3, 8]], "map": "..."} reads
// "Squares: [3, 8]" and the map as it was drawn.
function detailsList(details) {
  const wrapper = element("div", "problem-details");
  const heading = element("p", "details-heading");
  heading.textContent = "In detail";
  const list = element("dl");
  const pictures = ([, value]) => typeof value === "string" && value.includes("\n");
  const entries = Object.entries(details);
  const ordered = [...entries.filter((e) => !pictures(e)), ...entries.filter(pictures)]; // a map last
  for (const [key, value] of ordered) {
    const term = element("dt");
    term.textContent = words(key);
    const description = element("dd");
    description.append(shown(value));
    list.append(term, description);
  }
  wrapper.append(heading, list);
  return wrapper;
}

function shown(value) {
  if (typeof value === "string" && value.includes("\n")) {
    const picture = element("pre");
    picture.textContent = value;
    return picture;
  }
  if (Array.isArray(value)) return value.map(inWords).join(", ") || "none";
  return inWords(value); // an object in a line: "name: Ben Zhao; department: finance; ..."
}

function inWords(value) {
  if (Array.isArray(value)) return `[${value.map(inWords).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    return Object.entries(value).map(([key, inner]) => `${key.replaceAll("_", " ")}: ${inWords(inner)}`).join("; ");
  }
  return value === null ? "none" : String(value);
}

function words(key) {
  const text = key.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function element(tag, className) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  return made;
}
