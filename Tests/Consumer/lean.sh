#!/usr/bin/env bash
# Checks that a program depending on the core library without its default `FoundationAPI` trait
# links no full Foundation and no ICU: built in release both dynamically (`ldd` must list no
# libFoundation, libFoundationInternationalization or lib_FoundationICU) and with
# `--static-swift-stdlib` (`nm` must find none of their symbols, and the stripped binary must be
# at most $LIMIT_BYTES larger than the same kind of program without the library).
# With `--with-foundation` the dependency keeps its default traits, and the check must fail: run
# by hand to see that it can. Prints the sizes it measured.
set -euo pipefail
. "$(dirname "$0")/consumer.sh"
LIMIT_BYTES=${LIMIT_BYTES:-3000000}

traits=", traits: []"
[ "${1:-}" = "--with-foundation" ] && traits=", traits: [.defaults]"

mkdir -p "$consumer/Sources/Consumer" "$consumer/Sources/Baseline"
write_manifest "$traits" "
        .executableTarget(name: \"Consumer\", dependencies: [$library]),
        .executableTarget(name: \"Baseline\"),
    "
# The model both programs read and write.
cat >"$consumer/Sources/Consumer/Signup.swift" <<'SOURCE'
import FoundationEssentials

struct Signup: Codable {
    var name: String
    var tags: [String]
    var born: Date
}
SOURCE
cp "$consumer/Sources/Consumer/Signup.swift" "$consumer/Sources/Baseline/Signup.swift"
# A form read and written back: escapes, arrays, a date in a fixed-offset zone, an error.
cat >"$consumer/Sources/Consumer/main.swift" <<'SOURCE'
import FoundationEssentials
import URLEncodedForm

var decoder = URLEncodedFormDecoder()
decoder.dateDecoding = .htmlInput(timeZone: TimeZone(secondsFromGMT: 3600)!)
let signup = try decoder.decode(Signup.self, from: "name=Ada+L%C3%B6&tags[]=a&tags[]=b&born=1815-12-10")
var encoder = URLEncodedFormEncoder(dateEncoding: .iso8601, allowedCharacters: .jQuery)
print(try encoder.encode(signup) as String)
do {
    _ = try decoder.decode(Signup.self, from: "name=x&tags[]=a&born=soon")
} catch {
    print(error)
}
SOURCE
# The same work through FoundationEssentials' JSON coders: what any program on it pays anyway.
cat >"$consumer/Sources/Baseline/main.swift" <<'SOURCE'
import FoundationEssentials

let signup = try JSONDecoder().decode(Signup.self, from: Data(#"{"name":"Ada Lö","tags":["a","b"],"born":0}"#.utf8))
print(String(decoding: try JSONEncoder().encode(signup), as: UTF8.self))
SOURCE

failed=0
fail() {
    echo "FAIL: $*" >&2
    failed=1
}
cd "$consumer"

echo "--> dynamic release build"
swift build -c release --product Consumer 2>&1 | grep -v "mktemp" | tail -1
output=$(.build/release/Consumer)
echo "$output"
[ "$(echo "$output" | head -1)" = "born=1815-12-09T23%3A00%3A00Z&name=Ada%20L%C3%B6&tags%5B%5D=a&tags%5B%5D=b" ] || fail "the consumer printed the wrong form"
echo "$output" | grep -q '"born"' || fail "the consumer's decoding error does not name the field"
if ldd .build/release/Consumer | grep -E 'libFoundation\.so|libFoundationInternationalization|lib_FoundationICU'; then
    fail "the dynamically linked consumer loads full Foundation or ICU (listed above)"
fi

echo "--> static release build (--static-swift-stdlib)"
swift build -c release --static-swift-stdlib 2>&1 | grep -v "mktemp" | tail -1
nm .build/release/Consumer >symbols.txt
foundation=$(grep -c -E '\$s10Foundation|26FoundationInternationalization' symbols.txt || true)
icu=$(grep -c -E ' swift_u[a-z0-9]+_|icudt' symbols.txt || true)
echo "symbols of Foundation or FoundationInternationalization: $foundation; of ICU: $icu"
[ "$foundation" -eq 0 ] || fail "the static consumer holds $foundation symbols of full Foundation"
[ "$icu" -eq 0 ] || fail "the static consumer holds $icu symbols of ICU"
strip -o consumer.stripped .build/release/Consumer
strip -o baseline.stripped .build/release/Baseline
consumer_size=$(stat -c %s .build/release/Consumer)
baseline_size=$(stat -c %s .build/release/Baseline)
consumer_stripped=$(stat -c %s consumer.stripped)
baseline_stripped=$(stat -c %s baseline.stripped)
added=$((consumer_stripped - baseline_stripped))
echo "static sizes in bytes: with the library $consumer_size ($consumer_stripped stripped); without it $baseline_size ($baseline_stripped stripped); the library adds $added stripped"
[ "$added" -le "$LIMIT_BYTES" ] || fail "the library adds $added bytes to a stripped static binary, more than $LIMIT_BYTES"

[ "$failed" -eq 0 ] || exit 1
echo "a consumer without the FoundationAPI trait links neither Foundation nor ICU"
