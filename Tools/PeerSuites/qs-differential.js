// The differential against the real qs: seeded bodies in the shapes browsers, jQuery, qs and Rails
// send, and hostile ones, each parsed by qs under one of several option sets; writes what qs gave
// (or the error it threw) as Tests/Fixtures/qs-6.11-differential.json. Facts of qs's, not its code.
//
//   NODE_PATH=/usr/share/nodejs node Tools/PeerSuites/qs-differential.js > Tests/Fixtures/qs-6.11-differential.json
//
// Run with Debian's node-qs (qs 6.11.0), which CI installs; CI runs it again and compares the
// output with the committed file, so the file is what that qs gives.
"use strict";
const qs = require("qs");
const qsVersion = require("qs/package.json").version;
const { jsonable, seeded } = require("./support.js");

const { random, pick, int } = seeded(2026);

// Name and value fragments: plain, spaces as + and %20, escapes in both cases, UTF-8 raw and
// escaped, invalid escapes and invalid UTF-8, and form punctuation escaped.
const nameAlphabet = ["a", "b", "id", "Name", "x", "_", "-", "0", "1", "+", "%20", "%41", "%c3%a9", "%C3%A9", "é", "日本",
    "%26", "%3D", "%25", "%zz", "%", "%4", "%FF", "%C3%28", "%00", "~", "!", "*"];
const valueAlphabet = nameAlphabet.concat(["=", "[", "]", ".", "%5B", "%5d", "%2E", "%2b", "+%2B+", "%0D%0A", "🌍",
    "%F0%9F%8C%8D", "?", "/", ":", "@", ",", "%2C", ";", "%26%239786%3B", "%E9", "%80"]);

// A form sent in ISO-8859-1 has no bytes for characters past U+00FF (a browser sends a numeric
// character reference for them), so its bodies hold none raw.
let latin1 = false;
function text(alphabet, maximum) {
    let result = "";
    for (let i = int(0, maximum); i > 0; i--) {
        let fragment = pick(alphabet);
        while (latin1 && /[^\u0000-\u00ff]/.test(fragment)) fragment = pick(alphabet);
        result += fragment;
    }
    return result;
}
function escapeBracket(character) {
    return pick([character, character, encodeURIComponent(character), encodeURIComponent(character).toLowerCase()]);
}
function name() {
    return text(nameAlphabet, 3) || pick(["a", "b", "c"]);
}
function keyPath(dots) {
    let key = name();
    for (let i = pick([0, 0, 1, 1, 2, 3, 4]); i > 0; i--) {
        const kind = random();
        if (dots && kind < 0.3) key += "." + name();
        else if (kind < 0.55) key += escapeBracket("[") + name() + escapeBracket("]");
        else if (kind < 0.75) key += escapeBracket("[") + escapeBracket("]");
        else key += escapeBracket("[") + pick([0, 0, 1, 2, 3, 10, 999]) + escapeBracket("]");
    }
    return key;
}
function pair(key) {
    const form = random();
    if (form < 0.08) return key;
    if (form < 0.16) return key + "=";
    return key + "=" + text(valueAlphabet, 6);
}
function randomBody(dots) {
    const pairs = [];
    for (let i = int(1, 8); i > 0; i--) pairs.push(pair(keyPath(dots)));
    let body = pairs.join("&");
    if (random() < 0.1) body = "&" + body.replace(/&/g, "&&") + "&";
    return body;
}

// What clients write: values qs itself stringifies under each array format, and jQuery's shapes.
function scalar() {
    return pick(["a", "b c", "", "1", "x&y", "é", "[z]", "1,2", "€"]);
}
function value(depth) {
    const kind = depth > 2 ? 0 : int(0, 2);
    if (kind === 0) return scalar();
    if (kind === 1) {
        const array = [];
        for (let i = int(0, 3); i > 0; i--) array.push(value(depth + 1));
        return array;
    }
    const object = {};
    for (let i = int(1, 3); i > 0; i--) object[pick(["k", "id", "name", "list"])] = value(depth + 1);
    return object;
}
function stringifiedBody() {
    const object = {};
    for (let i = int(1, 3); i > 0; i--) object[pick(["a", "b", "items", "tags"])] = value(1);
    return qs.stringify(object, { arrayFormat: pick(["indices", "brackets", "repeat", "comma"]), encodeValuesOnly: random() < 0.5 });
}
function shapedBody() {
    return pick([
        // separators: empty and escaped elements, rows
        "a=1,,2", "a=,", "a=", "a=x%2Cy,z", "a[]=1,2&a[]=3,4", "a[]=1,2,3&a[]=", "a=1,2&a=3", "pets=Zizek,Foo%2C", "a[b]=1,2,3",
        // jQuery's arrays that mix values and containers, and indices after values
        "a[]=1&a[1][b]=2", "a[0][x]=1&a[]=", "a=b&a[0]=c", "a[0]=b&a=c", "a[]=b&a[0]=c",
        "filter[0][]=int1&filter[0][]=%3D&filter[]=and&filter[2][]=int2",
        // gaps, as a form whose middle row was removed sends them
        "items[0][sku]=a&items[2][sku]=c", "a[1]=b&a[3]=d", "a[2]=x", "a[0][x]=1&a[5][x]=2",
        // bare names
        "a&b=&c", "a[]&a[]=x", "flag&flag=1",
        // numeric character references from legacy pages, and the sentinel
        "t=%26%2326085%3B%26%2326412%3B", "utf8=%26%2310003%3B&t=%E9%26%239786%3B", "utf8=%E2%9C%93&t=%C3%A9", "t=%E9%80%9F",
    ]);
}
function browserBody() {
    const fields = [["name", "Ada+Lovelace"], ["email", "ada%40example.com"], ["bio", "Line+1%0D%0ALine+2+%26+more"],
        ["city", "K%C3%B6ln"], ["tags", "a"], ["tags", "b"], ["agree", "on"], ["note", ""]];
    for (let i = fields.length - 1; i > 0; i--) {
        const j = int(0, i);
        [fields[i], fields[j]] = [fields[j], fields[i]];
    }
    return fields.slice(0, int(1, fields.length)).map(([k, v]) => k + "=" + v).join("&");
}
function railsBody() {
    return pick([
        "user[name]=Ada&user[roles][]=a&user[roles][]=b",
        "order[items][][name]=pen&order[items][][qty]=1&order[items][][name]=ink&order[items][][qty]=2",
        "utf8=%E2%9C%93&authenticity_token=abc%2B%2F%3D&user[email]=a%40b.c",
        "post[tags][]=&post[title]=Hi",
    ]);
}
// Hostile shapes, around limits made small so that the bodies stay short.
function hostileBody(dots) {
    switch (int(0, 7)) {
        case 0: return ["a" + "[b]".repeat(int(1, 5)) + "=1", { depth: int(1, 3) }];
        case 1: return [Array.from({ length: int(4, 7) }, (_, i) => "k" + i + "=v").join("&") + "&".repeat(pick([0, 3])), { parameterLimit: 5 }];
        case 2: return ["a[]=x&".repeat(int(2, 5)).slice(0, -1), { arrayLimit: 3 }];
        case 3: return ["a" + Array.from({ length: int(1, 12) }, () => pick(["[", "]", "[]", "%5B", "%5d"])).join("") + "=1", {}];
        case 4: return ["a=" + "%41+".repeat(int(10, 300)), {}];
        case 5: return [Array.from({ length: int(2, 30) }, (_, i) => i).filter((i) => i % pick([1, 3]) === 0).reverse().map((i) => "a[" + i + "]=x" + i).join("&"), {}];
        case 6: return ["a=1&".repeat(int(2, 50)).slice(0, -1), {}];
        default: return [pick(["&".repeat(50), "=".repeat(50), "&=&=&", "==a==", "a==b"]), {}];
    }
}

const optionSets = [
    {}, {}, {}, { allowDots: true }, { comma: true }, { strictNullHandling: true },
    { charset: "iso-8859-1", interpretNumericEntities: true }, { allowSparse: true }, { charsetSentinel: true },
    { depth: 31, arrayLimit: 1000 },
];

const cases = [];
function record(input, options) {
    const entry = { input, options };
    try {
        entry.expected = jsonable(qs.parse(input, options));
    } catch (error) {
        entry.throws = String(error.message);
    }
    cases.push(entry);
}

for (let i = 0; i < 3000; i++) {
    const options = Object.assign({}, pick(optionSets));
    const dots = options.allowDots === true;
    latin1 = options.charset === "iso-8859-1";
    const maker = random();
    if (maker < 0.35) record(randomBody(dots), options);
    else if (maker < 0.45) {
        const [body, limits] = hostileBody(dots);
        record(body, Object.assign(options, limits));
    } else if (maker < 0.6) record(stringifiedBody(), options);
    else if (maker < 0.8) record(shapedBody(), options);
    else if (maker < 0.9) record(browserBody(), options);
    else record(railsBody(), options);
}

process.stdout.write('{"source": ' + JSON.stringify("qs " + qsVersion + " (Debian node-qs), Tools/PeerSuites/qs-differential.js, seed 2026") + ', "cases": [\n' + cases.map((c) => JSON.stringify(c)).join(",\n") + "\n]}\n");
