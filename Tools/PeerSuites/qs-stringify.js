// Records what the real qs writes with qs.stringify, as facts for
// Tests/Fixtures/qs-6.11-stringify.json: seeded values under the option sets the encoder has a
// counterpart for, and the text qs wrote. Runs the qs 6.11 that Debian's node-qs installs:
//
//   NODE_PATH=/usr/share/nodejs node Tools/PeerSuites/qs-stringify.js > Tests/Fixtures/qs-6.11-stringify.json
//
// Objects are written as {"$members": [[name, value], ...]}, so their order survives JSON
// readers that do not keep it. Names need no escaping: with encodeValuesOnly qs writes names as
// they are, which for other names is not a form that reads back.
"use strict";
const qs = require("qs");
const { ordered, seeded } = require("./support");

const optionSets = {
    "escaped-brackets": { arrayFormat: "brackets" },
    "escaped-indices": { arrayFormat: "indices" },
    "literal-brackets": { arrayFormat: "brackets", encodeValuesOnly: true },
    "literal-indices": { arrayFormat: "indices", encodeValuesOnly: true },
    "latin1": { arrayFormat: "brackets", charset: "iso-8859-1" },
    "latin1-sentinel": { arrayFormat: "brackets", charset: "iso-8859-1", charsetSentinel: true },
    "utf8-sentinel": { arrayFormat: "brackets", charsetSentinel: true },
    "strict-null": { arrayFormat: "brackets", strictNullHandling: true },
    "comma": { arrayFormat: "comma", encodeValuesOnly: true },
};

const names = ["a", "b", "user", "tags", "x_y", "name-1", "v.2", "Z"];
const texts = ["x", "", "a b", "ü", "日本", "&=?/#", "1,2", "~-._", "+%", "[]", "Ada Lovelace", "€ ÿ", "🌍", "\u0080@*"];

function makeValue(random, depth) {
    const roll = random.random();
    if (depth >= 3 || roll < 0.45) return random.random() < 0.08 ? null : random.pick(texts);
    if (roll < 0.75) {
        const array = [];
        for (let i = random.int(0, 3); i > 0; i--) array.push(makeValue(random, depth + 1));
        return array;
    }
    return makeObject(random, depth + 1);
}

function makeObject(random, depth) {
    const object = {};
    for (let i = random.int(depth === 0 ? 1 : 0, 3); i > 0; i--) object[random.pick(names)] = makeValue(random, depth);
    return object;
}

// The value without the elements that write nothing (arrays and objects with no text or null
// anywhere inside), which the encoder's arrays give no index, as Alamofire's do.
function writesSomething(value) {
    if (value === null || typeof value !== "object") return true;
    return Object.keys(value).some((key) => writesSomething(value[key]));
}

// The value without the array elements that are arrays or objects, which qs's comma format joins
// as JavaScript's toString writes them ("x,y", "[object Object]") and the encoder's separator
// writes as pairs of their own.
function withoutContainerElements(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.filter((element) => element === null || typeof element !== "object");
    const object = {};
    for (const key of Object.keys(value)) object[key] = withoutContainerElements(value[key]);
    return object;
}

function withoutEmptyElements(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.filter(writesSomething).map(withoutEmptyElements);
    const object = {};
    for (const key of Object.keys(value)) object[key] = withoutEmptyElements(value[key]);
    return object;
}

const random = seeded(2311);
const cases = [];
for (let i = 0; i < 200; i++) {
    const value = makeObject(random, 0);
    const written = {};
    for (const [name, options] of Object.entries(optionSets)) {
        const text = qs.stringify(value, options);
        if (options.arrayFormat === "comma") {
            const pruned = qs.stringify(withoutContainerElements(value), options);
            written[name] = pruned === text ? { text } : { text, withoutContainerElements: pruned };
            continue;
        }
        const pruned = qs.stringify(withoutEmptyElements(value), options);
        written[name] = pruned === text ? { text } : { text, withoutEmptyElements: pruned };
    }
    cases.push({ value: ordered(value), written });
}
// One case a line, so a change in qs shows as a readable diff.
const head = JSON.stringify({ qs: require("qs/package.json").version, optionSets });
process.stdout.write(head.slice(0, -1) + ',"cases":[\n' + cases.map((c) => JSON.stringify(c)).join(",\n") + "\n]}\n");
