# Where Debian's ruby-dalli sends each key.
#
#     ruby dalli.rb NODE[=WEIGHT]...   keys on stdin
#     ruby dalli.rb --check
#
# A node is host[:port] or [ipv6][:port] (host alone is port 11211); the weight is 1 unless
# written. For each key read on stdin (one a line, UTF-8) it prints `key<TAB>node`, the node
# as written: KeyManager#validate_key, then Ring#server_for_key, with every server's alive?
# stubbed to true, so nothing connects.
require 'dalli'

exit 0 if ARGV == ['--check']

names = []
servers = ARGV.map do |node|
  name, weight = node.split('=', 2)
  names << name
  address = name.match?(/(\A[^\[]*|\])(:\d+)\z/) ? name : "#{name}:11211"
  "#{address}:#{weight || 1}"
end

client = Dalli::Client.new(servers)
ring = client.send(:ring)
ring.servers.each { |server| server.define_singleton_method(:alive?) { true } }
keys = client.instance_variable_get(:@key_manager)

$stdin.set_encoding('UTF-8')
$stdout.binmode
$stdin.each_line do |line|
  key = line.chomp
  server = ring.server_for_key(keys.validate_key(key))
  $stdout.write("#{key}\t#{names[ring.servers.index(server)]}\n")
end
