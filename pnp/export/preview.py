"""pnp watch --preview: the kit's gallery (pnp.export.html) made again after every build and served
on localhost; the page asks the server for ``__version`` every second and reloads when it changes."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pnp.errors import PnpError

VERSION_PATH = "/__version"


class _Handler(SimpleHTTPRequestHandler):
    """Files of the gallery's folder, and the build count at ``/__version``."""

    def __init__(self, *args, server_state: "PreviewServer", **kwargs) -> None:
        self.state = server_state
        super().__init__(*args, directory=str(server_state.folder), **kwargs)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path.split("?", 1)[0] != VERSION_PATH:
            return super().do_GET()
        body = str(self.state.version).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload shows the new pictures
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # the watch prints what matters
        pass


class PreviewServer:
    """An HTTP server for ``folder`` on ``host:port`` (port 0: any free port), in a thread; the port
    is taken at once (a port in use is told before anything is built), the folder may come later."""

    def __init__(self, folder: Path | None = None, port: int = 8000, host: str = "127.0.0.1") -> None:
        self.folder, self.version = folder or Path("."), 0
        handler = partial(_Handler, server_state=self)
        try:
            self.httpd = ThreadingHTTPServer((host, port), handler)
        except OSError as exc:
            raise PnpError(f"cannot serve the preview on {host}:{port}: {exc.strerror}; "
                           "choose another port with --port") from None
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="pnp-preview", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def start(self) -> None:
        self.thread.start()

    @property
    def started(self) -> bool:
        return self.thread.is_alive()

    def bump(self) -> None:
        """A new build: open pages reload."""
        self.version += 1

    def stop(self) -> None:
        if self.started:  # shutdown() waits for serve_forever, which never ran otherwise
            self.httpd.shutdown()
        self.httpd.server_close()


class Preview:
    """What ``pnp watch --preview`` runs after each build: the gallery exported again, the server
    started after the first one, and the pages told to reload."""

    def __init__(self, folder: Path, options, port: int, echo: Callable[[str], None]) -> None:
        self.folder, self.options, self.echo = folder, options, echo
        self.server = PreviewServer(port=port)

    def __call__(self) -> None:
        from pnp.export import ExportOptions, export_game

        o = self.options
        try:
            result = export_game(self.folder, "html", ExportOptions(out=o.out, lang=o.lang, paper=o.paper,
                                                                   draft=o.draft))
        except PnpError as exc:
            self.echo(f"preview: {exc}")
            return
        if not self.server.started:
            self.server.folder = o.out / result.folder
            self.server.start()
            self.echo(f"preview: {self.server.url} (the page reloads after every build)")
        self.server.bump()
        self.echo(f"preview: {result.summary}")

    def close(self) -> None:
        self.server.stop()
