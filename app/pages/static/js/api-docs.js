// The API docs (/api/docs): Swagger UI, loaded just before this from the flask-swagger-ui
// wheel's files, started on the service's own OpenAPI document. Its validator badge would
// send the document to a server elsewhere, so it is off: the page asks nothing of anyone else.
// Deep links are off too: each is a link inside an operation's button, which a screen reader
// may not announce (axe-core, nested-interactive). Once the document is drawn, its title block
// becomes the page's banner (every part of a page in a landmark), and a heading "Operations"
// opens Swagger UI's <main>, between its <h1> title and its tags' <h3>s.
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.spec,
  domNode: root,
  deepLinking: false,
  validatorUrl: null,
  onComplete: () => {
    root.querySelector(".information-container")?.setAttribute("role", "banner");
    const main = root.querySelector("main");
    if (!main || main.querySelector("#operations-heading")) return;
    const heading = Object.assign(document.createElement("h2"), { id: "operations-heading", textContent: "Operations" });
    heading.className = "operations-heading";
    main.prepend(heading);
  },
});
