#!/usr/bin/env python3
"""Ceph's object placement, through Ceph's own code, for crates/ringlab/tests/real_servers.rs.

Usage: ceph.py PG_NUM PG_DUMP < keys

PG_DUMP is the output of `osdmaptool OSDMAP --test-map-pgs-dump --pool 1`: each line
"1.<ps hex> [<osds>] <primary>" says where a placement group goes. Each key (a line of
standard input, an object name) is hashed by ceph_str_hash_rjenkins from Debian's
libceph-common, through ctypes, and folded into a PG by ceph_stable_mod as
OSDMap::object_locator_to_pg does. Prints "key<TAB>osd.<id>" per key.

Exit status 3 when libceph-common cannot be loaded (the test then skips or fails).
"""

import ctypes
import glob
import re
import sys


def load_library():
    candidates = sorted(glob.glob("/usr/lib/*/ceph/libceph-common.so*")) + sorted(
        glob.glob("/usr/lib/ceph/libceph-common.so*")
    )
    for path in candidates:
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    print("libceph-common.so.2 (Debian's librados2)", file=sys.stderr)
    sys.exit(3)


def str_hash(library):
    # ceph_hash.cc is C++: the symbol may carry C++ mangling.
    for name in ("ceph_str_hash_rjenkins", "_Z22ceph_str_hash_rjenkinsPKcj"):
        try:
            function = getattr(library, name)
        except AttributeError:
            continue
        function.argtypes = [ctypes.c_char_p, ctypes.c_uint]
        function.restype = ctypes.c_uint
        return function
    print("libceph-common has no ceph_str_hash_rjenkins", file=sys.stderr)
    sys.exit(3)


def stable_mod(x, b, bmask):
    # ceph_stable_mod, src/include/rados.h.
    return x & bmask if (x & bmask) < b else x & (bmask >> 1)


def main():
    pg_num = int(sys.argv[1])
    pgs = {}
    for line in open(sys.argv[2], encoding="utf-8"):
        match = re.match(r"^1\.([0-9a-f]+)\s+\[([0-9,]*)\]", line)
        if match:
            osds = [int(o) for o in match.group(2).split(",") if o]
            pgs[int(match.group(1), 16)] = osds
    if len(pgs) != pg_num:
        print(f"the dump maps {len(pgs)} PGs, not {pg_num}", file=sys.stderr)
        sys.exit(2)
    hash_name = str_hash(load_library())
    mask = (1 << (pg_num - 1).bit_length()) - 1
    out = sys.stdout
    for raw in sys.stdin.buffer:
        name = raw.rstrip(b"\n")
        ps = stable_mod(hash_name(name, len(name)), pg_num, mask)
        osds = pgs[ps]
        if len(osds) != 1:
            print(f"PG 1.{ps:x} maps to {osds}, not one OSD", file=sys.stderr)
            sys.exit(2)
        out.write(f"{name.decode('utf-8')}\tosd.{osds[0]}\n")


if __name__ == "__main__":
    main()
