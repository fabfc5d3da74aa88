<?php
// Records what PHP's `parse_str` gives for each body of Tests/Fixtures/bracket-bodies.json, as
// Tests/Fixtures/php-8.2-parse-str.json: one case a line, `body` and `value`. Facts of PHP's.
//
//   php Tools/PeerSuites/php-parse-str.php > Tests/Fixtures/php-8.2-parse-str.json
//
// Run with Debian's php-cli (PHP 8.2), which CI installs; CI runs it again and compares.
// PHP writes an array whose keys are 0 to n - 1 in order as a JSON list, and any other as an
// object, so `a[5]=x&a[]=y` is {"5": "x", "6": "y"}.
$fixtures = dirname(__DIR__, 2) . "/Tests/Fixtures";
$bodies = json_decode(file_get_contents("$fixtures/bracket-bodies.json"), true)["bodies"];
$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE;
$version = implode(".", array_slice(explode(".", PHP_VERSION), 0, 2));
echo json_encode(["source" => "PHP $version parse_str (Debian php-cli), Tools/PeerSuites/php-parse-str.php"], $flags), "\n";
$lines = [];
foreach ($bodies as $body) {
    parse_str($body, $value);
    // An empty result is an object: a form is named values.
    $lines[] = json_encode(["body" => $body, "value" => $value === [] ? new stdClass() : $value], $flags);
}
echo implode("\n", $lines), "\n";
