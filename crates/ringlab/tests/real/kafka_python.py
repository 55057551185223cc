"""Kafka's producer partitioner as kafka-python computes it (Debian's python3-kafka).

Usage: kafka_python.py NODE...  (node i is partition i). Reads one key a line on stdin
(UTF-8) and prints `key<TAB>node` for each: the partition kafka-python's
DefaultPartitioner gives the record key's UTF-8 bytes, a port of the Java producer's.
"""

import sys

from kafka.partitioner.default import DefaultPartitioner


def main():
    nodes = sys.argv[1:]
    partitions = list(range(len(nodes)))
    partitioner = DefaultPartitioner()
    out = []
    for key in sys.stdin.buffer.read().decode("utf-8").split("\n")[:-1]:
        # `available` is what metadata says is up: every partition here.
        partition = partitioner(key.encode("utf-8"), partitions, partitions)
        out.append(f"{key}\t{nodes[partition]}\n")
    sys.stdout.buffer.write("".join(out).encode("utf-8"))


main()
