// The API docs (/api/docs): Swagger UI, loaded just before this from the flask-swagger-ui
// wheel's files, started on the service's own OpenAPI document. Its validator badge would
// send the document to a server elsewhere, so it is off: the page asks nothing of anyone else.
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.spec,
  domNode: root,
  deepLinking: true,
  validatorUrl: null,
});
