#!/usr/bin/env bash
# End-to-end test of the example: builds and starts the server on 127.0.0.1, posts the form with
# curl, then has a real headless Chromium fill in and submit the page, and checks what the server
# rendered each time. Installs Debian's chromium when it is absent. Stops the server it started.
set -euo pipefail
cd "$(dirname "$0")"

. ../../Tools/Browser/setup.sh

# EXAMPLES_SCRATCH shares one build of SwiftNIO and the frameworks with CI's other steps, and
# EXAMPLES_BUILD_FLAGS the flags they build with, so that each module is compiled once.
scratch=${EXAMPLES_SCRATCH:-.build}

echo "==> building the example"
# shellcheck disable=SC2086 # the flags are words
swift build --scratch-path "$scratch" ${EXAMPLES_BUILD_FLAGS:-}

port=${PORT:-$((20000 + RANDOM % 20000))}
base="http://127.0.0.1:$port"
$scratch/debug/HummingbirdForms --port "$port" >$scratch/server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    curl -sf "$base/" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat $scratch/server.log >&2; echo "the server exited" >&2; exit 1; }
    sleep 0.2
done

failures=0
expect() {  # expect NAME RESULTS DETAIL: passes when every result is "yes"
    case "$2" in
        *no* | "") echo "!! $1: $3" >&2; failures=$((failures + 1)) ;;
        *) echo "   ok: $1" ;;
    esac
}
contains() { case "$1" in *"$2"*) echo yes ;; *) echo no ;; esac; }
post() {  # post BODY → "STATUS BODY"
    curl -s -o $scratch/response.html -w '%{http_code}' -H 'Content-Type: application/x-www-form-urlencoded' --data-binary "$1" "$base/signup"
}

echo "==> curl"
page=$(curl -sf "$base/")
expect "the form names its fields as the model reads them" "$(contains "$page" 'name="tags[]" multiple')" "no tags[] select"

status=$(post 'name=J%C3%BCrgen+M%C3%BCller&email=j%40example.com&age=41&guests=2&address%5Bzip%5D=50667&bio=a+%3Cb%3Ebold%3C%2Fb%3E%0D%0Asecond+line&newsletter=on&contact%5B%5D=email&contact%5B%5D=phone&tags%5B%5D=swift&tags%5B%5D=forms&address%5Bstreet%5D=Hauptstra%C3%9Fe+1&address%5Bcity%5D=K%C3%B6ln')
body=$(cat $scratch/response.html)
expect "a browser-encoded body decodes (200)" "$([ "$status" = 200 ] && echo yes || echo no)" "status $status"
expect "Unicode text reads back" "$(contains "$body" '<td id="name">Jürgen Müller</td>')" "$body"
expect "the multi-select reads as an array" "$(contains "$body" '<td id="tags">swift, forms</td>')" "$body"
expect "checkboxes read as a Bool and an array" "$(contains "$body" '<td id="newsletter">yes</td>')$(contains "$body" '<td id="contact">email, phone</td>')" "$body"
expect "nested fields read as a nested struct" "$(contains "$body" '<td id="city">Köln</td>')" "$body"
expect "decoded text is escaped as HTML" "$(contains "$body" '&lt;b&gt;bold&lt;/b&gt;')" "$body"

status=$(post 'name=Ada&email=ada&age=36&guests=0&bio=&address%5Bstreet%5D=x&address%5Bcity%5D=y&address%5Bzip%5D=1')
expect "invalid values are answered with 422 and the problem" "$([ "$status" = 422 ] && echo yes || echo no)$(contains "$(cat $scratch/response.html)" 'Email must contain @.')" "status $status"

status=$(post 'name=Ada&email=a%40b&bio=&address=x&address%5Bcity%5D=y')
expect "a conflicting key is a 400 with the decoder's message" "$([ "$status" = 400 ] && echo yes || echo no)$(contains "$(cat $scratch/response.html)" 'conflicts')" "status $status: $(cat $scratch/response.html)"

# A hidden field the page does not control, whose name is no key path, does not fail the form.
status=$(post 'name=Ada&email=a%40b.c&age=36&guests=0&bio=&address%5Bstreet%5D=x&address%5Bcity%5D=y&address%5Bzip%5D=1&tracker%5Bid=7')
expect "a malformed name beside the fields is kept aside, and the form decodes (200)" "$([ "$status" = 200 ] && echo yes || echo no)" "status $status: $(cat $scratch/response.html)"

status=$(post 'name=Ada&email=a%40b&age=x&guests=1&bio=&address%5Bstreet%5D=x&address%5Bzip%5D=1')
body=$(cat $scratch/response.html)
expect "fields that cannot be read are a 422: the form again, each message beside its input" "$([ "$status" = 422 ] && echo yes || echo no)$(contains "$body" '2 fields to fix')$(contains "$body" 'id="error-address-city">No value for the key')$(contains "$body" 'id="error-age">Expected Int')" "status $status: $body"

flood=$(seq 1 1001 | sed 's/^/k/; s/$/=1/' | paste -sd'&')
status=$(post "$flood")
expect "a parameter flood is refused by the limit" "$([ "$status" = 400 ] && echo yes || echo no)$(contains "$(cat $scratch/response.html)" '1000')" "status $status: $(cat $scratch/response.html)"

status=$(curl -s -o $scratch/response.html -w '%{http_code}' -H 'Content-Type: text/plain' --data-binary 'name=Ada' "$base/signup")
expect "a body that is not a form is refused with 415" "$([ "$status" = 415 ] && echo yes || echo no)$(contains "$(cat $scratch/response.html)" 'but the request has \"text')" "status $status: $(cat $scratch/response.html)"

echo "==> headless Chromium"
rendered=$(timeout 120 python3 browser.py "$base/")
expected='{"name":"Jürgen Müller","email":"j@example.com","bio":"Line one & more\nLine two = 2 + 2 🌍","newsletter":"yes","contact":"phone","tags":"swift, ünïcödé","street":"Hauptstraße 1","city":"Köln"}'
expect "the page filled in and submitted by Chromium renders the model" "$([ "$rendered" = "$expected" ] && echo yes || echo no)" "got $rendered"

rendered=$(timeout 120 python3 browser.py "$base/" invalid)
expected='{"error-count":"3 fields to fix","error-age":"Expected Int (a whole number) at \"age\", but found the value \"old\".","error-guests":"Expected Int (a whole number) at \"guests\", but found the value \"a few\".","error-address-zip":"Expected Int (a whole number) at \"address[zip]\", but found the value \"SW1A 1AA\"."}'
expect "a form with three bad fields, submitted by Chromium, comes back with all three messages" "$([ "$rendered" = "$expected" ] && echo yes || echo no)" "got $rendered"

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed; server log: $scratch/server.log" >&2
    exit 1
fi
echo "end-to-end test passed"
