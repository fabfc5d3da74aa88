/// The HTML pages, written by hand: a form, and the decoded model rendered back.
enum Pages {
    /// The form; `errors` (by field name as the form spells it) are shown beside their inputs.
    static func form(errors: [String: String] = [:]) -> String {
        func error(_ name: String) -> String {
            guard let message = errors[name] else { return "" }
            let id = "error-" + name.replacingOccurrences(of: "[", with: "-").replacingOccurrences(of: "]", with: "")
            return " <span class=\"error\" id=\"\(id)\">\(escaped(message))</span>"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Sign up</title></head>
            <body>
            <h1>Sign up</h1>\(errors.isEmpty ? "" : "\n<p id=\"error-count\">\(errors.count) field\(errors.count == 1 ? "" : "s") to fix</p>")
            <form method="post" action="/signup" accept-charset="utf-8">
              <p><label>Name <input id="name" name="name"></label>\(error("name"))</p>
              <p><label>Email <input id="email" name="email" type="email"></label>\(error("email"))</p>
              <p><label>Age <input id="age" name="age"></label>\(error("age"))</p>
              <p><label>Guests <input id="guests" name="guests"></label>\(error("guests"))</p>
              <p><label>Bio <textarea id="bio" name="bio"></textarea></label></p>
              <p><label><input id="newsletter" type="checkbox" name="newsletter"> Newsletter</label></p>
              <p>Contact by
                <label><input id="contact-email" type="checkbox" name="contact[]" value="email"> email</label>
                <label><input id="contact-phone" type="checkbox" name="contact[]" value="phone"> phone</label></p>
              <p><label>Tags <select id="tags" name="tags[]" multiple>
                <option>swift</option><option>forms</option><option>server</option><option>ünïcödé</option>
              </select></label></p>
              <p><label>Street <input id="street" name="address[street]"></label></p>
              <p><label>City <input id="city" name="address[city]"></label>\(error("address[city]"))</p>
              <p><label>Postcode <input id="zip" name="address[zip]"></label>\(error("address[zip]"))</p>
              <p><button id="submit" type="submit">Sign up</button></p>
            </form>
            </body></html>
            """
    }

    static func result(_ signup: Signup) -> String {
        let rows: [(String, String)] = [
            ("name", signup.name),
            ("email", signup.email),
            ("bio", signup.bio),
            ("newsletter", signup.newsletter == true ? "yes" : "no"),
            ("contact", signup.contact.joined(separator: ", ")),
            ("tags", signup.tags.joined(separator: ", ")),
            ("street", signup.address.street),
            ("city", signup.address.city),
        ]
        let cells = rows.map { "<tr><th>\($0.0)</th><td id=\"\($0.0)\">\(escaped($0.1))</td></tr>" }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Welcome</title></head>
            <body><h1>Welcome, \(escaped(signup.name))</h1><table>
            \(cells)
            </table></body></html>
            """
    }

    static func problems(_ problems: [String]) -> String {
        let items = problems.map { "<li>\(escaped($0))</li>" }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Please fix</title></head>
            <body><h1>Please fix</h1><ul id="problems">\(items)</ul></body></html>
            """
    }

    /// Text as HTML: the decoded values are the user's input and must not become markup.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
