// Records what the URL Standard's application/x-www-form-urlencoded serializer writes, as facts
// for Tests/Fixtures/whatwg-urlsearchparams.json: seeded lists of (name, value) pairs and the text
// Node's URLSearchParams writes for each, what every browser writes for a form's pairs. Runs
// Node's own URL implementation:
//
//   node Tools/PeerSuites/url-search-params.js > Tests/Fixtures/whatwg-urlsearchparams.json
//
// Texts mix every printable ASCII character, controls, line breaks, Latin-1, characters beyond
// it and beyond U+FFFF (no lone surrogates, which a Swift String cannot hold).
"use strict";
const { seeded } = require("./support");

const fragments = [
    "a", "Z", "0", "key", "Ada Lovelace", " ", "  ", "*", "-", ".", "_", "~", "!", "'", "(", ")", "+", "%", "%41", "&", "=",
    "?", "/", "#", "[", "]", "[]", "a[b]", "@", ":", ";", ",", "$", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\t",
    "\n", "\r\n", "\r", "\u0000", "\u007f", "\u0080", "é", "ü", "ÿ", "€", "日本", "🌍", "👩‍👩‍👧", "\u200e", "\ufeff",
];

function text(random) {
    let result = "";
    for (let i = random.int(0, 4); i > 0; i--) result += random.pick(fragments);
    return result;
}

const random = seeded(4421);
const cases = [];
for (let i = 0; i < 300; i++) {
    const pairs = [];
    for (let j = random.int(1, 4); j > 0; j--) pairs.push([text(random), text(random)]);
    cases.push({ pairs, text: new URLSearchParams(pairs).toString() });
}
// One case a line, so a change shows as a readable diff; every character past ASCII as a \u
// escape, so that no reader drops one (Foundation's JSONSerialization drops a raw U+FEFF).
const ascii = (json) => json.replace(/[\u007f-\uffff]/g, (unit) => "\\u" + unit.charCodeAt(0).toString(16).padStart(4, "0"));
const head = JSON.stringify({ source: "Node's URLSearchParams (the URL Standard's urlencoded serializer), Tools/PeerSuites/url-search-params.js, seed 4421" });
process.stdout.write(head.slice(0, -1) + ',"cases":[\n' + cases.map((c) => ascii(JSON.stringify(c))).join(",\n") + "\n]}\n");
