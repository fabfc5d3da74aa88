# Records what Rack's `build_nested_query` writes for each of the 200 values of
# Tests/Fixtures/qs-6.11-stringify.json (objects as {"$members": [[name, value], …]}, so their
# order survives), as Tests/Fixtures/rack-2.2-build-nested-query.json: one `text` a line, in the
# values' order. Facts of Rack's.
#
#   ruby Tools/PeerSuites/rack-build-nested-query.rb > Tests/Fixtures/rack-2.2-build-nested-query.json
#
# Run with Debian's ruby-rack (Rack 2.2), which CI installs; CI runs it again and compares.
require "json"
require "rack"

fixtures = File.join(File.dirname(__dir__, 2), "Tests", "Fixtures")
cases = JSON.parse(File.read(File.join(fixtures, "qs-6.11-stringify.json")))["cases"]

def ruby_value(value)
  case value
  when Hash then value.fetch("$members").to_h { |name, member| [name, ruby_value(member)] }
  when Array then value.map { |element| ruby_value(element) }
  else value
  end
end

version = Rack.release.split(".").first(2).join(".")
puts JSON.generate({ "source" => "Rack #{version} build_nested_query (Debian ruby-rack), Tools/PeerSuites/rack-build-nested-query.rb" })
cases.each do |test_case|
  puts JSON.generate({ "text" => Rack::Utils.build_nested_query(ruby_value(test_case["value"])) })
end
