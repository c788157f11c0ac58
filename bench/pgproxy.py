#!/usr/bin/env python3
"""A counting TCP proxy for `make bench`'s PostgreSQL section.

    pgproxy.py SERVER_PORT REPORT.json [MAX_SECONDS]

Listens on 127.0.0.1 (a free port, printed on stdout once it listens) and
passes every connection through to 127.0.0.1:SERVER_PORT, counting the bytes
each way. It reads the protocol as it passes (the client's connection must
not ask for SSL or GSS encryption: `sslmode=disable&gssencmode=disable`), so
the report splits the server's bytes by statement: each statement's text, its
result's columns and rows, and the bytes the server sent for it (the DataRow
messages alone, and everything up to its ReadyForQuery).

It stops by itself: half a second after its last connection closed, or after
MAX_SECONDS (default 120) whatever happens, and then writes REPORT.json.
"""
import json, selectors, socket, struct, sys, time

server_port, report = int(sys.argv[1]), sys.argv[2]
deadline = time.monotonic() + (float(sys.argv[3]) if len(sys.argv) > 3 else 120)
SSL_OR_GSS = (80877103, 80877104)


class Side:
    """One direction's bytes, cut into protocol messages."""

    def __init__(self, typed):
        self.buffer, self.typed, self.bytes = b"", typed, 0

    def feed(self, data):
        self.bytes += len(data)
        buffer, at = self.buffer + data, 0
        while True:
            if self.typed:
                if len(buffer) - at < 5: break
                kind, size = buffer[at:at + 1], 1 + struct.unpack_from("!I", buffer, at + 1)[0]
            else:
                if len(buffer) - at < 4: break
                kind, size = None, struct.unpack_from("!I", buffer, at)[0]
            if len(buffer) - at < size: break
            yield kind, buffer[at:at + size]
            at += size
        self.buffer = buffer[at:]


class Connection:
    def __init__(self, client, upstream):
        self.client, self.upstream = client, upstream
        self.from_client, self.from_server = Side(typed=False), Side(typed=True)
        self.queue = []          # statements sent, not yet answered by ReadyForQuery
        self.started = False     # the first ReadyForQuery ends the start-up
        self.statements = []
        self.current = {"sql": None, "columns": 0, "rows": 0, "row_bytes": 0, "bytes": 0}

    def client_data(self, data):
        for kind, message in self.from_client.feed(data):
            if kind is None:
                code = struct.unpack("!I", message[4:8])[0]
                if code in SSL_OR_GSS:
                    sys.exit("pgproxy: the client asked for encryption; connect with sslmode=disable&gssencmode=disable")
                self.from_client.typed = True   # the start-up message: typed messages from here on
            elif kind == b"P":               # Parse: name, then the statement
                self.queue.append(message[5:].split(b"\0")[1].decode(errors="replace"))
            elif kind == b"Q":               # a simple query
                self.queue.append(message[5:].rstrip(b"\0").decode(errors="replace"))

    def server_data(self, data):
        for kind, message in self.from_server.feed(data):
            s = self.current
            s["bytes"] += len(message)
            if kind == b"T":
                s["columns"] = struct.unpack("!H", message[5:7])[0]
            elif kind == b"D":
                s["rows"] += 1
                s["row_bytes"] += len(message)
            elif kind == b"Z":           # ReadyForQuery: the statement sent first is answered
                s["sql"] = (self.queue.pop(0) if self.queue else "(none)") if self.started else "(start-up)"
                self.started = True
                self.statements.append(s)
                self.current = {"sql": None, "columns": 0, "rows": 0, "row_bytes": 0, "bytes": 0}

    def finish(self):
        if self.current["bytes"]:
            self.current["sql"] = "(after the last statement)"
            self.statements.append(self.current)


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(8)
listener.setblocking(False)
print(listener.getsockname()[1], flush=True)
sel = selectors.DefaultSelector()
sel.register(listener, selectors.EVENT_READ, None)
open_connections, done, last_close = set(), [], None

while time.monotonic() < deadline:
    if not open_connections and last_close is not None and time.monotonic() - last_close > 0.5:
        break
    for key, _ in sel.select(timeout=0.1):
        if key.data is None:
            client, _ = listener.accept()
            upstream = socket.create_connection(("127.0.0.1", server_port))
            c = Connection(client, upstream)
            open_connections.add(c)
            sel.register(client, selectors.EVENT_READ, (c, True))
            sel.register(upstream, selectors.EVENT_READ, (c, False))
            continue
        c, from_client = key.data
        if c not in open_connections: continue
        source, sink = (c.client, c.upstream) if from_client else (c.upstream, c.client)
        try:
            data = source.recv(1 << 16)
        except OSError:
            data = b""
        if data:
            (c.client_data if from_client else c.server_data)(data)
            sink.sendall(data)
            continue
        for s in (c.client, c.upstream):
            sel.unregister(s)
            s.close()
        open_connections.discard(c)
        c.finish()
        done.append(c)
        last_close = time.monotonic()

for c in open_connections:
    c.finish()
    done.append(c)
json.dump({"timed_out": time.monotonic() >= deadline,
           "connections": [{"to_client": c.from_server.bytes, "to_server": c.from_client.bytes, "statements": c.statements}
                           for c in done]},
          open(report, "w"), indent=1)
