# Where Debian's ruby-redis (Redis::Distributed) sends each key.
#
#     ruby redis_rb.rb NODE...   keys on stdin
#     ruby redis_rb.rb --check
#
# A node is host[:port] (host alone is port 6379), taken as the URL redis://NODE, or a whole
# redis:// URL. For each key read on stdin (one a line, UTF-8) it prints `key<TAB>node`, the
# node as written, from Redis::Distributed#node_for: nothing connects.
require 'redis'
require 'redis/distributed'

exit 0 if ARGV == ['--check']

ENV.delete('REDIS_URL')
urls = ARGV.map { |node| node.start_with?('redis://', 'rediss://') ? node : "redis://#{node}" }
distributed = Redis::Distributed.new(urls)
nodes = distributed.nodes

$stdin.set_encoding('UTF-8')
$stdout.binmode
$stdin.each_line do |line|
  key = line.chomp
  node = distributed.node_for(key)
  $stdout.write("#{key}\t#{ARGV[nodes.index { |n| n.equal?(node) }]}\n")
end
