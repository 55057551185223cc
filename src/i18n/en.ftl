### The English catalogue, the reference wording of every message (Project Fluent).
### Compiled into the app. Numbers are written by the app's number formatter
### (src/i18n/fluent.rs): `1,204` for a count, plain digits where the code says so; QUOTE
### writes a text quoted and escaped as Rust writes a string, CAPITAL gives it a capital
### first letter. Spaces at either end of a value are written { " " }.

## Fixed words: one message per `Ui` key of src/model/message.rs, in its order.

page-title = Ringlab — consistent hashing, visualized
app-tagline = { " " }— consistent hashing, visualized
reset = Reset
reset-label = Reset: back to the first example
dark-theme = Dark theme
dark-theme-title = Dark theme on or off
language = Language
controls-label = Controls
footer = Every number here comes from ring-core, the same crate the ringlab command line uses.
footer-book = The Ringlab Book: lessons, a guide, every algorithm and system
panic-text = Something went wrong and Ringlab stopped.{ " " }
panic-reset = Reset
panic-after = { " " }to start again from the first example.
add-title = Add a node
name = Name
weight = Weight
virtual-nodes = Virtual nodes
add-node-button = Add node
down-badge = down
vnodes = Vnodes
mark-up-button = Up
mark-down-button = Down
remove = Remove
nodes-apply-hint = Changes apply when you leave the field or press Enter.
show-all-nodes = Show every node
dismiss = Dismiss
cancel-job = Cancel
cancel-job-label = Stop placing the keys and keep what is shown
job-progress-label = Keys placed so far
dismiss-label = Dismiss this notice
note-link-ignored = Parts of this link could not be used and were ignored; the rest is shown.
note-stored-unusable = The state saved from your last visit could not be used, so the first example is shown.
note-pasted-too-big = Your pasted keys are too many for the browser's storage: after a reload, generated keys stand in for them.
note-address-ignored = Parts of this address could not be used and were ignored.
note-address-unusable = This address could not be shown.
note-words-missing = The Chinese words could not be loaded, so the page is in English.
algorithm-title = Algorithm
placement = Placement
algorithms-group = Algorithms
systems-group = Real systems, exact to their code
source-label = Source:
hash-function = Hash function
default-vnodes-label = Virtual nodes per node (default)
keys-title = Keys
how-many = How many
seed = Seed
drawn-label = Keys drawn as dots
drawn-apply = Draw
drawn-hint = 0 to 20,000 dots (default 2,000); counts and charts always cover every key.
generate = Generate
next-seed-label = Generate with the next seed
next-seed = Seed +1
paste-summary = Or paste your own keys
paste-label = Keys, one per line
use-pasted = Use these keys
explain-title = Where does a key go?
key = Key
explain-placeholder = e.g. user:42
explain-hint = Type a key to see its hash and the path to its owner, drawn on the picture too.
what-moves = What moves
what-moved = What moved:{ " " }
see-what-moved = See what moved ↑
tour-colour-key = The picture's colours
reading-list-title = Reading list
reading-articles = The five articles this tour follows
read-zouyq = zouyq, 《一致性哈希的个人理解——从工作中的分表业务开始说起》 ("my understanding of consistent hashing, starting from table sharding at work"), blog post, 2018-05-30
read-notes = 《一致性哈希算法》 ("the consistent hashing algorithm"), notes, author and date not given
read-blog = 《聊聊一致性哈希》 ("let's talk about consistent hashing"), blog post, author and date not given
read-pan = Pan Zihao (潘子浩), a comparative study of consistent hashing algorithms (basic, virtual nodes, WeChat's storage scheme, jump hash), paper, title and date not given
read-go-zero = 《哈希算法常用的有哪些（一文讲透一致性哈希的原理和实现）》 ("common hash algorithms: consistent hashing explained"), article, author not given, 2023-10-18
reading-papers = The papers behind them
read-karger = Karger, Lehman, Leighton, Panigrahy, Levine and Lewin, "Consistent Hashing and Random Trees", STOC 1997
read-chord = Stoica, Morris, Karger, Kaashoek and Balakrishnan, "Chord: A Scalable Peer-to-peer Lookup Service for Internet Applications", SIGCOMM 2001
read-dynamo = DeCandia et al., "Dynamo: Amazon's Highly Available Key-value Store", SOSP 2007
read-jump = Lamping and Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm", 2014
read-maglev = Eisenbud et al., "Maglev: A Fast and Reliable Software Network Load Balancer", NSDI 2016
read-bounded = Mirrokni, Thorup and Zadimoghaddam, "Consistent Hashing with Bounded Loads", 2016 (SODA 2018)
read-memento = Coluzzi, Brocco, Cassandro and Leidi, "MementoHash: A Stateful, Minimal Memory, Best Performing Consistent Hash Algorithm", 2023
read-multi-probe = Appleton and O'Reilly, "Multi-probe consistent hashing", 2015
read-jump-back = Ertl, "JumpBackHash: Say Goodbye to the Modulo Operation to Distribute Keys Uniformly to Buckets", 2024
read-anchor = Mendelson, Vargaftik, Barabash, Lorenz, Keslassy and Orda, "AnchorHash: A Scalable Consistent Hash", IEEE/ACM Transactions on Networking, 2021
read-dx = Dong and Wang, "DxHash: A Scalable Consistent Hash Based on the Pseudo-Random Sequence", 2021
read-power = Leu, "Power Consistent Hashing", 2023
read-flip = Masson and Lee, "FlipHash: A Constant-Time Consistent Range-Hashing Algorithm", 2024
read-binomial = Coluzzi, Brocco, Antonucci and Leidi, "BinomialHash: A Constant Time, Minimal Memory Consistent Hash Algorithm", 2024
server-list-empty = no servers: paste host:port lines, or a system's configuration (the list above the box)
paste-servers = Paste your server list
paste-servers-hint = host:port [weight] lines, an nginx upstream block, a HAProxy backend, a twemproxy pool, redis-cli --cluster create or CLUSTER NODES, an Envoy cluster's endpoints, a Dalli or pylibmc server list, a Varnish directors.shard() block, a Caddyfile reverse_proxy, ceph osd tree output, a Kafka topic's PartitionCount or a Hazelcast partition count. A configuration only one system reads switches to that system. A system's weight w is the lab's 100·w. The nodes are replaced in one step, with the keys kept, so you see what moves.
use-servers = Use these servers
paste-servers-label = Server list
summary-empty = Nothing to compare yet. Add a node, remove one or mark one down, and watch which keys move.
flow-to = to
no-key-moved = No key changed owner.
flows-label = Keys moved, by node
legend-caption = Nodes, their colours, points on a ring, keys and share of the hash space
node = Node
keys = Keys
space = Space
as-table = As a table
ring-points = Points
replica-rank = Copy of the key
play = Play
pause = Pause
playback-group = Animation of the last change
replay-label = Replay the last change
replay = Replay
speed = Speed
reduced-motion = Your system asks for reduced motion: changes do not play by themselves, and Play or Replay moves the keys at an even pace.
load = Load
shares-caption = Share of the hash space per node (dashed: the mean, band: ±10%)
shares-caption-by-weight = Share of the hash space per node (dashed: each node's fair share by weight, band: ±10%)
balance-by-weight = The weights differ: each node is measured against its fair share by weight (its keys or space per unit of weight).
balance = Balance
measure = Measure
hash-space = Hash space
r1 = R1
r2 = R2
r3 = R3
r1-about = largest / smallest
r2-about = nodes within 10% of the mean
r3-about = nodes within 2% of the mean
peak-mean = Peak / mean
peak-about = the busiest node against a fair share
std-dev = Std dev
std-dev-about = spread around the mean
hint-ring = Hover or tap a point, an arc or a key to see what it is; or focus the picture and use the arrow keys.
hint-bins = Hover or tap a bin, a cell or a key to see what it is; or focus the picture and use the arrow keys.
views-nav = Views
views-tablist = Views of Ringlab
copy-link = Copy link
embed-button = Embed
embed-shows = Show
embed-whole = the whole lab
embed-ring = the ring
embed-charts = the charts
embed-legend = the legend
embed-controls = the controls
embed-change = the last change, made again on opening
embed-lang = Language
embed-readers = the reader's browser's
embed-theme = Theme
embed-hosts = the host page's
embed-light = light
embed-dark = dark
embed-element = For any page: one script and the element (its attributes are the link's parameters)
embed-iframe = Or an iframe, with the script that fits its height to the widget
embed-preview = Preview of the embedded widget
link-copied = Link copied to the clipboard.
copy-refused = This browser did not let the page copy: the link below is selected, copy it with Ctrl+C (⌘C on a Mac).
link-label = Link to this exact picture
done = Done
picture-ring = Ring
picture-loads = Keys per node
picture-shares = Hash-space share
save-ring-label = Save the ring picture as a PNG file
save-loads-label = Save the keys per node picture as a PNG file
save-shares-label = Save the hash-space share picture as a PNG file
save-title = Save as a file
png = PNG
csv = CSV
csv-label = Save the loads per node as a CSV file
loads-per-node = Loads per node
compare-csv = Save the table as CSV
compare-csv-label = Save the compare table as a CSV file
open-in-ringlab = Open in Ringlab ↗
no-such-picture = there is no such picture on the page now
download-failed = the download could not start
encode-failed = the picture could not be encoded
tour-slow = Slow (16 s a step)
tour-normal = Normal (10 s a step)
tour-fast = Fast (5 s a step)
tour-very-fast = Very fast (2 s a step)
tour-computed = What the core computed
tour-play-label = Play the tour
tour-pause-label = Pause the tour
tour-play-button = ▶ Play
tour-pause-button = ❚❚ Pause
tour-heading = Guided tour
tour-controls = Tour controls
tour-back-label = Previous step
tour-back = Back
tour-next-label = Next step
tour-next = Next →
step = Step
tour-meter = Progress through the tour
tour-keys = While the tour has focus: ← and → step back and forward, Home and End go to the first and last step, the space bar plays or pauses.
tour-guess-label = Your guess: the share of keys that move
tour-check = Check
ask-first = Ask me first
ask-first-question = What share of the keys did this change move? Guess, then check: the picture shows the lab before it.
tasks-title = Try it
task-busiest = Remove the node with the most keys.
task-r1 = Get R1 under 1.2 on a ring with virtual nodes, with as few of them as you can.
task-done = Done
task-not-yet = Not yet
moved = Moved
ideal = Ideal
peak-about-keys = the busiest node's keys over the mean
r1-about-shares = largest share of the hash space / smallest
r2-about-shares = nodes within 10% of the mean share
r3-about-shares = nodes within 2% of the mean share
memory = Memory
remove-last-node = Remove the last node
no-change = No change
compare-title = Compare algorithms
compare-change-group = The change applied to every algorithm
change-colon = Change:
algorithm = Algorithm
keys-moved = Keys moved
size = Size
size-about = points on the ring, slots, table entries or buckets
chord-title = Chord: finger tables and lookups
chord-hint = Each node that is up sits at one point, the hash of its name, on the ring of the lab's hash. A node's finger i points at the first node at or after it + 2^i; a lookup hops to the farthest finger that does not pass the key.
key-to-look-up = Key to look up
start-at-node = Start at node
lab-nodes = The lab's nodes
position = Position
fingers-col = Fingers → node
chord-start-tag = { " " }(start)
chord-owner-tag = { " " }(owner)
every-copy-lost = every copy lost
no = no
replication-title = Replication to successors
replication-hint = Each key is stored on its owner and the next R − 1 distinct nodes clockwise (its preference list). When a node fails, the next replica, which already has the data, serves its keys, and the next node clockwise receives a copy.
node-that-fails = Node that fails
none-option = None
use-virtual-ring = Use the ring with virtual nodes
first-keys = The first keys of the key set
preference-list = Preference list
after-the-failure = After the failure
served-by = Served by
new-copy-on = New copy on
lost-q = Lost?
refused = refused
paper-title = The balance table of Pan Zihao's (潘子浩) study, computed live
node-counts = Node counts (rows)
vnode-counts = Virtual nodes per node (columns)
hash-short = Hash
paper-reset = The paper's table
nothing-to-compute = Nothing to compute.
nodes-col = Nodes
chart-caption = R1 against virtual nodes per node (both axes logarithmic); R1 = 1 is perfect balance
chart-label = R1 against virtual nodes per node, one line per node count, both axes logarithmic.
lines = Lines
paper-x-axis = virtual nodes per node
paper-y-axis = R1 (largest share / smallest)
node-gone = that node no longer exists
chord-type-key = type a key to look up
no-node-up = no node is up
replication-needs-ring = replication walks a ring: pick a ring algorithm first
link-key-ways = keys (with seed), keylist and pasted are different ways to give the keys, and only one may be used: the first example's keys stand in
link-param-out-of-range = a parameter is out of range
link-key-count-out-of-range = the key count is out of range
link-pasted-invalid = the pasted keys are not a valid key list
slotmap-nodes-ignored = the nodes it refers to were ignored
slotmap-only-slots = it only applies to the slot table (algo=slots)
every-node-down = every node is down: at least one must be up
colour-out-of-range = a colour is out of range
group-repeats-zero = a group repeats 0 times
not-utf8 = the text is not valid UTF-8
not-ringlab-format = it is not in Ringlab's format
traffic-title = What a change costs: caches and the store
traffic-zipf = Popularity: Zipf exponent s (0 = uniform)
traffic-cache-all = Each cache holds all its node's keys
traffic-cache-size = Cache size, keys per node (LRU)
traffic-requests = Requests
traffic-change-group = The change, made half-way through the requests
traffic-hit-rate = hit rate
traffic-store-load = the store's load (share of the requests it serves)
traffic-x-axis = requests
traffic-y-axis = share of the requests
traffic-nodes-caption = Per node after the change: share of the keys (left, faded) and of the requests (right, full colour); the hottest keys are named over the node that serves them.
traffic-keys-bar = keys
traffic-requests-bar = requests
traffic-hot-keys = The hottest keys
traffic-progress-label = Requests simulated so far
which-title = Which algorithm? The field's comparison table
which-hint = The metrics the public benchmark suites report (the SUPSI Java suite, the AnchorHash and DxHash papers, hash4j's tests), computed here on each algorithm's own code: how evenly the key space is shared (from the exact shares where the algorithm has them, else from a million keys), the same with 100 keys per node as the suites measure it, how many keys move when 10%, 30% or 50% of the nodes leave (at random, then the last ones first) against the fewest that had to, the memory, and the time to build and to look a key up. Nodes are 10.a.b.c:11211 with equal weights, 100 virtual nodes where the algorithm has them, and each algorithm's default parameters. Times come from this browser's clock, which counts in steps of up to 0.1 ms: under a millisecond of work they are rough (ringlab study times them natively). A placement is built in one step, so a large Maglev table or ring can hold a frame for a few milliseconds.
which-algos = Algorithms
which-nodes = Node counts (1 to 1,000; ringlab study takes up to a million)
which-computing = Rows computed so far
which-command = The same table on the command line (every figure but the times):
which-table-caption = The comparison table: one row per algorithm and node count
which-col-algo = Algorithm
which-col-nodes = Nodes
which-col-peak = Key space: peak / mean
which-col-min = Key space: min / mean
which-col-cv = Key space: CV
which-col-keyed-peak = 100 keys a node: peak / mean
which-col-keyed-cv = 100 keys a node: CV
which-col-random = Moved / fewest, 10 / 30 / 50% leave at random
which-col-last = Moved / fewest, 10 / 30 / 50% leave last first
which-col-memory = Memory
which-col-build = Build
which-col-lookup = Lookup per key
which-chart-cv = Coefficient of variation of the key space's shares (lower is more even)
which-chart-peak = How far the busiest node is above the mean (peak / mean − 1)
which-chart-memory = Memory of the placement, in bytes
which-chart-lookup = Lookup time per key, in nanoseconds (this browser, this run)

## Sentences. In en.ftl, a message's `# Arguments:` comment names its arguments in the
## order the code gives them: its `Msg` constructor's parameters (build.rs writes one per
## sentence), or src/i18n/args.rs for a sentence that is still a `Msg` variant. Each
## language's entry uses every argument.

# Arguments: $why
could-not-start = Ringlab could not start: { $why }
# Arguments: $range
weight-empty = the weight is empty: { $range }
# Arguments: $weight, $range
weight-too-large = weight { $weight } is too large: { $range }
# Arguments: $text, $range
weight-not-whole = weight { QUOTE($text) } is not a whole number: { $range }
# Arguments: $range
vnodes-empty = the virtual-node count is empty: { $range }
# Arguments: $vnodes, $range
vnodes-too-many = { $vnodes } virtual nodes is too many: { $range }
# Arguments: $text, $range
vnodes-not-whole = { QUOTE($text) } is not a whole number: { $range }
# Arguments: $value, $range
param-out-of-range = { $value } is out of range: { $range }
# Arguments: $what, $range
param-empty = { CAPITAL($what) } is empty: { $range }
# Arguments: $text, $range
param-not-whole = { QUOTE($text) } is not a whole number: { $range }
# Arguments: $text, $range
real-not-number = { QUOTE($text) } is not a number: { $range }
# Arguments: $text, $range
real-out-of-range = { $text } is out of range: { $range }
# Arguments: $bytes, $max
explain-too-long = the key is { $bytes } bytes long: explain a key of at most { $max } bytes
# Arguments: $step, $steps
no-such-step = there is no step { $step }: the tour has steps 1 to { $steps }
# Arguments: $name
tour-no-node = the tour has no node { $name }
# Arguments: $min, $max
paste-none = no keys: paste { $min } to { $max } keys, one per line
# Arguments: $count, $min, $max
paste-too-many = { $count } keys is too many: paste { $min } to { $max } keys, one per line
# Arguments: $line, $bytes, $max
paste-key-too-long = key { $line } is { $bytes } bytes long: a key is at most { $max } bytes
# Arguments: $line, $text
server-line-bad = line { $line } is not a server this list can read: { QUOTE($text) }
# Arguments: $range
key-count-empty = the key count is empty: { $range }
# Arguments: $count, $range
key-count-out-of-range = { $count } keys is out of range: { $range }
# Arguments: $text, $range
key-count-not-number = { QUOTE($text) } is not a number: { $range }
# Arguments: $text, $max
seed-not-whole = seed { QUOTE($text) } is not a whole number: a seed is from 0 to { $max }
# Arguments: $used, $total
view-first-keys = These figures cover the first { $used } of the { $total } keys, so that this view answers at once.
# Arguments: $keys
placing-keys = Placing { $keys } keys…
# Arguments: $points, $keys
building-ring = Building a ring of { $points } points, then placing { $keys } keys…
# Arguments: $name
added = added { $name }
# Arguments: $count
nodes-replaced = the nodes replaced by { $count } pasted servers
history-title = What you did
history-undo = Undo
history-redo = Redo
# Arguments: $max
history-hint = Ctrl+Z undoes and Ctrl+Shift+Z redoes (outside a text field); a step takes the lab back to just after it. The last { $max } steps are kept.
# Arguments: $nodes
history-start = Start: { $nodes } nodes
# Arguments: $what, $moved
history-step = { $what }: { $moved } keys moved
# Arguments: $count
history-keys = { $count } keys placed
# Arguments: $carried, $total, $max, $keys
history-link = A link to this lab carries the last { $carried } of these { $total } changes, so its reader can undo no further: with { $keys } keys a link holds at most { $max }, and none from before new keys or a pasted list.
# Arguments: $max
history-too-long = a link's history holds at most { $max } changes
# Arguments: $step, $why
history-step-bad = the history's change { $step } cannot be read: { $why }
# Arguments: $keys, $max
history-too-heavy = with { $keys } keys a link's history holds at most { $max } changes, so the lab opens before them
# Arguments: $seed
quiz-title = Quiz { $seed }
# Arguments: $seed
quiz-hint = Six questions about small clusters, drawn from the seed { $seed }: everyone who opens this link gets the same ones. Answer one, then Check: the core grades it and shows the answer. A teacher's answer key: ringlab quiz --seed { $seed }.
# Arguments: $seed
quiz-next = Another quiz (seed { $seed })
# Arguments: $nodes, $algo, $key
quiz-owner = Nodes { $nodes }, placed by { $algo }. Which node holds the key { $key }?
# Arguments: $nodes, $algo, $leaving
quiz-leave = Nodes { $nodes }, placed by { $algo }. { $leaving } leaves: which node holds each of these keys afterwards?
# Arguments: $nodes, $algo, $keys, $seed, $joining, $tolerance
quiz-join-share = Nodes { $nodes }, placed by { $algo }, with { $keys } keys (user:n:abc, seed { $seed }). What share of the keys moves when { $joining } joins? Within { $tolerance } points counts as right.
# Arguments: $nodes, $keys, $seed, $joining
quiz-fewer = Nodes { $nodes } with { $keys } keys (seed { $seed }). When { $joining } joins, which algorithm moves fewer keys?
# Arguments: $nodes, $vnodes, $tolerance
quiz-r1 = Nodes { $nodes } on a ring with { $vnodes } virtual nodes each (MurmurHash3, 64-bit). What is R1, the largest node's share of the hash space over the mean share? Within { $tolerance }% counts as right.
# Arguments: $nodes, $key, $server
quiz-systems = memcached servers { $nodes }. Which of these clients put the key { $key } on { $server }?
# Arguments: $algo, $moved, $other, $other_moved
quiz-fewer-answer = { $algo }: { $moved } keys moved, against { $other_moved } for { $other }
quiz-pick-node = The node
quiz-pick-algo = The algorithm
quiz-pick-systems = The clients
quiz-percent-label = Share of the keys, in percent
quiz-r1-label = R1
quiz-check = Check
# Arguments: $answer
quiz-right = Right: { $answer }.
# Arguments: $answer
quiz-wrong = Not quite. The answer: { $answer }.
# Arguments: $right, $total
quiz-score = Score: { $right } of { $total } right.
# Arguments: $done, $total
quiz-progress = Checked: { $done } of { $total }.
quiz-unanswered = Answer the question first.
# Arguments: $seed, $nodes
quiz-hint-lab = Six questions drawn from the seed { $seed }: the first three about this lab's { $nodes } nodes up, as it is set now (its algorithm, hash, virtual nodes and weights), the others about small clusters of their own. Everyone who opens this link gets the same ones. Answer one, then Check: the core grades it and shows the answer.
quiz-answer-key = A teacher's answer key, on the command line:
# Arguments: $algos, $max
quiz-not-lab = These questions are not about this lab: a quiz asks about a lab with { $algos }, 2 to { $max } nodes up, none with its own virtual-node count and no comma in a name.
# Arguments: $text
quiz-not-a-number = “{ $text }” is not a number: write one such as 23.5.
quiz-seed-zero = a quiz's seed is a whole number from 1
# Arguments: $max
script-too-long = a lecture's script holds at most { $max } changes
# Arguments: $step, $why
script-step-bad = the script's change { $step } cannot be read: { $why }
# Arguments: $max
script-at-bad = script-at is how many changes were played: a whole number from 0 to { $max }
# Arguments: $at, $total
script-title = Lecture: { $at } of { $total } changes played
script-back = ← Back
script-next = Next →
script-present = Presenter mode
lecture-link-label = As a lecture
lecture-link-hint = This lab as it was before the changes made here, with those changes as a script: the link opens in presenter mode, and → plays the next change, ← goes back.
offline-note = Offline: the lab runs from the copy kept at your last visit, and works as usual. Links to other sites wait for the network.
# Arguments: $count, $algo
config-read = the nodes replaced by { $count } servers read from a { $algo } configuration
# Arguments: $name
removed = removed { $name }
# Arguments: $name
marked-down = { $name } marked down
# Arguments: $name
marked-up = { $name } marked up
# Arguments: $name, $weight
weight-set = { $name }'s weight set to { $weight }
# Arguments: $name, $vnodes
vnodes-set = { $name } set to { $vnodes } virtual nodes
# Arguments: $name
vnodes-set-default = { $name } set to the default virtual-node count
# Arguments: $vnodes
default-vnodes-set = default virtual nodes set to { $vnodes }
# Arguments: $algo
algorithm-set = algorithm changed to { $algo }
# Arguments: $hash
hash-set = hash changed to { $hash }
# Arguments: $param, $value
param-set = { $param } set to { $value }
# Arguments: $hash, $key, $position, $fraction
step-hash-ring = { $hash }({ QUOTE($key) }) = { $position }, { $fraction } of the way round the ring.
# Arguments: $distance, $wrapped, $replica, $owner, $position
step-walk = Walk clockwise { $distance } of the ring{ $wrapped } to the first point at or after it: point { $replica } of { $owner } at { $position }.
# Arguments: $name
step-owner = Owner: { $name }.
# Arguments: $walk
step-walk-past-full = Walk clockwise past full nodes: { $walk } (the last had room).
# Arguments: $point
step-walk-first = Walk clockwise to the first point: { $point }.
# Arguments: $hash, $key, $value
step-hash = { $hash }({ QUOTE($key) }) = { $value }.
# Arguments: $hash, $buckets, $bucket, $name
step-modulo = { $hash } mod { $buckets } = { $bucket }: node { $name }.
# Arguments: $entry, $owner
step-table-entry = It picks entry { $entry } of the table, owned by { $owner }.
# Arguments: $count, $names
step-preference = The system keeps { $count } copies of it, on its own rule, the owner first: { $names }.
# Arguments: $hash, $key, $seed
step-jump-seed = { $hash }({ QUOTE($key) }) = { $seed }, the seed of jump's loop.
# Arguments: $path
step-jump-path = Buckets the loop stood on: { $path }.
# Arguments: $bucket, $name
step-jump-owner = Owner: bucket { $bucket }, { $name }.
# Arguments: $draws
step-draws = Candidates in the order drawn, each with the range it came from: { $draws }.
# Arguments: $probes, $seed1, $seed2
step-probes = { $probes } probes: h1 + i·h2 for i from 0, with h1 and h2 the key's SipHash-2-4 under seeds { $seed1 } and { $seed2 }.
# Arguments: $probe, $distance, $name
step-probe-best = Probe { $probe } lies closest before a node point, { $distance } of the ring before { $name }'s point.
# Arguments: $scores
step-scores = Scores: { $scores }.
# Arguments: $name
step-highest = Highest score: { $name }.
# Arguments: $change, $moved
fact-change = { CAPITAL($change) }: { $moved }.
# Arguments: $flows, $more
fact-flows = Keys moved: { $flows }{ $more }.
# Arguments: $r1, $r2, $r3
fact-shares = Shares of the hash space: R1 = { $r1 }, R2 = { $r2 }, R3 = { $r3 }.
# Arguments: $min, $max, $peak
fact-keys = Keys per node: from { $min } to { $max }; the busiest has { $peak } times the mean.
# Arguments: $points, $nodes
fact-points = { $points } points on the ring for { $nodes } nodes.
# Arguments: $list
fact-points-per-node = Points per node: { $list }.
# Arguments: $bytes
fact-memory = The lookup structure holds { $bytes } bytes.
# Arguments: $key, $position, $owner
fact-chord-hash = { QUOTE($key) } hashes to { $position }; its owner is { $owner }.
# Arguments: $start, $path, $hops, $nodes, $log2
fact-chord-lookup = Lookup from { $start }: { $path } ({ $hops } hops; log2 { $nodes } = { $log2 }).
# Arguments: $key, $on, $replicas
fact-stored = { QUOTE($key) } is stored on { $on } (R = { $replicas }).
# Arguments: $on
fact-with-failure = With the failure it is on { $on }.
# Arguments: $name, $held, $total, $owned, $recopied, $lost
fact-fails = { $name } fails: it held a copy of { $held } of { $total } keys and owned { $owned }; their next replicas serve them, { $recopied } keys get a new copy, and { $lost } keys lost every copy.
# Arguments: $passed, $total
fact-passed-on = { $passed } of { $total } keys found their first node full and were passed on clockwise.
# Arguments: $leaver, $moved
fact-slot-drop = Dropping { $leaver } with dropNode: { $moved }.
# Arguments: $slots, $rest, $moved
fact-slot-deal = Dealing { $slots } slots afresh over the other { $rest }: { $moved }.
# Arguments: $name, $nodes
tour-question = { $name } joins { $nodes } nodes. What share of the keys will move?
# Arguments: $guess, $moved, $grade
tour-graded = You guessed { $guess }. In fact, { $moved }. { $grade }
# Arguments: $max, $algo
compare-too-many = compare at most { $max } algorithms: untick one before adding { $algo }
# Arguments: $min, $algo
compare-too-few = compare at least { $min } algorithms: tick another before removing { $algo }
# Arguments: $name
compare-add = add { $name }
# Arguments: $name
compare-remove = remove { $name }
# Arguments: $name
compare-add-button = Add a node ({ $name })
# Arguments: $name
compare-remove-button = Remove the last node ({ $name })
# Arguments: $up, $keys
compare-hint = The lab's { $up } nodes that are up and its { $keys } keys, placed by each algorithm, then given the same change. Edit the nodes and keys in Explore.
# Arguments: $min, $max
compare-algos = Algorithms ({ $min } to { $max })
# Arguments: $algo, $nodes
compare-column = { $algo }: { $nodes } nodes; keys that moved are ringed.
# Arguments: $algo
compare-alike = Keys on the same node as in { $algo }
compare-clients = Clients of one cluster:
# Arguments: $program, $count
compare-client-group = { $program } ({ $count } clients)
# Arguments: $max
compare-clients-hint = Each button ticks the client libraries of one program, the first { $max } in menu order: two clients sharing one cluster place keys by different rules. Each column after the first says how many keys it places on the same node as the first column.
# Arguments: $change
compare-summary = Summary: { $change }
# Arguments: $up, $keys
traffic-hint = The lab's { $up } nodes that are up and its { $keys } keys, each node with a cache in front of one backing store (a database). Requests pick keys by Zipf popularity, and the change comes half-way through. zouyq, in 一致性哈希的个人理解 ("my understanding of consistent hashing", 2018-05-30), tells what hash % n does here: after one more cache server almost every key is looked for on a new server, and the requests fall through to the database. Below, modulo and the lab's algorithm get the same requests and the same change.
# Arguments: $text
traffic-zipf-bad = the Zipf exponent { QUOTE($text) } is not a number from 0 to 1.5 with at most two decimals
# Arguments: $keys
traffic-cache-keys = { $keys } keys
# Arguments: $algo, $before, $after
traffic-chart-label = { $algo }: the hit rate and the store's load over the requests, the change marked half-way; hit rate just before { $before }, just after { $after }.
# Arguments: $algo
traffic-nodes-label = { $algo }: each node's share of the keys and of the requests after the change, with the hottest keys over their nodes.
# Arguments: $before, $after
traffic-figures = hit rate before: { $before }, just after: { $after }
# Arguments: $misses, $requests, $share
traffic-peak = the store's peak: { $misses } of { $requests } requests in one time bucket ({ $share })
# Arguments: $done, $total
traffic-progress = Simulating: { $done } of { $total } requests…
# Arguments: $requests, $keys
traffic-done = { $requests } requests simulated over { $keys } keys.
# Arguments: $rank, $key, $node, $popularity
traffic-hot-key = #{ $rank } { $key } on { $node }: { $popularity } of the requests
# Arguments: $bytes, $max
chord-key-too-long = the key is { $bytes } bytes long: look up a key of at most { $max } bytes
# Arguments: $count
chord-nodes-up = { $count } nodes up.
# Arguments: $name
chord-add = Add { $name }
# Arguments: $nodes, $key, $start, $path
chord-label = Chord ring of { $nodes } nodes. The lookup of { QUOTE($key) } from { $start } goes { $path }.
# Arguments: $hops, $nodes, $log2
chord-hops = { $hops } hops; log2 { $nodes } = { $log2 }
# Arguments: $key, $position, $fraction, $owner, $bound
chord-key-line = { QUOTE($key) } hashes to { $position } ({ $fraction } of the ring); its owner is { $owner }. Within ⌈log2 n⌉ + 1 = { $bound } hops.
# Arguments: $key, $position, $fraction, $owner, $bound
chord-key-line-over = { QUOTE($key) } hashes to { $position } ({ $fraction } of the ring); its owner is { $owner }. More than ⌈log2 n⌉ + 1 = { $bound } hops.
# Arguments: $name
chord-no-hop = { $name } owns the key itself: no hop.
# Arguments: $from, $to, $finger
chord-hop = { $from } → { $to } (finger { $finger }, 2^{ $finger } ahead)
# Arguments: $from, $to, $finger
chord-hop-successor = { $from } → { $to } (finger { $finger }, its successor, which owns the key)
# Arguments: $names
chord-shadowed = Left off the ring (same position as another node): { $names }.
# Arguments: $bits
finger-caption = Finger tables ({ $bits } fingers per node; runs of fingers to the same node merged)
# Arguments: $key
chord-key-mark = key { $key }
# Arguments: $text, $nodes
replicas-not-whole = R { QUOTE($text) } is not a whole number: R is a whole number from 1 to { $nodes }
# Arguments: $bytes, $max
replication-key-too-long = the key is { $bytes } bytes long: type a key of at most { $max } bytes
# Arguments: $nodes
replicas-label = Replicas R (1 to { $nodes })
# Arguments: $algo
not-a-ring = { $algo } has no ring to walk: preference lists are the next nodes clockwise on a ring.
# Arguments: $key, $replicas, $failed
replicas-picture = The ring; the replicas of { QUOTE($key) } are numbered 1 to { $replicas } clockwise from its position{ $failed }.
# Arguments: $name, $held, $total, $owned, $recopied, $lost
replication-fails = { $name } fails: it held a copy of { $held } of { $total } keys and owned { $owned }. Their next replicas serve them; { $recopied } keys get a new copy on the next node clockwise. Keys that lost every copy: { $lost }.
# Arguments: $replicas, $nodes
replication-no-failure = R = { $replicas }: every key is stored on { $replicas } of the { $nodes } nodes. Pick a node that fails to see who takes over.
# Arguments: $on
after-failure = After the failure: { $on }.
# Arguments: $value, $range
list-out-of-range = { $value } is out of range: { $range }
# Arguments: $text, $range
list-not-whole = { QUOTE($text) } is not a whole number: { $range }
# Arguments: $from, $to, $range
list-empty-range = the range { $from }..{ $to } is empty: { $range }
# Arguments: $what, $max
list-runaway = too many { $what }: at most { $max }
# Arguments: $range
list-step-alone = a step belongs to a range such as 10..100/10: { $range }
# Arguments: $range
list-empty = the list is empty: { $range }
# Arguments: $count, $what, $max
list-too-many = { $count } { $what } is too many: at most { $max }
# Arguments: $work, $max
paper-budget = this table would build { $work } points: the page computes at most { $max } — use fewer or smaller node or virtual-node counts (ringlab balance on the command line has no limit)
paper-group-one-point = 1 point per node
paper-group-one-vnode = 1 vnode
# Arguments: $vnodes
paper-group-vnodes = { $vnodes } vnodes
# Arguments: $naming, $max
paper-hint = Nodes 192.168.1.1 … 192.168.1.n{ $naming }. Each cell is one placement built by ring-core; R1 is the largest share of the hash space over the smallest, R2 and R3 the fraction of nodes within 10% and 2% of the mean share. The cells are computed one after another between frames, and a table may build at most { $max } points in all.
# Arguments: $algo, $hash
paper-hash-fixed = { $algo } always uses { $hash }.
# Arguments: $algo
paper-no-vnodes = { $algo } has no virtual nodes: every column group is the same.
# Arguments: $done, $total, $points
paper-computing = Computing: { $done } of { $total } cells ({ $points } points in all)…
# Arguments: $total, $points
paper-done = All { $total } cells computed ({ $points } points in all). The same table on the command line:
# Arguments: $done, $total
which-rows-computed = Rows computed: { $done } of { $total }
paper-progress-label = Cells computed so far
# Arguments: $algo, $hash
paper-caption = R1, R2, R3 of { $algo } ({ $hash })
# Arguments: $nodes
nodes-count = { $nodes } nodes
# Arguments: $up, $total
nodes-title = Nodes ({ $up } up of { $total })
# Arguments: $name
node-weight-of = Weight of { $name }
# Arguments: $name
node-vnodes-of = Virtual nodes of { $name } (empty: the default)
# Arguments: $name
mark-up = Mark up { $name }
# Arguments: $name
mark-down = Mark down { $name }
# Arguments: $name
remove-named = Remove { $name }
# Arguments: $weight, $default, $apply
nodes-hint-vnodes = Weight: { $weight }. Virtual nodes: empty uses the default ({ $default }). { $apply }
# Arguments: $weight, $algo, $apply
nodes-hint-no-vnodes = Weight: { $weight }. { $algo } has no per-node virtual-node count. { $apply }
# Arguments: $algo, $apply
nodes-hint-ignored = { $algo } ignores weights and virtual-node counts. { $apply }
# Arguments: $algo, $hash, $about
hash-fixed = { $algo } always uses { $hash } ({ $about }).
# Arguments: $about, $size
hash-range = { $about }: values 0 to { $size }−1.
# Arguments: $count, $seed
keys-generated = In use: { $count } generated keys, seed { $seed }.
# Arguments: $count
keys-pasted = In use: { $count } pasted keys.
# Arguments: $bytes, $lines
paste-held = Pasted: { $bytes } bytes, { $lines } lines, kept out of the box (a text this long takes the browser seconds to show). Use these keys to place them; typing in the box starts again.
# Arguments: $min, $max
key-count-hint = { $min } to { $max } keys like user:123:abc, the same for the same seed.
# Arguments: $keys
flow-keys = { $keys } keys
# Arguments: $more, $keys
flows-more = and { $more } smaller movements, { $keys } keys
# Arguments: $shown, $total
sample-some = Showing { $shown } of { $total } keys as dots; every count covers all keys.
# Arguments: $shown
sample-all = Showing all { $shown } keys as dots.
# Arguments: $total
loads-caption = Keys per node ({ $total } keys; dashed: the mean, band: ±10%)
# Arguments: $total
loads-caption-by-weight = Keys per node ({ $total } keys; dashed: each node's fair share by weight, band: ±10%)
# Arguments: $algo, $points, $positions, $hash
picture-ring-caption = { $algo }: { $points } points on a ring of { $positions } positions ({ $hash }).
# Arguments: $algo, $count, $hash
picture-buckets = { $algo }: { $count } numbered buckets ({ $hash }).
# Arguments: $algo, $working, $span, $removed, $hash
picture-bucket-set = { $algo }: { $working } working buckets of { $span }; removed, first to last: { $removed } ({ $hash }).
# Arguments: $algo, $entries, $what, $hash
picture-table = { $algo }: a table of { $entries } { $what }, coloured by owner ({ $hash }).
# Arguments: $algo, $key, $hash
picture-scores = { $algo }: each node's score for { QUOTE($key) }; the highest wins ({ $hash }).
# Arguments: $caption, $steps
picture-label = { $caption } Keys are dots coloured by owner. Arrow keys: left and right step through { $steps }, up and down through keys.
# Arguments: $key, $position, $fraction, $owner, $moved
hover-key = Key { QUOTE($key) }: hash { $position } ({ $fraction } round), owner { $owner }{ $moved }.
# Arguments: $replica, $node, $vnode, $position, $fraction, $arc
hover-point = Point { $replica } of { $node }{ $vnode } at { $position } ({ $fraction } round); its arc is { $arc } of the ring.
# Arguments: $from, $to, $arc, $node, $replica, $share
hover-arc = Arc from { $from } to { $to }: { $arc } of the ring, owned by { $node } (point { $replica }). { $node } owns { $share } of the ring in all.
# Arguments: $first, $total, $owner
hover-entry = Entry { $first } of { $total }: owned by { $owner }.
# Arguments: $first, $last, $total, $owner
hover-entries = Entries { $first } to { $last } of { $total }: the first is owned by { $owner }.
# Arguments: $bucket, $node, $keys, $fraction, $share
hover-column = { $bucket }{ $node }: { $keys } keys ({ $fraction }), { $share } of the hash space.
# Arguments: $count
share-keys-note = Your { $count } pasted keys are too many for a link: it only counts them, and opens with generated keys instead.
# Arguments: $name
saved = Saved { $name }.
# Arguments: $name, $why
could-not-save = Could not save { $name }: { $why }.
# Arguments: $step, $nodes, $keys
tour-picture = The picture of step { $step }: { $nodes } nodes, { $keys } keys coloured by owner.
# Arguments: $step
tour-shares = Each node's share of the hash space, step { $step }; dashed: the mean, band: ±10%.
# Arguments: $nodes, $key, $start, $hops, $owner
tour-chord = Chord ring of { $nodes } nodes; the lookup of { QUOTE($key) } from { $start } takes { $hops } hops to { $owner }.
# Arguments: $key
tour-replicas = The replicas of { QUOTE($key) } numbered clockwise from its position; the failed node's points are crossed out.
# Arguments: $step, $count
tour-progress = Step { $step } of { $count }
# Arguments: $bytes, $max
link-too-long = the address is { $bytes } bytes long, more than the { $max } read: it was ignored
# Arguments: $name
link-unknown = unknown parameter { $name }: ignored
# Arguments: $name
link-repeated = { $name } is given more than once: the first is used
# Arguments: $param, $why
link-ignored = { $param }: { $why }: ignored
# Arguments: $size, $min, $max, $param, $noun
link-not-prime = { $param }: { $size } is not a prime, and { $noun } is a prime from { $min } to { $max }: ignored
# Arguments: $count, $keys
link-omitted = the link was made with { $count } pasted keys, which were too many to carry: { $keys } generated keys stand in for them
# Arguments: $why
link-not-built = the cluster it describes could not be built ({ $why }): the first example is shown instead
# Arguments: $name
no-node-named = there is no node named { $name }
# Arguments: $text, $all
not-an-algorithm = { $text } is not an algorithm: use one of { $all }
# Arguments: $text, $all
not-a-hash = { $text } is not a hash: use one of { $all }
# Arguments: $text, $all
not-a-system = { $text } is not a system: use one of { $all }
# Arguments: $text, $all, $param
not-an-option = { $text } is not a value of { $param }: use { $all }
# Arguments: $text, $all
not-a-view = { $text } is not a view: use { $all }
# Arguments: $text
not-a-theme = { $text } is not a theme: use light or dark
# Arguments: $text
not-a-layout = { $text } is not a layout: use embed, embed=ring or embed=chart
# Arguments: $text
not-zero-or-one = { $text } is not 0 or 1
# Arguments: $text, $all
not-a-language = { $text } is not a language: use { $all }
# Arguments: $text, $all
not-a-change = { $text } is not a change: use { $all }
# Arguments: $text, $range
not-whole = { $text } is not a whole number: { $range }
# Arguments: $text, $range
out-of-range = { $text } is out of range: { $range }
# Arguments: $max
more-nodes = more than { $max } nodes
# Arguments: $index, $why
node-problem = node { $index }: { $why }
# Arguments: $name
no-weight = { $name } has no weight (write name:weight)
# Arguments: $flag
bad-flag = { $flag } is not vN, cN or down (each at most once)
# Arguments: $has, $slots
slotmap-length = it has { $has } slots, and the table has { $slots }
# Arguments: $owner
slotmap-owner = slot owner { $owner } is not a node that is up
# Arguments: $text
slot-not-whole = { $text } is not a whole number
# Arguments: $text
slot-too-large = { $text } is too large
# Arguments: $max
slotmap-too-long = it covers more than { $max } slots
# Arguments: $text
bad-escape = { $text } is not a percent escape (% and two hex digits)
# Arguments: $found, $reads
stored-version = it was saved in format { $found }, and this page reads { $reads }
# The try-it task: a weight that gives node $b twice node $a's keys.
# Arguments: $a, $b
task-twice = Find a weight that gives { $b } twice { $a }'s keys, within 2% (more virtual nodes make weights finer).
# The fewest virtual nodes per node that got R1 under 1.2 so far.
# Arguments: $vnodes
task-best = fewest so far: { $vnodes } virtual nodes per node
# Arguments: $count, $max
too-many-nodes = { $count } nodes is too many: at most { $max }
build-no-nodes = the cluster needs at least one node
# Arguments: $index
build-empty-name = node { $index } has an empty name: give it a name
# Arguments: $index, $bytes, $max
build-name-too-long = node { $index }'s name is { $bytes } bytes long: at most { $max }
# Arguments: $name
build-duplicate-name = two nodes are named { QUOTE($name) }: names must be unique
# Arguments: $name, $weight, $max
build-bad-weight = node { QUOTE($name) } has weight { $weight }: a weight is a whole number from 1 to { $max }
# Arguments: $name, $vnodes, $max
build-bad-vnodes = node { QUOTE($name) } has { $vnodes } virtual nodes: allowed are 1 to { $max }
# Arguments: $vnodes, $max
build-bad-vnodes-default = { $vnodes } virtual nodes per node: allowed are 1 to { $max }
# Arguments: $points, $max
build-too-many-points = the ring would hold { $points } points: at most { $max } (fewer nodes or virtual nodes)
# Arguments: $slots, $max
build-bad-slots = { $slots } slots: a slot table has 1 to { $max } slots
# Arguments: $size, $max, $nodes
build-bad-table-size = Maglev table size { $size }: it must be a prime from 2 to { $max }, and at least the node count ({ $nodes })
# Arguments: $epsilon, $max
build-bad-epsilon = epsilon { $epsilon }: it must be a number above 0 and at most { $max }
# Arguments: $replicas, $nodes
build-bad-replicas = replication factor { $replicas }: it must be from 1 to the node count ({ $nodes })
# Arguments: $index
build-no-such-node = there is no node { $index }
# Arguments: $algo, $index, $last
build-removes-only-last = { $algo } numbers its nodes as buckets 0 to n − 1 and only the last one (bucket { $last }) can leave; bucket { $index } cannot
# Arguments: $algo, $capacity, $nodes
build-over-capacity = { $algo } has { $capacity } buckets in all (its capacity), too few for { $nodes } nodes: raise the capacity
# Arguments: $algo, $param, $value, $range
build-bad-param = { $algo } { $param } { $value }: it must be in { $range }
# Arguments: $min, $max
build-ring-sizes = the minimum ring size { $min } is above the maximum { $max }: Envoy refuses that
# Arguments: $bits
build-bad-bits = a ring of 2^{ $bits } positions: the width in bits must be from 1 to 64
# Arguments: $position, $bits, $max
build-position-out-of-range = position { $position } is outside the ring of 2^{ $bits } positions (0 to { $max })
# Arguments: $index
build-repeated-node = node { $index } is given more than once: each node has one position on a Chord ring
# Arguments: $name, $weight, $system
build-system-weight = node { QUOTE($name) } has weight { $weight }: { $system } takes whole weights, in hundreds (100 is its default)
# Arguments: $system, $most, $nodes
build-system-full = { $system } takes at most { $most } nodes, not { $nodes }
# Arguments: $system, $key
build-key-refused = { $system } cannot take the key { QUOTE($key) }
# Arguments: $system, $name
build-system-node-name = { $system } cannot take the node name { QUOTE($name) }
metrics-empty = there are no values to summarize
# Arguments: $index, $value
metrics-bad-value = value { $index } is { $value }: shares and key counts are finite numbers of at least 0
# Arguments: $key, $node, $last
metrics-no-such-node = key { $key } is assigned to node { $node }, but the nodes are 0 to { $last }
# Arguments: $before, $after
metrics-length-mismatch = cannot compare { $before } keys with { $after } keys: both assignments must cover the same keys
# Arguments: $bytes, $max, $keys
paste-too-large = the pasted text is { $bytes } bytes long: paste at most { $max } bytes (1 to { $keys } keys, one per line)
# Arguments: $nodes, $keys, $scores, $max
too-many-scores = rendezvous scores every node for every key: { $nodes } nodes × { $keys } keys is { $scores } scores, at most { $max } (fewer keys or nodes)
# Arguments: $replicas, $max
too-many-replicas = replication factor { $replicas }: it must be from 1 to { $max } here
# Arguments: $moved, $total, $share, $nodes, $ideal
moved-join = { $moved } of { $total } { $total ->
        [one] key
       *[other] keys
    } moved ({ $share }); ideal 1/{ $nodes } = { $ideal }
# Arguments: $moved, $total, $share, $ideal
moved-leave = { $moved } of { $total } { $total ->
        [one] key
       *[other] keys
    } moved ({ $share }); ideal { $ideal } (the leaving node's share)
# Arguments: $moved, $total, $share
moved-none = { $moved } of { $total } { $total ->
        [one] key
       *[other] keys
    } moved ({ $share })
# Arguments: $moved, $total, $share, $ideal
moved-by-weight = { $moved } of { $total } { $total ->
        [one] key
       *[other] keys
    } moved ({ $share }); ideal { $ideal } by the nodes' weights

## Algorithms, by registry id (crates/ring-core/src/registry.rs): the name, .about, and
## .weight, what a node's weight means to it.

algo-virtual = Ring with virtual nodes
    .about = Each node sits at many points (virtual nodes); a key goes to the first point clockwise.
    .weight = percent of the virtual-node count (100 = as set)
algo-single = Ring, one point per node
    .about = Each node sits at one point on the ring; a key goes to the first node clockwise.
    .weight = ignored
algo-multiprobe = Multi-probe (one point per node, k probes)
    .about = One point per node; a key probes k times and takes the node point closest after a probe.
    .weight = ignored
algo-ketama = ketama
    .about = libketama's ring: MD5 of "server-i", 4 points per digest, 160 points per server scaled by weight.
    .weight = server memory: points in proportion
algo-go-zero = go-zero ring
    .about = go-zero's core/hash ring: MurmurHash3, at least 100 replicas per node, weights in percent.
    .weight = percent of the replicas (100 = all)
algo-bounded = Bounded loads (ring with a cap)
    .about = A virtual-node ring where no node takes more than (1 + ε) × the mean load: full nodes pass keys on clockwise.
    .weight = percent of the virtual-node count (100 = as set)
algo-modulo = Modulo (hash mod n)
    .about = A key goes to node hash mod n: adding one node moves almost every key.
    .weight = ignored
algo-jump = Jump consistent hash
    .about = Nodes are numbered buckets 0 to n − 1; only the last bucket can leave.
    .weight = ignored
algo-jumpback = JumpBackHash
    .about = Buckets 0 to n − 1: from the top power-of-two range down, a few draws. Only the last bucket can leave.
    .weight = ignored
algo-fliphash = FlipHash
    .about = Buckets 0 to n − 1: bits flipped within the enclosing power of two. Only the last bucket can leave.
    .weight = ignored
algo-binomial = BinomialHash
    .about = Buckets 0 to n − 1 as a binary tree filled level by level. Only the last bucket can leave.
    .weight = ignored
algo-power = Power consistent hashing
    .about = Buckets 0 to n − 1: the enclosing power of two, else a weighted draw. Only the last bucket can leave.
    .weight = ignored
algo-anchor = AnchorHash
    .about = A fixed set of buckets; a key on a removed one retries among those left then. Any bucket can leave.
    .weight = ignored
algo-dx = DxHash
    .about = A fixed array of buckets; a key probes a random sequence until one works. Any bucket can leave.
    .weight = ignored
algo-memento = MementoHash
    .about = Jump hash plus a table of removed buckets, followed as a chain. Any bucket can leave.
    .weight = ignored
algo-slots = Slot table
    .about = A fixed table of slots dealt to the nodes in turn; a key goes to the owner of slot hash mod slots.
    .weight = ignored
    .entries = slots
algo-maglev = Maglev lookup table
    .about = Each node fills the lookup table by its own permutation; a key goes to the owner of entry hash mod size.
    .weight = relative share
    .entries = entries
algo-rendezvous = Rendezvous (highest random weight)
    .about = Every node scores the key; the highest score wins.
    .weight = relative share

## Real systems, by registry id, as the algorithms.

system-nginx = nginx: hash $key consistent
    .about = Each server gets 160 points per unit of weight, each the CRC-32 of host, NUL, port and the point before; a key goes to the first point at or after its CRC-32. An empty key is refused (nginx uses round robin).
    .weight = nginx's weight= in hundreds (100 = weight=1): 160 points each
system-nginx-hash = nginx: hash $key
    .about = ((CRC-32 of the key >> 16) & 0x7fff) mod the total weight, then the servers in order, each taking as many values as its weight. Adding a server moves almost every key.
    .weight = nginx's weight= in hundreds (100 = weight=1): values of the modulus
    .entries = entries, one per unit of weight
system-haproxy = HAProxy: hash-type consistent
    .about = 16 points per unit of weight, numbered by the server's place in the backend; a key (sdbm, then HAProxy's avalanche) goes to the nearest point, not the next. The ring drawn marks where each point's arc ends, halfway to its neighbours.
    .weight = HAProxy's weight in hundreds (100 = weight 1): 16 points each
system-envoy-ring-hash = Envoy: ring hash
    .about = XXH64 of "address_i" points, scaled so that the lightest host has at least the minimum ring size times its share, up to the maximum ring size; a key goes to the first point at or after its XXH64.
    .weight = load_balancing_weight in hundreds (100 = 1): a share of the ring
system-envoy-maglev = Envoy: Maglev
    .about = Maglev's table of 65,537 entries filled by each host's XXH64 permutation, weighted; a key goes to entry XXH64 mod 65,537.
    .weight = load_balancing_weight in hundreds (100 = 1): a share of the table
    .entries = entries
system-twemproxy = twemproxy: ketama
    .about = ketama over the servers' names: 160 MD5 points per server scaled by weight in 32-bit floats; keys hashed with twemproxy's "fnv1a_64", which is really 32-bit. Keys are memcached keys: no spaces, at most 250 bytes.
    .weight = twemproxy's :weight in hundreds (100 = 1): a share of 160 points per server
system-twemproxy-modula = twemproxy: modula
    .about = The servers, each repeated weight times; a key goes to entry fnv1a_64 mod the total weight. Adding a server moves almost every key.
    .weight = twemproxy's :weight in hundreds (100 = 1): entries of the modulus
    .entries = entries, one per unit of weight
system-redis-cluster = Redis Cluster
    .about = 16,384 slots split among the masters in list order as redis-cli --cluster create splits them (in 32-bit floats); a key's slot is CRC-16 of its hash tag ({ "{" }…{ "}" }) or of the whole key.
    .weight = ignored: the slots are split evenly
    .entries = hash slots
system-cassandra = Cassandra: one token per node
    .about = Murmur3Partitioner: one evenly spaced token per node; a key's token is Cassandra's MurmurHash3 (its tail bytes sign-extended) and it goes to the first token at or after it. An empty key is refused.
    .weight = ignored: one token each
system-cassandra-vnodes = Cassandra: num_tokens 256
    .about = Murmur3Partitioner with 256 random tokens per node (java.util.Random, seed 0), as num_tokens: 256 gives them; a key goes to the first token at or after its own. An empty key is refused.
    .weight = ignored: num_tokens each
system-groupcache = groupcache
    .about = 50 CRC-32 points per node named "i" + name; a key goes to the first point at or after its CRC-32 (of two nodes on one point, the later added wins).
    .weight = ignored
system-stathat = stathat/consistent
    .about = 20 CRC-32 points per node named "i" + name; a key goes to the first point strictly after its CRC-32.
    .weight = ignored
system-guava = Guava: consistentHash
    .about = Guava's jump-style loop over murmur3_128 of the key, with its own linear congruential generator in doubles: node i is bucket i, and only the last can leave.
    .weight = ignored
system-buraksezer = buraksezer/consistent
    .about = 271 partitions dealt over a ring of 20 XXH64 points per member, none taking more than 1.25 × the average; a key goes to its partition, XXH64 mod 271.
    .weight = ignored
    .entries = partitions
system-riak = Riak KV
    .about = 64 partitions claimed in turn by the nodes sorted by name (sequential claim); a key goes to the partition after the SHA-1 of its bucket and key. A key without a / is taken in the bucket "ringlab".
    .weight = ignored: partitions are claimed in turn
    .entries = partitions
system-libketama = libketama
    .about = libketama: MD5 of "server-i", 4 points per digest, 160 points per server scaled by its memory.
    .weight = server memory: points in proportion
system-spymemcached = spymemcached (Java memcached client)
    .about = The Java memcached client's KetamaNodeLocator: MD5 of "server-i", 160 points per server scaled by weight.
    .weight = the client's weight map: points in proportion
system-go-zero = go-zero: core/hash
    .about = go-zero's core/hash ring: MurmurHash3, 100 replicas per node, weights in percent.
    .weight = percent of the replicas (100 is all)
system-pymemcache = pymemcache: HashClient
    .about = Rendezvous: every server scores murmur3_32 of "host:port-" and the key, hashed over each character's low byte rather than UTF-8; the highest wins, and on a tie the greater host:port. A host alone means port 11211. Keys are memcached keys: no whitespace, at most 250 bytes.
    .weight = ignored
system-kafka = Kafka: producer partitioner
    .about = A keyed record goes to partition (murmur2 of the key & 0x7fffffff) mod the partition count, as the Java producer, kafka-python and librdkafka's murmur2 partitioner compute it: node i is partition i. Adding a partition moves almost every key.
    .weight = ignored: partitions are equal
    .entries = partitions
system-librdkafka = librdkafka: consistent_random
    .about = librdkafka's default partitioner: CRC-32 of the key mod the partition count; node i is partition i. An empty key is refused (librdkafka picks a random partition). Not Kafka's Java rule: the two agree on few keys.
    .weight = ignored: partitions are equal
    .entries = partitions
system-hazelcast = Hazelcast: partition of a key
    .about = A string key is serialized (its UTF-8 length as 4 bytes, then the bytes) and hashed with MurmurHash3, seed 0x01000193; its partition is the absolute value mod the partition count (271 in a default cluster), as the Python client computes it. Node i is partition i.
    .weight = ignored: partitions are equal
    .entries = partitions
system-caddy = Caddy: reverse_proxy header policy
    .about = Rendezvous: every upstream scores FNV-1a (32 bits) of the header's value followed by its dial address; the highest wins, the earlier upstream on a tie. An empty header is refused (Caddy picks at random).
    .weight = ignored
system-libmemcached = libmemcached: weighted ketama
    .about = libmemcached with KETAMA_WEIGHTED (PHP's OPT_LIBKETAMA_COMPATIBLE, pylibmc's ketama): MD5 of "host-i" (or "host:port-i" off port 11211), 4 points per digest, 160 points per server scaled by weight in 32-bit floats; a key goes to the first point at or after its MD5. Keys are 1 to 250 bytes.
    .weight = the server's weight in hundreds (100 = 1): a share of 160 points per server
system-libmemcached-consistent = libmemcached: consistent
    .about = libmemcached's DISTRIBUTION_CONSISTENT: 100 one-at-a-time points per server, bytes sign-extended; a key goes to the first point at or after its own one-at-a-time hash. A weight above 1 anywhere switches the points to weighted ketama's MD5 ones, while keys keep one-at-a-time.
    .weight = the server's weight in hundreds (100 = 1): above 100 anywhere, MD5 points in proportion
system-dalli = Dalli (Ruby)
    .about = Dalli's ring: floor(N × 160 × weight ÷ total) points per server, each the first 8 hex digits of SHA-1 of "host:port:i"; a key goes to the last point at or before its CRC-32, and below the first point to the last. Keys over 250 characters are shortened with their MD5; an empty key is refused.
    .weight = Dalli's weight in hundreds (100 = 1): a share of 160 points per server
system-redis-rb = redis-rb: Redis::Distributed
    .about = 160 CRC-32 points per node named "redis://host:port/db:i" (a later node takes a shared point); a key goes to the last point at or before its CRC-32, and below the first point to the last. A tag counts only at the start of the key: { "{" }user1{ "}" }.x hashes user1.
    .weight = ignored
system-predis = predis: HashRing
    .about = predis' client-side sharding: round(weight ÷ total × N × 128) CRC-32 points of "host:port:i" per node; a key (or its { "{" }tag{ "}" }) goes to the point its CRC-32 hits, else the last point below it, and below the first point to the last.
    .weight = the connection's weight in hundreds (100 = 1): a share of 128 points per node
system-predis-ketama = predis: KetamaRing
    .about = predis' ketama: floor(weight ÷ total × N × 40) MD5 digests of "host:port-i", 4 points each; a key (or its { "{" }tag{ "}" }) goes to the first point at or after its MD5.
    .weight = the connection's weight in hundreds (100 = 1): a share of 160 points per node
system-ceph = Ceph: CRUSH straw2
    .about = An object goes to placement group ceph_stable_mod(rjenkins hash of its name, 32 PGs); each PG goes to the OSD with the highest straw2 draw, a hash's logarithm divided by the CRUSH weight. Nodes named osd.<id> keep their id; other names take the lowest free ids in order.
    .weight = CRUSH weight in hundredths (100 = 1.00): each draw is divided by it
    .entries = placement groups, each mapped to an OSD by CRUSH
system-varnish-shard = Varnish: shard director
    .about = 67 points per backend, each the SHA-256 of its ident and the point's number; a key goes to the first point at or after its own SHA-256 and, past the last point, stays there (no wrap). Keys travel in an HTTP header: no control characters, no leading or trailing space.
    .weight = the backend's weight in hundredths (100 = 1, at least 1): 67 points per 1
system-rabbitmq-consistent-hash = RabbitMQ: consistent-hash exchange
    .about = Each queue's binding takes as many buckets as its weight, in binding order; a message goes to the bucket jump hash picks for erlang:phash2 of its routing key, drawing from Erlang's exs1024. Removing a binding renumbers the buckets of the bindings after it.
    .weight = the binding key in hundreds (100 = 1): that many buckets
    .entries = buckets (a binding of weight w holds w)

## Hash functions, by registry id: what each is.

hash-murmur3-64 = MurmurHash3 x64_128, first 64 bits (go-zero)
hash-murmur3-32 = MurmurHash3 x86_32
hash-md5 = MD5, first 4 bytes little-endian (ketama)
hash-fnv1-32 = FNV-1, 32 bits
hash-fnv1a-32 = FNV-1a, 32 bits
hash-fnv1-64 = FNV-1, 64 bits
hash-fnv1a-64 = FNV-1a, 64 bits
hash-java = Java String.hashCode
hash-crc32 = CRC32 as the Java memcached client (15 bits)
hash-java-md5-hex = hashCode of the MD5 hex string (the Java ring of zouyq's 2018 blog post)
hash-siphash-2-4 = SipHash-2-4, key 0 (go-mpchash's node hash)

## Algorithms' parameters, by algorithm and key: the field's label, .noun (as a sentence
## names it) and .option-NAME for each option of a choice.

param-virtual-naming = Virtual-node names
    .noun = the virtual-node naming
    .option-hash = name#i (e.g. cache-a#3)
    .option-dash = name-i (e.g. cache-a-3)
    .option-java-seed = name-hash-i (zouyq's Java ring)
param-multiprobe-probes = Probes per key (k)
    .noun = the probe count
param-multiprobe-s0 = Seed of the first key hash
    .noun = the first seed
param-multiprobe-s1 = Seed of the second key hash
    .noun = the second seed
param-ketama-weighting = Weights as in
    .noun = ketama's weighting
    .option-libketama = libketama (C)
    .option-java = Java memcached client
param-go-zero-replicas = Replicas (raised to 100 if lower)
    .noun = go-zero's replicas
param-bounded-eps = Allowed overload ε
    .noun = ε
param-fliphash-flip-seed = Seed
    .noun = FlipHash's seed
param-anchor-anchor-capacity = Capacity, buckets in all (0: as many as the nodes)
    .noun = AnchorHash's capacity
param-anchor-anchor-seed = Seed (key2)
    .noun = AnchorHash's seed
param-dx-dx-capacity = Capacity, buckets in all (0: as many as the nodes)
    .noun = DxHash's capacity
param-memento-memento-seed = Seed
    .noun = MementoHash's seed
param-slots-slots = Slots
    .noun = the slot count
param-maglev-table = Table size (a prime)
    .noun = Maglev's table size
param-envoy-ring-hash-min-ring = Minimum ring size
    .noun = the minimum ring size
param-envoy-ring-hash-max-ring = Maximum ring size
    .noun = the maximum ring size
param-ceph-pg-num = Placement groups (the pool's pg_num)
    .noun = the pool's pg_num
param-varnish-shard-shard-replicas = Points per unit of weight (reconfigure replicas)
    .noun = the shard director's replicas

## Views, by id.

view-explore = Explore
view-tour = Tour
view-compare = Compare
view-traffic = Traffic
view-chord = Chord
view-replication = Replication
view-paper = Paper
view-which = Which algorithm?
view-quiz = Quiz

## The tour's steps, from 1: the title and .caption.

tour-1 = Hash, then take the remainder
    .caption = In the blog post "一致性哈希的个人理解——从工作中的分表业务开始说起" (2018), zouyq starts from an order table split into 10 tables: hash(user_id) % size picks the table that holds a user's orders, and a cache cluster picks a server with hash(key) % N the same way. Below, 2,000 keys go to 4 caches by MD5 hash mod 4: each column is a cache, each dot a key. The spread is even, and a lookup costs one hash and one division.
tour-2 = Add a server, lose the cache
    .caption = Add a server and the rule becomes hash(key) % (size + 1): zouyq (2018) warns that almost all cached data is then invalid at once, and every miss falls through to the database. The blog post "聊聊一致性哈希" shows it with the numbers 2, 3, 4 and 5: spread over 2 buckets and then over 3, every one of them changes bucket. Here a fifth cache joins; a new node only needs 1/5 of the keys.
tour-3 = The ring and the clockwise rule
    .caption = The notes "一致性哈希算法", Pan Zihao's (潘子浩) comparative study and a 2023 article on go-zero all hash servers and keys onto one circle of 2^32 positions; a key belongs to the first server met going clockwise from it, so each server owns the arc that ends at its point. zouyq's blog post (2018) states the rule the other way round (the largest server hash at or below the key's), but its Java code, TreeMap.tailMap(hash), walks clockwise like the others. The highlighted path is one key's walk.
tour-4 = A server fails
    .caption = zouyq (2018): if node 2 goes down, only node 2's data moves, to node 3, the next node clockwise; no other node is touched. The notes "一致性哈希算法" say the same of a removed server. Here cache-b is marked down: exactly its keys move, all to one node, where modulo moved keys between every pair of nodes.
tour-5 = A server joins
    .caption = Pan Zihao's study: when a node joins, only the keys between its point and the previous point counter-clockwise are remapped, all onto the new node; every other key stays put. The blog post "聊聊一致性哈希" draws the practical lesson: a new machine only has to copy data from the machine after it before it starts serving.
tour-6 = Few points, uneven arcs (R1)
    .caption = With one point per server the arcs are as uneven as random gaps. Pan Zihao's study measures it with R1, the largest share of the ring over the smallest, and R2 and R3, the fraction of nodes within 10% and 2% of the mean share; for 30 nodes it found R1 above 100, a hundredfold difference in load. Here are 10 nodes, 192.168.1.1 to 192.168.1.10, hashed with MD5 as in the paper.
tour-7 = Virtual nodes
    .caption = Every article's remedy is virtual nodes: each server is hashed many times under names such as 192.168.1.100#1 (Pan Zihao) or 10.24.23.227#1 (the notes "一致性哈希算法"), and a key that walks to a virtual node belongs to its server. Pan Zihao reports that 30 virtual nodes per server bring R1 below 2 for 30 servers. The same 10 servers as in the last step, 30 points each.
tour-8 = A hundred virtual nodes
    .caption = Pan Zihao calls 100 virtual nodes per server a common setting, and finds it still not perfectly even: above 30 servers R1 exceeds 1.5 and R2 falls below 0.7, so the busiest node has 1.5 times the share of the least busy and more than 30% of the nodes are over 10% off the mean. Here are 30 servers with 100 points each; the Paper view computes the whole table.
tour-9 = Weights
    .caption = Machines differ, so the article "哈希算法常用的有哪些（一文讲透一致性哈希的原理和实现）" (2023) lets a node join with a weight: its virtual-node count becomes replicas × weight / 100, and more points win more of the ring. Here cache-b's weight goes from 100 to 200, doubling its points; every key that moves, moves onto cache-b.
tour-10 = ketama, as memcached clients do it
    .caption = The articles' ring is what memcached clients have long shipped as ketama (zouyq's 2018 blog post shows the Java client's): MD5 of "server-i", each 16-byte digest cut into four 32-bit points, 40 digests or 160 points per server at equal weights and in proportion to memory otherwise. These are the eight servers and weights of libketama's own test, which gets 1,264 points. A key hashes to the first 4 bytes of its MD5 and walks clockwise.
tour-11 = A fixed table of 1024 slots
    .caption = The notes "一致性哈希算法" fix the ring in advance: 1024 virtual slots, slot i belonging to node_(i % 8), and a key goes to slot (hashCode & 0x7FFFFFFF) % 1024 — one division, no search. Their dropNode deletes a node's slots so that ceilingEntry finds the next remaining slot and only that node's keys move; dealing all 1024 slots afresh for 7 nodes would move most keys, as modulo did.
tour-12 = Chord: the owner in O(log n) hops
    .caption = The blog post "聊聊一致性哈希" notes that walking the ring node by node costs O(k) for k nodes, and points to the jump tables of the 2001 DHTs (CAN, Chord, Tapestry, Pastry): each node records the owners of the points 1, 2, 4, … ahead of it. Chord forwards a query to the farthest finger that does not pass the key, at least halving the distance left, so a lookup takes O(log n) hops. Below, 16 nodes at the MD5 of their names, the start node's fingers, and one lookup's hops.
tour-13 = Replication to successors
    .caption = The blog post "聊聊一致性哈希" suggests each machine also keep a copy of the data of the machine before it, so that one going offline loses nothing. Generalised, a key lives on its owner and the next R − 1 distinct nodes clockwise, its preference list. With R = 3 here, when cache-b fails the next replica, which already holds the data, serves its keys, and one more node clockwise receives a copy.
tour-14 = Jump consistent hash
    .caption = Pan Zihao's study also covers Google's jump consistent hash (Lamping and Veach, 2014): no ring and no table, only a short loop of multiplications that turns a 64-bit key into a bucket from 0 to n − 1. Adding bucket n moves about the ideal 1/(n + 1) of the keys (exactly so on average), all onto the new bucket, and it keeps nothing in memory. The price: buckets are numbered, so only the last one can leave.
tour-15 = Maglev
    .caption = Maglev, Google's load balancer and another of the algorithms in Pan Zihao's study, fills a lookup table of prime size M: each node walks its own permutation of the entries and the nodes take turns claiming free ones, so each holds about M/n entries. A lookup is one hash and one table read. Adding a node moves a little more than the ideal, because a few entries also change hands between old nodes.
tour-16 = Bounded loads
    .caption = Consistent hashing with bounded loads, the last of Pan Zihao's list (Mirrokni, Thorup and Zadimoghaddam), caps every node at ⌈(1 + ε) × mean⌉ keys: a key whose node is full walks on clockwise to the next node with room. With ε = 0.25, no node carries more than 1.25 times the mean, however uneven its arcs.
tour-17 = go-zero's ring
    .caption = The article "哈希算法常用的有哪些（一文讲透一致性哈希的原理和实现）" (2023) reads go-zero's core/hash: MurmurHash3 of the node's name followed by the replica number, 100 replicas by default (fewer are raised to 100), and weights that scale them as replicas × weight / 100 but never above the replica count. A point shared by two nodes keeps both, and a key landing on it is placed by hashing "16777619:" + key. Below, localhost:3 has weight 50 and localhost:4 weight 200 — yet only 100 points.
tour-18 = Any bucket can leave: MementoHash
    .caption = Jump hash can only lose its last bucket. MementoHash (Coluzzi, Brocco, Cassandro and Leidi, 2023) keeps jump hash and adds a table of the buckets removed: a key that lands on a removed bucket is hashed again among the buckets that worked when it was removed, so only that bucket's keys move. Here cache-b goes down: its keys spread over the other three, bucket 1 is crossed out, and no other key moves.
tour-19 = One point each, balanced anyway: multi-probe
    .caption = A ring with one point per node is uneven (step 6). Multi-probe consistent hashing (Appleton and O'Reilly, 2015) keeps one point per node and hashes the key 21 times instead: the key goes to the node whose point lies closest after one of its probes. The busiest node then carries about 1.05 times the mean, for 21 hashes a lookup. The first key's probes are drawn.
tour-20 = Jump without the loop: JumpBackHash
    .caption = Jump hash's loop runs about ln n times. JumpBackHash (Ertl, 2024) answers in constant expected time: it draws the key's bucket in the power-of-two range above n and steps back through smaller ranges until a draw falls below n. Its mapping differs from jump hash, its promises do not: balanced, no memory, and a new last bucket takes keys only onto itself. Here cache-e joins.
tour-21 = Constant time, another way: FlipHash
    .caption = FlipHash (Masson and Lee, 2024) keeps jump hash's promises in constant time: a second hash flips the low bits of the key's hash to place it in a power-of-two range, and a key that lands past the last bucket draws again in that range a few times, then falls back to the range below. It keeps nothing in memory, and only its last bucket can leave. Here cache-e joins, and the first key's ranges are drawn.
tour-22 = Constant time, a third way: BinomialHash
    .caption = BinomialHash (Coluzzi, Brocco, Antonucci and Leidi, 2024) sees the buckets as a binary tree filled level by level: a key takes a random position on its level of the smallest tree that holds every bucket, tries again up to four times while that is past the last bucket, then settles in the tree below. It keeps nothing in memory, and only its last bucket can leave. Here cache-e joins, and the first key's path is drawn.
tour-23 = Constant time, by powers of two: power consistent hashing
    .caption = Power consistent hashing (Leu, 2023) places a key within the power of two that encloses n; a key past the last bucket makes a weighted draw, as jump hash would, over the upper half and, if that falls short, takes its place in the power of two below. It keeps nothing in memory, and only its last bucket can leave. Here cache-e joins, and the first key's ranges are drawn.
tour-24 = Any bucket can leave, with a stack: AnchorHash
    .caption = AnchorHash (Mendelson, Vargaftik, Barabash, Lorenz, Keslassy and Orda, 2021) fixes a capacity of buckets, the anchor, and keeps the removed ones on a stack. A key that lands on a removed bucket is hashed again among the buckets that worked when it was removed, so only that bucket's keys move, and bringing the bucket back takes exactly them back. Here cache-b goes down.
tour-25 = Any bucket can leave, by a sequence: DxHash
    .caption = DxHash (Dong and Wang, 2021) gives each key a pseudo-random sequence of buckets within its capacity and takes the first one that works. Removing a bucket moves only its keys, each to the next working bucket of its own sequence. Here cache-b goes down, and the first key's probes are drawn.

## Pieces of sentences.

quantity-default-vnodes = the default virtual-node count
quantity-pasted-count = the number of pasted keys
quantity-a-weight = a weight
quantity-a-vnode-count = a virtual-node count
quantity-a-colour = a colour
quantity-tour-step = the tour's step
quantity-drawn-keys = the number of keys drawn
quantity-replicas = the replication factor R
quantity-cache-keys = the cache size
quantity-requests = the number of requests
list-kind-node-counts = node counts
list-kind-vnode-counts = virtual-node counts
# Arguments: $max
range-weight = a weight is a whole number from 1 to { $max }
# Arguments: $max
range-vnodes = virtual nodes are a whole number from 1 to { $max }
# Arguments: $min, $max
range-key-count = the key count is a whole number from { $min } to { $max }
# Arguments: $what, $min, $max
range-param = { $what } is a whole number from { $min } to { $max }
# Arguments: $what, $max
range-list = { $what } are whole numbers from 1 to { $max }, such as "10, 20" or "10..100 step 10"
r1-infinite = infinite (a node owns nothing)
past-the-top = , past the top
failed-marks = ; the failed node's points are crossed out and + marks the node that receives a copy
# Arguments: $more
flows-more-tail = { " " }and { $more } more flows
# Arguments: $from
moved-from = { " " }(moved from { $from })
# Arguments: $vnode
virtual-node = { " " }(virtual node { QUOTE($vnode) })
# Arguments: $bucket
bucket = Bucket { $bucket },{ " " }
steps-through-ring = points
steps-through-bins = nodes
paper-naming-virtual = { " " }— virtual node j of node i is named 192.168.1.i#j; 1 vnode is the basic ring, one point at the hash of 192.168.1.i
paper-naming-bounded = { " " }— virtual node j of node i is named 192.168.1.i#j
names-sep = ,{ " " }
items-sep = ,{ " " }
# Arguments: $from, $to, $keys
flow-item = { $from } → { $to } { $keys }
# Arguments: $what, $above, $max
range-real = { $what } is a number above { $above } and at most { $max }
# Arguments: $off
grade-right = Right: { $off } points off.
# Arguments: $off
grade-close = Close: { $off } points off.
# Arguments: $off
grade-off = Off by { $off } points.
