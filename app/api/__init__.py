"""The JSON API (and its pages for people: the docs, the rules reference, the problem
types): one blueprint a module, the HTTP plumbing (bodies, problems, headers, limits, tokens)
beside them."""
