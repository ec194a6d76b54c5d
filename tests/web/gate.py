"""A door in front of a running app, on a port (an origin) of its own, that a test shuts while
the browser's page stays open and `navigator.onLine` stays true: the server stopped (the
connection refused, open ones cut), or a reverse proxy whose server is gone (502 to every
request). Opened again on the same port, the phone's service worker and what it kept are
still there: the same origin."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, expect

from support import free_port

BAD_GATEWAY = b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Gate:
    def __init__(self, target: str) -> None:
        host, port = target.removeprefix("http://").split(":")
        self.target = (host, int(port))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proxy_down = False  # open, but every request answered 502
        self._listener: socket.socket | None = None
        self._live: set[socket.socket] = set()
        self._lock = threading.Lock()

    def open(self) -> None:
        self.proxy_down = False
        if self._listener is not None:
            return
        for _ in range(50):  # the port just shut may still be let go of
            try:
                self._listener = socket.create_server(("127.0.0.1", self.port))
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"port {self.port} stays taken")
        self._listener.settimeout(0.1)
        threading.Thread(target=self._accept, args=(self._listener,), daemon=True).start()

    def shut(self) -> None:
        """The server stopped: nothing listens on the port, every open connection is cut."""
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()
        self._cut()

    def _cut(self) -> None:
        with self._lock:
            live, self._live = self._live, set()
        for s in live:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def bad_gateway(self) -> None:
        """A proxy whose server is gone: still reached, every answer a 502."""
        self.open()
        self.proxy_down = True
        self._cut()

    def _accept(self, listener: socket.socket) -> None:
        while self._listener is listener:
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            client.settimeout(None)
            if self.proxy_down:
                threading.Thread(target=self._refuse, args=(client,), daemon=True).start()
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._live.update((client, server))
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _refuse(self, client: socket.socket) -> None:
        with contextlib.suppress(OSError), client:
            seen = b""
            while b"\r\n\r\n" not in seen:
                got = client.recv(65536)
                if not got:
                    return
                seen += got
            client.sendall(BAD_GATEWAY)

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
                with self._lock:
                    self._live.discard(s)


@contextmanager
def gate(target: str) -> Iterator[Gate]:
    g = Gate(target)
    g.open()
    try:
        yield g
    finally:
        g.shut()


def not_the_browsers_error_page(page: Page) -> None:
    assert not page.url.startswith("chrome-error:"), page.url
    expect(page.locator("main#main")).to_be_attached()
