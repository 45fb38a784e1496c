// A refusal shown as the GOV.UK Design System shows one: a summary at the top of the page
// linking to each field it concerns, and the same message beside that field.
//
// The answer is the API's problem document (RFC 9457). A 400 names fields in `errors`,
// nested as the body is ({"options": {"labor_pool": {"sales": {"salary": ["Missing data
// for required field."]}}}}; what the game's own schema refuses comes under "payload", the
// creation event's payload being the body's players and options). A 422 names the `rule`
// that refused. A field is the nearest element with data-field="<path>", or one whose
// data-rules lists the rule; a problem with neither is shown in the summary alone.

// `box` is the summary: the page's #error-summary unless a form has its own (js/record.js).
const pageSummary = () => document.getElementById("error-summary");

export function showProblem(form, problem, box = pageSummary()) {
  const entries = problem.errors ? fieldErrors(form, problem.errors) : [ruleError(form, problem)];
  entries.sort(inFormOrder);
  const list = box.querySelector("ul");
  list.replaceChildren(...entries.map(summaryItem));
  const prefix = form.id ? `${form.id}-` : "";
  entries.forEach((entry, n) => entry.field && markField(entry, `${prefix}${n}`));
  box.hidden = false;
  box.focus();
}

export function clearProblems(form, box = pageSummary()) {
  box.hidden = true;
  box.querySelector("ul").replaceChildren();
  for (const message of form.querySelectorAll(".error-message")) message.remove();
  for (const field of form.querySelectorAll(".field-error")) field.classList.remove("field-error");
  for (const control of form.querySelectorAll("[aria-invalid]")) {
    control.removeAttribute("aria-invalid");
    const describedBy = (control.getAttribute("aria-describedby") ?? "").split(" ");
    const kept = describedBy.filter((id) => id && !id.startsWith("error-"));
    if (kept.length) control.setAttribute("aria-describedby", kept.join(" "));
    else control.removeAttribute("aria-describedby");
  }
}

function fieldErrors(form, errors) {
  return flatten(errors).map(([path, message]) => {
    const field = fieldAt(form, path.filter((step) => step !== "payload" && step !== "_schema"));
    return { field, message, label: field ? labelOf(field) : path.join(".") };
  });
}

function ruleError(form, problem) {
  const field = problem.rule ? form.querySelector(`[data-rules~="${CSS.escape(problem.rule)}"]`) : null;
  const message = problem.detail ?? problem.title ?? "The service refused";
  return {
    field,
    message: problem.rule ? `${message} (${problem.rule})` : message,
    label: field ? labelOf(field) : null,
  };
}

// The summary lists the problems in the order of the form's fields; those with none first.
function inFormOrder(a, b) {
  if (!a.field || !b.field) return Boolean(a.field) - Boolean(b.field);
  if (a.field === b.field) return 0;
  return a.field.compareDocumentPosition(b.field) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

// [[["options", "labor_pool", "sales", "salary"], "Missing data for required field."], ...]
function flatten(errors, path = []) {
  if (Array.isArray(errors)) return errors.map((message) => [path, String(message)]);
  return Object.entries(errors).flatMap(([step, inner]) => flatten(inner, [...path, step]));
}

// The field of `path`, or of the nearest path above it that has one.
function fieldAt(form, path) {
  for (let length = path.length; length > 0; length--) {
    const name = path.slice(0, length).join(".");
    const field = form.querySelector(`[data-field="${CSS.escape(name)}"]`);
    if (field) return field;
  }
  return null;
}

function labelOf(field) {
  const own = field.querySelector(":scope > legend, :scope > label");
  const outer = field.parentElement?.closest("fieldset.field");
  const outerLegend = outer?.querySelector(":scope > legend")?.textContent.trim();
  const text = own?.textContent.trim() ?? "";
  // "Salary" alone says too little in a summary: "Sales: Salary".
  return outerLegend && outer.dataset.field !== "players" && !field.matches("fieldset")
    ? `${outerLegend}: ${text}`
    : text;
}

// What a link in the summary leads to: the field's first control, or the field itself.
function target(field) {
  const control = field.querySelector("input:not([type=hidden]), select, textarea, button");
  const element = control ?? field;
  if (!element.id) element.id = `field-${Math.random().toString(36).slice(2)}`;
  if (!control) element.tabIndex = -1;
  return element;
}

function summaryItem(entry) {
  const item = document.createElement("li");
  const text = entry.label ? `${entry.label}: ${entry.message}` : entry.message;
  if (!entry.field) {
    item.textContent = text;
    return item;
  }
  const goal = target(entry.field);
  const link = document.createElement("a");
  link.href = `#${goal.id}`;
  link.textContent = text;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    entry.field.scrollIntoView({ block: "center" });
    goal.focus({ preventScroll: true });
  });
  item.append(link);
  return item;
}

// The message beside its field; exported for a refusal that names a field by its rule
// (js/record-problem.js).
export function markField(entry, n) {
  const { field, message } = entry;
  const paragraph = document.createElement("p");
  paragraph.className = "error-message";
  paragraph.id = `error-${n}`; // "error-" marks it, for clearProblems to take it off again
  paragraph.textContent = message;
  const after = field.querySelector(":scope > .hint") ?? field.querySelector(":scope > legend, :scope > label");
  if (after) after.after(paragraph);
  else field.prepend(paragraph);
  field.classList.add("field-error");
  const control = field.querySelector("input:not([type=hidden]), select, textarea");
  if (control && field.matches(":not(fieldset)")) {
    control.setAttribute("aria-invalid", "true");
    const describedBy = control.getAttribute("aria-describedby");
    control.setAttribute("aria-describedby", describedBy ? `${describedBy} ${paragraph.id}` : paragraph.id);
  }
}
