"""The redo cookie is the browser's: whatever it holds (deep JSON included, which exhausts the
decoder's stack) is no deal to put back, never a 500."""

from __future__ import annotations

import base64

from fastapi.testclient import TestClient


def test_a_deep_redo_cookie_is_no_deal(client: TestClient) -> None:
    made = client.post("/matches", data={"game": "belot", "lang": "en"}, follow_redirects=False)
    assert made.status_code == 303, made.text
    path = made.headers["location"].split("#")[0]
    match = path.rsplit("/", 1)[-1]
    deep = '{"v":0,"deal":' + "[" * 2500 + "]" * 2500 + "}"
    client.cookies.set(f"redo_{match}", base64.urlsafe_b64encode(deep.encode()).decode(),
                       path=path)  # fmt: skip
    page = client.get(path)
    assert page.status_code == 200, page.text[:300]
    redo = client.post(f"{path}/redo", data={"lang": "en"}, follow_redirects=False)
    assert redo.status_code == 303
    assert 'data-testid="sheet-row-1"' not in client.get(path).text
