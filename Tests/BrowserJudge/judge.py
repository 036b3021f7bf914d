#!/usr/bin/env python3
"""A real browser as a judge: headless Chromium plays media the tests made, and says whether it played.

    judge.py progressive DIR FILE --duration SECONDS
        <video src=FILE>: metadata loads, the duration is SECONDS, it plays (at --rate) to the end or past
        most of it, with no media error.
    judge.py mse DIR --duration SECONDS --track MIME INIT SEGMENT... [--track MIME INIT SEGMENT...]
        Media Source Extensions: one SourceBuffer per --track (MIME with its codecs string), the initialization
        segment and the media segments appended in the order given, then endOfStream(); `buffered` must be one
        range covering 0..SECONDS within a frame, and currentTime must advance when it plays.
    judge.py probe DIR --type MIME [--type MIME...]
        Only reports MediaSource.isTypeSupported and canPlayType for each MIME.

FILE, INIT and SEGMENT are paths relative to DIR, which is served read-only on 127.0.0.1 (an ephemeral port)
with the page (judge.html beside this script). The page posts its verdict back; it is printed as one JSON
object on standard output. Exit status: 0 the media played, 1 the page says it did not, 2 a command line that
cannot run, 3 no verdict (the browser could not start, or the hang guard fired), 4 the browser cannot play
these types at all (isTypeSupported / canPlayType say no: a finding about the browser, not about the media).

Standard library only, so the tests need nothing but Debian's `chromium` package.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, "judge.html")


class Verdict:
    """The page's result, handed from the server thread to the main thread."""

    def __init__(self):
        self.event = threading.Event()
        self.value = None
        self.log = []

    def set(self, value):
        if self.value is None:
            self.value = value
        self.event.set()


def make_handler(root, config, verdict):
    class Handler(SimpleHTTPRequestHandler):
        # The page reads its job from /config.json and the media under /media/; nothing else is served, so a
        # test directory's other files stay out of reach of whatever the page asks for.
        def do_GET(self):
            path = urllib.parse.urlparse(self.path).path
            if path == "/judge.html":
                return self.send_bytes(read(PAGE), "text/html; charset=utf-8")
            if path == "/config.json":
                return self.send_bytes(json.dumps(config).encode(), "application/json")
            if path.startswith("/media/"):
                relative = urllib.parse.unquote(path[len("/media/"):])
                full = os.path.realpath(os.path.join(root, relative))
                if full.startswith(os.path.realpath(root) + os.sep) and os.path.isfile(full):
                    return self.send_file(full)
            self.send_error(404)

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            path = urllib.parse.urlparse(self.path).path
            try:
                message = json.loads(body or b"null")
            except ValueError:
                message = {"ok": False, "failure": "the page posted something that is not JSON"}
            if path == "/log":
                verdict.log.append(message)
            elif path == "/result":
                verdict.set(message)
            self.send_response(204)
            self.end_headers()

        def send_bytes(self, data, content_type):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def send_file(self, full):
            # Byte ranges, because a media element asks for them (a moov at the end of a file, seeking); one
            # range is all Chromium asks for.
            data = read(full)
            content_type = "video/mp4"
            match = parse_range(self.headers.get("Range"), len(data))
            if match is None:
                return self.send_bytes(data, content_type)
            start, end = match
            if start >= len(data):
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(data))
                self.end_headers()
                return
            part = data[start:end + 1]
            self.send_response(206)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, start + len(part) - 1, len(data)))
            self.send_header("Content-Length", str(len(part)))
            self.send_header("Accept-Ranges", "bytes")
            self.end_headers()
            self.wfile.write(part)

        def end_headers(self):
            if self.command == "GET" and not self.headers.get("Range"):
                self.send_header("Accept-Ranges", "bytes")
            super().end_headers()

        def log_message(self, *arguments):
            pass  # The verdict is the output; a request log would only bury it.

    return Handler


def parse_range(header, size):
    """(first, last) byte of a single `bytes=a-b`, `bytes=a-` or `bytes=-n` range, or None."""
    if not header or not header.startswith("bytes=") or "," in header:
        return None
    first, _, last = header[len("bytes="):].partition("-")
    try:
        if first == "":
            count = int(last)
            return max(0, size - count), size - 1
        return int(first), min(int(last), size - 1) if last else size - 1
    except ValueError:
        return None


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def find_chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Headless Chromium plays media and reports whether it played.")
    parser.add_argument("mode", choices=["progressive", "mse", "probe"])
    parser.add_argument("directory", help="the directory served to the page under /media/")
    parser.add_argument("file", nargs="?", help="progressive: the file to play, relative to DIRECTORY")
    parser.add_argument("--duration", type=float, help="the duration the media should have, in seconds")
    parser.add_argument("--track", nargs="+", action="append", metavar="MIME_OR_FILE",
                        help="mse: a SourceBuffer's MIME type with codecs, its init segment, its media segments")
    parser.add_argument("--type", action="append", default=[], help="probe: a MIME type to ask about")
    parser.add_argument("--rate", type=float, default=4.0, help="the playback rate (default 4)")
    parser.add_argument("--frame", type=float, default=1 / 24,
                        help="how far `buffered` may fall short of each end, in seconds (default 1/24 s)")
    parser.add_argument("--tolerance", type=float, default=0.1,
                        help="how far the reported duration may be from --duration, in seconds (default 0.1)")
    parser.add_argument("--expect", default="video",
                        help="progressive: the kinds of track that must be decoded, e.g. video,audio")
    parser.add_argument("--mime", default="video/mp4",
                        help="progressive: the type canPlayType is asked about (default video/mp4)")
    parser.add_argument("--timeout", type=float, default=float(os.environ.get("BROWSER_JUDGE_TIMEOUT", 180)),
                        help="hang guard in seconds (default 180 or $BROWSER_JUDGE_TIMEOUT)")
    arguments = parser.parse_args(argv)
    if not os.path.isdir(arguments.directory):
        parser.error("not a directory: %s" % arguments.directory)
    if arguments.mode == "progressive" and (arguments.file is None or arguments.duration is None):
        parser.error("progressive needs FILE and --duration")
    if arguments.mode == "mse" and (not arguments.track or arguments.duration is None):
        parser.error("mse needs --duration and at least one --track MIME INIT [SEGMENT...]")
    if arguments.mode == "mse" and any(len(track) < 2 for track in arguments.track):
        parser.error("--track needs a MIME type and an init segment at least")
    if arguments.mode == "probe" and not arguments.type:
        parser.error("probe needs at least one --type")
    files = [arguments.file] if arguments.mode == "progressive" else []
    for track in arguments.track or []:
        files += track[1:]
    for name in files:
        if not os.path.isfile(os.path.join(arguments.directory, name)):
            parser.error("no such file in %s: %s" % (arguments.directory, name))
    return arguments


def config_for(arguments):
    media = lambda name: "/media/" + urllib.parse.quote(name)
    config = {"mode": arguments.mode, "duration": arguments.duration, "rate": arguments.rate,
              "frame": arguments.frame, "types": arguments.type, "tolerance": arguments.tolerance,
              "expect": arguments.expect.split(","), "mime": arguments.mime}
    if arguments.mode == "progressive":
        config["file"] = media(arguments.file)
    if arguments.mode == "mse":
        config["tracks"] = [{"mime": track[0], "init": media(track[1]), "segments": [media(s) for s in track[2:]]}
                            for track in arguments.track]
    return config


def main(argv):
    arguments = parse_arguments(argv)
    chromium = find_chromium()
    if chromium is None:
        print(json.dumps({"ok": False, "failure": "no chromium on PATH (Debian: apt-get install chromium)"}))
        return 3
    verdict = Verdict()
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(arguments.directory, config_for(arguments), verdict))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/judge.html" % server.server_address[1]
    profile = tempfile.mkdtemp(prefix="browser-judge-")
    command = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
               "--autoplay-policy=no-user-gesture-required", "--mute-audio", "--user-data-dir=" + profile,
               "--no-first-run", "--no-default-browser-check", "--disable-extensions",
               "--disable-background-networking", "--disable-component-update", url]
    # A session of its own, so the browser and every helper process it forks are ended together, and only they.
    browser = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)
    stderr_tail = []
    threading.Thread(target=drain, args=(browser.stderr, stderr_tail), daemon=True).start()
    try:
        wait_for(verdict, browser, arguments.timeout)
        deadline_hit = browser.poll() is None
    finally:
        stop(browser)
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    result = verdict.value
    if result is None:
        reason = ("no verdict within the hang guard (%g s)" % arguments.timeout if deadline_hit
                  else "the browser exited (status %s) before the page gave a verdict" % browser.returncode)
        result = {"ok": False, "failure": reason, "browserStderr": "".join(stderr_tail)[-2000:]}
    result.setdefault("log", verdict.log)
    result["browser"] = chromium
    print(json.dumps(result, indent=1, sort_keys=True))
    if result.get("unsupported"):
        return 4
    if verdict.value is None:
        return 3
    return 0 if result.get("ok") is True else 1


def drain(stream, tail):
    for line in iter(stream.readline, b""):
        tail.append(line.decode(errors="replace"))
        del tail[:-40]


def wait_for(verdict, browser, timeout):
    """Until the page posts a verdict, the browser exits, or the hang guard (`timeout` seconds) fires."""
    waited = 0.0
    while waited < timeout:
        if verdict.event.wait(0.25):
            return
        waited += 0.25
        if browser.poll() is not None:
            verdict.event.wait(1.0)
            return


def stop(browser):
    if browser.poll() is not None:
        return
    try:
        os.killpg(browser.pid, signal.SIGTERM)
        browser.wait(10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(browser.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        browser.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
