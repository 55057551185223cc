<?php
// Where Debian's php-predis sends each key.
//
//     php predis.php (hashring | ketama) NODE[=WEIGHT]...   keys on stdin
//     php predis.php --check
//
// A node is host[:port] or [ipv6][:port] (host alone is port 6379); the weight is 1 unless
// written, and always passed. For each key read on stdin (one a line) it prints
// `key<TAB>node`, the node as written, from getConnectionByKey: nothing connects.

foreach (['/usr/share/php/Predis/Autoloader.php', '/usr/share/php/Predis/autoload.php'] as $file) {
    if (is_file($file)) {
        require $file;
        break;
    }
}
if (class_exists('Predis\Autoloader')) {
    Predis\Autoloader::register();
}
if (!class_exists('Predis\Client')) {
    fwrite(STDERR, "predis is not installed\n");
    exit(3);
}
if ($argv[1] === '--check') {
    exit(0);
}

use Predis\Cluster\Distributor\KetamaRing;
use Predis\Cluster\PredisStrategy;
use Predis\Connection\Aggregate\PredisCluster;

$mode = $argv[1];
$parameters = [];
$names = [];
foreach (array_slice($argv, 2) as $node) {
    $parts = explode('=', $node, 2);
    $name = $parts[0];
    $weight = (int) ($parts[1] ?? 1);
    if ($name[0] === '[') {
        $close = strpos($name, ']');
        $host = substr($name, 1, $close - 1);
        $rest = substr($name, $close + 1);
        $port = $rest === '' ? 6379 : (int) substr($rest, 1);
    } elseif (($colon = strrpos($name, ':')) !== false) {
        $host = substr($name, 0, $colon);
        $port = (int) substr($name, $colon + 1);
    } else {
        $host = $name;
        $port = 6379;
    }
    $parameters[] = ['host' => $host, 'port' => $port, 'weight' => $weight];
    $names["$host:$port"] = $name;
}
$cluster = $mode === 'ketama'
    ? new PredisCluster(new PredisStrategy(new KetamaRing()))
    : 'predis';
$client = new Predis\Client($parameters, ['cluster' => $cluster]);
$connections = $client->getConnection();

while (($line = fgets(STDIN)) !== false) {
    $key = rtrim($line, "\n");
    $connection = $connections->getConnectionByKey($key);
    echo $key, "\t", $names[(string) $connection], "\n";
}
