#!/usr/bin/env python3
"""Where Debian's libmemcached (libmemcached11) sends each key, through ctypes.

    libmemcached.py (ketama-weighted | consistent) NODE[=WEIGHT]...   keys on stdin
    libmemcached.py --check

A node is host[:port] or [ipv6][:port]; host alone is port 11211; the weight is 1 unless
written. For each key read on stdin (one a line, UTF-8) it prints `key<TAB>node`, the node as
written. It calls memcached_create, memcached_behavior_set, memcached_server_add_with_weight
and memcached_server_by_key: nothing connects.
"""
import ctypes
import sys

# include/libmemcached-1.0/types/behavior.h, server_distribution.h, hash.h
BEHAVIOR_HASH = 2
BEHAVIOR_DISTRIBUTION = 9
BEHAVIOR_KETAMA_WEIGHTED = 16
BEHAVIOR_KETAMA_HASH = 17
DISTRIBUTION_CONSISTENT = 1
DISTRIBUTION_CONSISTENT_WEIGHTED = 5
HASH_DEFAULT = 0
HASH_MD5 = 1


def load():
    lib = ctypes.CDLL("libmemcached.so.11")
    lib.memcached_create.restype = ctypes.c_void_p
    lib.memcached_create.argtypes = [ctypes.c_void_p]
    lib.memcached_free.argtypes = [ctypes.c_void_p]
    lib.memcached_behavior_set.restype = ctypes.c_int
    lib.memcached_behavior_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint64]
    lib.memcached_behavior_get.restype = ctypes.c_uint64
    lib.memcached_behavior_get.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.memcached_server_add_with_weight.restype = ctypes.c_int
    lib.memcached_server_add_with_weight.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint16, ctypes.c_uint32]
    lib.memcached_server_by_key.restype = ctypes.c_void_p
    lib.memcached_server_by_key.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int)]
    lib.memcached_server_name.restype = ctypes.c_char_p
    lib.memcached_server_name.argtypes = [ctypes.c_void_p]
    lib.memcached_server_port.restype = ctypes.c_uint16
    lib.memcached_server_port.argtypes = [ctypes.c_void_p]
    return lib


def split(node):
    name, _, weight = node.partition("=")
    if name.startswith("["):
        host, _, rest = name[1:].partition("]")
        port = rest[1:] if rest else "11211"
    elif ":" in name:
        host, port = name.rsplit(":", 1)
    else:
        host, port = name, "11211"
    return name, host, int(port), int(weight or 1)


def main():
    if sys.argv[1:] == ["--check"]:
        load()
        return 0
    mode, nodes = sys.argv[1], [split(n) for n in sys.argv[2:]]
    lib = load()
    memc = lib.memcached_create(None)
    if mode == "ketama-weighted":
        # PHP's OPT_LIBKETAMA_COMPATIBLE, before the servers are added.
        assert lib.memcached_behavior_set(memc, BEHAVIOR_KETAMA_WEIGHTED, 1) == 0
        assert lib.memcached_behavior_get(memc, BEHAVIOR_HASH) == HASH_MD5
        assert lib.memcached_behavior_get(memc, BEHAVIOR_KETAMA_HASH) == HASH_MD5
        want = DISTRIBUTION_CONSISTENT_WEIGHTED
    elif mode == "consistent":
        assert lib.memcached_behavior_set(memc, BEHAVIOR_DISTRIBUTION, DISTRIBUTION_CONSISTENT) == 0
        assert lib.memcached_behavior_get(memc, BEHAVIOR_HASH) == HASH_DEFAULT
        want = DISTRIBUTION_CONSISTENT
    else:
        print(f"unknown mode {mode}", file=sys.stderr)
        return 2
    by_address = {}
    for name, host, port, weight in nodes:
        rc = lib.memcached_server_add_with_weight(memc, host.encode(), port, weight)
        assert rc == 0, f"memcached_server_add_with_weight({name}): {rc}"
        by_address[(host.encode(), port)] = name
    assert lib.memcached_behavior_get(memc, BEHAVIOR_DISTRIBUTION) == want
    out = sys.stdout.buffer
    error = ctypes.c_int(0)
    for line in sys.stdin.buffer:
        key = line.rstrip(b"\n")
        server = lib.memcached_server_by_key(memc, key, len(key), ctypes.byref(error))
        if not server:
            print(f"key {key!r} refused: {error.value}", file=sys.stderr)
            return 4
        address = (lib.memcached_server_name(server), lib.memcached_server_port(server))
        out.write(key + b"\t" + by_address[address].encode() + b"\n")
    lib.memcached_free(memc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
