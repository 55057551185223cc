#!/usr/bin/env python3
"""RabbitMQ's consistent-hash exchange, asked through AMQP, for
crates/ringlab/tests/real_servers.rs.

Usage: rabbitmq.py PORT STEP... < keys

Each STEP is one of:
  ex:NAME:Q1=W1,Q2=W2,...  declare exchange NAME (x-consistent-hash) and queues Q1, Q2, ...,
                           bound in that order with binding key Wi
  unbind:NAME:Q            remove queue Q's binding to exchange NAME
  pub:NAME:COUNT           publish the first COUNT keys to NAME (routing key = the key,
                           publisher confirms, mandatory), then read every queue bound to
                           NAME back and print "STEP<TAB>key<TAB>queue" per key, STEP being
                           the step's index from 0

Keys are the lines of standard input (UTF-8). Uses Debian's python3-pika; exit status 3
when pika is missing.
"""

import sys

try:
    import pika
except ImportError:
    print("python3-pika", file=sys.stderr)
    sys.exit(3)


def main():
    port = int(sys.argv[1])
    steps = sys.argv[2:]
    keys = [line.rstrip("\n") for line in sys.stdin.buffer.read().decode("utf-8").split("\n")]
    if keys and keys[-1] == "":
        keys.pop()
    parameters = pika.ConnectionParameters(
        host="127.0.0.1",
        port=port,
        credentials=pika.PlainCredentials("guest", "guest"),
        heartbeat=0,
        blocked_connection_timeout=60,
    )
    connection = pika.BlockingConnection(parameters)
    channel = connection.channel()
    channel.confirm_delivery()
    bound = {}
    out = sys.stdout
    for index, step in enumerate(steps):
        kind, name, rest = step.split(":", 2)
        if kind == "ex":
            channel.exchange_declare(exchange=name, exchange_type="x-consistent-hash")
            bound[name] = []
            for binding in rest.split(","):
                queue, weight = binding.rsplit("=", 1)
                channel.queue_declare(queue=queue)
                channel.queue_purge(queue=queue)
                channel.queue_bind(queue=queue, exchange=name, routing_key=weight)
                bound[name].append(queue)
        elif kind == "unbind":
            queue = rest
            channel.queue_unbind(
                queue=queue, exchange=name, routing_key=unbind_key(steps, name, queue)
            )
            bound[name].remove(queue)
        elif kind == "pub":
            count = int(rest)
            for key in keys[:count]:
                channel.basic_publish(
                    exchange=name,
                    routing_key=key,
                    body=key.encode("utf-8"),
                    mandatory=True,
                )
            seen = 0
            for queue in bound[name]:
                while True:
                    method, _properties, body = channel.basic_get(queue=queue, auto_ack=True)
                    if method is None:
                        break
                    out.write(f"{index}\t{body.decode('utf-8')}\t{queue}\n")
                    seen += 1
            if seen != count:
                print(f"step {index}: read {seen} messages back, not {count}", file=sys.stderr)
                sys.exit(2)
        else:
            print(f"unknown step {step!r}", file=sys.stderr)
            sys.exit(2)
    connection.close()


def unbind_key(steps, exchange, queue):
    """The binding key the queue was bound with (its weight), from the ex: step."""
    for step in steps:
        kind, name, rest = step.split(":", 2)
        if kind == "ex" and name == exchange:
            for binding in rest.split(","):
                bound_queue, weight = binding.rsplit("=", 1)
                if bound_queue == queue:
                    return weight
    raise SystemExit(f"{queue} was never bound to {exchange}")


if __name__ == "__main__":
    main()
