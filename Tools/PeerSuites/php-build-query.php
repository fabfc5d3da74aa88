<?php
// Records what PHP's `http_build_query` writes for each of the 200 values of
// Tests/Fixtures/qs-6.11-stringify.json (objects as {"$members": [[name, value], …]}, so their
// order survives), as Tests/Fixtures/php-8.2-build-query.json: one `text` a line, in the values'
// order. Facts of PHP's.
//
//   php Tools/PeerSuites/php-build-query.php > Tests/Fixtures/php-8.2-build-query.json
//
// Run with Debian's php-cli (PHP 8.2), which CI installs; CI runs it again and compares.
$fixtures = dirname(__DIR__, 2) . "/Tests/Fixtures";
$cases = json_decode(file_get_contents("$fixtures/qs-6.11-stringify.json"), true)["cases"];

function php_value($value) {
    if (is_array($value) && array_key_exists('$members', $value)) {
        $object = [];
        foreach ($value['$members'] as [$name, $member]) $object[$name] = php_value($member);
        return $object;
    }
    return is_array($value) ? array_map('php_value', $value) : $value;
}

$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
$version = implode(".", array_slice(explode(".", PHP_VERSION), 0, 2));
echo json_encode(["source" => "PHP $version http_build_query (Debian php-cli), Tools/PeerSuites/php-build-query.php"], $flags), "\n";
foreach ($cases as $case) {
    echo json_encode(["text" => http_build_query(php_value($case["value"]))], $flags), "\n";
}
