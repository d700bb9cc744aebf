"""``samegame serve``: the local web page (``samegame.web``, docs/web.md) on
127.0.0.1 and a free port, until Ctrl-C.

Exit codes (see samegame.cli.exit_codes): 2 a bad option; 3 the web extra is not
installed, or the address cannot be served on; 130 Ctrl-C and 143 SIGTERM or
SIGHUP, after the server has stopped (``samegame.web.serving``: within about two
seconds whatever the clients do; every game is saved after each move, so nothing
is lost). The stop signals count as the command line counts them
(``samegame.cli.interrupts``): copies of one request are one, and a second
request ends the process at once.
"""

import secrets
import signal
import socket
import threading
import webbrowser
from typing import Annotated

import typer

from samegame.cli import interrupts
from samegame.cli.exit_codes import ExitCode, fail, warn
from samegame.cli.options import AccessibleOption, LangOption, chosen_translator, host
from samegame.core.quoting import shown
from samegame.i18n.said import Said

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve_command(
    address: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to serve on (default 127.0.0.1, this machine only; another "
            "address lets other machines play and read your games).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option("--port", min=0, max=65535, help="The port (default 0: any free port)."),
    ] = 0,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in the default browser.")
    ] = False,
    lang: LangOption = None,
    accessible: AccessibleOption = None,
) -> None:
    """Serve the game as a web page on this machine, for a browser and a screen reader."""
    tr = chosen_translator(lang, accessible)
    try:
        from samegame.web.security import allowed_hosts
        from samegame.web.server import create_app
        from samegame.web.serving import serve
    except ImportError:
        raise fail(Said.of("error.serve.needs_web"), ExitCode.CONFIG) from None
    if not address or not address.isascii() or not address.isprintable():
        raise fail(Said.of("error.serve.host", host=shown(address, 100)), ExitCode.USAGE)
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # IPPROTO_TCP named, so that asyncio sets TCP_NODELAY on each connection (else a
    # kept-alive answer waits about 40 ms for a delayed acknowledgement).
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((address, port))
        listener.listen(128)  # connections wait from now on, before the server runs
    except (socket.gaierror, UnicodeError, ValueError, TypeError):
        listener.close()
        raise fail(Said.of("error.serve.host", host=shown(address, 100)), ExitCode.USAGE) from None
    except OSError as error:
        listener.close()
        problem = error.strerror or str(error)
        said = Said.of("error.serve.port", port=port, problem=problem)
        raise fail(said, ExitCode.CONFIG) from None
    port = listener.getsockname()[1]
    if address not in LOOPBACK:
        warn(tr("serve.warning.host", host=shown(address, 100)))
    bracketed = f"[{address}]" if ":" in address else address
    url = f"http://{bracketed}:{port}/"
    host()  # the plugins load here, as for every command: a failed one is a warning
    app = create_app(
        token=secrets.token_urlsafe(32),
        hosts=allowed_hosts(address, port),
        language=tr.language,
    )
    typer.echo(tr("serve.started", address=url))
    if open_browser:
        typer.echo(tr("serve.opening", address=url))
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        serve(app, listener, _stop_requested)
    finally:
        listener.close()
        typer.echo(tr("serve.stopped"), err=True)
    if interrupts.presses():
        # The command line's end of a stopped command: one line, 130 or 143.
        raise interrupts.stop_error(signal.SIGTERM if interrupts.terminated() else signal.SIGINT)


def _stop_requested(number: int) -> bool:
    """A stop signal while serving, counted as the command line counts it: True for
    a request to stop, False for a copy of the last one; a second request ends the
    process at once (``interrupts.pressed``, in the installed command)."""
    return interrupts.pressed(number) > 0
