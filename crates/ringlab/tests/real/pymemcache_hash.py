"""pymemcache's HashClient choosing a server (Debian's python3-pymemcache).

Usage: pymemcache_hash.py NODE...  (servers as HashClient takes them). Reads one key a line
on stdin (UTF-8) and prints `key<TAB>node`, the server HashClient's default hasher
(RendezvousHash) picks for the key as a str; a key the client refuses
(MemcacheIllegalInputError) prints `key<TAB>!refused`. No server is contacted: the clients
connect only when used.
"""

import sys

from pymemcache.client.base import normalize_server_spec
from pymemcache.client.hash import HashClient
from pymemcache.exceptions import MemcacheIllegalInputError


def main():
    nodes = sys.argv[1:]
    client = HashClient(nodes, allow_unicode_keys=True)
    by_key = {client._make_client_key(normalize_server_spec(n)): n for n in nodes}
    out = []
    for key in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
        try:
            server = client._get_client(key).server
            node = by_key[client._make_client_key(server)]
        except MemcacheIllegalInputError:
            node = "!refused"
        out.append(f"{key}\t{node}\n")
    sys.stdout.buffer.write("".join(out).encode("utf-8"))


main()
