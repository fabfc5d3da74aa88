-- wrk script: POSTs the bodies named in the environment (LOAD_BODIES, a list of files separated
-- by commas, each given LOAD_SHARES requests in turn: "9,1" sends the first 9 times in 10) as a
-- form, and prints one line of JSON when done.
local files, shares = {}, {}
for file in string.gmatch(os.getenv("LOAD_BODIES"), "[^,]+") do table.insert(files, file) end
for share in string.gmatch(os.getenv("LOAD_SHARES") or "1", "[^,]+") do table.insert(shares, tonumber(share)) end
local requests = {}
for i, file in ipairs(files) do
  local handle = assert(io.open(file, "rb"))
  local body = handle:read("*a")
  handle:close()
  local request = wrk.format("POST", nil, {["Content-Type"] = "application/x-www-form-urlencoded"}, body)
  for _ = 1, (shares[i] or 1) do table.insert(requests, request) end
end
local counter = 0

request = function()
  counter = counter + 1
  return requests[(counter - 1) % #requests + 1]
end

done = function(summary, latency, _)
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50_ms": %.3f, "p99_ms": %.3f, "non2xx": %d, "timeouts": %d, "socket_errors": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
    summary.errors.status, summary.errors.timeout,
    summary.errors.connect + summary.errors.read + summary.errors.write))
end
