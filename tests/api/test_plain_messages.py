"""#32, 8: a field's problem is said in plain words, whatever route and schema found it
(app/api/problems.py, `plain`): never marshmallow's own "Missing data for required field.",
"Not a valid integer.", "Field may not be null." or "Unknown field."."""

from tests.api.helpers import create_toy

DEFAULTS = ("Missing data for required field.", "Not a valid integer.", "Field may not be null.",
            "Unknown field.", "Not a valid string.", "Not a valid list.")  # fmt: skip


def said(response) -> str:
    assert response.status_code == 400, response.data[:300]
    assert response.content_type == "application/problem+json"
    text = str(response.json)
    assert not [default for default in DEFAULTS if default in text], response.json
    return response.json


def test_a_missing_a_null_a_wrong_and_an_unknown_field_in_plain_words(client):
    game_id, token = create_toy(client)
    answer = said(client.post("/api/games", json={"kind": "toy", "players": None, "colour": 1}))
    assert answer["errors"] == {
        "players": ["This field needs a value; it may not be null."],
        "colour": ["This field is not one this request takes: leave it out."],
    }
    answer = said(client.post(f"/api/games/{game_id}/undo", json={"to": "two"}))
    assert answer["errors"] == {"to": ["This field needs a whole number, such as 12."]}
    assert answer["detail"] == "to: This field needs a whole number, such as 12."
    answer = said(client.get(f"/api/games/{game_id}/diff"))
    assert answer == {**answer, "detail": "from: This field is required.",
                      "errors": {"from": ["This field is required."]}}  # fmt: skip
    event = {"type": "toy.added", "actor": "player:ann", "payload": {"player": "ann"}}
    answer = said(client.post(f"/api/games/{game_id}/events", json=event,
                              headers={"Authorization": f"Bearer {token}"}))  # fmt: skip
    assert answer["errors"] == {"payload": {"amount": ["This field is required."]}}
