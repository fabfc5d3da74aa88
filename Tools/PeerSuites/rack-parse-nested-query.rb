# Records what Rack's `parse_nested_query`, which Rails reads `params` with, gives for each body
# of Tests/Fixtures/bracket-bodies.json, as Tests/Fixtures/rack-2.2-parse-nested-query.json: one
# case a line, `body` and `value`, or `error` (the exception's class) where Rack refuses the form.
# Facts of Rack's.
#
#   ruby Tools/PeerSuites/rack-parse-nested-query.rb > Tests/Fixtures/rack-2.2-parse-nested-query.json
#
# Run with Debian's ruby-rack (Rack 2.2), which CI installs; CI runs it again and compares.
require "json"
require "rack"

fixtures = File.join(File.dirname(__dir__, 2), "Tests", "Fixtures")
bodies = JSON.parse(File.read(File.join(fixtures, "bracket-bodies.json")))["bodies"]
version = Rack.release.split(".").first(2).join(".")
puts JSON.generate({ "source" => "Rack #{version} parse_nested_query (Debian ruby-rack), Tools/PeerSuites/rack-parse-nested-query.rb" })
bodies.each do |body|
  line =
    begin
      { "body" => body, "value" => Rack::Utils.parse_nested_query(body) }
    rescue StandardError => error
      { "body" => body, "error" => error.class.name }
    end
  puts JSON.generate(line)
end
