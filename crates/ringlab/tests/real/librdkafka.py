"""librdkafka's partitioners called through ctypes (Debian's librdkafka1).

Usage: librdkafka.py PARTITIONER NODE...  with PARTITIONER `consistent_random` (librdkafka's
default) or `murmur2` (its Java-compatible one); node i is partition i. Reads one key a line
on stdin (UTF-8) and prints `key<TAB>node`, the node being the partition librdkafka's
function returns.

A partitioner takes a topic handle, as librdkafka calls it from its producer: a producer
with no broker is made (it connects to nothing) and a topic handle of it is passed, then
both are destroyed.
"""

import ctypes
import ctypes.util
import sys

RD_KAFKA_PRODUCER = 0


def load():
    name = ctypes.util.find_library("rdkafka") or "librdkafka.so.1"
    lib = ctypes.CDLL(name)
    lib.rd_kafka_conf_new.restype = ctypes.c_void_p
    lib.rd_kafka_conf_set.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_new.restype = ctypes.c_void_p
    lib.rd_kafka_new.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_topic_new.restype = ctypes.c_void_p
    lib.rd_kafka_topic_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    lib.rd_kafka_topic_destroy.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_destroy.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_version_str.restype = ctypes.c_char_p
    for name in ("rd_kafka_msg_partitioner_consistent_random", "rd_kafka_msg_partitioner_murmur2"):
        f = getattr(lib, name)
        f.restype = ctypes.c_int32
        f.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int32,
                      ctypes.c_void_p, ctypes.c_void_p]
    return lib


def main():
    which, nodes = sys.argv[1], sys.argv[2:]
    lib = load()
    partitioner = getattr(lib, "rd_kafka_msg_partitioner_" + which)
    errstr = ctypes.create_string_buffer(512)
    conf = lib.rd_kafka_conf_new()
    # Quiet: no broker is configured, and none is wanted.
    lib.rd_kafka_conf_set(conf, b"log_level", b"0", errstr, len(errstr))
    rk = lib.rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, len(errstr))
    if not rk:
        sys.exit("rd_kafka_new: " + errstr.value.decode())
    rkt = lib.rd_kafka_topic_new(rk, b"ringlab", None)
    out = []
    for key in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
        data = key.encode("utf-8")
        partition = partitioner(rkt, data, len(data), len(nodes), None, None)
        out.append(f"{key}\t{nodes[partition]}\n")
    lib.rd_kafka_topic_destroy(rkt)
    lib.rd_kafka_destroy(rk)
    sys.stdout.buffer.write("".join(out).encode("utf-8"))


main()
