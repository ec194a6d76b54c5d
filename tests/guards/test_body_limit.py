"""One body limit, 64 KiB, for the API and the pages: refused before anything is spooled."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi.testclient import TestClient

LIMIT = 64 * 1024


def test_a_65_kib_form_post_to_a_page_is_413(client: TestClient) -> None:
    for url in ("/", "/baloot", "/_result/belot", "/matches"):
        response = client.post(url, data={"cards": "1" * (65 * 1024)})
        assert response.status_code == 413, url
        assert response.headers["content-type"].startswith("text/html")
        assert 'data-code="body-too-large"' in response.text and "64 KiB" in response.text


def test_a_multipart_upload_is_cut_off_while_it_streams(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'--x\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\n'
        for _ in range(200):  # 200 KiB, no Content-Length
            yield b"a" * 1024
        yield b"\r\n--x--\r\n"

    response = client.post(
        "/", content=chunks(), headers={"Content-Type": "multipart/form-data; boundary=x"}
    )
    assert "content-length" not in response.request.headers
    assert response.status_code == 413


def test_a_small_form_post_still_works(client: TestClient) -> None:
    response = client.post("/", data={"contract": "hearts", "x": "y" * (LIMIT // 2)})
    assert response.status_code == 200
