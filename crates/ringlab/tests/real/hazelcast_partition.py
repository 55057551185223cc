"""Hazelcast's partition of a string key, computed by hazelcast-python-client (PyPI).

Usage: hazelcast_partition.py NODE...  (node i is partition i; the node count is the
partition count). Reads one key a line on stdin (UTF-8) and prints `key<TAB>node`.

No server is needed: the client's own serialization service and partition service are
built as HazelcastClient builds them, and the partition count is set as the client sets it
on authentication.
"""

import sys

from hazelcast.config import Config
from hazelcast.partition import PartitionService, _InternalPartitionService
from hazelcast.serialization import SerializationServiceV1


def main():
    nodes = sys.argv[1:]
    internal = _InternalPartitionService(None)
    internal.check_and_set_partition_count(len(nodes))
    service = PartitionService(internal, SerializationServiceV1(Config()), None)
    out = []
    for key in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
        out.append(f"{key}\t{nodes[service.get_partition_id(key)]}\n")
    sys.stdout.buffer.write("".join(out).encode("utf-8"))


main()
